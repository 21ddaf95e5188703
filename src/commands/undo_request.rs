//! `votg undo --request | --accept | --refuse` on half a campaign (two
//! machines, docs/two-machines.md §10): a step the other side has received
//! is taken back only with his agreement. The request names the steps; the
//! answer goes back with `votg send`; an accepted request's `Undone` events
//! are written by the side that accepts, in its turn, so both public logs
//! stay the same bytes.

use std::path::Path;

use crate::commands::Config as Global;
use crate::commands::exchange::half_of;
use crate::commands::refit::open_writer;
use crate::error::Error;
use crate::model::event::{Public, PublicKind, StepRef};
use crate::model::exchange::Exchange;
use crate::model::fold::Events;
use crate::model::ledger::Ledger;
use crate::model::side::Side;
use crate::model::undo_request::UndoAsked;
use crate::store::Writer;

/// The other side's answer to an undo request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answer {
    Accept,
    Refuse,
}

/// A step as `to` may read it: its number and side, which the public log
/// shows; what the other side bought, not.
fn named(step: &StepRef, to: Side) -> String {
    match step {
        StepRef::Buy { side, .. } if *side != to => format!("{} 12.621 (votg buy)", side.name()),
        _ => step.label(),
    }
}

/// The steps of a request, each with its event, as `to` may read them.
fn list(events: &Events, steps: &[u64], to: Side) -> Vec<String> {
    steps
        .iter()
        .filter_map(|n| match &events.public.get(*n as usize - 1)?.kind {
            PublicKind::Step { step, .. } => Some(format!("{} (event {n})", named(step, to))),
            PublicKind::Adjusted { side, .. } => Some(format!(
                "{} (event {n})",
                named(&crate::model::fold::adjusted(*side), to)
            )),
            _ => None,
        })
        .collect()
}

/// What a pending request says, to the side `to` (status, refit, undo).
pub fn pending_text(events: &Events, asked: &UndoAsked, to: Side, dir: &Path) -> String {
    let steps = list(events, &asked.steps, to);
    let (first, rest) = steps
        .split_last()
        .map_or((String::new(), &[][..]), |(f, r)| (f.clone(), r));
    let with = if rest.is_empty() {
        String::new()
    } else {
        format!(
            "; the steps after it go with it: {}",
            rest.iter().rev().cloned().collect::<Vec<_>>().join(", ")
        )
    };
    let d = dir.display();
    if asked.side == to {
        format!(
            "Your undo request (event {}) awaits the {}'s answer: take back {first}{with}. `votg send {d}` sends it if it is not sent; nothing goes on until he answers.",
            asked.n,
            to.other().name()
        )
    } else {
        format!(
            "The {} asks to take back {first}{with} (his undo request, event {}). Answer before going on: `votg undo {d} --accept` takes them back on both halves, `votg undo {d} --refuse` keeps them; `votg send {d}` sends your answer.",
            asked.side.name(),
            asked.n
        )
    }
}

/// Why a half cannot go on while an undo request awaits its answer.
pub fn refuse_pending(w: &Writer, me: Side, dir: &Path) -> Result<(), Error> {
    match Ledger::new(&w.opened.events, me).undo_asked() {
        Some(asked) => Err(Error::Refused(format!(
            "{} Nothing was changed.",
            pending_text(&w.opened.events, &asked, me, dir)
        ))),
        None => Ok(()),
    }
}

/// A half ready to write in its turn, its side.
fn in_turn(w: &Writer, dir: &Path) -> Result<Side, Error> {
    let me = half_of(&w.opened)?.side;
    let l = Ledger::new(&w.opened.events, me);
    if let Some(side) = l.conceded() {
        return Err(Error::Refused(format!(
            "the {} resigned: the campaign is over, nothing is taken back. Nothing was changed.",
            side.name()
        )));
    }
    if l.turn() != Some(me) {
        return Err(Error::Refused(format!(
            "it is the {}'s turn: receive his packet first (`votg receive {} PACKET`). Nothing was changed.",
            me.other().name(),
            dir.display()
        )));
    }
    Ok(me)
}

/// Appends public events (numbered on) in one write, then writes the views.
fn append_public(w: &mut Writer, kinds: Vec<PublicKind>) -> Result<(), Error> {
    let at = crate::model::journal::now();
    let first = w.opened.events_len() + 1;
    let events: Vec<Public> = kinds
        .into_iter()
        .enumerate()
        .map(|(i, kind)| Public {
            n: first + i as u64,
            at: at.clone(),
            kind,
        })
        .collect();
    w.append_events(&events)?;
    w.write_views()
}

/// Whether `step` is one of RePh step `number` (`12.621` for `votg buy`,
/// `record` or `12.6041` for the record of a scenario).
fn numbered(step: &StepRef, number: &str) -> bool {
    match step {
        StepRef::Own { step, .. } | StepRef::Joint { step } | StepRef::Half { step, .. } => {
            step == number
        }
        StepRef::Buy { .. } => number == "12.621",
        // The record of a scenario (12.6041); `12.604` also names the
        // joint step 12.604 after it.
        StepRef::Record { .. } => ["12.604", "12.6041", "record"].contains(&number),
    }
}

/// `votg undo --request [--side S] [--step N]`: asks the other side to take
/// back the last step that counts (with `--side`, that side's last step;
/// with `--step`, the last of that number), and every step after it.
/// Nothing changes until he accepts.
pub fn request(
    dir: &Path,
    side: Option<Side>,
    number: Option<&str>,
    global: &Global,
) -> Result<String, Error> {
    let tables = global.load_tables()?;
    let mut w = open_writer(dir, &tables, false)?;
    let me = in_turn(&w, dir)?;
    let l = Ledger::new(&w.opened.events, me);
    if let Some(asked) = l.undo_asked() {
        return Err(Error::Refused(format!(
            "an undo request is already awaiting its answer, and one is answered before the next is made. {} Nothing was changed.",
            pending_text(&w.opened.events, &asked, me, dir)
        )));
    }
    let steps = &w.opened.folded.steps;
    let from = steps.iter().rposition(|(_, st)| {
        side.is_none_or(|s| st.side() == Some(s)) && number.is_none_or(|n| numbered(st, n))
    });
    let Some(from) = from else {
        return Err(Error::Refused(format!(
            "no step{}{} counts in {}: there is nothing to take back. Nothing was changed.",
            number.map_or(String::new(), |n| format!(" {n}")),
            side.map_or(String::new(), |s| format!(" of the {}", s.name())),
            dir.display()
        )));
    };
    let taken: Vec<u64> = steps[from..].iter().rev().map(|(n, _)| *n).collect();
    if taken.iter().all(|n| *n > l.turn_start()) {
        return Err(Error::Refused(format!(
            "the other side has not received that step (it is of your turn): `votg undo {}` takes it back alone. Nothing was changed.",
            dir.display()
        )));
    }
    if let Some(n) = taken.iter().find(|n| unsealed(&l, **n)) {
        return Err(Error::Refused(format!(
            "event {n} placed an Initiative chit both sides have since revealed (12.6252): a chit seen by both is not taken back. Nothing was changed."
        )));
    }
    append_public(
        &mut w,
        vec![PublicKind::Exchange(Exchange::UndoRequest {
            side: me,
            steps: taken.clone(),
        })],
    )?;
    let asked = Ledger::new(&w.opened.events, me)
        .undo_asked()
        .expect("just asked");
    Ok(format!(
        "{}\nAsked, not done: both halves stay as they are until the {} accepts.\n",
        pending_text(&w.opened.events, &asked, me, dir),
        me.other().name()
    ))
}

/// Whether the step of event `n` sealed a chit that has been unsealed.
fn unsealed(l: &Ledger, n: u64) -> bool {
    match &l.events.public.get(n as usize - 1).map(|e| &e.kind) {
        Some(PublicKind::Step {
            step, two: Some(t), ..
        }) if t.sealed.is_some() => step.side().is_some_and(|s| l.unsealed(s, n).is_some()),
        _ => false,
    }
}

/// `votg undo --accept | --refuse`: the answer to the other side's undo
/// request. Accepted, its steps are taken back here at once (their
/// `Undone` events go back with the answer).
pub fn answer(dir: &Path, answer: Answer, global: &Global) -> Result<String, Error> {
    let tables = global.load_tables()?;
    let mut w = open_writer(dir, &tables, false)?;
    let me = in_turn(&w, dir)?;
    let l = Ledger::new(&w.opened.events, me);
    let asked = match l.undo_asked() {
        Some(a) if a.side != me => a,
        Some(a) => {
            return Err(Error::Refused(format!(
                "the undo request awaiting an answer is your own: the {} answers it. Nothing was changed.",
                a.side.other().name()
            )));
        }
        None => {
            return Err(Error::Refused(format!(
                "the {} has asked for no undo: there is nothing to answer. Nothing was changed.",
                me.other().name()
            )));
        }
    };
    let steps = list(&w.opened.events, &asked.steps, me).join(", ");
    let accept = answer == Answer::Accept;
    let mut kinds = vec![PublicKind::Exchange(Exchange::UndoAnswer {
        side: me,
        of: asked.n,
        accept,
    })];
    if accept {
        kinds.extend(
            asked
                .steps
                .iter()
                .map(|target| PublicKind::Undone { target: *target }),
        );
    }
    append_public(&mut w, kinds)?;
    let d = dir.display();
    Ok(if accept {
        format!(
            "Taken back, as the {} asked: {steps}. The campaign is as it was before them; the {}'s half does the same when it receives your packet. `votg send {d}` sends it; the steps are done again as the Refit Phase comes to them (`votg refit {d}`): a roll made before in them keeps its dice.\n",
            asked.side.name(),
            asked.side.name()
        )
    } else {
        format!(
            "Refused: {steps} stay as they are. `votg send {d}` tells the {}.\n",
            asked.side.name()
        )
    })
}
