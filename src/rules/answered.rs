//! Every answer a step receives — typed, read from an answers file, or the
//! rules' default taken — is recorded with its prompt id, so the step runner
//! can journal it (a step can be re-run from the journal alone).
//! These are the question methods step code calls; `prompt.rs` asks.

use crate::error::Error;
use crate::model::side::Side;
use crate::rules::prompt::Prompter;

/// An answer a step received, kept until the step journals it.
#[derive(Debug, Clone, PartialEq)]
pub struct Answered {
    pub side: Side,
    pub name: String,
    pub question: String,
    pub value: toml::Value,
    /// The answers file had none and the rules' default was taken.
    pub defaulted: bool,
    /// Given in the side's secret block (the other side looking away), so
    /// its journal row is secret.
    pub secret: bool,
    /// The rules' default the question offered, if it has one: an answer
    /// equal to it is the one an answers file that leaves the question out
    /// committed (docs/two-machines.md §4).
    pub default: Option<toml::Value>,
}

impl Answered {
    /// The prompt id, `german.buy`.
    pub fn id(&self) -> String {
        format!("{}.{}", self.side.id(), self.name)
    }
}

/// Writes each answer typed at the terminal where it survives the command
/// (the side's log, as a draft: DESIGN §6).
pub type DraftSink = std::rc::Rc<std::cell::RefCell<dyn FnMut(&Answered) -> Result<(), Error>>>;

/// The answers given since the step runner last took them, and whose secret
/// block the questions are asked in; at a terminal, the answers of an
/// earlier try of the step offered again, and where each typed answer is
/// kept at once.
#[derive(Clone, Default)]
pub struct Record {
    answered: Vec<Answered>,
    secret_for: Option<Side>,
    /// By prompt id, the answers an earlier try of this step was given (a
    /// refusal asked again, a choice taken back, a step resumed after
    /// Ctrl-C): each given again, in order, as it was typed.
    offered: std::collections::BTreeMap<String, std::collections::VecDeque<toml::Value>>,
    /// The answer refused, its question asked again: offered to change
    /// (↑), never as the default.
    again: Option<(String, toml::Value)>,
    sink: Option<DraftSink>,
    /// Dice rolled in the step so far, and when each answer was given: a
    /// choice is taken back only before a roll made after it.
    rolls: usize,
    rolls_at: Vec<usize>,
    /// Every answer of this try of the step, in order (journalling takes
    /// `answered`, not these).
    step_answers: Vec<(String, toml::Value)>,
}

impl Record {
    /// Whether `side` has answered a question of this try of the step.
    pub fn gave(&self, side: Side) -> bool {
        let prefix = format!("{}.", side.id());
        self.step_answers
            .iter()
            .any(|(id, _)| id.starts_with(&prefix))
    }
}

impl std::fmt::Debug for Record {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Record")
            .field("answered", &self.answered)
            .field("secret_for", &self.secret_for)
            .field("offered", &self.offered)
            .finish()
    }
}

/// Every question asked is recorded with its answer, so the step runner can
/// journal it (`take_answered`).
impl Prompter {
    fn record_mut(&mut self) -> &mut Record {
        match self {
            Prompter::Terminal { record, .. } => record,
            Prompter::Scripted(a) => &mut a.record,
        }
    }

    /// Answers given from now on are `side`'s secrets (its secret block
    /// begins), or nobody's (`None`: the block is over).
    pub(crate) fn in_secret_block(&mut self, side: Option<Side>) {
        self.record_mut().secret_for = side;
    }

    /// Whether an answers file leaves `side.name` out (its default is taken).
    fn absent(&self, side: Side, name: &str) -> bool {
        matches!(self, Prompter::Scripted(a) if a.get(side, name).is_none())
    }

    /// Records an answer a step received by other means than these
    /// questions (e.g. the purchases given to `votg buy`); it is secret when
    /// given in `side`'s secret block.
    pub fn record(
        &mut self,
        side: Side,
        name: &str,
        question: &str,
        value: toml::Value,
        defaulted: bool,
    ) {
        self.record_default(side, name, question, value, defaulted, None);
    }

    /// As `record`, for a question whose rules' default is `default`.
    fn record_default(
        &mut self,
        side: Side,
        name: &str,
        question: &str,
        value: toml::Value,
        defaulted: bool,
        default: Option<toml::Value>,
    ) {
        let secret = self.record_mut().secret_for == Some(side);
        self.push(side, name, question, value, (defaulted, default), secret);
    }

    /// Records an answer that is `side`'s secret wherever it was given
    /// (`votg buy` runs no secret block: it is one side's own command).
    pub fn record_secret(&mut self, side: Side, name: &str, question: &str, value: toml::Value) {
        self.push(side, name, question, value, (false, None), true);
    }

    fn push(
        &mut self,
        side: Side,
        name: &str,
        question: &str,
        value: toml::Value,
        (defaulted, default): (bool, Option<toml::Value>),
        secret: bool,
    ) {
        if let Prompter::Scripted(a) = self {
            a.taken(&format!("{}.{name}", side.id()));
        }
        let answer = Answered {
            side,
            name: name.into(),
            question: question.into(),
            value,
            defaulted,
            secret,
            default,
        };
        let record = self.record_mut();
        if let Some(sink) = &record.sink {
            // A draft that cannot be kept is no reason to stop the step:
            // the answer still counts once the step is done.
            let _ = (sink.borrow_mut())(&answer);
        }
        record.rolls_at.push(record.rolls);
        record
            .step_answers
            .push((answer.id(), answer.value.clone()));
        record.answered.push(answer);
    }

    /// Keeps an answer typed at the terminal as a draft at once (DESIGN §6)
    /// for a step that journals its answers its own way once done (the
    /// scenario record, 12.6041): given again if the step is resumed, taken
    /// back by `back`, but never journaled from here.
    pub fn keep_draft(&mut self, side: Side, name: &str, value: toml::Value) {
        let Prompter::Terminal { .. } = self else {
            return;
        };
        let secret = self.record_mut().secret_for == Some(side);
        let answer = Answered {
            side,
            name: name.into(),
            question: String::new(),
            value,
            defaulted: false,
            secret,
            default: None,
        };
        let record = self.record_mut();
        if let Some(sink) = &record.sink {
            let _ = (sink.borrow_mut())(&answer);
        }
        record.rolls_at.push(record.rolls);
        record.step_answers.push((answer.id(), answer.value));
    }

    /// Where each answer typed from now on is kept as it is typed.
    pub fn keep_drafts(&mut self, sink: DraftSink) {
        self.record_mut().sink = Some(sink);
    }

    /// Answers of an earlier try of this step, each given again to its
    /// question in order; `again`, asked again with its answer offered.
    pub fn offer(
        &mut self,
        answers: &[(String, toml::Value)],
        again: Option<(String, toml::Value)>,
    ) {
        let record = self.record_mut();
        record.offered.clear();
        for (id, value) in answers {
            record
                .offered
                .entry(id.clone())
                .or_default()
                .push_back(value.clone());
        }
        record.again = again;
    }

    /// The answer an earlier try gave `side.name`, to give again.
    pub(crate) fn offered(&mut self, side: Side, name: &str) -> Option<toml::Value> {
        let id = format!("{}.{name}", side.id());
        self.record_mut().offered.get_mut(&id)?.pop_front()
    }

    /// The answer refused a moment ago, offered to edit when `side.name` is
    /// asked again (never its default).
    pub(crate) fn again(&mut self, side: Side, name: &str) -> Option<toml::Value> {
        let id = format!("{}.{name}", side.id());
        let record = self.record_mut();
        match &record.again {
            Some((a, _)) if *a == id => record.again.take().map(|(_, v)| v),
            _ => None,
        }
    }

    /// A roll was made (a choice before it can no longer be taken back).
    pub fn rolled(&mut self) {
        self.record_mut().rolls += 1;
    }

    /// A step begins: its rolls are counted afresh.
    pub fn begin_step(&mut self) {
        let record = self.record_mut();
        record.rolls = 0;
        record.rolls_at.clear();
        record.step_answers.clear();
    }

    /// Every answer of this try of the step so far, in order.
    pub fn step_answers(&mut self) -> Vec<(String, toml::Value)> {
        self.record_mut().step_answers.clone()
    }

    /// Whether the last answer may be taken back: no roll was made after it.
    pub(crate) fn may_take_back(&self) -> Result<(), String> {
        let record = match self {
            Prompter::Terminal { record, .. } => record,
            Prompter::Scripted(a) => &a.record,
        };
        match record.rolls_at.last() {
            None => Err("there is no answer of this step to take back".into()),
            Some(&at) if at < record.rolls => Err(
                "a roll was made after that answer, so it stands: finish the step, then `votg undo` takes the whole step back (the other side sees that it was)".into(),
            ),
            Some(_) => Ok(()),
        }
    }

    /// The answers recorded since the last call, oldest first.
    pub fn take_answered(&mut self) -> Vec<Answered> {
        std::mem::take(&mut self.record_mut().answered)
    }

    /// A required list (purchases, fortifications).
    pub fn list(&mut self, side: Side, name: &str, question: &str) -> Result<Vec<String>, Error> {
        let defaulted = self.absent(side, name);
        let v = self.ask_list(side, name, question)?;
        self.record(side, name, question, strings(&v), defaulted);
        Ok(v)
    }

    /// An optional list: missing means none (the rules' default).
    pub fn optional_list(
        &mut self,
        side: Side,
        name: &str,
        question: &str,
    ) -> Result<Vec<String>, Error> {
        self.checked_list(side, name, question, &|_| Ok(()))
    }

    /// An optional list a terminal asks again until `valid` passes.
    pub fn checked_list(
        &mut self,
        side: Side,
        name: &str,
        question: &str,
        valid: &dyn Fn(&str) -> Result<(), String>,
    ) -> Result<Vec<String>, Error> {
        let defaulted = self.absent(side, name);
        let v = self.ask_checked_list(side, name, question, valid)?;
        let none = Some(strings(&[]));
        self.record_default(side, name, question, strings(&v), defaulted, none);
        Ok(v)
    }

    /// A list that must be given (no default): an answers file without it
    /// is an error saying `missing`; a terminal asks until `valid` passes.
    pub fn required_checked_list(
        &mut self,
        side: Side,
        name: &str,
        question: &str,
        valid: &dyn Fn(&str) -> Result<(), String>,
        missing: &str,
    ) -> Result<Vec<String>, Error> {
        let v = self.ask_required_checked_list(side, name, question, valid, missing)?;
        self.record(side, name, question, strings(&v), false);
        Ok(v)
    }

    /// A number in `min..=max`; `default` where the rules have one.
    pub fn number(
        &mut self,
        side: Side,
        name: &str,
        question: &str,
        min: i64,
        max: i64,
        default: Option<i64>,
    ) -> Result<i64, Error> {
        let defaulted = self.absent(side, name);
        let v = self.ask_number(side, name, question, min, max, default)?;
        let default = default.map(toml::Value::Integer);
        self.record_default(
            side,
            name,
            question,
            toml::Value::Integer(v),
            defaulted,
            default,
        );
        Ok(v)
    }

    /// One of `options`; `default` where the rules have one.
    pub fn choice(
        &mut self,
        side: Side,
        name: &str,
        question: &str,
        options: &[&str],
        default: Option<&str>,
    ) -> Result<String, Error> {
        let defaulted = self.absent(side, name);
        let v = self.ask_choice(side, name, question, options, default)?;
        self.record_default(
            side,
            name,
            question,
            toml::Value::String(v.clone()),
            defaulted,
            default.map(|d| toml::Value::String(d.to_string())),
        );
        Ok(v)
    }

    /// Yes or no; `default` where the rules have one.
    pub fn yes_no(
        &mut self,
        side: Side,
        name: &str,
        question: &str,
        default: Option<bool>,
    ) -> Result<bool, Error> {
        let defaulted = self.absent(side, name);
        let v = self.ask_yes_no(side, name, question, default)?;
        let default = default.map(toml::Value::Boolean);
        self.record_default(
            side,
            name,
            question,
            toml::Value::Boolean(v),
            defaulted,
            default,
        );
        Ok(v)
    }
}

fn strings(items: &[String]) -> toml::Value {
    toml::Value::Array(
        items
            .iter()
            .map(|s| toml::Value::String(s.clone()))
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_answer_is_recorded_with_its_default_and_secrecy() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.toml");
        std::fs::write(&path, "[german]\nrecon = 1\n").unwrap();
        let mut p = Prompter::new(Some(&path), false).unwrap();
        p.begin_secret(Side::German).unwrap();
        assert_eq!(
            p.number(Side::German, "recon", "q", 0, 2, Some(0)).unwrap(),
            1
        );
        let kinds = ["normal", "stealthy", "lax"];
        p.choice(Side::German, "squad_type", "q", &kinds, Some("normal"))
            .unwrap();
        p.end_secret(Side::German).unwrap();
        assert!(!p.yes_no(Side::Russian, "night", "q", Some(false)).unwrap());
        let got = p.take_answered();
        let summary: Vec<_> = got
            .iter()
            .map(|a| (a.id(), a.value.to_string(), a.defaulted, a.secret))
            .collect();
        assert_eq!(
            summary,
            vec![
                ("german.recon".to_string(), "1".to_string(), false, true),
                ("german.squad_type".into(), "\"normal\"".into(), true, true),
                ("russian.night".into(), "false".into(), true, false),
            ]
        );
        assert!(p.take_answered().is_empty(), "taken once");
        // A missing required answer is an error, and nothing is recorded.
        assert!(p.list(Side::Russian, "buy", "q").is_err());
        assert!(p.take_answered().is_empty());
    }
}
