//! The audit log (`journal.csv`): one row per roll or decision, append-only.

use serde::{Deserialize, Serialize};

use crate::dice::Roll;
use crate::drm::{self, Drm};
use crate::side::Side;

/// The columns of DESIGN §3.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JournalRow {
    pub seq: u64,
    pub time: String,
    pub cg_day: String,
    pub step: String,
    /// `german`, `russian` or `both`.
    pub side: String,
    pub secret: bool,
    pub what: String,
    pub dice: String,
    pub original: String,
    pub drms: String,
    #[serde(rename = "final")]
    pub final_result: String,
    pub result: String,
    pub rule: String,
}

/// A journal entry before it is numbered and stamped.
#[derive(Debug, Clone, Default)]
pub struct Entry {
    pub step: String,
    pub side: Option<Side>,
    pub secret: bool,
    pub what: String,
    pub dice: String,
    pub original: String,
    pub drms: String,
    pub final_result: String,
    pub result: String,
    pub rule: String,
}

impl Entry {
    /// A decision (no dice).
    pub fn decision(
        step: &str,
        side: Option<Side>,
        secret: bool,
        what: impl Into<String>,
        result: impl Into<String>,
        rule: &str,
    ) -> Self {
        Entry {
            step: step.into(),
            side,
            secret,
            what: what.into(),
            result: result.into(),
            rule: rule.into(),
            ..Entry::default()
        }
    }

    /// A roll with its DRMs.
    #[allow(clippy::too_many_arguments)]
    pub fn roll(
        step: &str,
        side: Option<Side>,
        secret: bool,
        what: impl Into<String>,
        roll: &Roll,
        drms: &[Drm],
        result: impl Into<String>,
        rule: &str,
    ) -> Self {
        Entry {
            step: step.into(),
            side,
            secret,
            what: what.into(),
            dice: roll.faces(),
            original: roll.original().to_string(),
            drms: drm::describe(drms),
            final_result: (roll.original() + drm::total(drms)).to_string(),
            result: result.into(),
            rule: rule.into(),
        }
    }
}

/// The current time as `2026-11-22T01:38:58Z`; `VOTG_NOW` overrides it so
/// tests and replays can produce identical files.
pub fn now() -> String {
    if let Ok(t) = std::env::var("VOTG_NOW") {
        return t;
    }
    humantime::format_rfc3339_seconds(std::time::SystemTime::now()).to_string()
}

impl JournalRow {
    pub fn visible_to(&self, side: Option<Side>, reveal: bool) -> bool {
        reveal || !self.secret || side.is_some_and(|s| s.id() == self.side)
    }
}

/// Appends `entry` to `rows` with the next sequence number.
pub fn append(rows: &mut Vec<JournalRow>, cg_day: &str, entry: Entry) {
    let seq = rows.last().map_or(1, |r| r.seq + 1);
    rows.push(JournalRow {
        seq,
        time: now(),
        cg_day: cg_day.to_string(),
        step: entry.step,
        side: entry
            .side
            .map_or("both".to_string(), |s| s.id().to_string()),
        secret: entry.secret,
        what: entry.what,
        dice: entry.dice,
        original: entry.original,
        drms: entry.drms,
        final_result: entry.final_result,
        result: entry.result,
        rule: entry.rule,
    });
}
