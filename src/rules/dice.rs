//! Where dice come from: a seeded ChaCha generator, the player's own physical
//! dice typed in, or a list of faces (`--dice`, `--dice-file`).

use std::collections::VecDeque;
use std::io::{BufRead, IsTerminal};

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::error::Error;
use crate::model::side::Side;

pub use crate::model::roll::{DiceKind, Roll, parse_faces, parse_throw};
pub use crate::model::seed::{Seed, Seeds};

/// Where a command's dice come from, as the player chose (the global
/// `--dice-file`, `--manual-dice` and `--seed` flags); the rules code takes
/// this, never the command line itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DiceChoice {
    /// The campaign's own streams (DESIGN §3).
    Campaign,
    /// `--dice-file`: its text (read by the command) and its name.
    File {
        text: String,
        origin: String,
    },
    Manual,
    Seed(u64),
}

/// A supply of die faces. Every roll in votg goes through one of these, so a
/// seed, a dice file or the table's own dice give the same answers.
pub trait DiceSource {
    /// One roll of `kind` for `purpose` (shown to a player who rolls by hand).
    fn roll(&mut self, kind: DiceKind, purpose: &str) -> Result<Roll, Error>;
}

/// Which stream a roll comes from (DESIGN §3–§4): a side's secret rolls from
/// that side's own, everything both sides see from the public one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stream {
    Public,
    Side(Side),
}

/// More faces than any campaign draws; a larger `used` in a campaign file is
/// damage, refused on load.
pub const MAX_USED: u64 = 1 << 48;

/// A ChaCha8 stream of die faces. Face `n` comes from ChaCha stream number
/// `n` under the key, so resuming after `used` faces costs nothing however
/// large `used` is, and the same key and position always give the same face
/// (undo then redo rolls the same dice).
pub struct SeededDice {
    rng: ChaCha8Rng,
    pub used: u64,
}

impl SeededDice {
    /// The stream `--seed N` gives outside a campaign (`votg table roll`).
    pub fn new(seed: u64) -> Self {
        SeededDice::resume(Seed::from_number(seed), 0)
    }

    /// The stream of `key`, positioned after `used` faces have been drawn.
    pub fn resume(key: Seed, used: u64) -> Self {
        SeededDice {
            rng: ChaCha8Rng::from_seed(key.bytes()),
            used,
        }
    }

    /// A seed from the operating system, for rolls outside a campaign.
    pub fn fresh_seed() -> u64 {
        rand::random()
    }

    fn face(&mut self) -> u8 {
        self.rng.set_stream(self.used);
        self.rng.set_word_pos(0);
        // `used` is at most MAX_USED plus one command's draws: no overflow.
        self.used += 1;
        self.rng.random_range(1..=6)
    }
}

impl DiceSource for SeededDice {
    fn roll(&mut self, kind: DiceKind, _purpose: &str) -> Result<Roll, Error> {
        Ok(Roll::new((0..kind.count()).map(|_| self.face()).collect()))
    }
}

/// Faces given in advance: `--dice 3,4` or a `--dice-file`, consumed in order,
/// one face per dr and two per DR.
pub struct ListedDice {
    faces: VecDeque<u8>,
    origin: String,
    used: usize,
}

impl ListedDice {
    pub fn new(faces: Vec<u8>, origin: impl Into<String>) -> Self {
        ListedDice {
            faces: faces.into(),
            origin: origin.into(),
            used: 0,
        }
    }

    /// The faces of a dice file's `text`; `origin` names it in messages.
    pub fn from_text(text: &str, origin: &str) -> Result<Self, Error> {
        Ok(ListedDice::new(parse_faces(text, origin)?, origin))
    }

    pub fn remaining(&self) -> usize {
        self.faces.len()
    }
}

impl DiceSource for ListedDice {
    fn roll(&mut self, kind: DiceKind, purpose: &str) -> Result<Roll, Error> {
        if self.faces.len() < kind.count() {
            return Err(Error::DiceExhausted {
                origin: self.origin.clone(),
                used: self.used,
                purpose: format!("{kind} for {purpose}"),
            });
        }
        self.used += kind.count();
        Ok(Roll::new(self.faces.drain(..kind.count()).collect()))
    }
}

/// Physical dice: the player throws them at the table and types the faces.
/// On a terminal it asks with dialoguer; otherwise it reads one line per roll
/// from standard input, so it can be scripted.
pub struct ManualDice;

impl DiceSource for ManualDice {
    fn roll(&mut self, kind: DiceKind, purpose: &str) -> Result<Roll, Error> {
        let prompt = format!(
            "Roll {kind} for {purpose}: type {} (1-6)",
            match kind {
                DiceKind::OneDie => "the die",
                DiceKind::TwoDice => "both dice, e.g. 3 4 or 34",
            }
        );
        let expected = match kind {
            DiceKind::OneDie => "type one die face, 1 to 6, e.g. `3`".to_string(),
            DiceKind::TwoDice => "type two die faces, each 1 to 6, e.g. `3 4` or `34`".to_string(),
        };
        let check = |text: &str| -> Result<Vec<u8>, String> {
            let faces = parse_throw(text, "the keyboard", &[kind.count()])
                .map_err(|e| format!("{e} For this {kind}, {expected}"))?;
            if faces.len() == kind.count() {
                Ok(faces)
            } else {
                Err(format!(
                    "a {kind} needs {} die face(s), got {}: {expected}",
                    kind.count(),
                    faces.len()
                ))
            }
        };
        if std::io::stdin().is_terminal() {
            let text: String = dialoguer::Input::with_theme(&crate::rules::prompt_theme::FITTED)
                .with_prompt(prompt)
                .validate_with(|t: &String| check(t).map(|_| ()))
                .interact_text()
                .map_err(crate::error::terminal)?;
            return Ok(Roll::new(check(&text).map_err(Error::ManualDice)?));
        }
        eprintln!("{prompt}");
        let mut line = String::new();
        let read = std::io::stdin()
            .lock()
            .read_line(&mut line)
            .map_err(|e| Error::Terminal(e.to_string()))?;
        if read == 0 {
            return Err(Error::ManualDice(format!(
                "standard input ended before the {kind} for {purpose}"
            )));
        }
        Ok(Roll::new(check(&line).map_err(Error::ManualDice)?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seed_replays_exactly() {
        let mut a = SeededDice::new(42);
        let mut b = SeededDice::new(42);
        let ra: Vec<_> = (0..50)
            .map(|_| a.roll(DiceKind::TwoDice, "t").unwrap())
            .collect();
        let rb: Vec<_> = (0..50)
            .map(|_| b.roll(DiceKind::TwoDice, "t").unwrap())
            .collect();
        assert_eq!(ra, rb);
        assert!(
            ra.iter()
                .all(|r| r.dice.iter().all(|&d| (1..=6).contains(&d)))
        );
    }

    #[test]
    fn a_resumed_stream_continues_where_it_stopped() {
        let mut a = SeededDice::new(7);
        a.roll(DiceKind::TwoDice, "t").unwrap();
        a.roll(DiceKind::OneDie, "t").unwrap();
        let mut b = SeededDice::resume(Seed::from_number(7), a.used);
        assert_eq!(
            a.roll(DiceKind::TwoDice, "t").unwrap(),
            b.roll(DiceKind::TwoDice, "t").unwrap()
        );
    }

    #[test]
    fn design_4_resuming_far_into_a_stream_is_immediate() {
        // Face n is read from its own position, so a huge `used`
        // is no loop. Two resumes at the same place agree.
        let key = Seed::from_number(3);
        let mut a = SeededDice::resume(key, MAX_USED);
        let mut b = SeededDice::resume(key, MAX_USED);
        assert_eq!(
            a.roll(DiceKind::TwoDice, "t").unwrap(),
            b.roll(DiceKind::TwoDice, "t").unwrap()
        );
        assert_eq!(a.used, MAX_USED + 2);
    }

    #[test]
    fn design_3_each_side_and_the_public_stream_differ() {
        let seeds = Seeds::from_number(1942);
        let faces = |key: Seed| {
            let mut d = SeededDice::resume(key, 0);
            (0..20)
                .map(|_| d.roll(DiceKind::OneDie, "t").unwrap().dice[0])
                .collect::<Vec<_>>()
        };
        let g = faces(seeds.german);
        let r = faces(seeds.russian);
        let p = faces(seeds.public());
        let n = faces(Seed::from_number(1942));
        assert_ne!(g, r);
        assert_ne!(g, p);
        assert_ne!(r, p);
        assert_ne!(g, n, "`table roll --seed N` is not the German stream");
        assert_eq!(Seeds::from_number(1942), seeds);
        assert_ne!(Seeds::from_number(1943), seeds);
        // The public key needs both sides' keys.
        let other = Seeds {
            german: seeds.german,
            russian: Seed::from_number(5),
        };
        assert_ne!(other.public(), seeds.public());
        // Even one key for both sides gives a public key of its own.
        let same = Seeds {
            german: seeds.german,
            russian: seeds.german,
        };
        assert_ne!(same.public(), same.german);
    }

    #[test]
    fn seeded_faces_cover_one_to_six() {
        let mut a = SeededDice::new(1);
        let mut seen = [false; 6];
        for _ in 0..200 {
            seen[a.roll(DiceKind::OneDie, "t").unwrap().dice[0] as usize - 1] = true;
        }
        assert!(seen.iter().all(|&s| s));
    }

    #[test]
    fn listed_dice_are_consumed_in_order_and_run_out_cleanly() {
        let mut d = ListedDice::new(vec![3, 4, 6], "test");
        assert_eq!(d.roll(DiceKind::TwoDice, "t").unwrap().original(), 7);
        assert_eq!(d.roll(DiceKind::OneDie, "t").unwrap().dice, vec![6]);
        assert!(matches!(
            d.roll(DiceKind::OneDie, "t"),
            Err(Error::DiceExhausted { .. })
        ));
    }

    #[test]
    fn faces_must_be_one_to_six() {
        assert_eq!(parse_faces("3, 4\n6", "x").unwrap(), vec![3, 4, 6]);
        assert_eq!(
            parse_faces("3 4  # strength DR\n# a note\n6", "x").unwrap(),
            vec![3, 4, 6]
        );

        assert!(parse_faces("0", "x").is_err());
    }

    #[test]
    fn two_dice_typed_together() {
        assert_eq!(parse_throw("34", "x", &[2]).unwrap(), vec![3, 4]);
        assert_eq!(parse_throw("3 4", "x", &[2]).unwrap(), vec![3, 4]);
        assert_eq!(parse_throw("3,4", "x", &[2]).unwrap(), vec![3, 4]);
        assert_eq!(parse_throw("346", "x", &[2, 3]).unwrap(), vec![3, 4, 6]);
        // Only where that many are asked: `34` is no single die.
        assert!(parse_throw("34", "x", &[1]).is_err());
        assert!(parse_throw("37", "x", &[2]).is_err());
        assert_eq!(parse_throw("3", "x", &[2]).unwrap(), vec![3]);
        assert!(parse_faces("7", "x").is_err());
        assert!(parse_faces("a", "x").is_err());
    }
}
