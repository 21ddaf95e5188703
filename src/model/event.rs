//! The events of a campaign's logs (DESIGN §3): one JSON object a line.
//! The public log (`log.jsonl`) holds what both sides may read; each side's
//! private log (`<side>/log.jsonl`) its secret part of the same events, tied
//! to the public event by its number (`for`). A step counts once its public
//! event is written; the private part is written first.

use serde::{Deserialize, Serialize};

use super::exchange::{Epoch, Exchange, TwoStep};
use super::facts::Fact;
use super::row::LoggedRow;
use crate::model::side::{Cg, Side};

/// The schema of the logs this votg writes.
pub const LOG_SCHEMA: u32 = 3;

/// A public event, numbered from 1 in the public log.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Public {
    pub n: u64,
    pub at: String,
    #[serde(flatten)]
    pub kind: PublicKind,
}

/// Which step of the Refit Phase an event records, as the runner performs
/// it: a side's own step, a step both sides do together, the record of a
/// scenario played (12.604), or purchases made with `votg buy`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "by", rename_all = "kebab-case")]
pub enum StepRef {
    Own {
        side: Side,
        step: String,
    },
    Joint {
        step: String,
    },
    Record {
        scenario: u32,
    },
    /// `votg buy`: the purchases are the side's secret answer `buy` (a log
    /// of before the chain named them here, in clear).
    Buy {
        side: Side,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        purchases: Vec<String>,
    },
    /// Two machines: `side`'s half of the joint step `step` that the other
    /// side performed first, as public event `of` (its own part of it).
    Half {
        side: Side,
        step: String,
        of: u64,
    },
}

impl StepRef {
    /// The side that performs it; `None` for a public step.
    pub fn side(&self) -> Option<Side> {
        match self {
            StepRef::Own { side, .. } | StepRef::Buy { side, .. } | StepRef::Half { side, .. } => {
                Some(*side)
            }
            StepRef::Joint { .. } | StepRef::Record { .. } => None,
        }
    }

    /// "German 12.621", "12.626", "scenario 3 recorded", for messages.
    pub fn label(&self) -> String {
        match self {
            StepRef::Own { side, step } => format!("{} {step}", side.name()),
            StepRef::Joint { step } => format!("{step} (public)"),
            StepRef::Record { scenario } => format!("scenario {scenario} recorded (public)"),
            StepRef::Buy { side, purchases } if purchases.is_empty() => {
                format!("{} 12.621 (votg buy)", side.name())
            }
            StepRef::Buy { side, purchases } => {
                format!("{} 12.621 buy {}", side.name(), purchases.join(", "))
            }
            StepRef::Half { side, step, .. } => format!("{} half of {step}", side.name()),
        }
    }
}

/// Where a step's dice came from, so `verify` can draw them again (the
/// campaign's own keys, or a `--seed N`) or take them as recorded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DiceUsed {
    Campaign,
    Seed(u64),
    File,
    Manual,
    /// Two machines (DESIGN §9): a side's own rolls from its seed and the
    /// opponent's nonce, the joint steps' from both sides' public nonces.
    Exchanged,
}

/// Each side's commitment to its private part of an event: a salted
/// SHA-256 of that part (§9), so the public log says a side had one
/// without saying what, or how much.
pub type Commitments = std::collections::BTreeMap<Side, String>;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum PublicKind {
    /// `votg new`: the campaign's start, its public part whole.
    Created {
        schema: u32,
        votg: String,
        cg: Cg,
        /// `--seed N`: a test campaign whose dice anyone knowing N predicts.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        test_seed: Option<u64>,
        facts: Vec<Fact>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        rows: Vec<LoggedRow>,
        #[serde(default)]
        commit: Commitments,
        /// Played on two machines (DESIGN §9): each folder holds one side.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        two_machines: bool,
    },
    /// A campaign of an older votg taken in from its files (its truth then).
    Imported {
        from_schema: u32,
        votg: String,
        facts: Vec<Fact>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        rows: Vec<LoggedRow>,
        #[serde(default)]
        commit: Commitments,
    },
    /// One step of the Refit Phase done.
    Step {
        step: StepRef,
        dice: DiceUsed,
        votg: String,
        /// The digest of the tables the rules were read from.
        tables: String,
        /// Answered at a terminal (one question at a time), not from a file.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        typed: bool,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        facts: Vec<Fact>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        rows: Vec<LoggedRow>,
        #[serde(default, skip_serializing_if = "Commitments::is_empty")]
        commit: Commitments,
        /// Two machines: who performed it, and the public nonces it rolled with.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        two: Option<TwoStep>,
    },
    /// Step `target` taken back.
    Undone { target: u64 },
    /// Step `target`, taken back, restored as it was.
    Redone { target: u64 },
    /// Views edited by hand, recorded with the player's reason (in a row
    /// of its own: the side's secret row for one side's views): one side's
    /// (and `campaign.toml`), or both sides' at one keyboard (`None`).
    Adjusted {
        side: Option<Side>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        facts: Vec<Fact>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        rows: Vec<LoggedRow>,
        #[serde(default, skip_serializing_if = "Commitments::is_empty")]
        commit: Commitments,
    },
    /// Two machines (DESIGN §9): seats, turns, pledges, nonces, the reveal.
    Exchange(Exchange),
}

impl PublicKind {
    /// Each side's commitment to its private part of this event.
    pub fn commitments(&self) -> Option<&Commitments> {
        match self {
            PublicKind::Created { commit, .. }
            | PublicKind::Imported { commit, .. }
            | PublicKind::Step { commit, .. }
            | PublicKind::Adjusted { commit, .. } => Some(commit),
            PublicKind::Exchange(Exchange::Pledge { commit, .. }) => Some(commit),
            _ => None,
        }
    }

    /// The public answers `side` gave in this step (e.g. the Russian's
    /// night option in the joint step he performed, 12.6254): on two
    /// machines, given again to the other side's run of its half.
    /// Two machines: the answers `by`, performing a joint step as the turn
    /// holder, gave to questions of the other side's (carried as his own
    /// rows, `answers_carried_by`); given again to the other side's half at
    /// a terminal, committed by this event.
    pub fn carried_answers(&self, by: Side) -> Vec<(String, toml::Value)> {
        let other = format!("{}.", by.other().id());
        self.answers_by(by)
            .into_iter()
            .filter(|(id, _)| id.starts_with(&other))
            .collect()
    }

    pub fn answers_by(&self, side: Side) -> Vec<(String, toml::Value)> {
        let PublicKind::Step { step, rows, .. } = self else {
            return Vec::new();
        };
        // The scenario record is confirmed from the other side's own
        // answers (CG I's F36 Control, which decides the victor, included).
        if let StepRef::Record { .. } = step {
            return Vec::new();
        }
        rows.iter()
            .filter(|r| r.kind == crate::model::journal::Kind::Answer && r.side == side.id())
            .filter_map(|r| {
                let row = r.to_row(0, "");
                Some((row.answer_id.clone(), row.answer_value()?))
            })
            .collect()
    }
}

/// A side's private event.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum Private {
    /// The side's part of public event `for` (its facts and secret rows).
    Part {
        #[serde(rename = "for")]
        of: u64,
        salt: String,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        facts: Vec<Fact>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        rows: Vec<LoggedRow>,
        /// For each row, how many of the event's public rows were written
        /// before it (the journal's order, kept only here).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        after: Vec<usize>,
        /// Two machines: which nonce each of the step's rolls was drawn with.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        epochs: Vec<Epoch>,
        /// Two machines: the latest public event that committed an answer
        /// of the step (a pledge, or this event itself).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        answered_at: Option<u64>,
    },
    /// Two machines: the answers a step was given so far, committed before
    /// the nonce its next rolls use (a `pledge` event `for`).
    Pledged {
        #[serde(rename = "for")]
        of: u64,
        salt: String,
        answers: Vec<(String, toml::Value)>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        epochs: Vec<Epoch>,
        /// A standing pledge: the side's answers file (its own tables, as
        /// TOML), binding every question of the RePh `context` it answers.
        #[serde(default, skip_serializing_if = "String::is_empty")]
        standing: String,
        #[serde(default, skip_serializing_if = "String::is_empty")]
        context: String,
    },
    /// Answers typed in a step not yet done (DESIGN §6): never facts, never
    /// cut; the next `refit` offers to resume the step with them.
    Draft {
        at: String,
        /// The public event count when the draft was typed.
        after: u64,
        /// The step it was typed in, as `StepRef::label` names it.
        step: String,
        id: String,
        value: toml::Value,
    },
    /// The drafts before this line were set aside.
    DraftsAbandoned { at: String, after: u64 },
}

impl Private {
    /// The public event this line is part of, if any.
    pub fn of(&self) -> Option<u64> {
        match self {
            Private::Part { of, .. } | Private::Pledged { of, .. } => Some(*of),
            _ => None,
        }
    }
}
