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
