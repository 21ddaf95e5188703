//! The steps of a run on a half: the side's own (pledged where a choice
//! comes before a roll), the joint ones (public dice from both sides'
//! public nonces), and its halves of the other side's joint steps.

use super::{Plan, Run, ledger, me};
use crate::error::Error;
use crate::model::event::{PublicKind, StepRef};
use crate::model::exchange::{self, Exchange};
use crate::model::fold::{self, Events};
use crate::model::ledger::Ledger;
use crate::model::seed::Seed;
use crate::model::side::Side;
use crate::model::state::CampaignState;
use crate::rules::answers::Queue;
use crate::rules::prompt::Prompter;
use crate::rules::reph::schedule::schedule;
use crate::rules::reph::sequence::{Flow, StepId};

/// Why an own step waits for the next turn.
fn waits(step: &StepRef, me: Side) -> String {
    format!(
        "{} waits for your next turn: its rolls are drawn with a nonce the {} sends after your choices of this turn.",
        step.label(),
        me.other().name()
    )
}

/// One of the side's own steps, played so that every roll's nonce came
/// after every choice before it was committed. `Some(why)` where the turn
/// stops.
pub(super) fn own_step(run: &mut Run, id: StepId) -> Result<Option<String>, Error> {
    let me = me(run);
    let step = StepRef::Own {
        side: me,
        step: id.to_string(),
    };
    let sched = schedule(id);
    let context = ledger(run).reph(run.writer.opened.events_len() + 1);
    standing(run, &step, &context)?;
    let l = ledger(run);
    let upto = run.writer.opened.events_len() + 1;
    let pledged: Vec<(String, toml::Value)> =
        l.pledged(&step, upto).into_iter().map(|(a, _)| a).collect();
    let pledge_only = sched.pledge && l.standing(&context, upto).is_none() && !l.has_pledge(&step);
    let before = l.committed_before(upto);
    let nonce_here = l.nonces(upto).iter().any(|(n, _)| *n > before);
    if sched.clean && !pledge_only && !nonce_here {
        return Ok(Some(waits(&step, me)));
    }
    match attempt_own(run, &step, &pledged, pledge_only)? {
        // Nothing to pledge before the step's first roll (no question comes
        // before it): the roll takes the first nonce after the choices
        // already committed, as a step not pledged first does; without this
        // the step waited for a pledge that never came, turn after turn.
        Some(Wait::Empty) if pledge_only => match attempt_own(run, &step, &pledged, false)? {
            None => Ok(None),
            Some(wait) => Ok(Some(wait.say(&step, me))),
        },
        None => Ok(None),
        Some(wait) => Ok(Some(wait.say(&step, me))),
    }
}

/// Why an own step stopped for a nonce.
enum Wait {
    /// Its answers so far were pledged now.
    Pledged,
    /// Its roll waits, with no new answer to pledge.
    Empty,
}

impl Wait {
    fn say(&self, step: &StepRef, me: Side) -> String {
        match self {
            Wait::Pledged => format!(
                "{}: your answers are committed (a pledge in the public log, their contents in your own); the step is done in your next turn, with a nonce the {} sends after them.",
                step.label(),
                me.other().name()
            ),
            Wait::Empty => waits(step, me),
        }
    }
}

/// One run of an own step; `Some` where it stopped for a nonce (its new
/// answers pledged, if any).
fn attempt_own(
    run: &mut Run,
    step: &StepRef,
    pledged: &[(String, toml::Value)],
    pledge_only: bool,
) -> Result<Option<Wait>, Error> {
    let me = me(run);
    offer(&mut run.prompter, pledged);
    set_plan(run, Plan::Own { pledge_only });
    let done = run.step(step.clone());
    offer(&mut run.prompter, &[]);
    match done {
        Ok(_) => Ok(None),
        Err(Error::NeedsNonce) => {
            let pledged_now = run.two.as_ref().is_some_and(|t| t.pledged);
            let answers = run.prompter.step_answers();
            if !pledged_now && answers.len() > pledged.len() {
                let used = run.dice.exchange().map(|d| d.used().to_vec());
                let at = crate::model::journal::now();
                run.writer.append_pledge(
                    &at,
                    me,
                    step.clone(),
                    answers,
                    used.unwrap_or_default(),
                    None,
                )?;
            } else if !pledged_now {
                return Ok(Some(Wait::Empty));
            }
            Ok(Some(Wait::Pledged))
        }
        Err(e) => Err(e),
    }
}

/// With an answers file, the side's answers for the RePh are committed
/// once, before any nonce they could be informed by arrives: then a roll
/// after them needs no further round trip (docs/two-machines.md §5).
pub(super) fn standing(run: &mut Run, step: &StepRef, context: &str) -> Result<(), Error> {
    let me = me(run);
    let Prompter::Scripted(answers) = &run.prompter else {
        return Ok(());
    };
    let upto = run.writer.opened.events_len() + 1;
    let text = answers.side_text(me);
    // After an accepted undo the side commits its answers again (it may
    // change them: the rolls after a changed answer wait for a new nonce;
    // an answer it repeats stays committed by its first pledge, so the
    // same answers draw the same dice).
    let l = ledger(run);
    if l.standing(context, upto)
        .is_some_and(|(n, _)| n > l.last_accepted_undo())
    {
        return Ok(());
    }
    let at = crate::model::journal::now();
    run.writer.append_pledge(
        &at,
        me,
        step.clone(),
        Vec::new(),
        Vec::new(),
        Some((text, context.to_string())),
    )?;
    Ok(())
}

/// A side's answers file for the RePh is committed before the first joint
/// step it stands at, as before its own steps: an answer of it given in a
/// joint step (a claim at 12.605 between two public rolls, say), or in its
/// half of one done later, was committed before either side's public nonce
/// for the step was known. (After a split in the middle of a Refit Phase a
/// side's first step may be a joint one too.)
pub(super) fn joint_standing(run: &mut Run, step: &StepRef) -> Result<(), Error> {
    let l = ledger(run);
    let upto = run.writer.opened.events_len() + 1;
    let context = l.reph(upto);
    standing(run, step, &context)
}

/// Answers given before (a pledge) offered to the step's questions first.
fn offer(prompter: &mut Prompter, answers: &[(String, toml::Value)]) {
    match prompter {
        Prompter::Scripted(a) => a.give_first(Queue::given(answers)),
        Prompter::Terminal { .. } => prompter.offer(answers, None),
    }
}

pub(super) fn set_plan(run: &mut Run, plan: Plan) {
    let two = run.two.as_mut().expect("two machines");
    two.plan = plan;
    two.pledged = false;
}

/// How many joint steps rolled with public nonces before.
pub(super) fn public_steps(events: &Events) -> u64 {
    let undone = events.undone();
    events
        .public
        .iter()
        .filter(|e| !undone.contains(&e.n))
        .filter(|e| {
            matches!(&e.kind, PublicKind::Step { step: StepRef::Joint { .. }, two: Some(t), .. } if t.public.is_some())
        })
        .count() as u64
}

/// The key of public nonces `k` of both sides, if both are known here.
fn key_of(l: &Ledger, me: Side, seed: Seed, k: u64) -> Option<Seed> {
    let mine = exchange::public_nonce(seed, k);
    let theirs = l.public_nonce(me.other(), k)?;
    Some(match me {
        Side::German => exchange::public_key(&mine, theirs),
        Side::Russian => exchange::public_key(theirs, &mine),
    })
}

/// The scenario just played recorded (12.6041): by the side whose turn it
/// is, from the `[scenario]` table both players give and its own
/// `[<side>.outcome]`; the other side confirms it with its half (the same
/// victor and CVP from its own answers), or both stop.
/// What a half says when the scenario is ready to play.
pub(super) const READY: &str = "Both sides have finished the Refit Phase: the scenario is ready to play. After it, both players record it, each on his own half: `votg refit DIR` at the terminal, or `votg refit DIR --answers FILE` with the same `[scenario]` table (victor, cvp, and the Russian's `counterattack`) and each his own `[<side>.outcome]`; the one whose turn it is records it, the other confirms it.";

pub(super) fn record_step(run: &mut Run) -> Result<Option<String>, Error> {
    if let Prompter::Scripted(a) = &run.prompter {
        if a.scenario().is_none() {
            return Ok(Some(READY.into()));
        }
        crate::rules::reph::scenario_record::check_answers(
            a,
            &run.state,
            run.tables,
            (run.def, Some(me(run))),
        )?;
    }
    let scenario = run.state.campaign.scenario;
    set_plan(run, Plan::Joint { k: 0, key: None });
    run.step(StepRef::Record { scenario })?;
    Ok(None)
}

/// 12.6252: each side unseals its Initiative chit once both are sealed;
/// the Russian performs the step (his night option, 12.6254) once the
/// German's is unsealed. `Some(why)` where this half waits.
fn chits(run: &mut Run, me: Side) -> Result<Option<String>, Error> {
    let l = ledger(run);
    let (Some((mine, _)), Some((theirs, _))) = (l.sealed(me), l.sealed(me.other())) else {
        return Ok(Some(format!(
            "12.6252 waits for the {}'s Initiative chit (12.625).",
            me.other().name()
        )));
    };
    let other_chit = l.unsealed(me.other(), theirs).map(str::to_string);
    if l.unsealed(me, mine).is_none() {
        let chit = run.state.line(me).initiative.clone().unwrap_or_default();
        let seed = run.two.as_ref().expect("two").seed;
        let (salt, _) = exchange::seal(seed, mine, &chit);
        let kind = PublicKind::Exchange(Exchange::Unsealed {
            side: me,
            of: mine,
            value: chit,
            salt,
        });
        let at = crate::model::journal::now();
        run.writer.append(&at, |_| kind, Default::default(), None)?;
    }
    match (me, other_chit) {
        (Side::Russian, Some(chit)) => {
            run.state.line_mut(Side::German).initiative = Some(chit);
            Ok(None)
        }
        (Side::Russian, None) => Ok(Some(
            "12.6252: your Initiative chit is unsealed with your packet; the German unseals his (sealed before yours was seen), and you reveal both (12.6252) in your next turn.".into(),
        )),
        (Side::German, _) => Ok(Some(
            "12.6252: your Initiative chit is unsealed with your packet; the Russian unseals his (sealed before yours was seen) and reveals both (12.6252).".into(),
        )),
    }
}

/// A joint step both sides stand at: performed here if its public dice
/// (if any) can be drawn, else this side's public nonce revealed for the
/// other side to perform it.
pub(super) fn joint_step(run: &mut Run, id: StepId) -> Result<Option<String>, Error> {
    let me = me(run);
    let seed = run.two.as_ref().expect("two").seed;
    if id.as_str() == "12.6252"
        && let Some(stop) = chits(run, me)?
    {
        return Ok(Some(stop));
    }
    // 12.606 (or 12.607 where a split came between them): both reports.
    if ["12.606", "12.607"].contains(&id.as_str())
        && let Some(stop) = super::report::reports(run)?
    {
        return Ok(Some(stop));
    }
    let k = public_steps(&run.writer.opened.events) + 1;
    let key = key_of(&ledger(run), me, seed, k);
    let step = StepRef::Joint {
        step: id.to_string(),
    };
    if let Some(stop) = super::joint_answers::he_performs(run, id.as_str(), &step, k)? {
        return Ok(Some(stop));
    }
    set_plan(run, Plan::Joint { k, key });
    joint_standing(run, &step)?;
    // Answers this side pledged to the step (at its terminal, before it
    // revealed its nonce) are given again.
    let upto = run.writer.opened.events_len() + 1;
    let pledged: Vec<(String, toml::Value)> = ledger(run)
        .pledged(&step, upto)
        .into_iter()
        .map(|(a, _)| a)
        .collect();
    offer(&mut run.prompter, &pledged);
    run.prompter.defer_others(true);
    let done = run.step(step.clone());
    run.prompter.defer_others(false);
    offer(&mut run.prompter, &[]);
    match done {
        Ok(Flow::Pause) => Ok(Some(super::SET_UP.into())),
        Ok(_) => Ok(None),
        Err(Error::HisToAnswer(why)) => Ok(Some(why)),
        Err(Error::NeedsPublicNonce) => {
            let mine = super::joint_answers::pledge_fresh(run, &step, pledged.len())?;
            if let Some(stop) = super::joint_answers::his_first(run, id.as_str(), mine) {
                return Ok(Some(stop));
            }
            let l = ledger(run);
            // His half of a step before this one still to do: he must not
            // know this step's dice while he answers in it, unless every
            // answer of his in this RePh is bound already (his answers file).
            let pending = !l.pending_halves(me).is_empty()
                || (!l.pending_halves(me.other()).is_empty() && !l.bound(me.other()));
            if pending {
                return Ok(Some(format!(
                    "{id} rolls public dice, drawn once both halves of every step before it are done: the {} does his half first.",
                    me.other().name()
                )));
            }
            // Split in this RePh: he has answered nothing of it on two
            // machines yet, so his answers come first.
            let upto = run.writer.opened.events_len() + 1;
            if l.split().is_some_and(|(n, _)| n > l.reph_start(upto)) && !l.bound(me.other()) {
                return Ok(Some(format!(
                    "{id} rolls public dice: the campaign was split in this Refit Phase, so the {} commits his answers for it first (his answers file, `votg refit --answers FILE`), then you reveal your public nonce for it.",
                    me.other().name()
                )));
            }
            if l.public_nonce(me, k).is_none() {
                reveal_public(run, me, seed, k)?;
            }
            Ok(Some(format!(
                "{id} rolls public dice: your public nonce for it goes with your packet, and the {} performs the step with both.",
                me.other().name()
            )))
        }
        Err(e) => Err(e),
    }
}

/// Waiting at 12.614 or 12.620 (steps that always roll public dice) for
/// the other side, whose answers are all bound: this side's public nonce for
/// the step is revealed now, so that he performs it as soon as he gets
/// there (he can choose nothing more that its dice could inform).
pub(super) fn reveal_ahead(run: &mut Run) -> Result<(), Error> {
    let me = me(run);
    let Some(at) = run.at(me).step() else {
        return Ok(());
    };
    if !["12.614", "12.620"].contains(&at.as_str()) || run.at(me.other()).step() == Some(at) {
        return Ok(());
    }
    let l = ledger(run);
    let k = public_steps(&run.writer.opened.events) + 1;
    if !l.pending_halves(me).is_empty() || !l.bound(me.other()) || l.public_nonce(me, k).is_some() {
        return Ok(());
    }
    let seed = run.two.as_ref().expect("two").seed;
    reveal_public(run, me, seed, k)
}

/// Appends `me`'s public nonce `k` (with the commitment to the next).
pub(super) fn reveal_public(run: &mut Run, me: Side, seed: Seed, k: u64) -> Result<(), Error> {
    let nonce = exchange::public_nonce(seed, k);
    let next = exchange::nonce_commitment(&exchange::public_nonce(seed, k + 1));
    let at = crate::model::journal::now();
    run.writer.append(
        &at,
        |_| {
            PublicKind::Exchange(Exchange::PublicNonce {
                side: me,
                k,
                nonce,
                next,
            })
        },
        Default::default(),
        None,
    )?;
    Ok(())
}

/// This side's half of the joint step the other side performed as event
/// `n`: the step run again from where the campaign stood before it.
pub(super) fn half_step(run: &mut Run, n: u64, step: &str) -> Result<Flow, Error> {
    let me = me(run);
    let seed = run.two.as_ref().expect("two").seed;
    let events = &run.writer.opened.events;
    let k = match &events.public[n as usize - 1].kind {
        PublicKind::Step { two: Some(t), .. } => t.public,
        _ => None,
    };
    let key = k.and_then(|k| key_of(&ledger(run), me, seed, k));
    let upto = run.writer.opened.events_len() + 1;
    let answers = crate::commands::exchange::track::offered(events, me, n, upto);
    let before_campaign = prefix(events, n)?.campaign;
    let mut before = run.state.clone();
    before.campaign = before_campaign;
    if step == "12.6252" {
        let l = ledger(run);
        if let Some(chit) = l
            .sealed(me.other())
            .and_then(|(of, _)| l.unsealed(me.other(), of))
        {
            before.line_mut(me.other()).initiative = Some(chit.to_string());
        }
    }
    offer(&mut run.prompter, &answers);
    let saved = std::mem::replace(&mut run.state, before);
    set_plan(run, Plan::Half { of: n, key });
    let done = run.step(StepRef::Half {
        side: me,
        step: step.to_string(),
        of: n,
    });
    offer(&mut run.prompter, &[]);
    if done.is_err() {
        run.state = saved;
    }
    done
}

/// The campaign as it stood before public event `n`.
fn prefix(events: &Events, n: u64) -> Result<CampaignState, Error> {
    let cut = |log: &crate::model::fold::PrivateLog| {
        log.iter()
            .filter(|(_, p)| p.of().is_some_and(|of| of < n))
            .cloned()
            .collect()
    };
    let before = Events {
        public: events.public[..n as usize - 1].to_vec(),
        german: cut(&events.german),
        russian: cut(&events.russian),
    };
    fold::fold(&before)
        .map(|f| f.state)
        .map_err(|(n, m)| Error::Refused(format!("event {n}: {m}")))
}
