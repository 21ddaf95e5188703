//! Pearson's chi-square test of dice against their exact 1d6 / 2d6
//! distribution, for `votg stats`: the statistic, its degrees of freedom,
//! and its p-value, the chance that fair dice stray at least this far. The
//! p-value is the regularized upper incomplete gamma function
//! Q(df/2, x/2), computed here (series and continued fraction, as in
//! Numerical Recipes §6.2) rather than with a crate: a few lines, exact to
//! far more places than a player reads.

/// A test's outcome.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct ChiSquare {
    pub statistic: f64,
    pub df: u32,
    pub p: f64,
}

/// Below this p-value (or above 1 minus it) a result is rarer than 1 in 100.
pub const RARE: f64 = 0.01;

/// The test of `seen` counts against `expected` probabilities (which sum
/// to 1); `None` when a cell is expected fewer than 5 times, where the test
/// says nothing to be trusted.
pub fn test(seen: &[u64], expected: &[f64]) -> Option<ChiSquare> {
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
    let df = seen.len() as u32 - 1;
    Some(ChiSquare {
        statistic,
        df,
        p: upper_gamma(f64::from(df) / 2.0, statistic / 2.0),
    })
}

impl ChiSquare {
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

/// ln Γ(x) for x > 0 (Lanczos, g = 7, n = 9).
fn ln_gamma(x: f64) -> f64 {
    const G: [f64; 9] = [
        0.999_999_999_999_809_9,
        676.520_368_121_885_1,
        -1_259.139_216_722_402_8,
        771.323_428_777_653_1,
        -176.615_029_162_140_6,
        12.507_343_278_686_905,
        -0.138_571_095_265_720_12,
        9.984_369_578_019_572e-6,
        1.505_632_735_149_311_6e-7,
    ];
    if x < 0.5 {
        // Reflection: Γ(x) Γ(1 - x) = π / sin(πx).
        let pi = std::f64::consts::PI;
        return (pi / (pi * x).sin()).ln() - ln_gamma(1.0 - x);
    }
    let x = x - 1.0;
    let t = x + 7.5;
    let sum = G[1..]
        .iter()
        .enumerate()
        .fold(G[0], |s, (i, g)| s + g / (x + i as f64 + 1.0));
    0.5 * (2.0 * std::f64::consts::PI).ln() + (x + 0.5) * t.ln() - t + sum.ln()
}

/// Q(a, x) = Γ(a, x) / Γ(a), the regularized upper incomplete gamma.
pub fn upper_gamma(a: f64, x: f64) -> f64 {
    if x <= 0.0 {
        return 1.0;
    }
    let front = (-x + a * x.ln() - ln_gamma(a)).exp();
    if x < a + 1.0 {
        // P(a, x) by its series; Q = 1 - P.
        let (mut term, mut sum, mut ap) = (1.0 / a, 1.0 / a, a);
        for _ in 0..500 {
            ap += 1.0;
            term *= x / ap;
            sum += term;
            if term.abs() < sum.abs() * 1e-15 {
                break;
            }
        }
        (1.0 - sum * front).clamp(0.0, 1.0)
    } else {
        // Q(a, x) by its continued fraction (modified Lentz).
        let tiny = 1e-300;
        let mut b = x + 1.0 - a;
        let mut c = 1.0 / tiny;
        let mut d = 1.0 / b;
        let mut h = d;
        for i in 1..500 {
            let an = -(i as f64) * (i as f64 - a);
            b += 2.0;
            d = an * d + b;
            d = if d.abs() < tiny { tiny } else { d };
            c = b + an / c;
            c = if c.abs() < tiny { tiny } else { c };
            d = 1.0 / d;
            let step = d * c;
            h *= step;
            if (step - 1.0).abs() < 1e-15 {
                break;
            }
        }
        (front * h).clamp(0.0, 1.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, within: f64) -> bool {
        (a - b).abs() < within
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
            let q = upper_gamma(f64::from(df) / 2.0, x / 2.0);
            assert!(close(q, p, 2e-4), "x {x} df {df}: {q} not {p}");
        }
        assert_eq!(upper_gamma(2.5, 0.0), 1.0);
        assert!(upper_gamma(2.5, 200.0) < 1e-30);
    }

    #[test]
    fn ln_gamma_of_whole_and_half_numbers() {
        assert!(close(ln_gamma(1.0), 0.0, 1e-12));
        assert!(close(ln_gamma(5.0), 24f64.ln(), 1e-12));
        assert!(close(
            ln_gamma(0.5),
            std::f64::consts::PI.sqrt().ln(),
            1e-12
        ));
    }

    #[test]
    fn fair_counts_are_nothing_unusual_and_loaded_ones_are_worth_a_look() {
        let sixth = [1.0 / 6.0; 6];
        let fair = test(&[10, 11, 9, 10, 12, 8], &sixth).unwrap();
        assert_eq!(fair.df, 5);
        assert_eq!(fair.meaning(), "nothing unusual");
        let loaded = test(&[2, 3, 4, 5, 6, 40], &sixth).unwrap();
        assert!(loaded.p < RARE);
        assert_eq!(loaded.meaning(), "rarer than 1 in 100: worth a look");
        // Too few rolls: each face expected fewer than 5 times.
        assert!(test(&[1, 2, 3, 4, 5, 6], &sixth).is_none());
    }
}
