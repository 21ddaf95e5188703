//! Two machines: prisoners (A20.5) between the two halves. Each half holds
//! only its own side's counters, and every decision about a prisoner is its
//! guard's side's: the guard's step says what became of each prisoner
//! (`TwoStep::prisoners`, public, as the map shows it), and the prisoner's
//! half applies it to its own counter (its `prisoners` half). Which
//! prisoners each unit guards is read from the public log.

use crate::model::event::{PublicKind, StepRef};
use crate::model::exchange::{Exchange, Fate, Guarded, PRISONERS};
use crate::model::fold::Events;
use crate::model::force::CounterId;
use crate::model::side::Side;
use crate::rules::reph::prisoner_fate::Prisoners;

/// What event `e` says became of prisoners, if anything.
fn changes(kind: &PublicKind) -> &[Guarded] {
    match kind {
        PublicKind::Step { two: Some(t), .. } => &t.prisoners,
        PublicKind::Exchange(Exchange::Split { prisoners, .. }) => prisoners,
        _ => &[],
    }
}

/// Every prisoner with its guard before event `upto`, as the public log
/// gives them.
pub fn held(events: &Events, upto: u64) -> Vec<(CounterId, CounterId)> {
    let undone = events.undone();
    let mut held = Vec::new();
    for e in events.public.iter().filter(|e| e.n < upto) {
        if !undone.contains(&e.n) {
            Guarded::fold(&mut held, changes(&e.kind));
        }
    }
    held
}

/// For a run of `step` by `me` as event `upto`: the prisoners the public
/// log gives, and for its `prisoners` half what the other side's event did
/// to its counters.
pub fn for_step(events: &Events, step: &StepRef, me: Side, upto: u64) -> Prisoners {
    let given = match step {
        StepRef::Half { side, step, of } if step == PRISONERS => events
            .public
            .get((*of as usize).wrapping_sub(1))
            .map(|e| changes(&e.kind))
            .unwrap_or_default()
            .iter()
            .filter(|g| g.prisoner.side == *side)
            .copied()
            .collect(),
        _ => Vec::new(),
    };
    let mut held = held(events, upto);
    // His step this is a half of may have decided the fate of our counters
    // he held (ours to apply in our `prisoners` half): held before it, they
    // are still named on our screen (else 12.609 said none was recorded).
    if let StepRef::Half { of, .. } = step {
        for (p, g) in self::held(events, *of) {
            if p.side == me && !held.iter().any(|(x, _)| *x == p) {
                held.push((p, g));
            }
        }
    }
    Prisoners { me, held, given }
}

/// For `receive`: what a step of `from`'s may say of prisoners — only of
/// the receiver's counters as prisoners of his own units, and each fate
/// only in its step (taken in a scenario record, claimed or Rearmed at
/// 12.605, Eliminated, executed or freed at 12.609).
pub fn check(step: &StepRef, changes: &[Guarded], from: Side) -> Result<(), String> {
    let name = match step {
        StepRef::Joint { step } | StepRef::Half { step, .. } => step.as_str(),
        StepRef::Record { .. } => "record",
        _ => "",
    };
    let name = if name.starts_with("record") {
        "record"
    } else {
        name
    };
    for g in changes {
        let in_step = match g.fate {
            Fate::Taken => name == "record",
            Fate::Claimed | Fate::Rearmed => name == "12.605",
            Fate::Eliminated | Fate::Executed | Fate::Freed => name == "12.609",
        };
        if g.prisoner.side == from || g.guard.side != from || !in_step {
            return Err(format!(
                "says {} {:?} by {} in {}, which no step of the {}'s may",
                g.prisoner,
                g.fate,
                g.guard,
                step.label(),
                from.name()
            ));
        }
    }
    Ok(())
}
