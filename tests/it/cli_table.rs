//! `votg table …` through the real binary.

use assert_cmd::Command;
use predicates::prelude::*;

fn votg() -> Command {
    let mut c = Command::cargo_bin("votg").unwrap();
    c.env("COLUMNS", "200");
    c
}

fn json(args: &[&str]) -> serde_json::Value {
    let out = votg()
        .args(args)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    serde_json::from_slice(&out).expect("JSON output")
}

#[test]
fn list_names_every_table_of_design_4() {
    let out = votg()
        .args(["table", "list"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    for id in votg::rules::tables::DICE_TABLE_IDS
        .iter()
        .chain(votg::rules::tables::CHART_IDS)
    {
        assert!(text.contains(id), "{id}");
    }
}

#[test]
fn show_prints_chart_with_drms_footnotes_and_rule() {
    votg()
        .args(["table", "show", "escape"])
        .assert()
        .success()
        .stdout(predicate::str::contains("12.6073"))
        .stdout(predicate::str::contains(
            "Escapes; Replaced then Casualty Reduced",
        ))
        .stdout(predicate::str::contains("If Encircled"))
        .stdout(predicate::str::contains("fires on an Original 2"));
    for id in votg::rules::tables::CHART_IDS {
        votg().args(["table", "show", id]).assert().success();
    }
    votg()
        .args(["table", "show", "german-rg"])
        .assert()
        .success()
        .stdout(predicate::str::contains("Stösstruppe Pltn"))
        .stdout(predicate::str::contains("15/12/12³/9/9³"));
}

#[test]
fn roll_with_dice_and_negative_drm_json_matches_design_4() {
    let v = json(&[
        "table", "roll", "escape", "--column", "infantry", "--dice", "1,1", "--drm=-1", "--drm",
        "2", "--json",
    ]);
    assert_eq!(v["table"], "escape");
    assert_eq!(v["dice"], serde_json::json!([1, 1]));
    assert_eq!(v["original"], 2);
    assert_eq!(v["final"], 3);
    assert_eq!(v["result"], "Escapes");
    assert_eq!(v["drm"][0]["value"], -1);
    assert_eq!(v["drm"][1]["value"], 2);
    assert!(
        v["notes"][0].as_str().unwrap().starts_with("1 Original 2"),
        "{v}"
    );
}

#[test]
fn roll_wreck_repair_original_six_note() {
    let v = json(&[
        "table",
        "roll",
        "wreck-repair",
        "--dice",
        "6",
        "--drm=-3",
        "--json",
    ]);
    assert_eq!(v["final"], 3);
    assert_eq!(v["result"], "No change");
    assert!(
        v["notes"]
            .as_array()
            .unwrap()
            .iter()
            .any(|n| n.as_str().unwrap().starts_with("†")),
        "{v}"
    );
}

#[test]
fn roll_without_dice_rolls_and_a_seed_replays() {
    let a = json(&[
        "table",
        "roll",
        "cpp-replenishment",
        "--seed",
        "99",
        "--json",
    ]);
    let b = json(&[
        "table",
        "roll",
        "cpp-replenishment",
        "--seed",
        "99",
        "--json",
    ]);
    assert_eq!(a, b);
    let d = a["dice"].as_array().unwrap();
    assert_eq!(d.len(), 2);
}

#[test]
fn roll_from_dice_file_and_manual_dice() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("dice.txt");
    std::fs::write(&file, "5 6\n").unwrap();
    let v = json(&[
        "table",
        "roll",
        "weather",
        "--dice-file",
        file.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(v["result"], "Clear & Gusty");
    let out = votg()
        .args(["table", "roll", "ec", "--manual-dice", "--json"])
        .write_stdin("2\n")
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(v["result"], "Moderate");
    votg()
        .args(["table", "roll", "ec", "--manual-dice"])
        .write_stdin("7\n")
        .assert()
        .code(1);
    votg()
        .args(["table", "roll", "ec", "--manual-dice"])
        .write_stdin("")
        .assert()
        .code(1);
}

#[test]
fn roll_russian_platoon_leader_gate() {
    // gate dr 5 fails: no leader.
    let v = json(&[
        "table",
        "roll",
        "platoon-leader",
        "--side",
        "russian",
        "--dice",
        "5,3,4",
        "--json",
    ]);
    assert_eq!(v["gate"]["passed"], false);
    // gate dr 4 passes, DR 3+4 = 7: 8-0.
    let v = json(&[
        "table",
        "roll",
        "platoon-leader",
        "--side",
        "russian",
        "--dice",
        "4,3,4",
        "--json",
    ]);
    assert_eq!(v["gate"]["passed"], true);
    assert_eq!(v["result"], "8-0");
    // Two faces: the gate was passed at the table.
    let v = json(&[
        "table",
        "roll",
        "platoon-leader",
        "--side",
        "russian",
        "--dice",
        "1,1",
        "--json",
    ]);
    assert_eq!(v["result"], "10-2");
}

#[test]
fn odds_json_and_text() {
    let v = json(&[
        "table",
        "odds",
        "infantry-coy-strength",
        "--drm=-1",
        "--json",
    ]);
    let rows = v["columns"][0]["rows"].as_array().unwrap();
    let total: f64 = rows
        .iter()
        .map(|r| r["probability"].as_f64().unwrap())
        .sum();
    assert!((total - 1.0).abs() < 1e-12);
    assert_eq!(rows[0]["ways"], 3, "≤ 2 with -1: Original ≤ 3 = 3/36");
    votg()
        .args(["table", "odds", "escape", "--column", "infantry"])
        .assert()
        .success()
        .stdout(predicate::str::contains("26/36"))
        .stdout(predicate::str::contains("1/36 (0.0278)"));
    let v = json(&["table", "odds", "escape", "--json"]);
    assert_eq!(
        v["columns"].as_array().unwrap().len(),
        2,
        "every column without --column"
    );
}

#[test]
fn usage_errors_exit_2_with_a_message() {
    votg()
        .args(["table", "roll", "nosuch"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no table `nosuch`"));
    votg()
        .args(["table", "roll", "escape"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--column"));
    votg()
        .args(["table", "roll", "escape", "--column", "tank"])
        .assert()
        .code(2);
    votg()
        .args(["table", "roll", "escape", "--side", "german"])
        .assert()
        .code(2);
    votg()
        .args(["table", "roll", "weather", "--dice", "3"])
        .assert()
        .code(2);
    votg()
        .args(["table", "roll", "hw-weapon", "--drm", "1"])
        .assert()
        .code(2);
    votg()
        .args(["table", "roll", "ec", "--dice", "7"])
        .assert()
        .code(1);
    votg().args(["table", "frobnicate"]).assert().code(2);
}

#[test]
fn tables_dir_overrides_and_reports_file_line_column() {
    let dir = tempfile::tempdir().unwrap();
    // A corrected copy of one table: CPP Replenishment gives +30 on <= 2.
    let text =
        include_str!("../../tables/cpp-replenishment.toml").replace("value = 20", "value = 30");
    std::fs::write(dir.path().join("cpp-replenishment.toml"), text).unwrap();
    let v = json(&[
        "--tables",
        dir.path().to_str().unwrap(),
        "table",
        "roll",
        "cpp-replenishment",
        "--dice",
        "1,1",
        "--json",
    ]);
    assert_eq!(v["value"], 30);

    std::fs::write(
        dir.path().join("cpp-replenishment.toml"),
        "schema = 1\nkind = \"dice\"\nid = = 3\n",
    )
    .unwrap();
    votg()
        .args(["--tables", dir.path().to_str().unwrap(), "table", "list"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("cpp-replenishment.toml:3:"));

    // A gap in the rows is named with its line.
    let gap = include_str!("../../tables/weather.toml").replace("range = \"3-4\"", "range = \"4\"");
    std::fs::write(
        dir.path().join("cpp-replenishment.toml"),
        include_str!("../../tables/cpp-replenishment.toml"),
    )
    .unwrap();
    std::fs::write(dir.path().join("weather.toml"), gap).unwrap();
    votg()
        .args(["--tables", dir.path().to_str().unwrap(), "table", "list"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("weather.toml:"))
        .stderr(predicate::str::contains("gap"));

    std::fs::write(dir.path().join("weather.toml"), [0xff, 0xfe, 0x00]).unwrap();
    votg()
        .args(["--tables", dir.path().to_str().unwrap(), "table", "list"])
        .assert()
        .code(1);
}

#[test]
fn drms_out_of_range_are_refused_not_wrapped() {
    // Two huge DRMs once wrapped round to a small total ("Final DR 5").
    for drms in [
        vec!["--drm", "2147483647", "--drm", "2147483647"],
        vec!["--drm", "99999999999"],
        vec!["--drm", "21"],
        vec!["--drm=-21"],
        vec!["--drm", "15", "--drm", "10"],
    ] {
        for cmd in [
            vec!["table", "roll", "infantry-coy-strength", "--dice", "3,4"],
            vec!["table", "odds", "infantry-coy-strength"],
        ] {
            votg()
                .args(cmd.iter().chain(&drms))
                .assert()
                .code(2)
                .stderr(predicate::str::contains("out of range"))
                .stderr(predicate::str::contains("-20 to +20"))
                .stdout("");
        }
    }
    votg()
        .args(["table", "roll", "infantry-coy-strength", "--dice", "3,4"])
        .args(["--drm", "20", "--drm=-20"])
        .assert()
        .success()
        .stdout(predicate::str::contains("Final DR 7"));
}
