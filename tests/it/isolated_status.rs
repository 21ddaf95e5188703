//! Isolated is what the players report at each 12.607, and no longer: a
//! unit Isolated after one scenario and not after the next is Isolated no
//! more, so 12.6159 lifts its Ammunition Shortage (12.6071, READINGS C48).
//! Played from the README walkthrough with votg commands only.

use crate::statuses::{DAY, WON, has, refit, walkthrough};

#[test]
fn rule_12_607_c48_isolated_as_reported_again_and_12_6159_ammunition_shortage_lifted() {
    let c = walkthrough();
    // Scenario 1: G-5 alone in a type C Area, stays (no Escape stack).
    let pocket = "[[isolation.area]]\nname = \"Pocket\"\ngerman = [\"G-5\"]\n";
    refit(&c, &format!("{WON}{pocket}{DAY}"), None, None).success();
    // After its RePh: still Isolated, so still short of ammunition (12.6159
    // lifts it from non-Isolated units only).
    assert!(has(&c, "G-5", "isolated") && has(&c, "G-5", "ammo-shortage"));
    // Scenario 2: no Isolated Area reported.
    refit(&c, &format!("{WON}{DAY}"), None, Some("12.606")).success();
    assert!(has(&c, "G-5", "isolated"), "ended before 12.607");
    refit(&c, DAY, None, Some("12.607")).success();
    assert!(!has(&c, "G-5", "isolated"), "Isolated outlived 12.607");
    assert!(has(&c, "G-5", "ammo-shortage"));
    refit(&c, DAY, None, Some("12.615g")).success();
    assert!(!has(&c, "G-5", "ammo-shortage"), "not lifted at 12.6159");
}
