//! How far a replay (`votg verify`) goes: the campaign on disk.

use crate::campaign::Campaign;
use crate::journal::{JournalRow, Kind};
use crate::reph::purchase_step;
use crate::reph::sequence::StepId;
use crate::side::Side;
use crate::state::CampaignState;

/// Where a replay stops: each side's standing in the campaign on disk, on
/// its occasion, scenario and CG Day; its journal also says which side's
/// rows come next (the order the sides were walked in) and where a
/// `votg buy` was made.
pub(crate) struct Goal<'a> {
    /// The campaign on disk.
    pub campaign: &'a Campaign,
    /// Each row of its journal, as far as a replay asks about it.
    pub rows: Vec<RowGoal>,
}

/// A row of the journal on disk, as a replay asks about it: whose it is,
/// and the purchases of a `votg buy` it records.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct RowGoal {
    pub side: Option<Side>,
    pub buy: Option<Vec<String>>,
}

impl RowGoal {
    pub(crate) fn of(r: &JournalRow) -> RowGoal {
        let side: Option<Side> = r.side.parse().ok();
        RowGoal {
            side,
            buy: side.and_then(|s| bought(r, s)),
        }
    }
}

/// The purchases of a `votg buy` that `r`, a row of `side`'s, records.
fn bought(r: &JournalRow, side: Side) -> Option<Vec<String>> {
    if r.kind != Kind::Answer
        || r.answer_id.strip_suffix(".buy") != Some(side.id())
        || !r.what.ends_with(": votg buy")
    {
        return None;
    }
    r.answer_value()?
        .as_array()?
        .iter()
        .map(|v| v.as_str().map(str::to_string))
        .collect()
}

impl<'a> Goal<'a> {
    /// The goal of the campaign `disk`, whose journal is read whole.
    pub(crate) fn of(disk: &'a CampaignState) -> Goal<'a> {
        Goal {
            campaign: &disk.campaign,
            rows: disk.journal.iter().map(RowGoal::of).collect(),
        }
    }

    pub(crate) fn reached(&self, now: &CampaignState, side: Side) -> bool {
        let (a, b) = (&now.campaign, self.campaign);
        self.buy_next(now).is_some_and(|(s, _)| s == side)
            || a.step.of(side) == b.step.of(side)
                && a.occasion == b.occasion
                && a.scenario == b.scenario
                && a.cg_day() == b.cg_day()
    }

    /// The purchases of a `votg buy` the journal on disk shows next, if
    /// its side stands at 12.621: the replay makes them before walking on.
    pub(crate) fn buy_next(&self, now: &CampaignState) -> Option<(Side, Vec<String>)> {
        let r = self.rows.get(now.journal.len())?;
        let side = r.side?;
        let items = r.buy.as_ref()?;
        let at = now.campaign.step.of(side).step().map(StepId::as_str);
        (at == Some(purchase_step::STEP)).then(|| (side, items.clone()))
    }

    /// The sides in the order the journal on disk shows next: the side of
    /// its first row the replay has not made yet goes first.
    pub(crate) fn order(&self, now: &CampaignState, sides: &[Side]) -> Vec<Side> {
        let next = self.rows.get(now.journal.len()).and_then(|r| r.side);
        let mut out = sides.to_vec();
        if let Some(first) = next {
            out.sort_by_key(|&s| s != first);
        }
        out
    }
}
