//! Which event committed each answer a side gives in a step, on two
//! machines (docs/two-machines.md §5–6): a pledge of the step's answers in
//! order, or the side's standing answers (its answers file, pledged once per
//! RePh); an answer neither committed is fresh, and a roll after it waits
//! for the next nonce. An answer that differs from its commitment is refused.

use std::cell::RefCell;
use std::rc::Rc;

use crate::error::Error;
use crate::model::cg_day::CgDay;
use crate::model::event::StepRef;
use crate::model::ledger::Ledger;
use crate::model::side::Side;
use crate::rules::answered::{Answered, DraftSink};
use crate::rules::answers::Answers;
use crate::rules::reph::exchange_dice::{FRESH, Track};
use crate::store::Drafts;

/// What committed the answers of the step about to be done.
#[derive(Default)]
pub struct Setup {
    pub side: Option<Side>,
    /// The step's pledged answers, in order, each with its pledge's event.
    pub pledged: Vec<((String, toml::Value), u64)>,
    /// The side's standing answers for the RePh: their pledge's event.
    pub standing: Option<(u64, Box<Answers>)>,
    /// Its standing answers committed before those (an accepted undo let
    /// it commit them again), oldest first.
    pub earlier: Vec<(u64, Box<Answers>)>,
    /// The standing answers were committed before an accepted undo: an
    /// answer that differs is fresh, not refused (docs/two-machines.md §10).
    pub reopened: bool,
}

/// The commitments of `side`'s answers to `step` (done in RePh `context`
/// on `day`), from the events before `upto`.
pub fn setup(
    l: &Ledger,
    step: &StepRef,
    context: &str,
    day: CgDay,
    upto: u64,
) -> Result<Setup, Error> {
    // The scenario record (12.6041) rolls no secret dice: what a side says
    // of its force there informs no roll, so it is bound by nothing (the
    // other side confirms the public part).
    if let StepRef::Record { .. } = step {
        return Ok(Setup {
            side: Some(l.me),
            ..Setup::default()
        });
    }
    let read = |text: &str| -> Result<Box<Answers>, Error> {
        let mut a = Answers::from_text(text.to_string(), "the standing answers".into())?;
        a.set_day(day);
        Ok(Box::new(a))
    };
    let mut earlier = Vec::new();
    for (n, text) in l.standings(context, upto) {
        earlier.push((n, read(text)?));
    }
    let standing = earlier.pop();
    let reopened = standing
        .as_ref()
        .is_some_and(|(n, _)| *n < l.last_accepted_undo().min(upto));
    // A half at a terminal is given again the performer's answers to its
    // questions (he answered them as the turn holder): committed by his
    // event, not this side's to give anew once both nonces are known.
    let pledged = match step {
        StepRef::Half { of, .. } if standing.is_none() => carried(l, *of),
        _ => l.pledged(step, upto),
    };
    Ok(Setup {
        side: Some(l.me),
        pledged,
        standing,
        earlier,
        reopened,
    })
}

/// The answers the performer of joint step event `of` gave to `l.me`'s
/// questions, each committed by that event.
fn carried(l: &Ledger, of: u64) -> Vec<((String, toml::Value), u64)> {
    let Some(e) = l.events.public.get((of as usize).wrapping_sub(1)) else {
        return Vec::new();
    };
    e.kind
        .carried_answers(l.me.other())
        .into_iter()
        .map(|a| (a, of))
        .collect()
}

/// The answers the performer of event `of` gave in it that `me`'s half is
/// given again: all but those to `me`'s own questions where an answers file
/// binds `me` (his own answers stand, and a difference stops both).
pub fn offered(
    events: &crate::model::fold::Events,
    me: crate::model::side::Side,
    of: u64,
    upto: u64,
) -> Vec<(String, toml::Value)> {
    let Some(e) = events.public.get((of as usize).wrapping_sub(1)) else {
        return Vec::new();
    };
    let l = Ledger::new(events, me);
    let bound = !l.standings(&l.reph(upto), upto).is_empty();
    let mine = format!("{}.", me.id());
    e.kind
        .answers_by(me.other())
        .into_iter()
        .filter(|(id, _)| !bound || !id.starts_with(&mine))
        .collect()
}

/// The event that committed answer `i` of the step, `a` (or why it breaks
/// its commitment).
fn committed(s: &Setup, i: usize, a: &Answered) -> Result<u64, String> {
    if let Some(((id, v), n)) = s.pledged.get(i) {
        if *id == a.id() && *v == a.value {
            return Ok(*n);
        }
        return Err(format!(
            "{}: answered {}, but the pledge of event {n} committed answer {} of this step as {id} = {v}; a pledge cannot change",
            a.id(),
            a.value,
            i + 1
        ));
    }
    let Some((n, table)) = &s.standing else {
        return Ok(FRESH);
    };
    // A question the table leaves out committed the rules' default: the
    // same answer whether taken from the file or accepted at a terminal.
    let same = |t: &Answers| match t.get(a.side, &a.name) {
        Some(v) => *v == a.value,
        None => a.defaulted || a.default.as_ref() == Some(&a.value),
    };
    if same(table) {
        // The same answer is committed by the first pledge that gave it:
        // committing it again draws no other dice. An answer changed after
        // an accepted undo (a pledge made again) is fresh: a roll after it,
        // own or public, needs a nonce nobody knew when it was given.
        let first = s.earlier.iter().find(|(_, t)| same(t)).map(|(m, _)| *m);
        return Ok(match first {
            Some(m) => m,
            None if !s.earlier.is_empty() => FRESH,
            None => *n,
        });
    }
    if s.reopened {
        return Ok(FRESH);
    }
    let v = table.get(a.side, &a.name);
    Err(format!(
        "{}: answered {}, but your answers for this Refit Phase, committed in event {n} before the other side's nonce, {}; committed answers cannot change (give that answer again)",
        a.id(),
        a.value,
        v.map_or("left it out (its default)".to_string(), |v| format!(
            "say {v}"
        ))
    ))
}

/// Counts each answer the side gives and the event that committed it (and
/// keeps each typed one as a draft).
pub fn sink(
    track: Rc<RefCell<Track>>,
    setup: Rc<RefCell<Setup>>,
    drafts: Option<Drafts>,
) -> DraftSink {
    Rc::new(RefCell::new(move |a: &Answered| {
        let s = setup.borrow();
        if s.side == Some(a.side) {
            let mut t = track.borrow_mut();
            let i = t.count;
            t.count += 1;
            let at = match committed(&s, i, a) {
                Ok(n) => n,
                Err(why) => {
                    t.broken.get_or_insert(why);
                    FRESH
                }
            };
            t.latest = t.latest.max(at);
        }
        match &drafts {
            Some(d) => d.keep(a.side, &a.id(), &a.value),
            None => Ok(()),
        }
    }))
}
