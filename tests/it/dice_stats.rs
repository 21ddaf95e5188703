//! `votg stats`: the dice of a whole CG per side and per table against fair
//! dice, with a chi-square test in words; a side's secret rolls only for
//! that side until the CG ends (DESIGN §5).

use crate::common::{Camp, votg};
use serde_json::Value;

fn sample(name: &str) -> String {
    format!("{}/rosters/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn stats(args: &[&str]) -> Value {
    let out = votg()
        .arg("stats")
        .args(args)
        .args(["--format", "json"])
        .assert()
        .success();
    serde_json::from_slice(&out.get_output().stdout).unwrap()
}

/// The tables each side's tally holds, by side.
fn tables_of(v: &Value, side: &str) -> Vec<String> {
    v["sides"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["side"] == side)
        .flat_map(|s| s["tables"].as_array().unwrap().iter())
        .map(|t| t["table"].as_str().unwrap().to_string())
        .collect()
}

fn rolls(v: &Value) -> u64 {
    rolls_of(v, &["german", "russian", "both"])
}

/// The rolls of the tallies of `sides`.
fn rolls_of(v: &Value, sides: &[&str]) -> u64 {
    v["sides"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| sides.iter().any(|x| s["side"] == *x))
        .map(|s| s["dr"]["rolls"].as_u64().unwrap() + s["DR"]["rolls"].as_u64().unwrap())
        .sum()
}

/// The journal rows with dice that `log ARGS` shows.
fn logged_rolls(args: &[&str]) -> usize {
    let out = votg()
        .arg("log")
        .args(args)
        .args(["--format", "csv"])
        .assert()
        .success();
    let mut r = csv::Reader::from_reader(out.get_output().stdout.as_slice());
    let dice = r
        .headers()
        .unwrap()
        .iter()
        .position(|h| h == "Dice")
        .unwrap();
    r.records()
        .filter(|rec| !rec.as_ref().unwrap()[dice].is_empty())
        .count()
}

#[test]
fn stats_count_the_public_rolls_and_a_sides_own_secret_ones_only() {
    let d = sample("cg-i-partway");
    let public = stats(&[&d]);
    assert_eq!(rolls(&public) as usize, logged_rolls(&[&d]));
    // The strength rolls of 12.622 are secret (12.6221): not without --side.
    assert!(!tables_of(&public, "german").contains(&"platoon-strength".into()));
    let german = stats(&[&d, "--side", "german"]);
    // `log --side german` shows the German's rows and those of both sides.
    assert_eq!(
        rolls_of(&german, &["german", "both"]) as usize,
        logged_rolls(&[&d, "--side", "german"])
    );
    assert!(tables_of(&german, "german").contains(&"platoon-strength".into()));
    // The Russian's secret rolls stay his: his tally is his public rolls.
    assert_eq!(tables_of(&german, "russian"), tables_of(&public, "russian"));
    assert!(!tables_of(&german, "russian").contains(&"infantry-coy-strength".into()));
    assert!(
        german["counted"]
            .as_str()
            .unwrap()
            .contains("The Russian's secret rolls stay his")
    );
}

#[test]
fn stats_after_the_cg_ends_count_every_roll() {
    let c = Camp::sample("cg-i-partway");
    let before = stats(&[c.path()]);
    c.edit(|s| {
        s.campaign.result = Some(votg::model::campaign::CgResult {
            winner: votg::model::side::Side::German,
            date: 17,
            why: "the German Controls >= 75 Stone Hexes".into(),
        });
    });
    let after = stats(&[c.path()]);
    assert!(rolls(&after) > rolls(&before));
    assert!(tables_of(&after, "german").contains(&"platoon-strength".into()));
    assert!(tables_of(&after, "russian").contains(&"infantry-coy-strength".into()));
    assert!(after["counted"].as_str().unwrap().contains("every roll"));
}

#[test]
fn stats_compare_the_faces_with_fair_dice_and_say_what_the_test_means() {
    let d = sample("cg-i-partway");
    let german = stats(&[&d, "--side", "german"]);
    let g = &german["sides"][0];
    assert_eq!(g["side"], "german");
    // Every die the German threw, from the faces his journal holds.
    let out = votg()
        .args(["log", &d, "--side", "german", "--format", "csv"])
        .assert()
        .success();
    let mut r = csv::Reader::from_reader(out.get_output().stdout.as_slice());
    let (side, dice) = {
        let h = r.headers().unwrap();
        let at = |n: &str| h.iter().position(|x| x == n).unwrap();
        (at("Side"), at("Dice"))
    };
    let mut faces = [0u64; 6];
    for rec in r.records().map(Result::unwrap) {
        if rec[side].starts_with("german") {
            for f in rec[dice].split(',').filter(|f| !f.is_empty()) {
                faces[f.trim().parse::<usize>().unwrap() - 1] += 1;
            }
        }
    }
    let seen: Vec<u64> = g["dice"]["seen"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_u64().unwrap())
        .collect();
    assert_eq!(seen, faces);
    // Worked by hand: 65 dice seen 11, 15, 9, 6, 15, 9 against 65/6 each,
    // chi-square 5.98 on 5 degrees of freedom, p 0.308 (a chi-square table
    // puts 5.98 between the 0.50 and 0.10 critical values, 4.35 and 9.24).
    assert_eq!(faces, [11, 15, 9, 6, 15, 9]);
    let test = &g["dice"]["test"];
    assert_eq!(test["df"], 5);
    assert!((test["statistic"].as_f64().unwrap() - 5.98).abs() < 0.005);
    assert!((test["p"].as_f64().unwrap() - 0.308).abs() < 0.001);
    // The text says it in words, within 80 columns.
    let out = votg()
        .env("COLUMNS", "80")
        .args(["stats", &d, "--side", "german"])
        .assert()
        .success();
    let text = String::from_utf8_lossy(&out.get_output().stdout);
    assert!(
        text.contains("χ² 5.98, 5 df, p 0.308: nothing unusual"),
        "{text}"
    );
    assert!(text.contains("too few rolls to test"), "{text}");
    assert!(text.lines().all(|l| l.chars().count() <= 80), "{text}");
}

/// The p-value of `votg stats` comes from a well-kept crate (`statrs`, with
/// its default features off), not from a hand-written log-gamma and
/// incomplete gamma: the file that held them is gone.
#[test]
fn stats_p_value_from_statrs_without_default_features() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    assert!(!root.join("src/rules/chi_square.rs").exists());
    let manifest = std::fs::read_to_string(root.join("Cargo.toml")).unwrap();
    let line = manifest
        .lines()
        .find(|l| l.starts_with("statrs"))
        .expect("statrs among the dependencies");
    assert!(line.contains("default-features = false"), "{line}");
}
