//! Playing a campaign through votg commands only, for the tests of
//! statuses that live from one scenario or RePh to the next: a campaign
//! made by `votg new` and `votg refit --answers` (or a copy of the sample
//! the README walkthrough made so), refit runs with listed dice or the
//! campaign's own, and what they left read back through `votg force` and
//! `votg log --reveal` as JSON.
#![allow(dead_code)]

use std::path::Path;

use serde_json::Value;

use crate::common::{Camp, copy_all, votg};

/// Each side's answers for one RePh after a scenario, as in
/// tests/data/each-scenario.cg-i.answers.toml: the German attacks, the
/// Russian stays Idle, nobody buys.
pub const DAY: &str = r#"
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

/// `[scenario]`: the German won, neither side suffered 20 CVP.
pub const WON: &str = r#"
[scenario]
victor = "german"
cvp = { german = 10, russian = 12 }
"#;

/// `rosters/cg-i-walkthrough` (the CG I Initial Scenario bought and set up
/// by `votg refit --answers`, README) in a temporary folder: the scenario
/// is ready to be recorded.
pub fn walkthrough() -> Camp {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("campaign");
    let from = Path::new(env!("CARGO_MANIFEST_DIR")).join("rosters/cg-i-walkthrough");
    copy_all(&from, &dir);
    Camp { tmp, dir }
}

/// `votg [--dice-file D] refit CAMP --answers A [--until U]`: listed dice
/// when `dice` is given, else the campaign's own streams.
pub fn refit(
    c: &Camp,
    answers: &str,
    dice: Option<&str>,
    until: Option<&str>,
) -> assert_cmd::assert::Assert {
    let a = c.file("answers.toml", answers);
    let mut cmd = votg();
    if let Some(d) = dice {
        cmd.args(["--dice-file", &c.file("dice.txt", d)]);
    }
    cmd.args(["refit", c.path(), "--answers", &a]);
    if let Some(u) = until {
        cmd.args(["--until", u]);
    }
    cmd.assert()
}

fn json(args: &[&str]) -> Value {
    let out = votg().args(args).output().unwrap();
    assert!(out.status.success(), "votg {args:?}: {out:?}");
    serde_json::from_slice(&out.stdout).unwrap()
}

/// The side's counters as `votg force --format json` shows them.
pub fn force(c: &Camp, side: &str) -> Vec<Value> {
    json(&["force", c.path(), "--side", side, "--format", "json"])["counters"]
        .as_array()
        .unwrap()
        .clone()
}

/// One counter by id (`G-4`, `R-3`), if the Force Organizer has it.
pub fn counter(c: &Camp, id: &str) -> Option<Value> {
    let side = if id.starts_with('G') {
        "german"
    } else {
        "russian"
    };
    force(c, side).into_iter().find(|x| x["id"] == id)
}

/// The names of a counter's conditions: `encircled`, `isolated` (for
/// `{"isolated": "Pocket"}`), `led-by` …
pub fn conditions(c: &Camp, id: &str) -> Vec<String> {
    let x = counter(c, id).unwrap_or_else(|| panic!("no counter {id}"));
    x["condition"]
        .as_array()
        .map(|a| {
            a.iter()
                .map(|v| match v {
                    Value::String(s) => s.clone(),
                    Value::Object(o) => o.keys().next().cloned().unwrap_or_default(),
                    other => other.to_string(),
                })
                .collect()
        })
        .unwrap_or_default()
}

pub fn has(c: &Camp, id: &str, condition: &str) -> bool {
    conditions(c, id).iter().any(|x| x == condition)
}

/// Every journal row, both sides' secret ones too (`votg log --reveal`).
pub fn log(c: &Camp) -> Vec<Value> {
    json(&["log", c.path(), "--reveal", "--format", "json"])
        .as_array()
        .unwrap()
        .clone()
}

/// The journal rows of one step (`12.605`) whose What contains `what`.
pub fn rows(c: &Camp, step: &str, what: &str) -> Vec<Value> {
    log(c)
        .into_iter()
        .filter(|r| r["Step"] == step && r["What"].as_str().unwrap_or("").contains(what))
        .collect()
}

pub fn text(v: &Value, field: &str) -> String {
    v[field].as_str().unwrap_or("").to_string()
}
