//! The audit log (`journal.csv`): one row per roll, answer or decision,
//! append-only. Every row keeps its facts in columns a program can read back
//! (table, column, dice, each DRM, result key, answer value), so each step can
//! be re-run from the journal alone.

use serde::{Deserialize, Serialize};

use crate::model::drm::{self, Drm};
use crate::model::drm_text::{drms_text, parse_drms};
use crate::model::roll::Roll;
use crate::model::side::Side;

/// The columns of DESIGN §3, then those that make a row re-runnable.
pub const COLUMNS: &[&str] = &[
    "seq",
    "time",
    "cg_day",
    "step",
    "side",
    "secret",
    "what",
    "dice",
    "original",
    "drms",
    "final",
    "result",
    "rule",
    "kind",
    "table",
    "column",
    "key",
    "answer_id",
    "answer",
    "concerns",
];

/// The journal of schema 1 (DESIGN §3's thirteen columns). It still loads;
/// its rows get their `kind` from whether they have dice.
pub const OLD_COLUMNS: &[&str] = &[
    "seq", "time", "cg_day", "step", "side", "secret", "what", "dice", "original", "drms", "final",
    "result", "rule",
];

/// What a row records.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// Dice thrown: on a table (`table`, `column`, `key`) or a plain dr/DR.
    Roll,
    /// An answer a step received (`answer_id`, `answer`): typed, read from an
    /// answers file, or the default taken.
    Answer,
    /// What a step decided from its rolls and answers.
    #[default]
    Decision,
}

impl Kind {
    pub const ALL: [Kind; 3] = [Kind::Roll, Kind::Answer, Kind::Decision];

    /// As the journal's `kind` column holds it (serde's lowercase name).
    pub fn written(self) -> &'static [u8] {
        match self {
            Kind::Roll => b"roll",
            Kind::Answer => b"answer",
            Kind::Decision => b"decision",
        }
    }
}

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
    /// Die faces, `3,4`.
    pub dice: String,
    pub original: String,
    /// Each DRM, in the form of [`drms_text`].
    pub drms: String,
    #[serde(rename = "final")]
    pub final_result: String,
    pub result: String,
    pub rule: String,
    #[serde(default)]
    pub kind: Kind,
    /// The table id rolled on (empty for a plain dr/DR).
    #[serde(default)]
    pub table: String,
    /// The table column rolled on.
    #[serde(default)]
    pub column: String,
    /// The result key of the row the roll fell in, where the table gives one.
    #[serde(default)]
    pub key: String,
    /// The prompt id answered, `german.buy`.
    #[serde(default)]
    pub answer_id: String,
    /// The answer, as a TOML value (`["I1", "I2 reserve"]`, `1`, `"attack"`).
    #[serde(default)]
    pub answer: String,
    /// Purchase-record rows (`row:3`) and counters (`G-17`) the row is about,
    /// separated by spaces.
    #[serde(default)]
    pub concerns: String,
    /// An answer row whose answer the rules' default gave (the answers file
    /// had none). Kept in the logs, not in the CSV (whose `result` says so).
    #[serde(skip)]
    pub defaulted: bool,
    /// A roll's label (DESIGN §3: what its dice were drawn for), kept in
    /// the logs so `votg verify` finds each roll's dice again.
    #[serde(skip)]
    pub label: String,
}

/// A journal entry before it is numbered and stamped.
#[derive(Debug, Clone, Default)]
pub struct Entry {
    pub step: String,
    pub side: Option<Side>,
    pub secret: bool,
    pub what: String,
    pub kind: Kind,
    pub dice: String,
    pub original: String,
    pub drms: String,
    pub final_result: String,
    pub result: String,
    pub rule: String,
    pub table: String,
    pub column: String,
    pub key: String,
    pub answer_id: String,
    pub answer: String,
    pub concerns: Vec<String>,
    pub defaulted: bool,
    pub label: String,
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

    /// A roll with its DRMs. For a table look-up, add [`Entry::on_table`].
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
            kind: Kind::Roll,
            dice: roll.faces(),
            original: roll.original().to_string(),
            drms: drms_text(drms),
            final_result: (roll.original() + drm::total(drms)).to_string(),
            result: result.into(),
            rule: rule.into(),
            ..Entry::default()
        }
    }

    /// The table, column and result key a roll was looked up on.
    pub fn on_table(mut self, table: &str, column: &str, key: Option<&str>) -> Self {
        self.table = table.into();
        self.column = column.into();
        self.key = key.unwrap_or_default().into();
        self
    }

    /// An answer a step received: `id` is the prompt id (`german.recon`),
    /// `value` the answer; `defaulted` when the rules' default was taken
    /// because the answers file had none.
    pub fn answer(
        step: &str,
        side: Option<Side>,
        secret: bool,
        id: &str,
        question: &str,
        value: &toml::Value,
        defaulted: bool,
    ) -> Self {
        let text = value.to_string();
        Entry {
            step: step.into(),
            side,
            secret,
            what: if question.is_empty() {
                id.to_string()
            } else {
                format!("{id}: {question}")
            },
            kind: Kind::Answer,
            result: if defaulted {
                format!("{text} (the default: no answer given)")
            } else {
                text.clone()
            },
            answer_id: id.into(),
            answer: text,
            defaulted,
            ..Entry::default()
        }
    }

    /// The purchase-record rows (`row:3`) or counters (`G-17`) this entry
    /// is about.
    pub fn concerning<I, S>(mut self, ids: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        self.concerns.extend(ids.into_iter().map(Into::into));
        self
    }
}

/// The current time as `2026-11-22T01:38:58Z`; `VOTG_NOW` overrides it so
/// tests and replays can produce identical files.
pub fn now() -> String {
    if let Ok(t) = std::env::var("VOTG_NOW") {
        return t;
    }
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    utc(secs)
}

/// Seconds since 1970 as an RFC 3339 UTC time (the proleptic Gregorian
/// calendar, days to a civil date as in Howard Hinnant's `civil_from_days`).
fn utc(secs: u64) -> String {
    let (days, rest) = ((secs / 86_400) as i64, secs % 86_400);
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z",
        rest / 3600,
        rest / 60 % 60,
        rest % 60
    )
}

impl JournalRow {
    pub fn visible_to(&self, side: Option<Side>, reveal: bool) -> bool {
        visible(self.secret, &self.side, side, reveal)
    }

    /// The dice of a roll row, as thrown.
    pub fn roll(&self) -> Option<Roll> {
        if self.dice.is_empty() {
            return None;
        }
        crate::model::roll::parse_faces(&self.dice, "journal.csv")
            .ok()
            .map(Roll::new)
    }

    /// The DRMs of a roll row, as applied.
    pub fn drm_list(&self) -> Result<Vec<Drm>, String> {
        parse_drms(&self.drms)
    }

    /// The answer of an answer row, as given: one TOML value (a replay
    /// reads every answer of the campaign).
    pub fn answer_value(&self) -> Option<toml::Value> {
        if self.kind != Kind::Answer {
            return None;
        }
        self.answer.parse().ok()
    }

    /// A row of a schema-1 journal: its kind from whether it has dice.
    pub fn migrate(&mut self) {
        self.kind = if self.dice.is_empty() {
            Kind::Decision
        } else {
            Kind::Roll
        };
    }
}

/// Appends `entry` to `rows` with the next sequence number.
pub fn append(rows: &mut Vec<JournalRow>, cg_day: &str, entry: Entry) {
    let side = entry.side.map_or("both", |s| s.id());
    // Each log numbers its rows on its own (DESIGN §3): the public rows, and
    // each side's secret ones.
    let same_log = |r: &&JournalRow| r.secret == entry.secret && (!r.secret || r.side == side);
    let seq = rows.iter().rev().find(same_log).map_or(1, |r| r.seq + 1);
    rows.push(JournalRow {
        seq,
        time: now(),
        cg_day: cg_day.into(),
        step: entry.step,
        side: side.into(),
        secret: entry.secret,
        what: entry.what,
        dice: entry.dice,
        original: entry.original,
        drms: entry.drms,
        final_result: entry.final_result,
        result: entry.result,
        rule: entry.rule,
        kind: entry.kind,
        table: entry.table,
        column: entry.column,
        key: entry.key,
        answer_id: entry.answer_id,
        answer: entry.answer,
        concerns: entry.concerns.join(" "),
        defaulted: entry.defaulted,
        label: entry.label,
    });
}

/// Whether a row of side `row_side` (`german`, `russian`, `both`), secret
/// or not, is shown to `side` (`None`: a view of both sides' public rows);
/// `reveal` shows every row (post-game review).
pub fn visible(secret: bool, row_side: &str, side: Option<Side>, reveal: bool) -> bool {
    reveal || !secret || side.is_some_and(|s| s.id() == row_side)
}

/// Two machines: the performer's answers, in a joint step, to questions of
/// the other side's (asked of the turn holder, docs/two-machines.md §12)
/// travel as his own answer rows, so that the other side's half at a
/// terminal is given them again instead of asking them anew once both
/// public nonces are known.
pub fn answers_carried_by(rows: &mut [JournalRow], by: crate::model::side::Side) {
    for r in rows
        .iter_mut()
        .filter(|r| r.kind == Kind::Answer && !r.secret && r.side == by.other().id())
    {
        r.side = by.id().to_string();
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn utc_times_read_as_the_calendar_does() {
        assert_eq!(utc(0), "1970-01-01T00:00:00Z");
        assert_eq!(utc(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(utc(1_795_000_000), "2026-11-18T11:06:40Z");
        assert_eq!(utc(4_107_542_399), "2100-02-28T23:59:59Z");
    }

    use super::*;

    #[test]
    fn an_answer_row_keeps_its_value() {
        let v: toml::Value = toml::Value::Array(vec!["I1".into(), "I2 reserve".into()]);
        let mut rows = Vec::new();
        append(
            &mut rows,
            "15/9",
            Entry::answer(
                "12.621",
                Some(Side::German),
                true,
                "german.buy",
                "Buy",
                &v,
                false,
            ),
        );
        assert_eq!(rows[0].kind, Kind::Answer);
        assert_eq!(rows[0].answer_value(), Some(v));
    }
}
