//! Fixes from an independent rules check and a new user's trial
//! (OBA limit, optional DRMs, Bombardment spacing, clear messages, wording).
//! Each test is named after its item.

use crate::common::{Camp, votg};

/// `votg buy` for `side`: its exit code and its stdout + stderr.
fn buy(c: &Camp, side: &str, what: &[&str]) -> (i32, String) {
    let mut args = vec!["buy", c.path(), "--side", side];
    args.extend(what);
    let out = votg().args(&args).output().unwrap();
    let text =
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    (out.status.code().unwrap_or(-1), text)
}

#[test]
fn c39_cg_i_a_second_oba_module_is_bought_with_a_warning() {
    let c = Camp::new("I");
    let (code, text) = buy(&c, "german", &["O4", "O1"]);
    assert_eq!(code, 0, "{text}");
    assert!(text.contains("German bought O1"), "{text}");
    assert!(
        text.contains("2 OBA modules on hand")
            && text.contains("at most 1 per CG scenario (CGI-2)")
            && text.contains("READINGS.md C39"),
        "{text}"
    );
    let rows = c.state().german.purchases;
    assert_eq!(rows.iter().filter(|r| r.rg_id.starts_with('O')).count(), 2);
}

#[test]
fn c39_cg_ii_the_given_module_counts_on_hand() {
    let c = Camp::new("II");
    // The given Med Arty and O1 make two: CG6 allows two, so no warning.
    let (code, text) = buy(&c, "german", &["O1"]);
    assert_eq!(code, 0, "{text}");
    assert!(!text.contains("OBA modules on hand"), "{text}");
    // O3 makes three on hand for the Initial Scenario.
    let (code, text) = buy(&c, "german", &["O3"]);
    assert_eq!(code, 0, "{text}");
    assert!(
        text.contains("3 OBA modules on hand") && text.contains("at most 2 per CG scenario (CG6)"),
        "{text}"
    );
}

#[test]
fn c40_a_second_bombardment_reminds_of_its_spacing() {
    let c = Camp::new("III");
    let (code, text) = buy(&c, "german", &["B1"]);
    assert_eq!(code, 0, "{text}");
    assert!(!text.contains("5 hexes"), "one Bombardment: {text}");
    let (code, text) = buy(&c, "german", &["B1"]);
    assert_eq!(code, 0, "{text}");
    assert!(
        text.contains("at least 5 hexes from every other") && text.contains("READINGS.md C40"),
        "{text}"
    );
}

#[test]
fn the_journal_records_the_normalised_purchase() {
    let c = Camp::new("III");
    let (code, text) = buy(&c, "german", &["i2  Code=Blue On-Map"]);
    assert_eq!(code, 0, "{text}");
    let s = c.state();
    let row = s
        .journal
        .iter()
        .find(|j| j.what.starts_with("Purchase "))
        .expect("journalled");
    assert_eq!(row.what, "Purchase I2 on-map code=blue");
}

/// The CG II Initial Scenario scripted (tests/data/), with `extra` answers
/// added to the Russian table.
fn cg_ii_scripted(extra: &str) -> Camp {
    let c = Camp::new("II");
    let base = include_str!("../data/cg-ii-initial.answers.toml");
    let answers = c.file("a.toml", &format!("{base}{extra}"));
    let dice = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/cg-ii-initial.dice");
    votg()
        .args([
            "--dice-file",
            dice,
            "refit",
            c.path(),
            "--answers",
            &answers,
        ])
        .assert()
        .success();
    c
}

/// The Commissars of the 62nd Army HQ Security Company (SSR II-4).
fn hq_commissars(c: &Camp) -> Vec<String> {
    c.state()
        .russian
        .force
        .counters
        .iter()
        .filter(|i| i.note.contains("62nd Army HQ"))
        .map(|i| i.unit.to_string())
        .collect()
}

#[test]
fn c30_the_nkvd_minus_one_may_be_declined() {
    // The scripted NKVD Leader Table DR is 6+6: with the -1 (the default,
    // C30) 11 gives a 9-0; declined, 12 gives an 8+1.
    let c = cg_ii_scripted("");
    assert_eq!(hq_commissars(&c), ["9-0"]);
    let c = cg_ii_scripted("nkvd_minus_one = true\n");
    assert_eq!(hq_commissars(&c), ["9-0"]);
    let c = cg_ii_scripted("nkvd_minus_one = false\n");
    assert_eq!(hq_commissars(&c), ["8+1"]);
    let s = c.state();
    let row = s
        .journal
        .iter()
        .find(|j| j.what == "SSR II-4 optional -1 DRM")
        .expect("the choice is journalled");
    assert_eq!(row.result, "declined (READINGS.md C30)");
    assert!(
        s.journal
            .iter()
            .any(|j| j.answer_id == "russian.nkvd_minus_one" && j.answer == "false"),
        "the answer is journalled"
    );
}

#[test]
fn buy_takes_a_folder_named_like_an_rg() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("c2");
    let d = dir.to_str().unwrap();
    votg()
        .args(["new", d, "--cg", "I", "--seed", "1"])
        .assert()
        .success();
    // `c2` looks like an RG ID; from inside the parent folder it is the
    // campaign folder all the same, since it exists.
    votg()
        .current_dir(tmp.path())
        .args(["buy", "c2", "--side", "german", "I1"])
        .assert()
        .success();
}

#[test]
fn two_dice_typed_together_are_two_dice() {
    // `table roll --dice`: `34` and `3 4` are the same DR.
    for dice in ["34", "3 4", "3,4"] {
        votg()
            .args(["table", "roll", "escape", "--column", "afv", "--dice", dice])
            .assert()
            .success()
            .stdout(predicates::str::contains("Final DR 7"));
    }
    // Manual dice at the table: `34` where a DR is asked.
    votg()
        .args([
            "--manual-dice",
            "table",
            "roll",
            "escape",
            "--column",
            "afv",
        ])
        .write_stdin("34\n")
        .assert()
        .success()
        .stdout(predicates::str::contains("Final DR 7"));
    // A face that is no die says what the table takes.
    votg()
        .args(["table", "roll", "escape", "--column", "afv", "--dice", "57"])
        .assert()
        .code(1)
        .stderr(predicates::str::contains(
            "Table `escape` is rolled with a DR: give 2 die face(s), each 1 to 6",
        ));
    votg()
        .args([
            "--manual-dice",
            "table",
            "roll",
            "escape",
            "--column",
            "afv",
        ])
        .write_stdin("3\n")
        .assert()
        .code(1)
        .stderr(predicates::str::contains(
            "type two die faces, each 1 to 6, e.g. `3 4` or `34`",
        ));
}

#[test]
fn status_and_buy_say_when_a_side_has_finished() {
    let c = Camp::new("I");
    let answers = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/rosters/cg-i-walkthrough.answers.toml"
    );
    votg()
        .args(["refit", c.path(), "--answers", answers])
        .assert()
        .success();
    let out = votg().args(["status", c.path()]).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("German has finished the Refit Phase"),
        "{text}"
    );
    assert!(!text.contains("is at finished"), "{text}");
    let (code, text) = buy(&c, "german", &["I1"]);
    assert_eq!(code, 1);
    assert!(
        text.contains("the German side has finished the Refit Phase"),
        "{text}"
    );
    assert!(!text.contains("at step done"), "{text}");
}

#[test]
fn force_organizer_words_flags_and_one_name_per_vehicle() {
    let c = Camp::new("I");
    let answers = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/rosters/cg-i-walkthrough.answers.toml"
    );
    votg()
        .args(["refit", c.path(), "--answers", answers])
        .assert()
        .success();
    let out = votg()
        .args(["force", c.path(), "--side", "russian"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(!text.contains("flags FI"), "{text}");
    assert!(text.contains("Front Line Location"), "{text}");
    assert!(!text.contains("T-34/M41"), "{text}");
    assert!(text.contains("T-34 M41"), "{text}");
}

#[test]
fn the_mortar_team_deploy_decision_is_journalled() {
    let c = cg_ii_scripted("");
    let s = c.state();
    let rows: Vec<_> = s
        .journal
        .iter()
        .filter(|j| j.what.ends_with("Light Mortar Deployment (note x)"))
        .collect();
    assert!(!rows.is_empty());
    assert!(
        rows.iter().any(|j| j.result.contains("Deployed into")),
        "{rows:?}"
    );
}

#[test]
fn side_has_help_and_dice_options_say_where_they_apply() {
    for cmd in ["buy", "roster", "purchases", "force"] {
        let out = votg().args([cmd, "--help"]).output().unwrap();
        let text = String::from_utf8_lossy(&out.stdout).to_string();
        let line = text
            .lines()
            .find(|l| l.trim_start().starts_with("--side"))
            .unwrap_or_default();
        assert!(
            line.contains("german or russian"),
            "`votg {cmd} --help`: {line:?}"
        );
    }
    let out = votg().args(["status", "--help"]).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(
        text.contains("Dice (only for the commands that roll: new, refit, table roll)"),
        "{text}"
    );
}

#[test]
fn an_answer_outside_a_side_table_says_where_it_belongs() {
    let c = Camp::new("I");
    let answers = c.file("a.toml", "buy = [\"I1\"]\n");
    votg()
        .args(["refit", c.path(), "--answers", &answers])
        .assert()
        .code(1)
        .stderr(predicates::str::contains(
            "`buy` is an answer for one side: put it under a [german] or [russian] table",
        ));
}
