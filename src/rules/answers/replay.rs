//! Answers replayed from a journal (`votg verify`): each side's recorded
//! answers handed out by question id in journal order, so a question asked
//! on several CG Days, or typed at a terminal and asked again, gets the
//! answer it got then; and each scenario record (12.604) as the players
//! gave it.

use std::collections::{BTreeMap, VecDeque};

use super::Answers;
use crate::error::Error;
use crate::model::journal::{JournalRow, Kind};

/// The answer id of the row that records the scenario-end answers as given
/// (`[scenario]`, `[<side>.outcome]`, `[isolation]`).
pub const RECORD_ID: &str = "scenario.record";

/// The row a scenario-end list asked at its step (12.610's Blazes) is
/// journaled as, at a terminal and from a file alike: its items, or none.
pub const BLAZES_ID: &str = "scenario.blazes";

/// Each question's recorded answers, oldest first; `None` where the rules'
/// default was taken (no answer was given then, so none is given now).
#[derive(Debug, Clone, Default)]
pub struct Queue(BTreeMap<String, VecDeque<Option<toml::Value>>>);

impl Queue {
    /// The journal's answer rows, the scenario records aside; and each
    /// `scenario.blazes` decision (12.610's list, typed at a terminal or
    /// from `[scenario] blazes`), so a step replays on what was given.
    pub fn of(journal: &[JournalRow]) -> Queue {
        let mut q = Queue::default();
        for r in journal {
            if r.kind == Kind::Decision && r.what == BLAZES_ID {
                let items = match r.result.as_str() {
                    "none" => Vec::new(),
                    listed => listed
                        .split(',')
                        .map(|t| toml::Value::String(t.trim().to_string()))
                        .collect(),
                };
                q.0.entry(BLAZES_ID.to_string())
                    .or_default()
                    .push_back(Some(toml::Value::Array(items)));
            }
        }
        for r in journal.iter().filter(|r| r.kind == Kind::Answer) {
            if r.answer_id == RECORD_ID {
                continue;
            }
            let value = if r.result.ends_with("(the default: no answer given)") {
                None
            } else {
                r.answer_value()
            };
            q.0.entry(r.answer_id.to_string())
                .or_default()
                .push_back(value);
        }
        q
    }

    /// Answers given before, in order (a step's pledge on two machines).
    pub fn given(answers: &[(String, toml::Value)]) -> Queue {
        let mut q = Queue::default();
        for (id, value) in answers {
            q.0.entry(id.clone())
                .or_default()
                .push_back(Some(value.clone()));
        }
        q
    }

    /// These answers with `first` handed out before them, each to its
    /// question (on two machines, the other side's public answers in the
    /// joint step a side's half runs again).
    pub fn after(mut self, first: &[(String, toml::Value)]) -> Queue {
        for (id, value) in first.iter().rev() {
            self.0
                .entry(id.clone())
                .or_default()
                .push_front(Some(value.clone()));
        }
        self
    }

    /// The next answer to `id`: `Some(None)` for a default taken, `None`
    /// when the journal has no more answers to it.
    fn next(&self, id: &str) -> Option<Option<&toml::Value>> {
        self.0.get(id)?.front().map(Option::as_ref)
    }
}

impl Answers {
    /// Answers that hand out `queue`, with the scenario record `record`
    /// (answers-file text: `[scenario]`, `[<side>.outcome]`, `[isolation]`).
    pub fn replaying(record: &str, queue: Queue) -> Result<Answers, Error> {
        let mut a = Answers::from_text(record.to_string(), "journal.csv".into())?;
        a.replay = Some(queue);
        Ok(a)
    }

    /// These answers replaying `queue`.
    pub fn with_queue(mut self, queue: Queue) -> Answers {
        self.replay = Some(queue);
        self
    }

    /// Answers committed before (a pledge, DESIGN §9) handed out first, each
    /// to its question; the file answers the rest.
    pub fn give_first(&mut self, queue: Queue) {
        self.replay = Some(queue);
    }

    /// `side`'s own tables of the file (its answers, outcome, per-day
    /// answers), as TOML: what a side commits on two machines.
    pub fn side_text(&self, side: crate::model::side::Side) -> String {
        let full: toml::Table = toml::from_str(&self.text).unwrap_or_default();
        let mut out = toml::Table::new();
        if let Some(t) = full.get(side.id()) {
            out.insert(side.id().into(), t.clone());
        }
        toml::to_string(&out).unwrap_or_default()
    }

    /// The replayed answer to `id`, if this is a replay that has one.
    pub(super) fn replayed(&self, id: &str) -> Option<Option<&toml::Value>> {
        self.replay.as_ref()?.next(id)
    }

    /// Whether this is a replay with an answer to `id` still to hand out
    /// (the question was asked then, at the terminal or from a file).
    pub fn replays(&self, id: &str) -> bool {
        self.replayed(id).is_some()
    }

    /// The list replayed for a scenario-end question asked at its step
    /// (`scenario.blazes`), taken, if this is a replay that has one.
    pub fn replayed_items(&mut self, id: &str) -> Option<Vec<String>> {
        let value = self.replayed(id)??.clone();
        self.taken(id);
        let items = value.as_array()?;
        Some(
            items
                .iter()
                .filter_map(|v| v.as_str().map(str::to_string))
                .collect(),
        )
    }

    /// The answer to `id` was taken: the next one is handed out next time.
    pub(crate) fn taken(&mut self, id: &str) {
        if let Some(q) = self.replay.as_mut().and_then(|q| q.0.get_mut(id)) {
            q.pop_front();
        }
    }

    /// The queue, to carry over to the next scenario record's answers.
    pub fn take_queue(&mut self) -> Queue {
        self.replay.take().unwrap_or_default()
    }

    /// The public scenario-end answers as given, as answers-file text, for
    /// the journal's public `scenario.record` row: `[scenario]` (with a
    /// Counterattack given under [russian]) and `[isolation]`. Each side's
    /// `[<side>.outcome]` is its secret, journalled in its own rows.
    pub fn record_text(&self) -> String {
        let full: toml::Table = toml::from_str(&self.text).unwrap_or_default();
        let mut out = toml::Table::new();
        let mut scenario = self.scenario().cloned().unwrap_or_default();
        let russian = self
            .sides
            .get("russian")
            .and_then(|t| t.get("counterattack"));
        if russian.is_some_and(|v| v.get_ref() == &toml::Value::Boolean(true)) {
            scenario.insert("counterattack".into(), toml::Value::Boolean(true));
        }
        out.insert("scenario".into(), toml::Value::Table(scenario));
        if let Some(i) = full.get("isolation") {
            out.insert("isolation".into(), i.clone());
        }
        toml::to_string(&out).unwrap_or_default()
    }
}
