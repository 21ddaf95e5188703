//! The campaign in memory: the public record, each side's CG Roster, RG
//! Purchase Record and Force Organizer, and the journal (DESIGN §3): the
//! fold of the campaign's events (`model::fold`).

use std::collections::BTreeMap;

use crate::model::campaign::Campaign;
use crate::model::force::Force;
use crate::model::journal::JournalRow;
use crate::model::purchase_record::PurchaseRow;
use crate::model::roster::Roster;
use crate::model::side::Side;

/// Files by their path in the campaign folder.
pub type Files = BTreeMap<String, Vec<u8>>;

/// The rosters' schema.
pub const SCHEMA: u32 = 1;

/// `campaign.toml`'s schema. 2: the dice seeds left it for each side's
/// `dice.toml`. 3: the campaign is its logs and `campaign.toml` a view of
/// them; dice are drawn per label, so no stream position is kept.
pub const CAMPAIGN_SCHEMA: u32 = 3;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SideFiles {
    pub roster: Roster,
    pub purchases: std::sync::Arc<Vec<PurchaseRow>>,
    pub force: Force,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CampaignState {
    pub campaign: Campaign,
    pub german: SideFiles,
    pub russian: SideFiles,
    pub journal: Vec<JournalRow>,
}

impl CampaignState {
    /// A copy of everything but the journal's rows (which only grow, and
    /// are the bulk of a long campaign): for checking facts, which never
    /// touch the journal.
    pub fn without_journal(&self) -> CampaignState {
        CampaignState {
            campaign: self.campaign.clone(),
            german: self.german.clone(),
            russian: self.russian.clone(),
            journal: Vec::new(),
        }
    }

    /// The side's current CG Roster line (validation guarantees one).
    pub fn line(&self, side: Side) -> &crate::model::roster::RosterLine {
        self.side(side)
            .roster
            .current()
            .expect("validated: a roster has a line")
    }

    pub fn line_mut(&mut self, side: Side) -> &mut crate::model::roster::RosterLine {
        self.side_mut(side)
            .roster
            .current_mut()
            .expect("validated: a roster has a line")
    }

    pub fn side(&self, side: Side) -> &SideFiles {
        match side {
            Side::German => &self.german,
            Side::Russian => &self.russian,
        }
    }

    pub fn side_mut(&mut self, side: Side) -> &mut SideFiles {
        match side {
            Side::German => &mut self.german,
            Side::Russian => &mut self.russian,
        }
    }
}
