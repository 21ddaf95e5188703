//! AFV Platoon Redeployment (12.6162) across CG Days: which AFV are rolled
//! for (C36, C47), and what a Redeployed Pltn's re-entry roll says. Driven
//! through the binary from the README walkthrough (`rosters/cg-i-walkthrough`,
//! the CG I Initial Scenario set up): the German has the given StuG G Pltn
//! (row 4: G-31, G-32) and the StuG B Pltn he bought (row 5), the Russian
//! CG I's lone Initial-OB T-34 (R-3, immobilized) and the T-34 Pltn he bought
//! (A3, row 4: R-50, R-51).

use crate::common::Camp;

/// The scenario won by the German, nothing else recorded; both sides then
/// attack/idle as in every later CG I scenario, nobody buys.
const PLAYED: &str = r#"
[scenario]
victor = "german"
cvp = { german = 10, russian = 12 }

[german]
buy = []
fortify = []
recon = 0
initiative = "attack"
f36 = false

[russian]
buy = []
fortify = []
recon = 0
initiative = "idle"
"#;

fn with_outcome(outcome: &str) -> String {
    format!("{PLAYED}\n{outcome}")
}

/// The 12.6162 rows of the journal (first rolls and re-entry rolls).
fn redeployment_rows(c: &Camp) -> Vec<String> {
    c.rows("Platoon Redeployment")
        .into_iter()
        .chain(c.rows("re-entry"))
        .collect()
}

#[test]
fn c47_lone_initial_ob_afv_outside_any_pltn_is_never_rolled_for_12_6162() {
    let c = Camp::sample("cg-i-walkthrough");
    c.refit(&["--until", "12.616"], PLAYED, None).success();
    let rows = redeployment_rows(&c);
    // The bought T-34 Pltn entered (C36) and is rolled for; R-3 belongs to
    // no AFV Pltn RG (C47) and is not.
    assert!(
        rows.iter()
            .any(|r| r.contains("Russian AFV Platoon Redeployment row:4")),
        "{rows:#?}"
    );
    assert!(!rows.iter().any(|r| r.contains("R-3")), "{rows:#?}");
    assert_ne!(c.box_of("russian", "R-3"), "redeployed-afv");
}

#[test]
fn c47_captured_afv_one_dr_per_captured_enemy_pltn_12_6162() {
    let c = Camp::sample("cg-i-walkthrough");
    // Both T-34 of the Russian's A3 Pltn (row 4) captured by the German,
    // named by their enemy ids, and one more captured T-34 named only by
    // its counter name (its Pltn unknown: a part of its own).
    let outcome = r#"
[german.outcome]
captured = ["afv R-50", "afv R-51", "afv T-34 M41"]
"#;
    c.refit(&["--until", "12.616"], &with_outcome(outcome), None)
        .success();
    let force = c.force_json("german");
    let captured: Vec<&serde_json::Value> = force["counters"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|x| x["note"].as_str().unwrap_or_default().contains("captured"))
        .collect();
    assert_eq!(captured.len(), 3, "{captured:#?}");
    assert!(captured.iter().all(|x| x["unit"] == "T-34 M41"));
    // Taken from their owner: the Russian no longer has them.
    assert_eq!(c.box_of("russian", "R-50"), "casualties");
    assert_eq!(c.box_of("russian", "R-51"), "casualties");
    let rows = c.rows("German AFV Platoon Redeployment captured");
    assert_eq!(
        rows.len(),
        2,
        "one dr for the Pltn, one for the lone T-34: {rows:#?}"
    );
    assert!(
        rows.iter().any(|r| r.contains("captured Russian row:4")),
        "{rows:#?}"
    );
}

/// The walkthrough's scenario recorded, the German's StuG G Pltn (row 4)
/// Redeployed by a 6 at 12.6162 (the StuG B Pltn, row 5, Retained on a 1),
/// then the 16 Sep scenario set up, played and recorded: both sides stand
/// before the German's 12.616 on 17 Sep.
fn redeployed_then_played() -> Camp {
    let c = Camp::sample("cg-i-walkthrough");
    c.refit(&["--until", "12.615g"], PLAYED, None).success();
    c.refit(
        &["--side", "german", "--until", "12.616"],
        PLAYED,
        Some("6 1"),
    )
    .success();
    assert_eq!(c.box_of("german", "G-31"), "redeployed-afv");
    c.refit(&[], PLAYED, None).success();
    c.refit(&["--until", "12.615g"], PLAYED, None).success();
    c
}

#[test]
fn rule_12_6162_failed_re_entry_says_the_pltn_stays_redeployed() {
    let c = redeployed_then_played();
    // 12.6162 on 17 Sep: the StuG B Pltn's dr first (1: Retained), then
    // row 4's re-entry: 3, German Historical DRM for 17 Sep -1 = 2 > 1.
    c.refit(
        &["--side", "german", "--until", "12.616"],
        PLAYED,
        Some("1 3"),
    )
    .success()
    .stdout(predicates::str::contains("Stays Redeployed"));
    let rows = c.rows("re-entry");
    assert_eq!(rows.len(), 1, "{rows:#?}");
    assert!(rows[0].ends_with("=> Stays Redeployed"), "{rows:#?}");
    assert!(!rows[0].contains("Retained"), "{rows:#?}");
    assert_eq!(c.box_of("german", "G-31"), "redeployed-afv");
    assert_eq!(c.box_of("german", "G-32"), "redeployed-afv");
}

#[test]
fn rule_12_6162_re_entry_on_a_final_dr_of_1() {
    let c = redeployed_then_played();
    // 2, -1 for 17 Sep = 1: the boundary row.
    c.refit(
        &["--side", "german", "--until", "12.616"],
        PLAYED,
        Some("1 2"),
    )
    .success();
    let rows = c.rows("re-entry");
    assert!(rows[0].ends_with("=> Re-enters play"), "{rows:#?}");
    assert_eq!(c.box_of("german", "G-31"), "retained");
    assert_eq!(c.box_of("german", "G-33"), "retained", "its armor leader");
}

#[test]
fn rule_12_6162_assault_boats_of_an_infantry_rg_are_no_afv_pltn() {
    // CG III: the Russian buys a Guards SMG Pltn to enter in boats (note
    // b: one Assault Boat per MMC) and a T-34 Pltn; the Initial Scenario is
    // played and recorded, and every dr is a 6, so each AFV Pltn rolled for
    // at 12.6162 is Removed.
    let c = crate::play::initial(
        "III",
        crate::play::NOTHING,
        "buy = [\"I2 code=red boats\", \"A3\"]\nfortify = []\nrecon = 0\n",
    );
    let boats: Vec<serde_json::Value> = c.force_json("russian")["counters"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|x| x["unit"] == "Assault Boat")
        .cloned()
        .collect();
    assert!(!boats.is_empty());
    let row = boats[0]["rg_row"].as_u64().unwrap();
    let answers = format!("{PLAYED}\n[russian.outcome]\n");
    let a = c.file("played.toml", &answers);
    let d = crate::play::dice(&c, 6);
    crate::common::votg()
        .args(["--dice-file", &d, "refit", c.path(), "--answers", &a])
        .args(["--until", "12.616"])
        .assert()
        .success();
    // The Coy's boats are no AFV Pltn (note w is on the AFV RGs only): no
    // dr for its row, and they stay with the Coy.
    let rows = redeployment_rows(&c);
    assert!(
        rows.iter()
            .any(|r| r.starts_with("Russian AFV Platoon Redeployment")),
        "the Russian's AFV Pltns are rolled for: {rows:#?}"
    );
    assert!(
        !rows.iter().any(|r| r.contains(&format!("row:{row} "))),
        "{rows:#?}"
    );
    for b in &boats {
        let id = b["id"].as_str().unwrap();
        assert_ne!(c.box_of("russian", id), "redeployed-afv", "{id}");
    }
}

/// C48: a Labor counter (12.6151e/f) ends with the stay of the AFV it
/// marks. G-31 (the StuG G Pltn, row 4) and G-34 (the StuG B Pltn, row 5)
/// are Immobilized with a -1 Labor counter after 12.615; the German's
/// 12.6162 drs are 6 (row 4 Removed: Redeployed) and 1 (row 5 Retained).
/// G-31 is Redeployed without its Labor Status; G-34 keeps it.
#[test]
fn c48_12_6162_a_redeployed_afv_keeps_no_labor_status() {
    use votg::model::force::{Condition, CounterId};
    use votg::model::side::Side;
    let c = Camp::sample("cg-i-walkthrough");
    c.refit(&["--until", "12.615g"], PLAYED, None).success();
    c.edit(|s| {
        for n in [31, 34] {
            let id = CounterId::new(Side::German, n);
            s.german
                .force
                .set_condition(id, Condition::Immobilized)
                .unwrap();
            s.german.force.set_condition(id, Condition::Labor).unwrap();
        }
    });
    c.refit(
        &["--side", "german", "--until", "12.616"],
        PLAYED,
        Some("6 1"),
    )
    .success();
    assert_eq!(c.box_of("german", "G-31"), "redeployed-afv");
    let g31 = c.conditions("german", "G-31");
    assert!(!g31.iter().any(|x| x.contains("labor")), "{g31:?}");
    assert_eq!(c.box_of("german", "G-34"), "retained");
    let g34 = c.conditions("german", "G-34");
    assert!(g34.iter().any(|x| x.contains("labor")), "{g34:?}");
}
