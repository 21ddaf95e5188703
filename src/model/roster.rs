//! The CG Roster (12.14, C20): one line per CG Day / scenario for one side.

use serde::{Deserialize, Serialize};

use crate::model::side::Side;

/// CPP Start / Received / Spent / Left of one roster line (C20).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct Pool {
    pub start: i64,
    #[serde(default)]
    pub received: i64,
    #[serde(default)]
    pub spent: i64,
    pub left: i64,
}

impl Pool {
    pub fn opening(start: i64) -> Self {
        Pool {
            start,
            received: 0,
            spent: 0,
            left: start,
        }
    }

    pub fn balanced(&self) -> bool {
        self.left == self.start + self.received - self.spent
    }
}

/// One RG bought (12.621): its ID and the CPP paid (German: Support CPP apart).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Bought {
    pub rg: String,
    pub cpp: i64,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub support_cpp: i64,
    /// The purchase as typed, e.g. `I2 reserve` (its journal row says the
    /// same; on load the journal is checked by the RG of the purchase record
    /// row it concerns, not by this text).
    pub purchase: String,
}

impl RosterLine {
    /// The ELR as the sheets show it: `4`, or `4 (3 at night)` (12.6254).
    pub fn elr_text(&self) -> String {
        match self.night_elr {
            Some(n) => format!("{} ({n} at night, 12.6254)", self.elr),
            None => self.elr.to_string(),
        }
    }
}

/// 12.6254: in a Night scenario the German ELR is one less than the ELR of
/// the CG Roster's line.
pub fn german_night_elr(elr: u32) -> u32 {
    elr.saturating_sub(1)
}

fn is_zero(n: &i64) -> bool {
    *n == 0
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RosterLine {
    pub date: u8,
    #[serde(default)]
    pub night: bool,
    /// The CG scenario this line prepares (none on an Idle Day).
    pub scenario: Option<u32>,
    pub hist_drm: i32,
    pub cpp: Pool,
    /// German only (12.6181, C14).
    pub support_cpp: Option<Pool>,
    #[serde(default)]
    pub rgs: Vec<Bought>,
    /// FPP received this CG Day (given or bought as M1) and spent in 12.623.
    #[serde(default)]
    pub fpp: i64,
    #[serde(default)]
    pub fpp_spent: i64,
    /// FPP of `fpp_spent` spent on mines: at most 90 per CG Day (12.623 footnote 2).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub mine_fpp: i64,
    #[serde(default)]
    pub fortifications: Vec<String>,
    pub elr: u32,
    /// German only, on a line whose scenario is a Night scenario: the ELR it
    /// is played with, one less than `elr` (12.6254).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub night_elr: Option<u32>,
    pub san: u32,
    /// Locations that may be reconnoitred (12.624) and the CPP spent on it.
    pub recon: Option<u32>,
    #[serde(default)]
    pub recon_cpp: i64,
    /// The Recon drm took -1 Lax (12.624): not taken again when the
    /// scenario turns out a Night one (VotG25, 12.6254).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub recon_lax: bool,
    /// Russian only: his word at his 12.621 before a Counterattack on a date
    /// whose Night changes what he may buy, whether it will be a Night
    /// scenario (12.6254 with 12.6217, 12.6182).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub night_declared: Option<bool>,
    /// The Initiative chit chosen (12.625).
    pub initiative: Option<String>,
    /// Russian only: the Booby Trap Level in effect (A, B or C).
    pub booby_trap: Option<String>,
    /// The optional SSR DR on the NKVD Leader Table for Commissars (SSR
    /// II-4, C25) was made, or declined, in this RePh.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub ssr_commissar_dr: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Roster {
    pub schema: u32,
    pub side: Side,
    /// Russian: whether the one-time bonus CPP (C21) has been taken.
    #[serde(default)]
    pub bonus_cpp_taken: bool,
    pub lines: Vec<RosterLine>,
}

impl Roster {
    pub fn current(&self) -> Option<&RosterLine> {
        self.lines.last()
    }

    pub fn current_mut(&mut self) -> Option<&mut RosterLine> {
        self.lines.last_mut()
    }

    /// Domain checks: every pool balances and none is negative (C20).
    pub fn validate(&self, side: Side) -> Result<(), (String, String, String)> {
        if self.side != side {
            return Err((
                "side".into(),
                self.side.to_string(),
                format!("this is the {side} roster"),
            ));
        }
        if self.lines.is_empty() {
            return Err((
                "lines".into(),
                "[]".into(),
                "a roster has at least the Initial Scenario's line".into(),
            ));
        }
        for (i, line) in self.lines.iter().enumerate() {
            let at = |f: &str| format!("lines[{i}].{f}");
            let pools = std::iter::once(("cpp", &line.cpp))
                .chain(line.support_cpp.as_ref().map(|p| ("support_cpp", p)));
            for (name, pool) in pools {
                for (field, v) in [
                    ("start", pool.start),
                    ("received", pool.received),
                    ("spent", pool.spent),
                    ("left", pool.left),
                ] {
                    if v < 0 {
                        return Err((
                            at(&format!("{name}.{field}")),
                            v.to_string(),
                            "CPP can never be negative".into(),
                        ));
                    }
                }
                if !pool.balanced() {
                    return Err((
                        at(&format!("{name}.left")),
                        pool.left.to_string(),
                        format!(
                            "Left must be Start + Received - Spent = {} (READINGS.md C20)",
                            pool.start + pool.received - pool.spent
                        ),
                    ));
                }
            }
            if line.support_cpp.is_some() && side == Side::Russian {
                return Err((
                    at("support_cpp"),
                    "…".into(),
                    "only the German has Support CPP (12.6181)".into(),
                ));
            }
            if line.fpp < 0 || line.fpp_spent < 0 || line.fpp_spent > line.fpp {
                return Err((
                    at("fpp_spent"),
                    line.fpp_spent.to_string(),
                    format!("FPP spent must be 0..={}", line.fpp),
                ));
            }
            if line.mine_fpp < 0 || line.mine_fpp > line.fpp_spent {
                return Err((
                    at("mine_fpp"),
                    line.mine_fpp.to_string(),
                    format!("FPP spent on mines must be 0..={}", line.fpp_spent),
                ));
            }
            if !(14..=27).contains(&line.date) {
                return Err((
                    at("date"),
                    line.date.to_string(),
                    "a VotG CG Day is a September date from 14 to 27".into(),
                ));
            }
            if line.hist_drm.unsigned_abs() > crate::model::drm::LIMIT.unsigned_abs() {
                return Err((
                    at("hist_drm"),
                    line.hist_drm.to_string(),
                    format!(
                        "a Historical DRM is from -{0} to +{0}",
                        crate::model::drm::LIMIT
                    ),
                ));
            }
            if line.elr > 5 {
                return Err((at("elr"), line.elr.to_string(), "ELR is 0 to 5".into()));
            }
            if line.recon_cpp < 0 || line.recon_cpp > 2 {
                return Err((
                    at("recon_cpp"),
                    line.recon_cpp.to_string(),
                    "Recon costs 0, 1 or 2 CPP (12.624)".into(),
                ));
            }
            if let Some(b) = &line.booby_trap
                && !["A", "B", "C"].contains(&b.as_str())
            {
                return Err((
                    at("booby_trap"),
                    b.clone(),
                    "the Booby Trap Level is A, B or C".into(),
                ));
            }
        }
        Ok(())
    }
}
