//! README's examples work as written (issue 11): every `votg` command of its
//! shell blocks runs and succeeds, and every answers-file example runs
//! `votg refit --answers` through a new campaign, whatever the dice.

use crate::common::votg;

const README: &str = include_str!("../../README.md");

/// The fenced blocks of README of one language, in order.
fn blocks(lang: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current: Option<String> = None;
    for line in README.lines() {
        match (&mut current, line.strip_prefix("```")) {
            (None, Some(l)) if l.trim() == lang => current = Some(String::new()),
            (Some(text), Some(_)) => {
                out.push(std::mem::take(text));
                current = None;
            }
            (Some(text), None) => {
                text.push_str(line);
                text.push('\n');
            }
            _ => {}
        }
    }
    out
}

/// One shell line as its words: double quotes group, ` #` starts a comment.
fn words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut quoted = false;
    let mut prev = ' ';
    for c in line.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                word.get_or_insert_with(String::new);
            }
            '#' if !quoted && prev.is_whitespace() => break,
            c if c.is_whitespace() && !quoted => words.extend(word.take()),
            c => word.get_or_insert_with(String::new).push(c),
        }
        prev = c;
    }
    words.extend(word);
    words
}

/// The README's first answers-file example: the Initial Scenario's RePh.
/// (The later ones go on from where it leaves the campaign.)
fn answers_example() -> String {
    let toml = blocks("toml");
    assert!(!toml.is_empty(), "README has an answers-file example");
    toml[0].clone()
}

#[test]
fn issue_11_6_readme_answers_examples_run_on_a_new_campaign_whatever_the_dice() {
    let examples = blocks("toml");
    // The first example is the Initial Scenario's RePh, on any new campaign.
    for seed in 1..=8 {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("my-cg");
        let d = dir.to_str().unwrap();
        votg()
            .args(["new", d, "--cg", "I", "--seed", &seed.to_string()])
            .assert()
            .success();
        refit_with(&tmp, d, &examples[0], "1");
    }
    // The later ones are the Refit Phase after that scenario: together, one
    // answers file for the walkthrough's campaign, whose counter ids they
    // name (README says so), through 12.613.
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("my-cg");
    copy_sample("cg-i-walkthrough", &dir);
    // Merged table by table (each example has its own [german] …).
    fn merge(into: &mut toml::Table, from: toml::Table) {
        for (k, v) in from {
            match (into.get_mut(&k), v) {
                (Some(toml::Value::Table(a)), toml::Value::Table(b)) => merge(a, b),
                (_, v) => {
                    into.insert(k, v);
                }
            }
        }
    }
    let mut merged = toml::Table::new();
    for text in &examples[1..] {
        merge(
            &mut merged,
            toml::from_str(text).expect("README's example is TOML"),
        );
    }
    let later = toml::to_string(&merged).unwrap();
    let answers = tmp.path().join("answers-later.toml");
    std::fs::write(&answers, &later).unwrap();
    let out = votg()
        .args(["refit", dir.to_str().unwrap(), "--until", "12.613"])
        .args(["--answers", answers.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "README's later answers examples fail:\n{later}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

fn refit_with(tmp: &tempfile::TempDir, d: &str, text: &str, which: &str) {
    let answers = tmp.path().join(format!("answers-{which}.toml"));
    std::fs::write(&answers, text).unwrap();
    let out = votg()
        .args(["refit", d, "--answers", answers.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "README's answers example {which} fails:\n{text}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A copy of a sample campaign of `rosters/` (without its `.votg`).
fn copy_sample(name: &str, to: &std::path::Path) {
    let from = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("rosters")
        .join(name);
    crate::common::copy_campaign(&from, to);
}

#[test]
fn issue_11_6_readme_shell_examples_run() {
    let mut ran = 0;
    for block in blocks("sh") {
        // Each block on its own campaign: a new one unless it makes one.
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("my-cg");
        let d = dir.to_str().unwrap().to_string();
        let answers = tmp.path().join("answers.toml");
        std::fs::write(&answers, answers_example()).unwrap();
        let a = answers.to_str().unwrap().to_string();
        let lines: Vec<Vec<String>> = block
            .lines()
            .map(words)
            .filter(|w| w.first().map(String::as_str) == Some("votg"))
            .collect();
        // `cp -r rosters/<sample> my-cg`: the block starts from that sample.
        let sample = block.lines().find_map(|l| {
            l.strip_prefix("cp -r rosters/")
                .and_then(|rest| rest.strip_suffix(" my-cg"))
        });
        if let Some(sample) = sample {
            copy_sample(sample, &dir);
        } else if lines.iter().any(|w| w.iter().any(|x| x == "my-cg"))
            && !lines
                .iter()
                .any(|w| w.get(1).map(String::as_str) == Some("new"))
        {
            votg().args(["new", &d, "--cg", "I"]).assert().success();
        }
        for line in lines {
            let mut args: Vec<String> = line[1..]
                .iter()
                .map(|w| match w.as_str() {
                    "my-cg" => d.clone(),
                    "answers.toml" => a.clone(),
                    // A file the example writes goes to the test's folder,
                    // never into the project.
                    w if w.ends_with(".html") && !w.contains('/') => {
                        tmp.path().join(w).to_str().unwrap().to_string()
                    }
                    _ => w.clone(),
                })
                .collect();
            // The guided refit asks at a terminal; a test answers with
            // README's own answers file instead.
            if args[0] == "refit" && !args.iter().any(|w| w == "--answers") {
                args.extend(["--answers".to_string(), a.clone()]);
            }
            let out = votg().args(&args).output().unwrap();
            assert!(
                out.status.success(),
                "README: `{}` fails:\n{}",
                line.join(" "),
                String::from_utf8_lossy(&out.stderr)
            );
            ran += 1;
        }
    }
    assert!(ran >= 15, "README's shell examples: {ran} votg commands");
}
