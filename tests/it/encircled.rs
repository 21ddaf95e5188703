//! Encircled (A7.7) through a campaign: the outcome of a scenario marks
//! units Encircled, 12.605 gives each a 1TC, 12.6073 gives an Escape stack
//! +2, and 12.6074 removes every Encircled marker (READINGS C48). Played
//! from the README walkthrough with votg commands only.

use crate::statuses::{DAY, WON, has, refit, rows, text, walkthrough};
use predicates::prelude::*;

/// Scenario 1 recorded with G-4 (with its leader G-19) and G-18 Encircled.
const ENCIRCLED: &str = r#"
[german.outcome]
encircled = ["G-4 with G-19", "G-18"]
"#;

/// The two 1TC of 12.605 passed (G-4: 2 +1 -1 = 2; G-18: 2 +1 = 3).
const TWO_TC_PASSED: &str = "1 1 1 1";

#[test]
fn c48_encircled_marker_removed_at_12_6074() {
    let c = walkthrough();
    refit(
        &c,
        &format!("{WON}{ENCIRCLED}{DAY}"),
        Some(TWO_TC_PASSED),
        Some("12.606"),
    )
    .success();
    // Until 12.6074 the markers stay (and the leader named for 12.605).
    assert!(has(&c, "G-4", "encircled") && has(&c, "G-4", "led-by"));
    assert!(has(&c, "G-18", "encircled"));
    refit(&c, DAY, None, Some("12.607"))
        .success()
        .stdout(predicate::str::contains("12.6074"));
    for id in ["G-4", "G-18"] {
        assert!(!has(&c, id, "encircled"), "{id} is still Encircled");
        assert!(!has(&c, id, "led-by"), "{id} still names a 12.605 leader");
    }
    let removed = rows(&c, "12.607", "Encircled");
    assert_eq!(removed.len(), 1, "{removed:?}");
    assert_eq!(text(&removed[0], "Rule"), "12.6074");
}

#[test]
fn c48_rule_12_6051_a_later_1tc_only_for_units_the_later_outcome_encircles() {
    let c = walkthrough();
    refit(
        &c,
        &format!("{WON}{ENCIRCLED}{DAY}"),
        Some(TWO_TC_PASSED),
        Some("12.605"),
    )
    .success();
    // The rest of the RePh after scenario 1, with the campaign's dice.
    refit(&c, DAY, None, None).success();
    // Scenario 2: only G-5 is Encircled; its 1TC passes (2 +1 = 3).
    let second = format!("{WON}[german.outcome]\nencircled = [\"G-5\"]\n{DAY}");
    refit(&c, &second, Some("1 1 1 1 1 1"), Some("12.605")).success();
    let tc: Vec<String> = rows(&c, "12.605", "1TC")
        .iter()
        .map(|r| format!("{} {}", text(r, "CG Day"), text(r, "What")))
        .collect();
    assert_eq!(
        tc,
        [
            "15/9 G-4 4-6-7 Encircled: 1TC, Morale 7",
            "15/9 G-18 9-1 Encircled: 1TC, Morale 9",
            "16/9 G-5 4-6-7 Encircled: 1TC, Morale 7",
        ]
    );
}

/// G-4 and G-18 Encircled, all three in the Isolated Area "Pocket"; G-4
/// and G-5 each Escape in a stack of their own (no `encircled` answer);
/// G-18 stays, until the Area is type B and he must Escape (12.6075).
const POCKET: &str = r#"
[german.outcome]
encircled = ["G-4", "G-18"]

[[isolation.area]]
name = "Pocket"
german = ["G-4", "G-5", "G-18"]

[[isolation.escape]]
area = "Pocket"
counters = ["G-4"]

[[isolation.escape]]
area = "Pocket"
counters = ["G-5"]
"#;

fn escape_drm(c: &crate::common::Camp, who: &str) -> String {
    let r = rows(c, "12.607", &format!("Escape from Pocket of {who}"));
    assert_eq!(r.len(), 1, "{who}: {r:?}");
    text(&r[0], "DRM")
}

#[test]
fn rule_12_6073_c48_encircled_plus_2_from_the_recorded_status_none_after_12_6074() {
    let c = walkthrough();
    // 12.605: two 1TC passed. 12.6073: G-4 2+2 +1 HS +2 Encircled = 7,
    // Escapes; G-5 2+2 +1 = 5, Escapes; then G-18 alone, forced after
    // 12.6074 and 12.6075 (the Area is type B): 2+2 -1 lone SMC = 3.
    refit(
        &c,
        &format!("{WON}{POCKET}{DAY}"),
        Some("1 1 1 1 2 2 2 2 2 2"),
        Some("12.607"),
    )
    .success();
    let g4 = escape_drm(&c, "G-4");
    assert!(g4.contains("+2 Encircled (12.6073)"), "{g4}");
    assert!(!escape_drm(&c, "G-5").contains("Encircled"));
    let g18 = escape_drm(&c, "G-18 9-1 (must Escape");
    assert!(!g18.contains("Encircled"), "{g18}");
    assert!(g18.contains("-1 Lone, unwounded SMC"), "{g18}");
}

/// Scenario 1 recorded with G-4 Encircled and the Area "Pocket" holding G-4
/// and G-5, stopped before 12.607; `stack` is one `[[isolation.escape]]`.
fn at_12_607(stack: &str) -> (crate::common::Camp, String) {
    let c = walkthrough();
    let answers = format!(
        "{WON}[german.outcome]\nencircled = [\"G-4\"]\n\n[[isolation.area]]\nname = \"Pocket\"\ngerman = [\"G-4\", \"G-5\"]\n\n[[isolation.escape]]\narea = \"Pocket\"\n{stack}\n{DAY}"
    );
    (c, answers)
}

#[test]
fn rule_12_6073_c48_an_escape_answer_encircled_must_agree_with_the_record() {
    // `encircled = true` for G-5, never recorded Encircled: refused, and
    // 12.607 changed nothing (G-5 is not Isolated).
    let (c, a) = at_12_607("counters = [\"G-5\"]\nencircled = true");
    refit(&c, &a, Some("1 1 2 2"), Some("12.607"))
        .failure()
        .code(1)
        .stderr(predicate::str::contains("encircled"))
        .stderr(predicate::str::contains("G-5"))
        .stderr(predicate::str::contains(
            "the step it stopped in was not written",
        ));
    assert!(!has(&c, "G-5", "isolated"));
    assert!(rows(&c, "12.607", "Escape").is_empty());
    // `encircled = false` for G-4, recorded Encircled: refused too.
    let (c, a) = at_12_607("counters = [\"G-4\"]\nencircled = false");
    refit(&c, &a, Some("1 1 2 2"), Some("12.607"))
        .failure()
        .code(1)
        .stderr(predicate::str::contains("G-4"));
    // `encircled = true` for G-4 agrees: +2.
    let (c, a) = at_12_607("counters = [\"G-4\"]\nencircled = true");
    refit(&c, &a, Some("1 1 2 2"), Some("12.607")).success();
    assert!(escape_drm(&c, "G-4").contains("+2 Encircled"));
}
