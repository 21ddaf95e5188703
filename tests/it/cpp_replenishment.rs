//! 12.618 CPP Replenishment across CG Days: German Support CPP once per
//! scenario in which he chose Attack (12.6181, READINGS.md C43) and the
//! Casualty VP DRM counted once (C44), in every CG. Real binary, answers
//! files, a dice file of 3s; read back from `votg roster` and `votg log`.

use crate::common::Camp;
use crate::play::*;

/// A side's answers with nothing bought and `extra` keys.
fn side(extra: &str) -> String {
    format!("{NOTHING}{extra}")
}

/// The CG's first date (its Initial Scenario's CG Day).
fn first_date(cg: &str) -> u64 {
    match cg {
        "I" => 15,
        "III" => 23,
        _ => 14,
    }
}

/// `cg`'s Initial Scenario won by the German (German CVP `cvp`), with
/// (`counterattack`) a Russian Counterattack after it, stopped at its
/// set-up; or without, both sides Idle on the next CG Day and the German
/// attacking on the one after.
fn after_initial(cg: &str, counterattack: bool, cvp: u32) -> Camp {
    let c = initial(cg, NOTHING, NOTHING);
    let d2 = first_date(cg) + 2;
    refit(
        &c,
        &format!(
            "{}[german]\n{}[russian]\n{}[german.day.\"{d2}\"]\ninitiative = \"attack\"\n",
            scenario("german", cvp, 0, counterattack),
            side("f36 = false\ninitiative = \"idle\"\n"),
            side("initiative = \"idle\"\nbonus_cpp = false\n"),
        ),
        3,
    )
    .success();
    c
}

/// The Counterattack (scenario 2) recorded, won by the Russian (German CVP
/// `cvp`); both Idle on the next CG Day, the German attacking the day after.
fn record_counterattack(c: &Camp, cg: &str, cvp: u32) {
    let d2 = first_date(cg) + 2;
    refit(
        c,
        &format!(
            "{}[german]\n{}[russian]\n{}[german.day.\"{d2}\"]\ninitiative = \"attack\"\n",
            scenario("russian", cvp, 0, false),
            side("f36 = false\ninitiative = \"idle\"\n"),
            side("initiative = \"idle\"\nbonus_cpp = false\n"),
        ),
        3,
    )
    .success();
}

/// C43 without a Counterattack: the Support CPP of the Initial Scenario's
/// Attack (C15) in the next 12.618 (`full`), none in the 12.618 after the
/// Idle Day that follows.
fn support_without_counterattack(cg: &str, full: i64) {
    let c = after_initial(cg, false, 0);
    let d = first_date(cg);
    assert_eq!(
        support(&c, d + 1, None),
        full,
        "CG {cg}: after the Initial Scenario"
    );
    assert_eq!(
        support(&c, d + 2, Some(2)),
        0,
        "CG {cg}: none after an Idle Day"
    );
}

/// C43 with a Counterattack after the Initial Scenario: `full` halved (FRU)
/// in the RePh before it, none in the 12.618 after it (the German is Idle
/// in it), nor after the Idle Day that follows.
fn support_with_counterattack(cg: &str, full: i64) {
    let c = after_initial(cg, true, 0);
    let d = first_date(cg);
    assert_eq!(
        support(&c, d, Some(2)),
        (full + 1) / 2,
        "CG {cg}: halved (FRU)"
    );
    record_counterattack(&c, cg, 0);
    assert_eq!(
        support(&c, d + 1, None),
        0,
        "CG {cg}: none after a Counterattack"
    );
    assert_eq!(
        support(&c, d + 2, Some(3)),
        0,
        "CG {cg}: none after an Idle Day"
    );
}

#[test]
fn c43_cg_i_support_cpp_4_after_the_initial_scenario_none_after_an_idle_day() {
    support_without_counterattack("I", 4);
}

#[test]
fn c43_cg_i_support_cpp_2_before_a_counterattack_none_after_it() {
    support_with_counterattack("I", 4);
}

#[test]
fn c43_cg_ii_support_cpp_6_after_the_initial_scenario_none_after_an_idle_day() {
    support_without_counterattack("II", 6);
}

#[test]
fn c43_cg_ii_support_cpp_3_before_a_counterattack_none_after_it() {
    support_with_counterattack("II", 6);
}

/// CG III's Initial Scenario is a Dual Attack (C15): 6 Support CPP, and no
/// Counterattack may follow it.
#[test]
fn c43_cg_iii_support_cpp_6_after_the_initial_dual_attack_none_after_an_idle_day() {
    support_without_counterattack("III", 6);
}

#[test]
fn c43_cg_iv_support_cpp_6_after_the_initial_scenario_none_after_an_idle_day() {
    support_without_counterattack("IV", 6);
}

#[test]
fn c43_cg_iv_support_cpp_3_before_a_counterattack_none_after_it() {
    support_with_counterattack("IV", 6);
}

/// C44 (with C26): the CVP DRM counts a scenario's Casualty VP once, in the
/// first 12.618 after it: the German Assault's 45 (-2) before the
/// Counterattack, the Counterattack's 25 (-1) after it, and nothing in the
/// 12.618 after the Idle Day that follows.
#[test]
fn c44_cvp_drm_counts_each_scenario_once_and_not_after_an_idle_day() {
    let c = after_initial("I", true, 45);
    let (drm, _, _) = roll(&c, "15/9", "12.618", "german");
    assert!(drm.contains("-2 45 Casualty VP suffered"), "{drm}");
    record_counterattack(&c, "I", 25);
    let (drm, _, _) = roll(&c, "16/9", "12.618", "german");
    assert!(drm.contains("-1 25 Casualty VP suffered"), "{drm}");
    assert!(!drm.contains("45 Casualty VP"), "{drm}");
    let (drm, _, _) = roll(&c, "17/9", "12.618", "german");
    assert!(
        !drm.contains("Casualty VP"),
        "C44: not again after the Idle Day: {drm}"
    );
}
