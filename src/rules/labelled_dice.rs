//! Dice drawn per label (DESIGN §3): a roll's faces come from a key and
//! what the roll is — the RePh it belongs to, the step, what is rolled and
//! how many such rolls came before it in the step — never from a position
//! in a stream. The same roll always gets the same dice (undo and redo
//! included), a different choice rolls dice for a label nobody has seen,
//! and adding a roll to one step shifts no other.

use std::collections::HashMap;

use hmac::{Hmac, Mac};
use sha2::Sha256;

use crate::rules::dice::{DiceKind, Roll, Seed};

type HmacSha256 = Hmac<Sha256>;

/// The faces of label `label` under `key`: HMAC-SHA256(key, label), each
/// byte below 252 giving one face (byte mod 6, plus 1), so every face is
/// equally likely; a further block (label, then its number) if the bytes
/// run out.
pub fn faces(key: Seed, label: &str, count: usize) -> Vec<u8> {
    let mut out = Vec::with_capacity(count);
    let mut block = 0u32;
    while out.len() < count {
        let mut mac = HmacSha256::new_from_slice(&key.bytes()).expect("HMAC takes any key length");
        mac.update(label.as_bytes());
        if block > 0 {
            mac.update(&block.to_be_bytes());
        }
        for b in mac.finalize().into_bytes() {
            if b < 252 && out.len() < count {
                out.push(b % 6 + 1);
            }
        }
        block += 1;
    }
    out
}

/// The rolls of one step under one key: each roll's label is the step's
/// context, what is rolled, and its ordinal among the step's rolls of the
/// same thing.
#[derive(Debug, Clone)]
pub struct LabelledDice {
    context: String,
    counts: HashMap<String, u32>,
}

impl LabelledDice {
    pub fn new(context: impl Into<String>) -> LabelledDice {
        LabelledDice {
            context: context.into(),
            counts: HashMap::new(),
        }
    }

    /// The label of the next roll for `purpose` (counting it).
    pub fn label(&mut self, purpose: &str) -> String {
        let k = self.counts.entry(purpose.to_string()).or_insert(0);
        *k += 1;
        format!("{}|{purpose}|{k}", self.context)
    }

    pub fn roll(&mut self, key: Seed, kind: DiceKind, purpose: &str) -> Roll {
        let label = self.label(purpose);
        Roll::new(faces(key, &label, kind.count()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn design_3_the_same_label_gives_the_same_dice_and_another_label_others() {
        let key = Seed::from_number(9);
        let mut a = LabelledDice::new("s1/15/initial/german 12.622");
        let mut b = LabelledDice::new("s1/15/initial/german 12.622");
        let first = a.roll(key, DiceKind::TwoDice, "I1 strength");
        assert_eq!(first, b.roll(key, DiceKind::TwoDice, "I1 strength"));
        // A second roll for the same thing in the step is a roll of its own.
        let second = a.roll(key, DiceKind::TwoDice, "I1 strength");
        // A roll added before it shifts nothing.
        b.roll(key, DiceKind::OneDie, "something else");
        assert_eq!(second, b.roll(key, DiceKind::TwoDice, "I1 strength"));
        let faces: Vec<Vec<u8>> = (0..40)
            .map(|i| a.roll(key, DiceKind::TwoDice, &format!("r{i}")).dice)
            .collect();
        assert!(faces.iter().any(|f| f != &first.dice));
        assert!(faces.iter().flatten().all(|d| (1..=6).contains(d)));
    }

    #[test]
    fn design_3_faces_are_spread_evenly() {
        let key = Seed::from_number(1);
        let mut seen = [0u32; 6];
        for i in 0..6000 {
            for d in faces(key, &format!("x{i}"), 1) {
                seen[d as usize - 1] += 1;
            }
        }
        // 1000 expected each; 4 standard deviations is about 115.
        assert!(seen.iter().all(|&n| (870..=1130).contains(&n)), "{seen:?}");
        assert_eq!(faces(key, "long", 100).len(), 100);
    }
}
