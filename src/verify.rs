//! `votg verify [DIR]`: re-derives the campaign from its journal and
//! compares every file. The replay starts where `votg new` starts (the CG's
//! initial state with the campaign's own dice keys), runs the RePh steps as
//! `votg refit` does, answering each question with the answer the journal
//! recorded and rolling the campaign's own dice streams (or, for a campaign
//! played with a dice file or typed dice, the faces the journal recorded),
//! and keeps everything in memory. A hand edit the loaders accept, or an
//! edited journal, shows as the first file, field, CG Day and step where
//! the re-derived campaign and the one on disk part.

use std::collections::BTreeMap;
use std::path::Path;

use crate::campaign::Position;
use crate::campaign_cmd::read;
use crate::cg_def::{self, CgDef};
use crate::cli::Global;
use crate::dice::ListedDice;
use crate::error::Error;
use crate::journal::{JournalRow, Kind};
use crate::output::Output;
use crate::prompt::Prompter;
use crate::reph::sequence::{self, Action, Flow, Scope, StepId};
use crate::reph::session::{CampaignDice, Session, Streams};
use crate::side::Side;
use crate::state::CampaignState;
use crate::store::Files;
use crate::tables::Tables;

mod diff;

pub use diff::Difference;

pub fn run(dir: &Path, global: &Global) -> Result<String, Error> {
    let tables = global.load_tables()?;
    let state = read(dir, &tables)?;
    let def = cg_def::load(&tables, state.campaign.cg)?;
    match check(&state, &tables, &def)? {
        None => Ok(format!(
            "{}: verified. Re-derived from `votg new` and the journal's {} row(s) (recorded answers and dice), every file agrees.\n",
            dir.display(),
            state.journal.len()
        )),
        Some(d) => Err(Error::Refused(format!(
            "{}: the campaign differs from what its journal re-derives.\n{d}\nEither a file was edited by hand or the journal was. `votg undo` takes back whole steps; a hand edit must be undone by hand.",
            dir.display()
        ))),
    }
}

/// The first difference between `state` and what its journal re-derives,
/// or `None` when every file agrees.
pub fn check(
    state: &CampaignState,
    tables: &Tables,
    def: &CgDef,
) -> Result<Option<Difference>, Error> {
    let first_day = state
        .journal
        .first()
        .map(|r| r.cg_day.clone())
        .unwrap_or_default();
    if let Some(r) = state.journal.iter().find(|r| r.cg_day != first_day) {
        return Err(Error::Refused(format!(
            "journal.csv row {} is on CG Day {}, after the first ({first_day}): the move to a new CG Day is made by hand in campaign.toml today (steps 12.601-12.620 are not carried out by votg), so votg verify cannot re-derive it. Nothing was changed.",
            r.seq, r.cg_day
        )));
    }
    let answers = answers_of(&state.journal)?;
    let seeded = replay(state, tables, def, &answers, Dice::Seeded)?;
    let first = compare(state, &seeded);
    if first.is_none() {
        return Ok(None);
    }
    // A campaign played with a dice file or typed dice: its dice are the
    // journal's; its own streams were never drawn on.
    let never_drawn =
        state.campaign.dice.used == 0 && Side::BOTH.iter().all(|&s| state.side(s).dice.used == 0);
    if never_drawn {
        let listed = replay(state, tables, def, &answers, Dice::Recorded)?;
        return Ok(compare(state, &listed));
    }
    Ok(first)
}

/// Where the replay's dice come from.
#[derive(Clone, Copy)]
enum Dice {
    /// The campaign's own streams from their start.
    Seeded,
    /// The faces the journal recorded, in order.
    Recorded,
}

/// The answers file the journal's answer rows make: each question's
/// answer, except those the step defaulted (no answer was given then, so
/// none is given now).
fn answers_of(journal: &[JournalRow]) -> Result<String, Error> {
    let mut sides: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
    for r in journal.iter().filter(|r| r.kind == Kind::Answer) {
        if r.result.ends_with("(the default: no answer given)") {
            continue;
        }
        let (side, name) = r.answer_id.split_once('.').unwrap_or(("", &r.answer_id));
        let slot = sides.entry(side.to_string()).or_default();
        // An answers file gives one answer to a question asked more than
        // once (once per RG, say): the same answer each time replays so.
        if slot
            .insert(name.to_string(), r.answer.clone())
            .is_some_and(|earlier| earlier != r.answer)
        {
            return Err(Error::Refused(format!(
                "journal.csv row {}: `{}` was answered more than once, differently (at the terminal, or by `votg buy` before `votg refit`); votg verify re-derives a Refit Phase run from an answers file, with one answer per question. Nothing was changed.",
                r.seq, r.answer_id
            )));
        }
    }
    let mut text = String::new();
    for (side, answers) in sides {
        text.push_str(&format!("[{side}]\n"));
        for (name, value) in answers {
            text.push_str(&format!("{name} = {value}\n"));
        }
    }
    Ok(text)
}

/// Replays the campaign's Refit Phase in memory.
fn replay(
    state: &CampaignState,
    tables: &Tables,
    def: &CgDef,
    answers: &str,
    dice: Dice,
) -> Result<CampaignState, Error> {
    let seeds = state.seeds();
    let start = crate::new_campaign::initial_state_with(def, tables, seeds);
    let dice = match dice {
        Dice::Seeded => CampaignDice::Seeded {
            streams: Box::new(Streams::resume(&seeds, 0, 0, 0)),
            saved: true,
        },
        Dice::Recorded => {
            let faces: Vec<u8> = state
                .journal
                .iter()
                .filter(|r| r.kind == Kind::Roll)
                .filter_map(JournalRow::roll)
                .flat_map(|r| r.dice)
                .collect();
            CampaignDice::Listed(ListedDice::new(faces, "journal.csv"))
        }
    };
    let prompter = Prompter::Scripted(Box::new(crate::answers::Answers::from_text(
        answers.to_string(),
        "the journal's answers".into(),
    )?));
    let mut r = Replay {
        tables,
        def,
        state: start,
        dice,
        prompter,
        out: Output::memory(),
        goal: state.campaign.step.clone(),
    };
    // A step that fails in the replay ends it there: what it re-derived so
    // far is compared, and the difference names where they part.
    let _ = r.walk();
    Ok(r.state)
}

struct Replay<'a> {
    tables: &'a Tables,
    def: &'a CgDef,
    state: CampaignState,
    dice: CampaignDice,
    prompter: Prompter,
    out: Output,
    /// Where each side stands in the campaign on disk: the replay goes no
    /// further.
    goal: crate::campaign::Standing,
}

impl Replay<'_> {
    fn at(&self, side: Side) -> Position {
        self.state.campaign.step.of(side)
    }

    fn done(&self, side: Side) -> bool {
        self.at(side) == self.goal.of(side)
    }

    /// The runner's walk (`refit --side both`), stopping where the
    /// campaign on disk stands.
    fn walk(&mut self) -> Result<(), Error> {
        loop {
            for side in Side::BOTH {
                self.side_block(side)?;
            }
            match (self.at(Side::German), self.at(Side::Russian)) {
                (Position::At(g), Position::At(r))
                    if g == r
                        && g.step().scope == Scope::Joint
                        && !(self.done(Side::German) && self.done(Side::Russian)) =>
                {
                    if self.joint(g)? == Flow::Pause {
                        return Ok(());
                    }
                }
                _ => return Ok(()),
            }
        }
    }

    fn side_block(&mut self, side: Side) -> Result<(), Error> {
        let occasion = self.state.campaign.occasion.occasion();
        let mut block: Vec<StepId> = Vec::new();
        let mut at = self.at(side).step();
        while let Some(id) = at
            && matches!(id.step().scope, Scope::PerSide { .. })
        {
            block.push(id);
            at = sequence::next(occasion, id);
        }
        if block.is_empty() || self.done(side) {
            return Ok(());
        }
        self.prompter.begin_secret(side)?;
        let result = self.block(side, &block);
        self.prompter.end_secret(side)?;
        result
    }

    fn block(&mut self, side: Side, block: &[StepId]) -> Result<(), Error> {
        for &id in block {
            if self.done(side) {
                break;
            }
            let Action::PerSide(f) = id.step().action else {
                return Ok(());
            };
            self.step(|s| {
                let mark = crate::refit_cmd::mark(s);
                f(s, side)?;
                crate::refit_cmd::close(s, &[side], id, Flow::Next, mark);
                Ok(())
            })?;
        }
        Ok(())
    }

    fn joint(&mut self, id: StepId) -> Result<Flow, Error> {
        let Action::Joint(f) = id.step().action else {
            return Ok(Flow::Pause);
        };
        self.step(|s| {
            let mark = crate::refit_cmd::mark(s);
            let flow = f(s)?;
            crate::refit_cmd::close(s, &Side::BOTH, id, flow, mark);
            Ok(flow)
        })
    }

    /// One step as the runner does it, kept in memory instead of committed.
    fn step<T>(&mut self, f: impl FnOnce(&mut Session) -> Result<T, Error>) -> Result<T, Error> {
        let standing = self.state.campaign.step.clone();
        let mut session = Session {
            tables: self.tables,
            def: self.def,
            state: self.state.clone(),
            dice: &mut self.dice,
            prompter: &mut self.prompter,
            out: &mut self.out,
            concerns: Vec::new(),
        };
        let value = f(&mut session)?;
        session.journal_answers(|side| standing.of(side).to_string());
        let mut next = session.state;
        self.dice.save_position(&mut next);
        // The runner keeps this state after its commit (the files written
        // are compared at the end).
        self.state = next;
        self.out.discard();
        Ok(value)
    }
}

/// Every file of both campaigns, the journal's timestamps aside.
fn files_without_time(state: &CampaignState) -> Files {
    let mut s = state.clone();
    for r in &mut s.journal {
        r.time.clear();
    }
    s.to_files()
}

fn compare(disk: &CampaignState, derived: &CampaignState) -> Option<Difference> {
    diff::first(
        &files_without_time(disk),
        &files_without_time(derived),
        &disk.journal,
    )
}
