//! Wrecks across CG Days (CG7, 12.6151d/f): a wreck stays on the map until
//! a Recovery dr succeeds; an Original 6 makes it a Burnt-Out Wreck, never
//! Retained; only a Recovered (Retained) wreck rolls for Wreck Repair. From
//! the README walkthrough (`rosters/cg-i-walkthrough`): the German's StuG
//! IIIG G-32 (of the StuG G Pltn, row 4, with G-31) is wrecked.

use crate::common::Camp;

const PLAYED: &str = r#"
[scenario]
victor = "german"
cvp = { german = 10, russian = 12 }

[german]
buy = []
fortify = []
recon = 0
initiative = "attack"
f36 = false

[russian]
buy = []
fortify = []
recon = 0
initiative = "idle"
"#;

/// The answers with G-32 wrecked, `german` added to the German's answers.
fn wrecked(german: &str) -> String {
    let answers = PLAYED.replace("f36 = false\n", &format!("f36 = false\n{german}\n"));
    format!("{answers}\n[german.outcome]\nwrecked = [\"G-32\"]\n")
}

/// The walkthrough's scenario recorded with G-32 wrecked; both sides stand
/// before 12.615d.
fn before_recovery(extra: &str) -> Camp {
    let c = Camp::sample("cg-i-walkthrough");
    c.refit(&["--until", "12.615a"], &wrecked(extra), None)
        .success();
    c
}

/// The German's 12.615d-f with `dice`.
fn german_recovery(c: &Camp, extra: &str, dice: &str) -> assert_cmd::assert::Assert {
    c.refit(
        &["--side", "german", "--until", "12.615d"],
        &wrecked(extra),
        Some(dice),
    )
}

#[test]
fn cg7_a_wreck_stays_on_the_map_not_in_the_retained_wreck_box() {
    let c = Camp::sample("cg-i-walkthrough");
    c.refit(&["--until", "12.608"], &wrecked(""), None)
        .success();
    assert_eq!(c.box_of("german", "G-32"), "left-on-map");
    assert!(
        c.conditions("german", "G-32")
            .contains(&"wreck".to_string())
    );
    let rows = c.rows("left on map");
    assert!(rows.iter().any(|r| r.contains("G-32")), "{rows:#?}");
}

#[test]
fn rule_12_6151d_f_a_recovered_wreck_rolls_wreck_repair() {
    let c = before_recovery("");
    // Recovery 5, -2 in the friendly Perimeter = 3 <= 4: Recovered;
    // Wreck Repair 3, -1 German = 2 <= 2: Repaired.
    german_recovery(&c, "", "5 3").success();
    assert_eq!(c.rows("Recovery of G-32").len(), 1);
    assert_eq!(c.rows("Wreck Repair of G-32").len(), 1);
    assert_eq!(c.box_of("german", "G-32"), "retained");
    assert!(
        !c.conditions("german", "G-32")
            .contains(&"wreck".to_string())
    );
}

#[test]
fn rule_12_6151d_recovery_boundary_4_recovered_5_not() {
    let outside = "outside_perimeter = [\"G-32\"]";
    // No Perimeter drm: 4 is Recovered (Wreck Repair 4 - 1 = 3: no change,
    // so it stays a Retained Wreck with a -1 Labor counter).
    let c = before_recovery("");
    german_recovery(&c, outside, "4 4").success();
    assert_eq!(c.box_of("german", "G-32"), "retained-wreck");
    assert_eq!(c.rows("Wreck Repair of G-32").len(), 1);
    // 5: unsuccessful, it stays on the map and rolls no Wreck Repair.
    let c = before_recovery("");
    german_recovery(&c, outside, "5 4").success();
    assert_eq!(c.box_of("german", "G-32"), "left-on-map");
    assert!(c.rows("Wreck Repair of G-32").is_empty());
}

#[test]
fn rule_12_6151d_original_6_is_a_burnt_out_wreck_never_retained() {
    let c = before_recovery("");
    // 6 - 2 = 4 would be Recovered, but an Original 6 burns it out.
    german_recovery(&c, "", "6 1").success();
    assert_eq!(c.box_of("german", "G-32"), "casualties");
    assert!(c.rows("Wreck Repair of G-32").is_empty());
    let rows = c.rows("AFV/Wreck Recovery");
    assert!(
        rows.iter()
            .any(|r| r.contains("G-32") && r.contains("Burnt-Out Wreck")),
        "{rows:#?}"
    );
}

#[test]
fn cg7_an_unrecovered_wreck_waits_on_the_map_for_the_next_reph() {
    let c = before_recovery("");
    // No Perimeter drm, a 5: unsuccessful, the wreck stays on the map.
    german_recovery(&c, "outside_perimeter = [\"G-32\"]", "5").success();
    assert_eq!(c.box_of("german", "G-32"), "left-on-map");
    // Its Pltn is Redeployed (6): the wreck is no AFV of it and stays.
    c.refit(
        &["--side", "german", "--until", "12.616"],
        PLAYED,
        Some("6 1"),
    )
    .success();
    assert_eq!(c.box_of("german", "G-31"), "redeployed-afv");
    assert_eq!(c.box_of("german", "G-32"), "left-on-map");
    // The RePh and the next scenario played: in the next 12.615d the
    // wreck is rolled for again, Recovered (1 - 2) and Repaired (1 - 1).
    c.refit(&[], PLAYED, None).success();
    c.refit(&["--until", "12.615a"], PLAYED, None).success();
    c.refit(
        &["--side", "german", "--until", "12.615d"],
        PLAYED,
        Some("1 1"),
    )
    .success();
    assert_eq!(c.rows("Recovery of G-32").len(), 2);
    assert_eq!(c.box_of("german", "G-32"), "retained");
}

/// 12.6069, 12.6151d: a Wreck is no unit and may lie outside its side's
/// Perimeter Area; the players say so at 12.606 (`isolation.outside`), it
/// is marked, and its Recovery has no -2 for the friendly Perimeter. Not
/// reported, it has the -2 without a question.
#[test]
fn rule_12_6151d_a_wreck_reported_outside_the_perimeter_at_12_606_gets_no_minus_2() {
    let outside = "\n[isolation]\noutside = [\"G-32\"]\n";
    let c = Camp::sample("cg-i-walkthrough");
    c.refit(&["--until", "12.615a"], &(wrecked("") + outside), None)
        .success();
    assert!(
        c.conditions("german", "G-32")
            .contains(&"outside-perimeter".to_string()),
        "{:?}",
        c.conditions("german", "G-32")
    );
    german_recovery(&c, outside, "3 3").success();
    let row = c.rows("Recovery of G-32");
    assert_eq!(row.len(), 1, "{row:?}");
    let log = c.log();
    let roll = log
        .iter()
        .find(|r| {
            r["What"]
                .as_str()
                .is_some_and(|w| w.contains("Recovery of G-32"))
        })
        .unwrap();
    assert!(
        !roll["DRM"].as_str().unwrap_or("").contains("Perimeter"),
        "{roll}"
    );
    let c = before_recovery("");
    german_recovery(&c, "", "3 3").success();
    let log = c.log();
    let roll = log
        .iter()
        .find(|r| {
            r["What"]
                .as_str()
                .is_some_and(|w| w.contains("Recovery of G-32"))
        })
        .unwrap();
    assert!(
        roll["DRM"].as_str().unwrap_or("").contains("Perimeter"),
        "{roll}"
    );
}

/// The DRM column of the German's Wreck Repair roll of G-32.
fn wreck_repair_drms(c: &Camp) -> String {
    let rows: Vec<String> = c
        .log()
        .iter()
        .filter(|r| {
            r["What"]
                .as_str()
                .unwrap_or_default()
                .contains("Wreck Repair of G-32")
        })
        .map(|r| r["DRM"].as_str().unwrap_or_default().to_string())
        .collect();
    assert_eq!(rows.len(), 1, "{rows:?}");
    rows[0].clone()
}

/// 12.6151f's +1 "if partially armored (D1.22)" is a fact of the vehicle
/// (German Vehicle Note 88.1 †: the SdKfz 10/5), in the table's data: a
/// StuG IIIG wreck never gets it, an SdKfz 10/5 wreck always does, and
/// neither is asked (it was a question, none by default).
#[test]
fn rule_12_6151f_partially_armored_is_the_vehicles_own_fact_not_a_question() {
    let c = before_recovery("");
    german_recovery(&c, "", "5 3").success();
    assert!(!wreck_repair_drms(&c).contains("artially armored"));

    let c = before_recovery("");
    c.edit(|s| {
        let g32 = s.german.force.get_mut("G-32".parse().unwrap());
        g32.unwrap().unit = "Sdkfz 10/5".into();
    });
    german_recovery(&c, "", "5 3").success();
    let drms = wreck_repair_drms(&c);
    assert!(drms.contains("+1 Partially armored (D1.22)"), "{drms}");
    assert!(drms.contains("-1 German"), "{drms}");
}
