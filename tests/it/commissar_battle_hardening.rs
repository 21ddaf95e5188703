//! Commissars on the Leader Battle Hardening table (12.6124, VotG22-23,
//! READINGS.md C41): the Russian 9-0 and 8+1 rows select Commissars, heroic
//! Commissars Battle Harden (a heroic 10-0 only loses his heroic status),
//! and "the next lowest-grade" leader is looked for down the table's rows,
//! Commissars and leaders alike.
//!
//! The campaign: CG I's Initial Scenario set up with every die a 3 (the
//! Russian has the leaders R-10 7-0, R-42 8-0, R-43 7-0 and the Commissars
//! R-30 10-0, R-56 9-0, R-57 8+1), won by the German, run to the end of
//! 12.612. Dice: the German's MMC and Leader DR (6 6 6 6: nothing), then
//! the Russian's MMC DR (6 6: none) and Leader DR (no DRM: he lost).

use crate::played::{condition, initial_with_faces, looks, refit};

fn run(russian_outcome: &str, dice: &str) -> crate::common::Camp {
    let c = initial_with_faces(3);
    let answers = format!(
        r#"
[scenario]
victor = "german"
cvp = {{ german = 0, russian = 0 }}

[russian.outcome]
{russian_outcome}
"#
    );
    refit(&c, "12.612", &answers, dice).success();
    c
}

fn unit_kind(c: &crate::common::Camp, id: &str) -> (String, String) {
    let (unit, kind, _) = looks(c, id);
    (unit, kind)
}

fn commissar(unit: &str) -> (String, String) {
    (unit.to_string(), "commissar".to_string())
}

fn leader(unit: &str) -> (String, String) {
    (unit.to_string(), "leader".to_string())
}

/// Russian DR 2+3 = 5: the 9-0 row (footnote *) selects the 9-0 Commissar
/// R-56, who becomes a 10-0 Commissar; the 8-0 R-42 is not touched.
#[test]
fn c41_russian_9_0_row_hardens_the_9_0_commissar_to_10_0_12_6124() {
    let c = run("", "6 6 6 6  6 6 2 3");
    assert_eq!(unit_kind(&c, "R-56"), commissar("10-0"));
    assert_eq!(unit_kind(&c, "R-42"), leader("8-0"));
}

/// Russian DR 4+4 = 8: the 8+1 row (footnote #) selects the 8+1 Commissar
/// R-57, who becomes a 9-0 Commissar; the 7-0s are not touched.
#[test]
fn c41_russian_8_plus_1_row_hardens_the_8_plus_1_commissar_to_9_0_12_6124() {
    let c = run("", "6 6 6 6  6 6 4 4");
    assert_eq!(unit_kind(&c, "R-57"), commissar("9-0"));
    assert_eq!(unit_kind(&c, "R-10"), leader("7-0"));
}

/// Russian DR 1+1 = 2: the 10-2 row; no 10-2, 9-2 or 9-1 is Retained, so
/// the next row down, 9-0, selects the 9-0 Commissar R-56. The 10-0
/// Commissar R-30 has no row of the table and is passed over.
#[test]
fn c41_next_lowest_grade_goes_down_the_rows_commissars_included_12_6124() {
    let c = run("", "6 6 6 6  6 6 1 1");
    assert_eq!(unit_kind(&c, "R-56"), commissar("10-0"));
    assert_eq!(unit_kind(&c, "R-30"), commissar("10-0"));
    assert_eq!(unit_kind(&c, "R-42"), leader("8-0"));
}

/// Russian DR 3+4 = 7: the 8-0 row; the only 8-0, R-42, is wounded (kept
/// at 12.611 on a dr of 1), so the next row down, 8+1, selects the 8+1
/// Commissar R-57 (a 9-0 Commissar after).
#[test]
fn c41_wounded_8_0_passes_to_the_8_plus_1_commissar_row_12_6124() {
    let c = run("wounded = [\"R-42\"]", "1  6 6 6 6  6 6 3 4");
    assert_eq!(unit_kind(&c, "R-42"), leader("8-0"));
    assert_eq!(unit_kind(&c, "R-57"), commissar("9-0"));
    assert_eq!(unit_kind(&c, "R-10"), leader("7-0"));
}

/// Heroic Commissars (12.6124, C41): the 10-0 R-30 loses his heroic status
/// with no other effect; the 9-0 R-56 and the 8+1 R-57 Battle Harden by the
/// footnotes and lose it. The Leader DR 6+6 = 12 (6+1 row) finds no leader.
#[test]
fn c41_heroic_commissars_lose_heroic_status_and_battle_harden_12_6124() {
    let c = run(
        "heroic = [\"R-30\", \"R-56\", \"R-57\"]",
        "6 6 6 6  6 6 6 6",
    );
    assert_eq!(unit_kind(&c, "R-30"), commissar("10-0"));
    assert_eq!(unit_kind(&c, "R-56"), commissar("10-0"));
    assert_eq!(unit_kind(&c, "R-57"), commissar("9-0"));
    for id in ["R-30", "R-56", "R-57"] {
        assert!(
            !condition(&c, id).contains("heroic"),
            "{id}: {}",
            condition(&c, id)
        );
    }
}
