//! The Infantry Company/Platoon SW Charts (12.6222).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::model::side::Side;
use crate::rules::historical_drm::ChartFootnote;
use crate::rules::table::Reading;

/// The SW columns of the charts and of the RG Purchase Record, in order.
pub const SW_KINDS: &[&str] = &["hmg", "mmg", "lmg", "atr", "lt_mtr", "ft", "dc"];

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct SwChoice {
    pub mark: String,
    pub low: String,
    pub low_range: crate::rules::range::Range,
    pub high: String,
    pub high_range: crate::rules::range::Range,
}

impl SwChoice {
    /// The SW a dr gives (notes † and ‡).
    pub fn pick(&self, dr: i32) -> &str {
        if self.low_range.contains(dr) {
            &self.low
        } else {
            &self.high
        }
    }
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct SwRow {
    pub rg: String,
    pub name: String,
    #[serde(default)]
    pub sw: BTreeMap<String, u32>,
    #[serde(default)]
    pub reinforced_extra: BTreeMap<String, u32>,
    pub choice: Option<SwChoice>,
}

impl SwRow {
    /// The chart cell for one SW kind, as printed: `1`, `2@`, `1†`.
    pub fn cell(&self, kind: &str) -> String {
        let n = self.sw.get(kind).copied().unwrap_or(0);
        let mut s = if n > 0 { n.to_string() } else { String::new() };
        if self.reinforced_extra.contains_key(kind) {
            s.push('@');
        }
        if let Some(c) = &self.choice
            && (c.low == kind || c.high == kind)
        {
            s = format!("{}1{} (or)", if s.is_empty() { "" } else { "+" }, c.mark);
        }
        s
    }
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct DepletedDrm {
    pub strength: String,
    pub drm: String,
    pub value: i32,
    pub reason: String,
    pub rule: String,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct SwChart {
    pub schema: u32,
    pub kind: String,
    pub id: String,
    pub title: String,
    pub rule: String,
    pub side: Side,
    #[serde(default)]
    pub depleted_drms: Vec<DepletedDrm>,
    pub rows: Vec<SwRow>,
    #[serde(default)]
    pub footnotes: Vec<ChartFootnote>,
    #[serde(default)]
    pub readings: Vec<Reading>,
}

impl SwChart {
    pub fn row(&self, rg: &str) -> Option<&SwRow> {
        self.rows.iter().find(|r| r.rg.eq_ignore_ascii_case(rg))
    }

    pub fn validate(&self) -> Result<(), String> {
        for row in &self.rows {
            let kinds = row
                .sw
                .keys()
                .chain(row.reinforced_extra.keys())
                .map(String::as_str)
                .chain(
                    row.choice
                        .iter()
                        .flat_map(|c| [c.low.as_str(), c.high.as_str()]),
                );
            for k in kinds {
                if !SW_KINDS.contains(&k) {
                    return Err(format!(
                        "{} row `{}`: `{k}` is not a SW kind ({})",
                        self.id,
                        row.rg,
                        SW_KINDS.join(", ")
                    ));
                }
            }
            if let Some(c) = &row.choice {
                for n in 1..=6 {
                    if c.low_range.contains(n) == c.high_range.contains(n) {
                        return Err(format!(
                            "{} row `{}`: the choice dr {n} must pick exactly one SW",
                            self.id, row.rg
                        ));
                    }
                }
            }
        }
        Ok(())
    }
}
