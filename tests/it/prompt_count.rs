//! DESIGN §7, the players' own time: the questions an ordinary RePh asks
//! at one keyboard, counted on a pseudo-terminal. The walkthrough campaign
//! (rosters/cg-i-walkthrough), its Initial Scenario recorded as in
//! rosters/cg-i-aftermath.answers.toml, then what the players enter: one
//! Isolated Area and its Escape stack, the Repair Number asked for, three
//! RGs bought by each side, Recon and the Initiative chits; every other
//! answer the default. The test walks every question in order: one more,
//! one fewer or another stops it.
#![cfg(unix)]

use crate::common::{Camp, votg};
use crate::tmux::Screen;

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
    (HandOver, "German player done?", "y"),
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
    (HandOver, "German player done?", "y"),
    (Russian, "MMC ids to Battle Harden", ""),
    (HandOver, "Russian player done?", ""),
    (Public, "declare a Counterattack", ""),
    (Public, "how many Stone Hexes", ""),
    (HandOver, "German player ready?", "y"),
    (German, "the Repair Number printed", "G-14 3"),
    (German, "12.617: Known wire", ""),
    (HandOver, "German player done?", "y"),
    (Russian, "12.617: Known wire", ""),
    (Russian, "one-time bonus", ""),
    (HandOver, "Russian player done?", ""),
    (HandOver, "German player ready?", "y"),
    (German, "RGs to buy", "A1, I2 on-map, O1 prereg=1"),
    (German, "on Recon", "0"),
    (German, "Initiative chit", "attack"),
    (HandOver, "German player done?", "y"),
    (Russian, "RGs to buy", "I2, A3, M1"),
    (Russian, "Fortifications (e.g.", ""),
    (Russian, "on Recon", "0"),
    (Russian, "Initiative chit", "idle"),
    (HandOver, "Russian player done?", ""),
];

fn count(who: Who) -> (usize, usize) {
    let of: Vec<_> = SESSION.iter().filter(|(w, _, _)| *w == who).collect();
    (
        of.len(),
        of.iter().filter(|(_, _, typed)| !typed.is_empty()).count(),
    )
}

/// The lines a secret block leaves on an 80-column screen when it asks
/// "done?": from its "=== … player only" banner to that question.
fn block_lines(shown: &str) -> usize {
    let lines: Vec<&str> = shown.lines().collect();
    let start = lines
        .iter()
        .rposition(|l| l.contains(" player only: "))
        .unwrap_or(0);
    let end = lines
        .iter()
        .rposition(|l| l.contains(" player done?"))
        .unwrap_or(lines.len() - 1);
    end + 1 - start
}

/// The session played in a tmux window 80 columns wide, as a player sees
/// it: each question waited for, its answer typed. Gives each secret
/// block's lines on the screen at its "done?", and the last screen.
fn play_at_80_columns(c: &Camp) -> Option<(Vec<(Who, usize)>, String)> {
    let s = Screen::votg(&["refit", c.path()], 80)?;
    let mut blocks = Vec::new();
    let mut seen: std::collections::BTreeMap<&str, usize> = Default::default();
    for (who, question, answer) in SESSION {
        let n = seen.entry(question).or_default();
        *n += 1;
        let shown = s.wait_for_count(question, *n);
        if question.ends_with("done?") {
            let side = if question.starts_with("German") {
                German
            } else {
                Russian
            };
            blocks.push((side, block_lines(&shown)));
        }
        if question.ends_with("ready?") || question.ends_with("done?") {
            // Cleared by the hand-over: counted afresh.
            seen.clear();
        }
        let _ = who;
        s.line(answer);
    }
    let end = s.wait_for("votg-ended");
    Some((blocks, end))
}

#[test]
fn design_7_an_ordinary_reph_asks_each_side_at_most_half_the_questions() {
    let c = Camp::sample("cg-i-walkthrough");
    let Some((blocks, end)) = play_at_80_columns(&c) else {
        return;
    };
    assert!(end.contains("The scenario is ready to play"), "{end}");
    // What was typed at the terminal verifies like an answers file.
    votg().args(["verify", c.path()]).assert().success();

    assert_eq!(count(German), (7, 5));
    assert_eq!(count(Russian), (8, 4));
    assert_eq!(count(Public), (11, 5));
    let (handovers, _) = count(HandOver);
    println!("hand-overs {handovers}; lines of each secret block at 80 columns {blocks:?}");
    assert!(handovers <= 12, "{handovers} hand-overs");
    // DESIGN §5: every secret block on one screen.
    for (side, lines) in &blocks {
        assert!(
            *lines <= 50,
            "a {side:?} block of {lines} lines: {blocks:?}"
        );
    }
}
