//! `german/dice.toml`, `russian/dice.toml`: one side's dice key (DESIGN
//! §3). The key predicts every secret roll of that side, so it lives only in
//! that side's folder and is never printed.

use serde::{Deserialize, Serialize};

use crate::model::seed::Seed;

/// More faces than any campaign of schema 2 drew; a larger `used` is damage.
const MAX_USED: u64 = 1 << 48;
use crate::model::side::Side;

/// The `schema` of a side's dice file.
pub const SCHEMA: u32 = 1;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideDice {
    pub schema: u32,
    pub side: Side,
    /// The ChaCha key of this side's stream, 64 hex digits.
    pub seed: Seed,
    /// How far a stream had gone, in campaigns of schema 2 (dice are now
    /// drawn per label: read, never written).
    #[serde(default, skip_serializing)]
    pub used: u64,
}

impl SideDice {
    pub fn new(side: Side, seed: Seed) -> SideDice {
        SideDice {
            schema: SCHEMA,
            side,
            seed,
            used: 0,
        }
    }

    pub fn file_name(side: Side) -> String {
        format!("{side}/dice.toml")
    }

    /// The comment the file starts with, so whoever opens it knows.
    pub fn header(side: Side) -> String {
        format!(
            "# The {} side's dice. Keep this file from the {} player: its seed predicts\n# every secret {} roll. Back it up with the campaign: it is the only copy.\n",
            side.name(),
            side.other().name(),
            side.name()
        )
    }

    pub fn validate(&self, side: Side) -> Result<(), (String, String, String)> {
        if self.side != side {
            return Err((
                "side".into(),
                self.side.to_string(),
                format!("this is the {side} dice file"),
            ));
        }
        check_used("used", self.used)
    }
}

/// A stream position past [`MAX_USED`] is damage, not a long campaign (it
/// once made votg replay faces for ever).
pub fn check_used(field: &str, used: u64) -> Result<(), (String, String, String)> {
    if used > MAX_USED {
        return Err((
            field.into(),
            used.to_string(),
            format!(
                "the number of die faces drawn so far: at most {MAX_USED} (a campaign draws a few thousand)"
            ),
        ));
    }
    Ok(())
}
