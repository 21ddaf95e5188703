//! 12.612 Battle Hardening & Promotion, worked by hand. votg does not yet
//! carry out 12.601-12.611 on this branch, so each campaign is set up at
//! 12.612 after the first scenario as players who did those steps would.

use crate::common::Camp;
use predicates::prelude::*;
use votg::model::campaign::{BySide, OccasionName, Position};
use votg::model::force::{Condition, CounterId, ForceBox, NewCounter, UnitKind};
use votg::model::side::Side;
use votg::model::state::CampaignState;

fn edit(c: &Camp, f: impl FnOnce(&mut CampaignState)) {
    c.edit(f)
}

/// A CG II campaign after its Initial Scenario (14 Sep), won by `victor`
/// with `cvp` suffered, both sides at 12.612 and forces emptied; `f` adds
/// the counters.
fn at_12_612(victor: Side, cvp: BySide<u32>, f: impl FnOnce(&mut CampaignState)) -> Camp {
    let c = Camp::new("II");
    edit(&c, |s| {
        s.campaign.occasion = OccasionName::AfterScenario;
        let today = s.campaign.today_mut().unwrap();
        today.victor = Some(victor);
        today.cvp = Some(cvp);
        for side in Side::BOTH {
            s.side_mut(side).force.counters_mut().clear();
            s.campaign
                .step
                .set(side, Position::parse("12.612").unwrap());
        }
        f(s);
    });
    c
}

fn add(s: &mut CampaignState, side: Side, unit: &str, kind: UnitKind) -> CounterId {
    s.side_mut(side)
        .force
        .add(NewCounter::new(unit, kind, ForceBox::Retained))
}

fn run(c: &Camp, answers: &str, dice: &str) -> assert_cmd::assert::Assert {
    c.refit_until("12.612", answers, dice)
}

fn units(s: &CampaignState, side: Side) -> Vec<(String, ForceBox)> {
    s.side(side)
        .force
        .counters
        .iter()
        .map(|c| (c.unit.to_string(), c.place))
        .collect()
}

const NONE: BySide<u32> = BySide {
    german: 0,
    russian: 0,
};

#[test]
fn rule_12_6122_c33_hs_recombine_and_12_6121_mortar_team_stays_apart() {
    let mut team = None;
    let c = at_12_612(Side::German, NONE, |s| {
        for _ in 0..4 {
            let id = add(s, Side::German, "2-4-7", UnitKind::Hs);
            team.get_or_insert(id);
        }
        add(s, Side::German, "Lt MTR", UnitKind::Sw);
        add(s, Side::Russian, "2-2-6", UnitKind::Hs);
        add(s, Side::Russian, "2-2-6", UnitKind::Hs);
    });
    let team = team.unwrap();
    // Dice: German MMC BH DR 6+6 (12-3 = 9: none), Leader DR 6+6; Russian the same.
    run(
        &c,
        &format!("[german]\nmortar_teams = [\"{team}\"]\nleader_drm = \"none\"\n"),
        "6 6 6 6 6 6 6 6",
    )
    .success()
    .stdout(predicate::str::contains("Recombining"));
    let s = c.state();
    let g = units(&s, Side::German);
    // Three non-team HS: two pair into a 4-6-7, one is left, and the team HS.
    assert_eq!(g.iter().filter(|(u, _)| u == "4-6-7").count(), 1, "{g:?}");
    assert_eq!(g.iter().filter(|(u, _)| u == "2-4-7").count(), 2, "{g:?}");
    assert_eq!(s.german.force.get(team).unwrap().unit, "2-4-7");
    let r = units(&s, Side::Russian);
    assert_eq!(r, vec![("4-2-6".to_string(), ForceBox::Retained)]);
}

#[test]
fn rule_12_6123_mmc_bh_c27_won_scenario_minus_3_and_c26_cvp_in_twenties() {
    let mut ids = vec![];
    // The German won (C27: -3) and the Russian suffered 45 CVP (C26: -2).
    let c = at_12_612(
        Side::German,
        BySide {
            german: 10,
            russian: 45,
        },
        |s| {
            ids.push(add(s, Side::German, "4-4-7", UnitKind::Squad));
            ids.push(add(s, Side::German, "5-4-8", UnitKind::Squad));
            ids.push(add(s, Side::German, "4-6-7", UnitKind::Squad));
            ids.push(add(s, Side::German, "2-3-7", UnitKind::Hs));
            ids.push(add(s, Side::German, "2-3-6", UnitKind::Hs));
        },
    );
    // German MMC BH: 3+3 = 6 -3 -2 = 1: three MMC. Default picks: the two
    // squads that can climb, then the HS that can (Force order).
    // Leader DR 6 6 (no leader), Russian 6 6 and 6 6.
    run(&c, "[german]\nleader_drm = \"none\"\n", "3 3 6 6 6 6 6 6")
        .success()
        .stdout(predicate::str::contains("-3"))
        .stdout(predicate::str::contains("-2"));
    let s = c.state();
    let g = |i: usize| s.german.force.get(ids[i]).unwrap();
    assert_eq!(g(0).unit, "4-6-7");
    assert_eq!(g(1).unit, "5-4-8");
    assert!(!g(1).has(&Condition::BattleHardened));
    assert_eq!(g(2).unit, "4-6-8");
    assert_eq!(g(3).unit, "2-4-7");
    assert_eq!(g(4).unit, "2-3-6", "only three MMC");
    let row = s
        .journal
        .iter()
        .find(|j| j.what == "MMC Battle Hardening" && j.side == "german")
        .unwrap();
    assert!(row.secret);
    assert_eq!(
        row.drm_list().unwrap().iter().map(|d| d.value).sum::<i32>(),
        -5
    );
}

#[test]
fn rule_12_6123_elite_becomes_fanatic_and_hero_is_eliminated_for_an_mmc() {
    let mut ids = vec![];
    let c = at_12_612(Side::Russian, NONE, |s| {
        ids.push(add(s, Side::Russian, "4-5-8", UnitKind::Squad));
        let hero = s.russian.force.add(
            NewCounter::new("1-4-9", UnitKind::Leader, ForceBox::Retained).with(Condition::Heroic),
        );
        ids.push(hero);
        ids.push(add(s, Side::Russian, "4-2-6", UnitKind::Squad));
    });
    // German 6 6, 6 6. Russian MMC BH 6+6 = 12 -3 (won) -1 (Russian) = 8:
    // none from the DR, one from the Hero: the player picks the elite 4-5-8.
    run(
        &c,
        &format!(
            "[russian]\nharden = [\"{}\"]\nleader_drm = \"none\"\n",
            ids[0]
        ),
        "6 6 6 6 6 6 6 6",
    )
    .success();
    let s = c.state();
    let r = |i: usize| s.russian.force.get(ids[i]).unwrap();
    assert_eq!(r(0).unit, "4-5-8");
    assert!(r(0).has(&Condition::FanaticNextScenario));
    assert_eq!(r(1).place, ForceBox::Casualties);
    assert_eq!(r(2).unit, "4-2-6");
    assert_eq!(s.campaign.today().unwrap().reph_cvp.russian, 1);
}

#[test]
fn rule_12_6123_harden_more_than_allowed_is_refused_nothing_changed() {
    let mut ids = vec![];
    let c = at_12_612(Side::German, NONE, |s| {
        ids.push(add(s, Side::German, "4-4-7", UnitKind::Squad));
        ids.push(add(s, Side::German, "4-4-7", UnitKind::Squad));
    });
    let before = c.campaign_files();
    // 4+4 = 8 -3 = 5: one MMC; two named.
    run(
        &c,
        &format!("[german]\nharden = [\"{}\", \"{}\"]\n", ids[0], ids[1]),
        "4 4 6 6 6 6 6 6",
    )
    .code(1)
    .stderr(predicate::str::contains("german.harden"));
    assert_eq!(c.campaign_files(), before);
    run(&c, "[german]\nharden = [\"G-999\"]\n", "1 1 6 6 6 6 6 6")
        .code(1)
        .stderr(predicate::str::contains("german.harden"))
        .stderr(predicate::str::contains("G-999"));
    assert_eq!(c.campaign_files(), before);
}

#[test]
fn rule_12_6124_c30_optional_drm_taken_hardens_the_9_1() {
    let mut ids = vec![];
    let c = at_12_612(Side::German, NONE, |s| {
        ids.push(add(s, Side::German, "9-1", UnitKind::Leader));
        ids.push(add(s, Side::German, "8-0", UnitKind::Leader));
    });
    // German: MMC BH 6 6; Leader DR 3+3 = 6, -2 (won, C30 default: taken)
    // = 4: a 9-1 -> 9-2 (C17). Russian 6 6, 6 6.
    run(&c, "", "6 6 3 3 6 6 6 6").success();
    let s = c.state();
    assert_eq!(s.german.force.get(ids[0]).unwrap().unit, "9-2");
    assert_eq!(s.german.force.get(ids[1]).unwrap().unit, "8-0");
    let row = s
        .journal
        .iter()
        .find(|j| j.what == "Leader Battle Hardening" && j.side == "german")
        .unwrap();
    assert!(row.secret);
    assert_eq!(row.key, "9-1");
    assert!(
        s.journal
            .iter()
            .any(|j| j.what.contains("C30") && j.result.starts_with("full"))
    );
}

#[test]
fn rule_12_6124_c30_optional_drm_declined_hardens_the_8_0() {
    let mut ids = vec![];
    let c = at_12_612(Side::German, NONE, |s| {
        ids.push(add(s, Side::German, "9-1", UnitKind::Leader));
        ids.push(add(s, Side::German, "8-0", UnitKind::Leader));
    });
    // The same DR 6, the -2 declined: 6 = 8-0 -> 8-1 (C17).
    run(&c, "[german]\nleader_drm = \"none\"\n", "6 6 3 3 6 6 6 6").success();
    let s = c.state();
    assert_eq!(s.german.force.get(ids[0]).unwrap().unit, "9-1");
    assert_eq!(s.german.force.get(ids[1]).unwrap().unit, "8-1");
    assert!(
        s.journal
            .iter()
            .any(|j| j.what.contains("C30") && j.result.starts_with("none"))
    );
}

#[test]
fn rule_12_6124_c32_no_leader_of_the_type_next_lowest_grade_hardens() {
    let mut ids = vec![];
    let c = at_12_612(Side::Russian, NONE, |s| {
        ids.push(add(s, Side::German, "9-2", UnitKind::Leader));
        ids.push(add(s, Side::German, "7-0", UnitKind::Leader));
        let w = s.german.force.add(
            NewCounter::new("8-0", UnitKind::Leader, ForceBox::Retained).with(Condition::Wounded),
        );
        ids.push(w);
    });
    // German did not win: DR 3+4 = 7: 8-0, but the 8-0 is wounded: the
    // next lowest grade, the 7-0, Battle Hardens to an 8-0.
    run(&c, "", "6 6 3 4 6 6 6 6").success();
    let s = c.state();
    let g = |i: usize| s.german.force.get(ids[i]).unwrap().unit.to_string();
    assert_eq!(
        (g(0), g(1), g(2)),
        ("9-2".into(), "8-0".into(), "8-0".into())
    );
}

#[test]
fn rule_12_6124_heroic_leader_battle_hardens_and_loses_heroic_status() {
    let mut id = None;
    let c = at_12_612(Side::Russian, NONE, |s| {
        id = Some(s.german.force.add(
            NewCounter::new("8-1", UnitKind::Leader, ForceBox::Retained).with(Condition::Heroic),
        ));
    });
    // Leader DR 6+6 = 12: 6+1, none Retained below.
    run(&c, "", "6 6 6 6 6 6 6 6").success();
    let s = c.state();
    let l = s.german.force.get(id.unwrap()).unwrap();
    assert_eq!(l.unit, "9-1");
    assert!(!l.has(&Condition::Heroic));
}

#[test]
fn rule_12_6125_promotion_refused_by_one_leader_per_four_squad_equivalents() {
    let c = at_12_612(Side::German, NONE, |s| {
        add(s, Side::German, "8-0", UnitKind::Leader);
        for _ in 0..7 {
            add(s, Side::German, "4-6-7", UnitKind::Squad);
        }
    });
    let before = c.campaign_files();
    // 7 squad-equivalents: a second leader would be one per 3.5 (> one per 4).
    run(
        &c,
        "[german]\nleader = \"promote-8-0\"\nharden = [\"none\"]\n",
        "6 6 6 6 6 6 6 6",
    )
    .code(1)
    .stderr(predicate::str::contains("german.leader"))
    .stderr(predicate::str::contains("12.6125"));
    assert_eq!(c.campaign_files(), before);
}

#[test]
fn rule_12_6125_promotion_out_of_the_ranks_8_1_for_8_0_and_7_0() {
    let mut id = None;
    let c = at_12_612(Side::German, NONE, |s| {
        id = Some(add(s, Side::German, "8-1", UnitKind::Leader));
        for _ in 0..8 {
            add(s, Side::German, "4-6-7", UnitKind::Squad);
        }
    });
    // German: MMC BH 6 6 only (no Leader DR); Russian 6 6, 6 6.
    run(
        &c,
        "[german]\nleader = \"promote-8-1\"\nharden = [\"none\"]\n",
        "6 6 6 6 6 6",
    )
    .success();
    let s = c.state();
    assert_eq!(s.german.force.get(id.unwrap()).unwrap().unit, "8-0");
    let leaders: Vec<String> = s
        .german
        .force
        .counters
        .iter()
        .filter(|c| c.kind == UnitKind::Leader)
        .map(|c| c.unit.to_string())
        .collect();
    assert_eq!(leaders, ["8-0", "7-0"]);
}

#[test]
fn c33_isolated_hs_recombine_only_within_their_isolated_area() {
    let mut ids = vec![];
    let c = at_12_612(Side::German, NONE, |s| {
        for area in ["A", "A", "B", ""] {
            let mut n = NewCounter::new("2-4-7", UnitKind::Hs, ForceBox::LeftOnMap);
            if area.is_empty() {
                n.place = ForceBox::Retained;
            } else {
                n = n.with(Condition::Isolated(area.into()));
            }
            ids.push(s.german.force.add(n));
        }
    });
    run(
        &c,
        "[german]\nharden = [\"none\"]\nleader_drm = \"none\"\n",
        "6 6 6 6 6 6 6 6",
    )
    .success();
    let s = c.state();
    let f = &s.german.force;
    assert_eq!(f.get(ids[0]).unwrap().unit, "4-6-7");
    assert_eq!(f.get(ids[0]).unwrap().isolated_area(), Some("A"));
    assert!(f.get(ids[1]).is_none());
    assert_eq!(f.get(ids[2]).unwrap().unit, "2-4-7");
    assert_eq!(f.get(ids[3]).unwrap().unit, "2-4-7");
}
