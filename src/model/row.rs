//! A journal row as the logs keep it: the provenance of an event's facts
//! (a roll with its dice and DRMs, an answer, a decision). The same fields
//! as `journal.csv`'s columns, the empty ones left out; rows are numbered
//! when the log is read (each log's rows on their own, DESIGN §3).

use serde::{Deserialize, Serialize};

use crate::model::journal::{JournalRow, Kind};

fn empty(s: &str) -> bool {
    s.is_empty()
}

fn no(b: &bool) -> bool {
    !*b
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct LoggedRow {
    /// When it was written, if not when its event was (an imported row).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time: Option<String>,
    pub cg_day: String,
    pub step: String,
    pub side: String,
    #[serde(default, skip_serializing_if = "no")]
    pub secret: bool,
    #[serde(default)]
    pub kind: Kind,
    pub what: String,
    #[serde(default, skip_serializing_if = "empty")]
    pub dice: String,
    #[serde(default, skip_serializing_if = "empty")]
    pub original: String,
    #[serde(default, skip_serializing_if = "empty")]
    pub drms: String,
    #[serde(default, rename = "final", skip_serializing_if = "empty")]
    pub final_result: String,
    #[serde(default, skip_serializing_if = "empty")]
    pub result: String,
    #[serde(default, skip_serializing_if = "empty")]
    pub rule: String,
    #[serde(default, skip_serializing_if = "empty")]
    pub table: String,
    #[serde(default, skip_serializing_if = "empty")]
    pub column: String,
    #[serde(default, skip_serializing_if = "empty")]
    pub key: String,
    #[serde(default, skip_serializing_if = "empty")]
    pub answer_id: String,
    #[serde(default, skip_serializing_if = "empty")]
    pub answer: String,
    /// The answers file had none and the rules' default was taken.
    #[serde(default, skip_serializing_if = "no")]
    pub defaulted: bool,
    #[serde(default, skip_serializing_if = "empty")]
    pub concerns: String,
    /// A roll's label: what its dice were drawn for (DESIGN §3).
    #[serde(default, skip_serializing_if = "empty")]
    pub label: String,
}

impl LoggedRow {
    /// The row as the journal shows it, numbered `seq`, written at `at`
    /// unless it says otherwise.
    pub fn to_row(&self, seq: u64, at: &str) -> JournalRow {
        JournalRow {
            seq,
            time: self.time.as_deref().unwrap_or(at).into(),
            cg_day: self.cg_day.as_str().into(),
            step: self.step.as_str().into(),
            side: self.side.as_str().into(),
            secret: self.secret,
            what: self.what.as_str().into(),
            dice: self.dice.as_str().into(),
            original: self.original.as_str().into(),
            drms: self.drms.as_str().into(),
            final_result: self.final_result.as_str().into(),
            result: self.result.as_str().into(),
            rule: self.rule.as_str().into(),
            kind: self.kind,
            table: self.table.as_str().into(),
            column: self.column.as_str().into(),
            key: self.key.as_str().into(),
            answer_id: self.answer_id.as_str().into(),
            answer: self.answer.as_str().into(),
            concerns: self.concerns.as_str().into(),
            defaulted: self.defaulted,
            label: self.label.clone(),
        }
    }

    /// The row to log, its time left out when it is the event's own.
    pub fn of(row: &JournalRow, at: &str) -> LoggedRow {
        LoggedRow {
            time: (row.time.as_str() != at).then(|| row.time.to_string()),
            cg_day: row.cg_day.to_string(),
            step: row.step.to_string(),
            side: row.side.to_string(),
            secret: row.secret,
            kind: row.kind,
            what: row.what.to_string(),
            dice: row.dice.to_string(),
            original: row.original.to_string(),
            drms: row.drms.to_string(),
            final_result: row.final_result.to_string(),
            result: row.result.to_string(),
            rule: row.rule.to_string(),
            table: row.table.to_string(),
            column: row.column.to_string(),
            key: row.key.to_string(),
            answer_id: row.answer_id.to_string(),
            answer: row.answer.to_string(),
            defaulted: row.defaulted,
            concerns: row.concerns.to_string(),
            label: row.label.clone(),
        }
    }
}
