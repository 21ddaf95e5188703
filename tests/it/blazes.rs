//! 12.610 Extinguishing Blazes as the players report them in `[scenario]
//! blazes`: one burnt building of an Isolated Area (`units=`), a Blaze that
//! spread (12.6107, `spread`), Fortifications and Equipment caught in a Blaze
//! (12.6108, `burns=`), and a burning wreck's counter (12.6101, `wreck=`).
//! Real binary, answers files, dice of 3s; read back with `votg force` and
//! `votg log --reveal`.

use crate::common::Camp;
use crate::play::*;
use predicates::prelude::*;

/// CG I after its Initial Scenario's RePh, the Russian having fortified
/// with a Foxhole, Wire and a Pillbox.
fn fortified() -> Camp {
    initial(
        "I",
        NOTHING,
        "buy = []\nfortify = [\"foxhole 1\", \"wire\", \"pillbox 1+2+3\"]\nrecon = 0\n",
    )
}

/// The Initial Scenario recorded (won by the German) with the Russian's
/// 4-4-7s and MMG R-12 Isolated in Area `K5`, the T-34 R-3
/// wrecked on the map, the `blazes` given; run to 12.610.
fn burn(c: &Camp, blazes: &[&str]) -> assert_cmd::assert::Assert {
    let list: Vec<String> = blazes.iter().map(|b| format!("\"{b}\"")).collect();
    refit_until(
        c,
        &format!(
            "{}blazes = [{}]\n[[isolation.area]]\nname = \"K5\"\nrussian = [\"R-4\", \"R-5\", \"R-6\", \"R-12\"]\n[russian.outcome]\nwrecked = [\"R-3\"]\n",
            scenario("german", 0, 0, false),
            list.join(", ")
        ),
        3,
        "12.610",
    )
}

fn place(c: &Camp, id: &str) -> String {
    force(c, "russian")[id].1.clone()
}

/// 12.6104: a wooden building of Isolated Area K5 burns down; only the
/// Isolated unit named in it (`units=R-4`) is Eliminated, not the Area's
/// others (`isolated=K5` still means every unit of the Area).
#[test]
fn rule_12_6104_a_burnt_building_eliminates_only_the_isolated_units_named_in_it() {
    let c = fortified();
    burn(&c, &["K5 wooden units=R-4"]).success();
    assert_eq!(place(&c, "R-4"), "casualties");
    for id in ["R-5", "R-6", "R-12"] {
        assert_ne!(place(&c, id), "casualties", "{id} was not in the building");
    }
    let c = fortified();
    burn(&c, &["K5 wooden isolated=K5"]).success();
    for id in ["R-4", "R-5", "R-6", "R-12"] {
        assert_eq!(place(&c, id), "casualties", "{id}: the whole Area");
    }
}

/// 12.6107: a Blaze that spread to an adjacent Location (`spread`) is not
/// extinguished (it burns at the start of the next scenario), but the
/// Isolated unit confined to it is Eliminated.
#[test]
fn rule_12_6107_a_spread_blaze_eliminates_the_isolated_units_confined_to_it() {
    let c = fortified();
    burn(&c, &["K6 wooden spread units=R-5"])
        .success()
        .stdout(predicate::str::contains("K6").and(predicate::str::contains("12.6107")))
        .stdout(
            predicate::str::contains("wooden rubble in all its ground-level Locations (12.6104)")
                .not(),
        );
    assert_eq!(place(&c, "R-5"), "casualties");
    assert_ne!(place(&c, "R-4"), "casualties");
}

/// 12.6108: in a non-Factory Blaze Location each Fortification (a Fortified
/// Building Location too) and item of Equipment is Eliminated, except an
/// Entrenchment and a Pillbox (whose Equipment is Eliminated); in a
/// newly-Gutted building only the Equipment is.
#[test]
fn rule_12_6108_fortifications_and_equipment_in_a_blaze_are_eliminated_except_entrenchments() {
    let c = fortified();
    let foxhole = id_of(&c, "russian", "Foxhole (1-squad)");
    let wire = id_of(&c, "russian", "Wire");
    let pillbox = id_of(&c, "russian", "Pillbox 1+2+3");
    let blaze = format!("L7 wooden burns=R-13,R-12,{foxhole},{wire},{pillbox}");
    burn(&c, &[&blaze]).success();
    for id in ["R-13", "R-12", &wire] {
        assert_eq!(place(&c, id), "casualties", "{id}");
    }
    for id in [&foxhole, &pillbox] {
        assert_eq!(
            place(&c, id),
            "fortifications",
            "{id}: an Entrenchment/Pillbox stays"
        );
    }
    // A Factory is Gutted (12.6105): its Wire stays, the MMG does not.
    let c = fortified();
    let wire = id_of(&c, "russian", "Wire");
    burn(&c, &[&format!("M9 factory burns=R-12,{wire}")]).success();
    assert_eq!(place(&c, "R-12"), "casualties");
    assert_eq!(place(&c, &wire), "fortifications");
}

/// 12.6101: the burning wreck's counter (`wreck=R-3`) becomes a Burnt-Out
/// Wreck: it leaves the map (CG7: a wreck stays there until Recovered) for
/// the Casualties.
#[test]
fn rule_12_6101_a_burning_wreck_counter_becomes_a_burnt_out_wreck() {
    let c = fortified();
    burn(&c, &["N10 wreck wreck=R-3"])
        .success()
        .stdout(predicate::str::contains("Burnt-Out Wreck"));
    assert_eq!(place(&c, "R-3"), "casualties");
}

/// A counter named where it cannot be is refused, naming the rule, and the
/// step changes nothing: a squad is not Equipment or a Fortification
/// (`burns=`), a unit not Isolated is not confined (`units=`), a wreck
/// must be a wrecked vehicle (`wreck=`).
#[test]
fn rule_12_610_blaze_counters_that_do_not_fit_are_refused() {
    for (blaze, why) in [
        ("L7 wooden burns=R-4", "12.6108"),
        ("L7 wooden units=R-7", "Isolated"),
        ("N10 wreck wreck=R-4", "12.6101"),
    ] {
        let c = fortified();
        burn(&c, &[blaze])
            .code(1)
            .stderr(predicate::str::contains(why));
        assert_ne!(place(&c, "R-4"), "casualties", "{blaze}");
    }
}
