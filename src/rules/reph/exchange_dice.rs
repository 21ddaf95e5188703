//! The dice of a campaign played on two machines (DESIGN §9,
//! docs/two-machines.md §5). A side's own rolls: HMAC-SHA256(its seed,
//! nonce ‖ label), the nonce sent by the other side in the `pass` that began
//! the turn; a joint step's public rolls: HMAC-SHA256(key of both sides'
//! public nonces, label). A roll made after a choice given in the same turn
//! is refused (`NeedsNonce`): the choice must be committed before the nonce
//! that draws the roll arrives.

use std::cell::Cell;
use std::rc::Rc;

use crate::error::Error;
use crate::model::exchange::{Epoch, own_label};
use crate::model::seed::Seed;
use crate::model::side::Side;
use crate::rules::dice::{DiceKind, Roll, Stream};
use crate::rules::labelled_dice::faces;

/// Whose step the rolls are in: the side's own (its seed and a nonce), or a
/// joint one (the public nonces of both).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Own,
    Joint,
}

/// One side's dice on its half of the campaign.
#[derive(Debug, Clone)]
pub struct ExchangeDice {
    pub me: Side,
    seed: Seed,
    /// Answers the side has been given since the runner began counting (the
    /// prompter's answers, counted by the runner's sink).
    answered: Rc<Cell<usize>>,
    /// `answered` when the step began.
    base: usize,
    mode: Mode,
    /// The step's epochs (from its pledges), each with its nonce; the last
    /// is this turn's.
    epochs: Vec<(Epoch, String)>,
    /// The side gave an answer earlier in this turn: this turn's nonce
    /// draws none of its rolls.
    dirty: bool,
    /// The key of the joint step's public dice, once both nonces are known.
    public: Option<Seed>,
    /// The epochs the step's rolls were drawn with, in order, once each.
    used: Vec<Epoch>,
    /// The step made a public roll (with both sides' public nonces).
    public_used: bool,
}

impl ExchangeDice {
    pub fn new(me: Side, seed: Seed, answered: Rc<Cell<usize>>) -> ExchangeDice {
        ExchangeDice {
            me,
            seed,
            answered,
            base: 0,
            mode: Mode::Own,
            epochs: Vec::new(),
            dirty: false,
            public: None,
            used: Vec::new(),
            public_used: false,
        }
    }

    /// A step begins: whose it is, the nonces its rolls may use (the last
    /// being this turn's, for rolls after `epochs.last().answers` answers
    /// of it), whether the side answered earlier in this turn, and the
    /// public dice key of a joint step.
    pub fn begin(
        &mut self,
        mode: Mode,
        epochs: Vec<(Epoch, String)>,
        dirty: bool,
        public: Option<Seed>,
    ) {
        self.base = self.answered.get();
        self.mode = mode;
        self.epochs = epochs;
        self.dirty = dirty;
        self.public = public;
        self.used.clear();
        self.public_used = false;
    }

    /// Whether the step made a public roll.
    pub fn public_used(&self) -> bool {
        self.public_used
    }

    /// The epochs the step's rolls used so far.
    pub fn used(&self) -> &[Epoch] {
        &self.used
    }

    /// How many answers the step has been given so far.
    pub fn answers(&self) -> usize {
        self.answered.get() - self.base
    }

    /// The faces of the roll labelled `label`.
    pub fn roll(&mut self, stream: Stream, kind: DiceKind, label: &str) -> Result<Roll, Error> {
        match (stream, self.mode) {
            (Stream::Public, Mode::Joint) => {
                let key = self.public.ok_or(Error::NeedsPublicNonce)?;
                self.public_used = true;
                Ok(Roll::new(faces(key, label, kind.count())))
            }
            (Stream::Side(s), _) if s != self.me => Err(Error::Refused(format!(
                "a secret roll of the {} is made in this step, which only his half can make; votg does not carry this step out on two machines yet (docs/two-machines.md)",
                s.name()
            ))),
            _ => self.own(kind, label),
        }
    }

    /// One of the side's own rolls, with the nonce of its epoch.
    fn own(&mut self, kind: DiceKind, label: &str) -> Result<Roll, Error> {
        let c = self.answers();
        let last = self.epochs.len().checked_sub(1).ok_or(Error::NeedsNonce)?;
        let i = self
            .epochs
            .iter()
            .rposition(|(e, _)| e.answers <= c)
            .unwrap_or(0);
        // This turn's nonce draws a roll only if every answer before it was
        // committed before the nonce arrived.
        if i == last && (self.dirty || c > self.epochs[last].0.answers) {
            return Err(Error::NeedsNonce);
        }
        let (epoch, nonce) = &self.epochs[i];
        if self.used.last() != Some(epoch) {
            self.used.push(*epoch);
        }
        Ok(Roll::new(faces(
            self.seed,
            &own_label(nonce, label),
            kind.count(),
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dice(answered: &Rc<Cell<usize>>) -> ExchangeDice {
        ExchangeDice::new(Side::German, Seed::from_number(3), answered.clone())
    }

    fn epoch(answers: usize, pass: u64) -> (Epoch, String) {
        (Epoch { answers, pass }, format!("nonce{pass}"))
    }

    #[test]
    fn design_9_a_roll_after_a_choice_of_this_turn_waits_for_the_next_nonce() {
        let answered = Rc::new(Cell::new(0));
        let mut d = dice(&answered);
        d.begin(Mode::Own, vec![epoch(0, 5)], false, None);
        let first = d
            .roll(Stream::Side(Side::German), DiceKind::TwoDice, "a")
            .unwrap();
        answered.set(1);
        assert!(matches!(
            d.roll(Stream::Side(Side::German), DiceKind::TwoDice, "b"),
            Err(Error::NeedsNonce)
        ));
        // Next turn, the answer pledged: the first roll as it was, the next
        // with the new nonce.
        answered.set(0);
        d.begin(Mode::Own, vec![epoch(0, 5), epoch(1, 7)], false, None);
        assert_eq!(
            d.roll(Stream::Side(Side::German), DiceKind::TwoDice, "a")
                .unwrap(),
            first
        );
        answered.set(1);
        d.roll(Stream::Side(Side::German), DiceKind::TwoDice, "b")
            .unwrap();
        assert_eq!(
            d.used(),
            &[
                Epoch {
                    answers: 0,
                    pass: 5
                },
                Epoch {
                    answers: 1,
                    pass: 7
                }
            ]
        );
        // A side that answered earlier in the turn rolls nothing with it.
        d.begin(Mode::Own, vec![epoch(0, 9)], true, None);
        assert!(d.roll(Stream::Public, DiceKind::OneDie, "c").is_err());
        // Public dice of a joint step need both public nonces.
        d.begin(Mode::Joint, vec![], false, None);
        assert!(matches!(
            d.roll(Stream::Public, DiceKind::OneDie, "d"),
            Err(Error::NeedsPublicNonce)
        ));
    }
}
