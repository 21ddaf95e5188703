//! `votg refit` on half a campaign (two machines: DESIGN §9,
//! docs/two-machines.md): the side's own steps and the joint steps, as far
//! as its turn goes. A roll after a choice of this turn waits for the next
//! nonce (the step's answers are pledged); a joint step's public dice wait
//! for both sides' public nonces; the other side's joint steps are done
//! again on this half for its own part (and must agree with his).

use std::cell::RefCell;
use std::rc::Rc;

use super::{Run, not_yet};
use crate::commands::exchange::track::{self, Setup};
use crate::commands::{Config as Global, Sides};
use crate::error::Error;
use crate::model::campaign::Position;
use crate::model::event::StepRef;
use crate::model::ledger::Ledger;
use crate::model::seed::Seed;
use crate::model::side::Side;
use crate::rules::cg_def::CgDef;
use crate::rules::prompt::Prompter;
use crate::rules::reph::exchange_dice::{ExchangeDice, FRESH, Mode, Track};
use crate::rules::reph::sequence::{Action, Flow, Scope, StepExt, StepId};
use crate::rules::reph::session::CampaignDice;
use crate::rules::tables::Tables;
use crate::store::Writer;

mod commit;
mod differ;
mod joint_answers;
mod order;
mod report;
mod steps;

pub(super) use commit::commit;
use steps::{half_step, joint_step, own_step, record_step, set_plan};

/// How the run on a half plays the step it is about to attempt.
pub(crate) struct TwoPlay {
    me: Side,
    seed: Seed,
    plan: Plan,
    /// The last attempt wrote a pledge instead of its step.
    pledged: bool,
    /// What committed each answer of the step being done.
    setup: Rc<RefCell<Setup>>,
    /// What the step just done did to the other side's counters (public
    /// in its event).
    pub(super) told: crate::model::exchange::Told,
}

#[derive(Clone)]
enum Plan {
    /// One of the side's own steps; `pledge_only`: its answers are only
    /// committed this turn (it rolls on them in the next).
    Own { pledge_only: bool },
    /// A joint step this side performs first; `k`: the public nonces its
    /// dice would use.
    Joint { k: u64, key: Option<Seed> },
    /// This side's half of the joint step of event `of`.
    Half { of: u64, key: Option<Seed> },
}

/// Sets the dice up for the step about to be attempted: the commitments of
/// its answers and the nonces its rolls may use.
pub(super) fn prepare(run: &mut Run, step: &StepRef) -> Result<(), Error> {
    let Some(two) = &run.two else { return Ok(()) };
    let plan = two.plan.clone();
    let setup_cell = two.setup.clone();
    let l = ledger(run);
    let upto = run.writer.opened.events_len() + 1;
    let context = l.reph(upto);
    *setup_cell.borrow_mut() = track::setup(&l, step, &context, run.state.campaign.cg_day(), upto)?;
    let before = l.committed_before(upto);
    let nonces = l.nonces(upto);
    let pins = l.pinned(upto);
    let Some(d) = run.dice.exchange() else {
        return Ok(());
    };
    match plan {
        Plan::Own { pledge_only } => {
            let before = if pledge_only { FRESH } else { before };
            d.begin(Mode::Own, before, nonces, None);
        }
        Plan::Joint { key, .. } | Plan::Half { key, .. } => {
            d.begin(Mode::Joint, before, nonces, key)
        }
    }
    d.pin(pins);
    Ok(())
}

fn me(run: &Run) -> Side {
    run.two.as_ref().expect("two machines").me
}

fn ledger<'a>(run: &'a Run) -> Ledger<'a> {
    Ledger::new(&run.writer.opened.events, me(run))
}

/// 12.606-12.607 on two machines: an `[isolation]` names only the side's
/// own counters (the other side reports his on his half), refused before
/// anything is done otherwise.
fn refuse_isolation(prompter: &Prompter, me: Side) -> Result<(), Error> {
    let Prompter::Scripted(a) = prompter else {
        return Ok(());
    };
    match &a.isolation {
        Some(i) => crate::rules::reph::isolation_report::own_only(i, me),
        None => Ok(()),
    }
}

/// For a run of 12.606 or 12.607: both sides' isolation reports as the
/// step's `[isolation]`, and the other side's (his counters named in it
/// stand in his force for the run).
pub(super) fn reported(
    run: &Run,
    step: &StepRef,
) -> Result<Option<crate::commands::exchange::isolation::Reported>, Error> {
    let upto = run.writer.opened.events_len() + 1;
    crate::commands::exchange::isolation::for_step(&run.writer.opened.events, upto, step, me(run))
}

/// For this side's `12.617 removal` of event `of`: its fortifications the
/// other side's 12.617 Eliminated (each one its report named).
pub(super) fn removed(
    run: &Run,
    step: &StepRef,
) -> Result<Vec<crate::model::force::CounterId>, Error> {
    let upto = run.writer.opened.events_len() + 1;
    crate::commands::exchange::isolation::removed_in(&run.writer.opened.events, step, upto)
}

/// What a run of `step` on this half knows beyond its state: its side, the
/// prisoners the public log gives, and for its `prisoners` half what the
/// other side's step did to its counters.
pub(super) fn view(run: &Run, step: &StepRef) -> crate::rules::reph::session::Half {
    let upto = run.writer.opened.events_len() + 1;
    crate::commands::exchange::told::for_step(&run.writer.opened.events, step, me(run), upto)
}

/// `votg refit` on a half.
pub(super) fn refit(
    writer: &mut Writer,
    tables: &Tables,
    def: &CgDef,
    mut prompter: Prompter,
    side: Sides,
    until: Option<StepId>,
    global: &Global,
) -> Result<String, Error> {
    let half = writer.opened.half.expect("a half");
    let me = half.side;
    let dir = writer.dir().display().to_string();
    let asked = match side {
        Sides::German => Some(Side::German),
        Sides::Russian => Some(Side::Russian),
        Sides::Both => None,
    };
    if asked.is_some_and(|s| s != me) {
        return Err(Error::Refused(format!(
            "{dir} is the {}'s half of a two-machine campaign: only the {} plays here. Nothing was changed.",
            me.name(),
            me.name()
        )));
    }
    refuse_dice_flags(global)?;
    refuse_isolation(&prompter, me)?;
    if let Prompter::Terminal { both, .. } = &mut prompter {
        *both = false;
    }
    let l = Ledger::new(&writer.opened.events, me);
    if let Some(side) = l.conceded() {
        return Err(Error::Refused(format!(
            "the {} resigned: the campaign is over. `votg send {dir}` sends your reveal (if it is not sent yet), and `votg audit {dir}` checks the other side's once his comes.",
            side.name()
        )));
    }
    if l.turn() != Some(me) {
        return Ok(waiting(&l, me, &dir));
    }
    crate::commands::undo_request::refuse_pending(writer, me, writer.dir())?;
    let mut run = start(writer, tables, def, prompter);
    run.until = until;
    run.out.show_odds(global.odds);
    let said = match walk(&mut run) {
        Ok(said) => said,
        Err(e) => return Err(run.stopped(e)),
    };
    run.out.say(&format!(
        "{said}\nYour turn goes no further: `votg send {dir}` ends it and writes the packet for the {} player; go on when his comes back (`votg receive {dir} PACKET`).",
        me.other().name()
    ));
    run.out.flush()?;
    Ok(String::new())
}

/// A run on the half `writer` holds, with its two-machine dice.
fn start<'a>(
    writer: &'a mut Writer,
    tables: &'a Tables,
    def: &'a CgDef,
    prompter: Prompter,
) -> Run<'a> {
    let half = writer.opened.half.expect("a half");
    let track = Rc::new(RefCell::new(Track::default()));
    let dice = CampaignDice::exchanged(ExchangeDice::new(half.side, half.seed, track.clone()));
    let mut run = Run::with_dice(writer, tables, def, prompter, dice);
    run.prompter.hold_only(half.side);
    let setup = Rc::new(RefCell::new(Setup::default()));
    let drafts = run
        .prompter
        .at_terminal()
        .then(|| run.writer.drafts(run.step_label.clone()).held_by(half.side));
    run.prompter
        .keep_drafts(track::sink(track, setup.clone(), drafts));
    run.two = Some(TwoPlay {
        me: half.side,
        seed: half.seed,
        plan: Plan::Joint { k: 0, key: None },
        pledged: false,
        setup,
        told: Default::default(),
    });
    run
}

/// `votg buy` on a half: the side's purchases at 12.621, in its turn.
pub(super) fn buy(
    writer: &mut Writer,
    tables: &Tables,
    def: &CgDef,
    side: Side,
    prompter: Prompter,
    global: &Global,
) -> Result<String, Error> {
    let me = writer.opened.half.expect("a half").side;
    let dir = writer.dir().display().to_string();
    refuse_dice_flags(global)?;
    if side != me {
        return Err(Error::Refused(format!(
            "{dir} is the {}'s half of a two-machine campaign: only the {} buys here. Nothing was changed.",
            me.name(),
            me.name()
        )));
    }
    let l = Ledger::new(&writer.opened.events, me);
    if l.turn() != Some(me) {
        return Err(Error::Refused(waiting(&l, me, &dir)));
    }
    crate::commands::undo_request::refuse_pending(writer, me, writer.dir())?;
    let mut run = start(writer, tables, def, prompter);
    set_plan(&mut run, Plan::Own { pledge_only: false });
    run.step(StepRef::Buy {
        side,
        purchases: Vec::new(),
    })?;
    Ok(String::new())
}

/// Dice typed in or from a file could not be checked by the other side.
pub(crate) fn refuse_dice_flags(global: &Global) -> Result<(), Error> {
    let flag = if global.manual_dice {
        "--manual-dice"
    } else if global.dice_file.is_some() {
        "--dice-file"
    } else if global.seed.is_some() {
        "--seed"
    } else {
        return Ok(());
    };
    Err(Error::Refused(format!(
        "{flag} is refused in a two-machine campaign: its dice come from both sides' seeds and nonces, so the other side can check every roll (docs/two-machines.md §5). Nothing was changed."
    )))
}

/// What a half whose turn it is not says.
pub(crate) fn waiting(l: &Ledger, me: Side, dir: &str) -> String {
    let other = me.other();
    if !l.seated(other) {
        return format!(
            "The {} has not joined yet: send him your first packet (in {dir}/packets); he starts his half with `votg join DIR PACKET --side {}`.\n",
            other.name(),
            other.id()
        );
    }
    format!(
        "It is the {}'s turn: you sent your packet (`votg send {dir}` writes it again). When his comes: `votg receive {dir} PACKET`, then `votg refit {dir}`.\n",
        other.name()
    )
}

/// What a run says where the players set up before the next step (12.627).
pub(super) const SET_UP: &str = "Set up now; the side moving first is determined after all set-up is complete (12.627): run `votg refit` again then.";

/// The run on a half: its halves of the other side's joint steps, then its
/// own steps and the joint steps, until the other side is needed.
fn walk(run: &mut Run) -> Result<String, Error> {
    let me = me(run);
    // As at one keyboard, a run records the scenario only if it begins once
    // the scenario is played (not right after it was set up).
    let mut may_record = crate::rules::reph::scenario_record::at_scenario_end(&run.state);
    order::reveal_owed(run)?;
    for (n, step) in ledger(run).pending_halves(me) {
        order::standing_before_half(run, n, &step)?;
        match half_step(run, n, &step) {
            Ok(Flow::Pause) => return Ok(SET_UP.into()),
            Ok(_) => {}
            // His nonce for the step is kept back until this side's halves
            // of the steps before it were done (`steps::reveal_owed`).
            Err(Error::NeedsPublicNonce) => {
                return Ok(format!(
                    "Your half of {step} rolls public dice: it waits for the {}'s public nonce for it, which he reveals in his next turn now that your halves of the steps before it are done.",
                    me.other().name()
                ));
            }
            Err(e) => return Err(e),
        }
    }
    loop {
        if let Some(r) = &run.state.campaign.result {
            return Ok(format!(
                "The campaign is over: {}.",
                crate::rules::reph::cg_end::verdict(r)
            ));
        }
        if crate::rules::reph::scenario_record::at_scenario_end(&run.state) {
            if !std::mem::take(&mut may_record) {
                return Ok(steps::READY.into());
            }
            if let Some(stop) = record_step(run)? {
                return Ok(stop);
            }
            continue;
        }
        let own = run.pending_own_steps(me);
        if !own.is_empty()
            && let Some(stop) = order::fates_pending(run)
        {
            return Ok(stop);
        }
        for id in own {
            if let Action::NotYet = id.step().action {
                return Err(not_yet(me.name(), id));
            }
            if let Some(stop) = own_step(run, id)? {
                return Ok(stop);
            }
        }
        if let Some(next) = run.held_by_until(&[me]) {
            return Ok(format!("Stopped before {next} as asked (--until)."));
        }
        match (run.at(Side::German), run.at(Side::Russian)) {
            (Position::At(g), Position::At(r)) if g == r && g.step().scope == Scope::Joint => {
                if let Some(stop) = joint_step(run, g)? {
                    return Ok(stop);
                }
            }
            _ => {
                steps::reveal_ahead(run)?;
                return Ok(standing(run));
            }
        }
    }
}

/// Where the sides stand, when this half can do no more.
fn standing(run: &Run) -> String {
    let me = me(run);
    match (run.at(Side::German), run.at(Side::Russian)) {
        (Position::Done, Position::Done) => {
            "Both sides have finished the Refit Phase: the scenario is ready to play.".into()
        }
        _ => format!(
            "Waiting for the {} (at {}).",
            me.other().name(),
            run.at(me.other())
        ),
    }
}
