//! DRMs that several RePh tables share.

use crate::model::campaign::Campaign;
use crate::model::cg_day::CgDay;
use crate::model::drm::Drm;
use crate::model::side::Side;
use crate::rules::tables::Tables;

/// The side's Historical DRM for the CG Day (12.6182), as a DRM ("±x").
/// `None` when it is 0, so it is not listed.
pub fn historical(tables: &Tables, side: Side, day: CgDay, rule: &str) -> Option<Drm> {
    let v = tables
        .historical_drm
        .drm(side, day.date, day.night)
        .unwrap_or(0);
    (v != 0).then(|| {
        Drm::new(
            v,
            format!("{} Historical DRM for {}", side.name(), day.long()),
            rule,
        )
    })
}

/// The CG scenario Balance provision (12.32, C22): after >= 3 completed CG
/// scenarios a side that won <= 1/3 of them gets -1; after >= 4, one that won
/// <= 1/4 gets -2 instead.
pub fn balance_value(completed: u32, won: u32) -> i32 {
    if completed >= 4 && won * 4 <= completed {
        -2
    } else if completed >= 3 && won * 3 <= completed {
        -1
    } else {
        0
    }
}

pub fn balance(campaign: &Campaign, side: Side, rule: &str) -> Option<Drm> {
    let completed = campaign.days.iter().filter(|d| d.victor.is_some()).count() as u32;
    let won = campaign
        .days
        .iter()
        .filter(|d| d.victor == Some(side))
        .count() as u32;
    let v = balance_value(completed, won);
    (v != 0).then(|| {
        Drm::new(
            v,
            format!(
                "Balance provision: {won} won of {completed} CG scenarios (12.32, READINGS.md C22)"
            ),
            rule,
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_12_32_c22_balance_provision() {
        assert_eq!(balance_value(0, 0), 0);
        assert_eq!(balance_value(2, 0), 0, "needs >= 3 completed");
        assert_eq!(balance_value(3, 1), -1, "won 1/3");
        assert_eq!(balance_value(3, 2), 0);
        assert_eq!(balance_value(4, 1), -2, "won 1/4");
        assert_eq!(balance_value(4, 2), 0, "won 2/4 > 1/3");
        assert_eq!(balance_value(5, 1), -2);
        assert_eq!(balance_value(6, 2), -1, "2/6 = 1/3 but > 1/4");
        assert_eq!(balance_value(8, 2), -2);
    }

    #[test]
    fn rule_12_6182_historical_drm_is_listed_only_when_not_zero() {
        let t = Tables::embedded().unwrap();
        assert!(historical(&t, Side::German, CgDay::new(14, false), "12.6221").is_none());
        assert_eq!(
            historical(&t, Side::Russian, CgDay::new(14, true), "12.6221")
                .unwrap()
                .value,
            -2
        );
        assert_eq!(
            historical(&t, Side::German, CgDay::new(16, false), "12.6221")
                .unwrap()
                .value,
            -2
        );
    }
}
