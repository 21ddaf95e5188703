//! What a purchase costs (12.6214, C12): the chart cost, the ways of buying,
//! Pre-Registered hexes and Creeping Barrage (note p), half-cost armor
//! (CG I note y), and the CGI-5 Infantry surcharge.

use super::options::{is_armor_or_infantry, is_infantry};
use super::{Market, Mode, Purchase, Quote};
use crate::model::cg_day::CgDay;
use crate::model::purchase_record::OnBoard;
use crate::model::side::{Cg, Side};
use crate::rules::fraction::fru;
use crate::rules::rg_chart::RgDef;

/// A purchase's cost, how it arises (each part with its rule), and how the
/// RG comes on board.
pub(super) struct Price {
    pub cost: i64,
    pub breakdown: Vec<String>,
    pub on_board: OnBoard,
}

/// Russian I5, I7, I8 and German I4 set up on-map on their CG Day of
/// purchase at no extra cost (12.6214a, C3).
fn free_on_map(side: Side, id: &str) -> bool {
    matches!(
        (side, id),
        (Side::Russian, "I5" | "I7" | "I8") | (Side::German, "I4")
    )
}

impl Market<'_> {
    /// C12: the cost of `p`, after the `earlier` purchases of the batch.
    pub(super) fn price(&self, p: &Purchase, rg: &RgDef, earlier: &[Quote]) -> Price {
        let chart_cost = p.cpp.unwrap_or(rg.cost as i64);
        let mut price = Price {
            cost: chart_cost,
            breakdown: vec![format!("{chart_cost} chart cost (12.6214)")],
            on_board: OnBoard::Blank,
        };
        if p.cpp == Some(2) {
            price
                .breakdown
                .push("bought at 2 CPP: -2 to its Turn of Entry dr (note t)".into());
        }
        if self.cg() == Cg::I
            && self.side == Side::German
            && rg.id.starts_with('A')
            && self.day() == CgDay::new(16, false)
        {
            price.cost = fru(chart_cost, 2);
            price.breakdown.push(format!(
                "half cost (FRU) = {}: CG I 16 Sep daytime armor (note y)",
                price.cost
            ));
        }
        self.price_mode(p, rg, &mut price);
        if p.prereg > 0 {
            price.cost += p.prereg as i64;
            price
                .breakdown
                .push(format!("+{} Pre-Registered hex(es) (note p)", p.prereg));
        }
        if p.creeping {
            let extra = fru(chart_cost, 2);
            price.cost += extra;
            price.breakdown.push(format!(
                "+{extra} Creeping Barrage: 50% of chart cost, FRU (note p, READINGS.md C12)"
            ));
        }
        self.price_infantry_surcharge(rg, earlier, &mut price);
        price
    }

    /// 12.6214a-c: on-map, Reserve, Dug-In.
    fn price_mode(&self, p: &Purchase, rg: &RgDef, price: &mut Price) {
        match p.mode {
            Mode::OnMap => {
                price.on_board = OnBoard::OnMap;
                if free_on_map(self.side, &rg.id) {
                    price
                        .breakdown
                        .push("on-map at no extra cost (12.6214a, READINGS.md C3)".into());
                } else {
                    let extra = if self.side == Side::Russian { 2 } else { 3 };
                    price.cost += extra;
                    price
                        .breakdown
                        .push(format!("+{extra} on-map setup (12.6214a)"));
                }
            }
            Mode::Reserve => {
                price.on_board = OnBoard::Reserve;
                price.cost -= 1;
                price.breakdown.push("-1 Reserve (12.6214b)".into());
            }
            Mode::DugIn => {
                price.on_board = OnBoard::DugIn;
                price.cost = fru(price.cost, 2);
                price
                    .breakdown
                    .push(format!("Dug-In: 50% (FRU) = {} (12.6214c)", price.cost));
            }
            Mode::Normal => {
                if rg.has_note("a") && is_armor_or_infantry(rg) {
                    price.on_board = OnBoard::OnMap;
                }
            }
        }
    }

    /// CGI-5: every Infantry RG after the first in a RePh (not the Initial
    /// Scenario's) costs more.
    fn price_infantry_surcharge(&self, rg: &RgDef, earlier: &[Quote], price: &mut Price) {
        let penalty = self.def.infantry_purchase_penalty;
        if self.initial() || !is_infantry(rg) || penalty <= 0 {
            return;
        }
        let earlier_infantry = self
            .bought_this_reph()
            .iter()
            .filter(|d| is_infantry(d))
            .count()
            + earlier.iter().filter(|q| is_infantry(&q.rg)).count();
        if earlier_infantry >= 1 {
            price.cost += penalty;
            price.breakdown.push(format!(
                "+{penalty} Infantry RG after the first this RePh (CGI-5)"
            ));
        }
    }
}
