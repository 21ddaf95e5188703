//! VotG24: a Russian Assault Engineer (a 6-2-8 of the Storm Group Pltn,
//! note e) that is Replaced loses its capabilities for the rest of the CG,
//! even if it Battle Hardens back to a 6-2-8; an Assault Engineer is its
//! RG's Assault Engineer MMC, not any squad of that RG (READINGS C48).
//! Played in CG III, whose Initial OB gives the Russian two Storm Group
//! Pltns, with votg commands only.

mod common;
mod play;

use common::Camp;
use play::{force, has, refit};
use predicates::prelude::*;
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
    assert_eq!((squads.len(), dc.len()), (6, 4), "{squads:?} {dc:?}");
    // Five of the six Replaced in play (5-2-7), the first of them Battle
    // Hardened back to a 6-2-8; two DC removed from play.
    let record = format!(
        "[scenario]\nvictor = \"russian\"\ncvp = {{ german = 10, russian = 12 }}\n\n[russian.outcome]\nelr_replaced = [{}]\nbattle_hardened = [\"{}\"]\neliminated = [{}]\n",
        quoted(&squads[..5]),
        squads[0],
        quoted(&dc[..2])
    );
    let keep = |n: usize| {
        INITIAL.replace(
            "[russian]\n",
            &format!("[russian]\nft_dc_kept = [{}]\n", quoted(&dc[..n])),
        )
    };
    refit(&c, &format!("{record}{}", keep(2)), None, Some("12.615d")).success();
    assert_eq!(storm_group(&force(&c, "russian"), "6-2-8").len(), 2);
    assert!(has(&c, &squads[0], "lost-assault-engineer"));
    // 12.6154: one Assault Engineer squad is left (the sixth), so one DC.
    refit(&c, &keep(2), None, Some("12.615g"))
        .failure()
        .code(1)
        .stderr(predicate::str::contains("at most 1 DC"));
    refit(&c, &keep(1), None, Some("12.615g")).success();
}
