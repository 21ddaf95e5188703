//! `votg explain`: the story of one RG Purchase Record row, from the
//! journal rows that concern it.

use crate::common::{Camp, copy_all, votg};
use std::path::Path;

fn walkthrough() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("rosters/cg-i-walkthrough")
        .to_string_lossy()
        .into_owned()
}

fn explain(side: &str, row: &str) -> String {
    let out = votg()
        .args(["explain", &walkthrough(), "--side", side, row])
        .assert()
        .success();
    String::from_utf8(out.get_output().stdout.clone()).unwrap()
}

#[test]
fn two_rows_of_the_same_rg_tell_their_own_rolls() {
    // Rows 1 and 3 are both I5 NKVD Militia Coys: the Initial OB's and the
    // one bought, each with its own strength DR.
    let given = explain("russian", "1");
    let bought = explain("russian", "3");
    assert!(
        given.contains("+3 Initial OB NKVD Militia Coy (SSR I-4)"),
        "{given}"
    );
    assert!(given.contains("dice 2,6 = 8"), "{given}");
    assert!(!given.contains("dice 6,4 = 10"), "{given}");
    assert!(bought.contains("dice 6,4 = 10"), "{bought}");
    assert!(!bought.contains("Initial OB NKVD"), "{bought}");
    assert!(bought.contains("Purchase I5"), "{bought}");
    assert!(
        bought.contains("4 CPP (4 chart cost (12.6214))"),
        "{bought}"
    );
}

#[test]
fn a_row_story_has_each_roll_its_drms_and_its_counters() {
    let text = explain("german", "5");
    for part in [
        "row 5: A1 StuG B Pltn",
        "answer german.buy",
        "table platoon-strength column strength: dice 4,1 = 5",
        "-1 German Historical DRM for 15 Sep (12.6221)",
        "final 4 → Full Strength (12.6221)",
        "table armor-leader column leader",
        "final 3 → 9-2 (12.6227)",
        "G-34..G-36  3 x StuG IIIB",
    ] {
        assert!(text.contains(part), "missing {part}:\n{text}");
    }
    // In order: the purchase before its strength DR before its leader.
    let at = |s: &str| text.find(s).unwrap();
    assert!(
        at("Purchase A1") < at("platoon-strength") && at("platoon-strength") < at("armor-leader")
    );
}

#[test]
fn a_row_that_does_not_exist_is_refused() {
    votg()
        .args(["explain", &walkthrough(), "--side", "german", "99"])
        .assert()
        .code(1)
        .stderr(predicates::str::contains("there is no row 99"));
    votg()
        .args(["explain", &walkthrough(), "--side", "german", "0"])
        .assert()
        .code(2);
}

/// The walkthrough campaign, its Initial Scenario played, in a temporary
/// folder.
fn played() -> Camp {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("campaign");
    copy_all(Path::new(&walkthrough()), &dir);
    Camp { tmp, dir }
}

fn refit(c: &Camp, answers: &str, dice: &[&str], until: &str) {
    let a = c.file("a.toml", answers);
    votg()
        .args(dice)
        .args(["refit", c.path(), "--answers", &a, "--until", until])
        .assert()
        .success();
}

fn story(c: &Camp, side: &str, row: &str) -> String {
    let out = votg()
        .args(["explain", c.path(), "--side", side, row])
        .assert()
        .success();
    String::from_utf8(out.get_output().stdout.clone()).unwrap()
}

/// Where each part is in `text`, asserting they come in this order.
fn in_order(text: &str, parts: &[&str]) {
    let mut from = 0;
    for p in parts {
        let at = text[from..]
            .find(p)
            .unwrap_or_else(|| panic!("missing (or out of order) {p}:\n{text}"));
        from += at + p.len();
    }
}

const PLAYED: &str = r#"
[scenario]
victor = "german"
cvp = { german = 8, russian = 12 }

[german.outcome]
eliminated = ["G-1"]
casualty_reduced = ["G-2"]
malfunctioned = ["G-14"]
heroes = ["1-4-9"]

[russian.outcome]
eliminated = ["R-21"]

[german]
harden = ["G-4"]
repair_numbers = ["G-14 1"]

[[isolation.area]]
name = "Cellar"
german = ["G-3"]
"#;

#[test]
fn a_row_story_tells_its_counters_loss_escape_hardening_and_repair_in_order() {
    let c = played();
    let escape = format!("{PLAYED}[[isolation.escape]]\narea = \"Cellar\"\ncounters = [\"G-3\"]\n");
    refit(&c, &escape, &["--seed", "5"], "12.616");
    let german = story(&c, "german", "1");
    in_order(
        &german,
        &[
            "row 1: I1",
            // 12.604: what the scenario did to the row's counters.
            "Scenario 1 outcome: German: G-1 4-6-7 Eliminated (12.6041)",
            "Scenario 1 outcome: German: G-2 4-6-7 Reduced to 2-4-7",
            "Scenario 1 outcome: German: G-14 MMG Malfunctioned",
            // 12.606-12.607: Isolated, then its Escape roll and what came of it.
            "12.607 Isolated Area Cellar: Isolated: G-3",
            "12.607 Escape from Cellar of G-3 4-6-7 — table escape",
            "Escape from Cellar: Retained: G-3 (12.6074)",
            // 12.612: battle hardening (the German's own secret rows).
            "12.612 MMC Battle Hardening G-4: 4-6-7 -> 4-6-8 (12.6123)",
            // 12.615g: the malfunctioned MMG's repair DR.
            "12.615g German Weapon Repair of G-14 MMG — table weapon-repair",
            "Its counters now (Force Organizer):",
            "G-1  1 x 4-6-7 — Casualties",
            "G-4  1 x 4-6-8 — Retained; Battle Hardened this RePh",
        ],
    );
    // The other side's counters and rows are not in it.
    assert!(!german.contains("R-21"), "{german}");
    let russian = story(&c, "russian", "1");
    in_order(
        &russian,
        &[
            "Scenario 1 outcome: Russian: R-21 4-2-6 Eliminated (12.6041)",
            "R-21  1 x 4-2-6 — Casualties",
        ],
    );
    // The German's secret 12.612 rows never appear in a Russian story.
    for secret in ["Battle Hardening", "G-4", "german.harden", "12.612"] {
        assert!(!russian.contains(secret), "{secret} in:\n{russian}");
    }
}

#[test]
fn a_half_squad_split_off_its_squad_keeps_the_squads_story() {
    let c = played();
    refit(&c, PLAYED, &["--seed", "5"], "12.605");
    // DR 9, +1 for a squad's two HS-equivalents (C31): 10, Escapes;
    // Casualty Reduced (12.6073): the squad is split into a new HS.
    let escape = "[[isolation.area]]\nname = \"Cellar\"\ngerman = [\"G-3\"]\n[[isolation.escape]]\narea = \"Cellar\"\ncounters = [\"G-3\"]\n";
    let dice = c.file("d.txt", "4 5");
    refit(&c, escape, &["--dice-file", &dice], "12.607");
    let s = c.state();
    assert!(s.german.force.get("G-3".parse().unwrap()).is_none());
    let hs = s
        .german
        .force
        .of_rg_row(1)
        .find(|c| c.unit == "2-4-7" && c.id.to_string() != "G-2")
        .expect("the new HS is of row 1")
        .id
        .to_string();
    let german = story(&c, "german", "1");
    in_order(
        &german,
        &[
            "12.607 Escape from Cellar of G-3 4-6-7 — table escape",
            "final 10 → Escapes; Casualty Reduced",
            &format!("G-3 4-6-7: Casualty Reduced to {hs} 2-4-7 (12.6073)"),
            &format!("Escape from Cellar: Retained: {hs}"),
            &format!("{hs}  1 x 2-4-7 — Retained"),
        ],
    );
}
