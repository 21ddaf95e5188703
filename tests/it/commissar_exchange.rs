//! 12.6226's Commissar limit (READINGS.md C50): Commissar exchange is NA if
//! the Commissars would exceed one per twelve (FRD) squads "(including HS
//! equivalents)" in the total Russian OB, where a squad counts 1 and a
//! half-squad or a crew 1/2.
//!
//! CG I's Initial Scenario: the Russian buys a Rifle Coy (I3) and exchanges
//! its new 8-0 for a 9-0 Commissar (C18). With the dice below his given
//! NKVD Militia Coy and SMG Coy are at Full Strength (9 squads each) and the
//! Rifle Coy Reinforced (15): with the six squads of his Initial OB, 39
//! squads, one 2-2-8 crew and one Commissar (the NKVD Coy's 9-0).

use crate::common::Camp;
use votg::model::force::{CounterId, ForceBox, NewCounter, UnitKind};
use votg::model::side::Side;

/// The given NKVD Coy 1+1 -1 +3 = 4 FS (‡ dr 1 MMG, Commissar DR 4+5 = 9:
/// 9-0), the given SMG Coy 1+1 -1 +3 = 4 FS (leaders 6+6 +1 = 13: 6+1), the
/// bought Rifle Coy 1+2 -1 = 2 RS (leaders 4+5 -1 = 8: 8-0, 7-0, † 7-0).
const DICE: &str = "1 1  1  4 5   1 1  6 6   1 2  4 5";

/// The Russian OB edited before the Initial Scenario's RePh: four of his
/// squads (R-4..R-7) gone, `crews` 1-2-7 crews and a second 9-0 Commissar
/// added; then his RePh with the Rifle Coy and the exchange asked for.
fn exchange_with(crews: u32) -> (Camp, assert_cmd::assert::Assert) {
    let c = Camp::new("I");
    c.edit(|s| {
        let f = &mut s.russian.force;
        for n in 4..=7 {
            f.remove(CounterId::new(Side::Russian, n)).unwrap();
        }
        f.add_n(
            &NewCounter::new("1-2-7", UnitKind::Crew, ForceBox::Retained),
            crews,
        );
        f.add(NewCounter::new(
            "9-0",
            UnitKind::Commissar,
            ForceBox::Retained,
        ));
    });
    let dice = c.file("d.txt", DICE);
    let answers = c.file(
        "a.toml",
        "[russian]\nbuy = [\"I3\"]\ncommissars = [\"8-0\"]\nfortify = []\nrecon = 0\n",
    );
    let done = c.refit_side("russian", &answers, &dice);
    (c, done)
}

/// 35 squads and two crews are 36 squad-equivalents: room for three
/// Commissars, and he has two; the exchange is made.
#[test]
fn c50_12_6226_two_crews_are_one_squad_for_the_commissar_limit() {
    let (c, done) = exchange_with(1);
    done.success();
    assert!(
        c.rows("Commissar exchange")
            .iter()
            .any(|r| r.contains("8-0")),
        "{:#?}",
        c.rows("Commissar exchange")
    );
}

/// 35 squads and one crew are 35.5, FRD 35: room for two Commissars, which
/// he has; the exchange is NA (a crew is no more than a HS equivalent).
#[test]
fn c50_12_6226_a_crew_is_at_most_a_half_squad_for_the_commissar_limit() {
    exchange_with(0)
        .1
        .code(1)
        .stderr(predicates::str::contains("Commissar exchange is NA"))
        .stderr(predicates::str::contains("35.5 squad-equivalents"));
}
