//! The answers file (`--answers`, DESIGN §4): `[german]` and `[russian]`
//! tables of answers by question name. What is wrong whatever the dice —
//! a key unknown, a value not of its kind, a purchase or fortification out
//! of its grammar, an RG the side's chart does not have — is found here,
//! before the first step runs, and named by its key and place
//! (`german.buy[1]`); what only a roll makes impossible stops the run
//! before its step (docs/answers.md).
//!
//! When one run passes through several CG Days (Idle Days, C23), a side's
//! answers apply to every pass, unless the file gives answers for one CG
//! Day in `[<side>.day."<date>"]` (`"16"`, or `"14N"` for a Night
//! scenario): those are taken first on that CG Day.

use std::collections::BTreeMap;

use toml::Spanned;

use crate::error::Error;
use crate::model::cg_day::CgDay;
use crate::model::side::Side;
use crate::rules::answered::Record;
use crate::rules::reph::fortification;
use crate::rules::reph::isolation_record::{HEAT_OF_BATTLE, IsolationAnswers};
use crate::rules::reph::purchase::Purchase;
use crate::rules::tables::{Tables, line_column};

mod questions;
mod replay;
mod scenario;
pub use scenario::MAX_SAN;

pub use questions::{Kind, QUESTIONS, Question, question};
pub use replay::{BLAZES_ID, Queue, RECORD_ID};

/// The key of a side's per-CG-Day answers: `[german.day."16"]`.
pub const DAY: &str = "day";

/// `"16"`, `"14N"`, `"14 N"` or the roster's `"16/9"`, `"14/9 N"`.
pub fn parse_day(text: &str) -> Option<CgDay> {
    if let Ok(d) = text.parse::<CgDay>() {
        return Some(d);
    }
    let t = text.trim();
    let (date, night) = match t.strip_suffix(['N', 'n']) {
        Some(d) => (d.trim(), true),
        None => (t, false),
    };
    date.parse::<u8>()
        .ok()
        .filter(|d| (1..=30).contains(d))
        .map(|d| CgDay::new(d, night))
}

type SideAnswers = BTreeMap<String, Spanned<toml::Value>>;

#[derive(Debug, Clone, Default)]
pub struct Answers {
    file: String,
    text: String,
    sides: BTreeMap<&'static str, SideAnswers>,
    /// `[scenario]`: what both sides record of the scenario just played.
    scenario: Option<Spanned<toml::Table>>,
    /// The `[isolation]` table (12.606–12.607), checked on load.
    pub isolation: Option<IsolationAnswers>,
    /// `[<side>.day."<date>"]`: answers for one CG Day.
    days: BTreeMap<(&'static str, CgDay), SideAnswers>,
    /// The CG Day the questions are asked on (the runner sets it per step).
    day: Option<CgDay>,
    /// The answers given, for the journal (recorded as they are read).
    pub(crate) record: Record,
    /// `votg verify`: the journal's answers, handed out in order.
    replay: Option<Queue>,
    /// A replay of a step answered at a terminal: the step asks as it asked
    /// there (one purchase at a time …), each answer as recorded.
    pub as_typed: bool,
}

impl Answers {
    /// Answers from TOML text, its shape checked: tables named after a
    /// side, keys naming questions votg asks; `file` names it in messages
    /// (the command reads the answers file; `votg verify` builds one from
    /// the journal's answer rows).
    pub fn from_text(text: String, file: String) -> Result<Answers, Error> {
        let mut answers = Answers {
            file,
            text,
            sides: BTreeMap::new(),
            scenario: None,
            isolation: None,
            days: BTreeMap::new(),
            day: None,
            record: Record::default(),
            replay: None,
            as_typed: false,
        };
        answers.isolation = answers.load_isolation()?;
        let top: BTreeMap<String, Spanned<toml::Value>> = toml::from_str(&answers.text)
            .map_err(|e| answers.syntax(e.span().map_or(0, |s| s.start), e.message().trim()))?;
        for (key, value) in top {
            if key == "isolation" {
                continue;
            }
            let at = value.span().start;
            if key == "scenario" {
                let span = value.span();
                let toml::Value::Table(t) = value.into_inner() else {
                    return Err(answers.syntax(at, "`scenario` must be a table: [scenario]"));
                };
                answers.scenario = Some(Spanned::new(span, t));
                continue;
            }
            let Ok(side) = key.parse::<Side>() else {
                // An answer written before any [side] table belongs in one.
                let why = if question(&key).is_some() {
                    format!(
                        "`{key}` is an answer for one side: put it under a [german] or [russian] table"
                    )
                } else {
                    format!(
                        "`[{key}]` is not a side: the file has [scenario], [isolation], [german] and [russian] tables"
                    )
                };
                return Err(answers.syntax(at, &why));
            };
            let mut table: SideAnswers = match value.into_inner() {
                toml::Value::Table(t) => t
                    .into_iter()
                    .map(|(k, v)| (k, Spanned::new(at..at, v)))
                    .collect(),
                _ => return Err(answers.syntax(at, &format!("`{key}` must be a table: [{key}]"))),
            };
            if let Some(days) = table.remove(DAY) {
                answers.read_days(side, at, days.into_inner())?;
            }
            answers.sides.insert(side.id(), table);
        }
        answers.locate_keys()?;
        Ok(answers)
    }

    /// The `[isolation]` table, typed: a wrong key or value is reported
    /// at its line.
    fn load_isolation(&self) -> Result<Option<IsolationAnswers>, Error> {
        #[derive(serde::Deserialize)]
        struct Top {
            isolation: Option<IsolationAnswers>,
        }
        // Without the word there is no such table: the file is parsed once,
        // below (a replay reads one answers text per scenario recorded).
        if !self.text.contains("isolation") {
            return Ok(None);
        }
        let top: Top = toml::from_str(&self.text).map_err(|e| {
            self.syntax(
                e.span().map_or(0, |s| s.start),
                &format!("in [isolation]: {}", e.message().trim()),
            )
        })?;
        if let Some(i) = &top.isolation {
            for s in &i.escape {
                if let Some(h) = &s.heat_of_battle
                    && !HEAT_OF_BATTLE.contains(&h.as_str())
                {
                    let at = self.text.find(h.as_str()).unwrap_or(0);
                    return Err(self.syntax(
                        at,
                        &format!(
                            "`isolation.escape.heat_of_battle` must be one of {}",
                            HEAT_OF_BATTLE.join(", ")
                        ),
                    ));
                }
            }
        }
        Ok(top.isolation)
    }

    /// `[<side>.day."<date>"]` tables: each key a CG Day, each value a table
    /// of answers like the side's own.
    fn read_days(&mut self, side: Side, at: usize, days: toml::Value) -> Result<(), Error> {
        let toml::Value::Table(days) = days else {
            return Err(self.syntax(
                at,
                &format!("`{0}.day` must hold tables: [{0}.day.\"16\"]", side.id()),
            ));
        };
        for (date, table) in days {
            let day = parse_day(&date).ok_or_else(|| {
                self.syntax(at, &format!("`{}.day.\"{date}\"` is not a CG Day: write its date, e.g. \"16\", or \"14N\" for a Night scenario", side.id()))
            })?;
            let toml::Value::Table(t) = table else {
                return Err(self.syntax(
                    at,
                    &format!("`{}.day.\"{date}\"` must be a table", side.id()),
                ));
            };
            if let Some(name) = t.keys().find(|k| question(k).is_none()) {
                return Err(self.syntax(
                    at,
                    &format!(
                        "`{}.day.\"{date}\".{name}` is not a question votg asks",
                        side.id()
                    ),
                ));
            }
            let t = t
                .into_iter()
                .map(|(k, v)| (k, Spanned::new(at..at, v)))
                .collect();
            self.days.insert((side.id(), day), t);
        }
        Ok(())
    }

    /// The CG Day the next questions are asked on: its own answers, if the
    /// file has any, come before the side's.
    pub fn set_day(&mut self, day: CgDay) {
        self.day = Some(day);
    }

    fn of_day(&self, side: Side) -> Option<&SideAnswers> {
        self.days.get(&(side.id(), self.day?))
    }

    /// Every key's own place in the file, so a message points at its line.
    fn locate_keys(&mut self) -> Result<(), Error> {
        let spanned: BTreeMap<String, BTreeMap<String, Spanned<toml::Value>>> =
            toml::from_str(&self.text).unwrap_or_default();
        for (side, table) in &mut self.sides {
            let located = spanned.get(*side);
            for (name, value) in table.iter_mut() {
                if let Some(v) = located.and_then(|t| t.get(name)) {
                    *value = v.clone();
                }
            }
        }
        for (side, table) in &self.sides {
            if let Some(name) = table.keys().find(|k| question(k).is_none()) {
                let at = table[name].span().start;
                let names: Vec<&str> = QUESTIONS.iter().map(|q| q.name).collect();
                return Err(self.syntax(
                    at,
                    &format!(
                        "`{side}.{name}` is not a question votg asks; the answers are: {}",
                        names.join(", ")
                    ),
                ));
            }
        }
        Ok(())
    }

    fn syntax(&self, offset: usize, message: &str) -> Error {
        let (line, column) = line_column(&self.text, offset);
        // The TOML reader's words for a number past 64 bits name its own
        // types ("as i128, expected any valid TOML value").
        let message = match message.split_once("integer `") {
            Some((_, rest)) if message.contains("as i128") => format!(
                "the number {} is far too large (every answer votg asks for is a small whole number)",
                rest.split('`').next().unwrap_or("")
            ),
            _ => message.to_string(),
        };
        Error::AnswersSyntax {
            file: self.file.clone(),
            line,
            column,
            message,
        }
    }

    pub fn get(&self, side: Side, name: &str) -> Option<&toml::Value> {
        if self.replay.is_some()
            && let Some(replayed) = self.replayed(&format!("{}.{name}", side.id()))
        {
            return replayed;
        }
        self.of_day(side)
            .and_then(|t| t.get(name))
            .or_else(|| self.sides.get(side.id()).and_then(|t| t.get(name)))
            .map(Spanned::get_ref)
    }

    /// The answer `side.name` is not of the kind `expected`.
    pub fn wrong(&self, side: Side, name: &str, expected: &str) -> Error {
        let at = self
            .of_day(side)
            .and_then(|t| t.get(name))
            .or_else(|| self.sides.get(side.id()).and_then(|t| t.get(name)))
            .map_or(0, |v| v.span().start);
        self.syntax(at, &format!("`{}.{name}` must be {expected}", side.id()))
    }

    /// Checks every answer against its question before any step runs: its
    /// kind, and the grammar of each purchase and fortification.
    pub fn check(&self, tables: &Tables) -> Result<(), Error> {
        self.check_scenario()?;
        let day_tables = self.days.iter().map(|((side, _), t)| (side, t));
        for (side_id, table) in self.sides.iter().chain(day_tables) {
            let side: Side = side_id.parse().map_err(Error::Usage)?;
            for (name, value) in table {
                let q = question(name).expect("keys were checked on load");
                self.check_one(side, q, value, tables)?;
            }
        }
        Ok(())
    }

    fn check_one(
        &self,
        side: Side,
        q: &Question,
        spanned: &Spanned<toml::Value>,
        tables: &Tables,
    ) -> Result<(), Error> {
        let value = spanned.get_ref();
        // An item of a list is named by its place: `german.buy[1]`.
        let item = |i: usize, why: &str| {
            self.syntax(
                spanned.span().start,
                &format!("`{}.{}[{i}]` {why}", side.id(), q.name),
            )
        };
        let wrong = || self.wrong(side, q.name, q.expected);
        let words = || -> Result<Vec<&str>, Error> {
            value
                .as_array()
                .ok_or_else(wrong)?
                .iter()
                .map(|v| v.as_str().ok_or_else(wrong))
                .collect()
        };
        match q.kind {
            Kind::Purchases => {
                let chart = match side {
                    Side::German => &tables.german_rg,
                    Side::Russian => &tables.russian_rg,
                };
                for (i, text) in words()?.into_iter().enumerate() {
                    let p = Purchase::parse(text)
                        .map_err(|e| item(i, &format!("`{text}`: {e} ({})", q.expected)))?;
                    // An RG the side's chart does not have is wrong whatever
                    // the dice: refused before the first step.
                    if chart.rg(&p.rg).is_none() {
                        let ids: Vec<&str> = chart.rgs.iter().map(|r| r.id.as_str()).collect();
                        return Err(item(
                            i,
                            &format!(
                                "`{text}`: {} is no RG of the {} RG Chart (12.6212), whose RGs are {}",
                                p.rg,
                                side.name(),
                                ids.join(", ")
                            ),
                        ));
                    }
                }
            }
            Kind::Fortifications => {
                let table = &tables.fortification_purchase;
                for (i, text) in words()?.into_iter().enumerate() {
                    fortification::price(text, |k| table.item(k).cloned(), side)
                        .map_err(|e| item(i, &format!("`{text}`: {e} ({})", q.expected)))?;
                }
            }
            Kind::Words => {
                words()?;
            }
            Kind::YesNo => {
                value.as_bool().ok_or_else(wrong)?;
            }
            Kind::Number { min, max } => match value.as_integer() {
                Some(n) if (min..=max).contains(&n) => {}
                _ => return Err(wrong()),
            },
            Kind::OneOf(options) => match value.as_str() {
                Some(s) if options.contains(&s.to_ascii_lowercase().as_str()) => {}
                _ => return Err(wrong()),
            },
            Kind::Outcome => {
                self.outcome_table(side)?;
            }
            Kind::Counter => match value.as_str() {
                Some(s) if s.parse::<crate::model::force::CounterId>().is_ok() => {}
                _ => return Err(wrong()),
            },
        }
        Ok(())
    }
}
