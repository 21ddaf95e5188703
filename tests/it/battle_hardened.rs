//! Battle Hardening's statuses through a campaign (12.6123, READINGS C48):
//! "Battle Hardened this RePh" lasts to the end of that RePh (its 12.626
//! included) and no longer, so an MMC may harden again in a later RePh;
//! Fanatic from hardening lasts the next scenario only (12.603e removes it
//! after that scenario). Played from the README walkthrough with votg
//! commands only.

use crate::statuses::{DAY, WON, has, refit, rows, walkthrough};
use predicates::prelude::*;

/// The RePh's answers with more for the German (`harden = [...]`).
fn day_with(german: &str) -> String {
    DAY.replace("[german]\n", &format!("[german]\n{german}\n"))
}

/// 12.612 with every die a 3: German MMC DR 6 -3 (won today) = 3, two MMC;
/// Leader DR 6 -2 = 4 (9-1); Russian MMC DR 6 -1 = 5, one MMC; Leader DR 6.
const THREES: &str = "3 3 3 3 3 3 3 3";

/// Scenario 1 recorded and its RePh run to 12.612, `harden` hardening.
fn hardened_at_12_612(harden: &str) -> crate::common::Camp {
    let c = walkthrough();
    refit(&c, &format!("{WON}{DAY}"), None, Some("12.611")).success();
    refit(
        &c,
        &day_with(&format!("harden = [{harden}]")),
        Some(THREES),
        Some("12.612"),
    )
    .success();
    c
}

#[test]
fn c48_battle_hardened_lasts_through_12_626_of_its_reph() {
    let c = hardened_at_12_612("\"G-4\"");
    assert!(has(&c, "G-4", "battle-hardened"));
    refit(&c, DAY, None, Some("12.625")).success();
    assert!(has(&c, "G-4", "battle-hardened"), "ended before 12.626");
    refit(&c, DAY, None, Some("12.626")).success();
    assert!(!has(&c, "G-4", "battle-hardened"), "outlived its RePh");
    // The end is journalled to each side alone (the hardening is secret).
    let ended = rows(&c, "12.626", "Battle Hardened");
    assert!(
        ended.iter().any(
            |r| r["Side"] == "german (secret)" && r["Result"].as_str().unwrap().contains("G-4")
        )
    );
    assert!(
        ended
            .iter()
            .all(|r| r["Side"].as_str().unwrap().ends_with("(secret)"))
    );
}

#[test]
fn rule_12_6123_c48_an_mmc_may_battle_harden_again_in_a_later_reph() {
    let c = walkthrough();
    // 12.6074: G-5 Escapes on an Original 2 (2 +1 HS = 3) and Battle
    // Hardens by Heat of Battle: 4-6-7 -> 4-6-8.
    let pocket = r#"
[[isolation.area]]
name = "Pocket"
german = ["G-5"]

[[isolation.escape]]
area = "Pocket"
counters = ["G-5"]
heat_of_battle = "battle-hardening"
"#;
    refit(
        &c,
        &format!("{WON}{pocket}{DAY}"),
        Some("1 1"),
        Some("12.611"),
    )
    .success();
    // So G-5 may not harden again in this RePh (12.6123) ...
    refit(
        &c,
        &day_with("harden = [\"G-5\"]"),
        Some(THREES),
        Some("12.612"),
    )
    .failure()
    .code(1)
    .stderr(predicate::str::contains("G-5"));
    refit(
        &c,
        &day_with("harden = [\"G-4\"]"),
        Some(THREES),
        Some("12.612"),
    )
    .success();
    refit(&c, DAY, None, None).success();
    // ... but both may in the RePh after scenario 2: each 4-6-8 is elite
    // now, so each becomes Fanatic (C16).
    refit(&c, &format!("{WON}{DAY}"), None, Some("12.611")).success();
    refit(
        &c,
        &day_with("harden = [\"G-5\", \"G-4\"]"),
        Some(THREES),
        Some("12.612"),
    )
    .success();
    for id in ["G-4", "G-5"] {
        let done = rows(&c, "12.612", &format!("MMC Battle Hardening {id}"));
        assert_eq!(done.len(), 1 + usize::from(id == "G-4"), "{id}: {done:?}");
        assert!(has(&c, id, "fanatic-next-scenario"), "{id}");
    }
}

#[test]
fn c48_fanatic_from_battle_hardening_lasts_the_next_scenario_only() {
    // G-38, an elite 5-4-8, Battle Hardens: Fanatic for the next scenario.
    let c = hardened_at_12_612("\"G-38\"");
    assert!(has(&c, "G-38", "fanatic-next-scenario"));
    refit(&c, DAY, None, None).success();
    assert!(
        has(&c, "G-38", "fanatic-next-scenario"),
        "ended before its scenario"
    );
    // Scenario 2 played: the Fanatic marker goes with 12.603e.
    refit(&c, &format!("{WON}{DAY}"), None, Some("12.602")).success();
    assert!(has(&c, "G-38", "fanatic-next-scenario"));
    refit(&c, DAY, None, Some("12.603")).success();
    assert!(
        !has(&c, "G-38", "fanatic-next-scenario"),
        "outlived its scenario"
    );
}

/// C48: an "ELR Replaced" note (12.6221 †) ends when its squad Battle
/// Hardens. CG I's Initial Scenario with every die a 4 gives the German's
/// Rifle Coy three 4-4-7 ELR Replaced from 4-6-7 (G-10..G-12). G-11 Battle
/// Hardens in play (the scenario's outcome), G-10 at 12.612 (THREES: two
/// MMC); both are 4-6-7 again and their note is gone; G-12 keeps it.
#[test]
fn c48_an_elr_replaced_note_ends_when_its_squad_battle_hardens() {
    let c = crate::played::initial_with_faces(4);
    let note = |id: &str| {
        crate::played::counter(&c, id)["note"]
            .as_str()
            .unwrap_or_default()
            .to_string()
    };
    for id in ["G-10", "G-11", "G-12"] {
        assert!(note(id).contains("ELR Replaced from 4-6-7"), "{id}");
    }
    let outcome = "[german.outcome]\nbattle_hardened = [\"G-11\"]\n";
    refit(&c, &format!("{WON}{DAY}{outcome}"), None, Some("12.611")).success();
    refit(
        &c,
        &day_with("harden = [\"G-10\"]"),
        Some(THREES),
        Some("12.612"),
    )
    .success();
    for id in ["G-10", "G-11"] {
        assert_eq!(crate::played::looks(&c, id).0, "4-6-7", "{id}");
        assert!(!note(id).contains("ELR Replaced"), "{id}: {}", note(id));
    }
    assert_eq!(crate::played::looks(&c, "G-12").0, "4-4-7");
    assert!(note("G-12").contains("ELR Replaced from 4-6-7"));
}
