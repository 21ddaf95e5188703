//! The owner's choice of leader at 12.612 (README: Battle Hardening): which
//! leader of the type the Leader DR selects Battle Hardens (12.6124, C32;
//! answer `hardened_leader`, default the first in Force order), and which
//! 8-0 or 8-1 is Promoted out of the Ranks (12.6125; answer
//! `promoted_leader`, default the first). Asked only when there is more
//! than one to choose from.

use crate::played::{initial_with_faces, looks, refit, walkthrough};

/// CG I's Initial Scenario set up with every die a 3 (the Russian 7-0s
/// R-10 and R-43, the 8-0 R-42), won by the German, run to the end of
/// 12.612 with the Russian's `answers`. Dice: the German's MMC and Leader
/// DR (nothing), the Russian's MMC DR (none), his Leader DR 4+5 = 9 (the
/// 7-0 row).
fn russian_7_0_row(answers: &str) -> (crate::common::Camp, assert_cmd::assert::Assert) {
    let c = initial_with_faces(3);
    let a = format!(
        "[scenario]\nvictor = \"german\"\ncvp = {{ german = 0, russian = 0 }}\n\n[russian]\n{answers}\n"
    );
    let run = refit(&c, "12.612", &a, "6 6 6 6  6 6 4 5");
    (c, run)
}

#[test]
fn c32_owner_names_the_7_0_that_battle_hardens_12_6124() {
    let (c, run) = russian_7_0_row("hardened_leader = \"R-43\"");
    run.success();
    assert_eq!(looks(&c, "R-43").0, "8-0");
    assert_eq!(looks(&c, "R-10").0, "7-0");
    // Unanswered, the first 7-0 in Force order Battle Hardens.
    let (d, run) = russian_7_0_row("");
    run.success();
    assert_eq!(looks(&d, "R-10").0, "8-0");
    assert_eq!(looks(&d, "R-43").0, "7-0");
}

/// A leader not of the type the DR selected is refused, naming the ones
/// that are; nothing is changed.
#[test]
fn c32_a_leader_not_of_the_rolled_type_is_refused_12_6124() {
    let (c, run) = russian_7_0_row("hardened_leader = \"R-42\"");
    let out = run.failure().get_output().stderr.to_ascii_lowercase();
    let err = String::from_utf8_lossy(&out);
    assert!(err.contains("hardened_leader"), "{err}");
    assert!(err.contains("r-10") && err.contains("r-43"), "{err}");
    assert_eq!(looks(&c, "R-42").0, "8-0");
    assert_eq!(looks(&c, "R-10").0, "7-0");
}

/// The walkthrough's scenario won by the German, his 9-1 (G-18) and 8-0s
/// (G-20, G-43) Eliminated: his leaders are three 8-1s (G-19, G-25, G-30)
/// for nineteen squads, so an 8-1 may be Promoted out of the Ranks
/// (12.6125: four leaders, one per four squad-equivalents).
fn german_promotes_an_8_1(answers: &str) -> (crate::common::Camp, assert_cmd::assert::Assert) {
    let c = walkthrough();
    let a = format!(
        r#"[scenario]
victor = "german"
cvp = {{ german = 0, russian = 0 }}

[german.outcome]
eliminated = ["G-18", "G-20", "G-43"]

[german]
leader = "promote-8-1"
{answers}
"#
    );
    // German MMC DR 6+6 (none, no Leader DR), Russian MMC and Leader DR.
    let run = refit(&c, "12.612", &a, "6 6  6 6 6 6");
    (c, run)
}

#[test]
fn rule_12_6125_owner_names_the_8_1_promoted_out_of_the_ranks() {
    let (c, run) = german_promotes_an_8_1("promoted_leader = \"G-30\"");
    run.success();
    assert_eq!(looks(&c, "G-30").0, "8-0");
    assert_eq!(looks(&c, "G-19").0, "8-1");
    assert_eq!(looks(&c, "G-25").0, "8-1");
    let new_7_0 = crate::played::force(&c, "german")
        .into_iter()
        .find(|x| x["unit"] == "7-0")
        .expect("a new 7-0");
    assert_eq!(new_7_0["rg"], "I2", "the 7-0 comes with G-30's RG");
    // Unanswered, the first 8-1 in Force order is promoted.
    let (d, run) = german_promotes_an_8_1("");
    run.success();
    assert_eq!(looks(&d, "G-19").0, "8-0");
    assert_eq!(looks(&d, "G-30").0, "8-1");
}

#[test]
fn rule_12_6125_a_leader_not_an_unwounded_8_1_is_refused() {
    let (c, run) = german_promotes_an_8_1("promoted_leader = \"G-33\"");
    let out = run.failure().get_output().stderr.to_ascii_lowercase();
    let err = String::from_utf8_lossy(&out);
    assert!(err.contains("promoted_leader"), "{err}");
    for id in ["g-19", "g-25", "g-30"] {
        assert!(err.contains(id), "names the 8-1 that may be: {err}");
    }
    assert_eq!(looks(&c, "G-19").0, "8-1");
    assert_eq!(looks(&c, "G-33").0, "8-1", "an armor leader, untouched");
}
