//! A side's SAN at scenario end (`[scenario] san`): a Sniper lowered in play
//! can leave it at 0, the one value 12.6142 treats apart (raised to 2 at the
//! next New CG Day). Real binary, answers files, dice of 3s; read back with
//! `votg roster` and `votg log --reveal`.

use crate::play::*;
use predicates::prelude::*;

/// 12.6142: the German's SAN, 0 at the end of CG I's Initial Scenario
/// (`san = { german = 0 }`), stays 0 on that scenario's line and is raised
/// to 2 (no dr) at 16 Sep's New CG Day; the Russian's, not given, is his
/// line's 5 (dr 3 +1 = 4: not lowered).
#[test]
fn rule_12_6142_a_san_of_0_at_scenario_end_is_raised_to_2_at_the_next_new_cg_day() {
    let c = initial("I", NOTHING, NOTHING);
    refit(
        &c,
        &format!(
            "{}san = {{ german = 0 }}\n[german]\n{NOTHING}f36 = false\ninitiative = \"attack\"\n[russian]\n{NOTHING}initiative = \"idle\"\n",
            scenario("german", 0, 0, false)
        ),
        3,
    )
    .success();
    assert_eq!(line(&c, "german", 15, Some(1))["san"], 0);
    assert_eq!(line(&c, "german", 16, Some(2))["san"], 2, "12.6142");
    assert_eq!(line(&c, "russian", 16, Some(2))["san"], 5);
    let rows = log(&c);
    assert!(
        rows.iter()
            .any(|r| r["Step"] == "12.614" && r["Result"] == "SAN 0 raised to 2")
    );
    assert!(rows.iter().any(|r| {
        r["What"]
            .as_str()
            .is_some_and(|w| w.contains("Scenario 1 recorded"))
            && r["Result"]
                .as_str()
                .is_some_and(|v| v.contains("SAN German 0"))
    }));
}

/// 12.613, C1: before a Counterattack 12.614 is skipped, so a SAN of 0 is
/// still 0 for the Counterattack; the 12.614 after it raises it to 2.
#[test]
fn rule_12_6142_c1_a_san_of_0_stays_0_for_the_counterattack() {
    let c = initial("I", NOTHING, NOTHING);
    refit(
        &c,
        &format!(
            "{}san = {{ russian = 0 }}\n[german]\n{NOTHING}f36 = false\n[russian]\n{NOTHING}",
            scenario("german", 0, 0, true)
        ),
        3,
    )
    .success();
    assert_eq!(line(&c, "russian", 15, Some(2))["san"], 0, "12.614 skipped");
    refit(
        &c,
        &format!(
            "{}[german]\n{NOTHING}f36 = false\ninitiative = \"attack\"\n[russian]\n{NOTHING}initiative = \"idle\"\n",
            scenario("russian", 0, 0, false)
        ),
        3,
    )
    .success();
    assert_eq!(line(&c, "russian", 16, Some(3))["san"], 2);
}

/// A SAN that is not a whole number from 0 to 12 is refused before any
/// step runs, naming the answer.
#[test]
fn rule_12_6142_a_san_out_of_range_is_refused() {
    let c = initial("I", NOTHING, NOTHING);
    refit(
        &c,
        &format!(
            "{}san = {{ german = -1 }}\n",
            scenario("german", 0, 0, false)
        ),
        3,
    )
    .code(1)
    .stderr(predicate::str::contains("scenario.san.german"));
    assert_eq!(line(&c, "german", 15, Some(1))["san"], 3);
}
