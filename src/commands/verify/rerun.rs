//! One step run again for `votg verify` and `votg audit`: on the recorded
//! answers (and, on two machines, both isolation reports or the other
//! side's removals) with the dice it was played with.

use std::collections::HashMap;

use super::exchanged;
use crate::commands::refit::{context, perform};
use crate::model::event::{DiceUsed, StepRef};
use crate::model::journal::{JournalRow, Kind};
use crate::model::row::LoggedRow;
use crate::model::state::CampaignState;
use crate::rules::answers::{Answers, Queue};
use crate::rules::cg_def::CgDef;
use crate::rules::dice::{Roll, Seeds};
use crate::rules::output::Output;
use crate::rules::prompt::Prompter;
use crate::rules::reph::session::{CampaignDice, Session};
use crate::rules::tables::Tables;

/// How a step was played: where its dice came from, and whether it was
/// answered at a terminal.
pub(super) struct Replay {
    pub used: DiceUsed,
    pub typed: bool,
    /// Answers handed out before the step's own (on two machines, the
    /// other side's public answers in the joint step a half runs again).
    pub first: Vec<(String, toml::Value)>,
    /// Two machines, 12.606-12.607: both sides' isolation reports as the
    /// step's `[isolation]`.
    pub reported: Option<crate::rules::reph::isolation_record::IsolationAnswers>,
    /// Two machines, a side's `12.617 removal`: his fortifications the
    /// other side's 12.617 Eliminated.
    pub removed: Vec<crate::model::force::CounterId>,
    /// Two machines: the side whose half ran it and what it knew beyond
    /// its state (the prisoners the public log gave then).
    pub half: Option<crate::rules::reph::session::Half>,
}

/// The campaign after `step` run again from `before` on the recorded
/// answers and dice, and on two machines what it did to the other side's
/// counters; or why it could not be run again.
#[allow(clippy::too_many_arguments)]
pub(super) fn rerun(
    before: &mut CampaignState,
    step: &StepRef,
    how: Replay,
    rows: &[&LoggedRow],
    record: &Answers,
    (seeds, given): (Option<Seeds>, Option<exchanged::Given>),
    tables: &Tables,
    def: &CgDef,
) -> Result<(CampaignState, crate::model::exchange::Told), String> {
    let journal: Vec<JournalRow> = rows.iter().map(|r| r.to_row(0, "")).collect();
    let mut answers = record
        .clone()
        .with_queue(Queue::of(&journal).after(&how.first));
    answers.as_typed = how.typed;
    let used = how.used;
    let mut prompter = Prompter::Scripted(Box::new(answers));
    let mut dice = match (used, seeds) {
        _ if given.is_some() => {
            let (dice, sink) = given.expect("given");
            prompter.keep_drafts(sink);
            dice
        }
        (DiceUsed::Campaign, Some(seeds)) => CampaignDice::seeded(seeds, used),
        (DiceUsed::Seed(n), _) => CampaignDice::seeded(Seeds::from_number(n), used),
        (DiceUsed::Campaign, None) => {
            return Err("the campaign's dice keys are not in this folder".into());
        }
        _ => CampaignDice::recorded(recorded_dice(rows), used),
    };
    dice.begin_step(&context(before, step));
    prompter.set_day(before.campaign.cg_day());
    let mut out = Output::nowhere();
    // The journal is lent to the re-run rather than copied (the rules may
    // read it), and given back; the re-run keeps only the rows it added.
    let kept = before.journal.len();
    let journal = std::mem::take(&mut before.journal);
    let mut state = before.clone();
    state.journal = journal;
    let mut session = Session {
        reported: how.reported,
        removed: how.removed,
        half: how.half,
        ..Session::new((tables, def), state, &mut dice, &mut prompter, &mut out)
    };
    let standing = before.campaign.step.clone();
    let performed = perform(&mut session, step).map_err(|e| e.to_string());
    if performed.is_ok() {
        session.journal_answers(|side| standing.of(side).to_string());
    }
    let told = std::mem::take(&mut session.told);
    let mut after = session.state;
    let added = after.journal.split_off(kept.min(after.journal.len()));
    before.journal = std::mem::replace(&mut after.journal, added);
    performed.map(|_| (after, told))
}

fn recorded_dice(rows: &[&LoggedRow]) -> HashMap<String, Roll> {
    rows.iter()
        .filter(|r| r.kind == Kind::Roll && !r.label.is_empty())
        .filter_map(|r| {
            let faces = crate::rules::dice::parse_faces(&r.dice, "log").ok()?;
            Some((r.label.clone(), Roll::new(faces)))
        })
        .collect()
}
