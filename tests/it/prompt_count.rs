//! DESIGN §7, the players' own time: the questions an ordinary RePh asks
//! at one keyboard, counted on a pseudo-terminal. The walkthrough campaign
//! (rosters/cg-i-walkthrough), its Initial Scenario recorded as in
//! rosters/cg-i-aftermath.answers.toml, then what the players enter: one
//! Isolated Area and its Escape stack, the Repair Number asked for, three
//! RGs bought by each side, Recon and the Initiative chits; every other
//! answer the default. The test walks every question in order: one more,
//! one fewer or another stops it.
#![cfg(unix)]

use std::process::Command;

use crate::common::{Camp, votg};
use crate::two_players::at_a_terminal;

/// Who answers: the German or the Russian in his own block, both at the
/// table (a public question), or a hand-over of the keyboard ("ready?",
/// "done?").
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Who {
    German,
    Russian,
    Public,
    HandOver,
}
use Who::*;

const GERMAN_OUTCOME: &str = "eliminated: 3 x 4-6-7, G-20; casualty_reduced: G-21; wounded: G-18; wrecked: G-32; malfunctioned: G-14; encircled: G-26 with G-30";
const RUSSIAN_OUTCOME: &str = "eliminated: 4 x 4-2-6, R-10; wounded: R-39; burnt_out: R-50; prisoners: G-12 by R-28; ap_minefield: R-29 with R-40";

/// Every question of the session in order: who answers, what it says,
/// what is typed ("" is Enter alone).
const SESSION: &[(Who, &str, &str)] = &[
    (Public, "Record it now?", "y"),
    (HandOver, "German player ready?", "y"),
    (German, "What happened to the German force?", GERMAN_OUTCOME),
    (HandOver, "German player done?", ""),
    (HandOver, "Russian player ready?", "y"),
    (
        Russian,
        "What happened to the Russian force?",
        RUSSIAN_OUTCOME,
    ),
    (HandOver, "Russian player done?", ""),
    (
        Public,
        "Control all hexes of building F36 at scenario end",
        "y",
    ),
    (Public, "Casualty VP each side suffered", "14 22"),
    (Public, "SAN at scenario end", ""),
    (Public, "outside their own side's Perimeter Area", ""),
    (Public, "Isolated Areas (12.607)", "K5: G-26 G-30"),
    (Public, "Escape stacks (12.6073)", "G-26 G-30 within-2"),
    (Public, "is it a Pocket", ""),
    (Public, "marked with a Blaze", ""),
    (HandOver, "German player ready?", "y"),
    (German, "MMC ids to Battle Harden", ""),
    (HandOver, "German player done?", ""),
    (HandOver, "Russian player ready?", "y"),
    (Russian, "MMC ids to Battle Harden", ""),
    (HandOver, "Russian player done?", ""),
    (Public, "declare a Counterattack", ""),
    (Public, "how many Stone Hexes", ""),
    (HandOver, "German player ready?", "y"),
    (German, "partially armored", ""),
    (German, "the Repair Number printed", "G-14 3"),
    (German, "12.617: Known wire", ""),
    (HandOver, "German player done?", ""),
    (HandOver, "Russian player ready?", "y"),
    (Russian, "12.617: Known wire", ""),
    (Russian, "one-time bonus", ""),
    (HandOver, "Russian player done?", ""),
    (HandOver, "German player ready?", "y"),
    (German, "RGs to buy", "A1, I2 on-map, O1 prereg=1"),
    (German, "on Recon", "0"),
    (German, "Initiative chit", "attack"),
    (HandOver, "German player done?", ""),
    (HandOver, "Russian player ready?", "y"),
    (Russian, "RGs to buy", "I2, A3, M1"),
    (Russian, "Fortifications, separated by commas", ""),
    (Russian, "on Recon", "0"),
    (Russian, "Initiative chit", "idle"),
    (HandOver, "Russian player done?", ""),
];

/// The same session before these questions were cut (votg at 9def30f, the
/// same answers, measured the same way; README, "Questions"): questions
/// and answers typed. A side's own are those of its blocks and the one line
/// saying what happened to its force, which was then asked in public.
const BEFORE: [(Who, usize, usize); 4] = [
    (German, 19, 7),
    (Russian, 16, 6),
    (Public, 24, 10),
    (HandOver, 12, 6),
];

fn count(who: Who) -> (usize, usize) {
    let of: Vec<_> = SESSION.iter().filter(|(w, _, _)| *w == who).collect();
    (
        of.len(),
        of.iter().filter(|(_, _, typed)| !typed.is_empty()).count(),
    )
}

#[test]
fn design_7_an_ordinary_reph_asks_each_side_at_most_half_the_questions() {
    let c = Camp::sample("cg-i-walkthrough");
    let mut cmd = Command::new(assert_cmd::cargo::cargo_bin!("votg"));
    cmd.args(["refit", c.path()])
        .env("VOTG_NOW", "2026-01-01T00:00:00Z");
    let mut p = at_a_terminal(cmd);
    for (who, question, answer) in SESSION {
        p.exp_string(question)
            .unwrap_or_else(|e| panic!("{who:?} `{question}`: {e}"));
        p.send_line(answer).unwrap();
    }
    let end = p.exp_eof().unwrap();
    assert!(end.contains("The scenario is ready to play"), "{end}");
    // What was typed at the terminal verifies like an answers file.
    votg().args(["verify", c.path()]).assert().success();

    assert_eq!(count(German), (8, 5));
    assert_eq!(count(Russian), (8, 4));
    assert_eq!(count(Public), (11, 5));
    // Two hand-overs more than before: each side says what the scenario did
    // to its force in its own block (DESIGN §5).
    assert_eq!(count(HandOver), (16, 8));
    // At most half the questions each, and no more answers typed.
    for (who, asked, typed) in BEFORE.into_iter().filter(|(w, _, _)| *w != HandOver) {
        let (now, now_typed) = count(who);
        assert!(2 * now <= asked, "{who:?}: {now} questions, {asked} before");
        assert!(
            now_typed <= typed,
            "{who:?}: {now_typed} typed, {typed} before"
        );
    }
}
