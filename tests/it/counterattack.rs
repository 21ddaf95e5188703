//! A Russian Counterattack (12.613, 12.6253-.6254) across the CG Days around
//! it: the CPP halving, the Attack-chit, won and purchase DRMs of a day with
//! two scenarios (READINGS.md C45), a Night Counterattack's roster lines, and
//! a Counterattack on the CG's final day. Every run is the real binary with
//! an answers file and a dice file of one face; results are read back from
//! `votg roster`, `votg log --reveal` and `votg status`.

use crate::common::{Camp, votg};
use crate::play::*;
use predicates::prelude::*;

/// A side's answers: what it buys, and any other keys.
fn side(buy: &[&str], extra: &str) -> String {
    let list: Vec<String> = buy.iter().map(|b| format!("\"{b}\"")).collect();
    format!(
        "buy = [{}]\nfortify = []\nrecon = 0\n{extra}",
        list.join(", ")
    )
}

/// CG I: the Initial Scenario (15 Sep, a German Assault, C15) won by the
/// German and followed by a Russian Counterattack (a Night one if `night`),
/// which the Russian wins; then both sides Idle on 16 Sep and the German
/// attacks on 17 Sep. Each side buys `buys.0` in the Initial Scenario's
/// RePh and `buys.1` in the RePh before the Counterattack. The Russian
/// declines the CGI-3 bonus CPP, so 12.618 shows the table's CPP alone.
fn counterattack_day(night: bool, german: (&[&str], &[&str]), russian: (&[&str], &[&str])) -> Camp {
    let c = initial("I", &side(german.0, ""), &side(russian.0, ""));
    refit(
        &c,
        &format!(
            "{}[german]\n{}[russian]\n{}",
            scenario("german", 25, 41, true),
            side(german.1, "f36 = false\n"),
            side(russian.1, &format!("night = {night}\nbonus_cpp = false\n")),
        ),
        3,
    )
    .success();
    refit(
        &c,
        &format!(
            "{}[german]\n{}[russian]\n{}[german.day.\"17\"]\ninitiative = \"attack\"\n",
            scenario("russian", 22, 9, false),
            side(&[], "f36 = false\ninitiative = \"idle\"\n"),
            side(&[], "initiative = \"idle\"\nbonus_cpp = false\n"),
        ),
        3,
    )
    .success();
    c
}

/// 12.6253: the Russian's CPP are halved (FRU) in the 12.618 immediately
/// after the Counterattack (16 Sep) and in no later one: not in the 12.618
/// after the Idle Day (17 Sep). All dice 3: 16 Sep DR 6 -1 Historical +1
/// Attack = 6: +18, 2/3 = 12 (CGI-2), half = 6; 17 Sep DR 6 -1 Historical =
/// 5: +18, 2/3 = 12, whole.
#[test]
fn rule_12_6253_russian_halved_only_right_after_the_counterattack_not_after_the_idle_day() {
    let c = counterattack_day(false, (&[], &["I2"]), (&[], &["I3"]));
    assert_eq!(
        received(&c, "russian", 16, None),
        6,
        "halved after the Counterattack"
    );
    let (_, fin, result) = roll(&c, "17/9", "12.618", "russian");
    assert_eq!((fin.as_str(), result.as_str()), ("5", "+18"));
    assert_eq!(
        received(&c, "russian", 17, Some(3)),
        12,
        "12.6253: the 12.618 after the Idle Day is not 'immediately following' the Counterattack"
    );
}

/// C45: after a Counterattack, 12.618's Attack-chit DRM looks at the chits
/// of the scenario just played (the German Idle, the Russian Attack), so the
/// German's Assault chit is not counted twice; 12.619 (skipped before the
/// Counterattack) counts both scenarios of 15 Sep: the German's Assault chit
/// and win, the Russian's Attack chit and win, and the RGs bought before the
/// Counterattack. C43: no Support CPP after the Counterattack (German Idle).
#[test]
fn c45_day_counterattack_chits_count_once_in_12_618_and_both_scenarios_in_12_619() {
    let c = counterattack_day(false, (&[], &["I2"]), (&[], &["I3"]));
    let (g618, fin, _) = roll(&c, "16/9", "12.618", "german");
    assert!(
        !g618.contains("Attack chit"),
        "C45: the German was Idle in the Counterattack: {g618}"
    );
    // DR 6 -2 Historical -1 for 22 CVP (C26, C44) = 3.
    assert_eq!(fin, "3", "{g618}");
    assert_eq!(
        received(&c, "german", 16, None),
        13,
        "+19, 2/3 = 13 (CGI-2)"
    );
    assert_eq!(support(&c, 16, None), 0, "C43: none after a Counterattack");
    let (r618, _, _) = roll(&c, "16/9", "12.618", "russian");
    assert!(r618.contains("+1 Selected the Attack chit"), "{r618}");
    let (g619, fin, _) = roll(&c, "16/9", "12.619", "german");
    for drm in [
        "-1 1 scenario(s) won on the previous CG Day",
        "+1 Selected the Attack chit on the previous CG Day",
        "-1 1 Infantry Pltn bought on the previous CG Day",
        "+4 2 scenario(s) completed",
        "-2 German Historical DRM for 16 Sep",
    ] {
        assert!(g619.contains(drm), "German 12.619 lacks {drm:?}: {g619}");
    }
    assert_eq!(fin, "7", "6 -1 +1 -1 +4 -2");
    let (r619, fin, _) = roll(&c, "16/9", "12.619", "russian");
    for drm in [
        "-1 1 scenario(s) won on the previous CG Day",
        "+1 Selected the Attack chit on the previous CG Day",
        "-1 1 first-line Infantry Coy / AFV Pltn bought on the previous CG Day",
    ] {
        assert!(r619.contains(drm), "Russian 12.619 lacks {drm:?}: {r619}");
    }
    assert_eq!(fin, "8", "6 -1 +1 -1 +4 -1: {r619}");
}

/// 12.6254, C45: a Night Counterattack is recorded as Night (both sides'
/// roster lines of scenario 2 say N), and the next 12.619 counts both of
/// 15 Sep's scenarios and the RGs bought in both RePhs that bought for it
/// (the Initial Scenario's and the one before the Counterattack).
#[test]
fn c45_night_counterattack_lines_are_night_and_12_619_counts_both_scenarios_and_purchases() {
    let c = counterattack_day(true, (&["I1"], &["I2"]), (&["I3"], &["I1"]));
    for s in ["german", "russian"] {
        assert_eq!(
            line(&c, s, 15, Some(1))["night"],
            false,
            "{s}: the day scenario"
        );
        assert_eq!(
            line(&c, s, 15, Some(2))["night"],
            true,
            "{s}: the Night Counterattack"
        );
    }
    let (g619, fin, _) = roll(&c, "16/9", "12.619", "german");
    for drm in [
        "-1 1 scenario(s) won on the previous CG Day",
        "+1 Selected the Attack chit on the previous CG Day",
        "-1 1 Infantry Pltn bought on the previous CG Day",
        "-1 1 first-line Infantry Coy / AFV Pltn bought on the previous CG Day",
        "+1 1 Night scenario(s) completed",
    ] {
        assert!(g619.contains(drm), "German 12.619 lacks {drm:?}: {g619}");
    }
    assert_eq!(fin, "7", "6 -1 +1 -1 -1 +4 -2 +1");
    let (r619, fin, _) = roll(&c, "16/9", "12.619", "russian");
    for drm in [
        "-1 1 scenario(s) won on the previous CG Day",
        "+1 Selected the Attack chit on the previous CG Day",
        "-2 1 elite Infantry Coy bought on the previous CG Day",
        "-1 1 first-line Infantry Coy / AFV Pltn bought on the previous CG Day",
    ] {
        assert!(r619.contains(drm), "Russian 12.619 lacks {drm:?}: {r619}");
    }
    assert_eq!(fin, "6", "6 -1 +1 -2 -1 +4 -1: {r619}");
    // 12.618 after it: the Russian halved, the German without his Assault's
    // chit and with no Support CPP (C43, C45).
    assert_eq!(received(&c, "russian", 16, None), 6);
    let (g618, _, _) = roll(&c, "16/9", "12.618", "german");
    assert!(!g618.contains("Attack chit"), "{g618}");
    assert_eq!(support(&c, 16, None), 0);
    // The night line loads and replays: the purchases journalled before the
    // Night was declared still match the roster (by date).
    votg().args(["verify", c.path()]).assert().success();
}

/// C45, 12.6253 EXC: a Counterattack on CG I's final CG Day (22 Sep) halves
/// both sides' CPP in the 12.618 before it; after it the CG ends at 12.614
/// (C23), with no later 12.618 or 12.619.
#[test]
fn c45_counterattack_on_the_final_day_halves_both_sides_then_the_cg_ends() {
    let c = initial("I", &side(&[], ""), &side(&[], ""));
    let idle = "initiative = \"idle\"\nbonus_cpp = false\n";
    refit(
        &c,
        &format!(
            "{}[german]\n{}[russian]\n{}[german.day.\"22\"]\ninitiative = \"attack\"\n",
            scenario("german", 0, 0, false),
            side(&[], &format!("f36 = false\n{idle}")),
            side(&[], idle),
        ),
        3,
    )
    .success();
    refit(
        &c,
        &format!(
            "{}[german]\n{}[russian]\n{}",
            scenario("german", 0, 0, true),
            side(&[], "f36 = false\n"),
            side(&[], ""),
        ),
        3,
    )
    .success();
    for s in ["german", "russian"] {
        // The 12.618 that opened 22 Sep, then the one before the Counterattack.
        let r = rolls(&c, "22/9", "12.618", s);
        assert_eq!(r.len(), 2, "{s}: {r:?}");
        let table: i64 = r[1].2.trim_start_matches('+').parse().unwrap();
        assert_eq!(
            received(&c, s, 22, Some(3)),
            fru(fru(table, 2, 3), 1, 2),
            "{s}: 2/3 then half (C46) before a Counterattack on the final day"
        );
    }
    refit(
        &c,
        &format!(
            "{}[german]\n{}[russian]\n{}",
            scenario("russian", 0, 0, false),
            side(&[], "f36 = false\n"),
            side(&[], ""),
        ),
        3,
    )
    .success()
    .stdout(predicate::str::contains("The campaign is over"));
    for s in ["german", "russian"] {
        assert_eq!(
            rolls(&c, "22/9", "12.618", s).len(),
            2,
            "{s}: none after it"
        );
        assert_eq!(
            rolls(&c, "22/9", "12.619", s).len(),
            1,
            "{s}: only the one that opened 22 Sep"
        );
        assert_eq!(
            lines(&c, s).last().unwrap()["scenario"],
            3,
            "no line after 22 Sep"
        );
    }
    votg()
        .args(["status", c.path()])
        .assert()
        .success()
        .stdout(predicate::str::contains("The campaign is over"));
}

/// C46: in CG I the table's CPP Increase is taken 2/3 (FRU) first, then
/// halved (FRU) before a Counterattack. All dice 6: the German's DR 12 -1
/// Historical +1 Attack = 12: +15, 2/3 = 10, half = 5 (halving first would
/// give 8, then 6); Support CPP 6, 2/3 = 4, half = 2.
#[test]
fn c46_cg_i_two_thirds_then_the_counterattack_halving() {
    let c = initial("I", &side(&[], ""), &side(&[], ""));
    refit(
        &c,
        &format!(
            "{}[german]\n{}[russian]\n{}",
            scenario("german", 0, 0, true),
            side(&[], "f36 = false\n"),
            side(&[], ""),
        ),
        6,
    )
    .success();
    let (_, fin, result) = roll(&c, "15/9", "12.618", "german");
    assert_eq!((fin.as_str(), result.as_str()), ("12", "+15"));
    assert_eq!(received(&c, "german", 15, Some(2)), 5);
    assert_eq!(support(&c, 15, Some(2)), 2);
}
