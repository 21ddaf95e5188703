//! `votg verify` and `votg audit` on a campaign played on two machines
//! (DESIGN §9): a side's own step is run again with the dice its seed gives
//! with the nonce the rules of the exchange say it had to use (the first
//! the other side sent after every answer before the roll was committed);
//! the steps whose secrets the folder does not hold are taken as recorded.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;

use crate::commands::exchange::track;
use crate::model::event::StepRef;
use crate::model::fold::Events;
use crate::model::ledger::Ledger;
use crate::model::seed::Seed;
use crate::model::side::Side;
use crate::model::state::CampaignState;
use crate::rules::answered::DraftSink;
use crate::rules::reph::exchange_dice::{ExchangeDice, Mode, Track};
use crate::rules::reph::session::CampaignDice;
use crate::store::Opened;

/// The sides' keys a check can draw two-machine dice with: this half's, or
/// both (the halves joined, or the other's revealed for `audit`).
#[derive(Debug, Clone, Default)]
pub struct Keys(pub BTreeMap<Side, Seed>);

impl Keys {
    pub fn of(opened: &Opened) -> Keys {
        let mut keys = BTreeMap::new();
        for side in Side::BOTH {
            if let Some(k) = opened.key(side) {
                keys.insert(side, k);
            }
        }
        Keys(keys)
    }
}

/// The dice of a step run again, and the sink that tells them what
/// committed each answer.
pub type Given = (CampaignDice, DraftSink);

/// The dice to run `step` (public event `n`, done on `before`) again with,
/// where it is a side's own step whose key is here.
pub(super) fn dice_for(
    events: &Events,
    step: &StepRef,
    n: u64,
    before: &CampaignState,
    keys: &Keys,
) -> Option<Result<Given, String>> {
    let side = match step {
        StepRef::Own { side, .. } | StepRef::Buy { side, .. } => *side,
        _ => return None,
    };
    let seed = keys.0.get(&side)?;
    let l = Ledger::new(events, side);
    let reph = l.reph(n);
    let setup = match track::setup(&l, step, &reph, before.campaign.cg_day(), n) {
        Ok(s) => s,
        Err(e) => return Some(Err(e.to_string())),
    };
    let t = Rc::new(RefCell::new(Track::default()));
    let mut dice = ExchangeDice::new(side, *seed, t.clone());
    dice.begin(Mode::Own, l.committed_before(n), l.nonces(n), None);
    dice.pin(l.pinned(n));
    let sink = track::sink(t, Rc::new(RefCell::new(setup)), None);
    Some(Ok((CampaignDice::exchanged(dice), sink)))
}
