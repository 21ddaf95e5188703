//! 12.6214b Reserve RGs and the end of their status (READINGS.md C48): a
//! Reserve RG stays in the Force Organizer's "Reserve RG" box on its CG Day
//! of purchase only. At the end of that CG Day's scenario, or of that CG Day
//! when no scenario is played on it, its non-Dummy units are Retained "in
//! the normal manner but are no longer considered Reserves" (so they Battle
//! Harden in the RePh after the scenario), and its Dummy Cloaking counters
//! are removed.
//!
//! Each campaign is the README walkthrough (CG I, the 15 Sep Initial
//! Scenario set up) whose 15 Sep scenario the German wins; on 16 Sep he buys
//! an `I2 reserve` (Stösstruppe Pltn: 5-4-8 squads, elite, C28).

use crate::common::Camp;

/// A scenario won by the German; the RePh after it buys `german_buy`, with
/// the chits given and the German's other answers `german`.
fn played(german_buy: &str, german_chit: &str, russian_chit: &str, german: &str) -> String {
    format!(
        r#"
[scenario]
victor = "german"
cvp = {{ german = 0, russian = 0 }}

[german]
{german}
buy = [{german_buy}]
fortify = []
recon = 0
initiative = "{german_chit}"
f36 = false

[russian]
buy = []
fortify = []
recon = 0
initiative = "{russian_chit}"
night = false
"#
    )
}

/// The German's counters of the 16 Sep I2 (purchase row 16 and on), as
/// `votg force` gives them: (id, unit, box).
fn bought_i2(c: &Camp) -> Vec<(String, String, String)> {
    let first = c.force_json("german")["counters"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|x| x["rg"] == "I2")
        .filter_map(|x| x["rg_row"].as_u64())
        .max()
        .unwrap();
    c.force_json("german")["counters"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|x| x["rg_row"].as_u64() == Some(first))
        .map(|x| {
            let s = |k: &str| x[k].as_str().unwrap_or_default().to_string();
            (s("id"), s("unit"), s("box"))
        })
        .collect()
}

/// The walkthrough's 15 Sep scenario recorded and the RePh after it played
/// to the 16 Sep scenario's set-up, with an `I2 reserve` bought.
fn reserve_bought_for_16_sep() -> Camp {
    let c = Camp::sample("cg-i-walkthrough");
    c.refit(&[], &played("\"I2 reserve\"", "attack", "idle", ""), None)
        .success();
    c
}

/// Its CG Day of purchase, the Reserve lasts through the RePh to the
/// scenario's set-up (12.6214b: it sets up Cloaked); once the 16 Sep
/// scenario is recorded its squads, leader and SW are Retained, its Dummy
/// Cloaking counters gone, and at 12.612 its squads may Battle Harden (the
/// German MMC DR 1+1 -3, a scenario won this CG Day: two MMC; an elite
/// 5-4-8 becomes Fanatic for the next scenario, C16).
#[test]
fn rule_12_6214b_c48_a_reserve_rg_is_retained_at_the_end_of_its_scenario_and_battle_hardens() {
    let c = reserve_bought_for_16_sep();
    let before = bought_i2(&c);
    assert!(!before.is_empty());
    assert!(
        before.iter().all(|(_, _, place)| place == "reserve"),
        "a Reserve on its CG Day of purchase: {before:?}"
    );
    let dummies: Vec<&String> = before
        .iter()
        .filter(|(_, unit, _)| unit == "Dummy Cloaking counter")
        .map(|(id, _, _)| id)
        .collect();
    assert_eq!(dummies.len(), 2, "a Reserve Pltn: two (12.6214b)");
    let squads: Vec<String> = before
        .iter()
        .filter(|(_, unit, _)| unit == "5-4-8")
        .map(|(id, _, _)| id.clone())
        .collect();
    let harden = format!("harden = [\"{}\"]", squads[0]);
    let answers = played("", "attack", "idle", &harden);
    c.refit(&["--until", "12.612"], &answers, Some("1 1 6 6  6 6 6 6"))
        .success();
    let after = bought_i2(&c);
    assert!(
        after.iter().all(|(_, _, place)| place == "retained"),
        "no longer Reserves: {after:?}"
    );
    for id in dummies {
        assert!(after.iter().all(|(x, _, _)| x != id), "{id} removed");
    }
    assert!(
        c.rows("outcome")
            .iter()
            .any(|r| r.contains("no longer Reserves")),
        "{:#?}",
        c.rows("outcome")
    );
    let hardened = c.conditions("german", &squads[0]);
    assert!(
        hardened.iter().any(|x| x.contains("fanatic")),
        "{hardened:?}"
    );
    crate::common::votg()
        .args(["verify", c.path()])
        .assert()
        .success();
}

/// On 16 Sep both sides are Idle after the German bought an `I2 reserve`:
/// no scenario is played on its CG Day of purchase, so at the German's
/// first step of 17 Sep (12.615a) it is Retained and its Dummy Cloaking
/// counters are removed; the German's journal says so.
#[test]
fn rule_12_6214b_c48_a_reserve_rg_of_an_idle_day_is_retained_on_the_next_cg_day() {
    let c = Camp::sample("cg-i-walkthrough");
    let idle = played("\"I2 reserve\"", "idle", "idle", "");
    let to_17 = format!(
        "{idle}\n[german.day.\"17\"]\nbuy = []\ninitiative = \"attack\"\n[russian.day.\"17\"]\nbuy = []\n"
    );
    // Through the Idle Day to the 17 Sep scenario, set up.
    c.refit(&[], &to_17, None).success();
    let after = bought_i2(&c);
    assert!(!after.is_empty());
    assert!(
        after
            .iter()
            .all(|(_, unit, place)| place == "retained" && unit != "Dummy Cloaking counter"),
        "{after:?}"
    );
    let said = c.rows("Reserve RG");
    assert!(
        said.iter()
            .any(|r| r.contains("no longer Reserves") && r.contains("no scenario")),
        "{said:#?}"
    );
    crate::common::votg()
        .args(["verify", c.path()])
        .assert()
        .success();
}
