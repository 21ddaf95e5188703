//! What a purchase leaves (12.621, 12.6218): the CG Roster line, the RG
//! Purchase Record row with its typed facts, and what the RG gives at once.

use super::Quote;
use crate::model::force::{ForceBox, NewCounter, UnitKind};
use crate::model::purchase_record::PurchaseRow;
use crate::model::roster::Bought;
use crate::model::side::Side;
use crate::model::state::CampaignState;
use crate::rules::rg_chart::{RgClass, RgDef};

/// The RG Purchase Record row of a quoted purchase: its facts typed, and
/// the "Other" column written from them.
fn row(state: &CampaignState, side: Side, q: &Quote) -> PurchaseRow {
    let p = &q.purchase;
    let mut row = PurchaseRow {
        cg_day: state.campaign.cg_day(),
        rg_id: q.rg.id.clone(),
        group_type: q.rg.group_type.clone(),
        purchased_so_far: Some(q.purchased_so_far),
        entry_code: q.code.clone().unwrap_or_default(),
        remaining: Some(q.remaining),
        on_board: q.on_board,
        boats: p.boats,
        prereg: p.prereg,
        hexes: p.hexes.clone(),
        creeping: p.creeping,
        cpp: p.cpp,
        ..PurchaseRow::default()
    };
    row.other = other_words(&row, &q.rg, side).join("; ");
    row
}

/// The "Other" column of a bought RG: its typed facts in words, then what
/// its RG is (MOL capability; C11's date marker).
fn other_words(row: &PurchaseRow, rg: &RgDef, side: Side) -> Vec<String> {
    let mut words = row.fact_words(rg.class == RgClass::Observer);
    if rg.class == RgClass::MolCapability {
        words.push("MOL Capability for the next CG scenario".into());
    }
    if side == Side::Russian && rg.has_note("a") && !row.entry_code.is_empty() {
        words.push("Entry Code dot is a date marker only (READINGS.md C11)".into());
    }
    words
}

/// Records a quoted purchase (12.621, 12.6218): the CG Roster line (RG and
/// CPP each, Spent, Left), the RG Purchase Record row, and what the RG gives
/// at once (FPP, SAN, capabilities).
pub fn record(state: &mut CampaignState, side: Side, q: &Quote) {
    let row = row(state, side, q);
    let files = state.side_mut(side);
    let line = files.roster.current_mut().expect("validated roster");
    line.cpp.spent += q.from_cpp;
    line.cpp.left -= q.from_cpp;
    if let Some(s) = line.support_cpp.as_mut() {
        s.spent += q.from_support;
        s.left -= q.from_support;
    }
    line.rgs.push(Bought {
        rg: q.rg.id.clone(),
        cpp: q.from_cpp,
        support_cpp: q.from_support,
        purchase: q.purchase.canonical(),
    });
    match q.rg.class {
        RgClass::Fortifications => line.fpp += q.rg.fpp.unwrap_or(0) as i64,
        RgClass::Sniper => line.san += 1,
        _ => {}
    }
    let note = row.other.clone();
    std::sync::Arc::make_mut(&mut files.purchases).push(row);
    let row_no = files.purchases.len();
    if let Some(mut item) = capability_item(&q.rg) {
        item.rg_row = Some(row_no);
        item.note = note;
        files.force.add(item);
    }
}

/// The Force Organizer line of an RG with no strength to roll (Stuka,
/// Bombardment, Observer, Spotter Plane, MOL Capability): in the OB at once.
pub fn capability_item(rg: &RgDef) -> Option<NewCounter> {
    match rg.class {
        RgClass::Stuka
        | RgClass::Bombardment
        | RgClass::Observer
        | RgClass::Spotter
        | RgClass::MolCapability => {
            let name = format!("{} ({})", rg.group_type, rg.units_text());
            let mut item = NewCounter::new(name, UnitKind::Capability, ForceBox::Retained);
            item.rg = Some(rg.id.clone());
            Some(item)
        }
        _ => None,
    }
}
