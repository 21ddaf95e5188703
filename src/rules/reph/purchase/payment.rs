//! How a purchase is paid (12.6181, C14): Support CPP first for RGs whose
//! ID begins S, A, O, B, G or M, then CPP.

use super::cost::Price;
use super::{Market, Purchase, Quote, Refusal};
use crate::model::side::Side;
use crate::rules::rg_chart::RgDef;

/// Support CPP buy only RGs whose ID begins S, A, O, B, G or M (12.6181, C14).
pub fn support_eligible(id: &str) -> bool {
    matches!(id.chars().next(), Some('S' | 'A' | 'O' | 'B' | 'G' | 'M'))
}

/// What each pool pays.
pub(super) struct Paid {
    pub from_support: i64,
    pub from_cpp: i64,
}

impl Market<'_> {
    /// The side's CPP and Support CPP left on its current CG Roster line,
    /// less what the `earlier` purchases of the batch spend.
    pub(super) fn pools_left(&self, earlier: &[Quote]) -> (i64, i64) {
        let line = self.state.line(self.side);
        let spent_cpp: i64 = earlier.iter().map(|q| q.from_cpp).sum();
        let spent_support: i64 = earlier.iter().map(|q| q.from_support).sum();
        (
            line.cpp.left - spent_cpp,
            line.support_cpp.map_or(0, |p| p.left) - spent_support,
        )
    }

    /// C14: Support CPP first where it may pay, then CPP; refused if the
    /// CPP left cannot pay the rest.
    pub(super) fn pay(
        &self,
        p: &Purchase,
        rg: &RgDef,
        price: &Price,
        earlier: &[Quote],
    ) -> Result<Paid, Refusal> {
        let (cpp_left, support_left) = self.pools_left(earlier);
        let eligible = support_eligible(&rg.id);
        let from_support = if eligible {
            price.cost.min(support_left)
        } else {
            0
        };
        let from_cpp = price.cost - from_support;
        if from_cpp > cpp_left {
            return Err(Refusal::CannotPay {
                text: p.text.clone(),
                cost: price.cost,
                breakdown: price.breakdown.clone(),
                cpp_left,
                support_left: (eligible && self.side == Side::German).then_some(support_left),
            });
        }
        Ok(Paid {
            from_support,
            from_cpp,
        })
    }
}
