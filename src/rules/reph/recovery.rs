//! 12.615d-f, skipped before a Counterattack (C1): AFV/Wreck Recovery
//! (12.6151d), Immobilization Removal (e) and Wreck Repair (f), with the
//! Labor counters their failures leave.

use crate::error::Error;
use crate::model::drm::Drm;
use crate::model::force::{Condition, ForceBox, UnitKind};
use crate::model::journal::Entry;
use crate::model::side::Side;
use crate::rules::reph::counters::{
    among, ask_ids, describe, force_op, has, ids, isolated, may_be_non_qualified,
};
use crate::rules::reph::session::Session;

mod facts;
use facts::{bought_dug_in, outside_perimeter};

pub const STEP_D: &str = "12.615d";

/// 12.615d-f (PerSide, open).
pub fn run(s: &mut Session, side: Side) -> Result<(), Error> {
    recovery(s, side)?;
    immobilization_removal(s, side)?;
    wreck_repair(s, side)
}

/// "-1/-2 Per Labor Status" (12.6151e/f): the side of its Labor counter.
fn labor_drm(c: &crate::model::force::Counter, rule: &str) -> Option<Drm> {
    let level = c.condition.iter().find_map(Condition::labor_drm)?;
    Some(Drm::new(
        level,
        format!("Labor Status ({level} Labor counter)"),
        rule,
    ))
}

/// The Labor counter after a further failure (12.6151e/f *): a unit
/// without one is marked with a -1 Labor counter; a -1 counter is flipped to
/// its -2 side; a -2 counter stays.
pub fn labor_after_failure(c: &crate::model::force::Counter) -> Condition {
    if c.condition.contains(&Condition::Labor) || c.condition.contains(&Condition::Labor2) {
        Condition::Labor2
    } else {
        Condition::Labor
    }
}

/// Marks `id` with its Labor counter after a failure, and says so.
fn mark_labor(
    s: &mut Session,
    side: Side,
    id: crate::model::force::CounterId,
) -> Result<(), Error> {
    let f = &mut s.state.side_mut(side).force;
    let Some(c) = f.get(id) else {
        return Ok(());
    };
    let had = c.condition.iter().find_map(Condition::labor_drm);
    let next = labor_after_failure(c);
    force_op(f.set_condition(id, next.clone()))?;
    s.say(match had {
        None => "  Marked with a -1 Labor counter (12.6151e/f).".to_string(),
        Some(-1) => "  Its -1 Labor counter is flipped to its -2 side (12.6151e/f).".to_string(),
        Some(_) => "  It keeps its -2 Labor counter (12.6151e/f).".to_string(),
    });
    Ok(())
}

/// The AFV/Wreck Recovery drms (12.6151d).
pub fn recovery_drms(isolated: bool, in_perimeter: bool, dug_in: bool) -> Vec<Drm> {
    let mut d = Vec::new();
    if isolated {
        d.push(Drm::new(2, "Isolated", "12.6151d"));
    }
    if in_perimeter {
        d.push(Drm::new(-2, "In friendly Perimeter", "12.6151d"));
    }
    if dug_in {
        d.push(Drm::new(2, "Dug-In", "12.6151d"));
    }
    d
}

/// d) each friendly immobilized AFV or Wreck left on the map (CG7):
/// non-Isolated, or Isolated with a path free of enemy Control the players
/// name. Recovered, an AFV is Retained as it is and a Wreck goes to the
/// Retained Wreck box (it rolls for Wreck Repair, f); unsuccessful, it
/// stays on the map for the next RePh; an Original 6 makes a Wreck a
/// Burnt-Out Wreck, never Retained.
fn recovery(s: &mut Session, side: Side) -> Result<(), Error> {
    let on_map = |c: &crate::model::force::Counter| {
        c.kind == UnitKind::Vehicle
            && c.place == ForceBox::LeftOnMap
            && (has(c, Condition::Immobilized) || has(c, Condition::Wreck))
    };
    let iso = ids(s, side, |c| on_map(c) && isolated(c));
    let with_path = ask_ids(
        s,
        side,
        "recover_isolated",
        "12.6151d EXC: Isolated AFV/Wrecks with a path free of enemy Control to a friendly Perimeter Location",
        &iso,
    )?;
    let cands = ids(s, side, |c| {
        on_map(c) && (!isolated(c) || with_path.contains(&c.id))
    });
    let outside = outside_perimeter(s, side, &cands)?;
    // Only an AFV bought Dug-In (12.6214c) can be one: for the others the
    // answer is known, and not asked.
    let may_be_dug_in = among(s, side, &cands, |c| {
        bought_dug_in(s, side, c) || s.prompter.has_answer(side, "dug_in")
    });
    let dug_in = ask_ids(
        s,
        side,
        "dug_in",
        "12.6151d: Dug-In AFV (+2)",
        &may_be_dug_in,
    )?;
    for id in cands {
        let c = s.state.side(side).force.get(id).cloned().expect("listed");
        let wreck = has(&c, Condition::Wreck);
        let drms = recovery_drms(isolated(&c), !outside.contains(&id), dug_in.contains(&id));
        s.concerning([id.to_string()]);
        let what = format!("{} Recovery of {}", side.name(), describe(s, id));
        let r = s.roll(
            side,
            STEP_D,
            "afv-wreck-recovery",
            None,
            &drms,
            &what,
            false,
        )?;
        let (place, result) = if wreck && r.roll.original() == 6 {
            (
                ForceBox::Casualties,
                "Original 6: a Burnt-Out Wreck, unrecoverable (it may be scrounged, 12.6082); never Retained",
            )
        } else if r.key() != "recovered" {
            (
                ForceBox::LeftOnMap,
                "not Recovered: it stays on the map, to be rolled for in the next RePh",
            )
        } else if wreck {
            (
                ForceBox::RetainedWreck,
                "Recovered: Retained as a Wreck (it rolls for Wreck Repair, 12.6151f)",
            )
        } else {
            (ForceBox::Retained, "Recovered: Retained, still immobilized")
        };
        force_op(s.state.side_mut(side).force.move_to(id, place))?;
        if place != ForceBox::LeftOnMap {
            // Off the map: where it lay no longer matters.
            force_op(
                s.state
                    .side_mut(side)
                    .force
                    .clear_condition(id, &Condition::OutsidePerimeter),
            )?;
        }
        let d = describe(s, id);
        s.say(format!("  {d}: {result} (12.6151d)."));
        s.journal(Entry::decision(
            STEP_D,
            Some(side),
            false,
            "AFV/Wreck Recovery",
            format!("{d}: {result}"),
            "12.6151d",
        ));
    }
    s.concerning([]);
    Ok(())
}

/// The Immobilization Removal drms (12.6151e).
pub fn immobilization_drms(
    c: &crate::model::force::Counter,
    non_qualified: bool,
    leader_drm: i32,
) -> Vec<Drm> {
    let mut d = Vec::new();
    let rule = "12.6151e";
    if isolated(c) && leader_drm != 0 {
        d.push(Drm::new(leader_drm, "Armor leader DRM (Isolated)", rule));
    }
    if non_qualified {
        d.push(Drm::new(
            1,
            "Only Non-Qualified Use (A21.13) possible",
            rule,
        ));
    }
    if isolated(c) {
        d.push(Drm::new(1, "Isolated", rule));
    }
    if has(c, Condition::InexperiencedCrew) {
        d.push(Drm::new(
            1,
            "Manned by Inexperienced Crew (D3.45; 12.6227)",
            rule,
        ));
    }
    d.extend(labor_drm(c, rule));
    d
}

/// e) each Retained immobilized AFV, or manned Isolated immobilized AFV.
fn immobilization_removal(s: &mut Session, side: Side) -> Result<(), Error> {
    let cands = ids(s, side, |c| {
        c.kind == UnitKind::Vehicle
            && has(c, Condition::Immobilized)
            && (matches!(c.place, ForceBox::Retained | ForceBox::DugInAfv)
                || (c.place == ForceBox::LeftOnMap && isolated(c) && !has(c, Condition::Abandoned)))
    });
    let may = among(s, side, &cands, |c| {
        may_be_non_qualified(s, side, c) || s.prompter.has_answer(side, "non_qualified")
    });
    let nq = ask_ids(
        s,
        side,
        "non_qualified",
        "12.6151e/12.6152: only Non-Qualified Use (A21.13) possible",
        &may,
    )?;
    for id in cands {
        let c = s.state.side(side).force.get(id).cloned().expect("listed");
        let leader = if isolated(&c) {
            s.prompter.number(
                side,
                "armor_leader_drm",
                "12.6151e: the DRM of an armor leader with an Isolated immobilized AFV (0 if none)",
                -3,
                0,
                Some(0),
            )? as i32
        } else {
            0
        };
        let drms = immobilization_drms(&c, nq.contains(&id), leader);
        s.concerning([id.to_string()]);
        let what = format!(
            "{} Immobilization Removal of {}",
            side.name(),
            describe(s, id)
        );
        let r = s.roll(
            side,
            STEP_D,
            "immobilization-removal",
            None,
            &drms,
            &what,
            false,
        )?;
        mobile_or_labor(s, side, id, r.key() == "mobile", Condition::Immobilized)?;
    }
    s.concerning([]);
    Ok(())
}

/// Success clears the condition and the Labor counter; failure marks a -1
/// Labor counter or flips it to -2 (12.6151e/f *: optional, always taken
/// since it only helps).
fn mobile_or_labor(
    s: &mut Session,
    side: Side,
    id: crate::model::force::CounterId,
    ok: bool,
    cond: Condition,
) -> Result<(), Error> {
    if ok {
        let f = &mut s.state.side_mut(side).force;
        force_op(f.clear_condition(id, &cond))?;
        force_op(f.clear_condition(id, &Condition::Labor))?;
    } else {
        mark_labor(s, side, id)?;
    }
    Ok(())
}

/// The Wreck Repair drms (12.6151f).
pub fn wreck_drms(
    side: Side,
    c: &crate::model::force::Counter,
    partially_armored: bool,
) -> Vec<Drm> {
    let mut d = Vec::new();
    if side == Side::German {
        d.push(Drm::new(-1, "German", "12.6151f"));
    }
    if partially_armored {
        d.push(Drm::new(1, "Partially armored (D1.22)", "12.6151f"));
    }
    d.extend(labor_drm(c, "12.6151f"));
    d
}

/// f) each Retained Wreck (not a Captured enemy one): only a Wreck in the
/// Retained Wreck box, never one still on the map (12.6151d, CG7).
fn wreck_repair(s: &mut Session, side: Side) -> Result<(), Error> {
    let cands = ids(s, side, |c| {
        c.place == ForceBox::RetainedWreck && !has(c, Condition::Captured)
    });
    // Partially armored is a fact of the vehicle (the table's list), not
    // a question.
    let partial: Vec<String> = s
        .tables
        .dice_table("wreck-repair")?
        .drms
        .iter()
        .flat_map(|d| d.units.iter().cloned())
        .collect();
    for id in cands {
        let c = s.state.side(side).force.get(id).cloned().expect("listed");
        let drms = wreck_drms(side, &c, partial.contains(&c.unit));
        s.concerning([id.to_string()]);
        let what = format!("{} Wreck Repair of {}", side.name(), describe(s, id));
        let r = s.roll(side, STEP_D, "wreck-repair", None, &drms, &what, false)?;
        let f = &mut s.state.side_mut(side).force;
        if r.roll.original() == 6 {
            force_op(f.eliminate(id))?;
            s.say("  Original 6: the Wreck is a total loss and is Eliminated (12.6151f).");
        } else if r.key() == "repaired" {
            force_op(f.move_to(id, ForceBox::Retained))?;
            force_op(f.clear_condition(id, &Condition::Labor))?;
            force_op(f.clear_condition(id, &Condition::Wreck))?;
        } else {
            mark_labor(s, side, id)?;
        }
    }
    s.concerning([]);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn counter_with(conditions: &[Condition]) -> crate::model::force::Counter {
        let mut n = crate::model::force::NewCounter::new(
            "PzKpfw IIIJ",
            UnitKind::Vehicle,
            ForceBox::LeftOnMap,
        );
        for c in conditions {
            n = n.with(c.clone());
        }
        crate::model::force::Counter::from_new("G-1".parse().unwrap(), n)
    }

    #[test]
    fn rule_12_6151e_f_labor_drm_is_minus_1_or_minus_2_per_labor_status() {
        let drm = |c: &[Condition]| labor_drm(&counter_with(c), "12.6151e").map(|d| d.value);
        assert_eq!(drm(&[]), None);
        assert_eq!(drm(&[Condition::Immobilized, Condition::Labor]), Some(-1));
        assert_eq!(drm(&[Condition::Immobilized, Condition::Labor2]), Some(-2));
        let w = wreck_drms(Side::Russian, &counter_with(&[Condition::Labor2]), false);
        assert_eq!(w.iter().map(|d| d.value).sum::<i32>(), -2);
    }

    #[test]
    fn rule_12_6151e_f_a_further_failure_flips_the_labor_counter_to_minus_2() {
        assert_eq!(labor_after_failure(&counter_with(&[])), Condition::Labor);
        assert_eq!(
            labor_after_failure(&counter_with(&[Condition::Labor])),
            Condition::Labor2
        );
        assert_eq!(
            labor_after_failure(&counter_with(&[Condition::Labor2])),
            Condition::Labor2
        );
    }

    #[test]
    fn rule_12_6151e_f_labor_levels_in_force_toml_old_plain_labor_loads_as_minus_1() {
        #[derive(serde::Deserialize, serde::Serialize)]
        struct C {
            condition: Vec<Condition>,
        }
        let old: C = toml::from_str(r#"condition = ["labor"]"#).unwrap();
        assert_eq!(old.condition, [Condition::Labor]);
        let new: C = toml::from_str(r#"condition = ["labor-1", "labor-2"]"#).unwrap();
        assert_eq!(new.condition, [Condition::Labor, Condition::Labor2]);
        let written = toml::to_string(&C {
            condition: vec![Condition::Labor, Condition::Labor2],
        })
        .unwrap();
        assert!(written.contains(r#""labor-1", "labor-2""#), "{written}");
    }

    #[test]
    fn rule_12_6151d_recovery_drms() {
        let t = |i, p, d| recovery_drms(i, p, d).iter().map(|d| d.value).sum::<i32>();
        assert_eq!(t(false, true, false), -2);
        assert_eq!(t(true, false, true), 4);
    }
}
