//! 12.6152 with the Repair Numbers printed on the counters (A9.72): asked
//! once per weapon, kept on the counter, used as the table's "−x" drm (C38),
//! never guessed (tests/weapon_repair.rs: required when not yet entered).

use crate::common::{Camp, votg};
use predicates::prelude::*;
use votg::model::campaign::{OccasionName, Position};
use votg::model::force::{Condition, CounterId, ForceBox, NewCounter, UnitKind};
use votg::model::side::Side;

/// CG I after its Initial Scenario, both at 12.614, the German holding a
/// malfunctioned LMG, MMG and HMG.
fn with_malfunctioned_weapons() -> (Camp, [CounterId; 3]) {
    let c = Camp::new("I");
    let mut ids = Vec::new();
    c.edit(|s| {
        let d = &mut s.campaign.days[0];
        d.victor = Some(Side::German);
        d.cvp = Some(Default::default());
        s.campaign.occasion = OccasionName::AfterScenario;
        s.campaign.step = votg::model::campaign::Standing::both(Position::parse("12.614").unwrap());
        for unit in ["LMG", "MMG", "HMG"] {
            ids.push(
                s.german.force.add(
                    NewCounter::new(unit, UnitKind::Sw, ForceBox::Retained)
                        .with(Condition::Malfunctioned),
                ),
            );
        }
    });
    (c, [ids[0], ids[1], ids[2]])
}

fn german_until(c: &Camp, until: &str, answers: &str) -> assert_cmd::assert::Assert {
    let a = c.file("a.toml", answers);
    votg()
        .args(["--seed", "7", "refit", c.path(), "--answers", &a])
        .args(["--side", "german", "--until", until])
        .assert()
}

fn german_to_weapon_repair(c: &Camp, answers: &str) -> assert_cmd::assert::Assert {
    german_until(c, "12.615g", answers)
}

/// The journal's weapon-repair roll rows for one counter.
fn repair_rows(c: &Camp, id: CounterId) -> Vec<String> {
    crate::common::all_journals(&c.dir)
        .lines()
        .filter(|l| l.contains("weapon-repair") && l.contains(&format!("Weapon Repair of {id} ")))
        .map(str::to_string)
        .collect()
}

#[test]
fn rule_12_6152_a9_72_entered_repair_numbers_are_the_drm_and_kept_on_the_counter() {
    let (c, [lmg, mmg, hmg]) = with_malfunctioned_weapons();
    german_to_weapon_repair(
        &c,
        &format!("[german]\nrepair_numbers = [\"{lmg} 3\", \"{mmg} 2\", \"{hmg} 1\"]\n"),
    )
    .success();
    let s = c.state();
    let f = &s.german.force;
    assert_eq!(f.get(lmg).unwrap().repair, Some(3));
    assert_eq!(f.get(mmg).unwrap().repair, Some(2));
    assert_eq!(f.get(hmg).unwrap().repair, Some(1));
    // One roll each; its drm is minus the number, with where it came from
    // (the journal escapes the parentheses of a DRM's reason).
    let row = |id, says: &[&str]| {
        let rows = repair_rows(&c, id);
        assert_eq!(rows.len(), 1, "{rows:?}");
        for s in says {
            assert!(rows[0].contains(s), "{s}: {}", rows[0]);
        }
    };
    row(
        lmg,
        &["-3 Weapon Repair Number 3 ", "as printed on the counter"],
    );
    row(
        mmg,
        &["-2 Weapon Repair Number 2 ", "as printed on the counter"],
    );
    row(
        hmg,
        &["-1 Weapon Repair Number 1 ", "as printed on the counter"],
    );
    // The answer is journalled with the step, for replay.
    let journal = crate::common::all_journals(&c.dir);
    assert!(journal.contains("repair_numbers"));
    // force.toml keeps the number; the sheet shows it.
    let toml = std::fs::read_to_string(c.dir.join("german/force.toml")).unwrap();
    assert!(toml.contains("repair = 3"), "{toml}");
    votg()
        .args(["force", c.path(), "--side", "german", "--wide"])
        .assert()
        .success()
        .stdout(predicate::str::contains("Repair #3"));
}

#[test]
fn rule_12_6152_a9_72_refused_repair_number_changes_nothing() {
    let (c, [lmg, _, _]) = with_malfunctioned_weapons();
    german_until(&c, "12.615d", "").success();
    let before = c.snapshot();
    for (answer, says) in [
        (format!("\"{lmg} 7\""), "is not a Repair Number from 1 to 6"),
        (format!("\"{lmg}\""), "is not a counter id and a number"),
        ("\"G-999 2\"".to_string(), "is not a weapon of the German"),
        (format!("\"{lmg} 2, {lmg} 3\""), "given twice"),
    ] {
        german_to_weapon_repair(&c, &format!("[german]\nrepair_numbers = [{answer}]\n"))
            .failure()
            .stderr(predicate::str::contains(says))
            .stderr(predicate::str::contains("german.repair_numbers"));
        assert!(c.snapshot() == before, "{answer}: a file changed");
    }
}

#[test]
fn rule_a9_72_known_repair_number_is_not_asked_again() {
    let (c, [lmg, mmg, hmg]) = with_malfunctioned_weapons();
    c.edit(|s| {
        for id in [lmg, mmg, hmg] {
            s.german.force.get_mut(id).unwrap().repair = Some(2);
        }
    });
    // Every number is known: the answer is not read (a bad one is not
    // refused), and each roll uses the counter's number.
    german_to_weapon_repair(&c, "[german]\nrepair_numbers = [\"nonsense\"]\n").success();
    for id in [lmg, mmg, hmg] {
        let rows = repair_rows(&c, id).join("\n");
        assert!(rows.contains("-2 Weapon Repair Number 2 "), "{rows}");
        assert!(rows.contains("as printed on the counter"), "{rows}");
    }
}
