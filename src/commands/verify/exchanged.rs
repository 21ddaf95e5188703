//! `votg verify` and `votg audit` on a campaign played on two machines
//! (DESIGN §9): a side's own step is run again with the dice its seed and
//! the nonces it recorded give; the steps whose secrets the folder does not
//! hold are taken as recorded.

use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;
use std::rc::Rc;

use crate::model::event::{Private, StepRef};
use crate::model::fold::Events;
use crate::model::ledger::Ledger;
use crate::model::seed::Seed;
use crate::model::side::Side;
use crate::rules::prompt::Prompter;
use crate::rules::reph::exchange_dice::{ExchangeDice, Mode};
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

/// The dice of a step run again, and the count of its answers they read.
pub type Given = (CampaignDice, Rc<Cell<usize>>);

/// The dice to run `step` again with, where it is a side's own step whose
/// key and part are here.
pub(super) fn dice_for(
    events: &Events,
    step: &StepRef,
    parts: &[Option<&Private>; 2],
    keys: &Keys,
) -> Option<Given> {
    let side = match step {
        StepRef::Own { side, .. } | StepRef::Buy { side, .. } => *side,
        _ => return None,
    };
    let seed = keys.0.get(&side)?;
    let Some(Private::Part { epochs, .. }) = parts[side as usize] else {
        return None;
    };
    let l = Ledger::new(events, side);
    let epochs = epochs
        .iter()
        .map(|e| (*e, l.nonce_of(e.pass).unwrap_or_default().to_string()))
        .collect();
    let answered = Rc::new(Cell::new(0));
    let mut dice = ExchangeDice::new(side, *seed, answered.clone());
    dice.begin(Mode::Own, epochs, false, None);
    Some((CampaignDice::exchanged(dice), answered))
}

/// Counts the answers the step is given again, for the dice.
pub(super) fn count_answers(prompter: &mut Prompter, answered: Rc<Cell<usize>>) {
    prompter.keep_drafts(Rc::new(RefCell::new(
        move |_: &crate::rules::answered::Answered| {
            answered.set(answered.get() + 1);
            Ok(())
        },
    )));
}
