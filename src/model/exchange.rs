//! Two machines (DESIGN §9): the public events that carry a campaign
//! between its two halves, and the hashes its dice and commitments are made
//! of. Each half holds one side; the public log is written in turns, each
//! closed by a `pass` and sent whole in one packet (docs/two-machines.md).

use hmac::{Hmac, Mac};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::event::{Commitments, StepRef};
use super::seed::Seed;
use super::side::Side;

/// Rolls a step made once it had been given `answers` of its answers (and
/// before a further answer) were drawn with the nonce of the `pass` event
/// numbered `pass`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Epoch {
    pub answers: usize,
    pub pass: u64,
}

/// What a step's public event says of its two-machine play: who performed
/// it (the side holding the turn), and for a joint step that rolled, which
/// public nonce of each side its dice came from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TwoStep {
    pub by: Side,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub public: Option<u64>,
    /// 12.625: the side's Initiative chit, sealed (`seal`) until both are
    /// unsealed together (12.6252).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sealed: Option<String>,
    /// 12.617: the other side's fortifications this side's removal DRs
    /// Eliminated (public: both see the DR and what it removes); his half
    /// takes them out of his force (`12.617 removal`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub eliminated: Vec<crate::model::force::CounterId>,
    /// What the step did to the other side's counters, which his half
    /// applies to them.
    #[serde(flatten)]
    pub told: Box<Told>,
}

/// What a side's step did to counters of the other side, which only his
/// half holds (public: the map shows it): his half applies it to them
/// (`PRISONERS`, `CAPTURES`). And from that half, what the capturer's half
/// needs to know of the weapons it took.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Told {
    /// Prisoners this side's units guard (A20.5).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub prisoners: Vec<Guarded>,
    /// Weapons and AFV of his this side captured by id (its record).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub captured: Vec<Capture>,
    /// From the captured side's half: which of its AFV captured by id were
    /// of one AFV Pltn (12.6162: one dr per captured enemy Pltn, C47).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub platoons: Vec<Vec<crate::model::force::CounterId>>,
}

impl Told {
    /// What it did to `side`'s counters (its prisoners and the weapons
    /// captured from it), which `side`'s half applies.
    pub fn to_side(&self, side: Side) -> Told {
        Told {
            prisoners: self
                .prisoners
                .iter()
                .filter(|g| g.prisoner.side == side)
                .copied()
                .collect(),
            captured: self
                .captured
                .iter()
                .filter(|c| c.from.side == side)
                .cloned()
                .collect(),
            platoons: Vec::new(),
        }
    }
}

/// An enemy weapon or AFV captured in play, named by its counter's id and
/// the unit the map shows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Capture {
    pub from: crate::model::force::CounterId,
    pub unit: String,
}

/// The half by which a side takes out of its force its weapons the other
/// side captured by id (`Told::captured`).
pub const CAPTURES: &str = "captures";

/// A prisoner (A20.5) and the fate its guard's side gave it, carried to
/// the prisoner's side on two machines: each half holds only its own side's
/// counters, and every decision about a prisoner is its guard's side's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Guarded {
    pub prisoner: crate::model::force::CounterId,
    /// Its guard after the change (for `Claimed`, the claiming unit).
    pub guard: crate::model::force::CounterId,
    pub fate: Fate,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Fate {
    /// Taken in the scenario (its record, 12.6041), or held when the
    /// campaign was split.
    Taken,
    /// Its guard Eliminated, claimed by another unit in its Location (12.6051).
    Claimed,
    /// Its guard Eliminated and not claimed: Rearmed (12.6051, A20.551).
    Rearmed,
    /// Guarded by a non-Isolated unit (12.609).
    Eliminated,
    /// Executed by an Isolated guard: Massacre (12.609, A20.4).
    Executed,
    /// Freed by an Isolated guard, Retained by its own side (12.609).
    Freed,
}

impl Guarded {
    /// The prisoners and their guards after `changes`, in order, on `held`.
    pub fn fold(
        held: &mut Vec<(
            crate::model::force::CounterId,
            crate::model::force::CounterId,
        )>,
        changes: &[Guarded],
    ) {
        for g in changes {
            held.retain(|(p, _)| *p != g.prisoner);
            if matches!(g.fate, Fate::Taken | Fate::Claimed) {
                held.push((g.prisoner, g.guard));
            }
        }
    }
}

/// The half by which a side applies to his own counters what the other
/// side's step did to them as his prisoners (`TwoStep::prisoners`).
pub const PRISONERS: &str = "prisoners";

/// The half by which a side takes out of his force the fortifications the
/// other side's 12.617 Eliminated (`TwoStep::eliminated`).
pub const REMOVAL: &str = "12.617 removal";

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "what", rename_all = "kebab-case")]
pub enum Exchange {
    /// A side takes its seat: its seed committed (before it has seen
    /// anything of the other side's), and its first public nonce.
    Seat {
        side: Side,
        seed: String,
        public: String,
    },
    /// A side ends its turn; `nonce` draws the other side's rolls in its
    /// next turn.
    Pass { side: Side, nonce: String },
    /// A step's answers so far committed (its side's part holds them)
    /// before the nonce its next rolls use.
    Pledge {
        side: Side,
        step: StepRef,
        #[serde(default)]
        commit: Commitments,
        /// The side's answers file for the RePh (binding every question it
        /// answers), not the answers of one step.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        standing: bool,
    },
    /// A side's public nonce `k` revealed, with the commitment to its next.
    PublicNonce {
        side: Side,
        k: u64,
        nonce: String,
        next: String,
    },
    /// A side's sealed value of step event `of` (its Initiative chit)
    /// unsealed: the value and the salt it was sealed with.
    Unsealed {
        side: Side,
        of: u64,
        value: String,
        salt: String,
    },
    /// A side asks to take back steps the other side has received
    /// (`votg undo --request`): `steps`, the steps that count from the one
    /// named on, newest first. Nothing changes until he answers.
    UndoRequest { side: Side, steps: Vec<u64> },
    /// A side answers the other's undo request of event `of`: accepted
    /// (the `Undone` events of its steps follow at once) or refused.
    UndoAnswer { side: Side, of: u64, accept: bool },
    /// A side resigns (`votg concede`): the CG is over.
    Conceded { side: Side },
    /// A campaign played at one keyboard until here goes on on two
    /// machines (`votg split`): `side` keeps the folder it was played in.
    /// Both keys were on one machine, so each side takes a fresh one (its
    /// `seat` after this); the rolls before it were made at one keyboard.
    Split {
        side: Side,
        /// Each side's Initial OB (printed in the rules: public), what a
        /// half knows of the other side's forces, as after `votg new
        /// --side`.
        #[serde(default)]
        initial: Vec<super::facts::Fact>,
        /// The prisoners held then (each `Taken`), which the guard's half
        /// could not otherwise know.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        prisoners: Vec<Guarded>,
    },
    /// A side's seed and whole private log, revealed at the CG's end.
    Revealed {
        side: Side,
        seed: String,
        log: Vec<String>,
    },
}

impl Exchange {
    pub fn side(&self) -> Side {
        match self {
            Exchange::Seat { side, .. }
            | Exchange::Pass { side, .. }
            | Exchange::Pledge { side, .. }
            | Exchange::PublicNonce { side, .. }
            | Exchange::Unsealed { side, .. }
            | Exchange::UndoRequest { side, .. }
            | Exchange::UndoAnswer { side, .. }
            | Exchange::Conceded { side }
            | Exchange::Split { side, .. }
            | Exchange::Revealed { side, .. } => *side,
        }
    }
}

pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

pub fn sha256_hex(text: &str) -> String {
    hex(&Sha256::digest(text.as_bytes()))
}

fn hmac(key: Seed, message: &str) -> [u8; 32] {
    let mut mac = Hmac::<Sha256>::new_from_slice(&key.bytes()).expect("any key length");
    mac.update(message.as_bytes());
    mac.finalize().into_bytes().into()
}

/// What a side's `seat` commits its seed to.
pub fn seed_commitment(seed: Seed) -> String {
    sha256_hex(&format!("votg seed|{}", seed.to_hex()))
}

/// The nonce a side's `pass` (public event `n`) gives the other side: from
/// its seed, so it can no more steer it than predict the other's dice.
pub fn pass_nonce(seed: Seed, n: u64) -> String {
    hex(&hmac(seed, &format!("nonce|{n}")))
}

/// A side's public nonce `k` (1, 2, …): one for each joint step that rolls.
pub fn public_nonce(seed: Seed, k: u64) -> String {
    hex(&hmac(seed, &format!("public|{k}")))
}

/// What a public nonce is committed to before it is revealed.
pub fn nonce_commitment(nonce: &str) -> String {
    sha256_hex(&format!("votg public nonce|{nonce}"))
}

/// The key of a joint step's public dice: both sides' public nonces.
pub fn public_key(german: &str, russian: &str) -> Seed {
    Seed::from_bytes(
        Sha256::digest(format!("votg public dice|{german}|{russian}").as_bytes()).into(),
    )
}

/// The label a side's own roll is drawn with: the nonce, then the roll's
/// label (DESIGN §3), under the side's seed: HMAC(seed, nonce ‖ label).
pub fn own_label(nonce: &str, label: &str) -> String {
    format!("{nonce}|{label}")
}

/// The salt of a side's part of event `n` (as at one keyboard: from its key).
pub fn salt(seed: Seed, n: u64) -> String {
    hex(&hmac(seed, &format!("salt|{n}"))[..16])
}

/// A value sealed until it is unsealed (12.6252's Initiative chits): the
/// salt, from the side's seed and the event, and the seal.
pub fn seal(seed: Seed, n: u64, value: &str) -> (String, String) {
    let salt = hex(&hmac(seed, &format!("seal|{n}"))[..16]);
    let seal = sealed(&salt, value);
    (salt, seal)
}

/// What `value` sealed with `salt` is.
pub fn sealed(salt: &str, value: &str) -> String {
    sha256_hex(&format!("votg seal|{salt}|{value}"))
}

/// The hash of a public log's first lines, chained line by line: what a
/// packet says the log it follows ends with.
pub fn chain(lines: &[String]) -> String {
    let mut h = String::from("votg");
    for l in lines {
        h = sha256_hex(&format!("{h}|{l}"));
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn design_9_nonces_and_keys_depend_on_the_seed_and_what_they_are_for() {
        let a = Seed::from_number(1);
        let b = Seed::from_number(2);
        assert_ne!(pass_nonce(a, 3), pass_nonce(a, 4));
        assert_ne!(pass_nonce(a, 3), pass_nonce(b, 3));
        assert_ne!(public_nonce(a, 1), pass_nonce(a, 1));
        assert_eq!(pass_nonce(a, 3).len(), 64);
        assert_ne!(seed_commitment(a), seed_commitment(b));
        assert!(!seed_commitment(a).contains(&a.to_hex()));
        let (g, r) = (public_nonce(a, 1), public_nonce(b, 1));
        assert_ne!(public_key(&g, &r), public_key(&r, &g));
        assert_ne!(chain(&["x".into()]), chain(&["y".into()]));
        assert_eq!(chain(&[]), "votg");
    }
}
