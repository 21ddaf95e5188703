//! 12.616 Armor Recall & Redeployment: Recall (12.6161), the secret AFV
//! Platoon Redeployment dr per eligible Pltn (12.6162, C36), Redeployed
//! Pltns trying to re-enter, and Isolated AFV of a Redeployed Pltn (12.6163).

use std::collections::BTreeMap;

use crate::error::Error;
use crate::model::drm::Drm;
use crate::model::force::{Condition, CounterId, ForceBox, UnitKind};
use crate::model::journal::Entry;
use crate::model::side::Side;
use crate::rules::reph::counters::{
    ask_ids, describe, force_op, has, ids, isolated, named_weapons,
};
use crate::rules::reph::session::Session;
use crate::rules::reph::{cg_days, drms};

pub const STEP: &str = "12.616";

/// The column of the Redeployment Table a Redeployed Pltn's re-entry dr is
/// read on (12.6162: re-enters on a Final dr <= 1, else stays Redeployed).
const RE_ENTRY: &str = "re-entry";

/// The Redeployment drms (12.6162): -1 at a win:loss of <= 1:2 once more
/// than two CG scenarios are completed; +2 German from 25 Sep.
pub fn redeployment_drms(side: Side, date: u8, won: u32, lost: u32) -> Vec<Drm> {
    let mut d = Vec::new();
    if won + lost > 2 && won * 2 <= lost {
        d.push(Drm::new(
            -1,
            format!("win:loss {won}:{lost} is <= 1:2 (more than two CG scenarios completed)"),
            "12.6162",
        ));
    }
    if side == Side::German && date >= 25 {
        d.push(Drm::new(2, "German, on/after 25 September", "12.6162"));
    }
    d
}

/// 12.616 (PerSide, secret).
pub fn run(s: &mut Session, side: Side) -> Result<(), Error> {
    recall(s, side)?;
    let c = &s.state.campaign;
    let won = c
        .days
        .iter()
        .filter(|d| cg_days::played(d) && d.victor == Some(side))
        .count() as u32;
    let lost = c
        .days
        .iter()
        .filter(|d| cg_days::played(d) && d.victor == Some(side.other()))
        .count() as u32;
    let base = redeployment_drms(side, c.date, won, lost);
    // Only Pltns Redeployed in an earlier RePh try to re-enter ("any
    // subsequent RePh step 12.6162").
    let away = platoons(s, side, |c| {
        c.place == ForceBox::RedeployedAfv && c.kind == UnitKind::Vehicle
    });
    redeployment(s, side, &base)?;
    re_entry(s, side, &base, away)
}

/// 12.6161: a Mobile non-Isolated Retained AFV under Recall returns to Good
/// Order (with its MA Disabled it is Retained as a Wreck); a Mobile Isolated
/// one stays under Recall and suffers Ammunition Shortage.
fn recall(s: &mut Session, side: Side) -> Result<(), Error> {
    let recalled = ids(s, side, |c| {
        c.kind == UnitKind::Vehicle
            && has(c, Condition::Recall)
            && !has(c, Condition::Immobilized)
            && c.place != ForceBox::Casualties
    });
    let free: Vec<_> = recalled
        .iter()
        .copied()
        .filter(|id| !s.state.side(side).force.get(*id).is_some_and(isolated))
        .collect();
    // An MA recorded Disabled needs no answer (12.6161 EXC).
    let ma_named = |id: &CounterId| {
        s.state
            .side(side)
            .force
            .get(*id)
            .is_some_and(|c| named_weapons(c, false).iter().any(|w| w == "MA"))
    };
    let (known, asked): (Vec<CounterId>, Vec<CounterId>) = free.iter().partition(|id| ma_named(id));
    let mut wrecked = ask_ids(
        s,
        side,
        "recall_ma_disabled",
        "12.6161 EXC: AFV under Recall whose MA is Disabled (Retained as Wrecks)",
        &asked,
    )?;
    wrecked.extend(known);
    for id in recalled {
        let f = &mut s.state.side_mut(side).force;
        if !free.contains(&id) {
            force_op(f.set_condition(id, Condition::AmmoShortage))?;
            continue;
        }
        force_op(f.clear_condition(id, &Condition::Recall))?;
        if wrecked.contains(&id) {
            force_op(f.move_to(id, ForceBox::RetainedWreck))?;
            force_op(f.set_condition(id, Condition::Wreck))?;
        }
        let d = describe(s, id);
        s.journal(
            Entry::decision(
                STEP,
                Some(side),
                true,
                "Recall",
                format!("{d} back in Good Order"),
                "12.6161",
            )
            .concerning([id.to_string()]),
        );
    }
    Ok(())
}

/// The AFV Pltn (or part of one) a vehicle belongs to for 12.6162: its
/// purchase-record row; a Captured AFV's enemy Pltn, one part per captured
/// enemy Pltn (its enemy counter's row, or that counter alone; one captured
/// by name only is a part of its own); none for an AFV given outside any
/// AFV Pltn RG, which is never rolled for (C47), nor for a vehicle of an RG
/// the chart does not make subject to Redeployment (note w): the Assault
/// Boats an Infantry RG entered in (note b) are no AFV.
fn pltn_key(s: &Session, c: &crate::model::force::Counter) -> Option<String> {
    if has(c, Condition::Captured) {
        let from = c.condition.iter().find_map(|x| match x {
            Condition::CapturedFrom(id) => Some(*id),
            _ => None,
        });
        return Some(match (from, &s.half) {
            // On two machines his half told which were of one Pltn.
            (Some(id), Some(h)) => match h.platoons.iter().find(|p| p.contains(&id)) {
                Some(p) => format!("captured {} Pltn of {}", id.side.name(), p[0]),
                None => format!("captured {id}"),
            },
            (Some(id), None) => match s.state.side(id.side).force.get(id).and_then(|e| e.rg_row) {
                Some(row) => format!("captured {} row:{row}", id.side.name()),
                None => format!("captured {id}"),
            },
            (None, _) => format!("captured {}", c.id),
        });
    }
    let chart = match c.id.side {
        Side::German => &s.tables.german_rg,
        Side::Russian => &s.tables.russian_rg,
    };
    let redeployable =
        c.rg.as_deref()
            .and_then(|rg| chart.rg(rg))
            .is_some_and(|def| def.has_note("w"));
    if !redeployable {
        return None;
    }
    c.rg_row.map(|r| format!("row:{r}"))
}

/// The Pltns whose counters pass `keep`, by [`pltn_key`]. A counter already
/// in the Redeployed box with no Pltn (an older campaign's) is its own, so
/// it may still re-enter.
fn platoons(
    s: &Session,
    side: Side,
    keep: impl Fn(&crate::model::force::Counter) -> bool,
) -> BTreeMap<String, Vec<CounterId>> {
    let mut m: BTreeMap<String, Vec<CounterId>> = BTreeMap::new();
    for c in s.state.side(side).force.counters.iter().filter(|c| keep(c)) {
        let key = match pltn_key(s, c) {
            Some(k) => k,
            None if c.place == ForceBox::RedeployedAfv => c.id.to_string(),
            None => continue,
        };
        m.entry(key).or_default().push(c.id);
    }
    m
}

/// A Redeployed Pltn re-enters on a Final dr <= 1 (Historical DRM added):
/// back to Retained with Immobilization removed and weapons repaired.
fn re_entry(
    s: &mut Session,
    side: Side,
    base: &[Drm],
    away: BTreeMap<String, Vec<CounterId>>,
) -> Result<(), Error> {
    let mut drms = base.to_vec();
    drms.extend(drms::historical(
        s.tables,
        side,
        s.state.campaign.cg_day(),
        "12.6162",
    ));
    for (pltn, members) in away {
        s.concerning(members.iter().map(ToString::to_string));
        let what = format!(
            "{} Redeployed AFV Pltn {pltn} re-entry (<= 1 re-enters)",
            side.name()
        );
        let r = s.roll(
            side,
            STEP,
            "afv-platoon-redeployment",
            Some(RE_ENTRY),
            &drms,
            &what,
            true,
        )?;
        if r.key() != "re-enters" {
            s.journal(Entry::decision(
                STEP,
                Some(side),
                true,
                "Redeployed Pltn",
                format!("{pltn} stays Redeployed"),
                "12.6162",
            ));
            continue;
        }
        let row = members
            .first()
            .and_then(|id| s.state.side(side).force.get(*id))
            .and_then(|c| c.rg_row);
        let leaders = ids(s, side, |c| {
            c.place == ForceBox::RedeployedAfv
                && c.kind == UnitKind::ArmorLeader
                && row.is_some()
                && c.rg_row == row
        });
        let f = &mut s.state.side_mut(side).force;
        for id in members.iter().chain(&leaders) {
            force_op(f.move_to(*id, ForceBox::Retained))?;
            for cond in [
                Condition::Immobilized,
                Condition::Malfunctioned,
                Condition::Disabled,
            ] {
                force_op(f.clear_condition(*id, &cond))?;
            }
            if let Some(c) = f.get_mut(*id) {
                c.condition.retain(|x| {
                    !matches!(
                        x,
                        Condition::MalfunctionedWeapon(_) | Condition::DisabledWeapon(_)
                    )
                });
            }
        }
        s.journal(Entry::decision(
            STEP,
            Some(side),
            true,
            "Redeployed Pltn",
            format!("{pltn} re-enters play"),
            "12.6162",
        ));
    }
    s.concerning([]);
    Ok(())
}

/// 12.6162: a secret dr per eligible Pltn: non-Isolated, non-Dug-In,
/// Retained (or left on the map immobilized/abandoned, not a wreck), one of
/// whose AFV was on the map in a CG scenario (C36: the players name Pltns
/// bought to enter that did not; by default all did). An AFV outside any
/// AFV Pltn RG is not rolled for; Captured AFV are, one dr per captured
/// enemy Pltn or part thereof (C47).
fn redeployment(s: &mut Session, side: Side, drms: &[Drm]) -> Result<(), Error> {
    let eligible = platoons(s, side, |c| {
        c.kind == UnitKind::Vehicle
            && matches!(c.place, ForceBox::Retained | ForceBox::LeftOnMap)
            && !isolated(c)
            && !has(c, Condition::Wreck)
    });
    let firsts: Vec<CounterId> = eligible.values().map(|v| v[0]).collect();
    // C36: the players say which RGs did not enter when they record the
    // scenario (`outcome.not_entered`: they stay Entering, so are not
    // eligible here); the terminal does not ask again. An answers file's
    // `not_entered` still names Pltns.
    let not_entered = if s.prompter.has_answer(side, "not_entered") {
        ask_ids(
            s,
            side,
            "not_entered",
            "12.6162, READINGS.md C36: which AFV Pltns bought to enter did not enter? Name one AFV of each such Pltn",
            &firsts,
        )?
    } else {
        vec![]
    };
    for (pltn, members) in eligible {
        if not_entered.contains(&members[0]) {
            continue;
        }
        s.concerning(members.iter().map(ToString::to_string));
        let what = format!("{} AFV Platoon Redeployment {pltn}", side.name());
        let r = s.roll(
            side,
            STEP,
            "afv-platoon-redeployment",
            None,
            drms,
            &what,
            true,
        )?;
        if r.key() != "removed" {
            continue;
        }
        let row = s
            .state
            .side(side)
            .force
            .get(members[0])
            .and_then(|c| c.rg_row);
        let leaders = ids(s, side, |c| {
            c.place == ForceBox::Retained
                && c.kind == UnitKind::ArmorLeader
                && row.is_some()
                && c.rg_row == row
        });
        let isolated_mobile = ids(s, side, |c| {
            c.kind == UnitKind::Vehicle
                && row.is_some()
                && c.rg_row == row
                && isolated(c)
                && !has(c, Condition::Immobilized)
                && c.place != ForceBox::Casualties
        });
        let f = &mut s.state.side_mut(side).force;
        for id in members.iter().chain(&leaders) {
            force_op(f.move_to(*id, ForceBox::RedeployedAfv))?;
            // C48: a Labor counter (12.6151e/f) ends with its status: a
            // Redeployed AFV leaves the map, and its repairs with it.
            force_op(f.clear_condition(*id, &Condition::Labor))?;
        }
        for id in &isolated_mobile {
            let d = describe(s, *id);
            s.say(format!("  {d} is Isolated and stays in play: in each friendly RPh of the next scenario a dr <= the turn number puts it under Recall (12.6163)."));
        }
        s.journal(Entry::decision(
            STEP,
            Some(side),
            true,
            "AFV Pltn Redeployed",
            pltn,
            "12.6162",
        ));
    }
    s.concerning([]);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_12_6162_redeployment_drms() {
        let t = |side, date, w, l| {
            redeployment_drms(side, date, w, l)
                .iter()
                .map(|d| d.value)
                .sum::<i32>()
        };
        assert_eq!(t(Side::Russian, 20, 1, 1), 0, "not until > two scenarios");
        assert_eq!(t(Side::Russian, 20, 1, 2), -1);
        assert_eq!(t(Side::Russian, 20, 2, 2), 0);
        assert_eq!(t(Side::German, 25, 2, 1), 2);
        assert_eq!(t(Side::German, 24, 0, 3), -1);
    }
}
