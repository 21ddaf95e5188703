//! What the players report of the map after a scenario (12.606–12.607,
//! C37): SMC left outside their Perimeter, each Isolated Area with the
//! counters of both sides in it, and the Escape stacks with the facts their
//! DRMs follow from (C31). Read from the answers file's `[isolation]` table
//! or asked at the terminal.

use serde::{Deserialize, Serialize};

use crate::model::side::Side;

/// The `[isolation]` table of an answers file.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct IsolationAnswers {
    /// SMC still outside their own side's Perimeter Area (12.6069).
    #[serde(default)]
    pub outside: Vec<String>,
    #[serde(default)]
    pub area: Vec<AreaAnswer>,
    #[serde(default)]
    pub escape: Vec<StackAnswer>,
    /// Two machines: the side's own Known wire, minefields, Entrenchments
    /// and Roadblocks (or revealed at 12.6083) in non-Isolated Locations the
    /// enemy Controls, which he may roll to remove at 12.617 (at one
    /// keyboard votg holds both forces, and this is not asked).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fortifications: Vec<String>,
}

/// One Isolated Area (12.6061, 12.6066–.6067).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AreaAnswer {
    pub name: String,
    /// A Pocket (12.6066), for 12.6072's exception.
    #[serde(default)]
    pub pocket: bool,
    /// For a Pocket: the side that Controls every Controlled Location
    /// ADJACENT to it, if one side does (12.6072).
    #[serde(default)]
    pub adjacent_control: Option<Side>,
    #[serde(default)]
    pub german: Vec<String>,
    #[serde(default)]
    pub russian: Vec<String>,
    /// The counters of the Area that are TI (12.602, CG12.12): they may not
    /// Escape, nor must they (12.6071, 12.6073).
    #[serde(default)]
    pub ti: Vec<String>,
    /// Reported at the terminal, which asks whether it is a Pocket only if
    /// that can matter: if it ends type A or B (12.6072).
    #[serde(skip)]
    pub ask_pocket: bool,
}

impl AreaAnswer {
    pub fn ids(&self, side: Side) -> &[String] {
        match side {
            Side::German => &self.german,
            Side::Russian => &self.russian,
        }
    }
}

/// One Escape stack (12.6073), formed by its owner; the facts its DRMs
/// follow from (C31).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StackAnswer {
    pub area: String,
    /// The stack's units and the SW they portage (one side's).
    pub counters: Vec<String>,
    /// Optional: the Encircled +2 follows the units recorded Encircled
    /// (12.6073, READINGS.md C48); if given, it must agree with them.
    #[serde(default)]
    pub encircled: Option<bool>,
    /// ≤ 2 hexes from a friendly-Controlled, non-Isolated hex.
    #[serde(default)]
    pub within_2: bool,
    /// ADJACENT to a friendly-Controlled, non-Isolated hex (C31: it is also
    /// within 2, so both DRMs apply).
    #[serde(default)]
    pub adjacent: bool,
    /// PP carried beyond IPC by the unit with most excess.
    #[serde(default)]
    pub excess_pp: u32,
    /// The Heat of Battle outcome (A15, not in the module) if the Original
    /// DR is 2: "hero-creation", "battle-hardening" or "other".
    #[serde(default)]
    pub heat_of_battle: Option<String>,
}

pub const HEAT_OF_BATTLE: &[&str] = &["hero-creation", "battle-hardening", "other"];
