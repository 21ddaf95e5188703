//! 12.6221 Infantry Coy and Pltn RG: strength, squads (ELR Replacement,
//! †), their SW and leaders, and the Russian note x Deployment for Light
//! Mortars.

use super::origin::strength_drms;
use super::received::{Line, Received};
use super::{COY_LEVELS, STEP, leaders, pltn_strength, sw};
use crate::error::Error;
use crate::model::force::{Condition, UnitKind};
use crate::model::journal::Entry;
use crate::model::side::Side;
use crate::rules::fraction::fru;
use crate::rules::reph::session::Session;
use crate::rules::rg_chart::RgDef;

/// 12.6221 Infantry Coy RG: strength, ELR Replacement, SW, leaders, note x.
pub(super) fn coy(
    s: &mut Session,
    side: Side,
    row_index: usize,
    rg: &RgDef,
) -> Result<Received, Error> {
    let drms = strength_drms(s, side, row_index, "12.6221");
    let what = format!("{} {} strength", rg.id, rg.group_type);
    let r = s.roll(
        side,
        STEP,
        "infantry-coy-strength",
        None,
        &drms,
        &what,
        true,
    )?;
    let level = COY_LEVELS
        .iter()
        .position(|l| *l == r.key())
        .expect("table keys are RS..HD");
    let mut got = Received::at(COY_LEVELS[level]);
    coy_squads(s, side, rg, level, &mut got);
    sw::infantry_sw(s, side, rg, Some(level), &mut got)?;
    leaders::company(s, side, rg, level, &mut got)?;
    // Note x: one squad may Deploy per two (FRU) Light Mortars received.
    let mortars = got.sw.get("lt_mtr").copied().unwrap_or(0);
    if side == Side::Russian && rg.has_note("x") && mortars > 0 {
        let n = fru(mortars as i64, 2) as u32;
        let deploy = s.prompter.yes_no(
            side,
            "mortar_deploy",
            &format!("{}: Deploy {n} squad(s) into half-squads for the {mortars} Light Mortar(s) (note x)?", rg.id),
            Some(false),
        )?;
        let what = format!("{} Light Mortar Deployment (note x)", rg.id);
        let done = if deploy {
            deploy_squads(s, side, &mut got, n)
        } else {
            "declined".to_string()
        };
        s.journal(Entry::decision(
            STEP,
            Some(side),
            true,
            what,
            done,
            "note x",
        ));
    }
    Ok(got)
}

/// How the note of a squad ELR Replaced at 12.6221 † begins; it ends when
/// the squad Battle Hardens (C48).
pub const ELR_REPLACED: &str = "ELR Replaced from";

/// The squads of a Coy at strength `level`, some ELR Replaced (12.6221 †,
/// A19.13, C16).
fn coy_squads(s: &mut Session, side: Side, rg: &RgDef, level: usize, got: &mut Received) {
    for line in &rg.units {
        let n = line.strength[level];
        let replaced = line.elr_replaced.get(level).copied().unwrap_or(0).min(n);
        got.units += n;
        got.add(&line.unit, UnitKind::Squad, n - replaced, "");
        if line.nkvd
            && n > replaced
            && let Some(l) = got.lines.last_mut()
        {
            l.counter.condition.insert(Condition::Nkvd);
        }
        if replaced == 0 {
            continue;
        }
        let down = s
            .tables
            .ladders
            .replaced(side, &line.unit, line.nkvd)
            .unwrap_or(&line.unit)
            .to_string();
        got.add(
            &down,
            UnitKind::Squad,
            replaced,
            &format!(
                "{ELR_REPLACED} {} (12.6221 †, A19.13, READINGS.md C16)",
                line.unit
            ),
        );
        got.other
            .push(format!("{replaced} x {} ELR Replaced to {down}", line.unit));
        s.say(format!(
            "  {replaced} of the {n} {} undergo ELR Replacement: {down} (A19.13, READINGS.md C16).",
            line.unit
        ));
    }
    if rg.units.len() > 1 {
        got.other.push(
            rg.units
                .iter()
                .map(|u| format!("{} x {}", u.strength[level], u.unit))
                .collect::<Vec<_>>()
                .join(" + "),
        );
    }
}

/// Note x: Deploys up to `n` squads of the largest line into two
/// half-squads each (12.6121); they keep the squads' condition.
fn deploy_squads(s: &mut Session, side: Side, got: &mut Received, n: u32) -> String {
    let Some(i) = (0..got.lines.len())
        .filter(|&i| got.lines[i].counter.kind == UnitKind::Squad)
        .max_by_key(|&i| got.lines[i].count)
    else {
        return "no squad to Deploy".into();
    };
    let n = n.min(got.lines[i].count);
    let squad = got.lines[i].counter.clone();
    let nkvd = squad.condition.contains(&Condition::Nkvd);
    let Some(hs) = s
        .tables
        .ladders
        .unit(side, &squad.unit, nkvd)
        .map(|u| u.half_squad.clone())
    else {
        return format!("no half-squad known for {}", squad.unit);
    };
    got.lines[i].count -= n;
    let mut counter = squad.clone();
    counter.unit = hs.clone();
    counter.kind = UnitKind::Hs;
    counter.note = "Light Mortar SW Team (note x, 12.6121)".into();
    got.lines.push(Line {
        counter,
        count: 2 * n,
    });
    got.lines.retain(|l| l.count > 0);
    got.other.push(format!(
        "{n} x {} Deployed for Light Mortars (note x)",
        squad.unit
    ));
    let done = format!("{n} x {} Deployed into {} x {hs}", squad.unit, 2 * n);
    s.say(format!("  {done} (note x)."));
    done
}

/// 12.6221 Infantry Pltn RG, its SW (12.6222) and leader (12.6225).
pub(super) fn pltn(
    s: &mut Session,
    side: Side,
    row_index: usize,
    rg: &RgDef,
) -> Result<Received, Error> {
    let full = pltn_strength(s, side, row_index, rg)?;
    let mut got = Received::at(if full { "F" } else { "D" });
    for line in &rg.units {
        let n = line.strength[if full { 0 } else { 1 }];
        got.units += n;
        got.add(&line.unit, UnitKind::Squad, n, "");
    }
    sw::infantry_sw(s, side, rg, None, &mut got)?;
    leaders::platoon(s, side, row_index, rg, full, &mut got)?;
    Ok(got)
}
