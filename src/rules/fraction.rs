//! The rules' rounding: FRU (Fractions Rounded Up) and FRD (Fractions Rounded
//! Down), always on exact integers, never through floats.

/// `numerator / denominator`, FRU. Panics only on a zero denominator, which no
/// rule uses.
pub fn fru(numerator: i64, denominator: i64) -> i64 {
    assert!(denominator != 0, "FRU by zero");
    let (q, r) = (
        numerator.div_euclid(denominator),
        numerator.rem_euclid(denominator),
    );
    if r == 0 {
        q
    } else if denominator > 0 {
        q + 1
    } else {
        q
    }
}

/// `numerator / denominator`, FRD.
pub fn frd(numerator: i64, denominator: i64) -> i64 {
    assert!(denominator != 0, "FRD by zero");
    if denominator > 0 {
        numerator.div_euclid(denominator)
    } else {
        (-numerator).div_euclid(-denominator)
    }
}

/// Half of `n`, FRU: "halved (FRU)" (12.6253), "50% (FRU)" (12.6214c).
pub fn half_fru(n: i64) -> i64 {
    fru(n, 2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fru_rounds_up_only_fractions() {
        assert_eq!(fru(5, 2), 3);
        assert_eq!(fru(4, 2), 2);
        assert_eq!(fru(0, 3), 0);
        assert_eq!(fru(1, 10), 1);
        assert_eq!(half_fru(5), 3);
        // CGI-2: 2/3 (FRU) of 6 Support CPP is 4; of 17 CPP is 12.
        assert_eq!(fru(6 * 2, 3), 4);
        assert_eq!(fru(17 * 2, 3), 12);
    }

    #[test]
    fn frd_rounds_down() {
        assert_eq!(frd(5, 3), 1);
        assert_eq!(frd(6, 3), 2);
        assert_eq!(frd(2, 3), 0);
        assert_eq!(frd(25, 12), 2);
    }
}
