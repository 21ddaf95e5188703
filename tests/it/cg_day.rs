//! 12.614-12.620, the CG Day loop: scripted runs worked by hand, each DRM
//! named after its rule. votg's 12.601-12.613 are built elsewhere, so each
//! campaign is set up standing at 12.614 after its Initial Scenario (the
//! victor and Casualty VP recorded as 12.604 would).

use crate::common::{Camp, votg};
use predicates::prelude::*;
use votg::model::campaign::{BySide, OccasionName, Position};
use votg::model::force::{Condition, ForceBox};
use votg::model::side::Side;
use votg::model::state::CampaignState;

fn edit(c: &Camp, f: impl FnOnce(&mut CampaignState)) {
    c.edit(f)
}

/// CG I after its Initial Scenario (15 Sep), won by the German; the German
/// suffered `cvp.german` CVP, the Russian `cvp.russian`; both at 12.614.
fn cg_i_after_initial(cvp: BySide<u32>) -> Camp {
    let c = Camp::new("I");
    edit(&c, |s| {
        let d = &mut s.campaign.days[0];
        d.victor = Some(Side::German);
        d.cvp = Some(cvp);
        s.campaign.occasion = OccasionName::AfterScenario;
        s.campaign.step = votg::model::campaign::Standing::both(Position::parse("12.614").unwrap());
        s.line_mut(Side::Russian).booby_trap = Some("A".into());
        s.line_mut(Side::German).san = 0;
        s.line_mut(Side::German).elr = 2;
    });
    c
}

/// The whole journal in order, secret rows too (`votg log --reveal`).
fn journal(c: &Camp) -> String {
    let out = votg()
        .args(["log", c.path(), "--reveal", "--format", "csv"])
        .assert()
        .success();
    String::from_utf8(out.get_output().stdout.clone()).unwrap()
}

/// German: 12.614 (German SAN 0 becomes 2; Russian SAN 5: dr 5 +1 = 6 >= 5,
/// SAN 4; Booby Trap A, Original 6: B), then his 12.615-12.619 (CPP DR 6 6, ELR DR 1 1), and he waits at 12.620.
#[test]
fn rule_12_614_12_618_12_619_german_new_day_san_booby_trap_cpp_and_elr() {
    let c = cg_i_after_initial(BySide {
        german: 45,
        russian: 25,
    });
    let a = c.file("a.toml", "[german]\nf36 = false\n");
    let dice = c.file("d.txt", "5 6  6 6  1 1\n");
    c.refit_side("german", &a, &dice)
        .success()
        .stdout(predicate::str::contains("New CG Day: 16 Sep"))
        .stdout(predicate::str::contains("Booby Trap Level is now B"));
    let s = c.state();
    assert_eq!((s.campaign.date, s.campaign.scenario), (16, 2), "12.6141");
    let g = s.line(Side::German);
    assert_eq!((g.date, g.scenario), (16, Some(2)));
    assert_eq!(g.san, 2, "12.6142: SAN 0 becomes 2");
    assert_eq!(
        s.line(Side::Russian).san,
        4,
        "12.6142: dr 5 + (5 - 4) = 6 >= 5"
    );
    assert_eq!(
        s.line(Side::Russian).booby_trap.as_deref(),
        Some("B"),
        "12.6143"
    );
    // 12.618: 12 -2 Historical (16 Sep) +1 Attack chit (C15, C27) -2 for
    // 45 CVP (C26) = 9: +16, 2/3 FRU = 11 (CGI-2, C34); Support 6 -> 4.
    assert_eq!(g.cpp.start, 14, "C20: Start = Left 14 - Recon 0 of 15 Sep");
    assert_eq!(g.cpp.received, 11);
    assert_eq!(g.cpp.left, 25);
    assert_eq!(g.support_cpp.unwrap().received, 4, "12.6181, C14, C34");
    // 12.619: 2 -1 won on 15 Sep +1 Attack +2 one scenario completed -2
    // Historical = 2: ELR 2 -> 3.
    assert_eq!(g.elr, 3);
    let j = journal(&c);
    for drm in [
        "German Historical DRM for 16 Sep",
        "Selected the Attack chit on the previous CG Day",
        "45 Casualty VP suffered",
        "won on the previous CG Day",
        "completed since the start of the CG",
    ] {
        assert!(j.contains(drm), "journal lacks {drm}");
    }
    assert_eq!(s.campaign.step.german, Position::parse("12.620").unwrap());
}

/// Russian after the German above: 12.615e (the immobilized T-34 of I-4,
/// dr 2: Mobile), 12.616 (no dr: the T-34 is in no AFV Pltn RG, C47), 12.618 (DR 3 4 = 7
/// -1 Historical -1 for 25 CVP = 5: +18, 2/3 = 12, + bonus 7, C21), 12.619
/// (DR 6 6 = 12 +2 completed -1 Historical = 13: ELR 3 -> 2), then 12.620
/// (Weather DR 2 3 = 5 Clear; EC dr 4 +1 previous Dry = 5 Dry, C35).
#[test]
fn rule_12_615e_12_6162_12_618_12_619_12_620_russian_and_weather() {
    let c = cg_i_after_initial(BySide {
        german: 45,
        russian: 25,
    });
    let a = c.file("a.toml", "[german]\nf36 = false\n");
    let dice = c.file("d.txt", "5 6  6 6  1 1\n");
    c.refit_side("german", &a, &dice).success();
    let a = c.file(
        "r.toml",
        "[russian]\nbuy = []\nfortify = []\nrecon = 0\ninitiative = \"idle\"\n",
    );
    let dice = c.file("r.txt", "2  3 4  6 6  2 3  4\n");
    c.refit_side("russian", &a, &dice).success();
    let s = c.state();
    let f = &s.russian.force;
    let t34 = f.counters.iter().find(|c| c.unit == "T-34 M41").unwrap();
    assert!(
        !t34.condition.contains(&Condition::Immobilized),
        "12.6151e: dr 2 <= 2"
    );
    assert_eq!(
        t34.place,
        ForceBox::Retained,
        "12.6162: not rolled for (C47)"
    );
    let r = s.line(Side::Russian);
    assert_eq!(r.cpp.received, 19, "12.618: 12 + bonus 7 (CGI-3, C21)");
    assert!(s.russian.roster.bonus_cpp_taken);
    assert_eq!(r.elr, 2, "12.619: 13 loses one");
    let today = s.campaign.today().unwrap();
    assert_eq!(today.weather, Some(votg::model::weather::Weather::Clear));
    assert_eq!(
        today.ec,
        Some(votg::model::weather::Ec::Dry),
        "C35: +1 after Dry"
    );
    let j = journal(&c);
    assert!(j.contains("The previous CG Day had Dry EC"));
    assert!(j.contains("25 Casualty VP suffered"));
}

/// Every side's answers for a CG Day on which both stay Idle.
const IDLE: &str = "buy = []\nfortify = []\nrecon = 0\ninitiative = \"idle\"\n";

/// C23: Idle Days one after another until CG I's last CG Day; the CG then
/// ends (the Germans did not meet 12.51: the Russians win), `status` says
/// who won and why, and `refit` that the campaign is over.
#[test]
fn c23_a_run_of_idle_days_to_the_end_of_cg_i() {
    let c = cg_i_after_initial(BySide::default());
    let a = c.file("a.toml", &format!("[german]\n{IDLE}[russian]\n{IDLE}"));
    votg()
        .args(["--seed", "3", "refit", c.path(), "--answers", &a])
        .assert()
        .success()
        .stdout(predicate::str::contains("The CG is over: the Russians win"))
        .stdout(predicate::str::contains(
            "The campaign is over: the Russians won",
        ))
        .stdout(predicate::str::contains("ready to play").not());
    let s = c.state();
    let r = s.campaign.result.as_ref().unwrap();
    assert_eq!((r.winner, r.date), (Side::Russian, 22));
    let idle: Vec<u8> = s
        .campaign
        .days
        .iter()
        .filter(|d| d.scenario.is_none())
        .map(|d| d.date)
        .collect();
    assert_eq!(idle, vec![16, 17, 18, 19, 20, 21, 22], "one Idle Day each");
    for side in Side::BOTH {
        let lines = &s.side(side).roster.lines;
        assert_eq!(lines.len(), 8, "15-22 Sep");
        for w in lines.windows(2) {
            assert_eq!(w[1].cpp.start, w[0].cpp.left - w[0].recon_cpp, "C20");
            assert!(w[1].cpp.balanced());
        }
    }
    // The journal holds the loop's steps in the rules' order each day.
    let j = journal(&c);
    let day17: Vec<&str> = j
        .lines()
        .filter(|l| l.contains("17/9"))
        .filter_map(|l| l.split(',').find(|f| f.starts_with("12.6")))
        .collect();
    let first = |step: &str| day17.iter().position(|s| *s == step).unwrap();
    assert!(first("12.618") < first("12.619") && first("12.619") < first("12.620"));
    assert!(first("12.620") < first("12.625"));
    votg()
        .args(["status", c.path()])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "The campaign is over: the Russians won at the end of the 22 Sep CG Day",
        ));
    let before = c.campaign_files();
    votg()
        .args(["refit", c.path(), "--answers", &a])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("the campaign is over"));
    assert_eq!(c.campaign_files(), before);
}

/// Per-day answers (`[german.day."18"]`) come before the side's own on that
/// CG Day: the German reports F36 at the end of 15 Sep (it stands through
/// the Idle Days after: nothing is played) and 80 Stone Hexes at the end of
/// 18 Sep, and wins CG I there (12.51).
#[test]
fn rule_12_51_per_day_answers_end_cg_i_with_a_german_win() {
    let c = cg_i_after_initial(BySide::default());
    let a = c.file(
        "a.toml",
        &format!(
            "[german]\n{IDLE}[german.day.\"15\"]\nf36 = true\n[german.day.\"18\"]\ngerman_stone_hexes = 80\n[russian]\n{IDLE}"
        ),
    );
    votg()
        .args(["--seed", "4", "refit", c.path(), "--answers", &a])
        .assert()
        .success();
    let r = c.state().campaign.result.unwrap();
    assert_eq!((r.winner, r.date), (Side::German, 18));
    assert!(r.why.contains("80 (>= 75) Stone Hexes"), "{}", r.why);
}

/// 12.613/12.6253: before a Russian Counterattack the `‡` steps are skipped
/// and the second scenario is played on the same CG Day; the German's CPP
/// are halved (FRU): DR 4 4 = 8 -1 Historical +1 Attack = 8: +17, 2/3 = 12,
/// half = 6; Support 4 -> 2.
#[test]
fn rule_12_6253_counterattack_skips_the_double_dagger_steps() {
    let c = cg_i_after_initial(BySide::default());
    edit(&c, |s| {
        s.campaign.occasion = OccasionName::BeforeCounterattack;
        s.campaign.step =
            votg::model::campaign::Standing::both(Position::parse("12.615a").unwrap());
    });
    let a = c.file("a.toml", "[german]\nrecon = 0\n");
    let dice = c.file("d.txt", "4 4\n");
    c.refit_side("german", &a, &dice)
        .code(1)
        .stdout(predicate::str::contains(
            "steps 12.614, 12.615d, 12.619, 12.620 are skipped",
        ))
        .stderr(predicate::str::contains("german.buy"));
    let s = c.state();
    assert_eq!((s.campaign.date, s.campaign.scenario), (15, 2));
    let g = s.line(Side::German);
    assert_eq!((g.date, g.scenario), (15, Some(2)));
    assert_eq!(g.cpp.received, 6, "12.6253: halved (FRU)");
    assert_eq!(g.support_cpp.unwrap().received, 2);
    let j = journal(&c);
    // A skipped step's only rows say it was skipped (the journal
    // holds every step), none that it ran.
    for skipped in [",12.614,", ",12.615d,", ",12.619,", ",12.620,"] {
        let rows: Vec<&str> = j.lines().filter(|l| l.contains(skipped)).collect();
        assert!(
            rows.iter()
                .all(|l| l.contains("not done: skipped before a Russian Counterattack")),
            "{skipped} ran: {rows:?}"
        );
    }
    assert!(j.contains(",12.618,"));
}

/// The German's equipment steps worked by hand: 12.6151d (dr 5 -2 in
/// friendly Perimeter = 3: Recovered), e (dr 3: no change, a Labor
/// counter), f (dr 4 -1 German -1 Labor = 2: Repaired), 12.6152 (dr 3 -1
/// Repair Number = 2: Eliminated), 12.6155 (dr 2: kept), 12.6162 (no dr:
/// neither AFV is of an AFV Pltn RG, C47), 12.617 (dr 1 +2 Front Line = 3:
/// Eliminated).
#[test]
fn rule_12_6151_12_6152_12_6155_12_617_equipment_and_fortification_removal() {
    use votg::model::force::{NewCounter, UnitKind};
    let c = cg_i_after_initial(BySide::default());
    edit(&c, |s| {
        let f = &mut s.german.force;
        f.add(
            NewCounter::new("PzIIIH", UnitKind::Vehicle, ForceBox::LeftOnMap)
                .with(Condition::Immobilized),
        );
        f.add(
            NewCounter::new("PzIIIJ", UnitKind::Vehicle, ForceBox::RetainedWreck)
                .with(Condition::Labor),
        );
        f.add(
            NewCounter::new("LMG", UnitKind::Sw, ForceBox::Retained).with(Condition::Malfunctioned),
        );
        f.add(
            NewCounter::new("DP LMG", UnitKind::Sw, ForceBox::Retained).with(Condition::Captured),
        );
        f.add(NewCounter::new(
            "wire",
            UnitKind::Fortification,
            ForceBox::LeftOnMap,
        ));
    });
    let id = |unit: &str| {
        c.state()
            .german
            .force
            .counters
            .iter()
            .find(|c| c.unit == unit)
            .unwrap()
            .id
    };
    let (h, j, lmg, dp, wire) = (
        id("PzIIIH"),
        id("PzIIIJ"),
        id("LMG"),
        id("DP LMG"),
        id("wire"),
    );
    let a = c.file(
        "a.toml",
        &format!(
            "[german]\nremove_fortifications = [\"{wire} front-line\"]\nrepair_numbers = [\"{lmg} 1\"]\n"
        ),
    );
    let dice = c.file("d.txt", "1 1  5 3 4 3 2  1  3 3  3 3\n");
    c.refit_side("german", &a, &dice).success();
    let s = c.state();
    let f = &s.german.force;
    let h = f.get(h).unwrap();
    assert_eq!(h.place, ForceBox::Retained, "12.6151d: 5 - 2 = 3 <= 4");
    assert!(
        h.condition.contains(&Condition::Immobilized) && h.condition.contains(&Condition::Labor),
        "12.6151e: dr 3, Labor"
    );
    let j = f.get(j).unwrap();
    assert_eq!(j.place, ForceBox::Retained, "12.6151f: 4 - 1 - 1 = 2");
    assert!(!j.condition.contains(&Condition::Labor));
    assert_eq!(
        f.get(lmg).unwrap().place,
        ForceBox::Casualties,
        "12.6152: 3 - 1 = 2 >= 2"
    );
    assert_eq!(
        f.get(dp).unwrap().place,
        ForceBox::Retained,
        "12.6155: dr 2 < 3"
    );
    assert_eq!(
        f.get(wire).unwrap().place,
        ForceBox::Casualties,
        "12.617: 1 + 2 = 3 <= 3, Eliminated"
    );
    let jr = journal(&c);
    for drm in [
        "In friendly Perimeter",
        "Labor Status",
        "Weapon Repair Number",
        "Front Line Location",
    ] {
        assert!(jr.contains(drm), "journal lacks {drm}");
    }
}

/// 12.620 after an Overcast CG Day (16 Sep, an Idle Day): Weather DR 1 2 =
/// 3 -1 = 2 Fog/Mist; EC dr 4 -3 = 1 Moist.
#[test]
fn rule_12_620_after_an_overcast_day() {
    use votg::rules::initiative_matrix::ScenarioType;
    let c = cg_i_after_initial(BySide::default());
    edit(&c, |s| {
        s.campaign.occasion = OccasionName::IdleDayLoop;
        s.campaign.date = 16;
        s.campaign.scenario = 2;
        s.campaign.days.push(votg::model::campaign::DayFacts {
            date: 16,
            scenario_type: Some(ScenarioType::IdleDay),
            weather: Some(votg::model::weather::Weather::Overcast),
            ec: Some(votg::model::weather::Ec::Moist),
            ..Default::default()
        });
        for side in Side::BOTH {
            let mut line = s.line(side).clone();
            line.date = 16;
            line.scenario = None;
            line.cpp = votg::model::roster::Pool::opening(line.cpp.left);
            line.support_cpp = line
                .support_cpp
                .map(|p| votg::model::roster::Pool::opening(p.left));
            s.side_mut(side).roster.lines.push(line);
        }
    });
    let a = c.file("a.toml", "[german]\nf36 = false\n");
    let dice = c.file("d.txt", "1 1  3 3  3 3\n");
    c.refit_side("german", &a, &dice).success();
    // 12.615e dr 1; no 12.6162 dr for the lone T-34 (C47); 12.618, 12.619,
    // Weather, EC.
    let dice = c.file("r.txt", "1  3 3  3 3  1 2  4\n");
    let a = c.file("r.toml", "[russian]\n");
    c.refit_side("russian", &a, &dice)
        .code(1)
        .stderr(predicate::str::contains("russian.buy"));
    let s = c.state();
    assert_eq!(s.campaign.date, 17);
    let today = s.campaign.today().unwrap();
    assert_eq!(today.weather, Some(votg::model::weather::Weather::FogMist));
    assert_eq!(today.ec, Some(votg::model::weather::Ec::Moist));
    let j = journal(&c);
    assert!(j.contains("1 Idle Day"), "12.619: -2 per Idle Day");
}

/// Per-day answers are checked with the rest of the file before any step.
#[test]
fn per_day_answers_are_checked_before_the_first_step() {
    let c = cg_i_after_initial(BySide::default());
    let before = c.campaign_files();
    for (text, says) in [
        ("[german.day.\"40\"]\nf36 = true\n", "is not a CG Day"),
        (
            "[german.day.\"18\"]\nf63 = true\n",
            "is not a question votg asks",
        ),
        (
            "[german.day.\"18\"]\nf36 = 3\n",
            "german.f36` must be true or false",
        ),
    ] {
        let a = c.file("a.toml", text);
        votg()
            .args(["refit", c.path(), "--answers", &a])
            .assert()
            .code(1)
            .stderr(predicate::str::contains(says));
        assert_eq!(c.campaign_files(), before, "{text}");
    }
}

/// 12.6162: a Pltn Redeployed in an earlier RePh re-enters on a Final dr
/// <= 1 with the Historical DRM (Russian, 16 Sep: -1): dr 2 - 1 = 1, back in
/// the Retained box with its Immobilization removed.
#[test]
fn rule_12_6162_a_redeployed_pltn_re_enters_on_1_with_the_historical_drm() {
    let c = cg_i_after_initial(BySide::default());
    edit(&c, |s| {
        for t in s
            .russian
            .force
            .counters_mut()
            .iter_mut()
            .filter(|c| c.unit == "T-34 M41")
        {
            t.place = ForceBox::RedeployedAfv;
        }
    });
    let a = c.file("a.toml", "[german]\nf36 = false\n");
    let dice = c.file("d.txt", "1 1  3 3  3 3\n");
    c.refit_side("german", &a, &dice).success();
    let a = c.file("r.toml", "[russian]\nbonus_cpp = false\n");
    let dice = c.file("r.txt", "2  3 3  3 3  3 3  3  3\n");
    c.refit_side("russian", &a, &dice)
        .code(1)
        .stderr(predicate::str::contains("russian.buy"));
    let s = c.state();
    let t34 = s
        .russian
        .force
        .counters
        .iter()
        .find(|c| c.unit == "T-34 M41")
        .unwrap();
    assert_eq!(t34.place, ForceBox::Retained);
    assert!(!t34.condition.contains(&Condition::Immobilized));
    assert!(journal(&c).contains("re-enters play"));
    assert!(!s.russian.roster.bonus_cpp_taken, "C21: declined");
}
