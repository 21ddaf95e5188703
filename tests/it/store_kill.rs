//! DESIGN §6: a command killed at any point of its writing loses nothing,
//! leaves no half step, and its views are no hand edit. For each sample
//! under `rosters/` (a fresh copy, as README has a player make, without
//! `.votg/`), a scripted Refit Phase is killed at every write, sync, rename
//! and tail check the store makes, in turn; the campaign, run on to its
//! end, is the same as the uninterrupted run's, logs and views.
#![cfg(unix)]

use std::collections::BTreeMap;
use std::path::Path;

use crate::common::{Camp, snapshot};
use crate::store_hook::{killed, points, run};

/// The answers a run is finished with once the scenario record is made:
/// the same, without `[scenario]` (which would record the next one).
fn without_record(answers: &str, to: &Path) -> String {
    let mut table: toml::Table =
        toml::from_str(&std::fs::read_to_string(answers).unwrap()).unwrap();
    table.remove("scenario");
    let path = to.join("finish.answers.toml");
    std::fs::write(&path, toml::to_string(&table).unwrap()).unwrap();
    path.to_str().unwrap().to_string()
}

fn events(dir: &Path) -> usize {
    std::fs::read_to_string(dir.join("log.jsonl")).map_or(0, |t| t.lines().count())
}

/// Runs `refit` until it does nothing more (an Initial RePh stops at
/// 12.627 for the set-up: a second run does it), with `record` answers
/// until the record is made, then `finish`; every standard error.
fn finish(dir: &Path, start: usize, record: &str, finish: &str) -> String {
    let mut said = String::new();
    for _ in 0..4 {
        let before = events(dir);
        let answers = if before == start { record } else { finish };
        let out = run(dir, &["refit", "DIR", "--answers", answers], "");
        let err = String::from_utf8_lossy(&out.stderr).into_owned();
        assert!(out.status.success(), "{err}");
        said.push_str(&err);
        if events(dir) == before {
            break;
        }
    }
    said
}

/// Logs and views: what two runs must agree on (`.votg/` and what was
/// moved aside left out; a view's first line names the event it was
/// written for, which depends on when a command was killed).
fn campaign(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    snapshot(dir)
        .into_iter()
        .filter(|(k, _)| !k.starts_with(".votg") && !k.contains("interrupted/"))
        .map(|(k, v)| (k, crate::common::unmarked(&v).to_vec()))
        .collect()
}

fn kill_everywhere(sample: &str, answers: &str) {
    let answers = format!("{}/{answers}", env!("CARGO_MANIFEST_DIR"));
    let base = Camp::sample(sample);
    let start = events(&base.dir);
    let done = answers.clone();
    let finish_with = without_record(&answers, base.tmp.path());
    let whole = base.copy();
    finish(&whole.dir, start, &done, &finish_with);
    let want = campaign(&whole.dir);
    let count = points(&base.copy().dir, &["refit", "DIR", "--answers", &answers]).len() as u64;
    assert!(count > 20, "{count} points");
    for n in 1..=count {
        let c = base.copy();
        let out = run(
            &c.dir,
            &["refit", "DIR", "--answers", &answers],
            &format!("kill={n}"),
        );
        assert!(killed(&out), "point {n} of {count} was reached");
        // A reader reads what was done and changes nothing.
        let before = snapshot(&c.dir);
        let status = run(&c.dir, &["status", "DIR"], "");
        assert!(status.status.success(), "after kill {n}");
        assert_eq!(snapshot(&c.dir), before, "a reader wrote, after kill {n}");
        let said = finish(&c.dir, start, &done, &finish_with);
        assert!(!said.contains("edited by hand"), "after kill {n}: {said}");
        let got = campaign(&c.dir);
        let differ: Vec<&String> = want
            .keys()
            .chain(got.keys())
            .filter(|k| want.get(*k) != got.get(*k))
            .collect();
        assert!(
            differ.is_empty(),
            "killed at point {n} of {count}: {differ:?} differ"
        );
        if n % 25 == 1 {
            let out = run(&c.dir, &["verify", "DIR"], "");
            assert!(
                out.status.success(),
                "{}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
    }
}

#[test]
fn store_a_kill_at_any_point_of_the_initial_reph_loses_nothing() {
    kill_everywhere("cg-i-new", "rosters/cg-i-walkthrough.answers.toml");
}

#[test]
fn store_a_kill_at_any_point_of_a_reph_after_a_scenario_loses_nothing() {
    kill_everywhere(
        "cg-i-walkthrough",
        "tests/data/store-aftermath.answers.toml",
    );
}

#[test]
fn store_a_kill_at_any_point_of_a_reph_begun_loses_nothing() {
    kill_everywhere("cg-i-aftermath", "tests/data/store-aftermath.answers.toml");
}

#[test]
fn store_a_kill_at_any_point_of_a_reph_part_way_through_cg_i_loses_nothing() {
    kill_everywhere("cg-i-partway", "rosters/cg-i-to-the-end.answers.toml");
}
