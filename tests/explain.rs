//! `votg explain`: the story of one RG Purchase Record row, from the
//! journal rows that concern it.

mod common;
use common::votg;
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
