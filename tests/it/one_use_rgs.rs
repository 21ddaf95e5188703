//! RGs used once (German RG Chart notes t and b, Russian note m, CG10): a
//! Stuka RG is used on its CG Day of purchase or forfeit (an Idle Day
//! too); an Aerial Bombardment is Eliminated once resolved and stays
//! Retained while it cannot be (Night, Overcast, an Idle Date); a MOL
//! Capability is for the next CG scenario only. Each is said, on screen and
//! in the journal, where it went (12.615a, the first step of each side
//! after a scenario or an Idle Day).

use crate::common::Camp;

/// The walkthrough's answers (rosters/cg-i-walkthrough.answers.toml) with
/// a Stuka I and a Bombardment bought by the German and a MOL Capability by
/// the Russian for the CG I Initial Scenario.
fn initial_answers() -> String {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/rosters/cg-i-walkthrough.answers.toml"
    );
    std::fs::read_to_string(path)
        .unwrap()
        .replace("\"O1 prereg=1\"]", "\"O1 prereg=1\", \"S1\", \"B1\"]")
        .replace("\"M1\"]", "\"M1\", \"M3\"]")
}

/// A scenario won by the German; the RePh after it buys `german_buy`, with
/// the chits and Night answer given.
fn played(german_buy: &str, german_chit: &str, russian_chit: &str, night: bool) -> String {
    format!(
        r#"
[scenario]
victor = "german"
cvp = {{ german = 10, russian = 12 }}

[german]
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
night = {night}
"#
    )
}

const ATTACK: (&str, &str) = ("attack", "idle");

/// The counter an RG gave (`rg` in `votg force`), its box and what the
/// journal says became of it.
fn of_rg(c: &Camp, side: &str, rg: &str) -> (String, String) {
    let force = c.force_json(side);
    let x = force["counters"]
        .as_array()
        .unwrap()
        .iter()
        .find(|x| x["rg"] == rg)
        .unwrap_or_else(|| panic!("no {rg} counter"))
        .clone();
    let id = x["id"].as_str().unwrap().to_string();
    (id, x["box"].as_str().unwrap().to_string())
}

fn said_of(c: &Camp, id: &str) -> Vec<String> {
    c.rows("used once")
        .into_iter()
        .filter(|r| r.contains(&format!("{id} ")))
        .collect()
}

/// CG I with S1, B1 and M3 bought for the Initial Scenario (15 Sep, Clear,
/// by day), set up.
fn bought_for_the_initial_scenario() -> Camp {
    let c = Camp::new("I");
    c.refit(&[], &initial_answers(), None).success();
    for (side, rg) in [("german", "S1"), ("german", "B1"), ("russian", "M3")] {
        assert_eq!(of_rg(&c, side, rg).1, "retained", "{rg}");
    }
    c
}

#[test]
fn note_t_b_m_after_a_day_scenario_stuka_used_bombardment_and_mol_eliminated() {
    let c = bought_for_the_initial_scenario();
    c.refit(
        &["--until", "12.615a"],
        &played("", ATTACK.0, ATTACK.1, false),
        None,
    )
    .success()
    .stdout(predicates::str::contains("Stuka"));
    for (side, rg, says) in [
        ("german", "S1", "used on its CG Day of purchase"),
        ("german", "B1", "resolved"),
        ("russian", "M3", "next CG scenario"),
    ] {
        let (id, place) = of_rg(&c, side, rg);
        assert_eq!(place, "casualties", "{rg}");
        let rows = said_of(&c, &id);
        assert_eq!(rows.len(), 1, "{rg}: {rows:#?}");
        assert!(rows[0].contains(says), "{rg}: {rows:#?}");
    }
}

#[test]
fn note_t_a_stuka_bought_for_a_german_assault_lasts_through_its_counterattack() {
    // The Russian Counterattacks on 15 Sep (12.6253): the Stuka's CG Day
    // is not over; the Bombardment was resolved in the German Assault.
    let c = bought_for_the_initial_scenario();
    let answers = format!(
        "{}\n",
        played("", ATTACK.0, ATTACK.1, false)
            .replace("[scenario]\n", "[scenario]\ncounterattack = true\n")
    );
    c.refit(&["--until", "12.615a"], &answers, None).success();
    assert_eq!(of_rg(&c, "german", "S1").1, "retained");
    assert_eq!(of_rg(&c, "german", "B1").1, "casualties");
    // The Counterattack played and recorded: on 16 Sep the Stuka is gone.
    c.refit(&[], &answers.replace("counterattack = true\n", ""), None)
        .success();
    c.refit(
        &["--until", "12.615a"],
        &played("", ATTACK.0, ATTACK.1, false),
        None,
    )
    .success();
    let (id, place) = of_rg(&c, "german", "S1");
    assert_eq!(place, "casualties");
    assert_eq!(said_of(&c, &id).len(), 1);
}

#[test]
fn note_t_b_m_on_an_idle_day_the_stuka_is_forfeit_the_others_stay() {
    // The walkthrough played; on 16 Sep both sides are Idle after buying a
    // Stuka, a Bombardment and a MOL Capability: an Idle Day.
    let c = Camp::sample("cg-i-walkthrough");
    let idle = played("\"S1\", \"B1\"", "idle", "idle", false)
        .replace("[russian]\nbuy = []", "[russian]\nbuy = [\"M3\"]");
    let to_17 = format!(
        "{idle}\n[german.day.\"17\"]\nbuy = []\ninitiative = \"attack\"\n[russian.day.\"17\"]\nbuy = []\n"
    );
    // Through the Idle Day to the 17 Sep scenario, set up.
    c.refit(&[], &to_17, None).success();
    let (stuka, place) = of_rg(&c, "german", "S1");
    assert_eq!(place, "casualties");
    assert!(
        said_of(&c, &stuka)[0].contains("forfeit"),
        "{:#?}",
        said_of(&c, &stuka)
    );
    for (side, rg) in [("german", "B1"), ("russian", "M3")] {
        let (id, place) = of_rg(&c, side, rg);
        assert_eq!(place, "retained", "{rg}");
        let rows = said_of(&c, &id);
        assert!(rows.iter().any(|r| r.contains("Idle")), "{rg}: {rows:#?}");
    }
}

#[test]
fn note_b_a_bombardment_is_not_resolved_in_overcast_weather() {
    let c = Camp::sample("cg-i-walkthrough");
    let answers = played("\"B1\"", ATTACK.0, ATTACK.1, false);
    c.refit(&["--until", "12.619"], &answers, None).success();
    // 12.620 for 16 Sep: DR 2+2 = 4, Overcast (EC dr 3).
    c.refit(&["--until", "12.620"], &answers, Some("2 2 3"))
        .success();
    c.refit(&[], &answers, None).success();
    // The 16 Sep scenario played by day in Overcast weather.
    c.refit(&["--until", "12.615a"], &answers, None).success();
    let (id, place) = of_rg(&c, "german", "B1");
    assert_eq!(place, "retained");
    assert!(
        said_of(&c, &id)[0].contains("Overcast"),
        "{:#?}",
        said_of(&c, &id)
    );
}

#[test]
fn note_b_a_bombardment_is_never_resolved_in_a_night_scenario() {
    let c = Camp::sample("cg-i-walkthrough");
    // 16 Sep: the German Idle, the Russian attacks at Night.
    let answers = played("\"B1\"", "idle", "attack", true);
    c.refit(&[], &answers, None).success();
    c.refit(&["--until", "12.615a"], &answers, None).success();
    let (id, place) = of_rg(&c, "german", "B1");
    assert_eq!(place, "retained");
    assert!(
        said_of(&c, &id)[0].contains("Night"),
        "{:#?}",
        said_of(&c, &id)
    );
}
