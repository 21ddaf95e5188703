//! 12.617 Fortification Removal: only wire, minefields, Entrenchments
//! (A-T Ditch included) and Roadblocks may be rolled for; any Known one in a
//! Location the side Controls, its own or the enemy's (named by the enemy
//! counter's id, which its owner reads off `votg force`). The roll and what
//! it removes are public (both sides see it on the map); a minefield's
//! strength is never told.
//!
//! The campaign: CG I's Initial Scenario set up with every die a 3 and the
//! Russian's fortifications R-61 A-P Mine 6 factors, R-62 A-T Mine 2
//! factors, R-63 Wire, R-64 Roadblock, R-65 Trench, R-66 Foxhole (besides
//! the Initial OB's Fortified Building Locations R-13..R-18); the German
//! has three 8-3-8 Assault Engineers (G-21..G-23). The scenario is won by
//! the German and run to 12.617, where both sides stand.

use crate::common::{Camp, votg};
use crate::played::{initial_fortified, looks, refit};
use predicates::prelude::*;

const FORTIFY: &str = r#"["ap-mine 6", "at-mine 2", "wire", "roadblock", "trench", "foxhole 2"]"#;

/// Dice to 12.617: 12.612's four DR (6 6: nothing), then the Russian SAN dr,
/// two German and (R-3 recovered and mobile) two Russian AFV Platoon
/// Redeployment drs, R-3's Recovery and Immobilization Removal drs.
const TO_12_617: &str = "6 6 6 6 6 6 6 6  2 2 2 2 2 2 2";

fn at_12_617(outcome: &str) -> Camp {
    let c = initial_fortified(3, FORTIFY);
    let a = format!(
        "[scenario]\nvictor = \"german\"\ncvp = {{ german = 0, russian = 0 }}\n{outcome}\n"
    );
    refit(&c, "12.616", &a, TO_12_617).success();
    c
}

/// 12.617 for both sides (the German first), with these answers and drs.
fn removal(c: &Camp, answers: &str, dice: &str) -> assert_cmd::assert::Assert {
    refit(c, "12.617", answers, dice)
}

/// The public journal rows of 12.617: what both sides see (`votg log`).
fn public_rows(c: &Camp) -> String {
    let out = votg()
        .args(["log", c.path(), "--step", "12.617", "--format", "json"])
        .output()
        .unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap()
}

fn place(c: &Camp, id: &str) -> String {
    looks(c, id).2
}

/// The Russian's own Known Wire in a Front Line Location: dr 1 +2 = 3,
/// Eliminated (to the Casualties box); the German sees the roll.
#[test]
fn rule_12_617_own_known_wire_dr_3_is_eliminated() {
    let c = at_12_617("");
    removal(
        &c,
        "[russian]\nremove_fortifications = [\"R-63 front-line\"]\n",
        "1",
    )
    .success();
    assert_eq!(place(&c, "R-63"), "casualties");
    let seen = public_rows(&c);
    assert!(
        seen.contains("R-63 Wire") && seen.contains("Eliminated"),
        "{seen}"
    );
}

/// The row boundary: dr 2 +2 = 4 is No Effect; the Wire stays.
#[test]
fn rule_12_617_own_known_wire_dr_4_is_no_effect() {
    let c = at_12_617("");
    removal(
        &c,
        "[russian]\nremove_fortifications = [\"R-63 front-line\"]\n",
        "2",
    )
    .success();
    assert_eq!(place(&c, "R-63"), "fortifications");
    assert!(public_rows(&c).contains("No Effect"));
}

/// The enemy's Known Trench in a Location the German Controls, ADJACENT to
/// a Front Line Location: dr 3 +1 -1 (three Assault Engineer squads) = 3,
/// Eliminated from the Russian's Force Organizer; the Russian sees it.
#[test]
fn rule_12_617_enemy_known_trench_is_eliminated_from_the_enemy_force() {
    let c = at_12_617("");
    removal(
        &c,
        "[german]\nremove_fortifications = [\"R-65 adjacent\"]\n",
        "3",
    )
    .success();
    assert_eq!(place(&c, "R-65"), "casualties");
    let seen = public_rows(&c);
    assert!(seen.contains("R-65 Trench"), "{seen}");
    assert!(seen.contains("Assault Engineer"), "{seen}");
}

/// A Roadblock (+2 along a Front Line hexside): dr 2 +2 -1 = 3, Eliminated;
/// an A-T Ditch, Foxhole and Roadblock are Entrenchment/Roadblock types.
#[test]
fn rule_12_617_enemy_roadblock_along_a_front_line_hexside() {
    let c = at_12_617("");
    let a = "[german]\nremove_fortifications = [\"R-64 front-line\", \"R-66\"]\n";
    // R-64: dr 2 +2 -1 = 3 Eliminated; R-66 Foxhole behind: dr 5 -1 = 4 No Effect.
    removal(&c, a, "2 5").success();
    assert_eq!(place(&c, "R-64"), "casualties");
    assert_eq!(place(&c, "R-66"), "fortifications");
}

/// A Known minefield: one roll for every mine counter of its Location
/// (joined with `+`); Eliminated, all of them go (footnote *). The public
/// rows never tell the minefield's strength.
#[test]
fn rule_12_617_known_minefield_all_mines_of_the_location_and_strength_secret() {
    let c = at_12_617("");
    removal(
        &c,
        "[german]\nremove_fortifications = [\"R-61+R-62\"]\n",
        "4",
    )
    .success();
    assert_eq!(place(&c, "R-61"), "casualties");
    assert_eq!(place(&c, "R-62"), "casualties");
    let seen = public_rows(&c);
    assert!(seen.contains("minefield"), "{seen}");
    assert!(
        !seen.contains("factors"),
        "the strength stays secret: {seen}"
    );
}

/// A Fortified Building Location is none of the types 12.617 names: refused,
/// nothing changed.
#[test]
fn rule_12_617_fortified_building_location_is_refused() {
    let c = at_12_617("");
    removal(&c, "[russian]\nremove_fortifications = [\"R-13\"]\n", "1")
        .failure()
        .stderr(predicate::str::contains("12.617"))
        .stderr(predicate::str::contains("R-13"));
    assert_eq!(place(&c, "R-13"), "fortifications");
}

/// Only mine counters may share one roll.
#[test]
fn rule_12_617_only_mines_share_a_roll() {
    let c = at_12_617("");
    removal(
        &c,
        "[german]\nremove_fortifications = [\"R-63+R-65\"]\n",
        "1",
    )
    .failure()
    .stderr(predicate::str::contains("12.617"));
    assert_eq!(place(&c, "R-63"), "fortifications");
}

/// At a terminal, the wizard asks 12.617's question (here the Russian's,
/// run on its own) and rolls for the answer.
#[cfg(unix)]
#[test]
fn rule_12_617_the_wizard_asks_at_a_terminal() {
    use rexpect::reader::Options;
    use rexpect::session::spawn_with_options;
    let c = at_12_617("");
    let dice = c.file("t.txt", "1");
    let mut cmd = std::process::Command::new(assert_cmd::cargo::cargo_bin!("votg"));
    cmd.args(["--dice-file", &dice, "refit", c.path()])
        .args(["--side", "russian", "--until", "12.617"])
        .env("VOTG_NOW", "2026-01-01T00:00:00Z")
        .env("TERM", "xterm")
        .env("COLUMNS", "200");
    let options = Options::new()
        .timeout_ms(Some(30_000))
        .strip_ansi_escape_codes(true);
    let mut p = spawn_with_options(cmd, options).unwrap();
    p.exp_string("R-63 Wire").unwrap();
    // The question's end (folded to the terminal's width, so a line end may
    // fall inside "(Enter: none)").
    p.exp_string("none): ").unwrap();
    p.send_line("R-63 front-line").unwrap();
    p.exp_string("Eliminated").unwrap();
    p.exp_eof().unwrap();
    assert_eq!(place(&c, "R-63"), "casualties");
}

/// 12.6083, 12.617: at a terminal the German rolls for the Russian's Known
/// minefield (R-61 A-P Mine 6 factors + R-62 A-T Mine 2 factors); what his
/// screen names the roll for tells neither the mines' type nor their
/// strength (the journal rows never did).
#[cfg(unix)]
#[test]
fn rule_12_6083_12_617_a_minefield_rolled_for_at_a_terminal_keeps_its_strength_hidden() {
    use rexpect::reader::Options;
    use rexpect::session::spawn_with_options;
    let c = at_12_617("");
    let dice = c.file("t.txt", "4");
    let mut cmd = std::process::Command::new(assert_cmd::cargo::cargo_bin!("votg"));
    cmd.args(["--dice-file", &dice, "refit", c.path()])
        .args(["--side", "german", "--until", "12.617"])
        .env("VOTG_NOW", "2026-01-01T00:00:00Z")
        .env("TERM", "xterm")
        .env("COLUMNS", "200");
    let options = Options::new()
        .timeout_ms(Some(30_000))
        .strip_ansi_escape_codes(true);
    let mut p = spawn_with_options(cmd, options).unwrap();
    p.exp_string("none): ").unwrap();
    p.send_line("R-61+R-62").unwrap();
    let (seen, _) = p.exp_regex("Eliminated").unwrap();
    let rest = p.exp_eof().unwrap();
    let screen = format!("{seen}Eliminated{rest}");
    assert!(screen.contains("R-61 Known minefield"), "{screen}");
    for secret in ["factors", "A-P Mine", "A-T Mine"] {
        assert!(!screen.contains(secret), "`{secret}` shown: {screen}");
    }
    assert_eq!(place(&c, "R-61"), "casualties");
}
