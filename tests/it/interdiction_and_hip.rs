//! Two statuses that end with a scenario's start or its end (READINGS C48):
//! a German unit Interdicting a Ferry Landing keeps its TI counter from
//! 12.602 until the next scenario starts (12.6264); HIP bought at 12.623 is
//! for the next scenario only: what is still hidden at its end is placed
//! on the map (12.603g). Played in CG II (Ferry Landings, CG12) with votg
//! commands only.

use crate::common::{Camp, votg};
use crate::statuses::{WON, counter, force, has, refit, rows};

/// Each side's answers for one CG II RePh after a scenario.
const DAY: &str = r#"
[german]
buy = []
fortify = []
recon = 0
initiative = "attack"

[russian]
buy = []
fortify = []
recon = 0
initiative = "idle"
"#;

/// CG II with its Initial Scenario bought and set up (tests/data, as in
/// tests/refit_cg_ii.rs): the Russian bought `hip squad 2` (R-173, R-174).
fn cg_ii_set_up() -> Camp {
    let c = Camp::new("II");
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/");
    votg()
        .args(["--dice-file", &format!("{data}cg-ii-initial.dice")])
        .args(["refit", c.path(), "--answers"])
        .arg(format!("{data}cg-ii-initial.answers.toml"))
        .assert()
        .success();
    c
}

#[test]
fn rule_12_6264_c48_ti_interdicting_ends_when_the_next_scenario_starts() {
    let c = cg_ii_set_up();
    let record = format!(
        "{WON}{}",
        DAY.replace("[german]\n", "[german]\ninterdicting = [\"G-3\"]\n")
    );
    refit(&c, &record, None, Some("12.602")).success();
    assert!(has(&c, "G-3", "interdicting"));
    refit(&c, DAY, None, Some("12.625")).success();
    assert!(has(&c, "G-3", "interdicting"), "TI ended before 12.6264");
    refit(&c, DAY, None, Some("12.626")).success();
    assert!(!has(&c, "G-3", "interdicting"), "TI outlived 12.6264");
    assert_eq!(rows(&c, "12.626", "TI").len(), 1);
}

#[test]
fn rule_12_603g_c48_hip_ends_with_the_scenario_it_was_bought_for() {
    let c = cg_ii_set_up();
    let hip = |c: &Camp| {
        force(c, "russian")
            .iter()
            .filter(|x| x["unit"] == "HIP (squad)")
            .count()
    };
    assert_eq!(hip(&c), 2);
    refit(&c, &format!("{WON}{DAY}"), None, Some("12.602")).success();
    assert_eq!(hip(&c), 2, "HIP ended before 12.603");
    refit(&c, DAY, None, Some("12.603")).success();
    assert_eq!(hip(&c), 0, "HIP outlived its scenario");
    assert!(counter(&c, "R-173").is_none());
    // Said to the Russian alone (his HIP was secret).
    let ended = rows(&c, "12.603", "HIP");
    assert_eq!(ended.len(), 1, "{ended:?}");
    assert_eq!(ended[0]["Side"], "russian (secret)");
}
