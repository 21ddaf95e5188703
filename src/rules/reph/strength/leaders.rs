//! 12.6225 Leaders of Infantry Coy and Pltn RG, and 12.6227 armor leaders.

use super::STEP;
use super::received::Received;
use crate::error::Error;
use crate::model::drm::Drm;
use crate::model::force::UnitKind;
use crate::model::side::Side;
use crate::rules::reph::session::Session;
use crate::rules::rg_chart::RgDef;

const LEVEL_NAMES: [&str; 5] = [
    "Reinforced Strength",
    "Full Strength",
    "Lightly Depleted",
    "Moderately Depleted",
    "Heavily Depleted",
];

/// 12.6225: the DRM of a Coy's strength on its leader DR.
fn level_drm(side: Side, level: usize) -> i32 {
    match (side, level) {
        (_, 0) => -1,
        (Side::German, 3) => 1,
        (Side::German, 4) => 2,
        (Side::Russian, 2) => 1,
        (Side::Russian, 3) => 2,
        (Side::Russian, 4) => 3,
        _ => 0,
    }
}

/// 12.6225 company leaders of an Infantry Coy at strength `level` (the
/// NKVD Coy's are Commissars, *), and the † extra 7-0 of a Reinforced
/// Strength Rifle Coy.
pub(super) fn company(
    s: &mut Session,
    side: Side,
    rg: &RgDef,
    level: usize,
    got: &mut Received,
) -> Result<(), Error> {
    let (table, column, commissars) = match (side, rg.id.as_str()) {
        (Side::German, _) => ("german-company-leader", None, false),
        (Side::Russian, "I5") => ("russian-company-leader", Some("nkvd"), true),
        (Side::Russian, _) => ("russian-company-leader", Some("regular"), false),
    };
    let mut drms = Vec::new();
    if side == Side::Russian && rg.id == "I1" {
        drms.push(Drm::new(-1, "Guards Rifle Coy", "12.6225"));
    }
    if side == Side::Russian && rg.id == "I4" {
        drms.push(Drm::new(1, "SMG Coy", "12.6225"));
    }
    let by_level = level_drm(side, level);
    if by_level != 0 {
        let name = LEVEL_NAMES[level];
        drms.push(Drm::new(by_level, format!("{name} Coy"), "12.6225"));
    }
    let what = format!("{} {} leaders", rg.id, rg.group_type);
    let r = s.roll(side, STEP, table, column, &drms, &what, true)?;
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
        if commissars {
            got.add(l, UnitKind::Commissar, 1, "Commissar (NKVD, 12.6225 *)");
        } else {
            got.add(l, UnitKind::Leader, 1, "");
        }
    }
    got.leaders = leaders;
    Ok(())
}

/// 12.6225 the leader of an Infantry Pltn; the Russian first passes the "@"
/// gate, unless the row says it is NA (II-4's given Guards SMG Pltns).
pub(super) fn platoon(
    s: &mut Session,
    side: Side,
    row_index: usize,
    rg: &RgDef,
    full: bool,
    got: &mut Received,
) -> Result<(), Error> {
    let row = &s.state.side(side).purchases[row_index];
    let gate_na = row.gate_na;
    if side == Side::Russian && !gate_na && !passes_gate(s, side, rg)? {
        return Ok(());
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
    Ok(())
}

/// The Russian Pltn leader's "@" gate dr (12.6225).
fn passes_gate(s: &mut Session, side: Side, rg: &RgDef) -> Result<bool, Error> {
    let table = s.tables.dice_table("platoon-leader")?;
    let gate = table.gate.clone().expect("platoon-leader has its @ gate");
    // The chart's mark, in words, before a dr thrown at the table and in
    // an unattended run's record; rolled at a terminal, the result line
    // says what it needed (a secret block fits one screen).
    if s.dice.thrown_by_hand() || s.out.odds() || !s.prompter.at_terminal() {
        s.say(format!(
            "{} leader gate (@): a Russian Infantry Pltn rolls on the Platoon Leader Table only after a dr of {} (12.6225 @).",
            rg.id, gate.pass
        ));
    }
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
    Ok(gate.pass.contains(roll.original()))
}

/// What the Armor Leader Table gave an AFV Pltn (12.6227).
pub(super) enum ArmorLeader {
    None,
    /// The platoon's crews are Inexperienced (D3.45).
    Inexperienced,
    Leader(String),
}

/// 12.6227 the armor leader DR of an AFV Pltn.
pub(super) fn armor(s: &mut Session, side: Side, rg: &RgDef) -> Result<ArmorLeader, Error> {
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
    Ok(match r.key() {
        "none" => ArmorLeader::None,
        "inexperienced" => ArmorLeader::Inexperienced,
        leader => ArmorLeader::Leader(leader.to_string()),
    })
}
