//! The Initiative chits (12.625) and the scenario types the Initiative
//! Matrix (12.6252) gives.

use std::fmt;

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Chit {
    Attack,
    Idle,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ScenarioType {
    DualAttack,
    GermanAssault,
    RussianAssault,
    IdleDay,
}

impl Chit {
    /// As the answers file and `campaign.toml` write it.
    pub fn id(self) -> &'static str {
        match self {
            Chit::Attack => "attack",
            Chit::Idle => "idle",
        }
    }
}

impl fmt::Display for Chit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl ScenarioType {
    /// As `campaign.toml` and the CG definitions write it.
    pub fn id(self) -> &'static str {
        match self {
            ScenarioType::DualAttack => "dual-attack",
            ScenarioType::GermanAssault => "german-assault",
            ScenarioType::RussianAssault => "russian-assault",
            ScenarioType::IdleDay => "idle-day",
        }
    }
}

impl fmt::Display for ScenarioType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}
