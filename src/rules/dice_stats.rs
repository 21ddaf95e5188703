//! `votg stats`: the dice of a whole CG against fair dice, per side and per
//! table. Only the faces count (a DR's two dice and their Original total),
//! never the modified totals: DRMs say nothing about the dice. Each group
//! of rolls is tested against the exact 1d6 or 2d6 distribution
//! (Pearson's chi-square test, `ChiSquare`); a DR's totals are tested in
//! seven classes (2-4, 5, 6, 7, 8, 9, 10-12) so the test holds from 45 DR
//! on, rather than 180.

use serde::Serialize;
use statrs::distribution::{ChiSquared, ContinuousCDF};

use crate::model::roll::DiceKind;

/// Pearson's chi-square test of dice against their exact 1d6 / 2d6
/// distribution: the statistic, its degrees of freedom, and its p-value,
/// the chance that fair dice stray at least this far (the upper tail of
/// the chi-square distribution, from `statrs`).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct ChiSquare {
    pub statistic: f64,
    pub df: u32,
    pub p: f64,
}

/// Below this p-value (or above 1 minus it) a result is rarer than 1 in 100.
pub const RARE: f64 = 0.01;

impl ChiSquare {
    /// The test of `seen` counts against `expected` probabilities (which
    /// sum to 1); `None` when a cell is expected fewer than 5 times, where
    /// the test says nothing to be trusted.
    pub fn of(seen: &[u64], expected: &[f64]) -> Option<ChiSquare> {
        let n: u64 = seen.iter().sum();
        let want: Vec<f64> = expected.iter().map(|p| p * n as f64).collect();
        if n == 0 || want.iter().any(|&e| e < 5.0) {
            return None;
        }
        let statistic: f64 = seen
            .iter()
            .zip(&want)
            .map(|(&o, &e)| (o as f64 - e).powi(2) / e)
            .sum();
        let df = seen.len().checked_sub(1)? as u32;
        let p = ChiSquared::new(f64::from(df)).ok()?.sf(statistic);
        Some(ChiSquare { statistic, df, p })
    }

    /// What the result means, in words.
    pub fn meaning(&self) -> &'static str {
        if self.p < RARE {
            "rarer than 1 in 100: worth a look"
        } else if self.p > 1.0 - RARE {
            "rarer than 1 in 100: worth a look (closer to the expected than fair dice come)"
        } else {
            "nothing unusual"
        }
    }
}

/// One roll as the journal recorded it: whose, on which table, its faces.
#[derive(Debug, Clone)]
pub struct Thrown<'a> {
    /// `german`, `russian` or `both`.
    pub side: &'a str,
    /// The table id; empty for a plain dr/DR (a SW choice).
    pub table: &'a str,
    pub faces: Vec<u8>,
}

/// A set of dr, DR or single dice against what fair dice give.
#[derive(Debug, Clone, Serialize)]
pub struct Tally {
    /// `dr`, `DR`, or `die` (every die thrown, of dr and DR alike).
    pub kind: &'static str,
    pub rolls: u64,
    /// The outcomes counted: faces 1-6, or DR totals 2-12.
    pub outcomes: Vec<u32>,
    pub seen: Vec<u64>,
    /// How many of each fair dice give in as many rolls.
    pub expected: Vec<f64>,
    pub average: Option<f64>,
    pub expected_average: f64,
    /// `None`: too few rolls for the test.
    pub test: Option<ChiSquare>,
    /// The fewest rolls the test needs.
    pub needs: u64,
}

/// The chance of a 2d6 total `t` (2-12).
fn two_dice(t: u32) -> f64 {
    f64::from(6 - (7i32 - t as i32).unsigned_abs()) / 36.0
}

impl Tally {
    /// `values`: faces (1-6) for `dr` and `die`, totals (2-12) for `DR`.
    fn of(kind: &'static str, values: &[u32]) -> Tally {
        let (outcomes, probability): (Vec<u32>, Vec<f64>) = if kind == "DR" {
            (2..=12).map(|t| (t, two_dice(t))).unzip()
        } else {
            (1..=6).map(|f| (f, 1.0 / 6.0)).unzip()
        };
        let seen: Vec<u64> = outcomes
            .iter()
            .map(|o| values.iter().filter(|v| *v == o).count() as u64)
            .collect();
        let rolls = values.len() as u64;
        let (test, needs) = if kind == "DR" {
            // 2-4, 5, 6, 7, 8, 9, 10-12: each at least 4/36.
            let class = |lo: u32, hi: u32| (lo..=hi).map(|t| seen[t as usize - 2]).sum::<u64>();
            let chance = |lo: u32, hi: u32| (lo..=hi).map(two_dice).sum::<f64>();
            let bounds = [(2, 4), (5, 5), (6, 6), (7, 7), (8, 8), (9, 9), (10, 12)];
            let pooled: Vec<u64> = bounds.iter().map(|&(l, h)| class(l, h)).collect();
            let p: Vec<f64> = bounds.iter().map(|&(l, h)| chance(l, h)).collect();
            (ChiSquare::of(&pooled, &p), 45)
        } else {
            (ChiSquare::of(&seen, &probability), 30)
        };
        Tally {
            kind,
            rolls,
            expected: probability.iter().map(|p| p * rolls as f64).collect(),
            average: (rolls > 0)
                .then(|| values.iter().map(|&v| f64::from(v)).sum::<f64>() / rolls as f64),
            expected_average: if kind == "DR" { 7.0 } else { 3.5 },
            outcomes,
            seen,
            test,
            needs,
        }
    }
}

/// One table's rolls (or the plain dr/DR of no table).
#[derive(Debug, Clone, Serialize)]
pub struct TableTally {
    pub table: String,
    pub tally: Tally,
}

/// One side's rolls (or the rolls made for both).
#[derive(Debug, Clone, Serialize)]
pub struct SideTally {
    /// `german`, `russian` or `both`.
    pub side: String,
    pub dr: Tally,
    #[serde(rename = "DR")]
    pub two: Tally,
    /// Every die thrown, of dr and DR alike.
    pub dice: Tally,
    pub tables: Vec<TableTally>,
}

fn kind_of(faces: &[u8]) -> Option<DiceKind> {
    match faces.len() {
        1 => Some(DiceKind::OneDie),
        2 => Some(DiceKind::TwoDice),
        _ => None,
    }
}

fn value(t: &Thrown) -> u32 {
    t.faces.iter().map(|&f| u32::from(f)).sum()
}

/// The tallies of `thrown`, one per side that rolled, German first.
pub fn tally(thrown: &[Thrown]) -> Vec<SideTally> {
    ["german", "russian", "both"]
        .iter()
        .filter_map(|&side| {
            let mine: Vec<&Thrown> = thrown.iter().filter(|t| t.side == side).collect();
            (!mine.is_empty()).then(|| side_tally(side, &mine))
        })
        .collect()
}

fn side_tally(side: &str, mine: &[&Thrown]) -> SideTally {
    let of = |kind: DiceKind| -> Vec<u32> {
        mine.iter()
            .filter(|t| kind_of(&t.faces) == Some(kind))
            .map(|t| value(t))
            .collect()
    };
    let dice: Vec<u32> = mine
        .iter()
        .flat_map(|t| t.faces.iter().map(|&f| u32::from(f)))
        .collect();
    let mut tables: Vec<TableTally> = Vec::new();
    for t in mine {
        let Some(kind) = kind_of(&t.faces) else {
            continue;
        };
        let name = if t.table.is_empty() {
            format!("plain {kind}")
        } else {
            t.table.to_string()
        };
        if tables.iter().all(|x| x.table != name) {
            let values: Vec<u32> = mine
                .iter()
                .filter(|o| kind_of(&o.faces) == Some(kind) && same_table(o, t))
                .map(|o| value(o))
                .collect();
            let label = if kind == DiceKind::OneDie { "dr" } else { "DR" };
            tables.push(TableTally {
                table: name,
                tally: Tally::of(label, &values),
            });
        }
    }
    SideTally {
        side: side.to_string(),
        dr: Tally::of("dr", &of(DiceKind::OneDie)),
        two: Tally::of("DR", &of(DiceKind::TwoDice)),
        dice: Tally::of("die", &dice),
        tables,
    }
}

fn same_table(a: &Thrown, b: &Thrown) -> bool {
    a.table == b.table
}

#[cfg(test)]
mod tests {
    use super::*;

    fn thrown<'a>(side: &'a str, table: &'a str, faces: &[u8]) -> Thrown<'a> {
        Thrown {
            side,
            table,
            faces: faces.to_vec(),
        }
    }

    #[test]
    fn p_values_agree_with_the_printed_critical_values() {
        // Critical values of the chi-square distribution (any statistics
        // table): the statistic whose upper tail is 0.05 or 0.01.
        for (x, df, p) in [
            (3.841, 1, 0.05),
            (6.635, 1, 0.01),
            (11.070, 5, 0.05),
            (15.086, 5, 0.01),
            (12.592, 6, 0.05),
            (16.812, 6, 0.01),
            (18.307, 10, 0.05),
            (23.209, 10, 0.01),
            (4.351, 5, 0.50),
        ] {
            let q = ChiSquared::new(f64::from(df)).unwrap().sf(x);
            assert!((q - p).abs() < 2e-4, "x {x} df {df}: {q} not {p}");
        }
        // The README's example: chi-square 5.98 on 5 df, p 0.308.
        assert!((ChiSquared::new(5.0).unwrap().sf(5.98) - 0.308).abs() < 0.001);
    }

    #[test]
    fn fair_counts_are_nothing_unusual_and_loaded_ones_are_worth_a_look() {
        let sixth = [1.0 / 6.0; 6];
        let fair = ChiSquare::of(&[10, 11, 9, 10, 12, 8], &sixth).unwrap();
        assert_eq!(fair.df, 5);
        assert_eq!(fair.meaning(), "nothing unusual");
        let loaded = ChiSquare::of(&[2, 3, 4, 5, 6, 40], &sixth).unwrap();
        assert!(loaded.p < RARE);
        assert_eq!(loaded.meaning(), "rarer than 1 in 100: worth a look");
        // Too few rolls: each face expected fewer than 5 times.
        assert!(ChiSquare::of(&[1, 2, 3, 4, 5, 6], &sixth).is_none());
    }

    #[test]
    fn faces_not_totals_are_counted_per_side_and_table() {
        let rolls = vec![
            thrown("german", "weather", &[3, 4]),
            thrown("german", "weather", &[6, 6]),
            thrown("german", "recon", &[2]),
            thrown("russian", "", &[5]),
        ];
        let t = tally(&rolls);
        assert_eq!(t.len(), 2);
        let g = &t[0];
        assert_eq!((g.dr.rolls, g.two.rolls, g.dice.rolls), (1, 2, 5));
        assert_eq!(g.two.seen[7 - 2], 1);
        assert_eq!(g.two.seen[12 - 2], 1);
        assert_eq!(g.two.average, Some(9.5));
        assert_eq!(g.dice.seen, vec![0, 1, 1, 1, 0, 2]);
        let names: Vec<&str> = g.tables.iter().map(|t| t.table.as_str()).collect();
        assert_eq!(names, ["weather", "recon"]);
        assert_eq!(t[1].tables[0].table, "plain dr");
        assert!(g.two.test.is_none(), "two DR are too few");
    }

    #[test]
    fn two_dice_chances_are_the_2d6_distribution() {
        let total: f64 = (2..=12).map(two_dice).sum();
        assert!((total - 1.0).abs() < 1e-12);
        assert!((two_dice(7) - 6.0 / 36.0).abs() < 1e-12);
        assert!((two_dice(2) - 1.0 / 36.0).abs() < 1e-12);
        // 72 DR as fair dice might give them: a test, nothing unusual.
        let counts = [2, 2, 5, 10, 9, 14, 12, 5, 6, 5, 2];
        let values: Vec<u32> = (2..=12u32)
            .zip(counts)
            .flat_map(|(t, n)| std::iter::repeat_n(t, n))
            .collect();
        let fair = Tally::of("DR", &values);
        assert_eq!(fair.test.unwrap().df, 6);
        assert_eq!(fair.test.unwrap().meaning(), "nothing unusual");
        // Exactly the expected counts: too even for fair dice.
        let mut values = Vec::new();
        for t in 2..=12u32 {
            let n = (two_dice(t) * 360.0).round() as usize;
            values.extend(std::iter::repeat_n(t, n));
        }
        let even = Tally::of("DR", &values).test.unwrap();
        assert!(even.p > 1.0 - RARE);
        assert!(even.meaning().contains("closer to the expected"));
    }
}
