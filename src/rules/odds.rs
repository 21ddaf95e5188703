//! Exact odds: the 1d6 and 2d6 distributions, no sampling.

use serde::Serialize;

use crate::rules::dice::DiceKind;
use crate::rules::table::Column;

/// Each Original result with the number of ways to throw it, out of
/// `denominator(kind)`.
pub fn ways(kind: DiceKind) -> Vec<(i32, u32)> {
    match kind {
        DiceKind::OneDie => (1..=6).map(|n| (n, 1)).collect(),
        DiceKind::TwoDice => (2..=12i32)
            .map(|n| (n, 6 - (n - 7).unsigned_abs()))
            .collect(),
    }
}

pub fn denominator(kind: DiceKind) -> u32 {
    match kind {
        DiceKind::OneDie => 6,
        DiceKind::TwoDice => 36,
    }
}

/// An exact probability `ways / out_of`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Chance {
    pub ways: u32,
    pub out_of: u32,
}

impl Chance {
    pub fn as_f64(self) -> f64 {
        f64::from(self.ways) / f64::from(self.out_of)
    }

    /// `6/36 (1/6, 0.1667)`: the table's own denominator first, as players
    /// count it, then reduced, then four decimals.
    pub fn describe(self) -> String {
        let g = gcd(self.ways, self.out_of).max(1);
        let reduced = format!("{}/{}", self.ways / g, self.out_of / g);
        if self.ways == 0 || g == 1 {
            format!("{}/{} ({:.4})", self.ways, self.out_of, self.as_f64())
        } else {
            format!(
                "{}/{} ({reduced}, {:.4})",
                self.ways,
                self.out_of,
                self.as_f64()
            )
        }
    }
}

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// The chance of landing on each row of `column` with a DRM total of `drm`.
pub fn column_odds(kind: DiceKind, column: &Column, drm: i32) -> Vec<Chance> {
    let out_of = denominator(kind);
    let mut counts = vec![0u32; column.rows.len()];
    for (original, n) in ways(kind) {
        let final_result = original + drm;
        let index = column
            .rows
            .iter()
            .position(|r| r.range().contains(final_result))
            .expect("validated columns cover every integer");
        counts[index] += n;
    }
    counts
        .into_iter()
        .map(|ways| Chance { ways, out_of })
        .collect()
}

/// The chance that an Original roll falls in `range` (footnotes such as
/// "an Original 2").
pub fn original_chance(kind: DiceKind, range: crate::rules::range::Range) -> Chance {
    let ways = ways(kind)
        .into_iter()
        .filter(|(n, _)| range.contains(*n))
        .map(|(_, w)| w)
        .sum();
    Chance {
        ways,
        out_of: denominator(kind),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_dice_distribution_is_the_triangle() {
        let w = ways(DiceKind::TwoDice);
        assert_eq!(w.iter().map(|(_, n)| n).sum::<u32>(), 36);
        assert_eq!(w[0], (2, 1));
        assert_eq!(w[5], (7, 6));
        assert_eq!(w[10], (12, 1));
    }

    #[test]
    fn dr_at_most_four_is_six_in_thirty_six() {
        let c = original_chance(DiceKind::TwoDice, "<= 4".parse().unwrap());
        assert_eq!(
            c,
            Chance {
                ways: 6,
                out_of: 36
            }
        );
        assert_eq!(c.describe(), "6/36 (1/6, 0.1667)");
    }

    #[test]
    fn one_die_is_flat() {
        assert_eq!(
            ways(DiceKind::OneDie).iter().map(|(_, n)| n).sum::<u32>(),
            6
        );
        assert_eq!(
            original_chance(DiceKind::OneDie, "6".parse().unwrap()).describe(),
            "1/6 (0.1667)"
        );
    }
}
