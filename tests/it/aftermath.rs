//! After the scenario (12.601–12.613): recording the scenario and
//! the steps votg carries out, worked by hand from `rosters/cg-i-walkthrough`
//! (the CG I Initial Scenario, a German Assault, set up and played).

use std::path::Path;

use crate::common::{Camp, copy_all, votg};
use predicates::prelude::*;
use votg::model::campaign::{OccasionName, Position};
use votg::model::force::{Condition, CounterId, ForceBox};
use votg::model::side::Side;
use votg::model::state::CampaignState;
use votg::rules::reph::sequence::StepId;
use votg::rules::tables::Tables;

/// The walkthrough campaign, ready to play, in a temporary folder.
fn played() -> Camp {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("campaign");
    let from = Path::new(env!("CARGO_MANIFEST_DIR")).join("rosters/cg-i-walkthrough");
    copy_all(&from, &dir);
    Camp { tmp, dir }
}

fn edit(c: &Camp, f: impl FnOnce(&mut CampaignState)) {
    c.edit(f)
}

fn id(s: &str) -> CounterId {
    s.parse().unwrap()
}

const RECORD: &str = r#"
[scenario]
victor = "german"
cvp = { german = 14, russian = 22 }

[german.outcome]
eliminated = ["3 x 4-6-7", "G-20"]
casualty_reduced = ["G-21"]
wounded = ["G-18"]
wrecked = ["G-32"]

[russian.outcome]
eliminated = ["R-7"]
not_entered = ["A3"]
"#;

/// Records the scenario (no encirclement, so no roll) and stops at 12.606
/// (`--until 12.605`).
fn recorded(extra: &str) -> Camp {
    let c = played();
    let a = c.file("a.toml", &format!("{RECORD}{extra}"));
    votg()
        .args(["refit", c.path(), "--until", "12.605", "--answers", &a])
        .assert()
        .success()
        .stdout(predicate::str::contains("Scenario 1 recorded"));
    c
}

/// Moves both sides to `step`, as players who did the steps before it at
/// the table would.
fn stand_at(c: &Camp, step: &str) {
    edit(c, |s| {
        let at = Position::At(StepId::parse(step).unwrap());
        s.campaign.step.set(Side::German, at);
        s.campaign.step.set(Side::Russian, at);
    });
}

#[test]
fn rule_12_6041_scenario_recorded_on_the_day_and_forces_updated() {
    let c = recorded("");
    let s = c.state();
    assert_eq!(s.campaign.occasion, OccasionName::AfterScenario);
    assert_eq!(s.campaign.step.german, "12.606");
    let day = s.campaign.today().unwrap();
    assert_eq!(day.victor, Some(Side::German));
    let cvp = day.cvp.unwrap();
    assert_eq!((cvp.german, cvp.russian), (14, 22));
    // Eliminated in the scenario: not RePh CVP (C26).
    assert_eq!(day.reph_cvp.german, 0);
    let g = &s.german.force;
    for e in ["G-1", "G-2", "G-3", "G-20"] {
        assert_eq!(g.get(id(e)).unwrap().place, ForceBox::Casualties, "{e}");
    }
    assert_eq!(g.get(id("G-4")).unwrap().place, ForceBox::Retained);
    // A7.302/C16: the 8-3-8 is Reduced to its HS.
    assert_eq!(g.get(id("G-21")).unwrap().unit, "3-3-8");
    assert!(g.get(id("G-18")).unwrap().has(&Condition::Wounded));
    // CG7: the wreck stays on the map until Recovered (12.6151d).
    assert_eq!(g.get(id("G-32")).unwrap().place, ForceBox::LeftOnMap);
    assert!(g.get(id("G-32")).unwrap().has(&Condition::Wreck));
    // The issue: day-1 RGs are no longer Entering once played.
    assert_eq!(g.in_box(ForceBox::Entering).count(), 0);
    assert_eq!(g.in_box(ForceBox::OnMapSetup).count(), 0);
    // C36: the Russian A3 never entered and stays Entering; I5 entered.
    let r = &s.russian.force;
    assert_eq!(r.get(id("R-50")).unwrap().place, ForceBox::Entering);
    assert_eq!(r.get(id("R-41")).unwrap().place, ForceBox::Retained);
}

#[test]
fn design_6_the_record_is_undone_in_one_step() {
    let c = played();
    let before = c.views();
    let a = c.file("a.toml", RECORD);
    votg()
        .args(["refit", c.path(), "--until", "12.605", "--answers", &a])
        .assert()
        .success();
    votg().args(["undo", c.path()]).assert().success();
    // 12.601-12.605 were each a step; undo them and the record.
    for _ in 0..5 {
        votg().args(["undo", c.path()]).assert().success();
    }
    assert_eq!(c.views(), before);
}

#[test]
fn design_4_no_scenario_table_means_not_yet_played() {
    let c = played();
    let before = c.campaign_files();
    let a = c.file("a.toml", "[german]\nbuy = []\n");
    votg()
        .args(["refit", c.path(), "--until", "12.605", "--answers", &a])
        .assert()
        .success()
        .stdout(predicate::str::contains("ready to play"));
    assert_eq!(c.campaign_files(), before);
}

/// Each bad answer exits 1, names the answer, and changes nothing.
fn refused(answers: &str, names: &str) {
    let c = played();
    let before = c.campaign_files();
    let a = c.file("a.toml", answers);
    votg()
        .args(["refit", c.path(), "--until", "12.605", "--answers", &a])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(names));
    assert_eq!(c.campaign_files(), before, "{names}");
}

#[test]
fn bad_answers_unknown_counter_id() {
    refused(
        "[scenario]\nvictor = \"german\"\ncvp = { german = 1, russian = 2 }\n[german.outcome]\neliminated = [\"G-99\"]\n",
        "german.outcome.eliminated` `G-99`: there is no counter G-99",
    );
}

#[test]
fn bad_answers_counter_eliminated_twice() {
    refused(
        "[scenario]\nvictor = \"german\"\ncvp = { german = 1, russian = 2 }\n[german.outcome]\neliminated = [\"G-5\", \"G-5\"]\n",
        "`G-5`: G-5 is already Eliminated",
    );
}

#[test]
fn bad_answers_missing_victor() {
    refused(
        "[scenario]\ncvp = { german = 1, russian = 2 }\n",
        "`scenario.victor` must be",
    );
}

#[test]
fn bad_answers_cvp_not_a_number() {
    refused(
        "[scenario]\nvictor = \"russian\"\ncvp = { german = \"lots\", russian = 2 }\n",
        "`scenario.cvp.german` must be a whole number",
    );
}

#[test]
fn bad_answers_unknown_outcome_key_and_too_many_by_name() {
    refused(
        "[scenario]\nvictor = \"german\"\ncvp = { german = 1, russian = 2 }\n[german.outcome]\nkilled = [\"G-5\"]\n",
        "`killed` is not one",
    );
    refused(
        "[scenario]\nvictor = \"german\"\ncvp = { german = 1, russian = 2 }\n[russian.outcome]\neliminated = [\"9 x 9-2\"]\n",
        "russian.outcome.eliminated` `9 x 9-2`",
    );
}

/// 12.6051: G-26 (5-4-8, Morale 8) Encircled with leader G-30 (8-1):
/// DR 5+4 = 9, +1 (1TC, 12.6051) -1 (leader, A10.7) = 9 > 8: Eliminated,
/// 2 CVP for the German (C26). 12.6052: R-29 (5-2-7, Morale 7) in an A-P
/// minefield, no leader: DR 6+2 = 8 > 7: Casualty Reduced to 2-2-7.
#[test]
fn rule_12_6051_1tc_with_leader_drm_a10_7_and_12_6052_ntc_casualty_reduction() {
    let c = played();
    let answers = RECORD
        .replace(
            "wrecked = [\"G-32\"]",
            "wrecked = [\"G-32\"]\nencircled = [\"G-26 with G-30\"]",
        )
        .replace(
            "not_entered = [\"A3\"]",
            "not_entered = [\"A3\"]\nap_minefield = [\"R-29\"]",
        );
    c.refit_until("12.605", &answers, "5 4 6 2")
        .success()
        .stdout(predicate::str::contains(
            "+1 1TC of an Encircled unit (12.6051)",
        ))
        .stdout(predicate::str::contains(
            "-1 leader G-30 8-1 (12.6051, A10.7)",
        ));
    let s = c.state();
    assert_eq!(
        s.german.force.get(id("G-26")).unwrap().place,
        ForceBox::Casualties
    );
    assert_eq!(s.campaign.today().unwrap().reph_cvp.german, 2);
    assert_eq!(s.russian.force.get(id("R-29")).unwrap().unit, "2-2-7");
    assert_eq!(s.campaign.today().unwrap().reph_cvp.russian, 0);
}

/// 12.611: R-39 (9-2) wounded, not Isolated: dr 2 -> Retained wounded;
/// G-18 (9-1) wounded in Isolated Area A: dr 2 +1 (12.611) = 3 ->
/// Eliminated (died of his wounds), 1 + 1 = 2 CVP (A26.2).
#[test]
fn rule_12_611_wounded_leader_in_and_out_of_isolation() {
    let c = recorded("");
    edit(&c, |s| {
        s.russian
            .force
            .set_condition(id("R-39"), Condition::Wounded)
            .unwrap();
        s.german
            .force
            .set_condition(id("G-18"), Condition::Isolated("A".into()))
            .unwrap();
    });
    stand_at(&c, "12.611");
    let dice = c.file("d.txt", "2 2");
    votg()
        .args(["--dice-file", &dice, "refit", c.path(), "--until", "12.611"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "+1 confined to setting up in Isolated Area A (12.611)",
        ));
    let s = c.state();
    assert_eq!(
        s.german.force.get(id("G-18")).unwrap().place,
        ForceBox::Casualties
    );
    assert_eq!(s.campaign.today().unwrap().reph_cvp.german, 2);
    let r39 = s.russian.force.get(id("R-39")).unwrap();
    assert_eq!(r39.place, ForceBox::Retained);
    assert!(r39.has(&Condition::Wounded));
}

/// 12.6104: a single-hex stone building ablaze, dr 3 +2 (single-hex) = 5:
/// rubbled; the German Isolated Area B confined there is Eliminated.
#[test]
fn rule_12_6104_single_hex_stone_building_ablaze_plus_2() {
    let c = recorded("");
    edit(&c, |s| {
        s.german
            .force
            .set_condition(id("G-27"), Condition::Isolated("B".into()))
            .unwrap();
    });
    stand_at(&c, "12.610");
    let a = c.file(
        "b.toml",
        "[scenario]\nvictor = \"german\"\ncvp = { german = 14, russian = 22 }\nblazes = [\"H12 stone single-hex isolated=B\", \"G12 stone\"]\n",
    );
    // H12: dr 3 +2 = 5 rubbled; G12: dr 3, no drm = 3 Gutted.
    let dice = c.file("d.txt", "3 3 6");
    votg()
        .args([
            "--dice-file",
            &dice,
            "refit",
            c.path(),
            "--until",
            "12.611",
            "--answers",
            &a,
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "+2 Building is a single-hex building (12.6104)",
        ))
        .stdout(predicate::str::contains(
            "Place Rubble in every ground-level Location of building H12",
        ))
        .stdout(predicate::str::contains(
            "Place a Gutted marker in building G12",
        ));
    let s = c.state();
    assert_eq!(
        s.german.force.get(id("G-27")).unwrap().place,
        ForceBox::Casualties
    );
}

/// 12.613: after the CG I Initial Scenario (a German Assault) with all 4
/// Attack chits left, the Russian may declare a Counterattack: the RePh
/// then skips the ‡ steps (12.614 …).
#[test]
fn rule_12_613_counterattack_declared_after_german_assault() {
    let c = recorded("");
    stand_at(&c, "12.613");
    let a = c.file(
        "b.toml",
        "[scenario]\nvictor = \"german\"\ncvp = { german = 14, russian = 22 }\ncounterattack = true\n",
    );
    votg()
        .args(["refit", c.path(), "--until", "12.613", "--answers", &a])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "The Russian declares a Counterattack",
        ));
    let s = c.state();
    assert_eq!(s.campaign.occasion, OccasionName::BeforeCounterattack);
    // 12.614 is skipped: the next step is 12.615a.
    assert_eq!(s.campaign.step.german, "12.615a");
}

/// 12.6251: with every Attack chit spent, the declaration is refused with
/// its rule and nothing changes.
#[test]
fn rule_12_6251_counterattack_refused_without_an_attack_chit() {
    let c = recorded("");
    stand_at(&c, "12.613");
    edit(&c, |s| s.campaign.russian_attack_chits_used = 4);
    let before = c.campaign_files();
    let a = c.file(
        "b.toml",
        "[scenario]\nvictor = \"german\"\ncvp = { german = 14, russian = 22 }\ncounterattack = true\n",
    );
    votg()
        .args(["refit", c.path(), "--until", "12.613", "--answers", &a])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "all 4 Attack chits of CG I (12.6251)",
        ));
    assert_eq!(c.campaign_files(), before);
}

/// 12.609: a prisoner of a non-Isolated guard is Eliminated (2 CVP for its
/// side); 12.608: the Immobilized T-34 stays on the map.
#[test]
fn rule_12_609_prisoner_of_a_non_isolated_guard_is_eliminated() {
    let c = recorded("");
    edit(&c, |s| {
        s.german
            .force
            .set_condition(id("G-12"), Condition::PrisonerOf(id("R-28")))
            .unwrap();
    });
    stand_at(&c, "12.608");
    // 12.611: the wounded G-18 rolls dr 1, Retained.
    let dice = c.file("d.txt", "1");
    votg()
        .args(["--dice-file", &dice, "refit", c.path(), "--until", "12.611"])
        .assert()
        .success();
    let s = c.state();
    assert_eq!(
        s.german.force.get(id("G-12")).unwrap().place,
        ForceBox::Casualties
    );
    assert_eq!(s.campaign.today().unwrap().reph_cvp.german, 2);
    assert_eq!(
        s.russian.force.get(id("R-3")).unwrap().place,
        ForceBox::LeftOnMap
    );
    // 12.610, 12.611 ran (nothing to do); 12.612 is the other helper's.
    assert_eq!(s.campaign.step.german, "12.612");
}

/// 12.6253: a Counterattack follows only a German Assault (checked on the
/// campaign: CG I fixes its Initial Scenario as one, so the file cannot say
/// otherwise); 12.6251: with every Attack chit spent it is refused before
/// the record, so nothing changes.
#[test]
fn rule_12_6253_counterattack_only_after_a_german_assault_and_refused_up_front() {
    let c = played();
    let tables = Tables::embedded().unwrap();
    let def = votg::rules::cg_def::load(&tables, votg::model::side::Cg::I).unwrap();
    let mut s = c.state();
    assert!(votg::rules::reph::counterattack::allowed_in(&s.campaign, &def).is_ok());
    s.campaign.today_mut().unwrap().scenario_type =
        Some(votg::rules::initiative_matrix::ScenarioType::RussianAssault);
    let why = votg::rules::reph::counterattack::allowed_in(&s.campaign, &def).unwrap_err();
    assert!(
        why.contains("may only follow a German Assault scenario"),
        "{why}"
    );

    edit(&c, |s| s.campaign.russian_attack_chits_used = 4);
    let before = c.campaign_files();
    let a = c.file(
        "a.toml",
        &RECORD.replace("cvp = {", "counterattack = true\ncvp = {"),
    );
    votg()
        .args(["refit", c.path(), "--until", "12.605", "--answers", &a])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("scenario.counterattack"))
        .stderr(predicate::str::contains("(12.6251)"));
    assert_eq!(c.campaign_files(), before);
}

/// 12.609: an Isolated guard frees his prisoner: a Russian 4-4-7 freed is
/// Retained, Replaced by a Conscript 4-2-6; another is kept.
#[test]
fn rule_12_609_isolated_guard_frees_and_keeps_prisoners() {
    let c = recorded("");
    edit(&c, |s| {
        for p in ["R-4", "R-5"] {
            s.russian
                .force
                .set_condition(id(p), Condition::PrisonerOf(id("G-5")))
                .unwrap();
        }
        s.german
            .force
            .set_condition(id("G-5"), Condition::Isolated("A".into()))
            .unwrap();
    });
    stand_at(&c, "12.609");
    let a = c.file("b.toml", "[german]\nprisoners = [\"R-4 free\"]\n");
    let dice = c.file("d.txt", "1");
    votg()
        .args([
            "--dice-file",
            &dice,
            "refit",
            c.path(),
            "--until",
            "12.611",
            "--answers",
            &a,
        ])
        .assert()
        .success();
    let s = c.state();
    let r4 = s.russian.force.get(id("R-4")).unwrap();
    assert_eq!(r4.unit, "4-2-6");
    assert!(!r4.has(&Condition::PrisonerOf(id("G-5"))));
    assert!(
        s.russian
            .force
            .get(id("R-5"))
            .unwrap()
            .has(&Condition::PrisonerOf(id("G-5")))
    );
}

/// Outcome by name: heroes created, enemy weapons captured, an MMC Battle
/// Hardened up its ladder (A15.3, C16), an FT removed with its effects DR.
#[test]
fn design_4_outcome_heroes_captures_battle_hardening_ft_removed() {
    let c = played();
    let a = c.file(
        "a.toml",
        "[scenario]\nvictor = \"russian\"\ncvp = { german = 3, russian = 0 }\n[german.outcome]\nheroes = [\"1-4-9\"]\ncaptured = [\"2 x LMG\", \"afv T-34/M41\"]\nbattle_hardened = [\"G-4\"]\nft_dc_removed = [\"G-23 = 7\"]\n",
    );
    votg()
        .args(["refit", c.path(), "--until", "12.605", "--answers", &a])
        .assert()
        .success();
    let s = c.state();
    let g = &s.german.force;
    assert_eq!(g.get(id("G-4")).unwrap().unit, "4-6-8");
    assert!(
        g.get(id("G-23"))
            .unwrap()
            .has(&Condition::RemovedFromPlay(7))
    );
    let hero = g.get(id("G-45")).unwrap();
    assert_eq!(
        (hero.unit.as_str(), hero.has(&Condition::Heroic)),
        ("1-4-9", true)
    );
    let captured: Vec<_> = g
        .live()
        .filter(|c| c.has(&Condition::Captured))
        .map(|c| c.unit.to_string())
        .collect();
    assert_eq!(captured, vec!["LMG", "LMG", "T-34/M41"]);
    assert_eq!(s.campaign.today().unwrap().victor, Some(Side::Russian));
}

/// 12.602 (CG12, CG II): the German's Interdicting unit keeps its TI
/// counter and is not cleared from the map; an unknown one is refused
/// before anything changes.
#[test]
fn rule_12_602_ferry_landing_interdiction_in_cg_ii() {
    let c = Camp::new("II");
    edit(&c, |s| {
        s.campaign.step.set(Side::German, Position::Done);
        s.campaign.step.set(Side::Russian, Position::Done);
        if s.campaign.today().is_none() {
            s.campaign.days.push(votg::model::campaign::DayFacts {
                date: s.campaign.date,
                scenario: Some(1),
                ..Default::default()
            });
        }
    });
    let before = c.campaign_files();
    let scenario = "[scenario]\nvictor = \"german\"\ncvp = { german = 0, russian = 0 }\n";
    let bad = c.file(
        "bad.toml",
        &format!("{scenario}[german]\ninterdicting = [\"G-999\"]\n"),
    );
    votg()
        .args(["refit", c.path(), "--until", "12.605", "--answers", &bad])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("german.interdicting"));
    assert_eq!(c.campaign_files(), before);
    let g1 = c.state().german.force.counters[0].id;
    let a = c.file(
        "a.toml",
        &format!("{scenario}[german]\ninterdicting = [\"{g1}\"]\n"),
    );
    votg()
        .args(["refit", c.path(), "--until", "12.605", "--answers", &a])
        .assert()
        .success()
        .stdout(predicate::str::contains("Interdicting, marked TI"));
    assert!(
        c.state()
            .german
            .force
            .get(g1)
            .unwrap()
            .has(&Condition::Interdicting)
    );
}

/// 12.6051: the Encircled guard G-26 fails its 1TC (DR 6+5 = 11 +1 = 12 >
/// 8) and is Eliminated; of its prisoners R-4 is claimed by G-27 in its
/// Location, R-5 is not and is Rearmed (A20.551).
#[test]
fn rule_12_6051_prisoners_of_an_eliminated_guard_claimed_or_rearmed() {
    let c = played();
    let answers = RECORD
        .replace(
            "wrecked = [\"G-32\"]",
            "wrecked = [\"G-32\"]\nencircled = [\"G-26\"]",
        )
        .replace(
            "not_entered = [\"A3\"]",
            "not_entered = [\"A3\"]\nprisoners = []",
        )
        + "\n[german]\nclaim = [\"R-4 by G-27\"]\n";
    edit(&c, |s| {
        for p in ["R-4", "R-5"] {
            s.russian
                .force
                .set_condition(id(p), Condition::PrisonerOf(id("G-26")))
                .unwrap();
        }
    });
    c.refit_until("12.605", &answers, "6 5")
        .success()
        .stdout(predicate::str::contains("Prisoner R-4 is claimed by G-27"))
        .stdout(predicate::str::contains("Prisoner R-5 is not claimed"));
    let s = c.state();
    assert_eq!(
        s.german.force.get(id("G-26")).unwrap().place,
        ForceBox::Casualties
    );
    assert!(
        s.russian
            .force
            .get(id("R-4"))
            .unwrap()
            .has(&Condition::PrisonerOf(id("G-27")))
    );
    assert!(
        !s.russian
            .force
            .get(id("R-5"))
            .unwrap()
            .condition
            .iter()
            .any(|c| matches!(c, Condition::PrisonerOf(_)))
    );
}

/// 12.6041: the players name only what changed, a whole RG at once
/// included (`all of RG I2`: every counter of it still in play).
#[test]
fn rule_12_6041_an_outcome_names_every_counter_of_an_rg_at_once() {
    let c = played();
    let a = c.file(
        "a.toml",
        "[scenario]\nvictor = \"russian\"\ncvp = { german = 30, russian = 2 }\n\n[german.outcome]\neliminated = [\"all of RG A1\", \"G-1\"]\n",
    );
    votg()
        .args(["refit", c.path(), "--until", "12.601", "--answers", &a])
        .assert()
        .success();
    for id in ["G-34", "G-35", "G-36", "G-37", "G-1"] {
        assert_eq!(c.box_of("german", id), "casualties", "{id}");
    }
    assert_eq!(c.box_of("german", "G-2"), "retained");
    let a = c.file(
        "b.toml",
        "[scenario]\nvictor = \"russian\"\ncvp = { german = 30, russian = 2 }\n\n[german.outcome]\neliminated = [\"all of RG X9\"]\n",
    );
    let c = played();
    votg()
        .args(["refit", c.path(), "--until", "12.601", "--answers", &a])
        .assert()
        .failure()
        .stderr(predicate::str::contains("no counter of RG X9 in play"));
}

/// A7.302: a SMC's Casualty Reduction wounds it, a hero's too (A15.24):
/// a hero created in an earlier scenario, Casualty Reduced in this one, is
/// Wounded and stays in play (it was Eliminated).
#[test]
fn a7_302_a_casualty_reduced_hero_is_wounded_not_eliminated() {
    use votg::model::force::{NewCounter, UnitKind};
    let c = played();
    let mut hero = None;
    edit(&c, |s| {
        hero = Some(s.german.force.add(NewCounter::new(
            "1-4-9",
            UnitKind::Hero,
            ForceBox::Retained,
        )));
    });
    let hero = hero.unwrap();
    let a = c.file(
        "a.toml",
        &format!(
            "[scenario]\nvictor = \"german\"\ncvp = {{ german = 1, russian = 2 }}\n\n[german.outcome]\ncasualty_reduced = [\"{hero}\"]\n"
        ),
    );
    votg()
        .args(["refit", c.path(), "--until", "12.605", "--answers", &a])
        .assert()
        .success()
        .stdout(predicate::str::contains(format!("{hero} 1-4-9 Wounded")));
    let s = crate::common::load(&c.dir);
    let h = s.german.force.get(hero).unwrap();
    assert_ne!(h.place, ForceBox::Casualties);
    assert!(h.has(&Condition::Wounded));
}
