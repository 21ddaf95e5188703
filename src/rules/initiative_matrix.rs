//! The Initiative Matrix (12.6252).

use serde::{Deserialize, Serialize};

pub use crate::model::chit::{Chit, ScenarioType};
use crate::rules::historical_drm::ChartFootnote;

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct MatrixCell {
    pub german: Chit,
    pub russian: Chit,
    pub result: String,
    pub scenario: ScenarioType,
    #[serde(default)]
    pub marks: Vec<String>,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct InitiativeMatrix {
    pub schema: u32,
    pub kind: String,
    pub id: String,
    pub title: String,
    pub rule: String,
    pub cells: Vec<MatrixCell>,
    #[serde(default)]
    pub footnotes: Vec<ChartFootnote>,
}

impl InitiativeMatrix {
    /// Cross-indexes the two revealed chits (12.6252).
    pub fn cell(&self, german: Chit, russian: Chit) -> &MatrixCell {
        self.cells
            .iter()
            .find(|c| c.german == german && c.russian == russian)
            .expect("validated: all four cells present")
    }

    pub fn validate(&self) -> Result<(), String> {
        for g in [Chit::Attack, Chit::Idle] {
            for r in [Chit::Attack, Chit::Idle] {
                let n = self
                    .cells
                    .iter()
                    .filter(|c| c.german == g && c.russian == r)
                    .count();
                if n != 1 {
                    return Err(format!(
                        "initiative-matrix: German {g:?} / Russian {r:?} must have exactly one cell, found {n}"
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
    fn rule_12_6252_initiative_matrix() {
        let t = Tables::embedded().unwrap();
        let m = &t.initiative_matrix;
        assert_eq!(
            m.cell(Chit::Attack, Chit::Attack).scenario,
            ScenarioType::DualAttack
        );
        assert_eq!(
            m.cell(Chit::Attack, Chit::Idle).scenario,
            ScenarioType::GermanAssault
        );
        assert_eq!(
            m.cell(Chit::Idle, Chit::Attack).scenario,
            ScenarioType::RussianAssault
        );
        assert_eq!(
            m.cell(Chit::Idle, Chit::Idle).scenario,
            ScenarioType::IdleDay
        );
    }
}
