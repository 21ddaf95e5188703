//! The orders of one side's 12.623 checked together against every limit of
//! the Fortification Purchase Table and its footnotes.

use super::hip::{self, HipTally};
use super::order::{Order, price};
use crate::error::Error;
use crate::model::force::{ForceBox, UnitKind};
use crate::model::side::Side;
use crate::rules::reph::session::Session;

/// The orders checked together against every limit of 12.623: what they buy,
/// the FPP they spend, and the Booby Trap Level they leave.
pub struct Plan {
    pub bought: Vec<Order>,
    pub spent: i64,
    pub booby: Option<String>,
}

/// Prices `orders_text` in order and checks each against the limits left by
/// those before it; the first one refused refuses them all.
pub fn plan(s: &Session, side: Side, orders_text: &[String]) -> Result<Plan, Error> {
    let line = s.state.line(side).clone();
    let available = line.fpp - line.fpp_spent;
    let table = &s.tables.fortification_purchase;
    let mut spent = 0i64;
    let mut mines = mine_fpp_earlier_today(s, side);
    let mut hip = HipTally::default();
    let mut booby = line.booby_trap.clone();
    let mut bought: Vec<Order> = Vec::new();
    for text in orders_text {
        let order = price(text, |k| table.item(k).cloned(), side)
            .map_err(|e| Error::Refused(format!("{e}. Nothing was bought.")))?;
        let left = available - spent;
        let refuse = |why: String| {
            Error::Refused(format!(
                "Fortification `{text}` refused: {why}. Nothing was bought; {left} FPP of {available} would be left."
            ))
        };
        initial_scenario_limit(s, side, &order).map_err(refuse)?;
        if order.cost > left {
            return Err(refuse(format!(
                "it costs {} FPP and only {left} are left (12.623)",
                order.cost
            )));
        }
        if matches!(order.keyword.as_str(), "ap-mine" | "at-mine") {
            let cap = table.mine_cap_per_day as i64;
            if mines + order.cost > cap {
                return Err(refuse(format!(
                    "at most {cap} FPP per CG Day may be spent on mines (footnote 2); {mines} already are"
                )));
            }
            mines += order.cost;
        }
        if order.keyword == "hip" {
            hip::check(s, side, &order, &bought, &mut hip).map_err(refuse)?;
        }
        if order.keyword == "set-dc" {
            set_dc(s, side, &bought).map_err(refuse)?;
        }
        if order.keyword == "booby-trap" {
            booby = Some(
                next_booby_trap_level(booby.as_deref())
                    .map_err(refuse)?
                    .into(),
            );
        }
        spent += order.cost;
        bought.push(order);
    }
    Ok(Plan {
        bought,
        spent,
        booby,
    })
}

/// Footnote 9: "a Retained DC (or a DC granted to an Infantry
/// Company/Platoon setting up on-map) may be set up using HIP ... as a Set
/// DC": one Set DC per such DC the side has, in its Retained or On-Map
/// Setup RG box, less the Set DC bought before it in this plan.
fn set_dc(s: &Session, side: Side, bought: &[Order]) -> Result<(), String> {
    let dc = s
        .state
        .side(side)
        .force
        .counters
        .iter()
        .filter(|c| c.kind == UnitKind::Sw && c.unit == "DC")
        .filter(|c| matches!(c.place, ForceBox::Retained | ForceBox::OnMapSetup))
        .filter(|c| c.prisoner_of().is_none())
        .count();
    let set = bought.iter().filter(|o| o.keyword == "set-dc").count();
    if set < dc {
        return Ok(());
    }
    Err(format!(
        "a Set DC is a Retained DC, or one granted to an Infantry Coy/Pltn setting up on-map (footnote 9): the {} has {dc}{}",
        side.name(),
        if set > 0 {
            format!(", and {set} already set")
        } else {
            String::new()
        }
    ))
}

/// Footnote 2 counts mines per CG Day: earlier RePhs of this date too.
fn mine_fpp_earlier_today(s: &Session, side: Side) -> i64 {
    let date = s.state.campaign.date;
    let roster = &s.state.side(side).roster;
    roster.lines[..roster.lines.len() - 1]
        .iter()
        .filter(|l| l.date == date)
        .map(|l| l.mine_fpp)
        .sum()
}

/// The CG's Initial Scenario may limit what the German buys (CG II: SSR II-3).
fn initial_scenario_limit(s: &Session, side: Side, order: &Order) -> Result<(), String> {
    let restrictions = s.def.restrictions();
    if s.state.campaign.is_initial()
        && side == Side::German
        && let Some(only) = &restrictions.german_fortifications
        && !only.contains(&order.keyword)
    {
        return Err(format!(
            "the only fortifications the German may purchase in this Initial Scenario are {} (SSR {})",
            only.join(", "),
            restrictions
                .rules
                .iter()
                .find(|r| r.contains("II-3"))
                .cloned()
                .unwrap_or_else(|| "II-3".into())
        ));
    }
    Ok(())
}

/// Each Booby Trap purchase raises the level one step, C to B to A
/// (footnote 8).
fn next_booby_trap_level(level: Option<&str>) -> Result<&'static str, String> {
    match level {
        Some("C") | None => Ok("B"),
        Some("B") => Ok("A"),
        _ => Err("the Booby Trap Level is already A, the highest (footnote 8)".into()),
    }
}
