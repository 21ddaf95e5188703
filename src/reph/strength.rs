//! 12.622 RG Strength, Weapons & Leaders: for every RG bought today and every
//! RG given in the Initial OB, its strength (12.6221, 12.6224), its SW
//! (12.6222) or weapons (12.6223), its leaders (12.6225–.6227), commissar
//! exchange (12.6226), and the units it brings into the Force Organizer.

use crate::cg_def::GivenRg;
use crate::dice::DiceKind;
use crate::drm::Drm;
use crate::error::Error;
use crate::force::{ForceBox, ForceItem, UnitKind};
use crate::fraction::{frd, fru};
use crate::journal::Entry;
use crate::purchase_record::PurchaseRow;
use crate::reph::drms;
use crate::reph::session::Session;
use crate::rg_chart::{RgClass, RgDef};
use crate::side::Side;
use crate::sw_chart::SW_KINDS;

pub const STEP: &str = "12.622";

/// The five Infantry Coy strengths in chart order (note z/o).
pub const COY_LEVELS: [&str; 5] = ["RS", "FS", "LD", "MD", "HD"];

fn needs_strength(rg: &RgDef) -> bool {
    matches!(
        rg.class,
        RgClass::InfantryCoy
            | RgClass::InfantryPltn
            | RgClass::HwPltn
            | RgClass::MolpPltn
            | RgClass::AfvPltn
            | RgClass::GunBattery
            | RgClass::Oba
    )
}

/// The given RG each given purchase row stands for, in order (the rows are
/// written group by group, RG by RG, as the CG definition lists them).
fn given_defs<'a>(s: &'a Session, side: Side) -> Vec<(usize, &'a GivenRg)> {
    s.def
        .ob(side)
        .groups
        .iter()
        .enumerate()
        .flat_map(|(g, group)| {
            group
                .rgs
                .iter()
                .flat_map(move |r| std::iter::repeat_n((g, r), r.count as usize))
        })
        .collect()
}

/// The SSR DRM of an Initial-Scenario RG (I-4, II-4, III-5), given or bought.
fn ssr_drm(s: &Session, side: Side, row_index: usize) -> Option<(Drm, Option<usize>)> {
    let rows = &s.state.side(side).purchases;
    let row = &rows[row_index];
    if row.is_given() {
        let given_index = rows[..row_index].iter().filter(|r| r.is_given()).count();
        let (group, g) = *given_defs(s, side).get(given_index)?;
        if g.rg != row.rg_id {
            return None;
        }
        let drm = (g.strength_drm != 0).then(|| {
            let rule = g.strength_drm_rule.clone().unwrap_or_else(|| "SSR".into());
            Drm::new(
                g.strength_drm,
                format!("Initial OB {}", row.group_type),
                format!("SSR {rule}"),
            )
        });
        return drm
            .map(|d| (d, Some(group)))
            .or(Some((Drm::new(0, "", ""), Some(group))));
    }
    if !s.state.campaign.is_initial() {
        return None;
    }
    let first = s.state.campaign.days.first()?.cg_day();
    if row.cg_day != first {
        return None;
    }
    let mut total = 0;
    let mut rules = Vec::new();
    for p in &s.def.ob(side).purchase_strength_drms {
        let by_prefix = p
            .rg_prefixes
            .iter()
            .any(|x| row.rg_id.starts_with(x.as_str()));
        let by_id = p.rgs.iter().any(|x| x == &row.rg_id);
        if !(by_prefix || by_id) {
            continue;
        }
        if p.nth > 0 {
            let nth = rows[..=row_index]
                .iter()
                .filter(|r| !r.is_given() && r.rg_id == row.rg_id)
                .count() as u32;
            if nth != p.nth {
                continue;
            }
        }
        total += p.drm;
        rules.push(p.rule.clone());
    }
    (total != 0).then(|| {
        let rule = rules.join(", ");
        (
            Drm::new(
                total,
                format!("purchased {} in the Initial Scenario", row.group_type),
                format!("SSR {rule}"),
            ),
            None,
        )
    })
}

/// The DRMs of an RG's strength DR: Historical (12.6182), Balance (12.32),
/// and any SSR DRM.
fn strength_drms(s: &Session, side: Side, row_index: usize, rule: &str) -> Vec<Drm> {
    let day = s.state.campaign.cg_day();
    let mut list: Vec<Drm> = Vec::new();
    list.extend(drms::historical(s.tables, side, day, rule));
    list.extend(drms::balance(&s.state.campaign, side, rule));
    if let Some((d, _)) = ssr_drm(s, side, row_index)
        && d.value != 0
    {
        list.push(d);
    }
    list
}

/// The Force Organizer box the units of a row go to.
fn box_for(s: &Session, side: Side, row_index: usize, rg: &RgDef) -> ForceBox {
    let row = &s.state.side(side).purchases[row_index];
    if row.is_given() {
        let group = ssr_drm(s, side, row_index).and_then(|(_, g)| g);
        let enters = group
            .and_then(|g| s.def.ob(side).groups.get(g))
            .is_some_and(|g| g.enters);
        return if enters {
            ForceBox::Entering
        } else {
            ForceBox::Retained
        };
    }
    match row.on_board.as_str() {
        "O" => ForceBox::OnMapSetup,
        "R" => ForceBox::Reserve,
        "D" => ForceBox::DugInAfv,
        _ if rg.has_note("a") => ForceBox::OnMapSetup,
        _ => ForceBox::Entering,
    }
}

fn isolated_group(s: &Session, side: Side, row_index: usize) -> bool {
    let row = &s.state.side(side).purchases[row_index];
    row.is_given()
        && ssr_drm(s, side, row_index)
            .and_then(|(_, g)| g)
            .and_then(|g| s.def.ob(side).groups.get(g))
            .is_some_and(|g| g.isolated)
}

/// What one RG brought: the purchase-record columns and the counters.
#[derive(Default)]
struct Received {
    strength: String,
    units: u32,
    sw: std::collections::BTreeMap<String, u32>,
    guns: Vec<String>,
    leaders: Vec<String>,
    other: Vec<String>,
    items: Vec<ForceItem>,
}

impl Received {
    fn add(&mut self, unit: &str, kind: UnitKind, count: u32, note: &str) {
        if count == 0 {
            return;
        }
        let mut item = ForceItem::new(unit, kind, count, ForceBox::Retained);
        item.note = note.to_string();
        self.items.push(item);
    }
}

pub fn run(s: &mut Session, side: Side) -> Result<(), Error> {
    let day = s.state.campaign.cg_day();
    let chart = match side {
        Side::German => &s.tables.german_rg,
        Side::Russian => &s.tables.russian_rg,
    }
    .clone();
    let todo: Vec<usize> = s
        .state
        .side(side)
        .purchases
        .iter()
        .enumerate()
        .filter(|(_, r)| r.cg_day == day && r.strength.is_empty())
        .filter(|(_, r)| chart.rg(&r.rg_id).is_some_and(needs_strength))
        .map(|(i, _)| i)
        .collect();
    if todo.is_empty() {
        s.say(format!(
            "{}: no RG to determine today (12.622).",
            side.name()
        ));
    }
    let mut new_leaders: Vec<(usize, String)> = Vec::new();
    for row_index in todo {
        let rg = chart
            .rg(&s.state.side(side).purchases[row_index].rg_id)
            .expect("filtered")
            .clone();
        let mut got = match rg.class {
            RgClass::InfantryCoy => infantry_coy(s, side, row_index, &rg)?,
            RgClass::InfantryPltn => infantry_pltn(s, side, row_index, &rg)?,
            RgClass::HwPltn => hw_pltn(s, side, row_index, &rg)?,
            RgClass::MolpPltn => molp_pltn(s, side, row_index, &rg)?,
            RgClass::AfvPltn => afv_pltn(s, side, row_index, &rg)?,
            RgClass::GunBattery => gun_battery(s, side, row_index, &rg)?,
            RgClass::Oba => oba(s, side, row_index, &rg)?,
            _ => unreachable!("needs_strength"),
        };
        // Note b: an RG bought to enter in boats gets one Assault Boat per MMC.
        if s.state.side(side).purchases[row_index].boats {
            let mmc: u32 = got
                .items
                .iter()
                .filter(|i| matches!(i.kind, UnitKind::Squad | UnitKind::Hs | UnitKind::Crew))
                .map(|i| i.count)
                .sum();
            got.add(
                "Assault Boat",
                UnitKind::Vehicle,
                mmc,
                "one per MMC; the whole RG enters in boats (note b, VotG4)",
            );
            got.other.push(format!("{mmc} Assault Boats"));
        }
        // 12.6214b: a Reserve RG may include up to five Dummy Cloaking
        // counters (a Reserve Infantry Pltn two; none for HW/MOL-P).
        if s.state.side(side).purchases[row_index].on_board == "R" {
            let dummies = match rg.class {
                RgClass::InfantryCoy => 5,
                RgClass::InfantryPltn => 2,
                _ => 0,
            };
            got.add(
                "Dummy Cloaking counter",
                UnitKind::Capability,
                dummies,
                "up to this many, at the purchaser's option (12.6214b)",
            );
        }
        let place = box_for(s, side, row_index, &rg);
        let isolated = isolated_group(s, side, row_index);
        if rg.class == RgClass::InfantryCoy {
            new_leaders.extend(
                got.items
                    .iter()
                    .filter(|i| i.kind == UnitKind::Leader)
                    .flat_map(|i| {
                        std::iter::repeat_n((row_index, i.unit.clone()), i.count as usize)
                    }),
            );
        }
        let row_no = row_index + 1;
        for item in &mut got.items {
            if item.place == ForceBox::Retained {
                item.place = place;
            }
            item.rg = Some(rg.id.clone());
            item.rg_row = Some(row_no);
            item.isolated = isolated;
            item.ammo_shortage = isolated;
        }
        let files = s.state.side_mut(side);
        let row: &mut PurchaseRow = &mut files.purchases[row_index];
        row.strength = got.strength.clone();
        row.units = (got.units > 0).then_some(got.units);
        for k in SW_KINDS {
            if let Some(&n) = got.sw.get(*k) {
                *row.sw_mut(k).expect("SW kind") = Some(n);
            }
        }
        row.guns = got.guns.join(", ");
        row.leaders = got.leaders.join(", ");
        if !got.other.is_empty() {
            let mut other: Vec<String> = if row.other.is_empty() {
                vec![]
            } else {
                vec![row.other.clone()]
            };
            other.extend(got.other.clone());
            row.other = other.join("; ");
        }
        files.force.items.extend(got.items);
    }
    if side == Side::Russian {
        nkvd_commissars(s, side)?;
        commissar_exchange(s, side, &new_leaders)?;
    }
    Ok(())
}

/// 12.6221 Infantry Coy RG: strength, ELR Replacement, SW, leaders, note x.
fn infantry_coy(
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
    let mut got = Received {
        strength: COY_LEVELS[level].to_string(),
        ..Received::default()
    };
    let mut squads = Vec::new();
    for line in &rg.units {
        let n = line.strength[level];
        let replaced = line.elr_replaced.get(level).copied().unwrap_or(0).min(n);
        got.units += n;
        let kept = n - replaced;
        got.add(&line.unit, UnitKind::Squad, kept, "");
        if line.nkvd
            && let Some(i) = got.items.last_mut()
        {
            i.nkvd = true;
        }

        squads.push((line.unit.clone(), kept, line.nkvd));
        if replaced > 0 {
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
                    "ELR Replaced from {} (12.6221 †, A19.13, READINGS.md C16)",
                    line.unit
                ),
            );
            got.other
                .push(format!("{replaced} x {} ELR Replaced to {down}", line.unit));
            s.say(format!(
                "  {replaced} of the {n} {} undergo ELR Replacement: {down} (A19.13, READINGS.md C16).",
                line.unit
            ));
            squads.push((down, replaced, false));
        }
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
    infantry_sw(s, side, rg, Some(level), &mut got)?;
    // 12.6225 company leaders.
    let (table, column, commissars) = match (side, rg.id.as_str()) {
        (Side::German, _) => ("german-company-leader", None, false),
        (Side::Russian, "I5") => ("russian-company-leader", Some("nkvd"), true),
        (Side::Russian, _) => ("russian-company-leader", Some("regular"), false),
    };
    let mut ldrms = Vec::new();
    let level_name = [
        "Reinforced Strength",
        "Full Strength",
        "Lightly Depleted",
        "Moderately Depleted",
        "Heavily Depleted",
    ][level];
    let level_drm = match (side, level) {
        (_, 0) => -1,
        (Side::German, 3) => 1,
        (Side::German, 4) => 2,
        (Side::Russian, 2) => 1,
        (Side::Russian, 3) => 2,
        (Side::Russian, 4) => 3,
        _ => 0,
    };
    if side == Side::Russian && rg.id == "I1" {
        ldrms.push(Drm::new(-1, "Guards Rifle Coy", "12.6225"));
    }
    if side == Side::Russian && rg.id == "I4" {
        ldrms.push(Drm::new(1, "SMG Coy", "12.6225"));
    }
    if level_drm != 0 {
        ldrms.push(Drm::new(level_drm, format!("{level_name} Coy"), "12.6225"));
    }
    let r = s.roll(
        side,
        STEP,
        table,
        column,
        &ldrms,
        &format!("{} {} leaders", rg.id, rg.group_type),
        true,
    )?;
    let mut leaders: Vec<String> = r
        .key()
        .split(',')
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(str::to_string)
        .collect();
    // † A Reinforced Strength Rifle Coy (German I1; Russian I1, I3) receives an extra 7-0.
    let rifle = matches!(
        (side, rg.id.as_str()),
        (Side::German, "I1") | (Side::Russian, "I1" | "I3")
    );
    if level == 0 && rifle {
        leaders.push("7-0".into());
        s.say("  † Reinforced Strength Rifle Coy: an extra 7-0 leader (12.6225).");
    }
    for l in &leaders {
        got.add(
            l,
            if commissars {
                UnitKind::Commissar
            } else {
                UnitKind::Leader
            },
            1,
            if commissars {
                "Commissar (NKVD, 12.6225 *)"
            } else {
                ""
            },
        );
    }
    got.leaders = leaders;
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
        if deploy {
            deploy_squads(s, side, &mut got, n);
        }
    }
    Ok(got)
}

/// Deploys up to `n` squads of the largest line into two half-squads each.
fn deploy_squads(s: &mut Session, side: Side, got: &mut Received, n: u32) {
    let Some(i) = (0..got.items.len())
        .filter(|&i| got.items[i].kind == UnitKind::Squad)
        .max_by_key(|&i| got.items[i].count)
    else {
        return;
    };
    let n = n.min(got.items[i].count);
    let (unit, nkvd) = (got.items[i].unit.clone(), got.items[i].nkvd);
    let Some(hs) = s
        .tables
        .ladders
        .unit(side, &unit, nkvd)
        .map(|u| u.half_squad.clone())
    else {
        return;
    };
    got.items[i].count -= n;
    got.add(
        &hs,
        UnitKind::Hs,
        2 * n,
        "Light Mortar SW Team (note x, 12.6121)",
    );
    got.items.retain(|i| i.count > 0);
    got.other
        .push(format!("{n} x {unit} Deployed for Light Mortars (note x)"));
    s.say(format!(
        "  {n} x {unit} Deployed into {} x {hs} (note x).",
        2 * n
    ));
}

/// 12.6222: the SW of an Infantry Coy (`level` = Some) or Pltn (`None` =
/// Full, `Some(1)` = Depleted is passed as a Pltn flag below).
fn infantry_sw(
    s: &mut Session,
    side: Side,
    rg: &RgDef,
    coy_level: Option<usize>,
    got: &mut Received,
) -> Result<(), Error> {
    let chart = match side {
        Side::German => &s.tables.german_sw,
        Side::Russian => &s.tables.russian_sw,
    };
    let Some(row) = chart.row(&rg.id).cloned() else {
        return Ok(());
    };
    let depleted_drms = chart.depleted_drms.clone();
    let depleted = match coy_level {
        Some(l) => l >= 2,
        None => got.strength == "D",
    };
    let mut listed: Vec<String> = Vec::new();
    for (k, &n) in &row.sw {
        listed.extend(std::iter::repeat_n(k.clone(), n as usize));
    }
    if let Some(c) = &row.choice {
        let mark = c.mark.clone();
        let (low, high) = (c.low.clone(), c.high.clone());
        let (lr, hr) = (c.low_range, c.high_range);
        let roll = s.raw(
            side,
            STEP,
            DiceKind::OneDie,
            &format!("{} SW choice ({mark})", rg.id),
            true,
            |dr| {
                if lr.contains(dr) {
                    format!("{} ({lr})", low.to_uppercase())
                } else {
                    format!("{} ({hr})", high.to_uppercase())
                }
            },
            "12.6222",
        )?;
        listed.push(c.pick(roll.original()).to_string());
    }
    let mut drm = Vec::new();
    if let Some(l) = coy_level {
        let code = COY_LEVELS[l];
        if let Some(d) = depleted_drms.iter().find(|d| d.strength == code) {
            drm.push(Drm::new(d.value, d.reason.clone(), d.rule.clone()));
        }
    }
    for kind in listed {
        let keep = if depleted {
            let r = s.roll(
                side,
                STEP,
                "depleted-sw",
                None,
                &drm,
                &format!("{} Depleted: {}", rg.id, kind.to_uppercase()),
                true,
            )?;
            r.key() == "received"
        } else {
            true
        };
        if keep {
            *got.sw.entry(kind).or_default() += 1;
        }
    }
    if coy_level == Some(0) {
        for (k, &n) in &row.reinforced_extra {
            *got.sw.entry(k.clone()).or_default() += n;
            s.say(format!(
                "  @ Reinforced Strength: {n} extra {} (12.6222).",
                k.to_uppercase()
            ));
        }
    }
    let names = [
        ("hmg", "HMG"),
        ("mmg", "MMG"),
        ("lmg", "LMG"),
        ("atr", "ATR"),
        ("lt_mtr", "Lt MTR"),
        ("ft", "FT"),
        ("dc", "DC"),
    ];
    for (k, name) in names {
        if let Some(&n) = got.sw.get(k) {
            got.add(name, UnitKind::Sw, n, "");
        }
    }
    Ok(())
}

fn pltn_strength(s: &mut Session, side: Side, row_index: usize, rg: &RgDef) -> Result<bool, Error> {
    let drms = strength_drms(s, side, row_index, "12.6221");
    let r = s.roll(
        side,
        STEP,
        "platoon-strength",
        None,
        &drms,
        &format!("{} {} strength", rg.id, rg.group_type),
        true,
    )?;
    Ok(r.key() == "F")
}

/// 12.6221 Infantry Pltn RG, its SW (12.6222) and leader (12.6225).
fn infantry_pltn(
    s: &mut Session,
    side: Side,
    row_index: usize,
    rg: &RgDef,
) -> Result<Received, Error> {
    let full = pltn_strength(s, side, row_index, rg)?;
    let mut got = Received {
        strength: if full { "F" } else { "D" }.into(),
        ..Received::default()
    };
    for line in &rg.units {
        let n = line.strength[if full { 0 } else { 1 }];
        got.units += n;
        got.add(&line.unit, UnitKind::Squad, n, "");
    }
    infantry_sw(s, side, rg, None, &mut got)?;
    // 12.6225: the Russian "@" gate (NA for II-4's given Guards SMG Pltns).
    let row = &s.state.side(side).purchases[row_index];
    let gate_na = row.gate_na;
    if side == Side::Russian && !gate_na {
        let table = s.tables.dice_table("platoon-leader")?;
        let gate = table.gate.clone().expect("platoon-leader has its @ gate");
        let roll = s.raw(
            side,
            STEP,
            gate.dice,
            &format!("{} leader gate (@)", rg.id),
            true,
            |dr| {
                if gate.pass.contains(dr) {
                    format!("passed ({})", gate.pass)
                } else {
                    format!("failed ({} needed): no leader", gate.pass)
                }
            },
            "12.6225",
        )?;
        if !gate.pass.contains(roll.original()) {
            return Ok(got);
        }
    }
    let mut drms = Vec::new();
    match (side, rg.id.as_str()) {
        (Side::Russian, "I6") => drms.push(Drm::new(-1, "Storm Group Pltn", "12.6225")),
        (Side::German, "I2") => drms.push(Drm::new(-1, "Stösstruppe Pltn", "12.6225")),
        _ => {}
    }
    if !full {
        drms.push(Drm::new(1, "Depleted", "12.6225"));
    }
    let r = s.roll(
        side,
        STEP,
        "platoon-leader",
        Some(side.id()),
        &drms,
        &format!("{} {} leader", rg.id, rg.group_type),
        true,
    )?;
    if r.key() != "none" {
        let l = r.key().to_string();
        got.add(&l, UnitKind::Leader, 1, "");
        got.leaders.push(l);
    }
    Ok(got)
}

/// 12.6223 HW Pltn: all weapons at Full; Depleted, an Original dr <= 3 each,
/// and at least two always received.
fn hw_pltn(s: &mut Session, side: Side, row_index: usize, rg: &RgDef) -> Result<Received, Error> {
    let full = pltn_strength(s, side, row_index, rg)?;
    let mut got = Received {
        strength: if full { "F" } else { "D" }.into(),
        ..Received::default()
    };
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
    let received: Vec<(String, String)> = if full {
        weapons.clone()
    } else {
        let mut round = 0;
        loop {
            round += 1;
            let mut kept = Vec::new();
            for (w, crew) in &weapons {
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
                break kept;
            }
            s.say(format!(
                "  Only {} Weapon(s) received: at least two are always received, so every Weapon is rolled for again (12.6223, round {}).",
                kept.len(),
                round + 1
            ));
        }
    };
    for (w, crew) in &received {
        record_weapon(&mut got, w);
        got.add(
            w,
            if is_gun(w) {
                UnitKind::Gun
            } else {
                UnitKind::Sw
            },
            1,
            "",
        );
        got.add(
            crew,
            UnitKind::Crew,
            1,
            &format!("crew of the {w} (12.6223)"),
        );
    }
    merge_items(&mut got);
    got.units = received.len() as u32;
    Ok(got)
}

/// Mortars of 80mm and more are Guns; MGs and light mortars are SW.
fn is_gun(weapon: &str) -> bool {
    weapon.contains("MTR")
        && weapon
            .chars()
            .take_while(|c| c.is_ascii_digit() || *c == '.')
            .collect::<String>()
            .parse::<f32>()
            .is_ok_and(|mm| mm >= 80.0)
}

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

/// Folds identical lines ("1 x 1-2-7" twice) into one.
fn merge_items(got: &mut Received) {
    let mut merged: Vec<ForceItem> = Vec::new();
    for item in got.items.drain(..) {
        match merged
            .iter_mut()
            .find(|m| m.unit == item.unit && m.kind == item.kind && m.note == item.note)
        {
            Some(m) => m.count += item.count,
            None => merged.push(item),
        }
    }
    got.items = merged;
    let mut guns: Vec<String> = Vec::new();
    for g in &got.guns {
        if !guns.contains(g) {
            guns.push(g.clone());
        }
    }
    let counted: Vec<String> = guns
        .iter()
        .map(|g| {
            let n = got.guns.iter().filter(|x| *x == g).count();
            if n > 1 {
                format!("{g} x{n}")
            } else {
                g.clone()
            }
        })
        .collect();
    got.guns = counted;
}

/// 12.6223 MOL-P Pltn: all at Full, two Weapons when Depleted; each with a
/// 1-2-7 crew (C19).
fn molp_pltn(s: &mut Session, side: Side, row_index: usize, rg: &RgDef) -> Result<Received, Error> {
    let full = pltn_strength(s, side, row_index, rg)?;
    let n = rg.units.first().map_or(if full { 3 } else { 2 }, |u| {
        u.strength[if full { 0 } else { 1 }]
    });
    let mut got = Received {
        strength: if full { "F" } else { "D" }.into(),
        units: n,
        ..Received::default()
    };
    got.add("MOL-P", UnitKind::Sw, n, "");
    got.add("1-2-7", UnitKind::Crew, n, "MOL-P crew (READINGS.md C19)");
    got.guns.push(format!("MOL-P x{n}"));
    Ok(got)
}

/// 12.6221 AFV Pltn, 12.6227 armor leader (not for leichte FlaK: no note l),
/// 12.6214c Dug-In LMG.
fn afv_pltn(s: &mut Session, side: Side, row_index: usize, rg: &RgDef) -> Result<Received, Error> {
    let full = pltn_strength(s, side, row_index, rg)?;
    let mut got = Received {
        strength: if full { "F" } else { "D" }.into(),
        ..Received::default()
    };
    let line = rg.units.first().cloned();
    let n = line
        .as_ref()
        .map_or(0, |l| l.strength[if full { 0 } else { 1 }]);
    let unit = line.map_or(rg.units_text(), |l| l.unit);
    got.units = n;
    got.add(&unit, UnitKind::Vehicle, n, "");
    if rg.has_note("l") {
        let drm = match side {
            Side::German => Drm::new(-1, "German", "12.6227"),
            Side::Russian => Drm::new(1, "Russian", "12.6227"),
        };
        let r = s.roll(
            side,
            STEP,
            "armor-leader",
            None,
            &[drm],
            &format!("{} {} armor leader", rg.id, rg.group_type),
            true,
        )?;
        match r.key() {
            "none" => {}
            "inexperienced" => {
                got.items[0].note = "Inexperienced Crews (D3.45, 12.6227 *)".into();
                got.leaders.push("Inexperienced".into());
            }
            leader => {
                got.add(
                    leader,
                    UnitKind::ArmorLeader,
                    1,
                    "begins each scenario in an AFV of its platoon (12.6227)",
                );
                got.leaders.push(format!("{leader} (armor)"));
            }
        }
    }
    let row = &s.state.side(side).purchases[row_index];
    if row.on_board == "D" {
        got.add(
            "LMG",
            UnitKind::Sw,
            n,
            "scrounged from the Dug-In AFVs' BMG (12.6214c)",
        );
        *got.sw.entry("lmg".into()).or_default() += n;
        got.other
            .push(format!("{n} LMG for the Dug-In AFV BMG (12.6214c)"));
    }
    Ok(got)
}

/// 12.6224 Gun Battery: Full, or one less of each type (*).
fn gun_battery(
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
    let mut got = Received {
        strength: if full { "F" } else { "D" }.into(),
        ..Received::default()
    };
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
    merge_items(&mut got);
    Ok(got)
}

/// 12.6224 OBA module: Plentiful, Normal or Scarce ammunition.
fn oba(s: &mut Session, side: Side, row_index: usize, rg: &RgDef) -> Result<Received, Error> {
    let drms = strength_drms(s, side, row_index, "12.6224");
    let table = match side {
        Side::German => "german-oba",
        Side::Russian => "russian-oba",
    };
    let r = s.roll(
        side,
        STEP,
        table,
        None,
        &drms,
        &format!("{} {} ammunition", rg.id, rg.group_type),
        true,
    )?;
    let mut got = Received {
        strength: r.key().to_string(),
        ..Received::default()
    };
    let row = &s.state.side(side).purchases[row_index];
    let extras = if row.other.is_empty() {
        String::new()
    } else {
        format!("; {}", row.other)
    };
    got.add(
        &format!("{} ({}), {} ammo", rg.group_type, rg.units_text(), r.result),
        UnitKind::Capability,
        1,
        &format!("{} (CG6){extras}", phone(s, side)),
    );
    Ok(got)
}

/// The signal device an OBA module may use: a radio or a field phone (CG6),
/// but no Field Phone for the German in the CG II/IV Initial Scenario (II-3).
fn phone(s: &Session, side: Side) -> &'static str {
    if side == Side::German
        && s.state.campaign.is_initial()
        && s.def.restrictions().german_no_field_phone
    {
        "radio only: no Field Phone in this Initial Scenario (SSR II-3)"
    } else {
        "radio or field phone"
    }
}

/// SSR II-4: the optional DR on the NKVD Leader Table (C25) for Commissars
/// of the 62nd Army HQ Security Company.
fn nkvd_commissars(s: &mut Session, side: Side) -> Result<(), Error> {
    let Some(roll) = s.def.ob(side).commissars.clone() else {
        return Ok(());
    };
    if !s.state.campaign.is_initial()
        || s.state.campaign.cg_day() != s.state.campaign.days[0].cg_day()
    {
        return Ok(());
    }
    let already = s
        .state
        .journal
        .iter()
        .any(|j| j.what.starts_with("SSR II-4 Commissars"));
    if already {
        return Ok(());
    }
    let take = s.prompter.yes_no(
        side,
        "nkvd_commissars",
        &format!(
            "Make the {} DR on the NKVD Leader Table for the {} ({} DRM)?",
            roll.rule, roll.joins, roll.drm
        ),
        Some(true),
    )?;
    if !take {
        s.journal(Entry::decision(
            STEP,
            Some(side),
            true,
            "SSR II-4 Commissars",
            "declined",
            &roll.rule,
        ));
        return Ok(());
    }
    let drm = [Drm::new(
        roll.drm,
        format!("SSR {} NKVD Leader Table DR", roll.rule),
        format!("SSR {}", roll.rule),
    )];
    let r = s.roll(
        side,
        STEP,
        &roll.table,
        Some(&roll.column),
        &drm,
        "SSR II-4 Commissars",
        true,
    )?;
    for l in r.key().split(',').map(str::trim).filter(|l| !l.is_empty()) {
        let mut item = ForceItem::new(l, UnitKind::Commissar, 1, ForceBox::Entering);
        item.note = format!(
            "joins the {} (SSR {}, READINGS.md C25)",
            roll.joins, roll.rule
        );
        s.state.side_mut(side).force.items.push(item);
    }
    Ok(())
}

/// C18: the Commissar a new leader may become (12.6226, A25.22, VotG23).
pub fn commissar_for(leader: &str) -> Option<&'static str> {
    let morale: u32 = leader.split(['-', '+']).next()?.parse().ok()?;
    match morale {
        9 | 10 => Some("10-0"),
        8 => Some("9-0"),
        _ => None,
    }
}

/// 12.6226 Commissar exchange: up to one per Infantry Coy RG purchased this
/// RePh, never above one Commissar per twelve (FRD) squads in the OB; which
/// leader may become which Commissar is C18.
fn commissar_exchange(
    s: &mut Session,
    side: Side,
    new_leaders: &[(usize, String)],
) -> Result<(), Error> {
    // "Infantry Coy RG purchased in the current CG Day's RePh": this RePh's
    // CG Roster line.
    let purchased_coys = s
        .state
        .line(side)
        .rgs
        .iter()
        .filter(|b| {
            s.tables
                .russian_rg
                .rg(&b.rg)
                .is_some_and(|d| d.class == RgClass::InfantryCoy)
        })
        .count();
    let candidates = new_leaders
        .iter()
        .filter(|(_, l)| commissar_for(l).is_some())
        .count();
    // An answers file is read even when nothing can be exchanged, so that an
    // impossible exchange is refused rather than silently ignored.
    if s.prompter.interactive() && (purchased_coys == 0 || candidates == 0) {
        return Ok(());
    }
    loop {
        let wanted = s.prompter.optional_list(
            side,
            "commissars",
            &format!(
                "Exchange new leaders for Commissars (12.6226, up to {purchased_coys}; 9/10 morale -> 10-0, 8 -> 9-0)? Leaders, comma-separated, or Enter for none"
            ),
        )?;
        let wanted: Vec<String> = wanted
            .iter()
            .flat_map(|w| w.split(','))
            .map(|w| w.trim().to_string())
            .filter(|w| !w.is_empty())
            .collect();
        match exchange_plan(s, side, new_leaders, purchased_coys, &wanted) {
            Ok(plan) => {
                apply_exchange(s, side, plan);
                return Ok(());
            }
            Err(e) if s.prompter.interactive() => println!("{e}"),
            Err(e) => return Err(e),
        }
    }
}

/// Checks an exchange; returns the (purchase row, leader) pairs to exchange.
fn exchange_plan(
    s: &Session,
    side: Side,
    new_leaders: &[(usize, String)],
    purchased_coys: usize,
    wanted: &[String],
) -> Result<Vec<(usize, String)>, Error> {
    if wanted.is_empty() {
        return Ok(vec![]);
    }
    let restrictions = s.def.restrictions();
    if s.state.campaign.is_initial() && restrictions.no_commissar_exchange {
        let rule = restrictions
            .rules
            .iter()
            .find(|r| r.contains("II-4"))
            .cloned()
            .unwrap_or_else(|| "II-4".into());
        return Err(Error::Refused(format!(
            "no leaders may be exchanged for Commissars in this Initial Scenario (SSR {rule}). Remove `commissars` from the answers."
        )));
    }
    let mut pool: Vec<(usize, String)> = new_leaders
        .iter()
        .filter(|(_, l)| commissar_for(l).is_some())
        .cloned()
        .collect();
    if pool.is_empty() || purchased_coys == 0 {
        return Err(Error::Refused(format!(
            "no new Infantry Coy leader of this RePh may become a Commissar (12.6226, READINGS.md C18: morale 9/10 -> 10-0, 8 -> 9-0; none when no Infantry Coy RG was purchased): `{}` cannot be exchanged",
            wanted.join(", ")
        )));
    }
    if wanted.len() > purchased_coys {
        return Err(Error::Refused(format!(
            "at most {purchased_coys} new leader(s) may be exchanged for Commissars: one per Infantry Coy RG purchased this RePh (12.6226)"
        )));
    }
    let live = |i: &&ForceItem| !matches!(i.place, ForceBox::Casualties);
    let items = &s.state.side(side).force.items;
    let half_squads: i64 = items
        .iter()
        .filter(live)
        .map(|i| match i.kind {
            UnitKind::Squad => 2 * i.count as i64,
            UnitKind::Hs => i.count as i64,
            _ => 0,
        })
        .sum();
    let commissars: i64 = items
        .iter()
        .filter(live)
        .filter(|i| i.kind == UnitKind::Commissar)
        .map(|i| i.count as i64)
        .sum();
    let cap = frd(half_squads, 24);
    if commissars + wanted.len() as i64 > cap {
        return Err(Error::Refused(format!(
            "Commissar exchange is NA: {} Commissar(s) would exceed one per twelve (FRD) squads ({} squad-equivalents allow {cap}) (12.6226)",
            commissars + wanted.len() as i64,
            half_squads as f64 / 2.0
        )));
    }
    let mut plan = Vec::new();
    for w in wanted {
        let Some(at) = pool.iter().position(|(_, l)| l == w) else {
            let offered: Vec<&str> = pool.iter().map(|(_, l)| l.as_str()).collect();
            return Err(Error::Refused(format!(
                "`{w}` is not a new Infantry Coy leader that may become a Commissar (READINGS.md C18: morale 9/10 -> 10-0, 8 -> 9-0; a 7-0 or 6+1 cannot); the new leaders are: {}",
                if offered.is_empty() {
                    "none".to_string()
                } else {
                    offered.join(", ")
                }
            )));
        };
        plan.push(pool.remove(at));
    }
    Ok(plan)
}

fn apply_exchange(s: &mut Session, side: Side, plan: Vec<(usize, String)>) {
    for (row_index, leader) in plan {
        let Some(commissar) = commissar_for(&leader) else {
            continue;
        };
        let files = s.state.side_mut(side);
        if let Some(item) = files.force.items.iter_mut().find(|i| {
            i.kind == UnitKind::Leader && i.unit == leader && i.rg_row == Some(row_index + 1)
        }) {
            item.count -= 1;
        }
        files.force.items.retain(|i| i.count > 0);
        let place = files
            .force
            .items
            .iter()
            .find(|i| i.rg_row == Some(row_index + 1))
            .map_or(ForceBox::Entering, |i| i.place);
        let mut item = ForceItem::new(commissar, UnitKind::Commissar, 1, place);
        item.rg = Some(files.purchases[row_index].rg_id.clone());
        item.rg_row = Some(row_index + 1);
        item.note = format!("exchanged for the {leader} (12.6226, READINGS.md C18)");
        files.force.items.push(item);
        let row = &mut files.purchases[row_index];
        row.leaders =
            row.leaders
                .replacen(&leader, &format!("{commissar} Commissar (for {leader})"), 1);
        s.say(format!(
            "  {leader} exchanged for a {commissar} Commissar (12.6226, READINGS.md C18)."
        ));
        s.journal(Entry::decision(
            STEP,
            Some(side),
            true,
            "Commissar exchange",
            format!("{leader} -> {commissar} Commissar"),
            "12.6226",
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn c18_commissar_exchange_by_morale() {
        assert_eq!(commissar_for("10-2"), Some("10-0"));
        assert_eq!(commissar_for("9-1"), Some("10-0"));
        assert_eq!(commissar_for("8-1"), Some("9-0"));
        assert_eq!(commissar_for("8-0"), Some("9-0"));
        assert_eq!(commissar_for("7-0"), None);
        assert_eq!(commissar_for("6+1"), None);
    }

    #[test]
    fn rule_12_6223_mortars_of_80mm_are_guns() {
        assert!(is_gun("82*mm MTR"));
        assert!(is_gun("81*mm MTR"));
        assert!(!is_gun("HMG"));
        assert!(!is_gun(".50c-HMG"));
    }
}
