//! The two sides, and the four Campaign Games.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    German,
    Russian,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::German, Side::Russian];

    pub fn id(self) -> &'static str {
        match self {
            Side::German => "german",
            Side::Russian => "russian",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Side::German => "German",
            Side::Russian => "Russian",
        }
    }

    pub fn other(self) -> Side {
        match self {
            Side::German => Side::Russian,
            Side::Russian => Side::German,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl FromStr for Side {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "german" | "g" | "de" => Ok(Side::German),
            "russian" | "r" | "ru" => Ok(Side::Russian),
            _ => Err(format!("`{s}` is not a side: use german or russian")),
        }
    }
}

/// One of the four VotG Campaign Games (12.51–12.54).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Cg {
    I,
    II,
    III,
    IV,
}

impl Cg {
    pub const ALL: [Cg; 4] = [Cg::I, Cg::II, Cg::III, Cg::IV];

    pub fn roman(self) -> &'static str {
        match self {
            Cg::I => "I",
            Cg::II => "II",
            Cg::III => "III",
            Cg::IV => "IV",
        }
    }
}

impl fmt::Display for Cg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.roman())
    }
}

impl FromStr for Cg {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_uppercase().trim_start_matches("CG").trim() {
            "I" | "1" => Ok(Cg::I),
            "II" | "2" => Ok(Cg::II),
            "III" | "3" => Ok(Cg::III),
            "IV" | "4" => Ok(Cg::IV),
            _ => Err(format!(
                "`{s}` is not a Campaign Game: use I, II, III or IV"
            )),
        }
    }
}
