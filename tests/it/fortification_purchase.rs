//! 12.623 Purchasing Fortifications: the list the wizard shows offers only
//! what the side may buy, each written as it must be typed. Footnote 6:
//! only the Russian may set up AFV using HIP; a HIP order names its units'
//! number (`hip squad 2`). Footnote 9: a Set DC is a Retained DC, or one
//! granted to an Infantry Coy/Pltn setting up on-map.
//!
//! CG I's Initial Scenario: the German's Initial OB Retains three DC and no
//! AFV he may Dig In; he buys the M1 Fortifications RG (20 FPP). The
//! Russian has 40 FPP, a Retained T-34 M41 and no DC.

use crate::common::{Camp, votg};
use predicates::prelude::*;

/// The first list of fortifications `side` is offered at a terminal in CG
/// I's Initial Scenario, having bought `buy` at 12.621 (the rest of the
/// RePh is never answered).
#[cfg(unix)]
fn offered(side: &str, buy: &str) -> String {
    use rexpect::reader::Options;
    use rexpect::session::spawn_with_options;
    let c = Camp::new("I");
    let mut cmd = std::process::Command::new(assert_cmd::cargo::cargo_bin!("votg"));
    cmd.args(["refit", c.path(), "--side", side])
        .env("VOTG_NOW", "2026-01-01T00:00:00Z")
        .env("TERM", "xterm")
        .env("COLUMNS", "200");
    let options = Options::new()
        .timeout_ms(Some(30_000))
        .strip_ansi_escape_codes(true);
    let mut p = spawn_with_options(cmd, options).unwrap();
    p.exp_string("RGs to buy").unwrap();
    p.send_line(buy).unwrap();
    let before = p.exp_string("Fortifications (e.g.").unwrap();
    let list = before
        .rsplit("12.623")
        .next()
        .unwrap_or_default()
        .to_string();
    drop(p);
    list
}

/// The cell of `order` in the list (two to a line), if offered: from its
/// keyword to the next cell.
#[cfg(unix)]
fn row<'a>(list: &'a str, order: &str) -> Option<&'a str> {
    list.lines()
        // The session reads bytes as Latin-1: a border's UTF-8 starts 'â'.
        .flat_map(|l| l.split(['│', '┆', '║', 'â']))
        .map(|cell| cell.trim_start_matches(|c: char| !c.is_ascii()).trim())
        .find(|cell| cell.split([' ', ':']).next() == Some(order))
}

/// Footnotes 6 and 9 at a terminal: the German is offered HIP for squads,
/// HS, crews and SMC (not AFV), each with its `<n>`, and a Set DC (he
/// Retains DC); the Russian HIP for his AFV too, and no Set DC (he has no
/// DC).
#[cfg(unix)]
#[test]
fn rule_12_623_notes_6_9_the_list_offers_only_what_the_side_may_buy_as_it_is_typed() {
    let german = offered("german", "M1");
    let hip = row(&german, "hip").unwrap_or_else(|| panic!("{german}"));
    assert!(hip.contains("hip <squad|hs|crew|smc> <n>"), "{german}");
    assert!(hip.contains("squad 3"), "{german}");
    assert!(!hip.contains("afv"), "footnote 6: {german}");
    assert!(row(&german, "set-dc").is_some(), "footnote 9: {german}");
    let russian = offered("russian", "");
    let hip = row(&russian, "hip").unwrap_or_else(|| panic!("{russian}"));
    assert!(hip.contains("hip <afv|squad|hs|crew|smc> <n>"), "{russian}");
    assert!(hip.contains("afv 5"), "{russian}");
    assert!(row(&russian, "set-dc").is_none(), "footnote 9: {russian}");
}

/// Footnote 9 from an answers file: the Russian has no DC, so a Set DC is
/// refused and nothing bought; the German, who Retains three, buys one.
#[test]
fn rule_12_623_note_9_a_set_dc_is_a_dc_of_the_side() {
    let c = Camp::new("I");
    let a = c.file(
        "r.toml",
        "[russian]\nbuy = []\nfortify = [\"set-dc\"]\nrecon = 0\n",
    );
    votg()
        .args(["refit", c.path(), "--side", "russian", "--answers", &a])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("footnote 9"))
        .stderr(predicate::str::contains("Russian has 0"));
    assert_eq!(c.state().russian.roster.current().unwrap().fpp_spent, 0);
    let a = c.file(
        "g.toml",
        "[german]\nbuy = [\"M1\"]\nfortify = [\"set-dc\"]\nrecon = 0\n",
    );
    votg()
        .args(["refit", c.path(), "--side", "german", "--answers", &a])
        .assert()
        .success();
    assert_eq!(c.state().german.roster.current().unwrap().fpp_spent, 15);
}
