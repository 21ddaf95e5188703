//! A CG Day: a September 1942 date, and whether the scenario is the Night
//! scenario of that date (14 Sep has both, 12.6215 and C13).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct CgDay {
    pub date: u8,
    pub night: bool,
}

impl CgDay {
    pub fn new(date: u8, night: bool) -> Self {
        CgDay { date, night }
    }

    /// "14 Sep", "14 Sep (night)".
    pub fn long(&self) -> String {
        if self.night {
            format!("{} Sep (night)", self.date)
        } else {
            format!("{} Sep", self.date)
        }
    }
}

impl Default for CgDay {
    fn default() -> Self {
        CgDay::new(14, false)
    }
}

/// The RG Purchase Record's form (12.6218): `14/9`, with ` N` for a Night scenario.
impl fmt::Display for CgDay {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/9{}", self.date, if self.night { " N" } else { "" })
    }
}

impl FromStr for CgDay {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        let (body, night) = match t.strip_suffix('N') {
            Some(b) => (b.trim(), true),
            None => (t, false),
        };
        let date = body
            .strip_suffix("/9")
            .and_then(|d| d.trim().parse::<u8>().ok())
            .filter(|d| (1..=30).contains(d))
            .ok_or_else(|| format!("`{s}` is not a CG Day (expected e.g. `15/9` or `14/9 N`)"))?;
        Ok(CgDay { date, night })
    }
}

impl Serialize for CgDay {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_string())
    }
}

impl<'de> Deserialize<'de> for CgDay {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        String::deserialize(d)?
            .parse()
            .map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_12_6218_cg_day_form() {
        assert_eq!(CgDay::new(14, false).to_string(), "14/9");
        assert_eq!(CgDay::new(14, true).to_string(), "14/9 N");
        assert_eq!("15/9".parse::<CgDay>().unwrap(), CgDay::new(15, false));
        assert_eq!("14/9 N".parse::<CgDay>().unwrap(), CgDay::new(14, true));
        assert!("14".parse::<CgDay>().is_err());
        assert!("40/9".parse::<CgDay>().is_err());
        assert!(CgDay::new(14, false) < CgDay::new(14, true));
        assert!(CgDay::new(14, true) < CgDay::new(15, false));
    }
}
