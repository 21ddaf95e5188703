//! How far a replay (`votg verify`) goes: the campaign on disk.

use crate::reph::purchase_step;
use crate::reph::sequence::StepId;
use crate::side::Side;
use crate::state::CampaignState;

/// Where a replay stops: each side's standing in the campaign on disk, on
/// its occasion, scenario and CG Day; its journal also says which side's
/// rows come next (the order the sides were walked in) and where a
/// `votg buy` was made.
pub(crate) struct Goal<'a> {
    pub state: &'a CampaignState,
}

impl Goal<'_> {
    pub(crate) fn reached(&self, now: &CampaignState, side: Side) -> bool {
        let (a, b) = (&now.campaign, &self.state.campaign);
        self.buy_next(now).is_some_and(|(s, _)| s == side)
            || a.step.of(side) == b.step.of(side)
                && a.occasion == b.occasion
                && a.scenario == b.scenario
                && a.cg_day() == b.cg_day()
    }

    /// The purchases of a `votg buy` the journal on disk shows next, if
    /// its side stands at 12.621: the replay makes them before walking on.
    pub(crate) fn buy_next(&self, now: &CampaignState) -> Option<(Side, Vec<String>)> {
        let r = self.state.journal.get(now.journal.len())?;
        let side: Side = r.side.parse().ok()?;
        let at = now.campaign.step.of(side).step().map(StepId::as_str);
        if r.kind != crate::journal::Kind::Answer
            || r.answer_id != format!("{}.buy", side.id())
            || !r.what.ends_with(": votg buy")
            || at != Some(purchase_step::STEP)
        {
            return None;
        }
        let items = r.answer_value()?;
        let items = items
            .as_array()?
            .iter()
            .map(|v| v.as_str().map(str::to_string))
            .collect::<Option<Vec<_>>>()?;
        Some((side, items))
    }

    /// The sides in the order the journal on disk shows next: the side of
    /// its first row the replay has not made yet goes first.
    pub(crate) fn order(&self, now: &CampaignState, sides: &[Side]) -> Vec<Side> {
        let next = self
            .state
            .journal
            .get(now.journal.len())
            .and_then(|r| r.side.parse::<Side>().ok());
        let mut out = sides.to_vec();
        if let Some(first) = next {
            out.sort_by_key(|&s| s != first);
        }
        out
    }
}
