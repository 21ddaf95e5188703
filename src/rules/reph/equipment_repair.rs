//! 12.6152-12.6159: Weapon Repair and the AFV MG exchange (in
//! `weapon_repair`), FT/DC, Captured weapons and AFV, and the automatic
//! restorations (Special Ammo, Low Ammo, Ammunition Shortage).

use crate::error::Error;
use crate::model::force::{Condition, Counter, ForceBox, UnitKind};
use crate::model::journal::Entry;
use crate::model::side::Side;
use crate::rules::reph::counters::{
    ask_ids, assault_engineer_squads, describe, force_op, has, ids, isolated, named_weapons, weapon,
};
use crate::rules::reph::session::Session;
use crate::rules::reph::weapon_repair;

pub const STEP: &str = "12.615g";

/// 12.6152-12.6159 (PerSide, open).
pub fn run(s: &mut Session, side: Side) -> Result<(), Error> {
    weapon_repair::weapon_repair(s, side)?;
    weapon_repair::mg_exchange(s, side)?;
    ft_dc(s, side)?;
    captured(s, side)?;
    restored(s, side);
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
fn already_malfunctioned(
    s: &mut Session,
    side: Side,
    id: crate::model::force::CounterId,
    what: &str,
) {
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
