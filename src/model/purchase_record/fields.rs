//! How the typed columns of the RG Purchase Record look in its CSV: plain
//! words a player can read and edit by hand, blank for "none".

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serializer};

/// A yes/no fact: `yes`, or blank for no.
pub mod flag {
    use super::*;

    pub fn serialize<S: Serializer>(value: &bool, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(if *value { "yes" } else { "" })
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<bool, D::Error> {
        let text = String::deserialize(d)?;
        match text.trim().to_ascii_lowercase().as_str() {
            "" | "no" | "false" => Ok(false),
            "yes" | "true" => Ok(true),
            other => Err(D::Error::custom(format!(
                "`{other}` is not a yes/no fact: write `yes`, or leave it blank for no"
            ))),
        }
    }
}

/// A count that is blank when zero.
pub mod count {
    use super::*;

    pub fn serialize<S: Serializer>(value: &u32, s: S) -> Result<S::Ok, S::Error> {
        if *value == 0 {
            s.serialize_str("")
        } else {
            s.serialize_u32(*value)
        }
    }

    /// A count as the CSV writes it (text), or as a number (the logs' JSON).
    #[derive(serde::Deserialize)]
    #[serde(untagged)]
    enum Given {
        Number(u32),
        Text(String),
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
        let text = match Given::deserialize(d)? {
            Given::Number(n) => return Ok(n),
            Given::Text(t) => t,
        };
        let text = text.trim();
        if text.is_empty() {
            return Ok(0);
        }
        text.parse().map_err(|_| {
            D::Error::custom(format!(
                "`{text}` is not a count: write a whole number, or leave it blank for none"
            ))
        })
    }
}

/// A list of hexes, separated by spaces (hex ids never hold one).
pub mod hexes {
    use super::*;

    pub fn serialize<S: Serializer>(value: &[String], s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&value.join(" "))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
        let text = String::deserialize(d)?;
        Ok(text.split_whitespace().map(str::to_string).collect())
    }
}
