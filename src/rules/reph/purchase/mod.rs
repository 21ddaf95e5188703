//! 12.621 Purchasing Reinforcement Groups: the purchase grammar, the limits
//! a purchase must pass, its CG Max slot and Entry Code, its cost (C12), how
//! it is paid (C14), and the record it leaves (12.6218).

mod cost;
mod grammar;
mod hint;
mod limits;
mod options;
mod payment;
mod record;
mod refusal;
mod slots;

pub use grammar::{GRAMMAR, Mode, Purchase};
pub use hint::{Possible, RefusedPurchase};
pub use payment::support_eligible;
pub use record::{capability_item, record};
pub use refusal::{Refusal, SlotGate};

use crate::model::cg_day::CgDay;
use crate::model::purchase_record::{OnBoard, PurchaseRow};
use crate::model::side::{Cg, Side};
use crate::model::state::CampaignState;
use crate::rules::cg_def::CgDef;
use crate::rules::rg_chart::{RgChart, RgDef};
use crate::rules::tables::Tables;

/// A purchase priced and checked: everything needed to record it.
#[derive(Debug, Clone)]
pub struct Quote {
    pub rg: RgDef,
    pub purchase: Purchase,
    pub cost: i64,
    /// How the cost arises, each part with its rule.
    pub breakdown: Vec<String>,
    pub from_support: i64,
    pub from_cpp: i64,
    pub code: Option<String>,
    pub on_board: OnBoard,
    /// #P after this purchase and #R (12.6218).
    pub purchased_so_far: u32,
    pub remaining: u32,
}

/// Everything a purchase is checked against.
pub struct Market<'a> {
    pub tables: &'a Tables,
    pub def: &'a CgDef,
    pub state: &'a CampaignState,
    pub side: Side,
}

impl Market<'_> {
    pub fn chart(&self) -> &RgChart {
        match self.side {
            Side::German => &self.tables.german_rg,
            Side::Russian => &self.tables.russian_rg,
        }
    }

    /// The CG Day bought for: the Russian's Night of a Counterattack he
    /// said will be one (12.6254, 12.6217, 12.6215; night_purchases).
    fn day(&self) -> CgDay {
        match self.side {
            Side::Russian => crate::rules::reph::night_purchases::russian_day(self.state),
            Side::German => self.state.campaign.cg_day(),
        }
    }

    fn cg(&self) -> Cg {
        self.state.campaign.cg
    }

    fn initial(&self) -> bool {
        self.state.campaign.is_initial()
    }

    fn rows(&self) -> &[PurchaseRow] {
        &self.state.side(self.side).purchases
    }

    /// Purchases (not given RGs) made on the current date, day and night.
    fn bought_on_date(&self) -> impl Iterator<Item = &PurchaseRow> {
        let date = self.day().date;
        self.rows()
            .iter()
            .filter(move |r| !r.is_given() && r.cg_day.date == date)
    }

    /// The RGs bought in this RePh's 12.621: those on the current CG Roster
    /// line (one line per scenario, so a Counterattack's RePh is its own).
    fn bought_this_reph(&self) -> Vec<&RgDef> {
        let chart = self.chart();
        self.state
            .line(self.side)
            .rgs
            .iter()
            .filter_map(|b| chart.rg(&b.rg))
            .collect()
    }

    /// Prices and checks one purchase, after the `earlier` ones of the same
    /// batch (12.621); a refusal names its rule.
    pub fn quote(&self, p: &Purchase, earlier: &[Quote]) -> Result<Quote, Refusal> {
        let rg = self.chart().rg(&p.rg).ok_or_else(|| {
            let chart = self.chart();
            Refusal::UnknownRg {
                rg: p.rg.clone(),
                chart: chart.title.clone(),
                ids: chart.rgs.iter().map(|r| r.id.clone()).collect(),
            }
        })?;
        self.check_initial_ssr(rg)?;
        self.check_options(p, rg)?;
        let slot = self.take_slot(p, rg, earlier)?;
        self.check_limits(rg, earlier)?;
        let price = self.price(p, rg, earlier);
        let paid = self.pay(p, rg, &price, earlier)?;
        Ok(Quote {
            rg: rg.clone(),
            purchase: p.clone(),
            cost: price.cost,
            breakdown: price.breakdown,
            from_support: paid.from_support,
            from_cpp: paid.from_cpp,
            code: slot.code,
            on_board: price.on_board,
            purchased_so_far: slot.taken + 1,
            remaining: slot.total - (slot.taken + 1),
        })
    }
}

#[cfg(test)]
mod tests;
