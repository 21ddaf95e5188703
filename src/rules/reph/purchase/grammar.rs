//! The purchase grammar of DESIGN §4, the same in the wizard, in `votg buy`
//! and in answers files.

use std::fmt;

/// How an A/I RG is bought (12.6214a-c).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Enters as reinforcements (SSR CG9), or sets up on-map by note a.
    Normal,
    OnMap,
    Reserve,
    DugIn,
}

/// One purchase as typed: `<RG-ID> [on-map|reserve|dug-in] [prereg=N]
/// [creeping] [boats] [code=<colour>] [cpp=2]` (DESIGN §4).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Purchase {
    pub text: String,
    pub rg: String,
    pub mode: Mode,
    pub prereg: u32,
    pub creeping: bool,
    pub boats: bool,
    pub code: Option<String>,
    pub cpp: Option<i64>,
    /// `hex=<hex>`: a Pre-Registered hex, the Offboard Observer's hex, or an
    /// Aerial Bombardment's Pre-Reg hex, recorded secretly in `other`.
    pub hexes: Vec<String>,
}

pub const GRAMMAR: &str = "<RG-ID> [on-map|reserve|dug-in] [prereg=N] [creeping] [boats] [code=<colour>] [cpp=2] [hex=<hex>], e.g. `I1`, `I2 reserve`, `A3 dug-in`, `O2 prereg=2 creeping`, `I1 code=orange`, `S1 cpp=2`";

impl Purchase {
    /// The plain purchase of one RG, as the hint quotes it.
    pub fn of(rg: &str) -> Purchase {
        Purchase {
            text: rg.to_string(),
            rg: rg.to_ascii_uppercase(),
            mode: Mode::Normal,
            prereg: 0,
            creeping: false,
            boats: false,
            code: None,
            cpp: None,
            hexes: Vec::new(),
        }
    }

    pub fn parse(text: &str) -> Result<Purchase, String> {
        let mut words = text.split_whitespace();
        let rg = words
            .next()
            .ok_or_else(|| format!("an empty purchase; write {GRAMMAR}"))?;
        let mut p = Purchase {
            text: text.split_whitespace().collect::<Vec<_>>().join(" "),
            ..Purchase::of(rg)
        };
        for w in words {
            p.word(text, w)?;
        }
        Ok(p)
    }

    /// The purchase in the grammar's own words and order, whatever the
    /// case and order it was typed in (`i2 On-Map` → `I2 on-map`): what the
    /// journal records.
    pub fn canonical(&self) -> String {
        let mut words = vec![self.rg.clone()];
        match self.mode {
            Mode::Normal => {}
            Mode::OnMap => words.push("on-map".into()),
            Mode::Reserve => words.push("reserve".into()),
            Mode::DugIn => words.push("dug-in".into()),
        }
        if self.prereg > 0 {
            words.push(format!("prereg={}", self.prereg));
        }
        if self.creeping {
            words.push("creeping".into());
        }
        if self.boats {
            words.push("boats".into());
        }
        if let Some(c) = &self.code {
            words.push(format!("code={}", c.to_ascii_lowercase()));
        }
        if let Some(n) = self.cpp {
            words.push(format!("cpp={n}"));
        }
        words.extend(self.hexes.iter().map(|h| format!("hex={h}")));
        words.join(" ")
    }

    /// One word after the RG ID.
    fn word(&mut self, text: &str, w: &str) -> Result<(), String> {
        let lower = w.to_ascii_lowercase();
        let mode = match lower.as_str() {
            "on-map" | "onmap" => Some(Mode::OnMap),
            "reserve" => Some(Mode::Reserve),
            "dug-in" | "dugin" => Some(Mode::DugIn),
            _ => None,
        };
        if let Some(m) = mode {
            if self.mode != Mode::Normal {
                return Err(format!(
                    "`{text}`: on-map, reserve and dug-in exclude each other (12.6214, READINGS.md C12)"
                ));
            }
            self.mode = m;
            return Ok(());
        }
        match lower.split_once('=') {
            None if lower == "creeping" => self.creeping = true,
            None if lower == "boats" => self.boats = true,
            Some(("prereg", n)) => {
                self.prereg = n
                    .parse()
                    .map_err(|_| format!("`{w}`: prereg takes a number of hexes, 1 or 2"))?
            }
            Some(("code", c)) if !c.is_empty() => self.code = Some(c.to_string()),
            Some(("hex", h)) if !h.is_empty() => self.hexes.push(h.to_ascii_uppercase()),
            Some(("cpp", n)) => {
                self.cpp = Some(
                    n.parse()
                        .map_err(|_| format!("`{w}`: cpp takes a number"))?,
                )
            }
            _ => {
                return Err(format!(
                    "`{w}` in `{text}` is not understood; write {GRAMMAR}"
                ));
            }
        }
        Ok(())
    }
}

impl fmt::Display for Purchase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn design_4_purchase_grammar() {
        let p = Purchase::parse("o2  prereg=2 creeping hex=g40").unwrap();
        assert_eq!(p.text, "o2 prereg=2 creeping hex=g40");
        assert_eq!((p.rg.as_str(), p.prereg, p.creeping), ("O2", 2, true));
        assert_eq!(p.hexes, ["G40"]);
        let p = Purchase::parse("I1 code=orange reserve").unwrap();
        assert_eq!((p.code.as_deref(), p.mode), (Some("orange"), Mode::Reserve));
        assert_eq!(Purchase::parse("S1 cpp=2").unwrap().cpp, Some(2));
        assert!(
            Purchase::parse("I2 reserve on-map")
                .unwrap_err()
                .contains("exclude")
        );
        assert!(
            Purchase::parse("I2 sideways")
                .unwrap_err()
                .contains("not understood")
        );
        assert!(Purchase::parse(" ").unwrap_err().contains("empty"));
    }

    #[test]
    fn canonical_purchase_text() {
        let p = Purchase::parse("i2  On-Map").unwrap();
        assert_eq!(p.canonical(), "I2 on-map");
        let p = Purchase::parse("o2 hex=g40 creeping PREREG=2").unwrap();
        assert_eq!(p.canonical(), "O2 prereg=2 creeping hex=G40");
    }
}
