//! 12.6152-12.6159: Weapon Repair, AFV MG exchange, FT/DC, Captured
//! weapons and AFV, and the automatic restorations (Special Ammo, Low Ammo,
//! Ammunition Shortage).

use crate::drm::Drm;
use crate::error::Error;
use crate::force::{Condition, Counter, ForceBox, UnitKind};
use crate::journal::Entry;
use crate::reph::counters::{
    among, ask_ids, assault_engineer_squads, describe, force_op, has, ids, isolated, named_weapons,
    weapon,
};
use crate::reph::repair_number;
use crate::reph::session::Session;
use crate::side::Side;

pub const STEP: &str = "12.615g";

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

/// 12.6152-12.6159 (PerSide, open).
pub fn run(s: &mut Session, side: Side) -> Result<(), Error> {
    weapon_repair(s, side)?;
    mg_exchange(s, side)?;
    ft_dc(s, side)?;
    captured(s, side)?;
    restored(s, side);
    Ok(())
}

/// 12.6152: a dr for each malfunctioned non-Captured Retained Weapon: a SW
/// or Gun, or each weapon of a vehicle, named (`MA`, `BMG` …) or not (then
/// the players say which vehicles' is the MA, `malfunctioned_ma`).
fn weapon_repair(s: &mut Session, side: Side) -> Result<(), Error> {
    let cands = ids(s, side, |c| {
        weapon(c)
            && c.place == ForceBox::Retained
            && (has(c, Condition::Malfunctioned) || !named_weapons(c, true).is_empty())
            && !has(c, Condition::Captured)
    });
    let nq = ask_ids(
        s,
        side,
        "weapon_non_qualified",
        "12.6152: weapons that only Non-Qualified Use (A21.13) can repair",
        &cands,
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
fn mg_exchange(s: &mut Session, side: Side) -> Result<(), Error> {
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

/// A FT or DC (12.6154): which of the two, by its counter name.
fn ft_or_dc(c: &Counter) -> Option<&'static str> {
    let u = c.unit.to_ascii_uppercase();
    (c.kind == UnitKind::Sw).then_some(())?;
    if u.contains("FT") {
        Some("FT")
    } else if u.contains("DC") {
        Some("DC")
    } else {
        None
    }
}

/// The Original effects DR a FT/DC was removed from play with, if it was.
fn removed_with(c: &Counter) -> Option<u8> {
    c.condition.iter().find_map(|x| match x {
        Condition::RemovedFromPlay(dr) => Some(*dr),
        _ => None,
    })
}

/// 12.6154: each FT/DC removed from play in the scenario (recorded with the
/// Original effects DR of its removal, `ft_dc_removed`) is Eliminated on a
/// DR >= 11; on a DR <= 10 it is Retained, but no more DC, nor FT, than the
/// side's non-Isolated Assault Engineer squads at this point (the first in
/// Force order are kept, the rest Eliminated). Each one says where it went.
fn ft_dc(s: &mut Session, side: Side) -> Result<(), Error> {
    let cap = assault_engineer_squads(s, side);
    let mut kept = [("FT", 0usize), ("DC", 0usize)];
    let removed = ids(s, side, |c| {
        ft_or_dc(c).is_some() && removed_with(c).is_some() && c.place != ForceBox::Casualties
    });
    for id in removed {
        let c = s.state.side(side).force.get(id).cloned().expect("listed");
        let (which, dr) = (
            ft_or_dc(&c).expect("listed"),
            removed_with(&c).expect("listed"),
        );
        let n = &mut kept
            .iter_mut()
            .find(|(w, _)| *w == which)
            .expect("FT or DC")
            .1;
        let (retained, why) = if dr >= 11 {
            (false, format!("Original effects DR {dr} >= 11"))
        } else if *n >= cap {
            (
                false,
                format!(
                    "Original effects DR {dr} <= 10, but the {} already Retains {n} {which} this way and has {cap} non-Isolated Assault Engineer squad(s)",
                    side.name()
                ),
            )
        } else {
            *n += 1;
            (true, format!("Original effects DR {dr} <= 10"))
        };
        let f = &mut s.state.side_mut(side).force;
        force_op(f.clear_condition(id, &Condition::RemovedFromPlay(0)))?;
        let result = if retained {
            force_op(f.move_to(id, ForceBox::Retained))?;
            "Retained"
        } else {
            force_op(f.eliminate(id))?;
            "Eliminated"
        };
        let d = describe(s, id);
        s.say(format!(
            "  {d} removed from play: {result} ({why}, 12.6154)."
        ));
        s.journal(
            Entry::decision(
                STEP,
                Some(side),
                false,
                "FT/DC removed from play",
                format!("{d}: {result} ({why})"),
                "12.6154",
            )
            .concerning([id.to_string()]),
        );
    }
    Ok(())
}

/// 12.6155: a dr for each functioning Captured Retained Weapon (>= 3
/// Eliminated, or Disabled if Vehicular-mounted); a malfunctioned one is
/// Eliminated (or Disabled). 12.6156: a Captured AFV with no functioning
/// Weapon becomes a Wreck (the players say which).
fn captured(s: &mut Session, side: Side) -> Result<(), Error> {
    let cands = ids(s, side, |c| {
        weapon(c)
            && c.place == ForceBox::Retained
            && has(c, Condition::Captured)
            && !has(c, Condition::Disabled)
    });
    for id in cands {
        let c = s.state.side(side).force.get(id).cloned().expect("listed");
        for w in named_weapons(&c, true) {
            let f = &mut s.state.side_mut(side).force;
            force_op(f.clear_condition(id, &Condition::MalfunctionedWeapon(w.clone())))?;
            force_op(f.set_condition(id, Condition::DisabledWeapon(w.clone())))?;
            already_malfunctioned(s, side, id, &format!("its {w} Disabled"));
        }
        let lost = if has(&c, Condition::Malfunctioned) {
            let what = if c.kind == UnitKind::Vehicle {
                "Disabled"
            } else {
                "Eliminated"
            };
            already_malfunctioned(s, side, id, what);
            true
        } else {
            s.concerning([id.to_string()]);
            let what = format!("{} Captured Weapon {}", side.name(), describe(s, id));
            s.roll(side, STEP, "captured-weapon", None, &[], &what, false)?
                .key()
                == "eliminated"
        };
        if lost {
            let f = &mut s.state.side_mut(side).force;
            force_op(f.clear_condition(id, &Condition::Malfunctioned))?;
            if c.kind == UnitKind::Vehicle {
                force_op(f.set_condition(id, Condition::Disabled))?;
            } else {
                force_op(f.eliminate(id))?;
            }
        }
    }
    s.concerning([]);
    let afv = ids(s, side, |c| {
        c.kind == UnitKind::Vehicle && c.place == ForceBox::Retained && has(c, Condition::Captured)
    });
    for id in ask_ids(
        s,
        side,
        "captured_afv_wrecked",
        "12.6156: Captured AFV with no functioning Weapon (they become Wrecks)",
        &afv,
    )? {
        let f = &mut s.state.side_mut(side).force;
        force_op(f.move_to(id, ForceBox::RetainedWreck))?;
        force_op(f.set_condition(id, Condition::Wreck))?;
        let d = describe(s, id);
        s.journal(
            Entry::decision(
                STEP,
                Some(side),
                false,
                "Captured AFV becomes a Wreck",
                d,
                "12.6156",
            )
            .concerning([id.to_string()]),
        );
    }
    Ok(())
}

/// 12.6155: an already malfunctioned Captured Weapon is lost with no dr.
fn already_malfunctioned(s: &mut Session, side: Side, id: crate::force::CounterId, what: &str) {
    let d = describe(s, id);
    s.say(format!(
        "  {d}: an already malfunctioned Captured Weapon: {what} (12.6155)."
    ));
    s.journal(
        Entry::decision(
            STEP,
            Some(side),
            false,
            "Malfunctioned Captured Weapon",
            format!("{d}: {what}"),
            "12.6155",
        )
        .concerning([id.to_string()]),
    );
}

/// 12.6157-12.6159: restored without a roll on every non-Isolated unit.
fn restored(s: &mut Session, side: Side) {
    let short = ids(s, side, |c| has(c, Condition::AmmoShortage) && !isolated(c));
    for id in &short {
        let _ = s
            .state
            .side_mut(side)
            .force
            .clear_condition(*id, &Condition::AmmoShortage);
    }
    s.counters_changed(
        STEP,
        side,
        false,
        short.iter().map(ToString::to_string),
        "Ammunition Shortage lifted",
        format!(
            "from {}",
            short
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        ),
        "12.6159",
    );
    s.say(format!(
        "{}: Depleted ammunition of non-Captured non-Isolated Retained Guns restored (12.6157); Low Ammo counters of non-Isolated units removed (12.6158); Ammunition Shortage lifted from {} non-Isolated unit(s) (12.6159).",
        side.name(),
        short.len()
    ));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::force::{CounterId, NewCounter};

    #[test]
    fn rule_12_6152_weapon_repair_drms() {
        let mut f = crate::force::Force::new(Side::Russian);
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
