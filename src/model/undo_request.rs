//! Two machines (docs/two-machines.md §10): taking back steps the other side
//! has received needs his agreement. A side asks (`UndoRequest`, the steps
//! named), the other answers (`UndoAnswer`); an accepted request is followed
//! at once by the `Undone` events of its steps, in the answering side's
//! turn, so both public logs stay the same bytes. And the dice of a step
//! done again: a roll whose label was drawn in a step taken back keeps its
//! dice (the same roll), whatever nonce came since.

use std::collections::{BTreeSet, HashMap};

use super::event::{Private, PublicKind, StepRef};
use super::exchange::Exchange;
use super::journal::Kind;
use super::ledger::Ledger;
use super::side::Side;

/// An undo request not answered yet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UndoAsked {
    /// Its event.
    pub n: u64,
    /// Who asks.
    pub side: Side,
    /// The steps it takes back, newest first.
    pub steps: Vec<u64>,
}

impl<'a> Ledger<'a> {
    /// The undo request awaiting its answer, if any.
    pub fn undo_asked(&self) -> Option<UndoAsked> {
        let mut asked = None;
        for e in &self.events.public {
            match &e.kind {
                PublicKind::Exchange(Exchange::UndoRequest { side, steps }) => {
                    asked = Some(UndoAsked {
                        n: e.n,
                        side: *side,
                        steps: steps.clone(),
                    });
                }
                PublicKind::Exchange(Exchange::UndoAnswer { of, .. })
                    if asked.as_ref().is_some_and(|a| a.n == *of) =>
                {
                    asked = None;
                }
                _ => {}
            }
        }
        asked
    }

    /// The steps of the latest accepted request not yet taken back (its
    /// `Undone` events follow the acceptance in the same turn).
    pub fn undo_owed(&self) -> Vec<u64> {
        let mut owed: Vec<u64> = Vec::new();
        for e in &self.events.public {
            match &e.kind {
                PublicKind::Exchange(Exchange::UndoAnswer {
                    of, accept: true, ..
                }) => {
                    owed = match self.events.public.get(*of as usize - 1).map(|r| &r.kind) {
                        Some(PublicKind::Exchange(Exchange::UndoRequest { steps, .. })) => {
                            steps.clone()
                        }
                        _ => Vec::new(),
                    };
                }
                PublicKind::Undone { target } => owed.retain(|t| t != target),
                _ => {}
            }
        }
        owed
    }

    /// The event of the latest accepted undo request's answer (0: none).
    pub fn last_accepted_undo(&self) -> u64 {
        self.events
            .public
            .iter()
            .rev()
            .find(|e| {
                matches!(
                    e.kind,
                    PublicKind::Exchange(Exchange::UndoAnswer { accept: true, .. })
                )
            })
            .map_or(0, |e| e.n)
    }

    /// `me`'s standing pledges for the RePh `context` made before `upto`,
    /// oldest first: (event, answers as TOML). A later one (after an
    /// accepted undo) binds; an answer it repeats stays committed by the
    /// earliest that gave it.
    pub fn standings(&self, context: &str, upto: u64) -> Vec<(u64, &'a str)> {
        self.events
            .private(self.me)
            .iter()
            .filter_map(|(_, p)| match p {
                Private::Pledged {
                    of,
                    standing,
                    context: c,
                    ..
                } if !standing.is_empty() && c == context && *of < upto => {
                    Some((*of, standing.as_str()))
                }
                _ => None,
            })
            .collect()
    }

    /// The events taken back (and not restored) by events before `upto`.
    fn undone_before(&self, upto: u64) -> BTreeSet<u64> {
        let mut undone = BTreeSet::new();
        for e in self.events.public.iter().filter(|e| e.n < upto) {
            match e.kind {
                PublicKind::Undone { target } => {
                    undone.insert(target);
                }
                PublicKind::Redone { target } => {
                    undone.remove(&target);
                }
                _ => {}
            }
        }
        undone
    }

    /// The dice `me` drew in its own steps taken back before event `upto`,
    /// by label (the first drawing of each): a roll of the same label in
    /// the step done again is the same roll and keeps them
    /// (docs/two-machines.md §10).
    pub fn pinned(&self, upto: u64) -> HashMap<String, String> {
        let undone = self.undone_before(upto);
        let mut pins: HashMap<String, String> = HashMap::new();
        let mut keep = |label: &str, dice: &str| {
            if !label.is_empty() && !dice.is_empty() {
                pins.entry(label.to_string())
                    .or_insert_with(|| dice.to_string());
            }
        };
        for e in &self.events.public {
            if !undone.contains(&e.n) {
                continue;
            }
            let PublicKind::Step { step, rows, .. } = &e.kind else {
                continue;
            };
            // The public rolls of its own steps are its own too (a joint
            // step's public rolls are both sides', from public nonces).
            if matches!(step, StepRef::Own { side, .. } | StepRef::Buy { side, .. } if *side == self.me)
            {
                for r in rows.iter().filter(|r| r.kind == Kind::Roll) {
                    keep(&r.label, &r.dice);
                }
            }
            let part = self
                .events
                .private(self.me)
                .iter()
                .find(|(_, p)| p.of() == Some(e.n));
            if let Some((_, Private::Part { rows, .. })) = part {
                for r in rows.iter().filter(|r| r.kind == Kind::Roll) {
                    keep(&r.label, &r.dice);
                }
            }
        }
        pins
    }
}
