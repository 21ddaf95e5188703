//! 12.6125 Promotion out of the Ranks: in lieu of the Leader DR, one
//! non-Isolated unwounded 8-0 exchanged for two 7-0, or an 8-1 for an 8-0
//! and a 7-0, within one leader per four (German) or eight (Russian)
//! squad-equivalents of Retained units.

use crate::error::Error;
use crate::model::force::{Condition, CounterId, ForceBox, NewCounter, UnitKind};
use crate::model::journal::Entry;
use crate::model::side::Side;
use crate::rules::reph::hardening::STEP;
use crate::rules::reph::leader_hardening::{infantry_leader, pick};
use crate::rules::reph::recombining::{refused, retained};
use crate::rules::reph::session::Session;

/// Whether `side` may exchange one of its `from` leaders (12.6125): it has
/// a Retained non-Isolated unwounded one, and the new leader keeps within
/// one per four (German) or eight (Russian) squad-equivalents.
pub(super) fn allowed(s: &Session, side: Side, from: &str) -> bool {
    let any = s.state.side(side).force.counters.iter().any(|c| {
        infantry_leader(c)
            && c.unit == from
            && !c.has(&Condition::Wounded)
            && c.isolated_area().is_none()
    });
    let (halves, leaders) = strength(s, side);
    let per = if side == Side::German { 4 } else { 8 };
    any && (leaders + 1) * per * 2 <= halves
}

/// Squad-equivalents of `side`'s Retained units, in halves (a squad 2, a
/// HS or crew 1), and its Retained leaders (12.6125).
fn strength(s: &Session, side: Side) -> (u32, u32) {
    let mut halves = 0;
    let mut leaders = 0;
    for c in s
        .state
        .side(side)
        .force
        .counters
        .iter()
        .filter(|c| retained(c))
    {
        match c.kind {
            UnitKind::Squad => halves += 2,
            UnitKind::Hs | UnitKind::Crew => halves += 1,
            UnitKind::Leader | UnitKind::Commissar => leaders += 1,
            _ => {}
        }
    }
    (halves, leaders)
}

/// 12.6125: one non-Isolated unwounded `from` Infantry leader exchanged for
/// `into`, refused when it would give more than one leader per four
/// (German) or eight (Russian) squad-equivalents of Retained units.
pub(super) fn promote(s: &mut Session, side: Side, from: &str, into: &[&str]) -> Result<(), Error> {
    let answer = format!("{}.leader = \"promote-{from}\"", side.id());
    let candidates: Vec<CounterId> = s
        .state
        .side(side)
        .force
        .counters
        .iter()
        .filter(|c| {
            infantry_leader(c)
                && c.unit == from
                && !c.has(&Condition::Wounded)
                && c.isolated_area().is_none()
        })
        .map(|c| c.id)
        .collect();
    if candidates.is_empty() {
        return Err(Error::Refused(format!(
            "`{answer}`: the {} side has no Retained non-Isolated unwounded {from} leader (12.6125). Nothing was changed.",
            side.name()
        )));
    }
    let (halves, leaders) = strength(s, side);
    let per = if side == Side::German { 4 } else { 8 };
    let after = leaders + 1;
    if after * per * 2 > halves {
        return Err(Error::Refused(format!(
            "`{answer}`: it would give {after} leaders for {} squad-equivalents of Retained units, more than one per {per} (12.6125). Choose `roll` (the Leader Battle Hardening DR) instead. Nothing was changed.",
            halves as f32 / 2.0
        )));
    }
    let question =
        format!("12.6125: which {from} is Promoted out of the Ranks (Enter: the first)?");
    let id = pick(s, side, "promoted_leader", &question, &candidates)?;
    let leader = s.state.side(side).force.get(id).cloned().expect("listed");
    let force = &mut s.state.side_mut(side).force;
    force
        .replace_unit(leader.id, into[0], UnitKind::Leader)
        .map_err(refused)?;
    let mut new = NewCounter::new(into[1], UnitKind::Leader, ForceBox::Retained);
    new.rg = leader.rg.as_ref().map(ToString::to_string);
    new.rg_row = leader.rg_row;
    let added = force.add(new);
    let result = format!(
        "{} {from} exchanged for {} {} and {added} {}",
        leader.id, leader.id, into[0], into[1]
    );
    s.concerning([leader.id.to_string(), added.to_string()]);
    s.journal(Entry::decision(
        STEP,
        Some(side),
        true,
        "Promotion out of the Ranks",
        result.clone(),
        "12.6125",
    ));
    s.concerning([]);
    s.say(format!("12.6125 Promotion out of the Ranks: {result}"));
    Ok(())
}
