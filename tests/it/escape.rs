//! 12.6073 Escape from Isolation: "any mobile, non-TI unit in an Isolated
//! Location may attempt to Escape". An AFV that cannot move (Immobilized,
//! Bogged, Abandoned) makes no Escape DR. Played from the README
//! walkthrough with votg commands only.

use crate::statuses::{DAY, WON, refit, rows, text, walkthrough};
use predicates::prelude::*;

/// Scenario 1 recorded with `outcome` and one Isolated Area, "Depot",
/// holding `who` (`german`/`russian`) `id`, which forms an Escape stack.
fn escape_answers(outcome: &str, who: &str, id: &str) -> String {
    format!(
        "{WON}{outcome}\n[[isolation.area]]\nname = \"Depot\"\n{who} = [\"{id}\"]\n\n[[isolation.escape]]\narea = \"Depot\"\ncounters = [\"{id}\"]\n{DAY}"
    )
}

fn refused_as_immobile(answers: &str, id: &str) {
    let c = walkthrough();
    refit(&c, answers, Some("3 3"), Some("12.607"))
        .failure()
        .code(1)
        .stderr(predicate::str::contains(id))
        .stderr(predicate::str::contains("mobile"))
        .stderr(predicate::str::contains("12.6073"))
        .stderr(predicate::str::contains(
            "the step it stopped in was not written",
        ));
    assert!(rows(&c, "12.607", "Escape").is_empty());
}

#[test]
fn rule_12_6073_an_immobilized_afv_makes_no_escape_dr() {
    // R-3, CG I's Russian T-34 M41, is Immobilized from the start (I-4).
    refused_as_immobile(&escape_answers("", "russian", "R-3"), "R-3");
    // Immobilized in play.
    let immobilized = "[german.outcome]\nimmobilized = [\"G-31\"]\n";
    refused_as_immobile(&escape_answers(immobilized, "german", "G-31"), "G-31");
}

#[test]
fn rule_12_6073_a_bogged_or_abandoned_afv_makes_no_escape_dr_a_shocked_one_does() {
    let bogged = "[german.outcome]\nbogged = [\"G-31\"]\n";
    refused_as_immobile(&escape_answers(bogged, "german", "G-31"), "G-31");
    let abandoned = "[german.outcome]\nabandoned = [\"G-32\"]\n";
    refused_as_immobile(&escape_answers(abandoned, "german", "G-32"), "G-32");
    // A Shocked AFV is not Immobile: it rolls on the AFV column (3+3 = 6,
    // Escapes).
    let shocked = "[german.outcome]\nshocked = [\"G-31\"]\n";
    let c = walkthrough();
    refit(
        &c,
        &escape_answers(shocked, "german", "G-31"),
        Some("3 3"),
        Some("12.607"),
    )
    .success();
    let r = rows(&c, "12.607", "Escape from Depot of G-31");
    assert_eq!(r.len(), 1, "{r:?}");
    assert_eq!(text(&r[0], "Result"), "Escapes");
}
