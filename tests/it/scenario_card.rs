//! `votg print --side S --scenario`: the next scenario's card for the
//! table, printed by one side — the public facts of the scenario and that
//! side's own entry, OBA and air, nothing secret of the other side.

use crate::common::{Camp, votg};

fn card(dir: &str, side: &str) -> String {
    let out = votg()
        .args(["print", dir, "--side", side, "--scenario"])
        .assert()
        .success();
    String::from_utf8(out.get_output().stdout.clone()).unwrap()
}

#[test]
fn the_scenario_card_holds_what_both_sides_play_under() {
    // cg-i-partway stands before 17 Sep's scenario 3, a German Assault.
    let c = Camp::sample("cg-i-partway");
    let html = card(c.path(), "german");
    for part in [
        "Scenario 3 — 17 Sep",
        "German Assault (12.6253)",
        "Victory Conditions",
        "The German must Control all hexes of building F36",
        "German ELR 4, SAN 3; Russian ELR 3, SAN 5",
        "clear; EC dry",
        "roll for Wind Force and direction before set-up",
        "<th>Sets up first</th><td>the Russian</td>",
        "<th>Moves first</th><td>the German</td>",
        "CGI-1 ENTRY AREAS",
        // The German's own OBA module, and CG I's one module a scenario.
        "G-44 Btln Mortar",
        "at most 1 OBA module(s) used in one CG scenario (CGI-2)",
    ] {
        assert!(html.contains(part), "{part} not on the card:\n{html}");
    }
}

#[test]
fn a_sides_card_shows_nothing_secret_of_the_other_side() {
    let c = Camp::sample("cg-i-partway");
    let russian = card(c.path(), "russian");
    assert!(russian.contains("Russian OBA and air on hand"), "{russian}");
    for secret in [
        "G-44",
        "Btln Mortar",
        "Pre-Reg",
        "German OBA",
        "German entry",
    ] {
        assert!(!russian.contains(secret), "{secret} on the Russian card");
    }
    let german = card(c.path(), "german");
    assert!(!german.contains("Russian OBA"), "{german}");
    // The card to a file, written as the sheets are.
    let out = c.tmp.path().join("card.html");
    votg()
        .args(["print", c.path(), "--side", "german", "--scenario"])
        .args(["--out", out.to_str().unwrap()])
        .assert()
        .success()
        .stdout(predicates::str::contains("the scenario 3 card"));
    assert_eq!(std::fs::read_to_string(out).unwrap(), german);
}

#[test]
fn no_card_is_printed_before_the_next_scenario_is_known() {
    // cg-i-aftermath stands in the Refit Phase after scenario 1, before
    // the chits that make the next one (12.6252).
    let c = Camp::sample("cg-i-aftermath");
    votg()
        .args(["print", c.path(), "--side", "german", "--scenario"])
        .assert()
        .code(1)
        .stderr(predicates::str::contains(
            "the next scenario is not known yet",
        ))
        .stderr(predicates::str::contains("12.6252"));
}

/// 12.51: CG I's Victory Condition (F36) applies to all its scenarios, in
/// place of the type's (12.6255): the card prints it alone (it printed
/// the Assault's Stone Hex and CVP conditions beside it, which contradict
/// it). And the side's own RGs entering or setting up, with their rows,
/// and how many Locations it may reconnoitre (12.624, 12.6265).
#[test]
fn the_card_prints_only_the_victory_conditions_that_apply_and_the_sides_own_rgs_and_recon() {
    let c = Camp::sample("cg-i-partway");
    let html = card(c.path(), "german");
    let victory = html
        .split("<th>Victory Conditions</th><td>")
        .nth(1)
        .and_then(|t| t.split("</td>").next())
        .unwrap();
    assert!(victory.contains("building F36"), "{victory}");
    for generic in ["Assault (12.6255)", "&gt;= 20 (German)", "Casualty VP"] {
        assert!(!victory.contains(generic), "{generic}: {victory}");
    }
    assert!(
        html.contains("<th>German RGs entering or set up on map</th><td>entering: I2 Stösstruppe Pltn (row 9)</td>"),
        "{html}"
    );
    // The walkthrough, before its Initial Scenario: the German spent 1 CPP
    // on Recon (4 Locations), and enters A1, sets up I2 and O1.
    let c = Camp::sample("cg-i-walkthrough");
    let html = card(c.path(), "german");
    for part in [
        "<th>German Recon (12.624)</th><td>4 Location(s)",
        "entering: A1 StuG B Pltn (row 5)",
        "setting up on map: I2 Stösstruppe Pltn (row 6), O1 Btln Mortar (row 7)",
    ] {
        assert!(html.contains(part), "{part}:\n{html}");
    }
    let russian = card(c.path(), "russian");
    assert!(!russian.contains("German Recon"), "{russian}");
    assert!(!russian.contains("A1 StuG"), "{russian}");
}
