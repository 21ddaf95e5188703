//! A unit held as a prisoner by an enemy Isolated guard (12.609: kept) is
//! not Retained by its own side until freed (the definition of Retained;
//! READINGS.md C48): at 12.612 it may not Battle Harden, Recombine, or count
//! for the leader limit of 12.6125. Nor does a Guarded prisoner count for
//! the type of the Isolated Area it is in, or receive its results (12.607,
//! READINGS.md C49).
//!
//! Each campaign is the README walkthrough's Initial Scenario recorded with
//! the Russian R-28 (5-2-7) Isolated in a pocket, guarding a German
//! prisoner, and run to the end of 12.612. Dice: each side's MMC DR, then
//! its Leader DR (the German's block first).

use crate::played::{condition, looks, refit, walkthrough};
use predicates::prelude::*;

/// The scenario (won by the Russian, no CVP), the German outcome `german`,
/// `prisoner` held by R-28, R-28 Isolated, and the German's 12.612 answers.
fn record(german: &str, prisoner: &str, answers: &str) -> String {
    format!(
        r#"
[scenario]
victor = "russian"
cvp = {{ german = 0, russian = 0 }}

[german.outcome]
{german}

[russian.outcome]
prisoners = ["{prisoner} by R-28"]

[isolation]
[[isolation.area]]
name = "K5 pocket"
russian = ["R-28"]

[german]
{answers}
"#
    )
}

/// 12.6123: the German DR 1+1 = 2 lets two MMC Battle Harden; the default
/// picks (squads that can move up, in Force order) pass over the prisoner
/// G-1 and take G-2 and G-3.
#[test]
fn c48_prisoner_does_not_battle_harden_12_6123() {
    let c = walkthrough();
    refit(&c, "12.612", &record("", "G-1", ""), "1 1 6 6  6 6 6 6").success();
    assert_eq!(looks(&c, "G-1").0, "4-6-7", "the prisoner stays a 4-6-7");
    assert!(condition(&c, "G-1").contains("R-28"), "still a prisoner");
    assert_eq!(looks(&c, "G-2").0, "4-6-8");
    assert_eq!(looks(&c, "G-3").0, "4-6-8");
    assert_eq!(looks(&c, "G-4").0, "4-6-7");
}

/// Naming the prisoner to Battle Harden is refused, nothing changed.
#[test]
fn c48_prisoner_named_to_battle_harden_is_refused_12_6123() {
    let c = walkthrough();
    refit(
        &c,
        "12.612",
        &record("", "G-1", "harden = [\"G-1\"]"),
        "1 1 6 6  6 6 6 6",
    )
    .failure()
    .stderr(predicate::str::contains("G-1"));
    assert_eq!(looks(&c, "G-1").0, "4-6-7");
}

/// 12.6122 (C33): the two 2-4-7 HS (G-11, G-12 Casualty-Reduced) do not
/// Recombine while G-11 is a prisoner.
#[test]
fn c48_prisoner_does_not_recombine_12_6122() {
    let c = walkthrough();
    let german = r#"casualty_reduced = ["G-11", "G-12"]"#;
    refit(
        &c,
        "12.612",
        &record(german, "G-11", ""),
        "6 6 6 6  6 6 6 6",
    )
    .success();
    assert_eq!(looks(&c, "G-11").0, "2-4-7");
    assert_eq!(looks(&c, "G-12").0, "2-4-7");
    assert!(condition(&c, "G-11").contains("R-28"));
}

/// The German keeps eight squads (G-12 and seven elite), the 8-0 G-20 and
/// maybe the 9-1 G-18: the other 4-6-7 and leaders are Eliminated.
fn promotion_force(extra_leader_kept: bool) -> String {
    let leaders = if extra_leader_kept {
        r#""G-19", "G-25", "G-30", "G-43""#
    } else {
        r#""G-18", "G-19", "G-25", "G-30", "G-43""#
    };
    format!("eliminated = [\"11 x 4-6-7\", {leaders}]")
}

/// 12.6125: two leaders need eight squad-equivalents of Retained units
/// (German, one leader per four). Of the eight squads one is the prisoner
/// G-12, so only seven count: promoting the 8-0 is refused.
#[test]
fn c48_prisoner_squad_does_not_count_for_the_12_6125_leader_limit() {
    let c = walkthrough();
    let answers = "leader = \"promote-8-0\"";
    refit(
        &c,
        "12.612",
        &record(&promotion_force(false), "G-12", answers),
        "6 6  6 6 6 6",
    )
    .failure()
    .stderr(predicate::str::contains("12.6125"));
    assert_eq!(looks(&c, "G-20").0, "8-0", "nothing changed");
}

/// 12.6125: the 9-1 G-18 is a prisoner, so he is not among the German's
/// leaders: the 8-0 alone with eight free squads may be promoted (two 7-0,
/// two leaders for eight squad-equivalents).
#[test]
fn c48_prisoner_leader_does_not_count_for_the_12_6125_leader_limit() {
    let c = walkthrough();
    let german = promotion_force(true);
    let answers = "leader = \"promote-8-0\"";
    refit(
        &c,
        "12.612",
        &record(&german, "G-18", answers),
        "6 6  6 6 6 6",
    )
    .success();
    assert_eq!(looks(&c, "G-20").0, "7-0", "promoted out of the ranks");
}

/// 12.6124: the German DR 3+3 = 6 selects an 8-0. G-20 (first in Force
/// order) is a prisoner, so the other 8-0, G-43, Battle Hardens.
#[test]
fn c48_prisoner_leader_does_not_battle_harden_12_6124() {
    let c = walkthrough();
    refit(&c, "12.612", &record("", "G-20", ""), "6 6 3 3  6 6 6 6").success();
    assert_eq!(looks(&c, "G-20").0, "8-0");
    assert_eq!(looks(&c, "G-43").0, "8-1");
}

/// The Isolated Area "K5 pocket" holds the Russian R-28 and the German
/// counters `german`, run to the end of 12.607 (no die is rolled: the
/// dice file is empty). Returns the Area's type as journalled.
fn pocket_with(german: &[&str], prisoners: &str) -> (crate::common::Camp, Vec<String>) {
    let c = walkthrough();
    let ids: Vec<String> = german.iter().map(|g| format!("\"{g}\"")).collect();
    let answers = format!(
        r#"
[scenario]
victor = "russian"
cvp = {{ german = 0, russian = 0 }}

[russian.outcome]
prisoners = [{prisoners}]

[isolation]
[[isolation.area]]
name = "K5 pocket"
russian = ["R-28"]
german = [{}]
"#,
        ids.join(", ")
    );
    refit(&c, "12.607", &answers, "").success();
    let typed = c.rows("Isolated Area K5 pocket");
    (c, typed)
}

/// C49: the Russian R-28 guards the German G-1 (a squad) and G-20 (an 8-0)
/// in the pocket: they count for no side's Area type, which is C (Russian
/// MMC only), not D; only R-28 gets Ammunition Shortage (12.6071), and the
/// prisoner 8-0 is no enemy SMC that must Escape a type C Area.
#[test]
fn c49_a_guarded_prisoner_counts_for_no_sides_area_type() {
    let (c, typed) = pocket_with(&["G-1", "G-20"], r#""G-1 by R-28", "G-20 by R-28""#);
    assert!(
        typed
            .iter()
            .any(|r| r.ends_with("type C (Russian MMC/vehicles only)")),
        "{typed:#?}"
    );
    assert!(typed.iter().all(|r| !r.contains("type D")), "{typed:#?}");
    assert!(condition(&c, "R-28").contains("ammo-shortage"));
    for p in ["G-1", "G-20"] {
        assert!(!condition(&c, p).contains("ammo-shortage"), "{p}");
        assert!(condition(&c, p).contains("R-28"), "{p} still a prisoner");
    }
    assert!(c.rows("Escape").is_empty(), "{:#?}", c.rows("Escape"));
}

/// C49's boundary: a German squad in the pocket that is no prisoner (G-2)
/// makes it type D, both sides' MMC get Ammunition Shortage, the prisoner
/// G-1 still none.
#[test]
fn c49_an_unguarded_enemy_mmc_still_makes_the_area_type_d() {
    let (c, typed) = pocket_with(&["G-1", "G-2"], r#""G-1 by R-28""#);
    assert!(
        typed
            .iter()
            .any(|r| r.ends_with("type D (MMC/vehicles of both sides)")),
        "{typed:#?}"
    );
    assert!(condition(&c, "R-28").contains("ammo-shortage"));
    assert!(condition(&c, "G-2").contains("ammo-shortage"));
    assert!(!condition(&c, "G-1").contains("ammo-shortage"));
}
