//! MMC classes and the Battle Hardening / ELR Replacement ladders (C16).

use serde::{Deserialize, Serialize};

use crate::model::side::Side;
use crate::rules::table::Reading;

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct LadderUnit {
    pub side: Side,
    pub squad: String,
    pub half_squad: String,
    pub class: String,
    #[serde(default)]
    pub nkvd: bool,
    pub up: String,
    pub down: String,
    pub note: Option<String>,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Ladders {
    pub schema: u32,
    pub kind: String,
    pub id: String,
    pub title: String,
    pub rule: String,
    #[serde(default)]
    pub readings: Vec<Reading>,
    pub units: Vec<LadderUnit>,
}

impl Ladders {
    pub fn unit(&self, side: Side, squad: &str, nkvd: bool) -> Option<&LadderUnit> {
        self.units
            .iter()
            .find(|u| u.side == side && u.squad == squad && u.nkvd == nkvd)
    }

    /// Whether `unit` (a squad or a half-squad) is an NKVD type (VotG22):
    /// an NKVD MMC Replaced down its ladder becomes a type that is not, and
    /// is no NKVD unit any more (C16, C42).
    pub fn is_nkvd_type(&self, side: Side, unit: &str) -> bool {
        self.units
            .iter()
            .any(|u| u.side == side && u.nkvd && (u.squad == unit || u.half_squad == unit))
    }

    /// The squad an ELR Replacement (A19.13) turns `squad` into (C16).
    pub fn replaced(&self, side: Side, squad: &str, nkvd: bool) -> Option<&str> {
        self.unit(side, squad, nkvd)
            .map(|u| u.down.as_str())
            .filter(|d| !d.is_empty())
    }

    pub fn validate(&self) -> Result<(), String> {
        for u in &self.units {
            for next in [&u.up, &u.down] {
                if !next.is_empty()
                    && !self
                        .units
                        .iter()
                        .any(|v| v.side == u.side && &v.squad == next && !v.nkvd)
                {
                    return Err(format!(
                        "unit-ladders: {} {} leads to `{next}`, which is not listed",
                        u.side, u.squad
                    ));
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::tables::Tables;

    #[test]
    fn c16_elr_replacement_ladder() {
        let t = Tables::embedded().unwrap();
        let l = &t.ladders;
        assert_eq!(l.replaced(Side::German, "4-6-7", false), Some("4-4-7"));
        assert_eq!(l.replaced(Side::German, "8-3-8", false), Some("4-6-7"));
        assert_eq!(l.replaced(Side::Russian, "4-4-7", false), Some("4-2-6"));
        assert_eq!(l.replaced(Side::Russian, "4-5-8", false), Some("4-4-7"));
        assert_eq!(l.replaced(Side::Russian, "5-2-7", false), Some("4-2-6"));
        assert_eq!(l.replaced(Side::Russian, "6-2-8", false), Some("5-2-7"));
        assert_eq!(
            l.replaced(Side::Russian, "6-2-8", true),
            Some("4-2-6"),
            "NKVD"
        );
        assert_eq!(l.replaced(Side::Russian, "4-2-6", false), None);
    }
}
