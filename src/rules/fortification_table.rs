//! The Fortification Purchase Table (12.623).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::model::side::Side;
use crate::rules::historical_drm::ChartFootnote;
use crate::rules::table::Reading;

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct FortificationItem {
    pub keyword: String,
    pub name: String,
    pub cost_text: String,
    pub cost: Option<u32>,
    #[serde(default)]
    pub cost_by: BTreeMap<String, u32>,
    pub german: Option<u32>,
    pub russian: Option<u32>,
    pub formula: Option<String>,
    pub per: String,
    #[serde(default)]
    pub front_line: bool,
    #[serde(default)]
    pub isolated: bool,
    #[serde(default)]
    pub russian_only: bool,
    #[serde(default)]
    pub marks: Vec<String>,
}

impl FortificationItem {
    /// `F I R` flags as printed.
    pub fn flags(&self) -> String {
        let mut s = String::new();
        if self.front_line {
            s.push('F');
        }
        if self.isolated {
            s.push('I');
        }
        if self.russian_only {
            s.push('R');
        }
        s
    }

    /// The side's FPP cost for one `per` where the cost is fixed.
    pub fn side_cost(&self, side: Side) -> Option<u32> {
        match side {
            Side::German => self.german.or(self.cost),
            Side::Russian => self.russian.or(self.cost),
        }
    }
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct FortificationTable {
    pub schema: u32,
    pub kind: String,
    pub id: String,
    pub title: String,
    pub rule: String,
    pub mine_cap_per_day: u32,
    pub hip_percent: u32,
    pub items: Vec<FortificationItem>,
    #[serde(default)]
    pub footnotes: Vec<ChartFootnote>,
    #[serde(default)]
    pub readings: Vec<Reading>,
}

impl FortificationTable {
    pub fn item(&self, keyword: &str) -> Option<&FortificationItem> {
        self.items.iter().find(|i| i.keyword == keyword)
    }

    pub fn validate(&self) -> Result<(), String> {
        for item in &self.items {
            let ways = [
                item.cost.is_some(),
                !item.cost_by.is_empty(),
                item.german.is_some() && item.russian.is_some(),
                item.formula.is_some(),
            ];
            if ways.iter().filter(|&&w| w).count() != 1 {
                return Err(format!(
                    "fortification-purchase item `{}`: give exactly one of cost, cost_by, german+russian, formula",
                    item.keyword
                ));
            }
        }
        Ok(())
    }
}
