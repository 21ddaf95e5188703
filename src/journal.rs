//! The audit log (`journal.csv`): one row per roll, answer or decision,
//! append-only. Every row keeps its facts in columns a program can read back
//! (table, column, dice, each DRM, result key, answer value), so each step can
//! be re-run from the journal alone.

use serde::{Deserialize, Serialize};

use crate::dice::Roll;
use crate::drm::{self, Drm};
use crate::side::Side;

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
    humantime::format_rfc3339_seconds(std::time::SystemTime::now()).to_string()
}

impl JournalRow {
    pub fn visible_to(&self, side: Option<Side>, reveal: bool) -> bool {
        reveal || !self.secret || side.is_some_and(|s| s.id() == self.side)
    }

    /// The dice of a roll row, as thrown.
    pub fn roll(&self) -> Option<Roll> {
        if self.dice.is_empty() {
            return None;
        }
        crate::dice::parse_faces(&self.dice, "journal.csv")
            .ok()
            .map(Roll::new)
    }

    /// The DRMs of a roll row, as applied.
    pub fn drm_list(&self) -> Result<Vec<Drm>, String> {
        parse_drms(&self.drms)
    }

    /// The answer of an answer row, as given.
    pub fn answer_value(&self) -> Option<toml::Value> {
        if self.kind != Kind::Answer {
            return None;
        }
        let table: toml::Table = toml::from_str(&format!("v = {}", self.answer)).ok()?;
        table.get("v").cloned()
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
        kind: entry.kind,
        table: entry.table,
        column: entry.column,
        key: entry.key,
        answer_id: entry.answer_id,
        answer: entry.answer,
        concerns: entry.concerns.join(" "),
    });
}

/// The journal's DRM text, DESIGN §3's form: `-1 Russian (12.6073); +2
/// Encircled (12.6073)`. Each DRM is its signed value, a space, its reason,
/// and ` (rule)` when it has a rule; DRMs are separated by `; `. In a reason
/// or rule, `\`, `;`, `(` and `)` are written `\\`, `\;`, `\(`, `\)`, so
/// [`parse_drms`] reads back exactly what was written.
pub fn drms_text(drms: &[Drm]) -> String {
    drms.iter()
        .map(|d| {
            let mut s = format!("{:+} {}", d.value, escape(&d.reason));
            if !d.rule.is_empty() {
                s.push_str(&format!(" ({})", escape(&d.rule)));
            }
            s
        })
        .collect::<Vec<_>>()
        .join("; ")
}

fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(c, '\\' | ';' | '(' | ')') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// One character of DRM text after escapes are read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Tok {
    Lit(char),
    Semi,
    Open,
    Close,
}

fn tokens(text: &str) -> Result<Vec<Tok>, String> {
    let mut out = Vec::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        out.push(match c {
            '\\' => match chars.next() {
                Some(e @ ('\\' | ';' | '(' | ')')) => Tok::Lit(e),
                other => {
                    return Err(format!(
                        "`\\{}` is not an escape (write \\\\, \\;, \\( or \\))",
                        other.map(String::from).unwrap_or_default()
                    ));
                }
            },
            ';' => Tok::Semi,
            '(' => Tok::Open,
            ')' => Tok::Close,
            c => Tok::Lit(c),
        });
    }
    Ok(out)
}

fn text_of(toks: &[Tok]) -> Result<String, String> {
    toks.iter()
        .map(|t| match t {
            Tok::Lit(c) => Ok(*c),
            _ => Err("a bracket or `;` inside a reason or rule must be escaped with `\\`".into()),
        })
        .collect()
}

/// Reads the text [`drms_text`] writes.
pub fn parse_drms(text: &str) -> Result<Vec<Drm>, String> {
    if text.is_empty() {
        return Ok(Vec::new());
    }
    let toks = tokens(text)?;
    let mut entries: Vec<&[Tok]> = Vec::new();
    let mut start = 0;
    let mut i = 0;
    while i < toks.len() {
        if toks[i] == Tok::Semi {
            if toks.get(i + 1) != Some(&Tok::Lit(' ')) {
                return Err("DRMs are separated by `; `".into());
            }
            entries.push(&toks[start..i]);
            start = i + 2;
            i += 2;
        } else {
            i += 1;
        }
    }
    entries.push(&toks[start..]);
    entries.into_iter().map(parse_one).collect()
}

fn parse_one(toks: &[Tok]) -> Result<Drm, String> {
    let space = toks
        .iter()
        .position(|t| *t == Tok::Lit(' '))
        .ok_or("a DRM is a signed value, a space and its reason")?;
    let value_text = text_of(&toks[..space])?;
    if !value_text.starts_with(['+', '-']) {
        return Err(format!(
            "`{value_text}` is not a signed DRM value such as +1"
        ));
    }
    let value: i32 = value_text
        .parse()
        .map_err(|_| format!("`{value_text}` is not a signed DRM value such as +1"))?;
    let rest = &toks[space + 1..];
    let (reason, rule) = match rest.iter().position(|t| *t == Tok::Open) {
        None => (text_of(rest)?, String::new()),
        Some(open) => {
            if open == 0 || rest[open - 1] != Tok::Lit(' ') || rest.last() != Some(&Tok::Close) {
                return Err("a DRM's rule is written ` (rule)` at its end".into());
            }
            (
                text_of(&rest[..open - 1])?,
                text_of(&rest[open + 1..rest.len() - 1])?,
            )
        }
    };
    Ok(Drm {
        value,
        reason,
        rule,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn design_3_drm_text_reads_like_the_design() {
        let drms = vec![
            Drm::new(-1, "Russian", "12.6073"),
            Drm::new(2, "Encircled", "12.6073"),
        ];
        let text = drms_text(&drms);
        assert_eq!(text, "-1 Russian (12.6073); +2 Encircled (12.6073)");
        assert_eq!(parse_drms(&text).unwrap(), drms);
        assert_eq!(parse_drms("").unwrap(), vec![]);
    }

    #[test]
    fn brackets_and_semicolons_in_a_reason_are_escaped() {
        let drms = vec![
            Drm::new(1, "Stealthy (Majority Squad Type)", "12.624"),
            Drm::new(0, "a; b \\ c", ""),
            Drm::new(3, "", "SSR I-4, II-4"),
        ];
        let text = drms_text(&drms);
        assert_eq!(
            text,
            "+1 Stealthy \\(Majority Squad Type\\) (12.624); +0 a\\; b \\\\ c; +3  (SSR I-4, II-4)"
        );
        assert_eq!(parse_drms(&text).unwrap(), drms);
    }

    #[test]
    fn damaged_drm_text_is_an_error_not_a_guess() {
        for bad in [
            "1 Russian",
            "+x Russian",
            "+1",
            "+1 a;b",
            "+1 a (b",
            "+1 a (b) c",
            "+1 a)",
            "+1 a \\q",
            "+1 a\\",
        ] {
            assert!(parse_drms(bad).is_err(), "{bad}");
        }
    }

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

    fn drm() -> impl Strategy<Value = Drm> {
        (any::<i32>(), any::<String>(), any::<String>()).prop_map(|(v, r, u)| Drm::new(v, r, u))
    }

    proptest! {
        #[test]
        fn design_3_drm_text_round_trips(drms in proptest::collection::vec(drm(), 0..5)) {
            let text = drms_text(&drms);
            prop_assert_eq!(parse_drms(&text).unwrap(), drms);
        }

        #[test]
        fn drm_text_round_trips_with_awkward_reasons(
            drms in proptest::collection::vec(
                (-12i32..12, "[ ;()\\\\a-c]{0,8}", "[ ;()\\\\0-9.]{0,6}")
                    .prop_map(|(v, r, u)| Drm::new(v, r, u)),
                0..4,
            )
        ) {
            let text = drms_text(&drms);
            prop_assert_eq!(parse_drms(&text).unwrap(), drms);
        }
    }
}
