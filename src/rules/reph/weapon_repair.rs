//! 12.6152 Weapon Repair and 12.6153 AFV MG exchange: a dr per
//! malfunctioned non-Captured Retained Weapon (a vehicle's named weapons
//! each their own), with the Repair Numbers the players entered.

use crate::error::Error;
use crate::model::drm::Drm;
use crate::model::force::{Condition, Counter, ForceBox, UnitKind};
use crate::model::journal::Entry;
use crate::model::side::Side;
use crate::rules::reph::counters::{
    among, ask_ids, describe, force_op, has, ids, isolated, may_be_non_qualified, named_weapons,
    weapon,
};
use crate::rules::reph::equipment_repair::STEP;
use crate::rules::reph::repair_number;
use crate::rules::reph::session::Session;

/// The Weapon Repair drms (12.6152, C38).
pub fn repair_drms(side: Side, c: &Counter, non_qualified: bool) -> Vec<Drm> {
    let rule = "12.6152";
    let mut d = Vec::new();
    if c.kind == UnitKind::Vehicle {
        d.push(Drm::new(-2, "Vehicular-mounted", rule));
    }
    if side == Side::Russian && (c.unit.contains("MG") || c.unit.contains("ATR")) {
        d.push(Drm::new(-1, "Russian MG/ATR (READINGS.md C38)", rule));
    }
    d.extend(repair_number::drm(c));
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
    d
}

/// 12.6152: a dr for each malfunctioned non-Captured Retained Weapon: a SW
/// or Gun, or each weapon of a vehicle, named (`MA`, `BMG` …) or not (then
/// the players say which vehicles' is the MA, `malfunctioned_ma`).
pub fn weapon_repair(s: &mut Session, side: Side) -> Result<(), Error> {
    let cands = ids(s, side, |c| {
        weapon(c)
            && c.place == ForceBox::Retained
            && (has(c, Condition::Malfunctioned) || !named_weapons(c, true).is_empty())
            && !has(c, Condition::Captured)
    });
    let may = among(s, side, &cands, |c| {
        may_be_non_qualified(s, side, c) || s.prompter.has_answer(side, "weapon_non_qualified")
    });
    let nq = ask_ids(
        s,
        side,
        "weapon_non_qualified",
        "12.6152: weapons that only Non-Qualified Use (A21.13) can repair",
        &may,
    )?;
    let vehicles = among(s, side, &cands, |c| {
        c.kind == UnitKind::Vehicle && has(c, Condition::Malfunctioned)
    });
    let ma = ask_ids(
        s,
        side,
        "malfunctioned_ma",
        "12.6152: AFV whose malfunctioned weapon is the MA",
        &vehicles,
    )?;
    repair_number::ask(s, side, &cands)?;
    for id in cands {
        let c = s.state.side(side).force.get(id).cloned().expect("listed");
        let mut rolls: Vec<Option<String>> = Vec::new();
        if has(&c, Condition::Malfunctioned) {
            rolls.push(None);
        }
        rolls.extend(named_weapons(&c, true).into_iter().map(Some));
        for w in rolls {
            let is_ma = w.as_deref().map_or(ma.contains(&id), |w| w == "MA");
            if !repair_one(s, side, &c, w, is_ma, nq.contains(&id))? {
                break;
            }
        }
    }
    s.concerning([]);
    Ok(())
}

/// One Weapon Repair dr (12.6152) for `c`, or for its weapon `w`. A failed
/// SW/Gun is Eliminated; a vehicle's weapon is Disabled, or, its MA, the
/// AFV is Retained as a Wreck. Whether the counter is still to roll for.
fn repair_one(
    s: &mut Session,
    side: Side,
    c: &Counter,
    w: Option<String>,
    ma: bool,
    nq: bool,
) -> Result<bool, Error> {
    let id = c.id;
    s.concerning([id.to_string()]);
    let which = w.as_deref().map(|w| format!(" {w}")).unwrap_or_default();
    let what = format!(
        "{} Weapon Repair of {}{which}",
        side.name(),
        describe(s, id)
    );
    let drms = repair_drms(side, c, nq);
    let r = s.roll(side, STEP, "weapon-repair", None, &drms, &what, false)?;
    let f = &mut s.state.side_mut(side).force;
    let malfunction = w
        .clone()
        .map_or(Condition::Malfunctioned, Condition::MalfunctionedWeapon);
    force_op(f.clear_condition(id, &malfunction))?;
    if r.key() == "repaired" {
        return Ok(true);
    }
    if c.kind != UnitKind::Vehicle {
        force_op(f.eliminate(id))?;
        return Ok(false);
    }
    if ma {
        force_op(f.move_to(id, ForceBox::RetainedWreck))?;
        force_op(f.set_condition(id, Condition::Wreck))?;
        s.say("  The MA is lost: the AFV is Retained as a Wreck (12.615d).");
        return Ok(false);
    }
    force_op(f.set_condition(id, w.map_or(Condition::Disabled, Condition::DisabledWeapon)))?;
    Ok(true)
}

/// 12.6153: a Disabled non-Captured non-Isolated AFV MG repaired by
/// Eliminating a friendly non-Isolated Retained LMG (the side chooses).
pub fn mg_exchange(s: &mut Session, side: Side) -> Result<(), Error> {
    let afv = ids(s, side, |c| {
        c.kind == UnitKind::Vehicle
            && (has(c, Condition::Disabled) || named_weapons(c, false).iter().any(|w| w != "MA"))
            && !has(c, Condition::Captured)
            && !isolated(c)
            && c.place != ForceBox::Casualties
    });
    let lmgs = ids(s, side, |c| {
        c.kind == UnitKind::Sw
            && c.unit.contains("LMG")
            && c.place == ForceBox::Retained
            && !isolated(c)
            && !has(c, Condition::Malfunctioned)
    });
    if lmgs.is_empty() {
        return Ok(());
    }
    let chosen = ask_ids(
        s,
        side,
        "mg_exchange",
        "12.6153: AFV whose Disabled MG is repaired by Eliminating a Retained LMG",
        &afv,
    )?;
    if chosen.len() > lmgs.len() {
        return Err(Error::Refused(format!(
            "12.6153: {} AFV MG exchanges need as many Retained LMG; the {} has {}. Nothing was changed.",
            chosen.len(),
            side.name(),
            lmgs.len()
        )));
    }
    for (vehicle, lmg) in chosen.into_iter().zip(lmgs) {
        let f = &mut s.state.side_mut(side).force;
        // A named Disabled MG first (the MA is not an MG), else the
        // vehicle's unnamed Disabled weapon.
        let mg = f
            .get(vehicle)
            .and_then(|c| named_weapons(c, false).into_iter().find(|w| w != "MA"));
        let repaired = mg.map_or(Condition::Disabled, Condition::DisabledWeapon);
        force_op(f.clear_condition(vehicle, &repaired))?;
        force_op(f.eliminate(lmg))?;
        let text = format!(
            "{} MG repaired; {} Eliminated",
            describe(s, vehicle),
            describe(s, lmg)
        );
        s.journal(
            Entry::decision(STEP, Some(side), false, "AFV MG exchange", text, "12.6153")
                .concerning([vehicle.to_string(), lmg.to_string()]),
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::force::{CounterId, NewCounter};

    #[test]
    fn rule_12_6152_weapon_repair_drms() {
        let mut f = crate::model::force::Force::new(Side::Russian);
        let id: CounterId = f.add(NewCounter::new("LMG", UnitKind::Sw, ForceBox::Retained));
        let mut c = f.get(id).unwrap().clone();
        c.repair = Some(1);
        let t = |d: Vec<Drm>| d.iter().map(|d| d.value).sum::<i32>();
        assert_eq!(t(repair_drms(Side::Russian, &c, false)), -2);
        assert_eq!(t(repair_drms(Side::German, &c, true)), 0);
        let mut isolated = c.clone();
        isolated.condition.insert(Condition::Isolated("A".into()));
        assert_eq!(t(repair_drms(Side::German, &isolated, false)), 0);
        let mut printed = c.clone();
        printed.repair = Some(3);
        assert_eq!(t(repair_drms(Side::Russian, &printed, false)), -4);
        assert_eq!(t(repair_drms(Side::German, &printed, false)), -3);
    }
}
