//! DESIGN §5: a side's secret figures (12.621: the CPP it spends and has
//! left, its Recon, the RGs it buys; its Force Organizer) are never in a
//! file the other side can read. A whole CG I is played, with purchases,
//! Recon and a Russian Counterattack, and every public file is searched.

use predicates::prelude::*;

use crate::common::{Camp, EACH_CG_I_SCENARIO, votg};

/// The walkthrough's scenario recorded with a Russian Counterattack, both
/// sides buying and spending CPP on Recon.
const COUNTERATTACK: &str = r#"
[scenario]
victor = "german"
cvp = { german = 8, russian = 14 }
counterattack = true

[german]
buy = ["I2"]
fortify = []
recon = 1
f36 = false

[russian]
buy = ["I3"]
fortify = []
recon = 1
"#;

/// Plays the rest of the CG from `answers` until it is over.
fn play_to_the_end(c: &Camp, answers: &str) {
    let a = c.file("rest.toml", answers);
    for _ in 0..14 {
        let out = votg()
            .args(["refit", c.path(), "--answers", &a])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        if String::from_utf8_lossy(&out.stdout).contains("The campaign is over") {
            return;
        }
    }
    panic!("the CG did not end");
}

/// Every text a side's secret answer rows hold (what it bought, its Recon,
/// its answers as given), from its own journal.
fn secret_answers(c: &Camp, side: &str) -> Vec<String> {
    let bytes = std::fs::read(c.dir.join(side).join("journal.csv")).unwrap();
    let mut r = csv::Reader::from_reader(crate::common::unmarked(&bytes));
    let mut out = Vec::new();
    for row in r.records() {
        let row = row.unwrap();
        if &row[13] == "answer" && &row[5] == "true" {
            out.push(row[17].to_string());
            for item in row[18].trim_matches(['[', ']']).split(',') {
                let item = item.trim().trim_matches('"');
                // Words and lists a public row could repeat by chance
                // ("none", "0", "attack") say nothing of a side.
                if item.len() > 3 && item.contains(' ') {
                    out.push(item.to_string());
                }
            }
        }
    }
    out
}

#[test]
fn design_5_no_public_file_of_a_whole_cg_holds_a_sides_secret_figures() {
    let c = Camp::sample("cg-i-walkthrough");
    let a = c.file("counterattack.toml", COUNTERATTACK);
    votg()
        .args(["refit", c.path(), "--answers", &a])
        .assert()
        .success();
    let rest = EACH_CG_I_SCENARIO.replace("recon = 0", "recon = 1")
        + "\n[german.day.\"17\"]\nbuy = [\"I2 on-map\"]\n\n[russian.day.\"17\"]\nbuy = [\"I2\"]\n";
    play_to_the_end(&c, &rest);
    let public: Vec<(String, String)> = ["log.jsonl", "journal.csv", "campaign.toml"]
        .iter()
        .map(|n| {
            (
                n.to_string(),
                std::fs::read_to_string(c.dir.join(n)).unwrap(),
            )
        })
        .collect();
    // The figures of a CG Roster line, the FPP and the CPP in words (C20),
    // and what a side bought, as votg writes them.
    let figures = predicates::str::is_match(
        r"\b(Left|Start|Recon|Received|Spent) \d|\d+ (Support )?CPP\b|\bCPP:? \d|\d+ FPP\b|bought on the previous CG Day|Retains \d",
    )
    .unwrap();
    for (name, text) in &public {
        for line in text.lines() {
            assert!(!figures.eval(line), "{name} holds a secret figure: {line}");
        }
    }
    for side in ["german", "russian"] {
        let secrets = secret_answers(&c, side);
        assert!(
            secrets.iter().any(|s| s.ends_with(".buy")),
            "{side}: {secrets:?}"
        );
        for secret in secrets {
            for (name, text) in &public {
                assert!(
                    !text.contains(&secret),
                    "{name} holds the {side}'s secret `{secret}`"
                );
            }
        }
    }
}

/// 12.6041 and DESIGN §5: the scenario record's public part (victor, CVP)
/// is public; each side's force outcome is only in that side's secret rows,
/// which `votg verify` replays with the public `scenario.record` row.
#[test]
fn rule_12_6041_each_sides_outcome_is_in_its_own_secret_rows_only() {
    let c = Camp::sample("cg-i-walkthrough");
    let answers = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("rosters/cg-i-aftermath.answers.toml"),
    )
    .unwrap();
    c.refit(&["--until", "12.601"], &answers, None).success();
    let read = |n: &str| std::fs::read_to_string(c.dir.join(n)).unwrap();
    let public = read("journal.csv") + &read("log.jsonl") + &read("campaign.toml");
    assert!(public.contains("Scenario 1 recorded") && public.contains("scenario.record"));
    for secret in [
        "outcome",
        "G-21",
        "3 x 4-6-7",
        "R-29",
        "4 x 4-2-6",
        "prisoner",
        "Eliminated",
    ] {
        assert!(!public.contains(secret), "`{secret}` is in a public file");
    }
    let german = read("german/journal.csv");
    assert!(german.contains("german.outcome") && german.contains("G-21 8-3-8 Reduced"));
    assert!(!german.contains("russian.outcome") && !german.contains("R-29 5-2-7"));
    let russian = read("russian/journal.csv");
    assert!(russian.contains("russian.outcome") && russian.contains("R-29 5-2-7"));
    assert!(!russian.contains("german.outcome") && !russian.contains("G-21"));
    // The prisoner touches both forces: each side has its own row of it.
    assert!(german.contains("is a prisoner of R-28") && russian.contains("is a prisoner of R-28"));
    votg().args(["verify", c.path()]).assert().success();
}
