//! 12.623 footnote 6: the limits on units set up using HIP.

use super::order::Order;
use crate::model::force::{ForceBox, UnitKind};
use crate::model::side::Side;
use crate::rules::fraction::fru;
use crate::rules::reph::session::Session;

/// The HIP squads bought so far in one plan, counted in half-squads so that
/// two HS are one squad.
#[derive(Default)]
pub struct HipTally {
    halves: u32,
}

/// Checks one `hip` order against footnote 6, given the orders before it,
/// and counts its squads.
pub fn check(
    s: &Session,
    side: Side,
    order: &Order,
    bought: &[Order],
    tally: &mut HipTally,
) -> Result<(), String> {
    let kind = order.variant.as_deref().unwrap_or("");
    if kind == "afv" {
        afv(s, side, order, bought)?;
    }
    if matches!(kind, "squad" | "hs") {
        squads(s, side, order, kind, tally)?;
    }
    Ok(())
}

/// Only the Russian sets up AFV using HIP, and each must be Dug-In.
fn afv(s: &Session, side: Side, order: &Order, bought: &[Order]) -> Result<(), String> {
    if side == Side::German {
        return Err(
            "only the Russian may set up AFV using HIP, Dug-In as per D9.5 (footnote 6)".into(),
        );
    }
    let dug_in: u32 = s
        .state
        .side(side)
        .force
        .counters
        .iter()
        // A Dug-In AFV, or any Retained AFV, which the Russian may Dig In at will (12.6214c).
        .filter(|i| {
            i.kind == UnitKind::Vehicle
                && matches!(i.place, ForceBox::DugInAfv | ForceBox::Retained)
        })
        .count() as u32;
    let hip_afv: u32 = bought
        .iter()
        .filter(|o| o.keyword == "hip" && o.variant.as_deref() == Some("afv"))
        .map(|o| o.amount)
        .sum();
    if hip_afv + order.amount > dug_in {
        return Err(format!(
            "a HIP AFV must be a Dug-In AFV, bought Dug-In or a Retained AFV Dug In at will (12.6214c, footnote 6); there are {dug_in}"
        ));
    }
    Ok(())
}

/// By day at most the table's percentage (FRU) of the non-Reserve Infantry
/// squads; at night the Russian's HIP squads need no FPP.
fn squads(
    s: &Session,
    side: Side,
    order: &Order,
    kind: &str,
    tally: &mut HipTally,
) -> Result<(), String> {
    let night = s.state.campaign.night;
    if night && side == Side::Russian {
        return Err("in a Night scenario the Russian sets up <= 10% of his squads using HIP freely: no FPP are needed (footnote 6)".into());
    }
    let percent = s.tables.fortification_purchase.hip_percent;
    let squads = non_reserve_squads(s, side);
    let cap = fru(squads as i64 * percent as i64, 100) as u32;
    let halves = if kind == "hs" {
        order.amount
    } else {
        2 * order.amount
    };
    if !night && (tally.halves + halves).div_ceil(2) > cap {
        return Err(format!(
            "no more than {percent}% (FRU) of the non-Reserve Infantry squads may set up using HIP by day: {cap} of {squads} (footnote 6)"
        ));
    }
    tally.halves += halves;
    Ok(())
}

/// Non-Reserve Infantry squads of the side, for the HIP limit (footnote 6).
fn non_reserve_squads(s: &Session, side: Side) -> u32 {
    s.state
        .side(side)
        .force
        .counters
        .iter()
        .filter(|i| {
            i.kind == UnitKind::Squad
                && !matches!(
                    i.place,
                    ForceBox::Reserve | ForceBox::Casualties | ForceBox::RedeployedAfv
                )
        })
        .count() as u32
}
