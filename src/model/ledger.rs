//! Where a campaign played on two machines stands in its exchange (DESIGN
//! §9, docs/two-machines.md §2): whose turn it is, the nonces sent, what each
//! side pledged, which joint steps await a side's half, the public nonces
//! revealed. All of it read from the public log (and the side's own
//! private log); nothing is kept anywhere else.

use super::event::{Private, Public, PublicKind, StepRef};
use super::exchange::Exchange;
use super::fold::Events;
use super::side::Side;

/// The exchange as the logs of `me`'s half say it stands.
pub struct Ledger<'a> {
    pub events: &'a Events,
    pub me: Side,
}

impl<'a> Ledger<'a> {
    pub fn new(events: &'a Events, me: Side) -> Ledger<'a> {
        Ledger { events, me }
    }

    fn public(&self) -> &'a [Public] {
        &self.events.public
    }

    /// Each `pass`: (event number, side, nonce).
    pub fn passes(&self) -> Vec<(u64, Side, &'a str)> {
        self.public()
            .iter()
            .filter_map(|e| match &e.kind {
                PublicKind::Exchange(Exchange::Pass { side, nonce }) => {
                    Some((e.n, *side, nonce.as_str()))
                }
                _ => None,
            })
            .collect()
    }

    /// How many turns `side` has ended (its packets).
    pub fn passes_of(&self, side: Side) -> u64 {
        self.passes().iter().filter(|p| p.1 == side).count() as u64
    }

    /// The side that sat first (made the campaign).
    pub fn creator(&self) -> Option<Side> {
        self.public().iter().find_map(|e| match &e.kind {
            PublicKind::Exchange(Exchange::Seat { side, .. }) => Some(*side),
            _ => None,
        })
    }

    /// Whether `side` has taken its seat.
    pub fn seated(&self, side: Side) -> bool {
        self.seat(side).is_some()
    }

    /// `side`'s seat: (seed commitment, first public nonce commitment).
    pub fn seat(&self, side: Side) -> Option<(&'a str, &'a str)> {
        self.public().iter().find_map(|e| match &e.kind {
            PublicKind::Exchange(Exchange::Seat {
                side: s,
                seed,
                public,
            }) if *s == side => Some((seed.as_str(), public.as_str())),
            _ => None,
        })
    }

    /// Whose turn it is: the side that did not end the last turn.
    pub fn turn(&self) -> Option<Side> {
        match self.passes().last() {
            Some((_, side, _)) => Some(side.other()),
            None => self.creator(),
        }
    }

    /// The number of public events before the current turn (its events are
    /// those after it).
    pub fn turn_start(&self) -> u64 {
        self.passes().last().map_or(0, |p| p.0)
    }

    /// `me`'s part of event `n`.
    fn part(&self, n: u64) -> Option<&'a Private> {
        self.events
            .private(self.me)
            .iter()
            .map(|(_, p)| p)
            .find(|p| p.of() == Some(n))
    }

    /// The other side's passes before event `upto`: (event number, nonce),
    /// oldest first. Each draws the rolls of `me` whose choices were all
    /// committed before it (docs/two-machines.md §5).
    pub fn nonces(&self, upto: u64) -> Vec<(u64, String)> {
        self.passes()
            .into_iter()
            .filter(|p| p.1 != self.me && p.0 < upto)
            .map(|p| (p.0, p.2.to_string()))
            .collect()
    }

    /// The latest event before `upto` that committed an answer of `me`
    /// given in an earlier step (or its seat): no roll of `me` after it may
    /// use a nonce that came before it.
    pub fn committed_before(&self, upto: u64) -> u64 {
        let seat = self
            .public()
            .iter()
            .find(|e| {
                matches!(&e.kind, PublicKind::Exchange(Exchange::Seat { side, .. }) if *side == self.me)
            })
            .map_or(0, |e| e.n);
        let answered = self
            .events
            .private(self.me)
            .iter()
            .filter_map(|(_, p)| match p {
                Private::Part {
                    of, answered_at, ..
                } if *of < upto => *answered_at,
                _ => None,
            })
            .max()
            .unwrap_or(0);
        seat.max(answered)
    }

    /// The Refit Phase an event before `upto` belongs to, as standing pledges
    /// name it: from the campaign's creation, or from the record of the
    /// scenario it follows (Idle Days and a declared Counterattack included).
    pub fn reph(&self, upto: u64) -> String {
        format!("reph after event {}", self.reph_start(upto))
    }

    /// The event the Refit Phase of an event before `upto` begins after.
    pub fn reph_start(&self, upto: u64) -> u64 {
        let undone = self.events.undone();
        self.public()
            .iter()
            .rev()
            .filter(|e| e.n < upto && !undone.contains(&e.n))
            .filter(|e| {
                matches!(
                    &e.kind,
                    PublicKind::Step {
                        step: StepRef::Record { .. },
                        ..
                    }
                )
            })
            .map(|e| e.n)
            .next()
            .unwrap_or(0)
    }

    /// Whether `side` committed its answers file for the current Refit
    /// Phase (a standing pledge, said so in the public log, since the last
    /// accepted undo): then every answer it gives in it is bound, none fresh.
    pub fn bound(&self, side: Side) -> bool {
        // An accepted undo lets a side commit its answers again (docs
        // /two-machines.md §10): until it does, they bind nothing more.
        let start = self
            .reph_start(self.public().len() as u64 + 1)
            .max(self.last_accepted_undo());
        self.public().iter().any(|e| {
            e.n > start
                && matches!(&e.kind, PublicKind::Exchange(Exchange::Pledge { side: s, standing: true, .. }) if *s == side)
        })
    }

    /// `me`'s standing pledge for the RePh `context` made before `upto`:
    /// its event and its answers (TOML).
    pub fn standing(&self, context: &str, upto: u64) -> Option<(u64, &'a str)> {
        self.standings(context, upto).last().copied()
    }

    /// The answers `me` pledged for `step` (since it was last done, before
    /// `upto`), each with the event of the pledge that first committed it.
    pub fn pledged(&self, step: &StepRef, upto: u64) -> Vec<((String, toml::Value), u64)> {
        let mut found: Vec<((String, toml::Value), u64)> = Vec::new();
        for e in self.public().iter().filter(|e| e.n < upto) {
            match &e.kind {
                PublicKind::Exchange(Exchange::Pledge { side, step: s, .. })
                    if *side == self.me && s == step =>
                {
                    if let Some(Private::Pledged { answers, .. }) = self.part(e.n) {
                        for a in answers.iter().skip(found.len()) {
                            found.push((a.clone(), e.n));
                        }
                    }
                }
                PublicKind::Step { step: s, .. } if s == step => found.clear(),
                _ => {}
            }
        }
        found
    }

    /// Whether `me` pledged (in order) answers to `step` since it was last
    /// done, none perhaps.
    pub fn has_pledge(&self, step: &StepRef) -> bool {
        let mut found = false;
        for e in self.public() {
            match &e.kind {
                PublicKind::Exchange(Exchange::Pledge { side, step: s, .. })
                    if *side == self.me && s == step =>
                {
                    if let Some(Private::Pledged { standing, .. }) = self.part(e.n) {
                        found |= standing.is_empty();
                    }
                }
                PublicKind::Step { step: s, .. } if s == step => found = false,
                _ => {}
            }
        }
        found
    }

    /// Whether `side` pledged answers (not its standing ones) to `step`
    /// since it was last done: what the public log says of any side.
    pub fn pledged_since(&self, side: Side, step: &StepRef) -> bool {
        let mut found = false;
        for e in self.public() {
            match &e.kind {
                PublicKind::Exchange(Exchange::Pledge {
                    side: s,
                    step: st,
                    standing: false,
                    ..
                }) if *s == side && st == step => found = true,
                PublicKind::Step { step: st, .. } if st == step => found = false,
                _ => {}
            }
        }
        found
    }

    /// The joint steps the other side performed that `me` has not done its
    /// half of yet: (event number, step), oldest first.
    pub fn pending_halves(&self, side: Side) -> Vec<(u64, String)> {
        let undone = self.events.undone();
        let mut out: Vec<(u64, String)> = Vec::new();
        for e in self.public() {
            if undone.contains(&e.n) {
                continue;
            }
            if let PublicKind::Step { step, two, .. } = &e.kind {
                match step {
                    StepRef::Joint { step } if two.as_ref().is_some_and(|t| t.by != side) => {
                        out.push((e.n, step.clone()));
                    }
                    StepRef::Record { scenario } if two.as_ref().is_some_and(|t| t.by != side) => {
                        out.push((e.n, format!("record {scenario}")));
                    }
                    StepRef::Own { .. }
                        if two.as_ref().is_some_and(|t| {
                            t.by != side && t.eliminated.iter().any(|id| id.side == side)
                        }) =>
                    {
                        out.push((e.n, super::exchange::REMOVAL.to_string()));
                    }
                    StepRef::Half {
                        side: s,
                        of,
                        step: done,
                    } if *s == side => {
                        out.retain(|(n, name)| n != of || name != done);
                    }
                    _ => {}
                }
                // His step's fates of this side's counters as his
                // prisoners, and its weapons he captured by id.
                if let Some(t) = two.as_ref().filter(|t| t.by != side) {
                    let mine = t.told.to_side(side);
                    if !mine.prisoners.is_empty() {
                        out.push((e.n, super::exchange::PRISONERS.to_string()));
                    }
                    if !mine.captured.is_empty() {
                        out.push((e.n, super::exchange::CAPTURES.to_string()));
                    }
                }
            }
        }
        out
    }

    /// `side`'s public nonce `k`, if revealed.
    pub fn public_nonce(&self, side: Side, k: u64) -> Option<&'a str> {
        self.public().iter().find_map(|e| match &e.kind {
            PublicKind::Exchange(Exchange::PublicNonce {
                side: s,
                k: i,
                nonce,
                ..
            }) if *s == side && *i == k => Some(nonce.as_str()),
            _ => None,
        })
    }

    /// What `side`'s public nonce `k` was committed to: by its seat (k = 1)
    /// or by the reveal of nonce `k - 1`.
    pub fn public_commitment(&self, side: Side, k: u64) -> Option<&'a str> {
        if k == 1 {
            return self.seat(side).map(|s| s.1);
        }
        self.public().iter().find_map(|e| match &e.kind {
            PublicKind::Exchange(Exchange::PublicNonce {
                side: s,
                k: i,
                next,
                ..
            }) if *s == side && *i + 1 == k => Some(next.as_str()),
            _ => None,
        })
    }

    /// How many public nonces `side` has revealed.
    pub fn public_revealed(&self, side: Side) -> u64 {
        self.public()
            .iter()
            .filter(|e| {
                matches!(&e.kind, PublicKind::Exchange(Exchange::PublicNonce { side: s, .. }) if *s == side)
            })
            .count() as u64
    }

    /// `side`'s latest sealed value (its Initiative chit of 12.625): the
    /// event that sealed it, and the seal.
    pub fn sealed(&self, side: Side) -> Option<(u64, &'a str)> {
        let undone = self.events.undone();
        self.public().iter().rev().find_map(|e| match &e.kind {
            PublicKind::Step {
                step, two: Some(t), ..
            } if step.side() == Some(side) && !undone.contains(&e.n) => {
                t.sealed.as_deref().map(|s| (e.n, s))
            }
            _ => None,
        })
    }

    /// The pledge (not standing) by which `side` committed its answers to
    /// joint `step` in the Refit Phase of event `upto`, before `upto`: its
    /// isolation report of 12.606-12.607 on two machines.
    pub fn report_pledge(&self, side: Side, step: &StepRef, upto: u64) -> Option<u64> {
        let start = self.reph_start(upto).max(self.reports_reopened(upto));
        let undone = self.events.undone();
        self.public()
            .iter()
            .rev()
            .filter(|e| e.n < upto && e.n > start && !undone.contains(&e.n))
            .find_map(|e| match &e.kind {
                PublicKind::Exchange(Exchange::Pledge {
                    side: s,
                    step: st,
                    standing: false,
                    ..
                }) if *s == side && st == step => Some(e.n),
                _ => None,
            })
    }

    /// The latest undo accepted before `upto` that took back 12.606 or
    /// 12.607 (docs/two-machines.md §10): both sides report again after it.
    fn reports_reopened(&self, upto: u64) -> u64 {
        let public = self.public();
        let isolation = |n: &u64| {
            public
                .get((*n as usize).wrapping_sub(1))
                .is_some_and(|e| match &e.kind {
                    PublicKind::Step {
                        step: StepRef::Joint { step } | StepRef::Half { step, .. },
                        ..
                    } => step == "12.606" || step == "12.607",
                    _ => false,
                })
        };
        public
            .iter()
            .filter(|e| e.n < upto)
            .filter_map(|e| match &e.kind {
                PublicKind::Exchange(Exchange::UndoAnswer {
                    of, accept: true, ..
                }) => match &public.get((*of as usize).wrapping_sub(1))?.kind {
                    PublicKind::Exchange(Exchange::UndoRequest { steps, .. })
                        if steps.iter().any(isolation) =>
                    {
                        Some(e.n)
                    }
                    _ => None,
                },
                _ => None,
            })
            .max()
            .unwrap_or(0)
    }

    /// The value `side` unsealed for its seal of event `of`.
    pub fn unsealed(&self, side: Side, of: u64) -> Option<&'a str> {
        self.public().iter().find_map(|e| match &e.kind {
            PublicKind::Exchange(Exchange::Unsealed {
                side: s,
                of: o,
                value,
                ..
            }) if *s == side && *o == of => Some(value.as_str()),
            _ => None,
        })
    }

    /// The split of a campaign played at one keyboard until then (`votg
    /// split`): its event and the side that kept the folder. The events
    /// before it were played at one keyboard.
    pub fn split(&self) -> Option<(u64, Side)> {
        self.public().iter().find_map(|e| match &e.kind {
            PublicKind::Exchange(Exchange::Split { side, .. }) => Some((e.n, *side)),
            _ => None,
        })
    }

    /// Whether `side` conceded, or revealed its half.
    pub fn conceded(&self) -> Option<Side> {
        self.public().iter().find_map(|e| match &e.kind {
            PublicKind::Exchange(Exchange::Conceded { side }) => Some(*side),
            _ => None,
        })
    }

    /// `side`'s reveal: its seed and private log.
    pub fn revealed(&self, side: Side) -> Option<(&'a str, &'a [String])> {
        self.public().iter().find_map(|e| match &e.kind {
            PublicKind::Exchange(Exchange::Revealed { side: s, seed, log }) if *s == side => {
                Some((seed.as_str(), log.as_slice()))
            }
            _ => None,
        })
    }
}
