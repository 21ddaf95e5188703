//! Two players at one keyboard, on a real pseudo-terminal: every answer
//! needs Enter, "ready?" is No by default, and a key pressed for one prompt
//! can never answer the next.
#![cfg(unix)]

use std::process::Command;
use std::time::{Duration, Instant};

use crate::common::Camp;
use rexpect::reader::Options;
use rexpect::session::{PtySession, spawn_with_options};

fn refit_at_a_terminal(c: &Camp) -> PtySession {
    let mut cmd = Command::new(assert_cmd::cargo::cargo_bin!("votg"));
    cmd.args(["refit", c.path()])
        .env("VOTG_NOW", "2026-01-01T00:00:00Z");
    at_a_terminal(cmd)
}

/// `cmd` run on a pseudo-terminal 200 columns wide, as a player runs it.
pub(crate) fn at_a_terminal(mut cmd: Command) -> PtySession {
    cmd.env("TERM", "xterm")
        .env("COLUMNS", "200")
        .env_remove("VOTG_CRASH_AT");
    let options = Options::new()
        .timeout_ms(Some(30_000))
        .strip_ansi_escape_codes(true);
    spawn_with_options(cmd, options).unwrap()
}

/// Everything the program shows in the next moment (no prompt is waited
/// for: this is how long a player looks at the screen after a key).
pub(crate) fn shown_in_a_moment(p: &mut PtySession) -> String {
    let mut seen = String::new();
    let end = Instant::now() + Duration::from_millis(1200);
    while Instant::now() < end {
        match p.try_read() {
            Some(c) => seen.push(c),
            None => std::thread::sleep(Duration::from_millis(20)),
        }
    }
    seen
}

#[test]
fn prompts_need_enter_and_typed_ahead_keys_never_answer_the_next_prompt() {
    let c = Camp::new("I");
    let mut p = refit_at_a_terminal(&c);
    p.exp_string("German player ready?").unwrap();
    // A `y` alone answers nothing: the German's market is not shown yet.
    p.send("y").unwrap();
    p.flush().unwrap();
    let shown = shown_in_a_moment(&mut p);
    assert!(!shown.contains("Can be bought now"), "{shown}");
    p.send_line("").unwrap();
    p.exp_string("German has").unwrap();
    p.exp_string("RGs to buy").unwrap();
    p.send_line("").unwrap(); // 12.621: nothing bought, so no FPP for 12.623
    p.exp_string("on Recon").unwrap();
    p.send_line("0").unwrap(); // 12.624
    // The Russian's block follows at once: the German's "done?" hands the
    // keyboard over. Enter alone is No: asked again, nothing shown.
    p.exp_string("German player done?").unwrap();
    p.send_line("").unwrap();
    p.exp_string("German player done?").unwrap();
    let shown = shown_in_a_moment(&mut p);
    assert!(!shown.contains("Russian has"), "{shown}");
    // "y Enter" twice in one go: the second must not answer the Russian's
    // first question.
    p.send("y\ry\r").unwrap();
    p.flush().unwrap();
    p.exp_string("Russian has").unwrap();
    p.exp_string("RGs to buy").unwrap();
    let shown = shown_in_a_moment(&mut p);
    assert!(
        !shown.contains("error") && !shown.contains("on Recon"),
        "{shown}"
    );
}

#[test]
fn a_number_prompt_says_what_it_expects() {
    let c = Camp::new("I");
    let mut p = refit_at_a_terminal(&c);
    p.exp_string("German player ready?").unwrap();
    p.send_line("y").unwrap();
    p.exp_string("RGs to buy").unwrap();
    p.send_line("").unwrap();
    p.exp_string("on Recon").unwrap();
    p.send_line("abc").unwrap();
    p.exp_string("`abc` is not a whole number from 0 to 2")
        .unwrap();
}

/// A counter-id answer with a typo is asked again at the terminal (an
/// answers file's is refused): here the 12.6152 Repair Number of the
/// walkthrough's malfunctioned MMG, G-14 (A9.72).
#[test]
fn rule_12_6152_a_repair_number_typo_is_asked_again() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("cg");
    crate::common::copy_all(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("rosters/cg-i-aftermath"),
        &dir,
    );
    let mut cmd = Command::new(assert_cmd::cargo::cargo_bin!("votg"));
    cmd.args(["refit", dir.to_str().unwrap()])
        .args(["--side", "german", "--until", "12.615g"]);
    let mut p = at_a_terminal(cmd);
    p.exp_string("Control all hexes of building F36").unwrap();
    p.send_line("n").unwrap();
    // The wrecked G-32 is still on the map: its Recovery (CG7, 12.6151d;
    // in the Perimeter, not bought Dug-In: nothing to ask), then,
    // Recovered by the campaign's dice, its Wreck Repair (a StuG IIIG is
    // fully armored: nothing to ask either).
    p.exp_string("the Repair Number printed").unwrap();
    p.send_line("G-14 9").unwrap();
    p.exp_string("is not a Repair Number from 1 to 6").unwrap();
    p.send_line("G-14 3").unwrap();
    p.exp_string("-3 Weapon Repair Number 3").unwrap();
    p.exp_eof().unwrap();
    let force = std::fs::read_to_string(dir.join("german/force.toml")).unwrap();
    assert!(force.contains("repair = 3"), "{force}");
}
