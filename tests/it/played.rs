//! A CG I campaign whose Initial Scenario is set up, for tests that need a
//! force at some step after a scenario: it is recorded with an outcome and
//! run on with votg's own commands (answers files and listed dice), and read
//! back through `votg force` and `votg log --reveal` as JSON.
#![allow(dead_code)]

use std::path::Path;

use serde_json::Value;

use crate::common::{Camp, copy_all, votg};

/// `rosters/cg-i-walkthrough` (the README walkthrough: the Initial
/// Scenario's RePh done, the scenario ready to play) in a temporary folder.
pub fn walkthrough() -> Camp {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("campaign");
    let from = Path::new(env!("CARGO_MANIFEST_DIR")).join("rosters/cg-i-walkthrough");
    copy_all(&from, &dir);
    Camp { tmp, dir }
}

/// CG I (seed 7) with the walkthrough's answers and every die of the
/// Initial Scenario's RePh showing `face`. With 3s the Russian has, besides
/// his 7-0 (R-10): R-30 10-0 Commissar, R-42 8-0, R-43 7-0, R-56 9-0
/// Commissar, R-57 8+1 Commissar (R-56, R-57 entering).
pub fn initial_with_faces(face: u8) -> Camp {
    initial_fortified(
        face,
        r#"["fortified-building 4", "ap-mine 5", "wire", "dummy 10"]"#,
    )
}

/// [`initial_with_faces`] with other Russian fortifications bought at
/// 12.623 (`fortify`, the answers file's list) in place of the walkthrough's.
pub fn initial_fortified(face: u8, fortify: &str) -> Camp {
    let c = Camp::new("I");
    let walkthrough = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("rosters/cg-i-walkthrough.answers.toml"),
    )
    .unwrap();
    let from = r#"fortify = ["fortified-building 4", "ap-mine 5", "wire", "dummy 10"]"#;
    assert!(walkthrough.contains(from));
    let answers = c.file(
        "initial.toml",
        &walkthrough.replace(from, &format!("fortify = {fortify}")),
    );
    let dice = c.file("initial-dice.txt", &format!("{face} ").repeat(300));
    votg()
        .args([
            "--dice-file",
            &dice,
            "refit",
            c.path(),
            "--answers",
            &answers,
        ])
        .assert()
        .success();
    c
}

/// `votg --dice-file … refit … --until STEP --answers …`.
pub fn refit(c: &Camp, until: &str, answers: &str, dice: &str) -> assert_cmd::assert::Assert {
    c.refit_until(until, answers, dice)
}

/// The side's counters, as `votg force --format json` gives them.
pub fn force(c: &Camp, side: &str) -> Vec<Value> {
    let out = votg()
        .args(["force", c.path(), "--side", side, "--format", "json"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    v["counters"].as_array().unwrap().clone()
}

/// One counter by id (`G-17`), or `Value::Null` when the force has none.
pub fn counter(c: &Camp, id: &str) -> Value {
    let side = if id.starts_with('G') {
        "german"
    } else {
        "russian"
    };
    force(c, side)
        .into_iter()
        .find(|x| x["id"] == id)
        .unwrap_or(Value::Null)
}

/// `(unit, kind, box)` of a counter.
pub fn looks(c: &Camp, id: &str) -> (String, String, String) {
    let x = counter(c, id);
    let s = |k: &str| x[k].as_str().unwrap_or_default().to_string();
    (s("unit"), s("kind"), s("box"))
}

/// The counter's conditions as JSON text (e.g. `["nkvd",{"prisoner-of":"R-28"}]`).
pub fn condition(c: &Camp, id: &str) -> String {
    counter(c, id)["condition"].to_string()
}

/// Every journal row, as `votg log --reveal --format json` gives them.
pub fn journal(c: &Camp) -> Vec<Value> {
    let out = votg()
        .args(["log", c.path(), "--reveal", "--format", "json"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    v.as_array().unwrap().clone()
}

/// The journal rows of one step as text, one row a line.
pub fn rows_of(c: &Camp, step: &str) -> String {
    journal(c)
        .iter()
        .filter(|r| r["Step"] == step)
        .map(|r| r.to_string())
        .collect::<Vec<_>>()
        .join("\n")
}
