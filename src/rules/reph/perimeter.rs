//! 12.606 Perimeter Determination: done on the map, so votg lists the
//! rules' checklist (C37) and Eliminates the SMC the players report still
//! outside their own Perimeter Area (12.6069).

use std::collections::BTreeMap;

use crate::error::Error;
use crate::model::force::{Condition, Counter, CounterId, ForceBox, UnitKind};
use crate::model::journal::Entry;
use crate::model::side::Side;
use crate::rules::prompt::Prompter;
use crate::rules::reph::isolation::{counter, eliminate, ids_of, smc};
use crate::rules::reph::isolation_record::IsolationAnswers;
use crate::rules::reph::recombining::refused;
use crate::rules::reph::sequence::Flow;
use crate::rules::reph::session::Session;

/// The checklist of 12.6063–12.6069, done on the map.
const CHECKLIST: &[&str] = &[
    "12.6063 Map-edge markers: a Perimeter marker in each friendly-Controlled non-Water-Obstacle map-edge hex ADJACENT to an enemy-Controlled map-edge hex, pointed along a map-edge (Alternate) Hex Grain devoid of enemy-Controlled hexes (one marker facing off the map if two enemy hexes are ADJACENT).",
    "12.6064 Perimeter markers: one at a time, in ground-level Locations with a friendly Infantry MMC/Control marker, each pointed at another friendly marker along an (Alternate) Hex Grain devoid of ground-level non-SMC enemy units/Control markers, never overlapping a friendly Grain, until each side's loop(s) enclose the largest legal Perimeter Area.",
    "12.6065 Readjustment: remove or readjust markers freely while legal; starting over begins again at 12.6063.",
    "12.6066 Pockets: each friendly non-SMC unit still outside is in a Pocket: two markers in hexes with such units, pointed at each other along an Alternate Hex Grain, expanded as per 12.6064; never a Location of the main Perimeter Area nor a map-edge hex; a one-hex Pocket needs no marker. SMC alone cannot create a Pocket.",
    "12.6067 Non-ground-level Pockets: an upper-level or Cellar Location whose MMC cannot reach the building's ground level but through enemy-Controlled Locations is a Pocket; note it on the map photocopy.",
    "12.6068 A Pocket that reaches a map-edge hex becomes a normal part of the Perimeter Area [EXC: a Russian Perimeter Area with south map-edge hexes but no north map-edge hex nor non-interdicted Ferry Landing is Isolated; Russian units exiting off the south edge outside a non-isolated Russian Perimeter Area are eliminated].",
    "12.6069 Each side Controls all its non-Isolated Locations within its Perimeter Area; each friendly SMC still outside the friendly Perimeter Area is Eliminated; Isolated Locations keep their Control; No Man's Land becomes un-Controlled.",
];

/// The answers file's `[isolation]` table, if the run has one.
fn recorded(s: &Session) -> Option<IsolationAnswers> {
    if let Some(reported) = &s.reported {
        // Two machines: what both sides reported (isolation_report).
        return Some(reported.clone());
    }
    match &*s.prompter {
        // `votg verify` replaying answers typed at the terminal (an answers
        // file's `[isolation]` is never journalled as answers): asked again.
        Prompter::Scripted(a) if a.isolation.is_none() && a.replays("german.outside") => None,
        Prompter::Scripted(a) => Some(a.isolation.clone().unwrap_or_default()),
        Prompter::Terminal { .. } => None,
    }
}

/// 12.606: the checklist, then what the players report still outside its
/// side's Perimeter Area (`isolation.outside`; at the terminal both sides'
/// in one answer): an SMC is Eliminated (12.6069); a Wreck or an abandoned
/// AFV, which is no unit and may lie anywhere, is marked so for its
/// Recovery (12.6151d: no -2). Any other unit outside is in a Pocket
/// (12.6066), an Isolated Area of 12.607.
pub fn perimeter(s: &mut Session) -> Result<Flow, Error> {
    s.say("12.606 Perimeter Determination, on the map (READINGS.md C37):");
    for line in CHECKLIST {
        s.say(format!("  - {line}"));
    }
    let outside = match recorded(s) {
        Some(a) => {
            check_recorded(s, &a)?;
            let gone = crate::rules::reph::isolation::gone(s, &a);
            if !gone.is_empty() {
                s.say(format!(
                    "  [isolation] names {}, no longer in play (Eliminated since it was given): left out of 12.606-12.607.",
                    gone.join(", ")
                ));
            }
            a.outside
        }
        None => s.prompter.optional_list(
            Side::German,
            "outside",
            "SMC, and Wrecks or abandoned AFV, still outside their own side's Perimeter Area (ids of either side; Enter: none)",
        )?,
    };
    let ids = outside_ids(s, &outside)?;
    // As reported at this 12.606: an earlier report no longer holds.
    for side in Side::BOTH {
        s.state
            .side_mut(side)
            .force
            .clear_all(&Condition::OutsidePerimeter);
    }
    for id in ids {
        if smc(counter(s, id)) {
            eliminate(s, id, "outside the friendly Perimeter Area", "12.6069")?;
            continue;
        }
        let force = &mut s.state.side_mut(id.side).force;
        force
            .set_condition(id, Condition::OutsidePerimeter)
            .map_err(refused)?;
        s.journal(
            Entry::decision(
                "12.606",
                Some(id.side),
                false,
                "Outside the friendly Perimeter",
                format!(
                    "{id} {}: no -2 for its Recovery (12.6151d)",
                    counter(s, id).unit
                ),
                "12.6069",
            )
            .concerning([id.to_string()]),
        );
    }
    Ok(Flow::Next)
}

/// The counters reported outside their side's Perimeter: each an SMC, a
/// Wreck or an abandoned AFV (12.6069).
fn outside_ids(s: &Session, outside: &[String]) -> Result<Vec<CounterId>, Error> {
    let ids = ids_of(s, "isolation.outside", outside, None)?;
    for id in &ids {
        let c = counter(s, *id);
        if !smc(c) && !lies_anywhere(c) {
            return Err(Error::Refused(format!(
                "`isolation.outside`: {id} ({}) is not an SMC, a Wreck nor an abandoned AFV: only SMC outside the Perimeter are Eliminated (12.6069); other units are in a Pocket (12.6066). Nothing was changed.",
                c.unit
            )));
        }
    }
    Ok(ids)
}

/// Two machines: a side's own report checked before it is committed
/// (isolation_report), as 12.606 checks the whole `[isolation]`.
pub fn check(s: &Session, a: &IsolationAnswers) -> Result<(), Error> {
    outside_ids(s, &a.outside)?;
    check_recorded(s, a)
}

/// A Wreck or an abandoned AFV on the map: no unit, so it may lie outside
/// the friendly Perimeter without being in a Pocket.
fn lies_anywhere(c: &Counter) -> bool {
    c.kind == UnitKind::Vehicle
        && c.place == ForceBox::LeftOnMap
        && (c.has(&Condition::Wreck) || c.has(&Condition::Abandoned))
}

/// The whole `[isolation]` table checked before 12.606 changes anything,
/// so a wrong id in an Area or a stack stops the run with nothing done:
/// each id a live counter of its side, in one Area at most, each stack's
/// counters in the Area it names.
fn check_recorded(s: &Session, a: &IsolationAnswers) -> Result<(), Error> {
    let outside = ids_of(s, "isolation.outside", &a.outside, None)?;
    let mut seen: BTreeMap<CounterId, &str> = BTreeMap::new();
    for area in &a.area {
        for side in Side::BOTH {
            let answer = format!("isolation.area \"{}\" {}", area.name, side.id());
            for id in ids_of(s, &answer, area.ids(side), Some(side))? {
                if outside.contains(&id) {
                    return Err(Error::Refused(format!(
                        "`{answer}`: {id} is also in `isolation.outside`. Nothing was changed."
                    )));
                }
                if let Some(other) = seen.insert(id, &area.name) {
                    return Err(Error::Refused(format!(
                        "`{answer}`: {id} is already in Isolated Area \"{other}\". Nothing was changed."
                    )));
                }
            }
        }
    }
    for (k, e) in a.escape.iter().enumerate() {
        let answer = format!("isolation.escape #{} (area \"{}\")", k + 1, e.area);
        for id in ids_of(s, &answer, &e.counters, None)? {
            if seen.get(&id) != Some(&e.area.as_str()) {
                return Err(Error::Refused(format!(
                    "`{answer}`: {id} is not recorded in that Isolated Area. Nothing was changed."
                )));
            }
        }
    }
    Ok(())
}
