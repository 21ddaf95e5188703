//! Faults players meet (DESIGN §6): a full disk says what was kept (or that
//! nothing was changed) and what to do; a closed standard output is an
//! error; a reader that goes away ends a read command quietly.
#![cfg(unix)]

use std::process::{Command, Stdio};

use crate::common::{Camp, votg};
use predicates::prelude::*;

const ANSWERS: &str = "[german]\nbuy = [\"I2\"]\nfortify = []\nrecon = 0\n[russian]\nbuy = []\nfortify = []\nrecon = 0\n";

/// `votg ARGS` run by a shell with its standard output closed (`>&-`).
/// The sample campaign `rosters/<name>`, read in place.
fn sample(name: &str) -> String {
    format!("{}/rosters/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn with_stdout_closed(args: &[&str]) -> std::process::Output {
    Command::new("sh")
        .arg("-c")
        .arg("exec \"$0\" \"$@\" >&-")
        .arg(assert_cmd::cargo::cargo_bin!("votg"))
        .args(args)
        .env("VOTG_NOW", "2026-01-01T00:00:00Z")
        .output()
        .unwrap()
}

#[test]
fn a_closed_standard_output_is_an_error_and_a_vanished_reader_is_not() {
    let d = sample("cg-i-partway");
    let out = with_stdout_closed(&["status", &d]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("standard output is closed"), "{stderr}");
    // A refit with nowhere to speak changes nothing.
    let c = Camp::new("I");
    let a = c.file("a.toml", ANSWERS);
    let before = c.snapshot();
    let out = with_stdout_closed(&["refit", c.path(), "--answers", &a]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("Nothing was changed"));
    assert_eq!(c.snapshot(), before);
    // `votg log | head`: the reader is gone before votg writes; a read
    // command ends quietly, as a pipe expects.
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let out = Command::new(assert_cmd::cargo::cargo_bin!("votg"))
        .args(["log", &d, "--reveal"])
        .stdout(Stdio::from(writer))
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
}

#[test]
fn a_read_command_on_a_full_disk_says_nothing_was_changed() {
    let full = std::fs::File::create("/dev/full").unwrap();
    let out = Command::new(assert_cmd::cargo::cargo_bin!("votg"))
        .args(["status", &sample("cg-i-partway")])
        .stdout(Stdio::from(full))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr.contains("the disk is full"), "{stderr}");
    assert!(stderr.contains("Nothing was changed"), "{stderr}");
}

#[test]
fn a_refit_whose_output_is_a_full_disk_stops_between_steps_and_says_what_it_kept() {
    let c = Camp::new("I");
    let a = c.file("a.toml", ANSWERS);
    let full = std::fs::File::create("/dev/full").unwrap();
    let out = Command::new(assert_cmd::cargo::cargo_bin!("votg"))
        .args(["refit", c.path(), "--answers", &a])
        .env("VOTG_NOW", "2026-01-01T00:00:00Z")
        .stdout(Stdio::from(full))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("the disk is full"), "{stderr}");
    assert!(stderr.contains("stopped between two steps"), "{stderr}");
    assert!(
        stderr.contains("Kept (on record): German 12.621"),
        "{stderr}"
    );
    assert_eq!(c.state().campaign.step.german, "12.622");
}

#[test]
fn a_full_disk_while_writing_the_views_keeps_the_step_and_says_so() {
    let c = Camp::new("I");
    let a = c.file("a.toml", ANSWERS);
    votg()
        .args(["refit", c.path(), "--answers", &a])
        .env("VOTG_DISK_FULL", "roster.toml")
        .assert()
        .code(1)
        .stderr(predicate::str::contains("the disk is full"))
        .stderr(predicate::str::contains(
            "is on record in the campaign's logs",
        ))
        .stderr(predicate::str::contains(
            "Kept (on record) before it: German 12.621",
        ))
        .stderr(predicate::str::contains(
            "the next votg command writes them",
        ))
        .stderr(predicate::str::contains("Free some space"))
        .stderr(predicate::str::contains("Nothing was changed").not());
    // The steps stand (an unattended run writes the views once, at its
    // end), and the next command writes the views.
    assert_eq!(c.state().campaign.step.german, "done");
    votg()
        .args(["refit", c.path(), "--answers", &a])
        .assert()
        .success();
    let roster = std::fs::read_to_string(c.dir.join("german/roster.toml")).unwrap();
    assert!(roster.contains("I2"), "{roster}");
}

#[test]
fn print_out_on_a_full_disk_keeps_the_sheet_printed_before() {
    let c = Camp::new("I");
    let out = c.tmp.path().join("german.html");
    let path = out.to_str().unwrap();
    votg()
        .args(["print", c.path(), "--side", "german", "--out", path])
        .assert()
        .success();
    let before = std::fs::read(&out).unwrap();
    let a = c.file("a.toml", ANSWERS);
    votg()
        .args(["refit", c.path(), "--answers", &a])
        .assert()
        .success();
    votg()
        .args(["print", c.path(), "--side", "german", "--out", path])
        .env("VOTG_DISK_FULL", "german.html")
        .assert()
        .code(1)
        .stderr(predicate::str::contains("german.html: the disk is full"))
        .stderr(predicate::str::contains("Nothing was changed"));
    assert_eq!(std::fs::read(&out).unwrap(), before, "the old sheet whole");
    let names: Vec<String> = std::fs::read_dir(c.tmp.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(
        names.iter().all(|n| !n.contains("votg-tmp")),
        "no temporary file left: {names:?}"
    );
}
