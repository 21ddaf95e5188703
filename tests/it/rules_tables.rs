//! Every dice table against the printed rules: each row boundary from both
//! sides, the open ends, every listed DRM and every footnote that fires on an
//! Original roll. The expected values are typed here from the rules text, not
//! read from `tables/`, so a transcription error fails a test.

use votg::model::drm::Drm;
use votg::rules::dice::{DiceKind, Roll};
use votg::rules::odds;
use votg::rules::table::DiceTable;
use votg::rules::tables::{DICE_TABLE_IDS, Tables};

fn tables() -> Tables {
    Tables::embedded().expect("built-in tables load")
}

/// The row's `key`, else its `value`, else its wording.
fn answer(t: &DiceTable, column: &str, final_result: i32) -> String {
    let c = t
        .column(column)
        .unwrap_or_else(|| panic!("{} has column {column}", t.id));
    let row = c.row_for(final_result);
    row.key
        .clone()
        .or_else(|| row.value.map(|v| v.to_string()))
        .unwrap_or_else(|| row.result.clone())
}

/// `expected` lists (Final result, answer) pairs; include both sides of every
/// boundary and values far beyond the open ends.
fn check(id: &str, column: &str, expected: &[(i32, &str)]) {
    let all = tables();
    let t = all.dice_table(id).unwrap();
    for (n, want) in expected {
        assert_eq!(answer(t, column, *n), *want, "{id} [{column}] Final {n}");
    }
}

fn dice(id: &str) -> DiceKind {
    tables().dice_table(id).unwrap().dice
}

/// The fixed value of the DRM whose reason contains `reason`.
fn drm(id: &str, reason: &str) -> Option<i32> {
    let all = tables();
    let t = all.dice_table(id).unwrap();
    let d = t
        .drms
        .iter()
        .find(|d| d.reason.to_lowercase().contains(&reason.to_lowercase()))
        .unwrap_or_else(|| panic!("{id} lists a DRM `{reason}`"));
    d.value
}

fn listed(id: &str, reason: &str) -> String {
    let all = tables();
    let t = all.dice_table(id).unwrap();
    t.drms
        .iter()
        .find(|d| d.reason.to_lowercase().contains(&reason.to_lowercase()))
        .unwrap_or_else(|| panic!("{id} lists a DRM `{reason}`"))
        .drm
        .clone()
}

/// The footnote marks that fire for `dice` with a DRM total of `drm`.
fn fired(id: &str, column: &str, faces: &[u8], drm: i32) -> Vec<String> {
    let all = tables();
    let t = all.dice_table(id).unwrap();
    let c = t.column(column).unwrap();
    let drms = if drm == 0 {
        vec![]
    } else {
        vec![Drm::new(drm, "test", "")]
    };
    t.resolve(c, &Roll::new(faces.to_vec()), &drms)
        .notes
        .iter()
        .map(|f| f.mark.clone())
        .collect()
}

fn only_column(id: &str) -> String {
    tables().dice_table(id).unwrap().columns[0].id.clone()
}

#[test]
fn design_4_every_table_id_is_present() {
    let all = tables();
    for id in DICE_TABLE_IDS {
        assert!(all.dice.contains_key(*id), "{id}");
    }
    assert_eq!(all.dice.len(), DICE_TABLE_IDS.len(), "no extra dice tables");
}

#[test]
fn odds_of_every_column_sum_to_one_for_any_drm() {
    let all = tables();
    for t in all.dice.values() {
        for c in &t.columns {
            for drm in -8..=8 {
                let ways: u32 = odds::column_odds(t.dice, c, drm)
                    .iter()
                    .map(|x| x.ways)
                    .sum();
                assert_eq!(
                    ways,
                    odds::denominator(t.dice),
                    "{} {} drm {drm}",
                    t.id,
                    c.id
                );
            }
        }
    }
}

#[test]
fn odds_escape_infantry_exact() {
    let all = tables();
    let t = all.dice_table("escape").unwrap();
    let c = t.column("infantry").unwrap();
    // No DRM: ≤8 = 26/36, 9 = 4/36, 10 = 3/36, 11 = 2/36, ≥12 = 1/36.
    let ways: Vec<u32> = odds::column_odds(t.dice, c, 0)
        .iter()
        .map(|x| x.ways)
        .collect();
    assert_eq!(ways, vec![26, 4, 3, 2, 1]);
    // +2 Encircled: ≤8 needs Original ≤6 = 15/36.
    assert_eq!(odds::column_odds(t.dice, c, 2)[0].ways, 15);
}

#[test]
fn odds_cpp_replenishment_dr_at_most_four_is_six_in_36() {
    let all = tables();
    let t = all.dice_table("cpp-replenishment").unwrap();
    let c = &t.columns[0];
    let w = odds::column_odds(t.dice, c, 0);
    // ≤ 2: 1/36; 3-4: 5/36 — together P(DR ≤ 4) = 6/36.
    assert_eq!(w[0].ways + w[1].ways, 6);
    assert_eq!(w[6].ways, 0, "≥ 13 impossible without DRM");
    assert_eq!(
        odds::column_odds(t.dice, c, 1)[6].ways,
        1,
        "≥ 13 on a 12 with +1"
    );
}

#[test]
fn rule_12_6073_escape_table_rows() {
    assert_eq!(dice("escape"), DiceKind::TwoDice);
    check(
        "escape",
        "infantry",
        &[
            (-3, "escapes"),
            (8, "escapes"),
            (9, "escapes-replaced"),
            (10, "escapes-casualty-reduced"),
            (11, "escapes-replaced-casualty-reduced"),
            (12, "eliminated"),
            (20, "eliminated"),
        ],
    );
    check(
        "escape",
        "afv",
        &[
            (0, "escapes"),
            (9, "escapes"),
            (10, "abandoned-crew-escapes"),
            (11, "abandoned-crew-eliminated"),
            (12, "eliminated"),
            (16, "eliminated"),
        ],
    );
}

#[test]
fn rule_12_6073_escape_drms() {
    assert_eq!(drm("escape", "If Russian"), Some(-1));
    assert_eq!(drm("escape", "lone, unwounded SMC"), Some(-1));
    assert_eq!(drm("escape", "<= 2 hexes"), Some(-1));
    assert_eq!(drm("escape", "adjacent to Friendly"), Some(-1));
    assert_eq!(drm("escape", "HS equivalency"), Some(1));
    assert_eq!(drm("escape", "PP >= IPC"), Some(1));
    assert_eq!(drm("escape", "Encircled"), Some(2));
    assert_eq!(drm("escape", "Captured AFV"), Some(2));
    assert_eq!(listed("escape", "Leader/Heroic"), "+x");
    // The starred DRMs are NA to AFV.
    let all = tables();
    let t = all.dice_table("escape").unwrap();
    for reason in ["If Russian", "HS equivalency", "Encircled"] {
        let d = t.drms.iter().find(|d| d.reason.contains(reason)).unwrap();
        assert!(
            !d.applies_to("afv") && d.applies_to("infantry"),
            "{reason} is NA to AFV"
        );
    }
}

#[test]
fn rule_12_6073_escape_footnote_1_original_2() {
    // An Original 2 always Escapes with Heat of Battle, whatever the DRM.
    assert!(fired("escape", "infantry", &[1, 1], 0).contains(&"1".to_string()));
    assert!(fired("escape", "infantry", &[1, 1], 9).contains(&"1".to_string()));
    assert!(!fired("escape", "infantry", &[1, 2], 0).contains(&"1".to_string()));
    // Footnotes 2 and 3 fire with the Replaced result.
    let notes = fired("escape", "infantry", &[4, 5], 0);
    assert!(notes.contains(&"2".to_string()) && notes.contains(&"3".to_string()));
    // Footnote 4 with an Abandoned AFV.
    assert!(fired("escape", "afv", &[5, 5], 0).contains(&"4".to_string()));
}

#[test]
fn rule_12_6104_non_factory_building_table() {
    assert_eq!(dice("non-factory-building"), DiceKind::OneDie);
    let c = only_column("non-factory-building");
    check(
        "non-factory-building",
        &c,
        &[(1, "gutted"), (4, "gutted"), (5, "rubbled"), (8, "rubbled")],
    );
    assert_eq!(drm("non-factory-building", "single-hex"), Some(2));
}

#[test]
fn rule_12_6123_mmc_battle_hardening_table() {
    let c = only_column("mmc-battle-hardening");
    check(
        "mmc-battle-hardening",
        &c,
        &[
            (-9, "5"),
            (-1, "5"),
            (0, "4"),
            (1, "3"),
            (2, "2"),
            (3, "2"),
            (4, "1"),
            (5, "1"),
            (6, "none"),
            (12, "none"),
        ],
    );
    assert_eq!(drm("mmc-battle-hardening", "won"), Some(-3));
    assert_eq!(drm("mmc-battle-hardening", "Russian"), Some(-1));
    assert_eq!(drm("mmc-battle-hardening", "20 CVP"), Some(-1));
}

#[test]
fn rule_12_6124_leader_battle_hardening_table() {
    check(
        "leader-battle-hardening",
        "german",
        &[
            (0, "10-2"),
            (2, "10-2"),
            (3, "9-2"),
            (4, "9-1"),
            (5, "8-1"),
            (6, "8-0"),
            (7, "8-0"),
            (8, "7-0"),
            (9, "7-0"),
            (10, "6+1"),
            (12, "6+1"),
        ],
    );
    check(
        "leader-battle-hardening",
        "russian",
        &[
            (2, "10-2"),
            (3, "9-2"),
            (4, "9-1"),
            (5, "9-0"),
            (6, "8-1"),
            (7, "8-0"),
            (8, "8+1"),
            (9, "7-0"),
            (10, "7-0"),
            (11, "6+1"),
            (12, "6+1"),
        ],
    );
    assert_eq!(drm("leader-battle-hardening", "won"), Some(-2));
}

#[test]
fn rule_12_6124_leader_battle_hardening_footnotes_fix_the_result() {
    // 9-0 -> 10-0 (*), 8-1 -> 9-1 (†), 8+1 -> 9-0 (#), 7-0 -> 8-0 (‡).
    assert_eq!(
        fired("leader-battle-hardening", "russian", &[2, 3], 0),
        vec!["*"]
    );
    assert_eq!(
        fired("leader-battle-hardening", "german", &[2, 3], 0),
        vec!["†"]
    );
    assert_eq!(
        fired("leader-battle-hardening", "russian", &[4, 4], 0),
        vec!["#"]
    );
    assert_eq!(
        fired("leader-battle-hardening", "german", &[4, 4], 0),
        vec!["‡"]
    );
}

#[test]
fn rule_12_611_wounded_leader() {
    let c = only_column("wounded-leader");
    check(
        "wounded-leader",
        &c,
        &[
            (1, "retained"),
            (2, "retained"),
            (3, "eliminated"),
            (7, "eliminated"),
        ],
    );
    assert_eq!(drm("wounded-leader", "Isolated"), Some(1));
}

#[test]
fn rule_12_6142_san_adjustment() {
    let c = only_column("san-adjustment");
    check(
        "san-adjustment",
        &c,
        &[
            (1, "no-change"),
            (4, "no-change"),
            (5, "reduced"),
            (9, "reduced"),
        ],
    );
    assert_eq!(listed("san-adjustment", "SAN minus 4"), "+x");
}

#[test]
fn rule_12_6143_booby_trap_deactivation_original_six() {
    let all = tables();
    let t = all.dice_table("booby-trap-deactivation").unwrap();
    assert!(t.no_drm, "an Original dr of six: no drm");
    let c = only_column("booby-trap-deactivation");
    check(
        "booby-trap-deactivation",
        &c,
        &[(5, "no-effect"), (6, "level-decreases")],
    );
    assert_eq!(fired("booby-trap-deactivation", &c, &[6], 0).len(), 1);
    assert!(fired("booby-trap-deactivation", &c, &[5], 0).is_empty());
}

#[test]
fn rule_12_6151d_afv_wreck_recovery() {
    let c = only_column("afv-wreck-recovery");
    check(
        "afv-wreck-recovery",
        &c,
        &[
            (-1, "recovered"),
            (4, "recovered"),
            (5, "unsuccessful"),
            (10, "unsuccessful"),
        ],
    );
    assert_eq!(drm("afv-wreck-recovery", "If Isolated"), Some(2));
    assert_eq!(drm("afv-wreck-recovery", "friendly Perimeter"), Some(-2));
    assert_eq!(drm("afv-wreck-recovery", "Dug-In"), Some(2));
    // † An Original 6: the Wreck is unrecoverable (Burnt-Out Wreck), even at -2.
    assert!(fired("afv-wreck-recovery", &c, &[6], -2).contains(&"†".to_string()));
    assert!(!fired("afv-wreck-recovery", &c, &[5], 2).contains(&"†".to_string()));
}

#[test]
fn rule_12_6151e_immobilization_removal() {
    let c = only_column("immobilization-removal");
    check(
        "immobilization-removal",
        &c,
        &[
            (0, "mobile"),
            (2, "mobile"),
            (3, "no-change"),
            (9, "no-change"),
        ],
    );
    assert_eq!(drm("immobilization-removal", "Non-Qualified"), Some(1));
    assert_eq!(drm("immobilization-removal", "Inexperienced"), Some(1));
    assert_eq!(listed("immobilization-removal", "Labor"), "-1/-2");
    assert_eq!(listed("immobilization-removal", "armor leader"), "+x");
}

#[test]
fn rule_12_6151f_wreck_repair_original_six() {
    let c = only_column("wreck-repair");
    check(
        "wreck-repair",
        &c,
        &[
            (1, "repaired"),
            (2, "repaired"),
            (3, "no-change"),
            (7, "no-change"),
        ],
    );
    assert_eq!(drm("wreck-repair", "German"), Some(-1));
    assert_eq!(drm("wreck-repair", "partially armored"), Some(1));
    assert!(fired("wreck-repair", &c, &[6], -3).contains(&"†".to_string()));
    assert!(!fired("wreck-repair", &c, &[5], 0).contains(&"†".to_string()));
}

#[test]
fn rule_12_6152_weapon_repair() {
    let c = only_column("weapon-repair");
    check(
        "weapon-repair",
        &c,
        &[
            (-2, "repaired"),
            (1, "repaired"),
            (2, "eliminated"),
            (8, "eliminated"),
        ],
    );
    assert_eq!(drm("weapon-repair", "Vehicular"), Some(-2));
    assert_eq!(drm("weapon-repair", "Russian MG/ATR"), Some(-1));
    assert_eq!(drm("weapon-repair", "Non-Qualified"), Some(1));
    assert_eq!(drm("weapon-repair", "Isolated"), Some(1));
}

#[test]
fn rule_12_6155_captured_weapon() {
    let c = only_column("captured-weapon");
    check(
        "captured-weapon",
        &c,
        &[
            (1, "retained"),
            (2, "retained"),
            (3, "eliminated"),
            (6, "eliminated"),
        ],
    );
}

#[test]
fn rule_12_6162_afv_platoon_redeployment() {
    let c = only_column("afv-platoon-redeployment");
    check(
        "afv-platoon-redeployment",
        &c,
        &[
            (0, "retained"),
            (5, "retained"),
            (6, "removed"),
            (9, "removed"),
        ],
    );
    assert_eq!(drm("afv-platoon-redeployment", "win:loss"), Some(-1));
    assert_eq!(drm("afv-platoon-redeployment", "25 September"), Some(2));
    assert_eq!(listed("afv-platoon-redeployment", "Historical"), "±x");
}

#[test]
fn rule_12_617_fortification_removal_original_six() {
    let c = only_column("fortification-removal");
    check(
        "fortification-removal",
        &c,
        &[
            (0, "eliminated"),
            (3, "eliminated"),
            (4, "no-effect"),
            (9, "no-effect"),
        ],
    );
    assert_eq!(
        drm("fortification-removal", "Wire/minefield/Entrenchment is in"),
        Some(2)
    );
    assert_eq!(
        drm("fortification-removal", "Roadblock is along a hexside of"),
        Some(2)
    );
    assert_eq!(drm("fortification-removal", "ADJACENT"), Some(1));
    assert_eq!(
        drm("fortification-removal", "Roadblock is not along"),
        Some(1)
    );
    assert_eq!(drm("fortification-removal", "Assault Engineer"), Some(-1));
    assert!(fired("fortification-removal", &c, &[6], -1).contains(&"†".to_string()));
    assert!(fired("fortification-removal", &c, &[2], 0).contains(&"*".to_string()));
}

#[test]
fn rule_12_618_cpp_replenishment() {
    let c = only_column("cpp-replenishment");
    check(
        "cpp-replenishment",
        &c,
        &[
            (-1, "20"),
            (2, "20"),
            (3, "19"),
            (4, "19"),
            (5, "18"),
            (6, "18"),
            (7, "17"),
            (8, "17"),
            (9, "16"),
            (10, "16"),
            (11, "15"),
            (12, "15"),
            (13, "14"),
            (19, "14"),
        ],
    );
    assert_eq!(drm("cpp-replenishment", "Attack"), Some(1));
    assert_eq!(drm("cpp-replenishment", "20 Casualty VP"), Some(-1));
    assert_eq!(listed("cpp-replenishment", "Historical"), "±x");
    assert_eq!(listed("cpp-replenishment", "Balance"), "-y");
}

#[test]
fn rule_12_619_elr_loss_gain() {
    let c = only_column("elr-loss-gain");
    check(
        "elr-loss-gain",
        &c,
        &[
            (-4, "gain"),
            (2, "gain"),
            (3, "no-change"),
            (12, "no-change"),
            (13, "loss"),
            (18, "loss"),
        ],
    );
    assert_eq!(drm("elr-loss-gain", "scenario won"), Some(-1));
    assert_eq!(drm("elr-loss-gain", "Idle Day"), Some(-2));
    assert_eq!(drm("elr-loss-gain", "elite Infantry Coy"), Some(-2));
    assert_eq!(drm("elr-loss-gain", "two (FRU)"), Some(-1));
    assert_eq!(drm("elr-loss-gain", "first-line"), Some(-1));
    assert_eq!(drm("elr-loss-gain", "Attack chit"), Some(1));
    assert_eq!(drm("elr-loss-gain", "Per scenario completed"), Some(2));
    assert_eq!(drm("elr-loss-gain", "Night scenario"), Some(1));
    assert_eq!(listed("elr-loss-gain", "Historical"), "±x");
}

#[test]
fn rule_12_620_weather_and_ec() {
    let w = only_column("weather");
    check(
        "weather",
        &w,
        &[
            (1, "fog-mist"),
            (2, "fog-mist"),
            (3, "overcast"),
            (4, "overcast"),
            (5, "clear"),
            (9, "clear"),
            (10, "clear-gusty"),
        ],
    );
    assert_eq!(drm("weather", "Overcast"), Some(-1));
    assert_eq!(dice("ec"), DiceKind::OneDie);
    let e = only_column("ec");
    check(
        "ec",
        &e,
        &[
            (-2, "wet"),
            (0, "wet"),
            (1, "moist"),
            (2, "moderate"),
            (3, "moderate"),
            (4, "dry"),
            (7, "dry"),
        ],
    );
    assert_eq!(drm("ec", "Overcast"), Some(-3));
    assert_eq!(drm("ec", "Fog/Mist"), Some(-1));
    assert_eq!(drm("ec", "Dry EC"), Some(1));
}

#[test]
fn rule_12_6221_infantry_coy_strength() {
    let c = only_column("infantry-coy-strength");
    check(
        "infantry-coy-strength",
        &c,
        &[
            (-1, "RS"),
            (2, "RS"),
            (3, "FS"),
            (6, "FS"),
            (7, "LD"),
            (8, "LD"),
            (9, "MD"),
            (10, "MD"),
            (11, "HD"),
            (20, "HD"),
        ],
    );
    assert_eq!(listed("infantry-coy-strength", "Historical"), "±x");
    assert_eq!(listed("infantry-coy-strength", "Balance"), "-y");
    // † ELR Replacement on Lightly and Heavily Depleted only.
    assert_eq!(fired("infantry-coy-strength", &c, &[3, 4], 0), vec!["†"]);
    assert!(fired("infantry-coy-strength", &c, &[4, 5], 0).is_empty());
    assert_eq!(fired("infantry-coy-strength", &c, &[5, 6], 0), vec!["†"]);
}

#[test]
fn rule_12_6221_platoon_strength() {
    let c = only_column("platoon-strength");
    check(
        "platoon-strength",
        &c,
        &[(0, "F"), (8, "F"), (9, "D"), (15, "D")],
    );
}

#[test]
fn rule_12_6222_depleted_sw() {
    let c = only_column("depleted-sw");
    check(
        "depleted-sw",
        &c,
        &[
            (1, "received"),
            (4, "received"),
            (5, "forfeit"),
            (8, "forfeit"),
        ],
    );
    assert_eq!(drm("depleted-sw", "Moderately"), Some(1));
    assert_eq!(drm("depleted-sw", "Heavily"), Some(2));
}

#[test]
fn rule_12_6223_hw_weapon_original_three() {
    let all = tables();
    assert!(
        all.dice_table("hw-weapon").unwrap().no_drm,
        "an Original dr"
    );
    let c = only_column("hw-weapon");
    check(
        "hw-weapon",
        &c,
        &[
            (1, "received"),
            (3, "received"),
            (4, "forfeit"),
            (6, "forfeit"),
        ],
    );
    for face in 1..=3 {
        assert!(
            !fired("hw-weapon", &c, &[face], 0).is_empty(),
            "Original {face} fires the received note"
        );
    }
}

#[test]
fn rule_12_6224_oba_and_gun_battery() {
    let g = only_column("german-oba");
    check(
        "german-oba",
        &g,
        &[(2, "P"), (4, "P"), (5, "N"), (8, "N"), (9, "S"), (14, "S")],
    );
    let r = only_column("russian-oba");
    check(
        "russian-oba",
        &r,
        &[(1, "P"), (2, "P"), (3, "N"), (7, "N"), (8, "S"), (12, "S")],
    );
    let b = only_column("gun-battery");
    check(
        "gun-battery",
        &b,
        &[(2, "F"), (7, "F"), (8, "D"), (12, "D")],
    );
    for id in ["german-oba", "russian-oba", "gun-battery"] {
        assert!(listed(id, "Historical").ends_with('x'), "{id}");
        assert_eq!(listed(id, "Balance"), "-y", "{id}");
    }
}

#[test]
fn rule_12_6225_platoon_leader() {
    check(
        "platoon-leader",
        "german",
        &[
            (0, "10-3"),
            (1, "10-3"),
            (2, "10-2"),
            (3, "9-2"),
            (4, "9-2"),
            (5, "9-1"),
            (6, "9-1"),
            (7, "8-1"),
            (8, "8-1"),
            (9, "8-0"),
            (10, "8-0"),
            (11, "7-0"),
            (12, "6+1"),
            (13, "6+1"),
        ],
    );
    check(
        "platoon-leader",
        "russian",
        &[
            (1, "10-3"),
            (2, "10-2"),
            (3, "9-2"),
            (4, "9-1"),
            (5, "8-1"),
            (6, "8-1"),
            (7, "8-0"),
            (8, "8-0"),
            (9, "8-0"),
            (10, "7-0"),
            (11, "6+1"),
            (12, "none"),
            (13, "none"),
        ],
    );
    assert_eq!(drm("platoon-leader", "Storm Group"), Some(-1));
    assert_eq!(drm("platoon-leader", "Stösstruppe"), Some(-1));
    assert_eq!(drm("platoon-leader", "Depleted"), Some(1));
}

#[test]
fn rule_12_6225_russian_platoon_leader_gate_dr_at_most_four() {
    let all = tables();
    let t = all.dice_table("platoon-leader").unwrap();
    let g = t.gate.as_ref().expect("the @ gate");
    assert_eq!(g.columns, vec!["russian"]);
    assert_eq!(g.dice, DiceKind::OneDie);
    assert!(g.pass.contains(4) && !g.pass.contains(5) && g.pass.contains(1));
}

#[test]
fn rule_12_6225_german_company_leader() {
    let c = only_column("german-company-leader");
    check(
        "german-company-leader",
        &c,
        &[
            (0, "10-3,9-1,8-0"),
            (1, "10-3,9-1,8-0"),
            (2, "10-2,9-1,8-0"),
            (3, "10-2,8-1,7-0"),
            (4, "9-2,9-1,8-0"),
            (5, "9-2,8-1,7-0"),
            (6, "9-1,8-1,8-0"),
            (7, "9-1,8-1,7-0"),
            (8, "8-1,8-0,7-0"),
            (9, "9-1,8-0"),
            (10, "8-1,8-0"),
            (11, "8-1,7-0"),
            (12, "8-0,7-0"),
            (13, "8-0,6+1"),
            (14, "8-0,6+1"),
        ],
    );
    assert_eq!(drm("german-company-leader", "Reinforced"), Some(-1));
    assert_eq!(drm("german-company-leader", "Moderately"), Some(1));
    assert_eq!(drm("german-company-leader", "Heavily"), Some(2));
}

#[test]
fn rule_12_6225_russian_company_leader_and_c25_nkvd_column() {
    check(
        "russian-company-leader",
        "regular",
        &[
            (0, "10-3,9-1,8-0"),
            (1, "10-3,9-1,8-0"),
            (2, "10-2,8-1"),
            (3, "9-2,9-1"),
            (4, "9-2,8-1"),
            (5, "9-1,8-0"),
            (6, "9-1,7-0"),
            (7, "8-1,8-0"),
            (8, "8-0,7-0"),
            (9, "9-1"),
            (10, "8-1"),
            (11, "8-0"),
            (12, "7-0"),
            (13, "6+1"),
            (15, "6+1"),
        ],
    );
    check(
        "russian-company-leader",
        "nkvd",
        &[
            (1, "10-0,9-0,8+1"),
            (2, "10-0,10-0"),
            (3, "10-0,9-0"),
            (4, "9-0,9-0"),
            (5, "10-0,8+1"),
            (6, "9-0,8+1"),
            (7, "10-0"),
            (8, "10-0"),
            (9, "9-0"),
            (10, "9-0"),
            (11, "9-0"),
            (12, "8+1"),
            (13, "8+1"),
        ],
    );
    assert_eq!(drm("russian-company-leader", "Guards Rifle"), Some(-1));
    assert_eq!(drm("russian-company-leader", "Reinforced"), Some(-1));
    assert_eq!(drm("russian-company-leader", "SMG Coy"), Some(1));
    assert_eq!(drm("russian-company-leader", "Lightly"), Some(1));
    assert_eq!(drm("russian-company-leader", "Moderately"), Some(2));
    assert_eq!(drm("russian-company-leader", "Heavily"), Some(3));
}

#[test]
fn rule_12_6227_armor_leader() {
    let c = only_column("armor-leader");
    check(
        "armor-leader",
        &c,
        &[
            (1, "10-2"),
            (2, "10-2"),
            (3, "9-2"),
            (4, "9-1"),
            (5, "8-1"),
            (6, "none"),
            (11, "none"),
            (12, "inexperienced"),
            (13, "inexperienced"),
        ],
    );
    assert_eq!(drm("armor-leader", "German"), Some(-1));
    assert_eq!(drm("armor-leader", "Russian"), Some(1));
    assert_eq!(fired("armor-leader", &c, &[6, 6], 0), vec!["*"]);
}

#[test]
fn rule_votg22_nkvd_leader_creation() {
    let c = only_column("nkvd-leader-creation");
    check(
        "nkvd-leader-creation",
        &c,
        &[
            (0, "10-0"),
            (1, "10-0"),
            (2, "9-0"),
            (3, "9-0"),
            (4, "8+1"),
            (5, "8+1"),
            (6, "none"),
            (7, "none"),
        ],
    );
    assert_eq!(drm("nkvd-leader-creation", "CC vs AFV"), Some(-1));
    assert_eq!(drm("nkvd-leader-creation", "Fanatic"), Some(-1));
    assert_eq!(drm("nkvd-leader-creation", "broken"), Some(1));
}

#[test]
fn rule_12_624_recon() {
    let c = only_column("recon");
    check(
        "recon",
        &c,
        &[
            (-1, "0"),
            (0, "0"),
            (1, "1"),
            (6, "6"),
            (9, "9"),
            (11, "11"),
        ],
    );
    assert_eq!(drm("recon", "2 CPP"), Some(3));
    assert_eq!(drm("recon", "Russian"), Some(1));
    assert_eq!(drm("recon", "Stealthy"), Some(1));
    assert_eq!(drm("recon", "Lax"), Some(-1));
}

#[test]
fn rule_12_6253_and_12_627_dual_attack_drs() {
    let s = only_column("dual-attack-setup");
    check(
        "dual-attack-setup",
        &s,
        &[(1, "russian"), (3, "russian"), (4, "german"), (6, "german")],
    );
    let m = only_column("first-move");
    check(
        "first-move",
        &m,
        &[(1, "russian"), (3, "russian"), (4, "german"), (6, "german")],
    );
}

#[test]
fn rule_cg4_game_end_turn_record_chart() {
    check("game-end", "turn-5", &[(1, "ends"), (2, "continues")]);
    check("game-end", "turn-6", &[(3, "ends"), (4, "continues")]);
    check("game-end", "turn-7", &[(5, "ends"), (6, "continues")]);
    check("game-end", "turn-8", &[(6, "ends")]);
    assert_eq!(drm("game-end", "CG I"), Some(1));
}
