//! How a run on a half appends a step: its own step with the epochs of
//! its dice, a joint step with the public part and its own, its half of a
//! joint step with its own part once its public outcome agrees with the
//! other side's.

use super::{Plan, Run, ledger, me, steps::reveal_public};
use crate::error::Error;
use crate::model::event::{DiceUsed, PublicKind, StepRef};
use crate::model::exchange::{Epoch, TwoStep};
use crate::model::facts::{self, Fact};
use crate::model::journal::JournalRow;
use crate::model::side::Side;
use crate::model::state::CampaignState;
use crate::store::split;

/// Appends the step just done, as its plan says; `Some(state)` where the
/// campaign is to be read again from the logs.
pub(in crate::commands::refit) fn commit(
    run: &mut Run,
    step: &StepRef,
    next: &CampaignState,
    kept: usize,
) -> Result<Option<CampaignState>, Error> {
    let (me, plan) = {
        let t = run.two.as_ref().expect("two machines");
        (t.me, t.plan.clone())
    };
    let at = crate::model::journal::now();
    let Some(d) = run.dice.exchange() else {
        return Err(Error::Refused("two-machine dice expected".into()));
    };
    if let Some(why) = d.broken() {
        return Err(Error::Refused(format!("{why}. Nothing was changed.")));
    }
    let dice = Rolled {
        epochs: d.used().to_vec(),
        answered_at: d.answered_at(),
    };
    let public_used = d.public_used();
    match plan {
        Plan::Own {
            pledge_only: true, ..
        } => {
            let answers = run.prompter.step_answers();
            run.writer
                .append_pledge(&at, me, step.clone(), answers, dice.epochs, None)?;
            run.two.as_mut().expect("two").pledged = true;
            Err(Error::NeedsNonce)
        }
        Plan::Own { .. } => {
            let two = TwoStep {
                by: me,
                public: None,
            };
            append_two(run, step, next, kept, dice, two, Keep::Own)?;
            run.writer.write_views(next)?;
            Ok(None)
        }
        Plan::Joint { k, .. } => {
            if public_used && ledger(run).public_nonce(me, k).is_none() {
                let seed = run.two.as_ref().expect("two").seed;
                reveal_public(run, me, seed, k)?;
            }
            let two = TwoStep {
                by: me,
                public: public_used.then_some(k),
            };
            append_two(run, step, next, kept, dice, two, Keep::Joint)?;
            run.writer.write_views(next)?;
            Ok(None)
        }
        Plan::Half { of, .. } => {
            agree(run, of, next, kept)?;
            let public = match &run.writer.opened.events.public[of as usize - 1].kind {
                PublicKind::Step { two: Some(t), .. } => t.public,
                _ => None,
            };
            let two = TwoStep { by: me, public };
            append_two(run, step, next, kept, dice, two, Keep::Half)?;
            let state = run.writer.opened.state().clone();
            run.writer.write_views(&state)?;
            Ok(Some(state))
        }
    }
}

/// What a step's own rolls were drawn with: the nonce of each (by how many
/// answers came before it), and the latest commitment of its answers.
struct Rolled {
    epochs: Vec<Epoch>,
    answered_at: Option<u64>,
}

/// What of a step's facts and rows a half records.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Keep {
    /// Its own step: all (a step that changes the other side is refused).
    Own,
    /// A joint step it performs first: the public part and its own.
    Joint,
    /// Its half of a joint step: only its own secret part (the public part
    /// is the performer's, which its own run must agree with).
    Half,
}

fn row_side(r: &JournalRow) -> Option<Side> {
    r.side.parse().ok()
}

/// Appends the step that made `next` from the run's state (its journal
/// `kept` rows long), keeping what `keep` says.
fn append_two(
    run: &mut Run,
    step: &StepRef,
    next: &CampaignState,
    kept: usize,
    dice: Rolled,
    two: TwoStep,
    keep: Keep,
) -> Result<(), Error> {
    let me = two.by;
    let other = me.other();
    let all = facts::between(&run.state, next);
    let rows = &next.journal[kept..];
    if keep == Keep::Own
        && (all.iter().any(|f| f.side() == Some(other))
            || rows.iter().any(|r| row_side(r) == Some(other)))
    {
        return Err(Error::Refused(format!(
            "{} changes the {}'s forces, which only his half holds: votg does not carry this out on two machines yet (docs/two-machines.md §12). Nothing was changed.",
            step.label(),
            other.name()
        )));
    }
    let facts: Vec<Fact> = all
        .into_iter()
        .filter(|f| match keep {
            Keep::Half => f.side() == Some(me),
            _ => f.side() != Some(other),
        })
        .collect();
    // A joint step's public rows (about either side) are its performer's to
    // record, and the other half's to agree with; each side's secret rows
    // are its own.
    let rows: Vec<JournalRow> = rows
        .iter()
        .filter(|r| match keep {
            Keep::Half => r.secret && row_side(r) == Some(me),
            Keep::Joint => !r.secret || row_side(r) != Some(other),
            Keep::Own => true,
        })
        .cloned()
        .collect();
    let at = crate::model::journal::now();
    let (public, mut parts) = split(&facts, &rows, &at);
    let slot = if me == Side::German { 0 } else { 1 };
    // Answers not committed before (a fresh one, after the step's last
    // roll) are committed by this event itself.
    let n = run.writer.opened.events_len() + 1;
    parts[slot].epochs = dice.epochs;
    parts[slot].answered_at = dice.answered_at.map(|a| a.min(n));
    parts[1 - slot] = Default::default();
    let digest = run.tables.digest.clone();
    let typed = run.prompter.at_terminal();
    let step = step.clone();
    run.writer.append(
        &at,
        |commit| PublicKind::Step {
            step,
            dice: DiceUsed::Exchanged,
            votg: crate::VERSION.into(),
            tables: digest,
            typed,
            facts: public.0,
            rows: public.1,
            commit,
            two: Some(two),
        },
        parts,
        Some(me),
    )?;
    Ok(())
}

/// A half's re-run of a joint step gives the public outcome the other side
/// recorded, or both stop here.
fn agree(run: &Run, of: u64, next: &CampaignState, kept: usize) -> Result<(), Error> {
    let e = &run.writer.opened.events.public[of as usize - 1];
    let PublicKind::Step {
        step, facts, rows, ..
    } = &e.kind
    else {
        return Err(Error::Refused(format!("event {of} is no step")));
    };
    let key = |f: &Fact| serde_json::to_string(f).unwrap_or_default();
    let mut theirs: Vec<String> = facts.iter().map(key).collect();
    let mut mine: Vec<String> = facts::between(&run.state, next)
        .iter()
        .filter(|f| f.side().is_none())
        .map(key)
        .collect();
    theirs.sort();
    mine.sort();
    let text = |r: &crate::model::row::LoggedRow| {
        format!("{} {} {} {}", r.what, r.dice, r.result, r.answer)
    };
    let their_rows: Vec<String> = rows.iter().map(text).collect();
    let my_rows: Vec<String> = next.journal[kept..]
        .iter()
        .filter(|r| !r.secret)
        .map(|r| text(&crate::model::row::LoggedRow::of(r, "")))
        .collect();
    if theirs == mine && their_rows == my_rows {
        return Ok(());
    }
    Err(Error::Refused(format!(
        "{}: the public outcome your half gives differs from the one the {} recorded (event {of}).\n  his:  {}\n  yours: {}\nBoth halves stop here until one side amends (docs/two-machines.md §8). Nothing was changed.",
        step.label(),
        me(run).other().name(),
        their_rows.join("; "),
        my_rows.join("; ")
    )))
}
