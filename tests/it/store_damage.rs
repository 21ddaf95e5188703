//! DESIGN §6: damage is told from an interrupted write by construction.
//! A log shortened, a line changed, a byte that is no text: every command
//! refuses, naming the file and line, and every file stays as it was. What
//! an interrupted write left is moved aside byte for byte, never deleted.
#![cfg(unix)]

use std::path::Path;

use crate::common::Camp;
use crate::store_hook::{files, first, killed, ok, points, run};

const WALKTHROUGH: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/rosters/cg-i-walkthrough.answers.toml"
);

/// Each command refuses (exit 1) naming `what`, and changes no file.
fn refused_by_all(dir: &Path, what: &str) {
    let before = files(dir);
    for args in [
        &["status", "DIR"][..],
        &["log", "DIR", "--reveal"],
        &["verify", "DIR"],
        &["undo", "DIR"],
        &["refit", "DIR", "--answers", WALKTHROUGH],
        &["buy", "DIR", "--side", "german", "A1"],
    ] {
        let out = run(dir, args, "");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "votg {args:?}: {err}");
        assert!(
            err.contains(what),
            "votg {args:?} should name {what}: {err}"
        );
        assert!(!err.contains("edited by hand"), "{err}");
        assert!(!err.contains("panicked"), "{err}");
        assert_eq!(files(dir), before, "votg {args:?} changed a file");
    }
}

fn lines(path: &Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn store_a_shortened_public_log_is_refused_not_cut() {
    let c = Camp::sample("cg-i-partway");
    let public = c.dir.join("log.jsonl");
    let whole = lines(&public);
    std::fs::write(&public, "").unwrap();
    refused_by_all(&c.dir, "log.jsonl");
    assert!(
        std::fs::metadata(c.dir.join("german/log.jsonl"))
            .unwrap()
            .len()
            > 50_000
    );
    std::fs::write(&public, whole[..58].join("\n") + "\n").unwrap();
    refused_by_all(&c.dir, "the public log was cut short");
    // Put back, it is the campaign it was.
    std::fs::write(&public, whole.join("\n") + "\n").unwrap();
    ok(&c.dir, &["verify", "DIR"]);
}

#[test]
fn store_a_changed_last_line_is_damage_not_an_interrupted_write() {
    let c = Camp::new("I");
    ok(&c.dir, &["buy", "DIR", "--side", "german", "I1", "I2"]);
    let public = c.dir.join("log.jsonl");
    let mut text = lines(&public);
    let last = text.last_mut().unwrap();
    *last = last.replacen("\"at\"", "\"at#", 1);
    std::fs::write(&public, text.join("\n") + "\n").unwrap();
    refused_by_all(&c.dir, "log.jsonl, line 2");
}

#[test]
fn store_a_byte_that_is_no_text_is_named_in_its_own_log() {
    let c = Camp::new("I");
    ok(&c.dir, &["refit", "DIR", "--answers", WALKTHROUGH]);
    for (log, line) in [("log.jsonl", 5), ("german/log.jsonl", 3)] {
        let path = c.dir.join(log);
        let good = std::fs::read(&path).unwrap();
        assert!(good.split(|b| *b == b'\n').count() > line);
        let mut bad = Vec::new();
        for (i, l) in good.split_inclusive(|b| *b == b'\n').enumerate() {
            bad.extend_from_slice(l);
            if i + 1 == line {
                bad.insert(bad.len() - 20, 0xff);
            }
        }
        std::fs::write(&path, &bad).unwrap();
        refused_by_all(&c.dir, &format!("{log}, line {line}"));
        std::fs::write(&path, &good).unwrap();
    }
    ok(&c.dir, &["verify", "DIR"]);
}

#[test]
fn store_an_interrupted_write_is_moved_aside_byte_for_byte() {
    let base = Camp::new("I");
    let buy = ["buy", "DIR", "--side", "german", "I1", "I2"];
    let p = points(&base.copy().dir, &buy);
    // Torn in the middle of the public event, after the German's part.
    let c = base.copy();
    let torn = first(&p, "Write", "/log.jsonl");
    let n = p
        .iter()
        .find(|x| x.op == "Write" && x.path.ends_with("campaign/log.jsonl"))
        .unwrap()
        .n;
    assert!(n > torn, "the German's part is written first");
    let out = run(&c.dir, &buy, &format!("tear={n}"));
    assert!(killed(&out));
    let german_log = std::fs::read(c.dir.join("german/log.jsonl")).unwrap();
    let public_log = std::fs::read(c.dir.join("log.jsonl")).unwrap();
    // A reader reads the campaign as it was, and says what it left out.
    let err = ok(&c.dir, &["status", "DIR"]);
    assert!(err.contains("log.jsonl: a torn last line"), "{err}");
    assert!(
        err.contains("german/log.jsonl: the German part of a step"),
        "{err}"
    );
    // A writing command refused before it writes moves nothing.
    let before = files(&c.dir);
    let refused = run(&c.dir, &["redo", "DIR"], "");
    assert_eq!(refused.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("Nothing was changed"));
    assert_eq!(files(&c.dir), before, "refused, it moved nothing");
    // The next writer moves both tails aside, names where, and goes on.
    let err = ok(&c.dir, &["buy", "DIR", "--side", "german", "I1"]);
    assert!(err.contains("german/interrupted/after-1.jsonl"), "{err}");
    assert!(err.contains(".votg/interrupted/after-1.jsonl"), "{err}");
    let kept_german = std::fs::read(c.dir.join("german/interrupted/after-1.jsonl")).unwrap();
    let kept_public = std::fs::read(c.dir.join(".votg/interrupted/after-1.jsonl")).unwrap();
    assert!(german_log.ends_with(&kept_german) && !kept_german.is_empty());
    assert!(public_log.ends_with(&kept_public) && !kept_public.ends_with(b"\n"));
    // The German's secret tail is in his own folder only.
    assert!(!String::from_utf8_lossy(&kept_public).contains("\"part\""));
    ok(&c.dir, &["verify", "DIR"]);
    let state = crate::common::load(&c.dir);
    assert_eq!(state.german.purchases.len(), 5, "one purchase, I1, made");
}
