//! An NKVD MMC's class comes from its type, never from its printed
//! strength factors (VotG22, READINGS.md C16, C42): the NKVD 6-2-8 is
//! Second Line, with no higher NKVD type, and 4-2-6 below it.
//!
//! The campaigns are CG I's Initial Scenario (the README walkthrough, or
//! the same with every die a 3) recorded and run on.

use crate::played::{condition, initial_fortified, journal, looks, refit, walkthrough};

const WON_BY_GERMAN: &str = "[scenario]\nvictor = \"german\"\ncvp = { german = 0, russian = 0 }\n";

/// 12.617's footnote †: an Original 6 Casualty-Reduces a non-Isolated elite
/// MMC, else a First Line one. The Russian's only elite MMC, the 2-2-8 R-1,
/// was Eliminated: his NKVD 6-2-8s (R-19..R-21) are not elite, so the first
/// First Line MMC, the 4-4-7 R-4, is Reduced to a HS.
#[test]
fn c42_nkvd_6_2_8_is_not_elite_for_the_12_617_original_6() {
    let c = initial_fortified(3, r#"["wire", "trench"]"#);
    let a = format!("{WON_BY_GERMAN}[russian.outcome]\neliminated = [\"R-1\"]\n");
    // 12.612 (nothing), SAN, AFV Platoon Redeployment, R-3's Recovery and
    // Immobilization Removal drs.
    refit(&c, "12.616", &a, "6 6 6 6 6 6 6 6  2 2 2 2 2 2 2").success();
    let wire = crate::played::force(&c, "russian")
        .into_iter()
        .find(|x| x["unit"] == "Wire")
        .unwrap()["id"]
        .as_str()
        .unwrap()
        .to_string();
    let answers = format!("[russian]\nremove_fortifications = [\"{wire}\"]\n");
    // dr 6: No Effect, and the Original 6 of footnote †.
    refit(&c, "12.617", &answers, "6").success();
    assert_eq!(
        looks(&c, "R-19").0,
        "6-2-8",
        "the NKVD squad is not Reduced"
    );
    assert!(condition(&c, "R-19").contains("nkvd"));
    assert!(
        crate::played::counter(&c, "R-4").is_null(),
        "R-4 became a HS"
    );
    let hs: Vec<_> = crate::played::force(&c, "russian")
        .into_iter()
        .filter(|x| x["unit"] == "2-2-7" && x["kind"] == "hs")
        .collect();
    assert_eq!(hs.len(), 1, "{hs:?}");
}

/// 12.6123: an NKVD MMC that Battle Hardens becomes Fanatic for the next
/// scenario, as an Elite MMC does (no higher NKVD type). The Russian won:
/// DR 2+2 -3 -1 = 0, four MMC; he names the NKVD 6-2-8 R-19.
#[test]
fn c42_nkvd_mmc_battle_hardens_to_fanatic_12_6123() {
    let c = walkthrough();
    let a = "[scenario]\nvictor = \"russian\"\ncvp = { german = 0, russian = 0 }\n\n[russian]\nharden = [\"R-19\"]\n";
    refit(&c, "12.612", a, "6 6 6 6  2 2 6 6").success();
    assert_eq!(looks(&c, "R-19").0, "6-2-8");
    let cond = condition(&c, "R-19");
    assert!(
        cond.contains("fanatic-next-scenario") && cond.contains("nkvd"),
        "{cond}"
    );
}

/// 12.619 (C28): the Russian bought I5 (NKVD Militia Coy), A3 (T-34 Pltn)
/// and M1 on 15 Sep; on 16 Sep only the AFV Pltn counts (-1): an NKVD
/// Militia Coy is neither an elite nor a first-line Infantry Coy.
#[test]
fn c42_nkvd_militia_coy_gives_no_elite_or_first_line_drm_at_12_619() {
    let c = walkthrough();
    let dice = format!("6 6 6 6 6 6 6 6 {}", "2 ".repeat(30));
    refit(&c, "12.619", WON_BY_GERMAN, &dice).success();
    let row = journal(&c)
        .into_iter()
        .find(|r| r["Step"] == "12.619" && r["Side"] == "russian (secret)")
        .expect("the Russian's 12.619 roll");
    let drm = row["DRM"].as_str().unwrap();
    assert!(
        drm.contains("-1 1 first-line Infantry Coy / AFV Pltn"),
        "{drm}"
    );
    assert!(!drm.contains("elite Infantry Coy"), "{drm}");
}

/// ELR Replacement in play (A19.13, C16): an NKVD 6-2-8 becomes a 4-2-6,
/// which is no NKVD unit (not the Guards 6-2-8's 5-2-7).
#[test]
fn c42_nkvd_6_2_8_replaced_in_play_becomes_a_plain_4_2_6_12_604() {
    let c = walkthrough();
    let a = format!("{WON_BY_GERMAN}[russian.outcome]\nelr_replaced = [\"R-19\"]\n");
    refit(&c, "12.604", &a, "").success();
    assert_eq!(looks(&c, "R-19").0, "4-2-6");
    assert!(
        !condition(&c, "R-19").contains("nkvd"),
        "{}",
        condition(&c, "R-19")
    );
}

/// Escape (12.6073): R-19 alone in an Isolated Area; DR 4+5 -1 Russian +1
/// (a squad) = 9, Escapes and is Replaced (C16): a 4-2-6, no longer NKVD.
#[test]
fn c42_nkvd_6_2_8_replaced_on_escape_is_a_plain_4_2_6_12_6073() {
    let c = walkthrough();
    let a = format!(
        r#"{WON_BY_GERMAN}
[isolation]
[[isolation.area]]
name = "K5 pocket"
russian = ["R-19"]

[[isolation.escape]]
area = "K5 pocket"
counters = ["R-19"]
"#
    );
    refit(&c, "12.607", &a, "4 5").success();
    assert_eq!(looks(&c, "R-19").0, "4-2-6");
    assert!(
        !condition(&c, "R-19").contains("nkvd"),
        "{}",
        condition(&c, "R-19")
    );
}
