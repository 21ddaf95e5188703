//! 12.615 Equipment Repair & Replenishment, in the three parts the sequence
//! keeps apart (C1): a-c here (abandoned, Shocked/UK, bogged AFV, as
//! checklists whose outcome the players enter: their tables are in the
//! ASLRB), d-f in `recovery` (AFV/Wreck Recovery, Immobilization Removal,
//! Wreck Repair; skipped before a Counterattack) and 12.6152-.6159 in
//! `weapon_repair` and `equipment_repair`.

use crate::error::Error;
use crate::model::force::{Condition, ForceBox, UnitKind};
use crate::model::journal::Entry;
use crate::model::side::Side;
use crate::rules::reph::counters::{ask_ids, describe, force_op, has, ids, isolated};
use crate::rules::reph::session::Session;
use crate::rules::reph::{new_day, one_use, reserve};

pub const STEP_A: &str = "12.615a";

/// The `what` of the row saying an abandoned AFV was re-manned (12.6151a).
pub const REMANNED: &str = "Re-manned";

/// 12.615a-c (PerSide, open), after the RGs used once are settled (notes
/// t, b, m: `one_use`) and a Reserve RG of an Idle Day is Retained
/// (12.6214b: `reserve`).
pub fn abandoned_shock_bog(s: &mut Session, side: Side) -> Result<(), Error> {
    // Before a Counterattack 12.614 did not run: the second scenario of the
    // CG Day gets its facts and roster line here.
    new_day::counterattack_scenario(s);
    new_day::ensure_line(s, side);
    new_day::announce_line(s, side);
    one_use::settle(s, side)?;
    reserve::after_idle_day(s, side)?;
    remanned(s, side)?;
    shock(s, side)?;
    bog(s, side)
}

/// A vehicle still in the force (not among the Casualties).
fn vehicle(c: &crate::model::force::Counter) -> bool {
    c.kind == UnitKind::Vehicle && c.place != ForceBox::Casualties
}

/// 12.6151a: an abandoned AFV re-manned or left abandoned (default: left).
fn remanned(s: &mut Session, side: Side) -> Result<(), Error> {
    let abandoned = ids(s, side, |c| {
        vehicle(c) && has(c, Condition::Abandoned) && !isolated(c)
    });
    for id in ask_ids(
        s,
        side,
        "remanned",
        "12.6151a: abandoned AFV re-manned by a Retained unit",
        &abandoned,
    )? {
        force_op(
            s.state
                .side_mut(side)
                .force
                .clear_condition(id, &Condition::Abandoned),
        )?;
        let d = describe(s, id);
        s.say(format!(
            "{d} is re-manned; the unit manning it begins the next scenario in it (12.6151a)."
        ));
        s.journal(
            Entry::decision(STEP_A, Some(side), false, REMANNED, d, "12.6151a")
                .concerning([id.to_string()]),
        );
    }
    Ok(())
}

/// 12.6151b: Shock/UK, a dr (C7.42) until it is over; the players enter
/// which were eliminated, the others recover.
fn shock(s: &mut Session, side: Side) -> Result<(), Error> {
    let shocked = ids(s, side, |c| vehicle(c) && has(c, Condition::Shocked));
    let lost = ask_ids(
        s,
        side,
        "shock_eliminated",
        "12.6151b: Shocked/UK AFV eliminated by their C7.42 drs",
        &shocked,
    )?;
    for id in shocked {
        let f = &mut s.state.side_mut(side).force;
        force_op(f.clear_condition(id, &Condition::Shocked))?;
        if lost.contains(&id) {
            force_op(f.eliminate(id))?;
        }
        let what = if lost.contains(&id) {
            "eliminated"
        } else {
            "recovered from Shock/UK"
        };
        let d = describe(s, id);
        s.journal(
            Entry::decision(
                STEP_A,
                Some(side),
                false,
                "Shock/UK (C7.42)",
                format!("{d} {what}"),
                "12.6151b",
            )
            .concerning([id.to_string()]),
        );
    }
    Ok(())
}

/// 12.6151c: Bog Removal (D8.3) until unbogged or Immobilized.
fn bog(s: &mut Session, side: Side) -> Result<(), Error> {
    let bogged = ids(s, side, |c| {
        vehicle(c) && has(c, Condition::Bogged) && !has(c, Condition::Abandoned)
    });
    let stuck = ask_ids(
        s,
        side,
        "bog_immobilized",
        "12.6151c: bogged AFV Immobilized by their D8.3 Bog Removal attempts",
        &bogged,
    )?;
    for id in bogged {
        let f = &mut s.state.side_mut(side).force;
        force_op(f.clear_condition(id, &Condition::Bogged))?;
        let c = f.get(id).cloned();
        if stuck.contains(&id) {
            force_op(f.set_condition(id, Condition::Immobilized))?;
        } else if let Some(c) = c
            && c.place == ForceBox::LeftOnMap
            && !isolated(&c)
        {
            // Unbogged and non-Isolated: cleared from the map.
            force_op(f.move_to(id, ForceBox::Retained))?;
        }
        let what = if stuck.contains(&id) {
            "Immobilized"
        } else {
            "unbogged"
        };
        let d = describe(s, id);
        s.journal(
            Entry::decision(
                STEP_A,
                Some(side),
                false,
                "Bog Removal (D8.3)",
                format!("{d} {what}"),
                "12.6151c",
            )
            .concerning([id.to_string()]),
        );
    }
    Ok(())
}
