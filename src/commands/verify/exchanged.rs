//! `votg verify` and `votg audit` on a campaign played on two machines
//! (DESIGN §9): a side's own step is run again with the dice its seed gives
//! with the nonce the rules of the exchange say it had to use (the first
//! the other side sent after every answer before the roll was committed);
//! the steps whose secrets the folder does not hold are taken as recorded.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;

use crate::commands::exchange::track;
use crate::model::event::{PublicKind, StepRef};
use crate::model::exchange;
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

/// Which of a joint step's facts and rows a side's part of it holds, so
/// that only those are compared when `audit` runs it again: the public
/// part and the performer's own (`Joint`), or a side's half of it (`Half`:
/// its own only). The other side's facts in that run are his, checked on
/// his half.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    /// A step whose every fact and row is compared.
    All,
    /// A joint step (or scenario record) `by` performed first.
    Joint { by: Side },
    /// `side`'s half of a joint step the other side performed.
    Half { side: Side },
}

impl Part {
    /// Whether a fact or row about `side` (`None`: public) is compared.
    pub fn keeps(self, side: Option<Side>) -> bool {
        match self {
            Part::All => true,
            Part::Joint { by } => side != Some(by.other()),
            Part::Half { side: s } => side == Some(s),
        }
    }

    /// The same, for a row's `side` column.
    pub fn keeps_row(self, side: &str) -> bool {
        self.keeps(side.parse().ok())
    }
}

/// `votg audit` (docs/two-machines.md §9): the dice to run again a joint
/// step, scenario record (12.6041) or half of one that a side whose key is
/// here took part in, as his half drew them (`refit` on a half: the public
/// dice from both sides' public nonces of the step, his own from his seed
/// and the first nonce after his answers), and which part of it is his.
pub(super) fn joint_dice_for(
    events: &Events,
    step: &StepRef,
    n: u64,
    day: crate::model::cg_day::CgDay,
    keys: &Keys,
) -> Option<Result<(Given, Part), String>> {
    let PublicKind::Step { two: Some(two), .. } = &events.public[n as usize - 1].kind else {
        return None;
    };
    let (side, part) = match step {
        StepRef::Joint { .. } | StepRef::Record { .. } => (two.by, Part::Joint { by: two.by }),
        StepRef::Half { side, .. } => (*side, Part::Half { side: *side }),
        _ => return None,
    };
    let seed = keys.0.get(&side)?;
    let l = Ledger::new(events, side);
    let setup = match track::setup(&l, step, &l.reph(n), day, n) {
        Ok(s) => s,
        Err(e) => return Some(Err(e.to_string())),
    };
    let key = match two.public {
        Some(k) => match (
            l.public_nonce(Side::German, k),
            l.public_nonce(Side::Russian, k),
        ) {
            (Some(g), Some(r)) => Some(exchange::public_key(g, r)),
            _ => {
                return Some(Err(format!(
                    "public nonces {k} of both sides are not in the log"
                )));
            }
        },
        None => None,
    };
    let t = Rc::new(RefCell::new(Track::default()));
    let mut dice = ExchangeDice::new(side, *seed, t.clone());
    dice.begin(Mode::Joint, l.committed_before(n), l.nonces(n), key);
    dice.pin(l.pinned(n));
    let sink = track::sink(t, Rc::new(RefCell::new(setup)), None);
    Some(Ok(((CampaignDice::exchanged(dice), sink), part)))
}

/// 12.606-12.607 (docs/two-machines.md §8): the isolation report a side
/// whose key is here unsealed in event `e`, checked against his force as it
/// stood then (`before`); `Some(how)` where it misdescribes it.
pub(super) fn misreported(
    events: &Events,
    e: &crate::model::event::Public,
    keys: &Keys,
    before: &CampaignState,
    tables: &crate::rules::tables::Tables,
) -> Option<String> {
    let PublicKind::Exchange(exchange::Exchange::Unsealed {
        side, of, value, ..
    }) = &e.kind
    else {
        return None;
    };
    if !keys.0.contains_key(side) {
        return None;
    }
    crate::commands::exchange::isolation::misreported(
        events,
        e.n,
        (*side, *of, value),
        before,
        tables,
    )
}

/// A side's own 12.617 on two machines (docs/two-machines.md §8): the
/// campaign it ran on, the other side's reported fortifications standing
/// in his force, and both reports' answers; `None` where the step read no
/// reports.
pub(super) fn removal(
    events: &Events,
    e: &crate::model::event::Public,
    step: &StepRef,
    before: &CampaignState,
) -> Option<
    Result<
        (
            CampaignState,
            crate::rules::reph::isolation_record::IsolationAnswers,
        ),
        String,
    >,
> {
    let StepRef::Own { side, .. } = step else {
        return None;
    };
    match crate::commands::exchange::isolation::for_step(events, e.n, step, *side) {
        Ok(Some(reported)) => {
            let mut dressed = before.clone();
            let answers = reported.dress(&mut dressed);
            Some(Ok((dressed, answers)))
        }
        Ok(None) => None,
        Err(err) => Some(Err(err.to_string())),
    }
}

/// Whether the other side's fortifications a 12.617 run again Eliminates
/// are those its event made public; `Some(how)` where they differ.
pub(super) fn removal_differs(
    e: &crate::model::event::Public,
    before: &CampaignState,
    again: &Result<CampaignState, String>,
) -> Option<String> {
    let (Ok(after), PublicKind::Step { two: Some(t), .. }) = (again, &e.kind) else {
        return None;
    };
    let facts = crate::model::facts::between(before, after);
    let derived = crate::commands::exchange::isolation::removed_of(&facts, t.by.other());
    (derived != t.eliminated).then(|| {
        let list = |v: &[crate::model::force::CounterId]| {
            v.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        };
        format!(
            "the {}'s fortifications it Eliminates: recorded [{}], the rules give [{}]",
            t.by.other().name(),
            list(&t.eliminated),
            list(&derived)
        )
    })
}
