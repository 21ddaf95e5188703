//! What can still be bought now (the wizard's menu, and the hint after a
//! refusal), worked out from the limits themselves: each RG is quoted again
//! and again, as a batch would be, until one of its limits refuses.

use std::fmt;

use super::{Market, Purchase, Quote, Refusal};
use crate::model::side::Side;
use crate::rules::rg_chart::RgDef;

/// A refusal's hint lists at most this many RGs; the chart has the rest.
const HINT_LINES: usize = 6;

/// Quoting one RG stops after this many, whatever its limits (none is near).
const MOST: u32 = 50;

/// One RG that can still be bought now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Possible {
    pub rg: String,
    pub group_type: String,
    /// What the next one costs.
    pub cost: i64,
    /// How many more can be bought now, every limit counted: the CG Max
    /// slots open on this CG Day, Daily Max, the company limit (C13), one
    /// Stuka per scenario, Observers, and the pools (the OBA modules per
    /// scenario limit use, not purchase: C39).
    pub now: u32,
    /// How many more the CG Max allows over the whole CG (12.6216).
    pub left_in_cg: u32,
    /// The Entry Codes to choose from with `code=`, when more than one is
    /// open (12.6217, C10).
    pub codes: Vec<String>,
}

impl Possible {
    /// "Rifle Coy (2 now, 4 left in CG)", with the codes to choose from.
    pub fn what(&self) -> String {
        let mut s = format!(
            "{} ({} now, {} left in CG)",
            self.group_type, self.now, self.left_in_cg
        );
        if !self.codes.is_empty() {
            s.push_str(&format!(", code={}", self.codes.join("|")));
        }
        s
    }
}

impl Possible {
    /// The RG as a cell of the market: `A3 leichte FlaK Pltn: 2 CPP (2/2)`.
    pub fn cell(&self) -> String {
        let mut s = format!(
            "{} {}: {} CPP ({}/{})",
            self.rg, self.group_type, self.cost, self.now, self.left_in_cg
        );
        if !self.codes.is_empty() {
            s.push_str(&format!(", code={}", self.codes.join("|")));
        }
        s
    }
}

impl fmt::Display for Possible {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {} CPP", self.rg, self.what(), self.cost)
    }
}

impl Market<'_> {
    /// The CPP and Support CPP the side has left, less the batch's `earlier`.
    pub fn pools(&self, earlier: &[Quote]) -> (i64, Option<i64>) {
        let (cpp, support) = self.pools_left(earlier);
        let has_support = self.state.line(self.side).support_cpp.is_some();
        (cpp, has_support.then_some(support))
    }

    /// Every RG that can still be bought now, after `earlier`, in chart order.
    pub fn still_possible(&self, earlier: &[Quote]) -> Vec<Possible> {
        self.chart()
            .rgs
            .iter()
            .filter_map(|rg| self.possible(rg, earlier))
            .collect()
    }

    /// How many more of `rg` can be bought now: quoted one after another,
    /// with `code=` for each open Entry Code where it must choose one.
    fn possible(&self, rg: &RgDef, earlier: &[Quote]) -> Option<Possible> {
        let used = self.used_with(rg, earlier);
        let codes: Vec<String> = self
            .open_codes(rg, &used)
            .into_iter()
            .map(|(c, _)| c)
            .collect();
        let tries: Vec<Purchase> = if codes.len() > 1 {
            codes
                .iter()
                .map(|c| Purchase {
                    code: Some(c.clone()),
                    ..Purchase::of(&rg.id)
                })
                .collect()
        } else {
            vec![Purchase::of(&rg.id)]
        };
        let mut batch = earlier.to_vec();
        let mut cost = None;
        let mut now = 0;
        while now < MOST {
            let Some(q) = tries.iter().find_map(|p| self.quote(p, &batch).ok()) else {
                break;
            };
            cost.get_or_insert(q.cost);
            batch.push(q);
            now += 1;
        }
        Some(Possible {
            rg: rg.id.clone(),
            group_type: rg.group_type.clone(),
            cost: cost?,
            now,
            left_in_cg: self.left_in_cg(rg, earlier),
            codes: if codes.len() > 1 { codes } else { Vec::new() },
        })
    }
}

/// A purchase refused, with what the side has left and can still buy: the
/// whole batch it came in is refused, so nothing was bought.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RefusedPurchase {
    pub text: String,
    pub refusal: Refusal,
    pub side: Side,
    pub cpp_left: i64,
    pub support_left: Option<i64>,
    /// The most useful first: the refused RG, then its kind, then the rest.
    pub possible: Vec<Possible>,
}

impl RefusedPurchase {
    /// The refusal of `text`; what is left and possible is the side's as it
    /// stands, since a refused batch buys nothing.
    pub fn new(market: &Market, text: &str, p: &Purchase, refusal: Refusal) -> RefusedPurchase {
        let (cpp_left, support_left) = market.pools(&[]);
        let id = &p.rg;
        let kind = id.chars().next();
        let mut possible = market.still_possible(&[]);
        // Stable: chart order within each group.
        possible.sort_by_key(|q| (&q.rg != id, q.rg.chars().next() != kind));
        RefusedPurchase {
            text: text.to_string(),
            refusal,
            side: market.side,
            cpp_left,
            support_left,
            possible,
        }
    }

    /// The refusal and what is left, without what is possible (the wizard
    /// shows its own menu after it).
    pub fn summary(&self) -> String {
        let mut msg = format!(
            "Purchase `{}` refused: {}.\nNothing was bought. {} CPP left",
            self.text, self.refusal, self.cpp_left
        );
        if let Some(s) = self.support_left {
            msg.push_str(&format!(", {s} Support CPP left"));
        }
        msg
    }
}

impl fmt::Display for RefusedPurchase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.summary())?;
        if self.possible.is_empty() {
            return f.write_str("; nothing else can be purchased now.");
        }
        f.write_str(". Still possible:")?;
        for p in self.possible.iter().take(HINT_LINES) {
            write!(f, "\n  {p}")?;
        }
        let more = self.possible.len().saturating_sub(HINT_LINES);
        if more > 0 {
            write!(
                f,
                "\n  and {more} more: `votg table show {}-rg` shows every RG.",
                self.side
            )?;
        }
        Ok(())
    }
}
