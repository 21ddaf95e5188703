//! Whole CG Days played through the real binary: answers files, a dice file
//! of one face repeated, and the results read back as the players see them
//! (`votg roster|log|status`). Nothing is set up or read through the library.
#![allow(dead_code)]

use crate::common::{Camp, votg};
use serde_json::Value;

/// Both sides buy nothing, fortify nothing, make no Recon.
pub const NOTHING: &str = "buy = []\nfortify = []\nrecon = 0\n";

/// A dice file of `face` repeated: every dr is `face`, every DR twice it.
pub fn dice(c: &Camp, face: u8) -> String {
    let text = format!("{face} ").repeat(4000);
    c.file(&format!("dice-{face}.txt"), &text)
}

/// `votg --dice-file <face…> refit CAMP --answers <answers>`.
pub fn refit(c: &Camp, answers: &str, face: u8) -> assert_cmd::assert::Assert {
    let a = c.file("answers.toml", answers);
    let d = dice(c, face);
    votg()
        .args(["--dice-file", &d, "refit", c.path(), "--answers", &a])
        .assert()
}

/// A new campaign of `cg` with its Initial Scenario's RePh done; `german`
/// and `russian` are each side's answers for it. CG III's Dual Attack
/// (III-2) decides who moves first after set-up: a second run (12.627).
pub fn initial(cg: &str, german: &str, russian: &str) -> Camp {
    let c = Camp::new(cg);
    let answers = format!("[german]\n{german}[russian]\n{russian}");
    refit(&c, &answers, 3).success();
    if cg == "III" {
        refit(&c, &answers, 3).success();
    }
    c
}

/// The `[scenario]` table of a scenario won by `victor`, each side having
/// suffered the CVP given.
pub fn scenario(victor: &str, german_cvp: u32, russian_cvp: u32, counterattack: bool) -> String {
    format!(
        "[scenario]\nvictor = \"{victor}\"\ncvp = {{ german = {german_cvp}, russian = {russian_cvp} }}\ncounterattack = {counterattack}\n"
    )
}

fn json(c: &Camp, args: &[&str]) -> Value {
    let out = votg().args(args).arg(c.path()).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// The side's CG Roster lines (`votg roster --format json`).
pub fn lines(c: &Camp, side: &str) -> Vec<Value> {
    let r = json(c, &["roster", "--side", side, "--format", "json"]);
    r["lines"].as_array().unwrap().clone()
}

/// The side's roster line of `date` for `scenario` (None: an Idle Day).
pub fn line(c: &Camp, side: &str, date: u64, scenario: Option<u64>) -> Value {
    lines(c, side)
        .into_iter()
        .find(|l| l["date"] == date && l["scenario"].as_u64() == scenario)
        .unwrap_or_else(|| panic!("no {side} line for {date} Sep, scenario {scenario:?}"))
}

/// CPP received on that line (12.618).
pub fn received(c: &Camp, side: &str, date: u64, scenario: Option<u64>) -> i64 {
    line(c, side, date, scenario)["cpp"]["received"]
        .as_i64()
        .unwrap()
}

/// German Support CPP received on that line (12.6181).
pub fn support(c: &Camp, date: u64, scenario: Option<u64>) -> i64 {
    line(c, "german", date, scenario)["support_cpp"]["received"]
        .as_i64()
        .unwrap()
}

/// Every journal row, revealed (`votg log --reveal --format json`).
pub fn log(c: &Camp) -> Vec<Value> {
    json(c, &["log", "--reveal", "--format", "json"])
        .as_array()
        .unwrap()
        .clone()
}

/// The rolls of `step` made by `side` on `cg_day` (`16/9`, `15/9 N`), in
/// order: each as (DRM text, Final, Result).
pub fn rolls(c: &Camp, cg_day: &str, step: &str, side: &str) -> Vec<(String, String, String)> {
    log(c)
        .iter()
        .filter(|r| r["CG Day"] == cg_day && r["Step"] == step)
        .filter(|r| r["Side"].as_str().unwrap_or("").starts_with(side))
        .filter(|r| !r["Dice"].as_str().unwrap_or("").is_empty())
        .map(|r| {
            let s = |k: &str| r[k].as_str().unwrap_or("").to_string();
            (s("DRM"), s("Final"), s("Result"))
        })
        .collect()
}

/// The one roll of `step` by `side` on `cg_day`.
pub fn roll(c: &Camp, cg_day: &str, step: &str, side: &str) -> (String, String, String) {
    let r = rolls(c, cg_day, step, side);
    assert_eq!(r.len(), 1, "{side} {step} rolls on {cg_day}: {r:?}");
    r.into_iter().next().unwrap()
}

/// `n` times `num/den`, fractions rounded up (FRU).
pub fn fru(n: i64, num: i64, den: i64) -> i64 {
    (n * num + den - 1) / den
}

/// [`refit`] stopped after step `until` (`votg refit --until`).
pub fn refit_until(c: &Camp, answers: &str, face: u8, until: &str) -> assert_cmd::assert::Assert {
    let a = c.file("answers.toml", answers);
    let d = dice(c, face);
    votg()
        .args(["--dice-file", &d, "refit", c.path(), "--answers", &a])
        .args(["--until", until])
        .assert()
}

/// The side's counters (`votg force --format json`): id -> (unit, box).
pub fn force(c: &Camp, side: &str) -> std::collections::BTreeMap<String, (String, String)> {
    json(c, &["force", "--side", side, "--format", "json"])["counters"]
        .as_array()
        .unwrap()
        .iter()
        .map(|k| {
            let s = |f: &str| k[f].as_str().unwrap_or("").to_string();
            (s("id"), (s("unit"), s("box")))
        })
        .collect()
}

/// The id of the side's first counter named `unit`.
pub fn id_of(c: &Camp, side: &str, unit: &str) -> String {
    force(c, side)
        .into_iter()
        .find(|(_, (u, _))| u == unit)
        .map(|(id, _)| id)
        .unwrap_or_else(|| panic!("no {side} counter {unit}"))
}
