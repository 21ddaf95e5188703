//! Every check a campaign's parts must pass, each file's own and those
//! across files: what a hand edit recorded with `votg adjust` and an import
//! must hold to.

use crate::error::Error;
use crate::error::data;
use crate::model::side::Side;
use crate::model::state::CampaignState;
use crate::rules::tables::Tables;

mod purchase_check;
use purchase_check::check_purchases;

impl CampaignState {
    /// Every check a campaign's parts must pass: each file's own and those
    /// across files (a hand edit recorded with `votg adjust`, an import).
    pub fn check(&self, tables: &Tables) -> Result<(), Error> {
        self.campaign
            .validate()
            .map_err(|e| data("campaign.toml", e))?;
        for side in Side::BOTH {
            let s = self.side(side);
            s.roster
                .validate(side)
                .map_err(|e| data(&format!("{side}/roster.toml"), e))?;
            let chart = match side {
                Side::German => &tables.german_rg,
                Side::Russian => &tables.russian_rg,
            };
            check_purchases(
                &format!("{side}/purchases.csv"),
                &s.purchases,
                chart,
                &self.campaign,
            )?;
            s.force
                .validate(side, s.purchases.len())
                .map_err(|e| data(&format!("{side}/force.toml"), e))?;
        }
        let def = crate::rules::cg_def::load(tables, self.campaign.cg)?;
        crate::rules::consistency::check(self, &def)
    }
}
