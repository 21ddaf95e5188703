//! The dice of a campaign played on two machines (DESIGN §9,
//! docs/two-machines.md §5). A side's own rolls: HMAC-SHA256(its seed,
//! nonce ‖ label), where the nonce is the one the other side sent in the
//! first `pass` after every answer the roll comes after was committed (in
//! a step, a pledge, or the side's standing answers). A roll after an
//! answer not yet committed, or whose nonce has not arrived, is refused
//! (`NeedsNonce`); a roll made later than it could have been gets no other
//! dice. A joint step's public rolls: HMAC-SHA256(the key of both sides'
//! public nonces, label).

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use crate::error::Error;
use crate::model::exchange::{Epoch, own_label};
use crate::model::seed::Seed;
use crate::model::side::Side;
use crate::rules::dice::{DiceKind, Roll, Stream, parse_faces};
use crate::rules::labelled_dice::faces;

/// Whose step the rolls are in: the side's own (its seed and a nonce), or a
/// joint one (the public nonces of both).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Own,
    Joint,
}

/// The answers a step has been given so far, as the runner counts them.
#[derive(Debug, Clone, Default)]
pub struct Track {
    pub count: usize,
    /// The latest event that committed one of them (`u64::MAX`: one not
    /// committed yet).
    pub latest: u64,
    /// An answer that breaks a commitment, in words.
    pub broken: Option<String>,
}

/// Not committed yet: a roll after it waits for a nonce still to come.
pub const FRESH: u64 = u64::MAX;

/// One side's dice on its half of the campaign.
#[derive(Debug, Clone)]
pub struct ExchangeDice {
    pub me: Side,
    seed: Seed,
    track: Rc<RefCell<Track>>,
    mode: Mode,
    /// The latest event that committed an answer of an earlier step.
    before: u64,
    /// The other side's passes received: (event number, nonce), in order.
    nonces: Vec<(u64, String)>,
    /// The key of the joint step's public dice, once both nonces are known.
    public: Option<Seed>,
    /// The epochs the step's rolls were drawn with, in order, once each.
    used: Vec<Epoch>,
    /// The step made a public roll (with both sides' public nonces).
    public_used: bool,
    /// The dice of the side's rolls in steps taken back, by label: a roll
    /// of the same label is the same roll (docs/two-machines.md §10).
    pins: HashMap<String, Vec<u8>>,
}

impl ExchangeDice {
    pub fn new(me: Side, seed: Seed, track: Rc<RefCell<Track>>) -> ExchangeDice {
        ExchangeDice {
            me,
            seed,
            track,
            mode: Mode::Own,
            before: 0,
            nonces: Vec::new(),
            public: None,
            used: Vec::new(),
            public_used: false,
            pins: HashMap::new(),
        }
    }

    /// The dice drawn in the side's steps taken back (label → dice as the
    /// journal writes them): a roll of one of these labels keeps them.
    pub fn pin(&mut self, pinned: HashMap<String, String>) {
        self.pins = pinned
            .into_iter()
            .filter_map(|(label, dice)| Some((label, parse_faces(&dice, "log").ok()?)))
            .collect();
    }

    /// A step begins: whose it is, the latest commitment of the side's
    /// earlier answers, the nonces received, and a joint step's public key.
    pub fn begin(
        &mut self,
        mode: Mode,
        before: u64,
        nonces: Vec<(u64, String)>,
        public: Option<Seed>,
    ) {
        *self.track.borrow_mut() = Track::default();
        self.mode = mode;
        self.before = before;
        self.nonces = nonces;
        self.public = public;
        self.used.clear();
        self.public_used = false;
        self.pins.clear();
    }

    /// The epochs the step's rolls used so far.
    pub fn used(&self) -> &[Epoch] {
        &self.used
    }

    /// Whether the step made a public roll.
    pub fn public_used(&self) -> bool {
        self.public_used
    }

    /// An answer of the step that broke its commitment, in words.
    pub fn broken(&self) -> Option<String> {
        self.track.borrow().broken.clone()
    }

    /// The latest event that committed an answer of the step, if any.
    pub fn answered_at(&self) -> Option<u64> {
        let t = self.track.borrow();
        (t.count > 0).then_some(t.latest)
    }

    /// The faces of the roll labelled `label`.
    pub fn roll(&mut self, stream: Stream, kind: DiceKind, label: &str) -> Result<Roll, Error> {
        match (stream, self.mode) {
            (Stream::Public, Mode::Joint) => {
                // Both public nonces not known yet: the step waits for them
                // (the answers given so far are pledged first).
                let key = self.public.ok_or(Error::NeedsPublicNonce)?;
                // Whoever rolls knows both public nonces by now: an answer of
                // his given in this step, not committed before, could have
                // been chosen knowing these dice.
                if self.track.borrow().latest == FRESH {
                    return Err(Error::Refused(
                        "a public roll of this joint step comes after an answer given in it that was not committed before both public nonces were known; on two machines give this step's answers in your answers file (committed at the start of the Refit Phase)".into(),
                    ));
                }
                self.public_used = true;
                Ok(Roll::new(faces(key, label, kind.count())))
            }
            (Stream::Side(s), _) if s != self.me => Err(Error::Refused(format!(
                "a secret roll of the {} is made in this step, which only his half can make; votg does not carry this step out on two machines yet (docs/two-machines.md §8)",
                s.name()
            ))),
            _ => self.own(kind, label),
        }
    }

    /// One of the side's own rolls, with the first nonce that came after
    /// every answer before it was committed.
    fn own(&mut self, kind: DiceKind, label: &str) -> Result<Roll, Error> {
        let (count, latest) = {
            let t = self.track.borrow();
            if let Some(why) = &t.broken {
                return Err(Error::Refused(why.clone()));
            }
            (t.count, t.latest)
        };
        // A roll drawn before in a step taken back is the same roll: its
        // dice, whatever nonce came since (no re-roll by undoing).
        if let Some(faces) = self.pins.get(label).filter(|f| f.len() == kind.count()) {
            return Ok(Roll::new(faces.clone()));
        }
        let after = self.before.max(latest);
        if after == FRESH {
            return Err(Error::NeedsNonce);
        }
        let (pass, nonce) = self
            .nonces
            .iter()
            .find(|(n, _)| *n > after)
            .ok_or(Error::NeedsNonce)?;
        let epoch = Epoch {
            answers: count,
            pass: *pass,
        };
        if self.used.last().is_none_or(|e| e.pass != epoch.pass) {
            self.used.push(epoch);
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

    fn answer(track: &Rc<RefCell<Track>>, committed: u64) {
        let mut t = track.borrow_mut();
        t.count += 1;
        t.latest = t.latest.max(committed);
    }

    #[test]
    fn design_9_a_roll_takes_the_first_nonce_after_its_choices_were_committed() {
        let track = Rc::new(RefCell::new(Track::default()));
        let mut d = ExchangeDice::new(Side::German, Seed::from_number(3), track.clone());
        let nonces = vec![(5, "n5".to_string()), (9, "n9".to_string())];
        let g = Stream::Side(Side::German);
        // Choices committed at event 4: the nonce of pass 5, even in a later
        // turn (a player who waits a turn gets the same dice).
        d.begin(Mode::Own, 4, nonces.clone(), None);
        let first = d.roll(g, DiceKind::TwoDice, "a").unwrap();
        d.begin(Mode::Own, 4, nonces[..1].to_vec(), None);
        assert_eq!(d.roll(g, DiceKind::TwoDice, "a").unwrap(), first);
        // An answer pledged at event 6: the next roll needs pass 9's nonce,
        // and takes it once it has come.
        answer(&track, 6);
        assert!(matches!(
            d.roll(g, DiceKind::TwoDice, "b"),
            Err(Error::NeedsNonce)
        ));
        d.begin(Mode::Own, 4, nonces.clone(), None);
        d.roll(g, DiceKind::TwoDice, "a").unwrap();
        answer(&track, 6);
        d.roll(g, DiceKind::TwoDice, "b").unwrap();
        assert_eq!(
            d.used(),
            &[
                Epoch {
                    answers: 0,
                    pass: 5
                },
                Epoch {
                    answers: 1,
                    pass: 9
                }
            ]
        );
        // An answer not committed yet: the roll after it waits.
        answer(&track, FRESH);
        assert!(matches!(
            d.roll(g, DiceKind::OneDie, "c"),
            Err(Error::NeedsNonce)
        ));
        // Public dice of a joint step need both public nonces.
        d.begin(Mode::Joint, 4, nonces, None);
        assert!(matches!(
            d.roll(Stream::Public, DiceKind::OneDie, "d"),
            Err(Error::NeedsPublicNonce)
        ));
    }
}
