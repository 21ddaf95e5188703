//! What each `[<side>.outcome]` key does to a counter (12.604): boxes,
//! typed conditions, the C16 ladders.

use std::collections::BTreeSet;

use super::{Bad, Ctx, count_and_name};
use crate::model::force::{Condition, CounterId, Force, ForceBox, NewCounter, UnitKind};
use crate::model::side::Side;
use crate::rules::ladder::Ladders;

/// What one outcome key does to one counter; says what was done.
pub(super) fn apply(
    cx: &mut Ctx,
    force: &mut Force,
    id: CounterId,
    by: Option<&str>,
    leader: Option<CounterId>,
    item: &str,
) -> Result<String, Bad> {
    let (unit, kind) = {
        let c = force.get(id).expect("resolved");
        (c.unit.clone(), c.kind)
    };
    Ok(match cx.key {
        "eliminated" | "burnt_out" => {
            force.eliminate(id).expect("resolved");
            cx.gone.insert(id);
            if cx.key == "burnt_out" {
                "Eliminated (Burnt-Out Wreck)".to_string()
            } else {
                "Eliminated".to_string()
            }
        }
        "wrecked" => {
            // CG7: the wreck is left on the map from scenario to scenario
            // until a Recovery dr brings it off (12.6151d).
            force.move_to(id, ForceBox::LeftOnMap).expect("resolved");
            set(force, id, Condition::Wreck);
            cx.gone.insert(id);
            "wrecked: the wreck stays on the map until Recovered (CG7, 12.6151d)".into()
        }
        "casualty_reduced" => casualty_reduce(cx, force, id, &unit, kind, item)?,
        "elr_replaced" => {
            let nkvd = nkvd(force, id);
            let to = ladder_step(cx, &unit, kind, nkvd, false).ok_or_else(|| {
                cx.bad(
                    item,
                    format!("{unit} has no ELR Replacement (READINGS.md C16)"),
                )
            })?;
            // VotG24: a Russian Assault Engineer Replaced keeps no
            // capabilities for the rest of the CG.
            let engineer = crate::rules::reph::counters::russian_engineer(
                cx.tables,
                force.get(id).expect("resolved"),
            );
            force.replace_unit(id, &to, kind).expect("resolved");
            if nkvd && !cx.ladders.is_nkvd_type(cx.side, &to) {
                force
                    .clear_condition(id, &Condition::Nkvd)
                    .expect("resolved");
            }
            if engineer {
                set(force, id, Condition::LostAssaultEngineer);
                return Ok(format!(
                    "Replaced by {to} (A19.13, READINGS.md C16); no Assault Engineer capabilities for the rest of the CG (VotG24)"
                ));
            }
            format!("Replaced by {to} (A19.13, READINGS.md C16, READINGS.md C42)")
        }
        "battle_hardened" => {
            let to = match by {
                Some(rating) => rating.to_string(),
                None => ladder_step(cx, &unit, kind, nkvd(force, id), true).ok_or_else(|| {
                    cx.bad(
                        item,
                        format!("{unit} has no higher type on its ladder (READINGS.md C16); write \"{id} = <new counter>\""),
                    )
                })?,
            };
            force.replace_unit(id, &to, kind).expect("resolved");
            crate::rules::reph::hardening::elr_replacement_ends(force, id);
            format!("Battle Hardened to {to} (A15.3)")
        }
        "ft_dc_removed" => {
            let dr: u8 = by
                .and_then(|d| d.parse().ok())
                .filter(|d| (2..=12).contains(d))
                .ok_or_else(|| cx.bad(item, "expected \"<counter> = <Original DR 2-12>\""))?;
            set(force, id, Condition::RemovedFromPlay(dr));
            format!("removed from play, effects DR {dr} (12.6154)")
        }
        "left_on_map" => {
            force.move_to(id, ForceBox::LeftOnMap).expect("resolved");
            "left on map (12.608)".into()
        }
        key => {
            let c = match key {
                "wounded" => Condition::Wounded,
                "heroic" => Condition::Heroic,
                "malfunctioned" => Condition::Malfunctioned,
                "disabled" => Condition::Disabled,
                "immobilized" => Condition::Immobilized,
                "shocked" => Condition::Shocked,
                "bogged" => Condition::Bogged,
                "abandoned" => Condition::Abandoned,
                "recall" => Condition::Recall,
                "encircled" => Condition::Encircled,
                _ => Condition::ApMinefield,
            };
            let label = c.label();
            set(force, id, c);
            if let Some(l) = leader {
                set(force, id, Condition::LedBy(l));
            }
            label
        }
    })
}

pub(super) fn set(force: &mut Force, id: CounterId, c: Condition) {
    force.set_condition(id, c).expect("resolved");
}

pub(super) fn list(ids: &[CounterId]) -> String {
    ids.iter()
        .map(|i| i.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// A7.302: a squad is Reduced to a HS; a HS, crew or hero is Eliminated; a
/// leader is Wounded (a wounded leader Eliminated).
fn casualty_reduce(
    cx: &mut Ctx,
    force: &mut Force,
    id: CounterId,
    unit: &str,
    kind: UnitKind,
    item: &str,
) -> Result<String, Bad> {
    Ok(match kind {
        UnitKind::Squad => {
            let hs = cx
                .ladders
                .unit(cx.side, unit, nkvd(force, id))
                .map(|u| u.half_squad.clone())
                .ok_or_else(|| {
                    cx.bad(
                        item,
                        format!("{unit} is not on the unit ladders (READINGS.md C16)"),
                    )
                })?;
            force.replace_unit(id, &hs, UnitKind::Hs).expect("resolved");
            format!("Reduced to {hs} (A7.302)")
        }
        // A SMC's Casualty Reduction wounds it, a hero's too (A7.302, A15.24).
        UnitKind::Leader | UnitKind::Commissar | UnitKind::ArmorLeader | UnitKind::Hero
            if !force.get(id).is_some_and(|c| c.has(&Condition::Wounded)) =>
        {
            set(force, id, Condition::Wounded);
            "Wounded (A7.302)".into()
        }
        _ => {
            force.eliminate(id).expect("resolved");
            cx.gone.insert(id);
            "Eliminated (Casualty Reduction, A7.302)".into()
        }
    })
}

/// Whether the counter is an NKVD unit (its type, not its factors, C42).
fn nkvd(force: &Force, id: CounterId) -> bool {
    force.get(id).is_some_and(|c| c.has(&Condition::Nkvd))
}

/// One class up (Battle Hardening) or down (ELR Replacement) on the side's
/// ladder (C16); a HS follows its squad's ladder.
fn ladder_step(cx: &Ctx, unit: &str, kind: UnitKind, nkvd: bool, up: bool) -> Option<String> {
    step_on(cx.ladders, cx.side, unit, kind, nkvd, up)
}

/// The type one class up or down the ladder of `unit` (C16), an NKVD
/// unit's on the NKVD line (its type, never its factors: C42).
pub fn step_on(
    ladders: &Ladders,
    side: Side,
    unit: &str,
    kind: UnitKind,
    nkvd: bool,
    up: bool,
) -> Option<String> {
    let pick =
        |u: &crate::rules::ladder::LadderUnit| if up { u.up.clone() } else { u.down.clone() };
    let to = match kind {
        UnitKind::Squad => pick(ladders.unit(side, unit, nkvd)?),
        UnitKind::Hs => {
            let squad = ladders
                .units
                .iter()
                .find(|u| u.side == side && u.half_squad == unit && u.nkvd == nkvd)?;
            let next = pick(squad);
            ladders.unit(side, &next, false)?.half_squad.clone()
        }
        _ => return None,
    };
    (!to.is_empty()).then_some(to)
}

/// An enemy weapon or AFV captured: a new counter, marked Captured. Named
/// by counter name (`"LMG"`, `"gun 45L AT"`, `"afv T-34 M41"`) or by the
/// enemy counter's id (`"afv R-50"`), which then leaves its owner's force
/// and gives the new counter its unit and its enemy Pltn (12.6162, C47). A
/// trailing `malfunctioned` says it malfunctioned in the same scenario
/// (12.6155).
pub(super) fn captured(
    cx: &mut Ctx,
    force: &mut Force,
    enemy: &mut Force,
    item: &str,
) -> Result<(), Bad> {
    let t = item.trim();
    let (t, malfunctioned) = match t.strip_suffix(" malfunctioned") {
        Some(rest) => (rest.trim_end(), true),
        None => (t, false),
    };
    let (kind, name) = match t.split_once(' ') {
        Some(("gun", n)) => (UnitKind::Gun, n.trim()),
        Some(("afv", n)) => (UnitKind::Vehicle, n.trim()),
        _ => (UnitKind::Sw, t),
    };
    let on_half = cx.half == Some(cx.side);
    let by_id = name
        .split_once(' ')
        .and_then(|(id, unit)| Some((id.parse::<CounterId>().ok()?, unit.trim())));
    let (n, name, from) = match name.parse::<CounterId>() {
        Ok(id) if on_half => {
            return Err(cx.bad(
                item,
                format!(
                    "on two machines name the {} counter's unit after its id (his half holds his counters), e.g. \"afv {id} {}\"",
                    enemy.side.name(),
                    match enemy.side {
                        crate::model::side::Side::Russian => "T-34 M41",
                        crate::model::side::Side::German => "StuG IIIB",
                    }
                ),
            ));
        }
        Ok(id) => {
            let unit = taken_from_enemy(cx, enemy, id, item)?;
            (1, unit, Some(id))
        }
        Err(_) if on_half && by_id.is_some_and(|(id, _)| id.side == enemy.side) => {
            let (id, unit) = by_id.expect("checked");
            (1, unit.to_string(), Some(id))
        }
        Err(_) => {
            let (n, name) = count_and_name(name).ok_or_else(|| {
                cx.bad(
                    item,
                    "expected a weapon name or an enemy counter id, e.g. \"LMG\", \"afv T-34 M41\" or \"afv R-50\"",
                )
            })?;
            (n, name.to_string(), None)
        }
    };
    let mut c = NewCounter::new(&name, kind, ForceBox::Retained)
        .with(Condition::Captured)
        .with_note("captured in play");
    if let Some(id) = from {
        c = c.with(Condition::CapturedFrom(id));
    }
    if malfunctioned {
        c = c.with(Condition::Malfunctioned);
    }
    let ids = force.add_n(&c, n as u32);
    let how = if malfunctioned { ", Malfunctioned" } else { "" };
    let text = match from {
        Some(id) => format!(
            "{}: captured {name} ({id}, taken from the {}){how}: {}",
            cx.side.name(),
            enemy.side.name(),
            list(&ids)
        ),
        None => format!("{}: captured {name}{how}: {}", cx.side.name(), list(&ids)),
    };
    match from {
        // His counter is on his half: his half takes it out of his force.
        Some(from) if on_half => cx.said.push(super::Said {
            by: cx.side,
            text,
            ids,
            taken: None,
            captured: Some(crate::model::exchange::Capture {
                from,
                unit: name.clone(),
            }),
        }),
        _ => cx.say(ids.into_iter().chain(from), text),
    }
    Ok(())
}

/// The enemy counter `id` captured: still in play, it leaves its owner's
/// force (to its Casualties); its unit name is the captured counter's.
fn taken_from_enemy(cx: &Ctx, enemy: &mut Force, id: CounterId, item: &str) -> Result<String, Bad> {
    let c = enemy.get(id).ok_or_else(|| {
        cx.bad(
            item,
            format!(
                "there is no counter {id} in the {} force",
                enemy.side.name()
            ),
        )
    })?;
    if !matches!(c.kind, UnitKind::Sw | UnitKind::Gun | UnitKind::Vehicle) {
        return Err(cx.bad(item, format!("{id} {} is not a weapon or AFV", c.unit)));
    }
    if c.place == ForceBox::Casualties {
        return Err(cx.bad(item, format!("{id} is already Eliminated")));
    }
    let unit = c.unit.to_string();
    enemy.eliminate(id).expect("found");
    Ok(unit)
}

/// `"G-31 MA"`, `"G-31 BMG"`: one weapon of a vehicle malfunctioned or
/// Disabled in play, so 12.6152 rolls for it (and knows its MA from its
/// MGs), 12.6153 exchanges an MG and 12.6161 wrecks an AFV with its MA
/// Disabled.
pub(super) fn vehicle_weapon(
    cx: &mut Ctx,
    force: &mut Force,
    id: &str,
    weapon: &str,
    item: &str,
) -> Result<(), Bad> {
    let id = cx.resolve(force, id)?[0];
    let c = force.get(id).expect("resolved");
    let unit = c.unit.clone();
    if c.kind != UnitKind::Vehicle {
        return Err(cx.bad(
            item,
            format!("{id} {unit} is not a vehicle: a weapon is named (\"G-31 MA\") only on an AFV"),
        ));
    }
    let w = weapon.trim().to_ascii_uppercase();
    if w.is_empty() || w.contains(' ') {
        return Err(cx.bad(
            item,
            "expected \"<AFV id> <weapon>\", the weapon MA or an MG (BMG, CMG, AAMG …)",
        ));
    }
    let cond = if cx.key == "malfunctioned" {
        Condition::MalfunctionedWeapon(w)
    } else {
        Condition::DisabledWeapon(w)
    };
    let label = cond.label();
    set(force, id, cond);
    let text = format!("{}: {id} {unit} {label}", cx.side.name());
    cx.say([id], text);
    Ok(())
}

/// `"R-12 by G-3"`: an enemy counter guarded by one of ours.
pub(super) fn prisoners(
    cx: &mut Ctx,
    force: &mut Force,
    enemy: &mut Force,
    item: &str,
    prisoner: &str,
    guard: Option<&str>,
) -> Result<(), Bad> {
    let guard = guard.ok_or_else(|| {
        cx.bad(
            item,
            "expected \"<enemy counter> by <guard>\", e.g. \"R-12 by G-3\"",
        )
    })?;
    let g = cx.resolve(force, guard)?[0];
    if let Some(c) = force.get(g)
        && !crate::rules::reph::prisoner_fate::can_guard(c.kind)
    {
        return Err(cx.bad(
            item,
            format!(
                "{g} {} is not a unit that can guard a prisoner (A20.5)",
                c.unit
            ),
        ));
    }
    if cx.half == Some(cx.side) {
        return taken(cx, enemy.side, item, prisoner, g);
    }
    let mut ecx = Ctx {
        side: enemy.side,
        half: cx.half,
        ladders: cx.ladders,
        tables: cx.tables,
        key: cx.key,
        gone: BTreeSet::new(),
        chosen: BTreeSet::new(),
        said: Vec::new(),
    };
    let ids = ecx.resolve(enemy, prisoner)?;
    for id in ids {
        set(enemy, id, Condition::PrisonerOf(g));
        let unit = enemy.get(id).map(|c| c.unit.clone()).unwrap_or_default();
        let text = format!("{}: {id} {unit} is a prisoner of {g}", enemy.side.name());
        cx.say([id, g], text);
    }
    Ok(())
}

/// Two machines: a prisoner taken, named by the enemy counter's id (his
/// half holds his counters and applies it, `prisoner_fate`).
fn taken(cx: &mut Ctx, enemy: Side, item: &str, prisoner: &str, g: CounterId) -> Result<(), Bad> {
    let named = prisoner.trim().parse::<CounterId>().ok();
    if let Some(own) = named.filter(|id| id.side != enemy) {
        return Err(cx.bad(
            item,
            format!("{own} is your own counter: a prisoner is the enemy's (A20.5)"),
        ));
    }
    let p = named
        .filter(|id| id.side == enemy)
        .ok_or_else(|| {
            cx.bad(
                item,
                format!(
                    "on two machines name the {} counter by its id (his half holds his counters; he tells you its id), e.g. \"{} by {g}\"",
                    enemy.name(),
                    CounterId::new(enemy, 12)
                ),
            )
        })?;
    cx.said.push(super::Said {
        by: cx.side,
        text: format!("{}: {p} is a prisoner of {g}", enemy.name()),
        ids: vec![g],
        captured: None,
        taken: Some(crate::model::exchange::Guarded {
            prisoner: p,
            guard: g,
            fate: crate::model::exchange::Fate::Taken,
        }),
    });
    Ok(())
}
