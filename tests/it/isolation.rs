//! 12.606-12.607 Perimeter, Isolation and Escape, worked by hand. votg does
//! not yet carry out 12.601-12.605 on this branch, so each campaign is set
//! up at 12.606 after the first scenario as players who did those steps
//! would.

use crate::common::Camp;
use predicates::prelude::*;
use votg::model::campaign::{OccasionName, Position};
use votg::model::force::{Condition, CounterId, ForceBox, NewCounter, UnitKind};
use votg::model::side::Side;
use votg::model::state::CampaignState;

fn edit(c: &Camp, f: impl FnOnce(&mut CampaignState)) {
    c.edit(f)
}

/// A CG II campaign after its Initial Scenario, both sides at 12.606 with
/// empty forces; `f` adds the counters still on the map.
fn at_12_606(f: impl FnOnce(&mut CampaignState)) -> Camp {
    let c = Camp::new("II");
    edit(&c, |s| {
        s.campaign.occasion = OccasionName::AfterScenario;
        s.campaign.today_mut().unwrap().victor = Some(Side::German);
        for side in Side::BOTH {
            s.side_mut(side).force.counters_mut().clear();
            s.campaign
                .step
                .set(side, Position::parse("12.606").unwrap());
        }
        f(s);
    });
    c
}

fn add(s: &mut CampaignState, side: Side, unit: &str, kind: UnitKind) -> CounterId {
    s.side_mut(side)
        .force
        .add(NewCounter::new(unit, kind, ForceBox::OnMapSetup))
}

fn run(c: &Camp, answers: &str, dice: &str) -> assert_cmd::assert::Assert {
    c.refit_until("12.607", answers, dice)
}

fn escape_drms(s: &CampaignState, concerns: &str) -> Vec<(i32, String)> {
    let row = s
        .journal
        .iter()
        .find(|j| j.table == "escape" && j.concerns == concerns)
        .unwrap_or_else(|| panic!("no Escape roll about {concerns}"));
    row.drm_list()
        .unwrap()
        .into_iter()
        .map(|d| (d.value, d.reason))
        .collect()
}

#[test]
fn rule_12_607_type_c_pocket_escape_c31_encircled_plus_2_and_adjacent_minus_2() {
    let mut g = vec![];
    let mut r8 = None;
    let c = at_12_606(|s| {
        g.push(add(s, Side::German, "4-6-7", UnitKind::Squad)); // stack 1
        g.push(add(s, Side::German, "9-1", UnitKind::Leader)); // stack 1
        g.push(add(s, Side::German, "4-6-7", UnitKind::Squad)); // stack 2
        g.push(add(s, Side::German, "4-6-7", UnitKind::Squad)); // stays
        r8 = Some(add(s, Side::Russian, "8-0", UnitKind::Leader));
        // Recorded Encircled at scenario end (and still so: this campaign
        // stands at 12.606): the +2 follows it (C48).
        s.german
            .force
            .set_condition(g[0], Condition::Encircled)
            .unwrap();
    });
    let r8 = r8.unwrap();
    let answers = format!(
        r#"[[isolation.area]]
name = "K5 pocket"
pocket = true
german = ["{g0}", "{g1}", "{g2}", "{g3}"]
russian = ["{r8}"]

[[isolation.escape]]
area = "K5 pocket"
counters = ["{g0}", "{g1}"]
encircled = true

[[isolation.escape]]
area = "K5 pocket"
counters = ["{g2}"]
adjacent = true
"#,
        g0 = g[0],
        g1 = g[1],
        g2 = g[2],
        g3 = g[3],
    );
    // Stack 1: 4+4 = 8, 9-1 -1, squad and SMC +1 HS-equivalent (C31: a
    // squad +1), Encircled +2: 10, Escapes; Casualty Reduced; Random
    // Selection dr 5 (the squad) and 2 (the 9-1): the squad becomes a HS.
    // Stack 2: 5+5 = 10, within 2 -1, ADJACENT -1 (C31 cumulative), squad
    // +1: 9, Escapes; Replaced: 4-6-7 -> 4-4-7 (C16).
    // The Russian 8-0 in a type C German Area must Escape (12.6071): 6+6 =
    // 12, Russian -1, lone unwounded SMC -1: 10: Casualty Reduced: Wounded.
    run(&c, &answers, "4 4 5 2 5 5 6 6")
        .success()
        .stdout(predicate::str::contains("type C"));
    let s = c.state();
    assert_eq!(
        escape_drms(&s, &format!("{} {}", g[0], g[1]))
            .iter()
            .map(|d| d.0)
            .collect::<Vec<_>>(),
        [-1, 1, 2]
    );
    let d2 = escape_drms(&s, &g[2].to_string());
    assert_eq!(d2.iter().map(|d| d.0).collect::<Vec<_>>(), [-1, -1, 1]);
    assert!(d2[1].1.contains("ADJACENT"));
    let f = &s.german.force;
    // The squad of stack 1 was split into a HS (a new id), Retained.
    assert!(f.get(g[0]).is_none());
    let hs: Vec<_> = f.counters.iter().filter(|c| c.unit == "2-4-7").collect();
    assert_eq!(hs.len(), 1);
    assert_eq!(hs[0].place, ForceBox::Retained);
    assert!(hs[0].isolated_area().is_none());
    assert_eq!(f.get(g[1]).unwrap().place, ForceBox::Retained);
    assert_eq!(f.get(g[2]).unwrap().unit, "4-4-7");
    assert_eq!(f.get(g[2]).unwrap().place, ForceBox::Retained);
    // The squad that stayed: Isolated, with Ammunition Shortage (12.6071).
    let stay = f.get(g[3]).unwrap();
    assert_eq!(stay.isolated_area(), Some("K5 pocket"));
    assert!(stay.has(&Condition::AmmoShortage));
    let r = s.russian.force.get(r8).unwrap();
    assert!(r.has(&Condition::Wounded));
    assert_eq!(r.place, ForceBox::Retained);
}

#[test]
fn rule_12_607_type_d_area_every_unit_ammunition_shortage() {
    let mut ids = vec![];
    let c = at_12_606(|s| {
        ids.push(add(s, Side::German, "4-6-7", UnitKind::Squad));
        ids.push(add(s, Side::German, "LMG", UnitKind::Sw));
        ids.push(add(s, Side::Russian, "4-4-7", UnitKind::Squad));
        ids.push(add(s, Side::Russian, "9-1", UnitKind::Leader));
    });
    let answers = format!(
        "[[isolation.area]]\nname = \"Tractor Works\"\ngerman = [\"{}\", \"{}\"]\nrussian = [\"{}\", \"{}\"]\n",
        ids[0], ids[1], ids[2], ids[3]
    );
    run(&c, &answers, "")
        .success()
        .stdout(predicate::str::contains("type D"));
    let s = c.state();
    for id in &ids {
        let c = s.side(id.side).force.get(*id).unwrap();
        assert!(c.has(&Condition::AmmoShortage), "{id}");
        assert_eq!(c.isolated_area(), Some("Tractor Works"));
    }
    assert!(!s.journal.iter().any(|j| j.table == "escape"));
}

#[test]
fn rule_12_6071_type_b_smc_only_must_escape_and_12_6069_smc_outside_eliminated() {
    let mut ids = vec![];
    let c = at_12_606(|s| {
        ids.push(add(s, Side::German, "8-0", UnitKind::Leader));
        ids.push(add(s, Side::Russian, "9-1", UnitKind::Leader));
        ids.push(add(s, Side::Russian, "7-0", UnitKind::Leader)); // outside
    });
    let answers = format!(
        "[isolation]\noutside = [\"{}\"]\n\n[[isolation.area]]\nname = \"Cellar\"\ngerman = [\"{}\"]\nrussian = [\"{}\"]\n",
        ids[2], ids[0], ids[1]
    );
    // German 8-0 alone: 6+6 = 12, lone unwounded SMC -1: 11: Escapes;
    // Replaced (an SMC is not) then Casualty Reduced: Wounded.
    // Russian 9-1: 6+5 = 11, Russian -1, lone -1: 9: Escapes; Replaced: none.
    run(&c, &answers, "6 6 6 5")
        .success()
        .stdout(predicate::str::contains("type B"))
        .stdout(predicate::str::contains(
            "12.6075: Isolated Area Cellar is now type A",
        ))
        .stdout(predicate::str::contains("No Man's Land"));
    let s = c.state();
    let g = s.german.force.get(ids[0]).unwrap();
    assert!(g.has(&Condition::Wounded));
    assert_eq!(g.place, ForceBox::Retained);
    let r = s.russian.force.get(ids[1]).unwrap();
    assert!(!r.has(&Condition::Wounded));
    assert_eq!(r.place, ForceBox::Retained);
    assert_eq!(
        s.russian.force.get(ids[2]).unwrap().place,
        ForceBox::Casualties
    );
    // 12.12, C26: a 7-0 is 1 Casualty VP.
    assert_eq!(s.campaign.today().unwrap().reph_cvp.russian, 1);
}

#[test]
fn rule_12_607_bad_answers_exit_1_naming_the_answer_nothing_changed() {
    let mut ids = vec![];
    // At 12.607 itself: a run from 12.606 would keep 12.606's own commit.
    let c = at_12_606(|s| {
        ids.push(add(s, Side::German, "4-6-7", UnitKind::Squad));
        for side in Side::BOTH {
            s.campaign
                .step
                .set(side, Position::parse("12.607").unwrap());
        }
    });
    let before = c.campaign_files();
    run(
        &c,
        "[[isolation.area]]\nname = \"A\"\ngerman = [\"G-99\"]\n",
        "",
    )
    .code(1)
    .stderr(predicate::str::contains("isolation.area \"A\" german"))
    .stderr(predicate::str::contains("G-99"));
    assert!(c.campaign_files() == before, "files changed");
    run(
        &c,
        &format!(
            "[[isolation.area]]\nname = \"A\"\ngerman = [\"{0}\"]\n[[isolation.area]]\nname = \"B\"\ngerman = [\"{0}\"]\n",
            ids[0]
        ),
        "",
    )
    .code(1)
    .stderr(predicate::str::contains("already in Isolated Area"));
    assert!(c.campaign_files() == before, "files changed");
    run(&c, "[[isolation.area]]\nname = \"A\"\ngerman = 3\n", "")
        .code(1)
        .stderr(predicate::str::contains("isolation"));
    assert!(c.campaign_files() == before, "files changed");
    // An Original 2 needs the Heat of Battle outcome (A15 is not in the module).
    run(
        &c,
        &format!(
            "[[isolation.area]]\nname = \"A\"\ngerman = [\"{0}\"]\n[[isolation.escape]]\narea = \"A\"\ncounters = [\"{0}\"]\n",
            ids[0]
        ),
        "1 1",
    )
    .code(1)
    .stderr(predicate::str::contains("heat_of_battle"));
    assert!(c.campaign_files() == before, "files changed");
}

#[test]
fn rule_12_606_a_bad_isolation_answer_stops_before_12_606_changes_anything() {
    let mut ids = vec![];
    let c = at_12_606(|s| {
        ids.push(add(s, Side::Russian, "7-0", UnitKind::Leader));
        ids.push(add(s, Side::German, "4-6-7", UnitKind::Squad));
    });
    let before = c.campaign_files();
    run(
        &c,
        &format!(
            "[isolation]\noutside = [\"{}\"]\n[[isolation.escape]]\narea = \"A\"\ncounters = [\"{}\"]\n",
            ids[0], ids[1]
        ),
        "",
    )
    .code(1)
    .stderr(predicate::str::contains("isolation.escape #1"));
    assert!(c.campaign_files() == before, "files changed");
}

#[test]
fn rule_12_6074_original_2_heat_of_battle_hero_creation() {
    let mut ids = vec![];
    let c = at_12_606(|s| {
        ids.push(add(s, Side::German, "4-6-7", UnitKind::Squad));
    });
    let answers = format!(
        "[[isolation.area]]\nname = \"A\"\ngerman = [\"{0}\"]\n[[isolation.escape]]\narea = \"A\"\ncounters = [\"{0}\"]\nheat_of_battle = \"hero-creation\"\n",
        ids[0]
    );
    run(&c, &answers, "1 1").success();
    let s = c.state();
    assert_eq!(
        s.german.force.get(ids[0]).unwrap().place,
        ForceBox::Retained
    );
    assert!(
        s.german
            .force
            .counters
            .iter()
            .any(|c| c.unit == "1-4-9" && c.has(&Condition::Heroic))
    );
}

#[test]
fn rule_12_6073_afv_column_captured_afv_plus_2_abandoned_crew_escapes() {
    let mut ids = vec![];
    let c = at_12_606(|s| {
        ids.push(
            s.german.force.add(
                NewCounter::new("T-34 M41", UnitKind::Vehicle, ForceBox::OnMapSetup)
                    .with(Condition::Captured),
            ),
        );
        ids.push(add(s, Side::German, "4-6-7", UnitKind::Squad));
    });
    let answers = format!(
        "[[isolation.area]]\nname = \"Rail yard\"\ngerman = [\"{0}\", \"{1}\"]\n[[isolation.escape]]\narea = \"Rail yard\"\ncounters = [\"{0}\"]\n",
        ids[0], ids[1]
    );
    // AFV column: 4+4 = 8, Captured AFV +2 (no Russian, no HS DRM: NA to
    // AFV): 10: Abandoned in its hex; the crew Escapes.
    run(&c, &answers, "4 4").success();
    let s = c.state();
    let d = escape_drms(&s, &ids[0].to_string());
    assert_eq!(d.iter().map(|d| d.0).collect::<Vec<_>>(), [2]);
    let row = s.journal.iter().find(|j| j.table == "escape").unwrap();
    assert_eq!(row.column, "afv");
    let afv = s.german.force.get(ids[0]).unwrap();
    assert!(afv.has(&Condition::Abandoned));
    assert_eq!(afv.isolated_area(), Some("Rail yard"));
    assert!(
        s.german
            .force
            .counters
            .iter()
            .any(|c| c.kind == UnitKind::Crew && c.place == ForceBox::Retained)
    );
}

#[test]
fn rule_12_6073_armor_leader_drm_on_the_afv_column_and_crew_eliminated() {
    let mut ids = vec![];
    let c = at_12_606(|s| {
        ids.push(add(s, Side::German, "PzKpfw IIIJ", UnitKind::Vehicle));
        ids.push(add(s, Side::German, "9-1", UnitKind::ArmorLeader));
    });
    let answers = format!(
        "[[isolation.area]]\nname = \"Gully\"\ngerman = [\"{0}\", \"{1}\"]\n[[isolation.escape]]\narea = \"Gully\"\ncounters = [\"{0}\", \"{1}\"]\n",
        ids[0], ids[1]
    );
    // 6+6 = 12, Armor Leader -1 (C31): 11: Abandoned; Crew Eliminated,
    // and the Armor Leader with it (2 Casualty VP, 12.12).
    run(&c, &answers, "6 6").success();
    let s = c.state();
    let d = escape_drms(&s, &format!("{} {}", ids[0], ids[1]));
    assert_eq!(d.iter().map(|d| d.0).collect::<Vec<_>>(), [-1]);
    assert!(
        s.german
            .force
            .get(ids[0])
            .unwrap()
            .has(&Condition::Abandoned)
    );
    assert_eq!(
        s.german.force.get(ids[1]).unwrap().place,
        ForceBox::Casualties
    );
    assert_eq!(s.campaign.today().unwrap().reph_cvp.german, 2);
}

#[test]
fn rule_12_6072_exc_type_a_pocket_with_one_sides_adjacent_control_is_not_no_mans_land() {
    let c = at_12_606(|_| {});
    let answers = "[[isolation.area]]\nname = \"Empty pocket\"\npocket = true\nadjacent_control = \"russian\"\n\n[[isolation.area]]\nname = \"Empty overlap\"\n";
    run(&c, answers, "")
        .success()
        .stdout(predicate::str::contains("Empty pocket is type A"))
        .stdout(predicate::str::contains(
            "12.6072 EXC: every Controlled Location ADJACENT to Pocket Empty pocket is Russian",
        ))
        .stdout(predicate::str::contains(
            "12.6072: Isolated Area Empty overlap becomes No Man's Land",
        ));
}

#[test]
fn rule_12_6071_exc_a_ti_smc_in_a_type_b_area_need_not_escape() {
    let mut ids = vec![];
    let c = at_12_606(|s| {
        ids.push(add(s, Side::German, "8-0", UnitKind::Leader));
    });
    let answers = format!(
        "[[isolation.area]]\nname = \"Pier\"\ngerman = [\"{0}\"]\nti = [\"{0}\"]\n",
        ids[0]
    );
    run(&c, &answers, "").success();
    let s = c.state();
    assert!(!s.journal.iter().any(|j| j.table == "escape"));
    assert_eq!(
        s.german.force.get(ids[0]).unwrap().isolated_area(),
        Some("Pier")
    );
    let bad = format!(
        "{answers}[[isolation.escape]]\narea = \"Pier\"\ncounters = [\"{}\"]\n",
        ids[0]
    );
    let c2 = at_12_606(|s| {
        add(s, Side::German, "8-0", UnitKind::Leader);
    });
    run(&c2, &bad, "6 6")
        .code(1)
        .stderr(predicate::str::contains("TI unit may not Escape"));
}
