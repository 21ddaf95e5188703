//! What a step's history entry says about the step.

use crate::side::Side;

/// What a step's history entry says about it, so `votg undo` can take back
/// one side's step without telling the other side what it was.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Snapshot {
    /// Whose step; `None` for a public step of both sides.
    pub side: Option<Side>,
    /// Whether its label would tell the other side something secret.
    pub secret: bool,
    pub label: String,
}

impl Snapshot {
    /// A step the other side must not learn about.
    pub fn secret(side: Side, label: impl Into<String>) -> Snapshot {
        Snapshot {
            side: Some(side),
            secret: true,
            label: label.into(),
        }
    }

    /// A step of both sides, seen by both.
    pub fn public(label: impl Into<String>) -> Snapshot {
        Snapshot {
            side: None,
            secret: false,
            label: label.into(),
        }
    }
}
