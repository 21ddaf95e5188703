//! FT/DC removed from play (12.6154): Retained by their owner only if
//! removed by an Original effects DR <= 10, and never more DC (nor FT) than
//! the side's non-Isolated Assault Engineer squads. From the README
//! walkthrough (`rosters/cg-i-walkthrough`): the German has a FT (G-23) and
//! DC (G-24, G-29, G-42) and two Pionier 8-3-8 Assault Engineer squads
//! (G-21, G-22).

use crate::common::Camp;

fn record(outcome: &str) -> String {
    format!(
        r#"
[scenario]
victor = "german"
cvp = {{ german = 10, russian = 12 }}

[german]
f36 = false

{outcome}
"#
    )
}

/// The scenario recorded with `outcome`, run through 12.6154 (12.615g).
fn through_12_6154(outcome: &str) -> Camp {
    let c = Camp::sample("cg-i-walkthrough");
    c.refit(&["--until", "12.615g"], &record(outcome), None)
        .success();
    c
}

#[test]
fn rule_12_6154_original_effects_dr_10_retains_11_eliminates() {
    let c = through_12_6154(
        r#"
[german.outcome]
ft_dc_removed = ["G-23 = 10", "G-24 = 11"]
"#,
    );
    assert_eq!(c.box_of("german", "G-23"), "retained");
    assert!(
        c.conditions("german", "G-23").is_empty(),
        "{:?}",
        c.conditions("german", "G-23")
    );
    assert_eq!(c.box_of("german", "G-24"), "casualties");
    let rows = c.rows("FT/DC");
    assert!(
        rows.iter()
            .any(|r| r.contains("G-23") && r.contains("Retained")),
        "{rows:#?}"
    );
    assert!(
        rows.iter()
            .any(|r| r.contains("G-24") && r.contains("Eliminated")),
        "{rows:#?}"
    );
}

#[test]
fn rule_12_6154_no_more_dc_retained_than_assault_engineer_squads() {
    // Three DC removed by DR <= 10 and a FT: two Assault Engineer squads
    // Retain two DC (in Force order) and the FT (FT and DC capped apart).
    let c = through_12_6154(
        r#"
[german.outcome]
ft_dc_removed = ["G-24 = 3", "G-29 = 4", "G-42 = 5", "G-23 = 2"]
"#,
    );
    assert_eq!(c.box_of("german", "G-24"), "retained");
    assert_eq!(c.box_of("german", "G-29"), "retained");
    assert_eq!(c.box_of("german", "G-42"), "casualties");
    assert_eq!(c.box_of("german", "G-23"), "retained");
    let rows = c.rows("FT/DC");
    assert!(
        rows.iter()
            .any(|r| r.contains("G-42") && r.contains("2 non-Isolated Assault Engineer")),
        "{rows:#?}"
    );
}

#[test]
fn rule_12_6154_an_eliminated_or_isolated_assault_engineer_squad_does_not_count() {
    // G-21 Eliminated in play, G-22 Isolated: no squad counts, no DC kept.
    let c = through_12_6154(
        r#"
[german.outcome]
eliminated = ["G-21"]
ft_dc_removed = ["G-24 = 3"]

[[isolation.area]]
name = "pocket"
german = ["G-22"]
"#,
    );
    assert_eq!(c.box_of("german", "G-24"), "casualties");
    // One squad, one DC: the boundary where it is kept.
    let c = through_12_6154(
        r#"
[german.outcome]
eliminated = ["G-21"]
ft_dc_removed = ["G-24 = 3", "G-29 = 3"]
"#,
    );
    assert_eq!(c.box_of("german", "G-24"), "retained");
    assert_eq!(c.box_of("german", "G-29"), "casualties");
}
