//! 12.625-12.627 after the Initial Scenario: secret chits revealed together,
//! the Initiative Matrix, Russian Attack chits (12.6251), the Russian night
//! option (12.6254), Idle Days (C23), the Dual Attack drs. votg does not yet
//! carry out 12.601-12.620, so these campaigns are set up by hand as players
//! who did those steps at the table would.

use crate::common::{Camp, votg};
use predicates::prelude::*;
use votg::model::campaign::{DayFacts, OccasionName, Position};
use votg::model::roster::{Pool, RosterLine};
use votg::model::side::Side;
use votg::model::state::CampaignState;
use votg::model::weather::{Ec, Weather};
use votg::rules::initiative_matrix::ScenarioType;
use votg::rules::tables::Tables;

/// A CG II campaign on 15 Sep after the Initial Scenario (won by the German),
/// both sides at 12.625.
fn at_initiative(chits_used: u32) -> Camp {
    later("II", 15, "12.625", chits_used)
}

/// Edits a campaign in place (as a player would by hand).
fn edit(c: &Camp, f: impl FnOnce(&mut CampaignState)) {
    c.edit(f)
}

/// A campaign of `cg` on `date` after its Initial Scenario, both sides at `step`.
fn later(cg: &str, date: u8, step: &str, chits_used: u32) -> Camp {
    let c = Camp::new(cg);
    let tables = Tables::embedded().unwrap();
    edit(&c, |s| later_day(s, &tables, date, step, chits_used));
    c
}

fn later_day(s: &mut CampaignState, tables: &Tables, date: u8, step: &str, chits_used: u32) {
    s.campaign.days[0].victor = Some(Side::German);
    s.campaign.date = date;
    s.campaign.scenario = 2;
    s.campaign.occasion = OccasionName::AfterScenario;
    s.campaign.russian_attack_chits_used = chits_used;
    s.campaign.days.push(DayFacts {
        date,
        weather: Some(Weather::Clear),
        ec: Some(Ec::Dry),
        ..Default::default()
    });
    for side in Side::BOTH {
        let last = s.side(side).roster.current().unwrap().clone();
        let line = RosterLine {
            date,
            night: false,
            scenario: Some(2),
            hist_drm: tables.historical_drm.drm(side, date, false).unwrap(),
            cpp: Pool::opening(last.cpp.left),
            support_cpp: last.support_cpp.map(|p| Pool::opening(p.left)),
            rgs: vec![],
            fpp: 0,
            fpp_spent: 0,
            mine_fpp: 0,
            fortifications: vec![],
            elr: last.elr,
            night_elr: None,
            san: last.san,
            recon: None,
            recon_cpp: 0,
            recon_lax: false,
            night_declared: None,
            initiative: None,
            booby_trap: last.booby_trap.clone(),
            ssr_commissar_dr: false,
        };
        s.side_mut(side).roster.lines.push(line);
        s.campaign.step.set(side, Position::parse(step).unwrap());
    }
}

fn chits(c: &Camp, german: &str, russian: &str, extra: &str) -> String {
    c.file(
        "a.toml",
        &format!(
            "[german]\ninitiative = \"{german}\"\n[russian]\ninitiative = \"{russian}\"\n{extra}"
        ),
    )
}

#[test]
fn rule_12_6252_german_assault() {
    let c = at_initiative(0);
    let a = chits(&c, "attack", "idle", "");
    votg()
        .args(["refit", c.path(), "--answers", &a])
        .assert()
        .success()
        .stdout(predicate::str::contains("German Assault"))
        .stdout(predicate::str::contains(">= 20"));
    let s = c.state();
    let today = s.campaign.today().unwrap();
    assert_eq!(today.scenario_type, Some(ScenarioType::GermanAssault));
    assert_eq!(
        (today.sets_up_first, today.moves_first),
        (Some(Side::Russian), Some(Side::German))
    );
    assert_eq!(s.campaign.russian_attack_chits_used, 0);
    assert_eq!(
        s.german.roster.current().unwrap().initiative.as_deref(),
        Some("attack")
    );
    // The chits are secret until revealed together: each side's choice is a secret row.
    assert!(
        s.journal
            .iter()
            .filter(|j| j.what == "Initiative chit")
            .all(|j| j.secret)
    );
    assert!(
        s.journal
            .iter()
            .any(|j| j.what == "Initiative chits revealed" && !j.secret)
    );
}

#[test]
fn rule_12_6254_russian_night_assault_uses_an_attack_chit() {
    let c = at_initiative(0);
    let a = chits(&c, "idle", "attack", "night = true\n");
    votg()
        .args(["refit", c.path(), "--answers", &a])
        .assert()
        .success()
        .stdout(predicate::str::contains("Night scenario"))
        .stdout(predicate::str::contains("German ELR 3"));
    let s = c.state();
    assert!(s.campaign.night);
    // The German's Night ELR is a fact of its line, shown by status and roster.
    let g = s.german.roster.current().unwrap();
    assert_eq!((g.elr, g.night_elr), (4, Some(3)));
    assert_eq!(s.russian.roster.current().unwrap().night_elr, None);
    votg()
        .args(["status", c.path()])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "German ELR in the Night scenario of",
        ))
        .stdout(predicate::str::contains(
            ": 3 (the CG Roster's 4 less one, 12.6254)",
        ));
    votg()
        .args(["roster", c.path(), "--side", "german", "--format", "csv"])
        .assert()
        .success()
        .stdout(predicate::str::contains("4 (3 at night, 12.6254)"));
    let today = s.campaign.today().unwrap();
    assert_eq!(today.scenario_type, Some(ScenarioType::RussianAssault));
    assert_eq!(
        (today.sets_up_first, today.moves_first),
        (Some(Side::German), Some(Side::Russian))
    );
    assert_eq!(s.campaign.russian_attack_chits_used, 1, "12.6251");
}

#[test]
fn rule_12_6251_no_attack_chit_left() {
    let c = at_initiative(5);
    let a = chits(&c, "idle", "attack", "");
    votg()
        .args(["refit", c.path(), "--answers", &a])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("all 5 Attack chits"));
}

#[test]
fn c23_idle_day_says_what_votg_does_not_do() {
    let c = at_initiative(0);
    let a = chits(&c, "idle", "idle", "");
    // C23: after the Idle Day the run goes on to 12.614-12.625 for the next
    // CG Day (the CG Day loop), and stops at 12.621 for want of purchases.
    votg()
        .args(["refit", c.path(), "--answers", &a])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("Idle Day"))
        .stderr(predicate::str::contains("buy"));
    let s = c.state();
    assert_eq!(s.campaign.occasion, OccasionName::IdleDayLoop);
    assert_eq!(s.campaign.step.german, "12.621");
    let idle = s.campaign.days.iter().find(|d| d.date == 15).unwrap();
    assert_eq!(idle.scenario, None, "no scenario on an Idle Day");
    assert_eq!(s.campaign.date, 16, "12.614 ran: the next CG Day");
}

#[test]
fn rule_12_6253_dual_attack_drs() {
    let c = at_initiative(0);
    let a = chits(&c, "attack", "attack", "");
    let dice = c.file("d.txt", "2\n");
    votg()
        .args(["--dice-file", &dice, "refit", c.path(), "--answers", &a])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "Dual Attack: side setting up first",
        ));
    let s = c.state();
    let today = s.campaign.today().unwrap();
    assert_eq!(
        (today.sets_up_first, today.moves_first),
        (Some(Side::Russian), None),
        "dr 2 <= 3: Russians"
    );
    let dice = c.file("d2.txt", "5\n");
    votg()
        .args(["--dice-file", &dice, "refit", c.path()])
        .assert()
        .success();
    let s = c.state();
    assert_eq!(
        s.campaign.today().unwrap().moves_first,
        Some(Side::German),
        "dr 5: Germans move first"
    );
    assert_eq!(s.campaign.russian_attack_chits_used, 1);
}

#[test]
fn cgi_5_and_note_y_costs_after_the_initial_scenario() {
    // CG I, 16 Sep daytime: German armor at half cost FRU (note y); every
    // Infantry RG after the first in this 12.621 costs +2 (CGI-5).
    let c = later("I", 16, "12.621", 0);
    votg()
        .args(["buy", c.path(), "--side", "german", "A2", "I2", "I2"])
        .assert()
        .success();
    let s = c.state();
    let line = s.german.roster.current().unwrap();
    let paid: Vec<(&str, i64, i64)> = line
        .rgs
        .iter()
        .map(|b| (b.rg.as_str(), b.cpp, b.support_cpp))
        .collect();
    // A2: 5 halved FRU = 3, from Support CPP (4 -> 1). I2: 3. I2: 3 + 2 (CGI-5).
    assert_eq!(paid, vec![("A2", 0, 3), ("I2", 3, 0), ("I2", 5, 0)]);
    assert_eq!(line.date, 16, "bought on the 16 Sep line");
    // A1 (note m) is open from 16 Sep.
    votg()
        .args(["buy", c.path(), "--side", "german", "A1"])
        .assert()
        .success();
}

#[test]
fn rule_12_614_a_missing_roster_line_is_named() {
    let c = later("I", 16, "12.621", 0);
    c.edit(|s| {
        s.german.roster.lines.pop();
    });
    let a = c.file(
        "a.toml",
        "[german]\nbuy = []\nfortify = []\nrecon = 0\ninitiative = \"idle\"\n",
    );
    votg()
        .args(["refit", c.path(), "--answers", &a, "--side", "german"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("no line for 16 Sep"));
}

#[test]
fn rule_12_6254_night_doubles_russian_recon_and_makes_the_german_lax() {
    let c = at_initiative(0);
    edit(&c, |s| {
        for side in Side::BOTH {
            let l = s.line_mut(side);
            l.recon = Some(3);
            l.recon_cpp = 1;
        }
    });
    let a = chits(&c, "idle", "attack", "night = true\n");
    votg()
        .args(["refit", c.path(), "--answers", &a])
        .assert()
        .success();
    let s = c.state();
    assert_eq!(
        s.line(Side::Russian).recon,
        Some(6),
        "12.624: the Russian Final dr doubled at night"
    );
    assert_eq!(
        s.line(Side::German).recon,
        Some(2),
        "VotG25: the German is Lax at night (-1)"
    );
}

#[test]
fn rule_12_6253_counterattack_chits_are_automatic() {
    let c = at_initiative(0);
    edit(&c, |s| {
        s.campaign.occasion = OccasionName::BeforeCounterattack
    });
    // No initiative answers: the German is Idle, the Russian attacks (12.625 EXC).
    let a = c.file("a.toml", "");
    votg()
        .args(["refit", c.path(), "--answers", &a])
        .assert()
        .success()
        .stdout(predicate::str::contains("Russian Assault"));
    let s = c.state();
    assert_eq!(
        s.campaign.today().unwrap().scenario_type,
        Some(ScenarioType::RussianAssault)
    );
    assert_eq!(s.campaign.russian_attack_chits_used, 1);
}

#[test]
fn c23_idle_day_roster_lines_have_no_scenario() {
    let c = at_initiative(0);
    let a = chits(&c, "idle", "idle", "");
    // The run goes on to the next CG Day (C23) and stops at its 12.621.
    votg()
        .args(["refit", c.path(), "--answers", &a])
        .assert()
        .code(1);
    let s = c.state();
    let idle_line = |side| {
        s.side(side)
            .roster
            .lines
            .iter()
            .find(|l| l.date == 15)
            .unwrap()
            .scenario
    };
    assert_eq!(
        (idle_line(Side::German), idle_line(Side::Russian)),
        (None, None)
    );
}
