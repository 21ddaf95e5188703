//! VotG24: a Russian Assault Engineer (a 6-2-8 of the Storm Group Pltn,
//! note e) that is Replaced loses its capabilities for the rest of the CG,
//! even if it Battle Hardens back to a 6-2-8; an Assault Engineer is its
//! RG's Assault Engineer MMC, not any squad of that RG (READINGS C48).
//! Played in CG III, whose Initial OB gives the Russian two Storm Group
//! Pltns, with votg commands only.

use crate::common::Camp;
use crate::statuses::{force, has, refit};
use serde_json::Value;

const INITIAL: &str = r#"
[german]
buy = []
fortify = []
recon = 0

[russian]
buy = []
fortify = []
recon = 0
"#;

/// The ids of the Russian counters of RG I6 named `unit`.
fn storm_group(force: &[Value], unit: &str) -> Vec<String> {
    force
        .iter()
        .filter(|x| x["rg"] == "I6" && x["unit"] == unit)
        .map(|x| x["id"].as_str().unwrap().to_string())
        .collect()
}

fn quoted(ids: &[String]) -> String {
    ids.iter()
        .map(|i| format!("\"{i}\""))
        .collect::<Vec<_>>()
        .join(", ")
}

#[test]
fn votg24_c48_a_replaced_russian_assault_engineer_stays_without_capabilities() {
    let c = Camp::new("III");
    refit(&c, INITIAL, None, None).success();
    // 12.627: the Dual Attack's first move, after set-up.
    refit(&c, INITIAL, None, None).success();
    let f = force(&c, "russian");
    let squads = storm_group(&f, "6-2-8");
    let dc = storm_group(&f, "DC");
    let n = squads.len();
    assert!(n >= 2 && dc.len() >= 2, "{squads:?} {dc:?}");
    // All but the last Replaced in play (5-2-7), the first of them Battle
    // Hardened back to a 6-2-8; two DC removed from play with an Original
    // effects DR of 7 (12.6154: kept while Assault Engineers are left).
    let record = format!(
        "[scenario]\nvictor = \"russian\"\ncvp = {{ german = 10, russian = 12 }}\n\n[russian.outcome]\nelr_replaced = [{}]\nbattle_hardened = [\"{}\"]\nft_dc_removed = [\"{} = 7\", \"{} = 7\"]\n",
        quoted(&squads[..n - 1]),
        squads[0],
        dc[0],
        dc[1]
    );
    refit(&c, &format!("{record}{INITIAL}"), None, Some("12.615d")).success();
    // The 6-2-8s now: the last, never Replaced, and those Battle Hardened
    // back (the first in play; any more at 12.612), which are no Assault
    // Engineers.
    let now = storm_group(&force(&c, "russian"), "6-2-8");
    assert!(now.len() >= 2, "{now:?}");
    assert!(has(&c, &squads[0], "lost-assault-engineer"));
    let engineers: Vec<&String> = now
        .iter()
        .filter(|id| !has(&c, id, "lost-assault-engineer"))
        .collect();
    assert_eq!(engineers, [&squads[n - 1]]);
    // 12.6154: one Assault Engineer squad is left (the last), so one DC of
    // the two removed from play is Retained, not two: the 6-2-8 that
    // hardened back has no capabilities.
    refit(&c, INITIAL, None, Some("12.615g")).success();
    let f = force(&c, "russian");
    let retained = dc[..2]
        .iter()
        .filter(|id| {
            f.iter()
                .any(|x| x["id"] == id.as_str() && x["box"] == "retained")
        })
        .count();
    assert_eq!(retained, 1, "{f:?}");
}
