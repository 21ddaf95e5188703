//! `votg status` of a campaign over: the last scenario named by the CG Day
//! it was played on, not the last CG Day of the CG (Idle Days, READINGS.md C23).

use crate::common::votg;
use crate::play::*;
use predicates::prelude::*;

/// C23: CG I's Initial Scenario (15 Sep) recorded, then both sides Idle on
/// every CG Day to 22 Sep, when the CG ends. `status` says scenario 1 was
/// played on 15 Sep (it said scenario 2 on 22 Sep, the last Idle Day).
#[test]
fn c23_status_names_the_day_the_last_scenario_was_played_after_idle_days() {
    let c = initial("I", NOTHING, NOTHING);
    let idle = format!("{NOTHING}initiative = \"idle\"\n");
    refit(
        &c,
        &format!(
            "{}[german]\n{idle}f36 = false\n[russian]\n{idle}",
            scenario("german", 0, 0, false)
        ),
        3,
    )
    .success()
    .stdout(predicate::str::contains("The campaign is over"));
    votg()
        .args(["status", c.path()])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "Its last scenario, 1, was played on 15 Sep.",
        ))
        .stdout(predicate::str::contains("22 Sep.\n").not());
}

/// 12.6: once a scenario is recorded, `status` says the Refit Phase after
/// it is under way (it said "Preparing scenario 1", the scenario just
/// played); before it is recorded, the scenario is being prepared.
#[test]
fn rule_12_6_status_names_the_refit_phase_after_a_recorded_scenario() {
    let c = crate::common::Camp::sample("cg-i-aftermath");
    votg()
        .args(["status", c.path()])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "Refit Phase after scenario 1, played on 15 Sep",
        ))
        .stdout(predicate::str::contains("Preparing scenario 1").not());
    let c = crate::common::Camp::sample("cg-i-walkthrough");
    votg()
        .args(["status", c.path()])
        .assert()
        .success()
        .stdout(predicate::str::contains("Preparing scenario 1 on 15 Sep"));
}

/// 12.6254: a Russian Night Counterattack is played on its CG Day, in that
/// CG Day's Weather and EC (12.619 is skipped): `status` shows them on the
/// Night scenario's line (it showed "—, —").
#[test]
fn status_shows_a_night_counterattacks_weather_as_its_cg_days() {
    use crate::scripted::Script;
    let c = crate::common::Camp::new("I");
    for name in [
        "00-15sep-initial",
        "01-15sep-german-assault",
        "02-15sep-night-counterattack",
    ] {
        Script::load("whole-cg-i", name).rest(&c);
    }
    let out = votg().args(["status", c.path()]).output().unwrap();
    let shown = String::from_utf8_lossy(&out.stdout);
    let line = |night: bool| {
        shown
            .lines()
            .find(|l| l.contains("15/9") && l.contains("15/9 N") == night)
            .unwrap_or_else(|| panic!("no line of 15/9 (night {night}):\n{shown}"))
            .to_string()
    };
    let night = line(true);
    assert!(!night.contains("—, —"), "{shown}");
    // Weather and EC (the wind is each scenario's own).
    let sky = |l: &str| {
        let cell = l.split(['│', '┆']).nth(3).unwrap_or("");
        cell.split(';').next().unwrap_or("").trim().to_string()
    };
    assert_eq!(sky(&night), sky(&line(false)), "{shown}");
}

/// 12.51 at 12.614 after an Idle Day: nothing was played, so the F36
/// Control last recorded (with 15 Sep's scenario: the German's) stands and
/// is not asked again (it was asked, and left out it was No). With it and
/// 80 Stone Hexes the Germans win at the end of the 16 Sep Idle Day.
#[test]
fn rule_12_51_on_an_idle_day_the_last_f36_control_stands() {
    let c = initial("I", NOTHING, NOTHING);
    let idle = format!("{NOTHING}initiative = \"idle\"\n");
    refit(
        &c,
        &format!(
            "{}[german]\n{idle}[german.day.\"15\"]\nf36 = true\n[german.day.\"16\"]\ngerman_stone_hexes = 80\n[russian]\n{idle}",
            scenario("german", 0, 0, false)
        ),
        3,
    )
    .success()
    .stdout(predicate::str::contains(
        "The campaign is over: the Germans won at the end of the 16 Sep CG Day",
    ));
}
