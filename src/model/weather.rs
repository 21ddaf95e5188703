//! The weather of a CG Day (12.620, 12.6261; CG3): the Weather and EC
//! tables' results and the Wind at scenario start, as `campaign.toml` and
//! the CG definitions write them.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A result of the VotG Weather Table (12.620), by its key in weather.toml.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Weather {
    FogMist,
    Overcast,
    Clear,
    ClearGusty,
}

impl Weather {
    /// The key of weather.toml, as `campaign.toml` keeps it.
    pub fn id(self) -> &'static str {
        match self {
            Weather::FogMist => "fog-mist",
            Weather::Overcast => "overcast",
            Weather::Clear => "clear",
            Weather::ClearGusty => "clear-gusty",
        }
    }
}

impl fmt::Display for Weather {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// A result of the VotG EC Table (12.620), by its key in ec.toml.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Ec {
    Wet,
    Moist,
    Moderate,
    Dry,
}

impl Ec {
    /// The key of ec.toml, as `campaign.toml` keeps it.
    pub fn id(self) -> &'static str {
        match self {
            Ec::Wet => "wet",
            Ec::Moist => "moist",
            Ec::Moderate => "moderate",
            Ec::Dry => "dry",
        }
    }
}

impl fmt::Display for Ec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// Wind Force (B25.63).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WindForce {
    NoWind,
    MildBreeze,
    HeavyWinds,
}

impl WindForce {
    const ALL: [WindForce; 3] = [
        WindForce::NoWind,
        WindForce::MildBreeze,
        WindForce::HeavyWinds,
    ];

    /// As the SSRs print it ("with no wind at start", I-1).
    fn words(self) -> &'static str {
        match self {
            WindForce::NoWind => "No wind",
            WindForce::MildBreeze => "Mild Breeze",
            WindForce::HeavyWinds => "Heavy Winds",
        }
    }
}

/// A compass direction the wind blows from (B25.64), as the SSRs print it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    N,
    NE,
    E,
    SE,
    S,
    SW,
    W,
    NW,
}

impl Direction {
    const ALL: [Direction; 8] = [
        Direction::N,
        Direction::NE,
        Direction::E,
        Direction::SE,
        Direction::S,
        Direction::SW,
        Direction::W,
        Direction::NW,
    ];
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}

/// The Wind at scenario start (12.6261; an Initial Scenario's SSR, e.g.
/// II-1 "a Mild Breeze from the SW at start"). Written "No wind at start",
/// "Mild Breeze from the SW at start".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Wind {
    pub force: WindForce,
    /// Where it blows from; none without wind.
    pub from: Option<Direction>,
}

impl fmt::Display for Wind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.force.words())?;
        if let Some(d) = self.from {
            write!(f, " from the {d}")?;
        }
        f.write_str(" at start")
    }
}

impl FromStr for Wind {
    type Err = String;

    fn from_str(text: &str) -> Result<Wind, String> {
        let bad = || {
            format!(
                "`{text}` is not a Wind: write `No wind at start`, or `Mild Breeze` / `Heavy Winds` with `from the <N|NE|E|SE|S|SW|W|NW>` (B25.63-.64)"
            )
        };
        let lower = text.trim().to_ascii_lowercase();
        let lower = lower.strip_suffix(" at start").unwrap_or(&lower);
        let (force, rest) = WindForce::ALL
            .into_iter()
            .find_map(|w| {
                let words = w.words().to_ascii_lowercase();
                lower.strip_prefix(words.as_str()).map(|rest| (w, rest))
            })
            .ok_or_else(bad)?;
        let rest = rest.trim();
        let from = if rest.is_empty() {
            None
        } else {
            let dir = rest.strip_prefix("from the ").ok_or_else(bad)?;
            let d = Direction::ALL
                .into_iter()
                .find(|d| d.to_string().eq_ignore_ascii_case(dir.trim()))
                .ok_or_else(bad)?;
            Some(d)
        };
        Ok(Wind { force, from })
    }
}

impl Serialize for Wind {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Wind {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Wind, D::Error> {
        String::deserialize(d)?
            .parse()
            .map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_12_620_weather_and_ec_keep_their_table_keys() {
        let w: Weather = toml::Value::String("clear-gusty".into())
            .try_into()
            .unwrap();
        assert_eq!(w, Weather::ClearGusty);
        assert_eq!(Weather::FogMist.to_string(), "fog-mist");
        let ec: Ec = toml::Value::String("moderate".into()).try_into().unwrap();
        assert_eq!((ec, Ec::Dry.id()), (Ec::Moderate, "dry"));
        let bad: Result<Weather, _> = toml::Value::String("sunny".into()).try_into();
        assert!(bad.is_err());
    }

    #[test]
    fn ssr_wind_reads_and_writes_as_printed() {
        for text in ["No wind at start", "Mild Breeze from the SW at start"] {
            let w: Wind = text.parse().unwrap();
            assert_eq!(w.to_string(), text);
        }
        let w: Wind = "heavy winds from the ne".parse().unwrap();
        assert_eq!(
            w,
            Wind {
                force: WindForce::HeavyWinds,
                from: Some(Direction::NE)
            }
        );
        assert!("Gale".parse::<Wind>().unwrap_err().contains("B25.63"));
        assert!("Mild Breeze from the XX".parse::<Wind>().is_err());
    }
}
