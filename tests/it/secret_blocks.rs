//! DESIGN §5 at one keyboard: what is a side's secret is shown only in its
//! own block (the other side looking away), never in a public block, and
//! the block is cleared from the screen however it ends.
#![cfg(unix)]

use std::process::Command;

use rexpect::session::PtySession;

use crate::common::Camp;
use crate::two_players::at_a_terminal;

/// `votg refit DIR` on a pseudo-terminal, both sides at one keyboard.
fn refit(c: &Camp, args: &[&str]) -> PtySession {
    let mut cmd = Command::new(assert_cmd::cargo::cargo_bin!("votg"));
    cmd.args(["refit", c.path()])
        .args(args)
        .env("VOTG_NOW", "2026-01-01T00:00:00Z");
    at_a_terminal(cmd)
}

/// `votg refit DIR` on a pseudo-terminal, both sides at one keyboard, its
/// output as sent: the escape codes that clear the screen are what some
/// tests look for, so they are not stripped.
fn refit_raw(c: &Camp) -> PtySession {
    refit_with(c, "")
}

/// `votg refit` at a terminal with the store's fault `fault` (debug
/// builds: `src/store/fault.rs`).
fn refit_with(c: &Camp, fault: &str) -> PtySession {
    let mut cmd = Command::new(assert_cmd::cargo::cargo_bin!("votg"));
    cmd.args(["refit", c.path()])
        .env("VOTG_STORE_FAULT", fault)
        .env("VOTG_NOW", "2026-01-01T00:00:00Z")
        .env("TERM", "xterm")
        .env("COLUMNS", "200");
    let options = rexpect::reader::Options::new().timeout_ms(Some(30_000));
    rexpect::session::spawn_with_options(cmd, options).unwrap()
}

/// 12.621: the CPP a side has left and spends on Recon may be kept secret,
/// so the new CG Roster lines (C20: Start = Left - Recon) are told in each
/// side's own block, not in the public New CG Day block (12.614).
#[test]
fn rule_12_621_a_new_cg_roster_line_is_told_only_in_its_sides_block() {
    let c = Camp::sample("cg-i-aftermath");
    let mut p = refit(&c, &[]);
    p.exp_string("building F36").unwrap();
    p.send_line("").unwrap();
    let public = p.exp_string("German player ready?").unwrap();
    assert!(public.contains("New CG Day: 16 Sep"), "{public}");
    assert!(
        !public.contains("CG Roster") && !public.contains("Recon"),
        "{public}"
    );
    p.send_line("y").unwrap();
    let german = p.exp_string("German CG Roster: new line 16/9").unwrap();
    assert!(!german.contains("Russian CG Roster"), "{german}");
}

const GERMAN_OUTCOME: &str = "eliminated: 3 x 4-6-7, G-20; casualty_reduced: G-21; wounded: G-18; wrecked: G-32; malfunctioned: G-14; encircled: G-26 with G-30";
const RUSSIAN_OUTCOME: &str = "eliminated: 4 x 4-2-6, R-10; wounded: R-39; burnt_out: R-50; prisoners: G-12 by R-28; ap_minefield: R-29 with R-40";

/// 12.6041, DESIGN §5: each side lists its force and says what the scenario
/// did to it in its own block; the public part (F36's Control, which
/// decides a CG I victor, the CVP offered as computed from the counters
/// each side recorded as Eliminated, the SAN) is entered once, in public.
/// The record typed at the terminal verifies.
#[test]
fn rule_12_6041_each_side_records_its_force_outcome_in_its_own_block() {
    let c = Camp::sample("cg-i-walkthrough");
    let mut p = refit(&c, &["--until", "12.601"]);
    p.exp_string("Record it now?").unwrap();
    p.send_line("y").unwrap();
    let public = p.exp_string("German player ready?").unwrap();
    assert!(
        !public.contains("G-1") && !public.contains("R-1"),
        "{public}"
    );
    p.send_line("y").unwrap();
    let german = p.exp_string("What happened to the German force?").unwrap();
    // 44 counters on 7 lines, by RG; none of the Russian's.
    assert!(
        german.contains("I1 (retained): G-1..G-12 4-6-7 x12, G-13 HMG"),
        "{german}"
    );
    assert!(
        german.contains("all of RG I2") && !german.contains("R-"),
        "{german}"
    );
    p.send_line(GERMAN_OUTCOME).unwrap();
    let said = p.exp_string("German player done?").unwrap();
    assert!(said.contains("G-21 8-3-8 Reduced to 3-3-8"), "{said}");
    assert!(!said.contains("Russian"), "{said}");
    p.send_line("y").unwrap();
    let russian = p.exp_string("What happened to the Russian force?").unwrap();
    assert!(
        russian.contains("R-4..R-6 4-4-7 x3") && !russian.contains("G-1..G-12"),
        "{russian}"
    );
    p.send_line(RUSSIAN_OUTCOME).unwrap();
    p.exp_string("Russian player done?").unwrap();
    p.send_line("y").unwrap();
    let public = p.exp_string("Control all hexes of building F36").unwrap();
    assert!(
        !public.contains("R-29") && !public.contains("G-21"),
        "{public}"
    );
    p.send_line("y").unwrap();
    // German 3 squads, an 8-0 and a wrecked AFV; Russian 4 squads, a 7-0
    // and a burnt-out AFV (A26.2, tables/casualty-vp.toml).
    p.exp_string("German then Russian [12 14]").unwrap();
    p.send_line("14 22").unwrap();
    p.exp_string("SAN at scenario end").unwrap();
    p.send_line("").unwrap();
    let end = p.exp_eof().unwrap();
    assert!(
        end.contains("Victor: German") && end.contains("German 14, Russian 22"),
        "{end}"
    );
    crate::common::votg()
        .args(["verify", c.path()])
        .assert()
        .success();
    let public = std::fs::read_to_string(c.dir.join("journal.csv")).unwrap();
    assert!(
        !public.contains("G-21") && !public.contains("outcome"),
        "{public}"
    );
}

/// DESIGN §5: Ctrl-C inside a side's block clears the screen and its
/// scrollback as the block's normal end does, and the run stops with
/// nothing of the step kept.
#[test]
fn design_5_ctrl_c_in_a_secret_block_clears_the_screen_and_its_scrollback() {
    let c = Camp::sample("cg-i-walkthrough");
    let before = c.campaign_files();
    let mut p = refit_raw(&c);
    p.exp_string("Record it now?").unwrap();
    p.send_line("y").unwrap();
    p.exp_string("German player ready?").unwrap();
    p.send_line("y").unwrap();
    p.exp_string("What happened to the German force?").unwrap();
    p.send("eliminated: G-1").unwrap();
    p.send_control('c').unwrap();
    let rest = p.exp_eof().unwrap();
    assert!(
        rest.contains("\u{1b}[3J"),
        "the scrollback is not cleared: {rest:?}"
    );
    let after_clear = &rest[rest.rfind("\u{1b}[3J").unwrap()..];
    assert!(!after_clear.contains("G-1"), "{after_clear:?}");
    assert!(rest.contains("interrupted (Ctrl-C)"), "{rest:?}");
    assert_eq!(c.campaign_files(), before, "nothing of the step kept");
}

/// The same in a block of the side's own steps (12.615-12.619).
#[test]
fn design_5_ctrl_c_in_a_sides_steps_clears_the_screen_and_its_scrollback() {
    let c = Camp::sample("cg-i-aftermath");
    let mut p = refit_raw(&c);
    p.exp_string("building F36").unwrap();
    p.send_line("").unwrap();
    p.exp_string("German player ready?").unwrap();
    p.send_line("y").unwrap();
    let mut rest = p.exp_string("German CG Roster: new line").unwrap();
    // Ctrl-C at the block's next question: pressed while votg works
    // between two questions it is not read, so it is pressed again.
    for _ in 0..50 {
        p.send_control('c').unwrap();
        rest.push_str(&crate::two_players::shown_in_a_moment(&mut p));
        if p.process().status() != Some(rexpect::process::WaitStatus::StillAlive) {
            break;
        }
    }
    assert!(
        rest.contains("\u{1b}[3J"),
        "the scrollback is not cleared: {rest:?}"
    );
    let after_clear = &rest[rest.rfind("\u{1b}[3J").unwrap()..];
    assert!(!after_clear.contains("CPP"), "{after_clear:?}");
}

/// DESIGN §5: an error that stops a side's block at one keyboard is read by
/// that side inside the block; once the block is cleared, the shared screen
/// is told only that it stopped, not the error (it may name his secrets).
#[test]
fn design_5_an_error_in_a_secret_block_is_not_repeated_on_the_shared_screen() {
    let c = Camp::new("I");
    // The German's log cannot be written: its disk is full.
    let mut p = refit_with(&c, "fullfile=german/log.jsonl");
    p.exp_string("German player ready?").unwrap();
    p.send_line("y").unwrap();
    p.exp_string("RGs to buy").unwrap();
    p.send_line("G1").unwrap();
    let mut rest = p.exp_string("German player done?").unwrap();
    assert!(
        rest.contains("german/log.jsonl"),
        "the German reads it: {rest:?}"
    );
    p.send_line("y").unwrap();
    rest = p.exp_eof().unwrap();
    let Some(cleared) = rest.rfind("\u{1b}[3J") else {
        panic!("the block was not cleared: {rest:?}")
    };
    let after = &rest[cleared..];
    assert!(after.contains("block stopped on an error"), "{after:?}");
    assert!(!after.contains("G1"), "{after:?}");
    assert!(!after.contains("german/log.jsonl"), "{after:?}");
}
