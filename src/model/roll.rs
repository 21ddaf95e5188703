//! The dice of one roll as thrown, and how players write die faces.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::error::Error;

/// One die (`dr`) or two dice (`DR`), as the rules print it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum DiceKind {
    #[serde(rename = "dr")]
    OneDie,
    #[serde(rename = "DR")]
    TwoDice,
}

impl DiceKind {
    pub fn count(self) -> usize {
        match self {
            DiceKind::OneDie => 1,
            DiceKind::TwoDice => 2,
        }
    }
}

impl fmt::Display for DiceKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DiceKind::OneDie => "dr",
            DiceKind::TwoDice => "DR",
        })
    }
}

/// The faces thrown for one roll. The Original result is their sum, before
/// any DRM (footnotes such as "an Original 2" read this).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Roll {
    pub dice: Vec<u8>,
}

impl Roll {
    pub fn new(dice: Vec<u8>) -> Self {
        Roll { dice }
    }

    pub fn original(&self) -> i32 {
        self.dice.iter().map(|&d| i32::from(d)).sum()
    }

    /// `3,4` as typed by players and as stored in the journal.
    pub fn faces(&self) -> String {
        self.dice
            .iter()
            .map(u8::to_string)
            .collect::<Vec<_>>()
            .join(",")
    }
}

/// Parses die faces separated by commas and/or white space, each 1–6; in a
/// dice file, `#` starts a comment that runs to the end of the line.
pub fn parse_faces(text: &str, origin: &str) -> Result<Vec<u8>, Error> {
    let text: String = text
        .lines()
        .map(|l| l.split('#').next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n");
    text.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|t| !t.is_empty())
        .map(|t| match t.parse::<u8>() {
            Ok(d @ 1..=6) => Ok(d),
            _ => Err(Error::BadDie {
                origin: origin.to_string(),
                face: t.to_string(),
            }),
        })
        .collect()
}

/// The faces typed for one throw that takes one of `counts` dice: as
/// [`parse_faces`] reads them (`3 4`, `3,4`), or run together (`34`) when
/// that makes a count asked for. A wrong count is left to the caller, which
/// knows what the throw is for.
pub fn parse_throw(text: &str, origin: &str, counts: &[usize]) -> Result<Vec<u8>, Error> {
    let parsed = parse_faces(text, origin);
    if parsed.as_ref().is_ok_and(|f| counts.contains(&f.len())) {
        return parsed;
    }
    let together: Option<Vec<u8>> = text
        .chars()
        .filter(|c| !c.is_whitespace() && *c != ',')
        .map(|c| match c.to_digit(10) {
            Some(d @ 1..=6) => Some(d as u8),
            _ => None,
        })
        .collect();
    match together {
        Some(faces) if counts.contains(&faces.len()) => Ok(faces),
        _ => parsed,
    }
}
