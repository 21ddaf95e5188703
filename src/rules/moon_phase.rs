//! The historical Moon Phase of each CG date (12.6254: the CG Roster's Moon
//! column, read by E1.11 in a Night scenario). The rules' transcription has
//! no such listing: `tables/moon-phase.toml` is computed (see its comments
//! and its reading).

use serde::{Deserialize, Serialize};

use crate::rules::table::Reading;

/// The Moon Phases of the E1.11 NVR Table.
pub const PHASES: &[&str] = &["Full", "Half", "No Moon"];

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct MoonDay {
    pub date: u8,
    /// One of [`PHASES`].
    pub phase: String,
    /// Percent of the disc lit that night.
    pub lit: u8,
    /// The astronomical phase ("waxing crescent"), for the reader.
    pub sky: String,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct MoonPhaseChart {
    pub schema: u32,
    pub kind: String,
    pub id: String,
    pub title: String,
    pub rule: String,
    #[serde(default)]
    pub readings: Vec<Reading>,
    pub days: Vec<MoonDay>,
}

impl MoonPhaseChart {
    /// The Moon Phase listed for a September date, if the chart has it.
    pub fn phase(&self, date: u8) -> Option<&MoonDay> {
        self.days.iter().find(|d| d.date == date)
    }

    pub fn validate(&self) -> Result<(), String> {
        if self.days.is_empty() {
            return Err("moon-phase: no [[days]]".into());
        }
        for pair in self.days.windows(2) {
            if pair[1].date != pair[0].date + 1 {
                return Err(format!(
                    "moon-phase: the days must run one by one; {} follows {}",
                    pair[1].date, pair[0].date
                ));
            }
        }
        for d in &self.days {
            if !PHASES.contains(&d.phase.as_str()) {
                return Err(format!(
                    "moon-phase: {} Sep has phase `{}`; expected one of {} (E1.11)",
                    d.date,
                    d.phase,
                    PHASES.join(", ")
                ));
            }
            if d.lit > 100 {
                return Err(format!(
                    "moon-phase: {} Sep is {} % lit; at most 100",
                    d.date, d.lit
                ));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::tables::Tables;

    /// The Moon's age in days at `days` after 2000-01-06 18:14 UT (a New
    /// Moon), by the mean synodic month: an independent, rougher check of
    /// the table's computed values.
    fn mean_lit(days_from_epoch: f64) -> f64 {
        const SYNODIC: f64 = 29.530_588_853;
        let age = days_from_epoch.rem_euclid(SYNODIC);
        (1.0 - (std::f64::consts::TAU * age / SYNODIC).cos()) / 2.0 * 100.0
    }

    #[test]
    fn rule_12_6254_moon_phase_of_september_1942() {
        let t = Tables::embedded().unwrap();
        let m = &t.moon_phase;
        // Every CG date, 14 to 27 Sep.
        assert_eq!(m.days.first().map(|d| d.date), Some(14));
        assert_eq!(m.days.last().map(|d| d.date), Some(27));
        // New Moon 10 Sep 1942: 14 Sep is still dark; First Quarter about
        // 17-18 Sep is Half; Full Moon on the night of 24/25 Sep.
        assert_eq!(m.phase(14).unwrap().phase, "No Moon");
        for date in 15..=19 {
            assert_eq!(m.phase(date).unwrap().phase, "Half", "{date} Sep");
        }
        for date in 20..=27 {
            assert_eq!(m.phase(date).unwrap().phase, "Full", "{date} Sep");
        }
        let brightest = m.days.iter().max_by_key(|d| d.lit).unwrap().date;
        assert!((24..=25).contains(&brightest), "{brightest}");
        // Waxing to the Full Moon, then waning.
        for pair in m.days.windows(2) {
            let (a, b) = (&pair[0], &pair[1]);
            if b.date <= 24 {
                assert!(b.lit > a.lit, "{} Sep", b.date);
            } else {
                assert!(b.lit < a.lit, "{} Sep", b.date);
            }
        }
        // Each lit value within 8 points of the mean-month estimate (the
        // Moon's true phase leads or lags the mean by up to ~14 hours).
        // 12 Sep 1942 21:00 UT is 20934.8847 days before the epoch.
        for d in &m.days {
            let days = -20_934.884_7 + f64::from(d.date) - 12.0;
            let mean = mean_lit(days);
            assert!(
                (mean - f64::from(d.lit)).abs() <= 8.0,
                "{} Sep: table {} %, mean month {mean:.1} %",
                d.date,
                d.lit
            );
        }
    }
}
