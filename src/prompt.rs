//! Answers to the RePh's questions: typed at the terminal (dialoguer), or
//! read from an answers file (`--answers`, DESIGN §4) so `refit` can run
//! unattended. Every question has a stable id, `<side>.<name>`.

use std::collections::BTreeMap;
use std::io::IsTerminal;
use std::path::Path;

use crate::answered::Record;
use crate::error::Error;
use crate::side::Side;

/// An answers file: `[german]` and `[russian]` tables of answers by name.
#[derive(Debug, Clone, Default)]
pub struct Answers {
    file: String,
    sides: BTreeMap<String, toml::Table>,
    pub(crate) record: Record,
}

impl Answers {
    pub fn load(path: &Path) -> Result<Answers, Error> {
        let text = std::fs::read_to_string(path).map_err(|source| Error::Io {
            path: path.to_path_buf(),
            source,
        })?;
        let file = path.display().to_string();
        let table: toml::Table = toml::from_str(&text).map_err(|e| {
            let (line, column) = e
                .span()
                .map_or((1, 1), |s| crate::tables::line_column(&text, s.start));
            Error::AnswersSyntax {
                file: file.clone(),
                line,
                column,
                message: e.message().trim().to_string(),
            }
        })?;
        let mut sides = BTreeMap::new();
        for (key, value) in table {
            let side: Side = key.parse().map_err(|_| Error::AnswersSyntax {
                file: file.clone(),
                line: 1,
                column: 1,
                message: format!(
                    "`[{key}]` is not a side: the file has a [german] and/or a [russian] table"
                ),
            })?;
            let toml::Value::Table(t) = value else {
                return Err(Error::AnswersSyntax {
                    file: file.clone(),
                    line: 1,
                    column: 1,
                    message: format!("`{key}` must be a table: [{key}]"),
                });
            };
            for name in t.keys() {
                if !KNOWN.iter().any(|(k, _)| k == name) {
                    return Err(Error::AnswersSyntax {
                        file: file.clone(),
                        line: 1,
                        column: 1,
                        message: format!(
                            "`{key}.{name}` is not a question votg asks; the answers are: {}",
                            KNOWN.iter().map(|(k, _)| *k).collect::<Vec<_>>().join(", ")
                        ),
                    });
                }
            }
            sides.insert(side.id().to_string(), t);
        }
        Ok(Answers {
            file,
            sides,
            record: Record::default(),
        })
    }

    pub(crate) fn get(&self, side: Side, name: &str) -> Option<&toml::Value> {
        self.sides.get(side.id()).and_then(|t| t.get(name))
    }

    fn wrong(&self, side: Side, name: &str, expected: &str) -> Error {
        Error::AnswersSyntax {
            file: self.file.clone(),
            line: 1,
            column: 1,
            message: format!("`{}.{name}` must be {expected}", side.id()),
        }
    }
}

/// The questions an answers file may answer, with the kind of answer.
pub const KNOWN: &[(&str, &str)] = &[
    (
        "buy",
        "a list of purchases, e.g. [\"I1\", \"I2 reserve\"] (12.621)",
    ),
    (
        "commissars",
        "a list of new leaders to exchange for Commissars, e.g. [\"8-1\"] (12.6226)",
    ),
    (
        "nkvd_commissars",
        "true or false: make the SSR II-4 DR on the NKVD Leader Table",
    ),
    (
        "mortar_deploy",
        "true or false: Deploy one squad per two (FRU) Light Mortars received (note x)",
    ),
    (
        "fortify",
        "a list of fortifications, e.g. [\"trench\", \"dummy 3\"] (12.623)",
    ),
    ("recon", "0, 1 or 2 CPP (12.624)"),
    (
        "squad_type",
        "\"normal\", \"stealthy\" or \"lax\": the Majority Squad Type for Recon (12.624)",
    ),
    ("initiative", "\"attack\" or \"idle\" (12.625)"),
    (
        "night",
        "true or false: make the Russian Assault/Counterattack a Night scenario (12.6254)",
    ),
];

/// Where answers come from.
pub enum Prompter {
    /// The terminal; `both` means one keyboard for both sides, so secret
    /// blocks are preceded by a hand-over and followed by clearing the screen.
    Terminal { both: bool, record: Record },
    /// An answers file; questions it leaves out take the rules' default where
    /// there is one, and are an error otherwise.
    Scripted(Answers),
}

impl Prompter {
    pub fn new(answers: Option<&Path>, both: bool) -> Result<Prompter, Error> {
        match answers {
            Some(path) => Ok(Prompter::Scripted(Answers::load(path)?)),
            None => Ok(Prompter::Terminal {
                both,
                record: Record::default(),
            }),
        }
    }

    pub fn interactive(&self) -> bool {
        matches!(self, Prompter::Terminal { .. })
    }

    fn terminal_or_missing(&self, side: Side, name: &str) -> Result<(), Error> {
        if std::io::stdin().is_terminal() {
            return Ok(());
        }
        let expected = KNOWN
            .iter()
            .find(|(k, _)| *k == name)
            .map_or("an answer", |(_, e)| e);
        Err(Error::MissingAnswer {
            id: format!("{}.{name}", side.id()),
            expected: expected.to_string(),
        })
    }

    /// A required list (purchases, fortifications).
    pub(crate) fn ask_list(
        &mut self,
        side: Side,
        name: &str,
        question: &str,
    ) -> Result<Vec<String>, Error> {
        match self {
            Prompter::Scripted(a) => match a.get(side, name) {
                None => Err(Error::MissingAnswer {
                    id: format!("{}.{name}", side.id()),
                    expected: KNOWN
                        .iter()
                        .find(|(k, _)| *k == name)
                        .map_or("a list", |(_, e)| e)
                        .to_string(),
                }),
                Some(toml::Value::Array(items)) => items
                    .iter()
                    .map(|v| {
                        v.as_str()
                            .map(str::to_string)
                            .ok_or_else(|| a.wrong(side, name, "a list of strings"))
                    })
                    .collect(),
                Some(_) => Err(a.wrong(side, name, "a list of strings")),
            },
            Prompter::Terminal { .. } => {
                self.terminal_or_missing(side, name)?;
                let text: String = dialoguer::Input::new()
                    .with_prompt(question)
                    .allow_empty(true)
                    .interact_text()
                    .map_err(|e| Error::Terminal(e.to_string()))?;
                Ok(if text.trim().is_empty() {
                    vec![]
                } else {
                    vec![text.trim().to_string()]
                })
            }
        }
    }

    /// An optional list: missing means none (the rules' default).
    pub(crate) fn ask_optional_list(
        &mut self,
        side: Side,
        name: &str,
        question: &str,
    ) -> Result<Vec<String>, Error> {
        if let Prompter::Scripted(a) = self
            && a.get(side, name).is_none()
        {
            return Ok(vec![]);
        }
        self.ask_list(side, name, question)
    }

    /// A number in `min..=max`; `default` where the rules have one.
    pub(crate) fn ask_number(
        &mut self,
        side: Side,
        name: &str,
        question: &str,
        min: i64,
        max: i64,
        default: Option<i64>,
    ) -> Result<i64, Error> {
        match self {
            Prompter::Scripted(a) => match a.get(side, name) {
                None => default.ok_or_else(|| Error::MissingAnswer {
                    id: format!("{}.{name}", side.id()),
                    expected: format!("a whole number from {min} to {max}"),
                }),
                Some(toml::Value::Integer(n)) if (min..=max).contains(n) => Ok(*n),
                Some(_) => Err(a.wrong(side, name, &format!("a whole number from {min} to {max}"))),
            },
            Prompter::Terminal { .. } => {
                self.terminal_or_missing(side, name)?;
                let mut input = dialoguer::Input::<i64>::new().with_prompt(question);
                if let Some(d) = default {
                    input = input.default(d);
                }
                input
                    .validate_with(|n: &i64| {
                        if (min..=max).contains(n) {
                            Ok(())
                        } else {
                            Err(format!("{min} to {max}"))
                        }
                    })
                    .interact_text()
                    .map_err(|e| Error::Terminal(e.to_string()))
            }
        }
    }

    /// One of `options`; `default` where the rules have one.
    pub(crate) fn ask_choice(
        &mut self,
        side: Side,
        name: &str,
        question: &str,
        options: &[&str],
        default: Option<&str>,
    ) -> Result<String, Error> {
        match self {
            Prompter::Scripted(a) => match a.get(side, name) {
                None => default
                    .map(str::to_string)
                    .ok_or_else(|| Error::MissingAnswer {
                        id: format!("{}.{name}", side.id()),
                        expected: format!("one of {}", options.join(", ")),
                    }),
                Some(toml::Value::String(s))
                    if options.contains(&s.to_ascii_lowercase().as_str()) =>
                {
                    Ok(s.to_ascii_lowercase())
                }
                Some(_) => Err(a.wrong(side, name, &format!("one of {}", options.join(", ")))),
            },
            Prompter::Terminal { .. } => {
                self.terminal_or_missing(side, name)?;
                let start = default
                    .and_then(|d| options.iter().position(|o| *o == d))
                    .unwrap_or(0);
                let i = dialoguer::Select::new()
                    .with_prompt(question)
                    .items(options)
                    .default(start)
                    .interact()
                    .map_err(|e| Error::Terminal(e.to_string()))?;
                Ok(options[i].to_string())
            }
        }
    }

    /// Yes or no; `default` where the rules have one.
    pub(crate) fn ask_yes_no(
        &mut self,
        side: Side,
        name: &str,
        question: &str,
        default: Option<bool>,
    ) -> Result<bool, Error> {
        match self {
            Prompter::Scripted(a) => match a.get(side, name) {
                None => default.ok_or_else(|| Error::MissingAnswer {
                    id: format!("{}.{name}", side.id()),
                    expected: "true or false".into(),
                }),
                Some(toml::Value::Boolean(b)) => Ok(*b),
                Some(_) => Err(a.wrong(side, name, "true or false")),
            },
            Prompter::Terminal { .. } => {
                self.terminal_or_missing(side, name)?;
                let mut c = dialoguer::Confirm::new().with_prompt(question);
                if let Some(d) = default {
                    c = c.default(d);
                }
                c.interact().map_err(|e| Error::Terminal(e.to_string()))
            }
        }
    }

    /// One keyboard, secret information ahead: the other side looks away.
    pub fn begin_secret(&mut self, side: Side) -> Result<(), Error> {
        self.in_secret_block(Some(side));
        if let Prompter::Terminal { both: true, .. } = self
            && std::io::stdin().is_terminal()
        {
            println!(
                "\n=== {} player only: the {} player looks away. ===",
                side.name(),
                side.other().name()
            );
            dialoguer::Confirm::new()
                .with_prompt(format!("{} player ready?", side.name()))
                .default(true)
                .interact()
                .map_err(|e| Error::Terminal(e.to_string()))?;
        }
        Ok(())
    }

    /// The secret block is over: clear the screen before handing back.
    pub fn end_secret(&mut self, side: Side) -> Result<(), Error> {
        self.in_secret_block(None);
        if let Prompter::Terminal { both: true, .. } = self
            && std::io::stdin().is_terminal()
        {
            dialoguer::Confirm::new()
                .with_prompt(format!(
                    "{} player done? (the screen will be cleared)",
                    side.name()
                ))
                .default(true)
                .interact()
                .map_err(|e| Error::Terminal(e.to_string()))?;
            // Clear the screen and, where the terminal supports it (ESC[3J),
            // its scrollback, so the other side cannot scroll up to the secrets.
            let term = console::Term::stdout();
            let _ = term.clear_screen();
            let _ = term.write_str("\x1b[3J\x1b[H\x1b[2J");
        }
        Ok(())
    }
}
