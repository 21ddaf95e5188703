//! Weapon Repair and Captured Weapons (12.6152-12.6155) with what players
//! could not say before: which weapon of an AFV malfunctioned (its MA or
//! one of its MGs), a weapon captured and malfunctioned in the same
//! scenario, and a Repair Number (A9.72) never guessed. From the README
//! walkthrough (`rosters/cg-i-walkthrough`): the German has the StuG IIIG
//! G-31 and G-32, a MMG G-14, LMGs G-15, G-28 and G-41.

use crate::common::Camp;
use predicates::prelude::*;

fn answers(german: &str, outcome: &str) -> String {
    format!(
        r#"
[scenario]
victor = "german"
cvp = {{ german = 10, russian = 12 }}

[german]
f36 = false
{german}

[german.outcome]
{outcome}
"#
    )
}

/// The scenario recorded with `outcome`; both sides before 12.615d.
fn recorded(outcome: &str) -> Camp {
    let c = Camp::sample("cg-i-walkthrough");
    c.refit(&["--until", "12.615a"], &answers("", outcome), None)
        .success();
    c
}

#[test]
fn rule_12_6152_an_afvs_ma_and_mg_are_named_and_rolled_for_apart() {
    let outcome = r#"malfunctioned = ["G-31 MA", "G-32 BMG", "G-32 CMG"]"#;
    let c = recorded(outcome);
    assert_eq!(
        c.conditions("german", "G-31"),
        ["{malfunctioned-weapon:MA}"]
    );
    // One dr per weapon (-2 Vehicular, -1 Repair Number): the MA 5 (2:
    // fails), G-32's BMG 5 (fails), its CMG 4 (1: Repaired). No question
    // which malfunctioned weapon is the MA: it is named.
    let german = r#"repair_numbers = ["G-31 1", "G-32 1"]
mg_exchange = ["G-32"]"#;
    c.refit(
        &["--side", "german", "--until", "12.615g"],
        &answers(german, outcome),
        Some("5 5 4"),
    )
    .success();
    assert!(c.rows("malfunctioned_ma").is_empty());
    let rows = c.rows("Weapon Repair of G-3");
    assert_eq!(rows.len(), 3, "{rows:#?}");
    assert!(rows[0].contains("G-31 StuG IIIG MA"), "{rows:#?}");
    // The MA lost: the AFV is Retained as a Wreck (12.6152 *).
    assert_eq!(c.box_of("german", "G-31"), "retained-wreck");
    assert!(
        c.conditions("german", "G-31")
            .contains(&"wreck".to_string())
    );
    // The BMG Disabled, then repaired by an LMG Eliminated (12.6153); the
    // CMG repaired.
    assert_eq!(c.box_of("german", "G-32"), "retained");
    assert!(
        c.conditions("german", "G-32").is_empty(),
        "{:?}",
        c.conditions("german", "G-32")
    );
    assert_eq!(c.rows("AFV MG exchange").len(), 1);
    assert_eq!(c.box_of("german", "G-15"), "casualties");
}

#[test]
fn rule_12_6152_a_weapon_is_named_only_on_an_afv() {
    let c = Camp::sample("cg-i-walkthrough");
    c.refit(
        &["--until", "12.615a"],
        &answers("", r#"malfunctioned = ["G-14 MA"]"#),
        None,
    )
    .failure()
    .stderr(predicate::str::contains("G-14 MMG is not a vehicle"));
}

#[test]
fn rule_12_6155_captured_and_malfunctioned_in_one_scenario_is_eliminated_without_a_dr() {
    let outcome = r#"captured = ["LMG malfunctioned", "MMG"]"#;
    let c = recorded(outcome);
    let force = c.force_json("german");
    let captured: Vec<(String, String)> = force["counters"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|x| x["note"] == "captured in play")
        .map(|x| {
            (
                x["id"].as_str().unwrap().to_string(),
                x["unit"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(captured.len(), 2, "{captured:?}");
    let (lmg, mmg) = (&captured[0], &captured[1]);
    assert_eq!((lmg.1.as_str(), mmg.1.as_str()), ("LMG", "MMG"));
    assert!(
        c.conditions("german", &lmg.0)
            .contains(&"malfunctioned".to_string())
    );
    // 12.6155: the functioning MMG rolls (1: kept); the malfunctioned LMG
    // is Eliminated with no dr.
    c.refit(
        &["--side", "german", "--until", "12.615g"],
        &answers("", outcome),
        Some("1"),
    )
    .success();
    assert_eq!(c.box_of("german", &lmg.0), "casualties");
    assert!(c.rows(&format!("Captured Weapon {} ", lmg.0)).is_empty());
    assert_eq!(c.rows(&format!("Captured Weapon {} ", mmg.0)).len(), 1);
    assert_eq!(c.box_of("german", &mmg.0), "retained");
    let said = c.rows("Malfunctioned Captured Weapon");
    assert!(
        said.iter()
            .any(|r| r.contains(&lmg.0) && r.contains("Eliminated")),
        "{said:#?}"
    );
}

#[test]
fn rule_12_6152_a9_72_a_repair_number_not_entered_is_required_not_taken_as_1() {
    let outcome = r#"malfunctioned = ["G-14", "G-15"]"#;
    let c = recorded(outcome);
    c.refit(
        &["--side", "german", "--until", "12.615d"],
        &answers("", outcome),
        Some(""),
    )
    .success();
    let before = c.campaign_files();
    c.refit(
        &["--side", "german", "--until", "12.615g"],
        &answers("", outcome),
        Some("1 1"),
    )
    .failure()
    .stderr(predicate::str::contains("german.repair_numbers"))
    .stderr(predicate::str::contains("G-14 MMG"))
    .stderr(predicate::str::contains("G-15 LMG"));
    // One given, one missing: refused, naming the one missing.
    c.refit(
        &["--side", "german", "--until", "12.615g"],
        &answers(r#"repair_numbers = ["G-14 2"]"#, outcome),
        Some("1 1"),
    )
    .failure()
    .stderr(predicate::str::contains("german.repair_numbers"))
    .stderr(predicate::str::contains("no Repair Number for G-15 LMG"));
    assert!(
        c.campaign_files() == before,
        "a refusal changes nothing of its step"
    );
    // Both given: each is the drm of its own roll.
    c.refit(
        &["--side", "german", "--until", "12.615g"],
        &answers(r#"repair_numbers = ["G-14 2", "G-15 3"]"#, outcome),
        Some("1 1"),
    )
    .success();
    let rows = c.rows("Weapon Repair of G-1");
    assert_eq!(rows.len(), 2, "{rows:#?}");
    let drms: Vec<String> = c
        .log()
        .iter()
        .filter(|r| {
            r["What"]
                .as_str()
                .unwrap_or_default()
                .contains("Weapon Repair of G-1")
        })
        .map(|r| r["DRM"].as_str().unwrap().to_string())
        .collect();
    assert!(drms[0].contains("Weapon Repair Number 2"), "{drms:#?}");
    assert!(drms[1].contains("Weapon Repair Number 3"), "{drms:#?}");
    assert!(!drms.iter().any(|d| d.contains("C38")), "{drms:#?}");
}

#[cfg(unix)]
#[test]
fn rule_12_6152_a9_72_the_terminal_asks_again_until_the_repair_number_is_given() {
    use rexpect::reader::Options;
    use rexpect::session::spawn_with_options;
    let outcome = r#"malfunctioned = ["G-14"]"#;
    let c = recorded(outcome);
    c.refit(
        &["--side", "german", "--until", "12.615d"],
        &answers("", outcome),
        Some(""),
    )
    .success();
    let mut cmd = std::process::Command::new(assert_cmd::cargo::cargo_bin!("votg"));
    cmd.args(["--dice-file", &c.file("d.txt", "1"), "refit", c.path()])
        .args(["--side", "german", "--until", "12.615g"])
        .env("TERM", "xterm")
        .env("COLUMNS", "200")
        .env("VOTG_NOW", "2026-01-01T00:00:00Z");
    let options = Options::new()
        .timeout_ms(Some(30_000))
        .strip_ansi_escape_codes(true);
    let mut p = spawn_with_options(cmd, options).unwrap();
    // An MMG the German's squads can use: no Non-Qualified Use question.
    p.exp_string("the Repair Number printed").unwrap();
    // Enter alone: asked again, never taken as 1.
    p.send_line("").unwrap();
    p.exp_string("no Repair Number for G-14 MMG").unwrap();
    p.send_line("G-14 2").unwrap();
    p.exp_string("-2 Weapon Repair Number 2").unwrap();
    p.exp_eof().unwrap();
    assert_eq!(c.counter("german", "G-14")["repair"], 2);
}
