//! The runner walks `reph::sequence`: per-side steps in one
//! block per side, joint steps once both sides stand at them, a refusal
//! that names what was committed before it, and an answers file checked
//! whole before the first step.

use crate::common::{Camp, votg};
use predicates::prelude::*;

#[test]
fn one_side_walks_its_own_steps_then_waits_for_the_other() {
    let c = Camp::new("I");
    let a = c.file("a.toml", "[german]\nbuy = []\nfortify = []\nrecon = 0\n");
    votg()
        .args(["refit", c.path(), "--side", "german", "--answers", &a])
        .assert()
        .success()
        .stdout(predicate::str::contains("German — 12.621"))
        .stdout(predicate::str::contains("German — 12.624"))
        .stdout(predicate::str::contains(
            "Waiting for the Russian side (at 12.621)",
        ));
    let s = c.state();
    assert_eq!(s.campaign.step.german, "12.626", "12.5: set-up comes next");
    assert_eq!(s.campaign.step.russian, "12.621");
}

#[test]
fn a_refusal_after_committed_steps_names_them_and_undo() {
    let c = Camp::new("I");
    // The Russian's 12.621 and 12.622 are committed; its 12.623 buys mines
    // past the 90-FPP cap (12.623 footnote 2).
    let a = c.file(
        "a.toml",
        "[russian]\nbuy = []\nfortify = [\"ap-mine 120\"]\nrecon = 0\n",
    );
    votg()
        .args(["refit", c.path(), "--side", "russian", "--answers", &a])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "Kept (on record) before it: Russian 12.621",
        ))
        .stderr(predicate::str::contains("Russian 12.622"))
        .stderr(predicate::str::contains("`votg undo` takes them back"));
    assert_eq!(c.state().campaign.step.russian, "12.623");
}

#[test]
fn the_whole_answers_file_is_checked_before_the_first_step() {
    let c = Camp::new("I");
    let before = c.snapshot();
    // The German's answers are good; the Russian's fortification (line 6) is
    // not a fortification. Nothing may be committed.
    let a = c.file(
        "a.toml",
        "[german]\nbuy = [\"I2\"]\nrecon = 0\n[russian]\nbuy = []\nfortify = [\"castle 2\"]\n",
    );
    votg()
        .args(["refit", c.path(), "--answers", &a])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(":6:"))
        .stderr(predicate::str::contains("`castle` is not a fortification"))
        .stderr(predicate::str::contains("nothing was changed"));
    assert_eq!(c.snapshot(), before);
    for (text, line, needle) in [
        ("[german]\nrecon = 5\n", ":2:", "0, 1 or 2 CPP"),
        ("[german]\nbuy = [\"I1 sideways\"]\n", ":2:", "`sideways`"),
        (
            "[german]\ninitiative = \"charge\"\n",
            ":2:",
            "\"attack\" or \"idle\"",
        ),
        ("[german]\nnight = \"yes\"\n", ":2:", "true or false"),
        ("[german]\n\nbribe = 3\n", ":3:", "not a question votg asks"),
        ("[prussian]\nbuy = []\n", ":1:", "not a side"),
    ] {
        let a = c.file("bad.toml", text);
        votg()
            .args(["refit", c.path(), "--answers", &a])
            .assert()
            .code(1)
            .stderr(predicate::str::contains(line))
            .stderr(predicate::str::contains(needle));
        assert_eq!(c.snapshot(), before, "{text}");
    }
}

#[test]
fn buy_names_a_folder_that_is_not_a_campaign() {
    votg()
        .args(["buy", "/nonexistent/camp", "--side", "german", "I1"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "/nonexistent/camp is not a votg campaign",
        ));
}

#[test]
fn a_step_not_yet_carried_out_is_said_plainly() {
    // Both sides at done: the scenario is ready and what follows is named.
    let c = Camp::new("III");
    let a = c.file(
        "a.toml",
        "[german]\nbuy = []\nfortify = []\nrecon = 0\n[russian]\nbuy = []\nfortify = []\nrecon = 0\n",
    );
    votg()
        .args(["refit", c.path(), "--answers", &a])
        .assert()
        .success();
    votg().args(["refit", c.path()]).assert().success();
    votg()
        .args(["refit", c.path()])
        .assert()
        .success()
        .stdout(predicate::str::contains("ready to play"))
        .stdout(predicate::str::contains(
            "record it to begin the Refit Phase at 12.601",
        ));
}

#[test]
fn a_refit_into_a_closed_pipe_stops_between_steps_and_says_what_it_kept() {
    use std::process::{Command, Stdio};
    let c = Camp::new("I");
    let a = c.file(
        "a.toml",
        "[german]\nbuy = [\"I2\"]\nfortify = []\nrecon = 0\n[russian]\nbuy = []\nfortify = []\nrecon = 0\n",
    );
    // The reader is gone before votg starts (`votg refit … | head -0` where
    // head has already ended): every write fails, whatever the timing, so
    // how far the run gets does not depend on the machine's speed.
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let child = Command::new(assert_cmd::cargo::cargo_bin!("votg"))
        .args(["refit", c.path(), "--answers", &a])
        .env("VOTG_NOW", "2026-01-01T00:00:00Z")
        .stdout(Stdio::from(writer))
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    // The run stopped short of what was asked: an error, which says what
    // it kept and how to go on.
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(stderr.contains("its reader went away"), "{stderr}");
    assert!(
        stderr.contains("Kept (on record): German 12.621;"),
        "{stderr}"
    );
    assert!(stderr.contains("Run `votg refit` again"), "{stderr}");
    // What was committed is whole: the campaign loads, and the first step
    // (the German's purchase) is on record.
    let s = c.state();
    assert_eq!(s.campaign.step.german, "12.622");
    assert_eq!(s.german.roster.current().unwrap().rgs.len(), 1);
}

#[test]
fn refit_until_stops_before_any_later_step_and_goes_on_from_there() {
    let c = Camp::new("I");
    let a = c.file(
        "a.toml",
        "[german]\nbuy = []\nfortify = []\nrecon = 0\n[russian]\nbuy = []\nfortify = []\nrecon = 0\n",
    );
    votg()
        .args(["refit", c.path(), "--answers", &a, "--until", "12.622"])
        .assert()
        .success()
        .stdout(predicate::str::contains("Stopped before 12.623"));
    let s = c.state();
    assert_eq!(s.campaign.step.german, "12.623");
    assert_eq!(s.campaign.step.russian, "12.623");
    votg()
        .args(["refit", c.path(), "--answers", &a])
        .assert()
        .success();
    assert_eq!(c.state().campaign.step.german, "done");
    votg()
        .args(["refit", c.path(), "--until", "12.699"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("not a Refit Phase step"));
}
