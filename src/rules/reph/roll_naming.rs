//! What a roll is for, said so a player throwing the dice by hand knows
//! which of two alike it is: the I1 given in the Initial OB or the I1
//! bought today (by its purchase-record row), which counter (by its id and
//! unit, a minefield without its strength). Only words on the screen: a
//! roll's label, which draws its dice (DESIGN §3), stays as it is.

use crate::model::force::CounterId;
use crate::model::side::Side;
use crate::model::state::CampaignState;
use crate::rules::reph::fortification_removal::public_name;
use crate::rules::tables::Tables;
use crate::rules::words::plain;

/// `what` with what the roll concerns (`row:3`, `G-14` …) named.
pub fn named(
    state: &CampaignState,
    tables: &Tables,
    side: Side,
    what: &str,
    concerns: &[String],
) -> String {
    let parts: Vec<String> = concerns
        .iter()
        .filter_map(|c| concern(state, tables, side, c))
        .collect();
    if parts.is_empty() {
        plain(what)
    } else {
        format!("{} — {}", plain(what), parts.join("; "))
    }
}

/// One concern in words: a purchase-record row, or a counter as both sides
/// may hear of it (12.6083: a minefield's type and strength stay hidden,
/// even on the screen of a 12.617 roll for it, which the other side may
/// watch or make).
fn concern(state: &CampaignState, tables: &Tables, side: Side, c: &str) -> Option<String> {
    if let Some(n) = c.strip_prefix("row:").and_then(|n| n.parse::<usize>().ok()) {
        let r = state.side(side).purchases.get(n.checked_sub(1)?)?;
        let origin = match r.purchased_so_far {
            None => "given in the Initial OB".to_string(),
            Some(_) => format!("bought on {}", r.cg_day),
        };
        return Some(format!("the {} {origin} (purchase row {n})", r.rg_id));
    }
    let id: CounterId = c.parse().ok()?;
    let counter = state.side(id.side).force.get(id)?;
    Some(public_name(tables, counter))
}
