//! The keys of the campaign's dice streams (DESIGN §3–§4). A side's key
//! predicts every secret roll of that side, so it is never printed, and the
//! public stream's key is derived from both sides' keys rather than stored.

use std::fmt;

use rand::{Rng, SeedableRng};
use rand_chacha::{ChaCha8Rng, ChaCha20Rng};
use serde::{Deserialize, Serialize};

use crate::model::side::Side;

/// A ChaCha key (32 bytes). A side's key is a secret of that side: it lives
/// only in its `dice.toml`, written as 64 hex digits (DESIGN §3).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Seed([u8; 32]);

/// Never printed: a seed shown by mistake (a debug dump, a panic message)
/// would predict that side's secret rolls.
impl fmt::Debug for Seed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Seed(hidden)")
    }
}

impl Seed {
    /// A key from the operating system's random source.
    pub fn fresh() -> Seed {
        Seed(rand::random())
    }

    /// The key a number stands for (`--seed N`, and the single seed of a
    /// schema-1 campaign).
    pub fn from_number(n: u64) -> Seed {
        Seed(ChaCha8Rng::seed_from_u64(n).get_seed())
    }

    /// An independent key derived from this one: 32 bytes of ChaCha20 keyed
    /// with it, on its own stream `label`. Knowing the derived key tells
    /// nothing about this one.
    fn derive(&self, label: u64) -> Seed {
        let mut rng = ChaCha20Rng::from_seed(self.0);
        rng.set_stream(label);
        let mut out = [0u8; 32];
        rng.fill_bytes(&mut out);
        Seed(out)
    }

    /// The key made of these 32 bytes (a hash, for the two-machine dice).
    pub fn from_bytes(bytes: [u8; 32]) -> Seed {
        Seed(bytes)
    }

    /// The ChaCha key itself, for the dice streams.
    pub(crate) fn bytes(self) -> [u8; 32] {
        self.0
    }

    pub fn to_hex(self) -> String {
        self.0.iter().map(|b| format!("{b:02x}")).collect()
    }

    /// Exactly 64 hex digits.
    pub fn from_hex(text: &str) -> Option<Seed> {
        let text = text.as_bytes();
        if text.len() != 64 {
            return None;
        }
        let mut out = [0u8; 32];
        for (i, pair) in text.chunks(2).enumerate() {
            let pair = std::str::from_utf8(pair).ok()?;
            out[i] = u8::from_str_radix(pair, 16).ok()?;
        }
        Some(Seed(out))
    }
}

impl Serialize for Seed {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_hex())
    }
}

impl<'de> Deserialize<'de> for Seed {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Seed, D::Error> {
        let text = String::deserialize(d)?;
        Seed::from_hex(&text)
            .ok_or_else(|| serde::de::Error::custom("a seed is 64 hexadecimal digits (0-9, a-f)"))
    }
}

// Labels of the derived keys (ASCII, so they read in a hex dump).
const GERMAN: u64 = u64::from_be_bytes(*b"german\0\0");
const RUSSIAN: u64 = u64::from_be_bytes(*b"russian\0");
const PUBLIC_G: u64 = u64::from_be_bytes(*b"public-g");
const PUBLIC_R: u64 = u64::from_be_bytes(*b"public-r");

/// The two sides' keys. The public stream has no key of its own written
/// anywhere: it is derived from both, so neither side alone can predict it
/// and nothing public needs to hold a seed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Seeds {
    pub german: Seed,
    pub russian: Seed,
}

impl Seeds {
    /// Independent keys from the operating system (`votg new`).
    pub fn fresh() -> Seeds {
        Seeds {
            german: Seed::fresh(),
            russian: Seed::fresh(),
        }
    }

    /// All three streams from one number (`--seed N`, for tests; and the
    /// migration of a schema-1 campaign, whose one seed was N).
    pub fn from_number(n: u64) -> Seeds {
        let root = Seed::from_number(n);
        Seeds {
            german: root.derive(GERMAN),
            russian: root.derive(RUSSIAN),
        }
    }

    pub fn of(&self, side: Side) -> Seed {
        match side {
            Side::German => self.german,
            Side::Russian => self.russian,
        }
    }

    /// The public stream's key: a derivation of each side's key, combined.
    pub fn public(&self) -> Seed {
        let g = self.german.derive(PUBLIC_G);
        let r = self.russian.derive(PUBLIC_R);
        let mut out = [0u8; 32];
        for (i, o) in out.iter_mut().enumerate() {
            *o = g.0[i] ^ r.0[i];
        }
        Seed(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeds_are_64_hex_digits_and_never_debug_printed() {
        let s = Seed::fresh();
        let hex = s.to_hex();
        assert_eq!(hex.len(), 64);
        assert_eq!(Seed::from_hex(&hex), Some(s));
        assert_eq!(Seed::from_hex(&hex[1..]), None);
        assert_eq!(Seed::from_hex(&format!("{}g", &hex[1..])), None);
        assert!(!format!("{s:?}").contains(&hex[..8]));
        assert_ne!(Seed::fresh(), s);
    }
}
