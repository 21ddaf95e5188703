//! Two machines: what a side's step does to counters of the other side,
//! which only his half holds. Prisoners (A20.5): every decision about one is
//! its guard's side's; the guard's step says what became of each
//! (`Told::prisoners`, public, as the map shows it), and the prisoner's half
//! applies it to its own counter (its `prisoners` half). Which prisoners
//! each unit guards is read from the public log. Weapons captured by id
//! (12.6041): the capturer's record names them, the owner's half takes them
//! out of its force (its `captures` half) and tells which AFV were of one
//! Pltn (C47), for the capturer's 12.6162.

use crate::model::event::{PublicKind, StepRef};
use crate::model::exchange::{CAPTURES, Exchange, Fate, Guarded, PRISONERS, Told};
use crate::model::fold::Events;
use crate::model::force::CounterId;
use crate::model::side::Side;
use crate::rules::reph::session::Half;

/// What event `e` says became of prisoners, if anything.
fn changes(kind: &PublicKind) -> &[Guarded] {
    match kind {
        PublicKind::Step { two: Some(t), .. } => &t.told.prisoners,
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
/// log gives, for its `prisoners` or `captures` half what the other side's
/// event did to its counters, and the other side's Pltns of the AFV this
/// side captured by id.
pub fn for_step(events: &Events, step: &StepRef, me: Side, upto: u64) -> Half {
    let mut given = Told::default();
    if let StepRef::Half { side, step, of } = step
        && [PRISONERS, CAPTURES].contains(&step.as_str())
        && let Some(PublicKind::Step { two: Some(t), .. }) = events
            .public
            .get((*of as usize).wrapping_sub(1))
            .map(|e| &e.kind)
    {
        given = t.told.to_side(*side);
    }
    let undone = events.undone();
    let platoons = events
        .public
        .iter()
        .filter(|e| e.n < upto && !undone.contains(&e.n))
        .filter_map(|e| match &e.kind {
            PublicKind::Step { two: Some(t), .. } if t.by != me => Some(&t.told.platoons),
            _ => None,
        })
        .flatten()
        .cloned()
        .collect();
    let mut prisoners = held(events, upto);
    // His step this is a half of may have decided the fate of our counters
    // he held (ours to apply in our `prisoners` half): held before it, they
    // are still named on our screen (else 12.609 said none was recorded).
    if let StepRef::Half { of, .. } = step {
        for (p, g) in held(events, *of) {
            if p.side == me && !prisoners.iter().any(|(x, _)| *x == p) {
                prisoners.push((p, g));
            }
        }
    }
    Half {
        me,
        prisoners,
        given,
        platoons,
    }
}

/// For `receive`: what a step of `from`'s may say of the receiver's
/// counters. Prisoners: only of the receiver's counters as prisoners of his
/// own units, and each fate only in its step (taken in a scenario record,
/// claimed or Rearmed at 12.605, Eliminated, executed or freed at 12.609).
/// Captures: only of the receiver's counters, in a record. Pltns: only of
/// the sender's own counters, in his `captures` half.
pub fn check(step: &StepRef, told: &Told, from: Side) -> Result<(), String> {
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
    let refuse = |what: String| {
        Err(format!(
            "says {what} in {}, which no step of the {}'s may",
            step.label(),
            from.name()
        ))
    };
    for g in &told.prisoners {
        let in_step = match g.fate {
            Fate::Taken => name == "record",
            Fate::Claimed | Fate::Rearmed => name == "12.605",
            Fate::Eliminated | Fate::Executed | Fate::Freed => name == "12.609",
        };
        if g.prisoner.side == from || g.guard.side != from || !in_step {
            return refuse(format!("{} {:?} by {}", g.prisoner, g.fate, g.guard));
        }
    }
    if let Some(c) = told
        .captured
        .iter()
        .find(|c| c.from.side == from || name != "record")
    {
        return refuse(format!("{} {} captured", c.from, c.unit));
    }
    let own = told.platoons.iter().flatten().all(|id| id.side == from);
    if !told.platoons.is_empty() && (name != CAPTURES || !own) {
        return refuse("which AFV were of one Pltn".into());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::exchange::Capture;

    fn id(t: &str) -> CounterId {
        t.parse().unwrap()
    }

    fn record() -> StepRef {
        StepRef::Record { scenario: 1 }
    }

    fn joint(step: &str) -> StepRef {
        StepRef::Joint { step: step.into() }
    }

    fn fate(p: &str, g: &str, fate: Fate) -> Told {
        Told {
            prisoners: vec![Guarded {
                prisoner: id(p),
                guard: id(g),
                fate,
            }],
            ..Told::default()
        }
    }

    #[test]
    fn rule_12_609_each_fate_only_in_its_step_and_of_the_receivers_counters() {
        let g = Side::German;
        assert!(check(&record(), &fate("R-1", "G-3", Fate::Taken), g).is_ok());
        assert!(check(&joint("12.605"), &fate("R-1", "G-3", Fate::Claimed), g).is_ok());
        assert!(check(&joint("12.605"), &fate("R-1", "G-3", Fate::Rearmed), g).is_ok());
        for f in [Fate::Eliminated, Fate::Executed, Fate::Freed] {
            assert!(check(&joint("12.609"), &fate("R-1", "G-3", f), g).is_ok());
            assert!(check(&joint("12.605"), &fate("R-1", "G-3", f), g).is_err());
        }
        assert!(check(&joint("12.609"), &fate("R-1", "G-3", Fate::Taken), g).is_err());
        // His own counter, or a guard of the receiver's.
        assert!(check(&record(), &fate("G-1", "G-3", Fate::Taken), g).is_err());
        assert!(check(&record(), &fate("R-1", "R-3", Fate::Taken), g).is_err());
    }

    #[test]
    fn c47_captures_only_in_a_record_and_pltns_only_in_the_captured_sides_half() {
        let g = Side::German;
        let captured = |from: &str| Told {
            captured: vec![Capture {
                from: id(from),
                unit: "T-34 M41".into(),
            }],
            ..Told::default()
        };
        assert!(check(&record(), &captured("R-50"), g).is_ok());
        assert!(check(&joint("12.605"), &captured("R-50"), g).is_err());
        assert!(check(&record(), &captured("G-50"), g).is_err());
        let pltns = |ids: &[&str]| Told {
            platoons: vec![ids.iter().map(|t| id(t)).collect()],
            ..Told::default()
        };
        let half = StepRef::Half {
            side: Side::Russian,
            step: CAPTURES.into(),
            of: 3,
        };
        let r = Side::Russian;
        assert!(check(&half, &pltns(&["R-50", "R-51"]), r).is_ok());
        assert!(check(&half, &pltns(&["R-50", "G-51"]), r).is_err());
        assert!(check(&joint("12.616"), &pltns(&["R-50", "R-51"]), r).is_err());
    }
}
