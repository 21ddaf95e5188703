//! `votg audit` (docs/two-machines.md §9): the joint steps, scenario
//! records (12.6041) and halves of joint steps that the side who revealed
//! took part in, run again as his half ran them — on the campaign as his
//! half held it, with the answers he gave and the dice both sides' public
//! nonces and his seed give — and his part of each (his facts and rows,
//! and the public ones of a step he performed) compared with the rules'.

use std::collections::HashMap;

use super::exchanged::{self, Keys};
use super::{Replay, differs::differs, rerun};
use crate::model::campaign::Campaign;
use crate::model::event::{Public, PublicKind, StepRef};
use crate::model::facts::Fact;
use crate::model::fold::Events;
use crate::model::ledger::Ledger;
use crate::model::row::LoggedRow;
use crate::model::side::Side;
use crate::model::state::CampaignState;
use crate::rules::answers::Answers;
use crate::rules::cg_def::CgDef;
use crate::rules::tables::Tables;

/// What a joint step is run again with.
pub(super) struct Joint<'a> {
    pub events: &'a Events,
    pub keys: &'a Keys,
    pub tables: &'a Tables,
    /// The campaign as it stood before each joint step and record (a
    /// side's half of one runs from there, as `refit` on his half does).
    pub campaigns: HashMap<u64, Campaign>,
}

/// One step's record: its event, its rows and facts (public and parts).
pub(super) struct Recorded<'a, 'b> {
    pub e: &'a Public,
    pub step: &'a StepRef,
    pub rows: &'a [&'b LoggedRow],
    pub facts: &'a [&'b Fact],
}

impl Joint<'_> {
    /// Before each joint step and record: the campaign, for the halves of
    /// it run later.
    pub fn note(&mut self, n: u64, step: &StepRef, before: &CampaignState) {
        if matches!(step, StepRef::Joint { .. } | StepRef::Record { .. }) {
            self.campaigns.insert(n, before.campaign.clone());
        }
    }

    /// `None` where the step is none that a side whose key is here took
    /// part in; else how his part of it differs from what the rules give
    /// (`Ok(None)`: it does not), or why it cannot be run again.
    pub fn differs(
        &self,
        r: &Recorded<'_, '_>,
        before: &mut CampaignState,
        (record, mut how): (&Answers, Replay),
        def: &CgDef,
    ) -> Option<Result<Option<String>, String>> {
        let mut own = self.state_of(r, before);
        // 12.606-12.607: his half ran them on both isolation reports, the
        // other side's reported counters standing in that side's force.
        let ran = match (r.step, &r.e.kind) {
            (StepRef::Half { side, .. }, _) => Some(*side),
            (_, PublicKind::Step { two: Some(t), .. }) => Some(t.by),
            _ => None,
        };
        if let Some(side) = ran {
            how.half = Some(crate::commands::exchange::told::for_step(
                self.events,
                r.step,
                side,
                r.e.n,
            ));
            match crate::commands::exchange::isolation::for_step(self.events, r.e.n, r.step, side) {
                Ok(Some(reported)) => {
                    let state = own.get_or_insert_with(|| before.clone());
                    how.reported = Some(reported.dress(state));
                }
                Ok(None) => {}
                Err(e) => return Some(Err(e.to_string())),
            }
        }
        // His `12.617 removal`: the fortifications the other side's DRs
        // Eliminated, as his half took them out.
        match crate::commands::exchange::isolation::removed_in(self.events, r.step, r.e.n) {
            Ok(ids) => how.removed = ids,
            Err(e) => return Some(Err(e.to_string())),
        }
        let state = own.as_mut().unwrap_or(before);
        let day = state.campaign.cg_day();
        let (given, part) =
            match exchanged::joint_dice_for(self.events, r.step, r.e.n, day, self.keys)? {
                Ok(found) => found,
                Err(why) => return Some(Err(why)),
            };
        if let StepRef::Half { side, of, .. } = r.step {
            how.first = crate::commands::exchange::track::offered(self.events, *side, *of, r.e.n);
        }
        let again = rerun(
            state,
            r.step,
            how,
            r.rows,
            record,
            (None, Some(given)),
            self.tables,
            def,
        );
        if let (Ok((_, told)), PublicKind::Step { two: Some(t), .. }) = (&again, &r.e.kind)
            && *told != *t.told
        {
            return Some(Ok(Some(format!(
                "what it did to the other side's counters differs: recorded {}, the rules give {}",
                said(&t.told),
                said(told)
            ))));
        }
        let again = again.map(|(state, _)| state);
        Some(Ok(differs(state, &again, r.facts, r.rows, true, part)))
    }

    /// The campaign his half ran the step from, where it is not `before`:
    /// his half of a joint step (event `of`) runs from the campaign as it
    /// stood before `of` (as `refit` on a half does); at 12.6252 the other
    /// side's Initiative chit is the one he unsealed.
    fn state_of(&self, r: &Recorded<'_, '_>, before: &CampaignState) -> Option<CampaignState> {
        let PublicKind::Step { two: Some(two), .. } = &r.e.kind else {
            return None;
        };
        let (of, step) = match r.step {
            StepRef::Half { of, step, .. } => (Some(*of), step),
            StepRef::Joint { step } if step == "12.6252" => (None, step),
            _ => return None,
        };
        let mut b = before.clone();
        if let Some(c) = of.and_then(|of| self.campaigns.get(&of)) {
            b.campaign = c.clone();
        }
        let other = two.by.other();
        if step == "12.6252"
            && let Some(chit) = self.unsealed_before(other, r.e.n)
        {
            b.line_mut(other).initiative = Some(chit.to_string());
        }
        Some(b)
    }

    /// The Initiative chit `side` last sealed before event `n`, as he
    /// unsealed it (12.6252).
    fn unsealed_before(&self, side: Side, n: u64) -> Option<&str> {
        let undone = self.events.undone();
        let sealed = self.events.public[..n as usize - 1]
            .iter()
            .rev()
            .find(|e| match &e.kind {
                PublicKind::Step {
                    step, two: Some(t), ..
                } => step.side() == Some(side) && t.sealed.is_some() && !undone.contains(&e.n),
                _ => false,
            })?;
        Ledger::new(self.events, side).unsealed(side, sealed.n)
    }
}

/// What a step did to the other side's counters, as `[R-12 Eliminated by
/// G-3]` (prisoners), `captured [R-50 T-34 M41]`, `platoons [[R-50, R-51]]`.
fn said(t: &crate::model::exchange::Told) -> String {
    let mut parts = Vec::new();
    let fates: Vec<String> = t
        .prisoners
        .iter()
        .map(|g| format!("{} {:?} by {}", g.prisoner, g.fate, g.guard))
        .collect();
    if !fates.is_empty() || t.captured.is_empty() && t.platoons.is_empty() {
        parts.push(format!("[{}]", fates.join(", ")));
    }
    if !t.captured.is_empty() {
        let each: Vec<String> = t
            .captured
            .iter()
            .map(|c| format!("{} {}", c.from, c.unit))
            .collect();
        parts.push(format!("captured [{}]", each.join(", ")));
    }
    if !t.platoons.is_empty() {
        parts.push(format!(
            "platoons {:?}",
            t.platoons
                .iter()
                .map(|p| p.iter().map(ToString::to_string).collect::<Vec<_>>())
                .collect::<Vec<_>>()
        ));
    }
    parts.join(" ")
}
