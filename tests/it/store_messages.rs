//! DESIGN §6: every fault message says exactly what was kept: "Nothing was
//! changed" only when every file is as it was; a closed standard output is
//! an error; a missing key, a lock that is a folder, a number too large are
//! each said as such.
#![cfg(unix)]

use std::process::Command;

use crate::common::Camp;
use crate::store_hook::{files, ok, points, run};

const ANSWERS: &str = "[german]\nbuy = [\"I2\"]\nfortify = []\nrecon = 0\n[russian]\nbuy = []\nfortify = []\nrecon = 0\n";

#[test]
fn store_a_full_disk_mid_step_says_what_was_kept_never_nothing_changed() {
    let base = Camp::new("I");
    let a = base.file("a.toml", ANSWERS);
    let refit = ["refit", "DIR", "--answers", a.as_str()];
    let p = points(&base.copy().dir, &refit);
    // The public log's write of the second step, and the German's part of
    // the third: each fails half written.
    let public: Vec<u64> = p
        .iter()
        .filter(|x| x.op == "Write" && x.path.ends_with("campaign/log.jsonl"))
        .map(|x| x.n)
        .collect();
    let german = p
        .iter()
        .filter(|x| x.op == "Write" && x.path.ends_with("german/log.jsonl"))
        .map(|x| x.n)
        .nth(2)
        .unwrap();
    for n in [public[1], german] {
        let c = base.copy();
        let before = files(&c.dir);
        let out = run(&c.dir, &refit, &format!("full={n}"));
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{err}");
        assert!(err.contains("the disk is full"), "{err}");
        assert!(!err.contains("Nothing was changed"), "{err}");
        assert!(
            err.contains("Kept (on record) before it: German 12.621"),
            "{err}"
        );
        assert!(err.contains("Part of a line was written"), "{err}");
        assert_ne!(files(&c.dir), before);
        // The next command sets the half line aside and goes on.
        let said = ok(&c.dir, &refit);
        assert!(said.contains("interrupted/after-"), "{said}");
        ok(&c.dir, &["verify", "DIR"]);
    }
}

#[test]
fn store_a_missing_dice_key_is_said_as_such_not_as_an_edited_log() {
    let c = Camp::new("I");
    let a = c.file("a.toml", ANSWERS);
    ok(&c.dir, &["refit", "DIR", "--answers", &a]);
    std::fs::remove_file(c.dir.join("german/dice.toml")).unwrap();
    let out = run(&c.dir, &["verify", "DIR"], "");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("german/dice.toml is missing"), "{err}");
    assert!(!err.contains("edited outside votg"), "{err}");
}

#[test]
fn store_a_lock_that_is_a_folder_is_said_plainly() {
    let c = Camp::new("I");
    let lock = c.dir.join(".votg/lock");
    let _ = std::fs::remove_file(&lock);
    std::fs::create_dir_all(&lock).unwrap();
    let before = files(&c.dir);
    let out = run(&c.dir, &["buy", "DIR", "--side", "german", "I2"], "");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("the writers' lock is not a plain file"),
        "{err}"
    );
    assert!(!err.contains("os error"), "{err}");
    assert_eq!(files(&c.dir), before);
}

#[test]
fn store_an_answer_too_large_for_any_number_is_said_plainly() {
    let c = Camp::new("I");
    let a = c.file("a.toml", "[german]\nrecon = 99999999999999999999\n");
    let out = run(&c.dir, &["refit", "DIR", "--answers", &a], "");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("a.toml:2:"), "{err}");
    assert!(err.contains("far too large"), "{err}");
    assert!(!err.contains("i128"), "{err}");
}

#[test]
fn store_a_closed_standard_output_is_an_error_whatever_standard_error_is() {
    let c = Camp::new("I");
    let out = Command::new("sh")
        .arg("-c")
        .arg("exec \"$0\" status \"$1\" >&- 2<>/dev/null")
        .arg(assert_cmd::cargo::cargo_bin!("votg"))
        .arg(c.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn store_a_campaign_of_before_the_chain_opens_verifies_and_goes_on() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("old");
    crate::common::copy_campaign(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/schema-3-cg-i-partway"),
        &dir,
    );
    let lines = |d: &std::path::Path| -> Vec<String> {
        std::fs::read_to_string(d.join("log.jsonl"))
            .unwrap()
            .lines()
            .map(str::to_string)
            .collect()
    };
    let old = lines(&dir);
    assert!(!old[0].starts_with("{\"prev\""), "written before the chain");
    let said = ok(&dir, &["verify", "DIR"]);
    assert!(!said.contains("edited"), "{said}");
    let answers = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/rosters/cg-i-to-the-end.answers.toml"
    );
    ok(&dir, &["refit", "DIR", "--answers", answers]);
    ok(&dir, &["verify", "DIR"]);
    // Nothing old rewritten; the first new line vouches for all before it.
    let now = lines(&dir);
    assert_eq!(now[..old.len()], old[..]);
    let vouched = votg::model::chain::of(old.iter().map(String::as_str));
    assert!(
        now[old.len()].starts_with(&format!("{{\"prev\":\"{vouched}\"")),
        "{}",
        &now[old.len()][..120]
    );
    // A line of before the chain changed is caught now.
    let mut bad = now.clone();
    bad[3] = bad[3].replacen("\"n\":4", "\"n\":4 ", 1);
    std::fs::write(dir.join("log.jsonl"), bad.join("\n") + "\n").unwrap();
    let out = run(&dir, &["status", "DIR"], "");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("chain"), "{err}");
}
