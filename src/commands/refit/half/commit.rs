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
    // The record of a scenario (12.6041) is read from the answers whole, not
    // question by question: it commits every answer of it at its event, and
    // no roll of the side after it takes a nonce sent before it.
    let record = matches!(step, StepRef::Record { .. })
        || matches!(step, StepRef::Half { step, .. } if step.starts_with("record "));
    let dice = Rolled {
        epochs: d.used().to_vec(),
        answered_at: if record {
            Some(crate::rules::reph::exchange_dice::FRESH)
        } else {
            d.answered_at()
        },
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
                sealed: seal_chit(run, step, next),
                eliminated: Vec::new(),
                told: told(run),
            };
            append_two(run, step, next, kept, dice, two, Keep::Own)?;
            if crate::commands::exchange::isolation::reads_reports(step) {
                return refolded(run).map(Some);
            }
            run.writer.write_views()?;
            Ok(None)
        }
        Plan::Joint { k, .. } => joint(run, step, next, kept, dice, (k, public_used)),
        Plan::Half { of, .. } => half(run, step, next, kept, dice, of),
    }
}

/// A joint step this half performs first: its public nonce revealed first
/// if the step rolled public dice.
fn joint(
    run: &mut Run,
    step: &StepRef,
    next: &CampaignState,
    kept: usize,
    dice: Rolled,
    (k, public_used): (u64, bool),
) -> Result<Option<CampaignState>, Error> {
    let me = me(run);
    // These steps roll for each side what its own state asks: 12.605 its
    // Encircled units' 1TCs, 12.611 its wounded leaders, 12.614 and 12.620
    // its SAN (12.6142; his SAN as this half holds it is the one he had at
    // the start). The other side's half may roll where this run did not, so
    // the step's public nonces are always its.
    let always = matches!(step, StepRef::Joint { step }
        if ["12.605", "12.611", "12.614", "12.620"].contains(&step.as_str()));
    // Where this run rolled nothing, the nonce is revealed only once the
    // other side can no longer answer anything in a step before this one
    // (his halves of them done, or his answers bound): he must not know
    // this step's dice while he does (`steps::reveal_owed` reveals it in a
    // later turn; his half waits for it meanwhile).
    let l = ledger(run);
    let other = me.other();
    let safe = public_used || l.pending_halves(other).is_empty() || l.bound(other);
    let public_used = public_used || always;
    if public_used && safe && l.public_nonce(me, k).is_none() {
        let seed = run.two.as_ref().expect("two").seed;
        reveal_public(run, me, seed, k)?;
    }
    let two = TwoStep {
        by: me,
        public: public_used.then_some(k),
        sealed: None,
        eliminated: Vec::new(),
        told: told(run),
    };
    append_two(run, step, next, kept, dice, two, Keep::Joint)?;
    if crate::commands::exchange::isolation::reads_reports(step) {
        return refolded(run).map(Some);
    }
    run.writer.write_views()?;
    Ok(None)
}

/// The other side's reported counters stood in his force for the step
/// (12.606-12.607, 12.617): the campaign is read again from the logs.
fn refolded(run: &mut Run) -> Result<CampaignState, Error> {
    run.writer.refold()?;
    let state = run.writer.opened.state().clone();
    run.writer.write_views()?;
    Ok(state)
}

/// This half's part of the joint step of event `of`, once its public facts
/// agree with the other side's.
fn half(
    run: &mut Run,
    step: &StepRef,
    next: &CampaignState,
    kept: usize,
    dice: Rolled,
    of: u64,
) -> Result<Option<CampaignState>, Error> {
    // His own 12.617's public facts are his (where he stands); what this
    // half takes from it is only its own fortifications he Eliminated (or
    // what his step did to its counters as his prisoners).
    let applies = matches!(step, StepRef::Half { step, .. }
        if [crate::model::exchange::REMOVAL, crate::model::exchange::PRISONERS, crate::model::exchange::CAPTURES].contains(&step.as_str()));
    let (compared, now) = own_cvp(run, of, next)?;
    if !applies {
        agree(run, of, &compared)?;
    }
    let public = match &run.writer.opened.events.public[of as usize - 1].kind {
        PublicKind::Step { two: Some(t), .. } => t.public,
        _ => None,
    };
    // The step's public dice (12.614's, say) drawn here with this side's
    // nonce, which he did not need where his run rolled none: revealed now,
    // in order, so that his audit draws them again.
    if let Some(k) = public
        && ledger(run).public_nonce(me(run), k).is_none()
    {
        let seed = run.two.as_ref().expect("two").seed;
        reveal_public(run, me(run), seed, k)?;
    }
    let two = TwoStep {
        by: me(run),
        public,
        sealed: None,
        eliminated: Vec::new(),
        told: told(run),
    };
    // The public facts this half adds are its RePh CVP, on the campaign as
    // it stands now (the performer may have gone on since his step).
    let mut next = next.clone();
    run.state.campaign = run.writer.opened.state().campaign.clone();
    next.campaign = now;
    append_two(run, step, &next, kept, dice, two, Keep::Half)?;
    // The campaign as the logs now give it: this half's part of the step
    // on the other side's public outcome.
    run.writer.refold()?;
    let state = run.writer.opened.state().clone();
    run.writer.write_views()?;
    Ok(Some(state))
}

/// Each side's RePh Casualty VP (12.12, C26) comes from its own counters,
/// which only its half holds: a half's run of a joint step (a unit failing
/// its Encirclement 1TC, a leader dying of his wound) adds its own side's,
/// which the performer's run could not, as his adds his. Returns this
/// half's run with the RePh CVP his run left (what is compared), and the
/// public campaign as it stands now with what this run added to it.
fn own_cvp(
    run: &Run,
    of: u64,
    next: &CampaignState,
) -> Result<(CampaignState, crate::model::campaign::Campaign), Error> {
    let me = me(run);
    let mut his = run.state.without_journal();
    if let PublicKind::Step { facts, .. } = &run.writer.opened.events.public[of as usize - 1].kind {
        for f in facts {
            facts::apply(&mut his, f).map_err(|e| Error::Refused(format!("event {of}: {e}")))?;
        }
    }
    let mut compared = next.without_journal();
    let mut now = run.writer.opened.state().campaign.clone();
    for (i, day) in compared.campaign.days.iter_mut().enumerate() {
        let Some(his_day) = his.campaign.days.get(i) else {
            continue;
        };
        let added = day.reph_cvp.of(me).saturating_sub(*his_day.reph_cvp.of(me));
        day.reph_cvp = his_day.reph_cvp;
        if let Some(d) = now.days.get_mut(i) {
            *d.reph_cvp.of_mut(me) += added;
        }
    }
    Ok((compared, now))
}

/// What the step did to the other side's counters.
fn told(run: &mut Run) -> Box<crate::model::exchange::Told> {
    Box::new(std::mem::take(&mut run.two.as_mut().expect("two").told))
}

/// 12.625: the Initiative chit just placed, sealed until both sides unseal
/// theirs (12.6252).
fn seal_chit(run: &Run, step: &StepRef, next: &CampaignState) -> Option<String> {
    let StepRef::Own { side, step } = step else {
        return None;
    };
    if step != crate::rules::reph::initiative::STEP {
        return None;
    }
    let chit = next.line(*side).initiative.clone()?;
    let seed = run.two.as_ref()?.seed;
    let n = run.writer.opened.events_len() + 1;
    Some(crate::model::exchange::seal(seed, n, &chit).1)
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
    /// Its half of a joint step: only its own part, its rows about its side
    /// (the public facts are the performer's, which its run must agree with).
    Half,
}

/// A fact about a side's Force Organizer.
fn force_fact(f: &Fact) -> bool {
    match f {
        Fact::Counter { .. } | Fact::NextId { .. } => true,
        Fact::Whole(w) => matches!(**w, crate::model::facts::Whole::Force { .. }),
        _ => false,
    }
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
    mut two: TwoStep,
    keep: Keep,
) -> Result<(), Error> {
    let me = two.by;
    let other = me.other();
    let mut all = facts::between(&run.state, next);
    let mut carried = next.journal[kept..].to_vec();
    if keep == Keep::Joint {
        crate::model::journal::answers_carried_by(&mut carried, me);
    }
    let rows = &carried[..];
    // 12.617: his Known fortifications stood in his force (his report);
    // those this step Eliminated go public, for his half to take out.
    let n = run.writer.opened.events_len() + 1;
    let removal = keep == Keep::Own
        && crate::commands::exchange::isolation::reads_reports(step)
        && matches!(
            crate::commands::exchange::isolation::reported(&run.writer.opened.events, n),
            Ok(Some(_))
        );
    if removal {
        two.eliminated = crate::commands::exchange::isolation::removed_of(&all, other);
        all.retain(|f| f.side() != Some(other));
    }
    // A scenario's outcome naming the other side's counters by id (a
    // capture) would change forces only his half holds; a prisoner taken
    // goes public for his half (`TwoStep::prisoners`).
    let record = matches!(step, StepRef::Record { .. })
        || matches!(step, StepRef::Half { step, .. } if step.starts_with("record "));
    let his_forces = all.iter().any(|f| f.side() == Some(other) && force_fact(f));
    let his = all.iter().any(|f| f.side() == Some(other))
        || !removal && rows.iter().any(|r| row_side(r) == Some(other));
    if keep == Keep::Own && his || record && his_forces {
        let what = if record {
            "name a captured weapon by his counter's id and its unit (`afv R-50 T-34 M41`: his half takes it out of his force) or by its name alone (`LMG`: he records his loss on his half) (docs/two-machines.md §8)"
        } else {
            "that is not carried out yet (docs/two-machines.md §12)"
        };
        return Err(Error::Refused(format!(
            "{} changes the {}'s forces, which only his half holds. On two machines {what}. Nothing was changed.",
            step.label(),
            other.name()
        )));
    }
    let facts: Vec<Fact> = all
        .into_iter()
        // A half's public facts are only what it adds to the campaign as
        // it stands (`own_cvp`).
        .filter(|f| f.side() != Some(other))
        .collect();
    // Each side's rows of a joint step, public or secret, are its own run's
    // (the other side's, made here from what this half does not hold, are
    // left out); the rows of both sides are the performer's.
    let rows: Vec<JournalRow> = rows
        .iter()
        .filter(|r| match keep {
            Keep::Half => row_side(r) == Some(me),
            _ => row_side(r) != Some(other),
        })
        .cloned()
        .collect();
    let at = crate::model::journal::now();
    let (public, mut parts) = split(&facts, &rows, &at);
    let slot = if me == Side::German { 0 } else { 1 };
    // Answers not committed before (a fresh one, after the step's last
    // roll) are committed by this event itself.
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

/// A half's re-run of a joint step gives the public facts the other side
/// recorded (the record of a scenario: the victor and CVP each side entered),
/// or both stop here and the difference is shown side by side.
fn agree(run: &Run, of: u64, next: &CampaignState) -> Result<(), Error> {
    let e = &run.writer.opened.events.public[of as usize - 1];
    let PublicKind::Step { step, facts, .. } = &e.kind else {
        return Err(Error::Refused(format!("event {of} is no step")));
    };
    // CG I's F36 Control decides the victor of every scenario (CGI
    // Scenario Victory Conditions): a record typed at a terminal keeps it on
    // the day's line, one from an answers file leaves it to 12.614. The
    // victor is compared either way, so the F36 Control is not.
    let record = matches!(step, StepRef::Record { .. });
    let key = |f: &Fact| {
        let mut v = serde_json::to_value(f).unwrap_or_default();
        if record
            && v["fact"] == "day"
            && let Some(day) = v.get_mut("day").and_then(|d| d.as_object_mut())
        {
            day.remove("f36");
        }
        v.to_string()
    };
    let mut theirs: Vec<String> = facts.iter().map(key).collect();
    let mut mine: Vec<String> = facts::between(&run.state, next)
        .iter()
        .filter(|f| f.side().is_none())
        .map(key)
        .collect();
    theirs.sort();
    mine.sort();
    if theirs == mine {
        return Ok(());
    }
    let only = |a: &[String], b: &[String]| -> Vec<String> {
        a.iter().filter(|x| !b.contains(x)).cloned().collect()
    };
    let differ = super::differ::side_by_side(&only(&theirs, &mine), &only(&mine, &theirs));
    Err(Error::Disagreement(format!(
        "{}: the public record your half gives differs from the one the {} recorded (event {of}):\n  {}\nBoth halves stop here until one side amends its answers (docs/two-machines.md §8). Nothing was changed; at a terminal what you typed is kept and `votg refit` offers it to change.",
        step.label(),
        me(run).other().name(),
        differ.join("\n  ")
    )))
}
