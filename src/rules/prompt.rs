//! Answers to the RePh's questions: typed at the terminal (dialoguer), or
//! read from an answers file (`--answers`, DESIGN §4) so `refit` can run
//! unattended. Every question has a stable id, `<side>.<name>`.

use std::io::IsTerminal;
#[cfg(test)]
use std::path::Path;

use crate::error::Error;
use crate::model::side::Side;
use crate::rules::answered::Record;
use crate::rules::answers::{self, Answers};
use crate::rules::prompt_line::{Asked, ask_line, confirm, typed_list, until_yes};

/// Where answers come from.
pub enum Prompter {
    /// The terminal; `both` means one keyboard for both sides, so secret
    /// blocks are preceded by a hand-over and followed by clearing the screen.
    Terminal {
        both: bool,
        /// On a half campaign (two machines): the side this machine holds;
        /// the other side's own questions are asked on his machine.
        only: Option<Side>,
        /// On a half, in a joint step this side performs: the other side's
        /// question, asked before any of this side's, is his to answer
        /// (`Error::HisToAnswer`): he performs the step in his turn.
        defer: bool,
        record: Record,
        /// The open secret block's screen, cleared however the block ends.
        screen: crate::rules::secret_screen::SecretScreen,
    },
    /// An answers file; questions it leaves out take the rules' default where
    /// there is one, and are an error otherwise.
    Scripted(Box<Answers>),
}

impl Prompter {
    /// From an answers file (read and parsed by the command), or the
    /// terminal.
    pub fn with_answers(answers: Option<Answers>, both: bool) -> Prompter {
        match answers {
            Some(a) => Prompter::Scripted(Box::new(a)),
            None => Prompter::Terminal {
                both,
                only: None,
                defer: false,
                record: Record::default(),
                screen: Default::default(),
            },
        }
    }

    /// For unit tests: the answers file at `path`, or the terminal.
    #[cfg(test)]
    pub fn new(answers: Option<&Path>, both: bool) -> Result<Prompter, Error> {
        let answers = match answers {
            Some(path) => Some(Answers::from_text(
                std::fs::read_to_string(path).expect("a test's answers file"),
                path.display().to_string(),
            )?),
            None => None,
        };
        Ok(Prompter::with_answers(answers, both))
    }

    /// Checks a whole answers file before the first step (a terminal has
    /// nothing to check ahead).
    pub fn check(&self, tables: &crate::rules::tables::Tables) -> Result<(), Error> {
        match self {
            Prompter::Scripted(a) => a.check(tables),
            Prompter::Terminal { .. } => Ok(()),
        }
    }

    /// The CG Day the next questions are asked on, for an answers file's
    /// per-day answers (`[<side>.day."<date>"]`).
    pub fn set_day(&mut self, day: crate::model::cg_day::CgDay) {
        if let Prompter::Scripted(a) = self {
            a.set_day(day);
        }
    }

    /// A half campaign at the terminal: only `side`'s own questions are
    /// asked here (the other side's on his machine).
    pub fn hold_only(&mut self, side: Side) {
        if let Prompter::Terminal { only, .. } = self {
            *only = Some(side);
        }
    }

    /// On a half, whether the step about to be performed leaves the other
    /// side's questions to him (see `defer`).
    pub fn defer_others(&mut self, on: bool) {
        if let Prompter::Terminal { defer, .. } = self {
            *defer = on;
        }
    }

    /// Whether `side`'s own questions are asked here: always, except at the
    /// terminal of a half campaign held by the other side.
    pub fn asks(&self, side: Side) -> bool {
        match self {
            Prompter::Terminal { only, .. } => only.is_none_or(|o| o == side),
            Prompter::Scripted(_) => true,
        }
    }

    /// Whether the questions are asked one at a time as at a terminal:
    /// at one, or replaying (`votg verify`) a step answered at one.
    pub fn interactive(&self) -> bool {
        match self {
            Prompter::Terminal { .. } => true,
            Prompter::Scripted(a) => a.as_typed,
        }
    }

    /// Whether a player is at the terminal (not a replay).
    pub fn at_terminal(&self) -> bool {
        matches!(self, Prompter::Terminal { .. })
    }

    /// Whether an answers file answers `<side>.<name>` (a terminal answers
    /// nothing ahead).
    pub fn has_answer(&self, side: Side, name: &str) -> bool {
        match self {
            Prompter::Scripted(a) => a.get(side, name).is_some(),
            Prompter::Terminal { .. } => false,
        }
    }

    fn terminal_or_missing(&self, side: Side, name: &str) -> Result<(), Error> {
        if let Prompter::Terminal {
            only: Some(me),
            defer: true,
            record,
            ..
        } = self
            && side != *me
            && !record.gave(*me)
        {
            return Err(Error::HisToAnswer(format!(
                "This step asks the {} first ({}.{name}): he answers his own questions and performs it in his turn; `votg send` passes it to him.",
                side.name(),
                side.id()
            )));
        }
        if std::io::stdin().is_terminal() {
            return Ok(());
        }
        let expected = answers::question(name).map_or("an answer", |q| q.expected);
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
                    expected: answers::question(name)
                        .map_or("a list", |q| q.expected)
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
                self.terminal_list(side, name, question, &|_| Ok(()), true)
            }
        }
    }

    /// An optional list (missing means none, the rules' default) whose line
    /// a terminal checks with `valid` and asks again until it passes (an
    /// empty line is none); an answers file's list is checked by the
    /// caller, who refuses it.
    pub(crate) fn ask_checked_list(
        &mut self,
        side: Side,
        name: &str,
        question: &str,
        valid: &dyn Fn(&str) -> Result<(), String>,
    ) -> Result<Vec<String>, Error> {
        if let Prompter::Scripted(a) = self {
            if a.get(side, name).is_none() {
                return Ok(vec![]);
            }
            return self.ask_list(side, name, question);
        }
        self.terminal_list(side, name, question, valid, true)
    }

    /// A list that must be given: an answers file without it is an error
    /// saying `missing` (what is needed), and a terminal asks again until
    /// `valid` passes, an empty line included.
    pub(crate) fn ask_required_checked_list(
        &mut self,
        side: Side,
        name: &str,
        question: &str,
        valid: &dyn Fn(&str) -> Result<(), String>,
        missing: &str,
    ) -> Result<Vec<String>, Error> {
        if let Prompter::Scripted(a) = self {
            if a.get(side, name).is_none() {
                return Err(Error::MissingAnswer {
                    id: format!("{}.{name}", side.id()),
                    expected: missing.to_string(),
                });
            }
            return self.ask_list(side, name, question);
        }
        self.terminal_list(side, name, question, valid, false)
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
        // One possible answer is no question (e.g. Recon with no CPP left).
        if min == max {
            return Ok(min);
        }
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
                if let Some(n) = self
                    .replayed(side, name, question)
                    .and_then(|v| v.as_integer())
                    .filter(|n| (min..=max).contains(n))
                {
                    return Ok(n);
                }
                self.terminal_or_missing(side, name)?;
                let expected = format!("a whole number from {min} to {max}");
                let again = self.again(side, name).map(|v| shown(&v));
                let back = self.may_take_back();
                let text = ask_line(
                    question,
                    Asked {
                        default: default.map(|d| d.to_string()),
                        again,
                    },
                    |t| {
                        t.parse::<i64>()
                            .ok()
                            .filter(|n| (min..=max).contains(n))
                            .map(|_| ())
                            .ok_or_else(|| {
                                format!("`{t}` is not {expected}: type one and press Enter")
                            })
                    },
                    &back,
                )?;
                Ok(text.parse().expect("validated"))
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
                if let Some(v) = self
                    .replayed(side, name, question)
                    .and_then(|v| v.as_str().map(str::to_ascii_lowercase))
                    .filter(|v| options.contains(&v.as_str()))
                {
                    return Ok(v);
                }
                self.terminal_or_missing(side, name)?;
                let listed = options.join("/");
                let again = self.again(side, name).map(|v| shown(&v));
                let back = self.may_take_back();
                let text = ask_line(
                    &format!("{question} [{listed}]"),
                    Asked {
                        default: default.map(str::to_string),
                        again,
                    },
                    |t| {
                        if options.contains(&t.to_ascii_lowercase().as_str()) {
                            Ok(())
                        } else {
                            Err(format!(
                                "`{t}` is not one of {listed}: type one and press Enter"
                            ))
                        }
                    },
                    &back,
                )?;
                Ok(text.to_ascii_lowercase())
            }
        }
    }

    /// A line of text at the terminal, checked by `valid` and asked again
    /// until it passes; Enter alone takes `default`. An answers file has no
    /// such answer: its caller reads the file's own table instead.
    pub(crate) fn ask_text(
        &mut self,
        side: Side,
        name: &str,
        question: &str,
        default: Option<String>,
        valid: impl Fn(&str) -> Result<(), String>,
    ) -> Result<String, Error> {
        if let Prompter::Scripted(_) = self {
            return Err(Error::MissingAnswer {
                id: format!("{}.{name}", side.id()),
                expected: "an answer typed at the terminal".into(),
            });
        }
        if let Some(v) = self.replayed(side, name, question)
            && let Some(text) = v.as_str().filter(|t| valid(t).is_ok())
        {
            return Ok(text.to_string());
        }
        self.terminal_or_missing(side, name)?;
        let again = self.again(side, name).map(|v| shown(&v));
        let back = self.may_take_back();
        ask_line(question, Asked { default, again }, valid, &back)
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
                if let Some(b) = self
                    .replayed(side, name, question)
                    .and_then(|v| v.as_bool())
                {
                    return Ok(b);
                }
                self.terminal_or_missing(side, name)?;
                // A refused yes or no is asked again with the rules' own
                // default: Enter takes what the question says it takes.
                let _ = self.again(side, name);
                confirm(question, default)
            }
        }
    }

    /// One keyboard, secret information ahead: the other side looks away.
    pub fn begin_secret(&mut self, side: Side) -> Result<(), Error> {
        self.in_secret_block(Some(side));
        if let Prompter::Terminal {
            both: true, screen, ..
        } = self
            && std::io::stdin().is_terminal()
        {
            let handed = screen.take_handed(side);
            screen.open();
            let term = console::Term::stdout();
            let _ = term.write_line(&format!(
                "\n=== {} player only: the {} player looks away. ===",
                side.name(),
                side.other().name()
            ));
            // No by default, and asked until answered Yes: a stray Enter
            // must not show one side's secrets to the other. Handed over
            // straight from the other's block, that was asked there.
            if !handed {
                until_yes(&format!("{} player ready? (type y and Enter)", side.name()))?;
            }
        }
        Ok(())
    }

    /// The secret block is over and the other side's begins at once: one
    /// confirmation, the side's own, hands the keyboard over (he looks away
    /// as he answers), and the screen is cleared between the two blocks.
    pub fn pass_secret(&mut self, side: Side) -> Result<(), Error> {
        self.in_secret_block(None);
        if let Prompter::Terminal {
            both: true, screen, ..
        } = self
            && screen.is_open()
        {
            let done = until_yes(&format!(
                "{} player done? The screen is cleared and the {} player's block begins at once: the {} player looks away (type y and Enter)",
                side.name(),
                side.other().name(),
                side.name()
            ));
            screen.close();
            done?;
            screen.hand_to(side.other());
        }
        Ok(())
    }

    /// The secret block is over: clear the screen before handing back.
    pub fn end_secret(&mut self, side: Side) -> Result<(), Error> {
        self.in_secret_block(None);
        if let Prompter::Terminal {
            both: true, screen, ..
        } = self
            && screen.is_open()
        {
            let done = confirm(
                &format!("{} player done? (the screen will be cleared)", side.name()),
                Some(true),
            );
            screen.close();
            done?;
        }
        Ok(())
    }

    /// The secret block stopped on `e`: its screen is cleared all the same,
    /// after the side has read why (`done?`), or at once on Ctrl-C. Gives
    /// `e` back for the run to stop on.
    pub fn stop_secret(&mut self, side: Side, e: Error) -> Error {
        if !matches!(e, Error::Interrupted) {
            let mut shown = false;
            if let Prompter::Terminal {
                both: true, screen, ..
            } = self
                && screen.is_open()
            {
                let _ = console::Term::stdout()
                    .write_line(&format!("The {} block stopped: {e}", side.name()));
                shown = true;
            }
            if let Err(again) = self.end_secret(side) {
                return again;
            }
            if shown {
                self.in_secret_block(None);
                return Error::SecretBlockStopped {
                    side: side.name().to_string(),
                    id: side.id().to_string(),
                };
            }
        }
        self.in_secret_block(None);
        if let Prompter::Terminal { screen, .. } = self {
            screen.close();
        }
        e
    }
}

/// How an answer given again is shown (`I1`, `["I1", "I2"]`, `2`).
fn shown(v: &toml::Value) -> String {
    match v {
        toml::Value::String(s) => s.clone(),
        // An empty list is what Enter gives: the question's default, which
        // it names (none, or the picks it offers).
        toml::Value::Array(items) if items.is_empty() => "Enter (the default)".into(),
        toml::Value::Array(items) => items
            .iter()
            .map(|i| i.as_str().map_or_else(|| i.to_string(), str::to_string))
            .collect::<Vec<_>>()
            .join(", "),
        other => other.to_string(),
    }
}

/// A list answer's strings.
fn strings_of(v: &toml::Value) -> Option<Vec<String>> {
    v.as_array()?
        .iter()
        .map(|i| i.as_str().map(str::to_string))
        .collect()
}

impl Prompter {
    /// At a terminal, the answer an earlier try of the step gave
    /// `side.name`, given again and said on the screen.
    fn replayed(&mut self, side: Side, name: &str, question: &str) -> Option<toml::Value> {
        let v = self.offered(side, name)?;
        let q = if question.is_empty() { name } else { question };
        let _ = console::Term::stdout().write_line(&format!("{q}: {} (kept)", shown(&v)));
        Some(v)
    }

    /// A list at a terminal: given again, or asked (its earlier answer, if
    /// it is asked again, the default).
    fn terminal_list(
        &mut self,
        side: Side,
        name: &str,
        question: &str,
        valid: &dyn Fn(&str) -> Result<(), String>,
        empty: bool,
    ) -> Result<Vec<String>, Error> {
        if let Some(list) = self
            .replayed(side, name, question)
            .as_ref()
            .and_then(strings_of)
        {
            return Ok(list);
        }
        self.terminal_or_missing(side, name)?;
        // An empty list refused is Enter again: nothing to bring back.
        let again = self
            .again(side, name)
            .filter(|v| v.as_array().is_none_or(|a| !a.is_empty()))
            .map(|v| shown(&v));
        let back = self.may_take_back();
        typed_list(question, again, valid, empty, &back)
    }
}
