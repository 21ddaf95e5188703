//! 12.6223 HW and MOL-P Pltn and 12.6224 Gun Battery: Weapons and Guns,
//! each with its crew.

use super::origin::strength_drms;
use super::received::Received;
use super::{STEP, pltn_strength};
use crate::error::Error;
use crate::model::force::UnitKind;
use crate::model::side::Side;
use crate::rules::reph::session::Session;
use crate::rules::rg_chart::RgDef;

/// 12.6223 HW Pltn: all weapons at Full; Depleted, an Original dr <= 3 each,
/// and at least two always received.
pub(super) fn hw_pltn(
    s: &mut Session,
    side: Side,
    row_index: usize,
    rg: &RgDef,
) -> Result<Received, Error> {
    let full = pltn_strength(s, side, row_index, rg)?;
    let mut got = Received::at(if full { "F" } else { "D" });
    let weapons: Vec<(String, String)> = rg
        .weapons
        .iter()
        .flat_map(|w| {
            std::iter::repeat_n(
                (
                    w.weapon.clone(),
                    w.crew.clone().unwrap_or_else(|| "1-2-7".into()),
                ),
                w.count as usize,
            )
        })
        .collect();
    let received = if full {
        weapons
    } else {
        depleted_weapons(s, side, rg, &weapons)?
    };
    for (w, crew) in &received {
        record_weapon(&mut got, w);
        let kind = if is_gun(w) {
            UnitKind::Gun
        } else {
            UnitKind::Sw
        };
        got.add(w, kind, 1, "");
        got.add(
            crew,
            UnitKind::Crew,
            1,
            &format!("crew of the {w} (12.6223)"),
        );
    }
    got.merge();
    got.units = received.len() as u32;
    Ok(got)
}

/// A Depleted HW Pltn's Weapons: a dr for each, all rolled again until at
/// least two are received (12.6223).
fn depleted_weapons(
    s: &mut Session,
    side: Side,
    rg: &RgDef,
    weapons: &[(String, String)],
) -> Result<Vec<(String, String)>, Error> {
    let mut round = 0;
    loop {
        round += 1;
        let mut kept = Vec::new();
        for (w, crew) in weapons {
            let r = s.roll(
                side,
                STEP,
                "hw-weapon",
                None,
                &[],
                &format!("{} Depleted HW Pltn: {w}", rg.id),
                true,
            )?;
            if r.key() == "received" {
                kept.push((w.clone(), crew.clone()));
            }
        }
        // A platoon of fewer than two Weapons (an edited chart) keeps what it rolled.
        if kept.len() >= 2.min(weapons.len()) {
            return Ok(kept);
        }
        s.say(format!(
            "  Only {} Weapon(s) received: at least two are always received, so every Weapon is rolled for again (12.6223, round {}).",
            kept.len(),
            round + 1
        ));
    }
}

/// Mortars of 80mm and more are Guns; MGs and light mortars are SW.
pub(super) fn is_gun(weapon: &str) -> bool {
    weapon.contains("MTR")
        && weapon
            .chars()
            .take_while(|c| c.is_ascii_digit() || *c == '.')
            .collect::<String>()
            .parse::<f32>()
            .is_ok_and(|mm| mm >= 80.0)
}

/// A Weapon in its purchase-record column: an MG in its SW column, anything
/// else under Guns.
fn record_weapon(got: &mut Received, weapon: &str) {
    let key = if weapon.contains("HMG") {
        "hmg"
    } else if weapon.contains("MMG") {
        "mmg"
    } else if weapon.contains("LMG") {
        "lmg"
    } else {
        got.guns.push(weapon.to_string());
        return;
    };
    *got.sw.entry(key.to_string()).or_default() += 1;
}

/// 12.6223 MOL-P Pltn: all at Full, two Weapons when Depleted; each with a
/// 1-2-7 crew (C19).
pub(super) fn molp_pltn(
    s: &mut Session,
    side: Side,
    row_index: usize,
    rg: &RgDef,
) -> Result<Received, Error> {
    let full = pltn_strength(s, side, row_index, rg)?;
    let n = rg.units.first().map_or(if full { 3 } else { 2 }, |u| {
        u.strength[if full { 0 } else { 1 }]
    });
    let mut got = Received::at(if full { "F" } else { "D" });
    got.units = n;
    got.add("MOL-P", UnitKind::Sw, n, "");
    got.add("1-2-7", UnitKind::Crew, n, "MOL-P crew (READINGS.md C19)");
    got.guns.push(format!("MOL-P x{n}"));
    Ok(got)
}

/// 12.6224 Gun Battery: Full, or one less of each type (*).
pub(super) fn gun_battery(
    s: &mut Session,
    side: Side,
    row_index: usize,
    rg: &RgDef,
) -> Result<Received, Error> {
    let drms = strength_drms(s, side, row_index, "12.6224");
    let r = s.roll(
        side,
        STEP,
        "gun-battery",
        None,
        &drms,
        &format!("{} {} strength", rg.id, rg.group_type),
        true,
    )?;
    let full = r.key() == "F";
    let mut got = Received::at(if full { "F" } else { "D" });
    for w in &rg.weapons {
        let n = if full {
            w.count
        } else {
            w.count.saturating_sub(1)
        };
        if n == 0 {
            continue;
        }
        got.units += n;
        got.guns.push(if n > 1 {
            format!("{} x{n}", w.weapon)
        } else {
            w.weapon.clone()
        });
        got.add(&w.weapon, UnitKind::Gun, n, "");
        got.add(
            w.crew.as_deref().unwrap_or("2-2-8"),
            UnitKind::Crew,
            n,
            &format!("crew of the {} (note c)", w.weapon),
        );
    }
    got.merge();
    Ok(got)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_12_6223_mortars_of_80mm_are_guns() {
        assert!(is_gun("82*mm MTR"));
        assert!(is_gun("81*mm MTR"));
        assert!(!is_gun("HMG"));
        assert!(!is_gun(".50c-HMG"));
    }

    #[test]
    fn rule_12_6223_mgs_go_to_their_sw_column_and_the_rest_to_guns() {
        let mut got = Received::default();
        for w in ["HMG", "MMG", "82*mm MTR", "HMG"] {
            record_weapon(&mut got, w);
        }
        assert_eq!(got.sw.get("hmg"), Some(&2));
        assert_eq!(got.sw.get("mmg"), Some(&1));
        assert_eq!(got.guns, ["82*mm MTR"]);
    }
}
