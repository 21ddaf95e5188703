//! The answers file (`--answers`, DESIGN §4): `[german]` and `[russian]`
//! tables of answers by question name. The whole file is checked — every
//! key known, every value of the right kind, every purchase and
//! fortification in its grammar — before the first step runs, so a mistake
//! in the last answer never stops a run half-way.

use std::collections::BTreeMap;
use std::path::Path;

use toml::Spanned;

use crate::answered::Record;
use crate::error::Error;
use crate::reph::fortification;
use crate::reph::purchase::Purchase;
use crate::side::Side;
use crate::tables::{Tables, line_column};

/// The kind of answer a question takes.
#[derive(Debug, Clone, Copy)]
pub enum Kind {
    Purchases,
    Fortifications,
    Words,
    YesNo,
    Number { min: i64, max: i64 },
    OneOf(&'static [&'static str]),
}

/// A question an answers file may answer: its name, kind and description.
pub struct Question {
    pub name: &'static str,
    pub kind: Kind,
    pub expected: &'static str,
}

const fn q(name: &'static str, kind: Kind, expected: &'static str) -> Question {
    Question {
        name,
        kind,
        expected,
    }
}

pub const QUESTIONS: &[Question] = &[
    q(
        "buy",
        Kind::Purchases,
        "a list of purchases, e.g. [\"I1\", \"I2 reserve\"] (12.621)",
    ),
    q(
        "commissars",
        Kind::Words,
        "a list of new leaders to exchange for Commissars, e.g. [\"9-1\"] (12.6226)",
    ),
    q(
        "nkvd_commissars",
        Kind::YesNo,
        "true or false: make the SSR II-4 DR on the NKVD Leader Table",
    ),
    q(
        "mortar_deploy",
        Kind::YesNo,
        "true or false: Deploy one squad per two (FRU) Light Mortars received (note x)",
    ),
    q(
        "fortify",
        Kind::Fortifications,
        "a list of fortifications, e.g. [\"trench\", \"dummy 3\"] (12.623)",
    ),
    q(
        "recon",
        Kind::Number { min: 0, max: 2 },
        "0, 1 or 2 CPP (12.624)",
    ),
    q(
        "squad_type",
        Kind::OneOf(&["normal", "stealthy", "lax"]),
        "\"normal\", \"stealthy\" or \"lax\": the Majority Squad Type for Recon (12.624)",
    ),
    q(
        "initiative",
        Kind::OneOf(&["attack", "idle"]),
        "\"attack\" or \"idle\" (12.625)",
    ),
    q(
        "night",
        Kind::YesNo,
        "true or false: make the Russian Assault/Counterattack a Night scenario (12.6254)",
    ),
];

pub fn question(name: &str) -> Option<&'static Question> {
    QUESTIONS.iter().find(|q| q.name == name)
}

type SideAnswers = BTreeMap<String, Spanned<toml::Value>>;

#[derive(Debug, Clone, Default)]
pub struct Answers {
    file: String,
    text: String,
    sides: BTreeMap<&'static str, SideAnswers>,
    /// The answers given, for the journal (recorded as they are read).
    pub(crate) record: Record,
}

impl Answers {
    /// Reads the file and checks its shape: tables named after a side, keys
    /// naming questions votg asks.
    pub fn load(path: &Path) -> Result<Answers, Error> {
        let text = std::fs::read_to_string(path).map_err(|source| Error::Io {
            path: path.to_path_buf(),
            source,
        })?;
        Answers::from_text(text, path.display().to_string())
    }

    /// Answers from TOML text; `file` names it in messages (`votg verify`
    /// builds one from the journal's answer rows).
    pub fn from_text(text: String, file: String) -> Result<Answers, Error> {
        let mut answers = Answers {
            file,
            text,
            sides: BTreeMap::new(),
            record: Record::default(),
        };
        let top: BTreeMap<String, Spanned<toml::Value>> = toml::from_str(&answers.text)
            .map_err(|e| answers.syntax(e.span().map_or(0, |s| s.start), e.message().trim()))?;
        for (key, value) in top {
            let at = value.span().start;
            let Ok(side) = key.parse::<Side>() else {
                return Err(answers.syntax(
                    at,
                    &format!(
                        "`[{key}]` is not a side: the file has a [german] and/or a [russian] table"
                    ),
                ));
            };
            let table: SideAnswers = match value.into_inner() {
                toml::Value::Table(t) => t
                    .into_iter()
                    .map(|(k, v)| (k, Spanned::new(at..at, v)))
                    .collect(),
                _ => return Err(answers.syntax(at, &format!("`{key}` must be a table: [{key}]"))),
            };
            answers.sides.insert(side.id(), table);
        }
        answers.locate_keys()?;
        Ok(answers)
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
        Error::AnswersSyntax {
            file: self.file.clone(),
            line,
            column,
            message: message.to_string(),
        }
    }

    pub fn get(&self, side: Side, name: &str) -> Option<&toml::Value> {
        self.sides
            .get(side.id())
            .and_then(|t| t.get(name))
            .map(Spanned::get_ref)
    }

    /// The answer `side.name` is not of the kind `expected`.
    pub fn wrong(&self, side: Side, name: &str, expected: &str) -> Error {
        let at = self
            .sides
            .get(side.id())
            .and_then(|t| t.get(name))
            .map_or(0, |v| v.span().start);
        self.syntax(at, &format!("`{}.{name}` must be {expected}", side.id()))
    }

    /// Checks every answer against its question before any step runs: its
    /// kind, and the grammar of each purchase and fortification.
    pub fn check(&self, tables: &Tables) -> Result<(), Error> {
        for (side_id, table) in &self.sides {
            let side: Side = side_id.parse().map_err(Error::Usage)?;
            for (name, value) in table {
                let q = question(name).expect("keys were checked on load");
                self.check_one(side, q, value.get_ref(), tables)?;
            }
        }
        Ok(())
    }

    fn check_one(
        &self,
        side: Side,
        q: &Question,
        value: &toml::Value,
        tables: &Tables,
    ) -> Result<(), Error> {
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
                for text in words()? {
                    Purchase::parse(text).map_err(|e| self.bad_item(side, q, &e))?;
                }
            }
            Kind::Fortifications => {
                let table = &tables.fortification_purchase;
                for text in words()? {
                    fortification::price(text, |k| table.item(k).cloned(), side)
                        .map_err(|e| self.bad_item(side, q, &e))?;
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
        }
        Ok(())
    }

    fn bad_item(&self, side: Side, q: &Question, why: &str) -> Error {
        self.wrong(side, q.name, &format!("{}: {why}", q.expected))
    }
}
