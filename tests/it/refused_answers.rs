//! A refused answer never traps the player at a terminal: asked again, its
//! question keeps its own default (Enter on an empty line takes it, as the
//! question says), and the refused text is only offered to edit (↑).
#![cfg(unix)]

use std::process::Command;

use crate::common::votg;
use rexpect::reader::Options;
use rexpect::session::spawn_with_options;

#[test]
fn enter_after_a_refused_answer_takes_the_questions_own_default() {
    // The walkthrough's Initial Scenario recorded; each side at 12.612.
    let c = crate::played::walkthrough();
    let a = c.file(
        "a.toml",
        include_str!("../../rosters/cg-i-aftermath.answers.toml"),
    );
    let d = concat!(env!("CARGO_MANIFEST_DIR"), "/rosters/cg-i-aftermath.dice");
    votg()
        .args(["--dice-file", d, "refit", c.path(), "--answers", &a])
        .args(["--until", "12.611"])
        .assert()
        .success();
    let mut cmd = Command::new(assert_cmd::cargo::cargo_bin!("votg"));
    cmd.args([
        "--seed", "6", "refit", "--side", "german", "--until", "12.612",
    ])
    .arg(c.path())
    .env("VOTG_NOW", "2026-01-01T00:00:00Z")
    .env("TERM", "xterm")
    .env("COLUMNS", "200");
    let options = Options::new()
        .timeout_ms(Some(30_000))
        .strip_ansi_escape_codes(true);
    let mut p = spawn_with_options(cmd, options).unwrap();
    let asked = "Up to 5 MMC ids to Battle Harden";
    let shown = p.exp_string(asked).unwrap();
    drop(shown);
    let (_, line) = p.exp_regex(r"\(Enter: [^;]*;").unwrap();
    let default = line
        .trim_start_matches("(Enter: ")
        .trim_end_matches(';')
        .to_string();
    // A counter the German does not have: refused, and asked again.
    p.send_line("G-999").unwrap();
    p.exp_string("Asked again").unwrap();
    let again = p.exp_string(asked).unwrap();
    drop(again);
    let (before, _) = p.exp_regex(r"\(Enter: [^;]*;").unwrap();
    assert!(!before.contains("G-999"), "{before}");
    // Not offered as the default: the prompt line ends without it.
    let (_, end) = p.exp_regex(r"\)[^:]*: ").unwrap();
    assert!(!end.contains("G-999"), "offered as the default: {end}");
    // Enter on an empty line: the question's own default, and the step is
    // done (no third asking).
    p.send_line("").unwrap();
    let end = p.exp_eof().unwrap();
    assert!(!end.contains("Asked again"), "asked a third time:\n{end}");
    for id in default.split(' ') {
        assert!(
            end.contains(&format!("Battle Hardening (C16): {id} ")),
            "{id}:\n{end}"
        );
    }
    let s = crate::common::load(&c.dir);
    assert_ne!(s.campaign.step.german, "12.612", "the step is done");
    votg().args(["verify", c.path()]).assert().success();
}
