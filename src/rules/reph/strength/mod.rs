//! 12.622 RG Strength, Weapons & Leaders: for every RG bought today and every
//! RG given in the Initial OB, its strength (12.6221, 12.6224), its SW
//! (12.6222) or weapons (12.6223), its leaders (12.6225–.6227), commissar
//! exchange (12.6226), and the counters it brings into the Force Organizer.

mod afv;
mod commissars;
mod heavy_weapons;
mod infantry;
mod leaders;
mod oba;
mod origin;
mod received;
mod sw;

pub use commissars::commissar_for;
pub use infantry::ELR_REPLACED;

use crate::error::Error;
use crate::model::force::UnitKind;
use crate::model::side::Side;
use crate::rules::new_campaign::pocket;
use crate::rules::reph::session::Session;
use crate::rules::rg_chart::{RgClass, RgDef};
use crate::rules::sw_chart::SW_KINDS;
use received::Received;

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

pub fn run(s: &mut Session, side: Side) -> Result<(), Error> {
    let day = s.state.campaign.cg_day();
    // The tables outlive the session: no copy of the chart is needed to
    // use it while the session changes.
    let tables = s.tables;
    let chart = match side {
        Side::German => &tables.german_rg,
        Side::Russian => &tables.russian_rg,
    };
    let todo: Vec<(usize, RgDef)> = s
        .state
        .side(side)
        .purchases
        .iter()
        .enumerate()
        .filter(|(_, r)| r.cg_day == day && r.strength.is_empty())
        .filter_map(|(i, r)| {
            chart
                .rg(&r.rg_id)
                .filter(|d| needs_strength(d))
                .map(|d| (i, d.clone()))
        })
        .collect();
    if todo.is_empty() {
        s.say(format!(
            "{}: no RG to determine today (12.622).",
            side.name()
        ));
    }
    // The leaders of this RePh's Infantry Coys, which may become Commissars.
    let mut new_leaders: Vec<(usize, String)> = Vec::new();
    for (row_index, rg) in todo {
        // Every roll from here to the next RG is about this row.
        s.concerning([format!("row:{}", row_index + 1)]);
        let got = receive(s, side, row_index, &rg)?;
        if rg.class == RgClass::InfantryCoy {
            new_leaders.extend(
                got.lines
                    .iter()
                    .filter(|l| l.counter.kind == UnitKind::Leader)
                    .flat_map(|l| {
                        std::iter::repeat_n((row_index, l.counter.unit.clone()), l.count as usize)
                    }),
            );
        }
        record(s, side, row_index, &rg, got);
    }
    s.concerning([]);
    if side == Side::Russian {
        commissars::nkvd_commissars(s, side)?;
        commissars::exchange(s, side, &new_leaders)?;
    }
    Ok(())
}

/// What one RG brings: by its class, then boats (note b) and a Reserve
/// RG's Dummy Cloaking counters (12.6214b).
fn receive(s: &mut Session, side: Side, row_index: usize, rg: &RgDef) -> Result<Received, Error> {
    let mut got = match rg.class {
        RgClass::InfantryCoy => infantry::coy(s, side, row_index, rg)?,
        RgClass::InfantryPltn => infantry::pltn(s, side, row_index, rg)?,
        RgClass::HwPltn => heavy_weapons::hw_pltn(s, side, row_index, rg)?,
        RgClass::MolpPltn => heavy_weapons::molp_pltn(s, side, row_index, rg)?,
        RgClass::AfvPltn => afv::afv_pltn(s, side, row_index, rg)?,
        RgClass::GunBattery => heavy_weapons::gun_battery(s, side, row_index, rg)?,
        RgClass::Oba => oba::oba(s, side, row_index, rg)?,
        _ => unreachable!("needs_strength"),
    };
    // Note b: an RG bought to enter in boats gets one Assault Boat per MMC.
    if s.state.side(side).purchases[row_index].boats {
        let mmc = got.count_of(&[UnitKind::Squad, UnitKind::Hs, UnitKind::Crew]);
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
            crate::rules::reph::reserve::DUMMY_CLOAKING,
            UnitKind::Capability,
            dummies,
            "up to this many, at the purchaser's option (12.6214b)",
        );
    }
    Ok(got)
}

/// Writes what an RG brought into its purchase-record row, and its counters,
/// each with a fresh id, into its box of the Force Organizer.
fn record(s: &mut Session, side: Side, row_index: usize, rg: &RgDef, got: Received) {
    let place = origin::box_for(s, side, row_index, rg);
    let pocket = origin::pocket_group(s, side, row_index).map(pocket);
    let files = s.state.side_mut(side);
    let row = &mut std::sync::Arc::make_mut(&mut files.purchases)[row_index];
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
    for line in got.lines {
        let mut counter = line.counter;
        counter.place = place;
        counter.rg = Some(rg.id.clone());
        counter.rg_row = Some(row_index + 1);
        counter.condition.extend(pocket.iter().flatten().cloned());
        files.force.add_n(&counter, line.count);
    }
}

/// 12.6221 the strength DR of a Pltn (Infantry, HW, MOL-P, AFV): Full or
/// Depleted.
fn pltn_strength(s: &mut Session, side: Side, row_index: usize, rg: &RgDef) -> Result<bool, Error> {
    let drms = origin::strength_drms(s, side, row_index, "12.6221");
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
