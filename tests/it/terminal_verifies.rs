//! DESIGN §8, one way to ask: what a player types at a terminal is
//! recorded in the form the replay reads, so a campaign played at the
//! terminal verifies as one played from an answers file does.
#![cfg(unix)]

use crate::common::{Camp, votg};
use crate::tmux::Screen;

/// The answer a player gives to the question on the screen's last line:
/// the scenario recorded, a Blaze at 12.610, every other question's own
/// default (Enter), each block confirmed.
fn answer(last: &str) -> &'static str {
    if last.contains("Record it now?") || last.contains("[y/N]") {
        "y"
    } else if last.contains("for none)") {
        "L42 stone single-hex"
    } else {
        ""
    }
}

#[test]
fn rule_12_610_a_blaze_typed_at_a_terminal_verifies() {
    let c = Camp::sample("cg-i-walkthrough");
    let Some(s) = Screen::votg(&["refit", c.path(), "--until", "12.610"], 100) else {
        return;
    };
    let mut screen = s.wait_for("Record it now?");
    let mut typed_blaze = false;
    for _ in 0..200 {
        if screen.contains("votg-ended") {
            break;
        }
        let last = screen
            .lines()
            .rev()
            .find(|l| !l.trim().is_empty())
            .unwrap_or_default()
            .to_string();
        let a = answer(&last);
        typed_blaze |= a.starts_with("L42");
        screen = s.answer(a);
    }
    assert!(typed_blaze, "the Blaze question was never asked:\n{screen}");
    assert!(screen.contains("votg-ended"), "{screen}");
    let log = std::fs::read_to_string(c.dir.join("log.jsonl")).unwrap();
    assert!(
        log.contains("Stone building L42"),
        "the Blaze was rolled for"
    );
    votg().args(["verify", c.path()]).assert().success();
}
