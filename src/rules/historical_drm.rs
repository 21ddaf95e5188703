//! The Historical DRM Chart (12.6182).

use serde::{Deserialize, Serialize};

use crate::model::side::Side;

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct HistoricalDay {
    pub date: u8,
    pub german: i32,
    pub russian: i32,
    pub russian_night: Option<i32>,
    #[serde(default)]
    pub marks: Vec<String>,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct ChartFootnote {
    pub mark: String,
    pub text: String,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct HistoricalDrmChart {
    pub schema: u32,
    pub kind: String,
    pub id: String,
    pub title: String,
    pub rule: String,
    pub days: Vec<HistoricalDay>,
    #[serde(default)]
    pub footnotes: Vec<ChartFootnote>,
}

impl HistoricalDrmChart {
    /// The side's Historical DRM for a September date (12.6182); on 14 Sep the
    /// Russian has −2 in a Night scenario and 0 by day.
    pub fn drm(&self, side: Side, date: u8, night: bool) -> Option<i32> {
        let day = self.days.iter().find(|d| d.date == date)?;
        Some(match side {
            Side::German => day.german,
            Side::Russian if night => day.russian_night.unwrap_or(day.russian),
            Side::Russian => day.russian,
        })
    }

    pub fn validate(&self) -> Result<(), String> {
        for pair in self.days.windows(2) {
            if pair[1].date != pair[0].date + 1 {
                return Err(format!(
                    "historical-drm: the days must run one by one; {} follows {}",
                    pair[1].date, pair[0].date
                ));
            }
        }
        if self.days.is_empty() {
            return Err("historical-drm: no [[days]]".into());
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::tables::Tables;

    #[test]
    fn rule_12_6182_historical_drm_every_day() {
        let t = Tables::embedded().unwrap();
        let h = &t.historical_drm;
        let german = [0, -1, -2, -1, 0, 0, -1, -2, -2, -1, -1, 0, 1, 1];
        let russian = [0, -1, -1, -1, 0, 0, 1, 1, 0, -1, -1, 0, 1, 1];
        for (i, date) in (14..=27).enumerate() {
            assert_eq!(
                h.drm(Side::German, date, false),
                Some(german[i]),
                "German {date} Sep"
            );
            assert_eq!(
                h.drm(Side::German, date, true),
                Some(german[i]),
                "German night {date} Sep"
            );
            assert_eq!(
                h.drm(Side::Russian, date, false),
                Some(russian[i]),
                "Russian {date} Sep"
            );
        }
        assert_eq!(
            h.drm(Side::Russian, 14, true),
            Some(-2),
            "Russian night of 14 Sep"
        );
        assert_eq!(h.drm(Side::Russian, 15, true), Some(-1));
        assert_eq!(h.drm(Side::German, 13, false), None);
        assert_eq!(h.drm(Side::German, 28, false), None);
    }
}
