//! Text sheets that fit the terminal: `roster`, `purchases`, `force` and
//! `log` at 80 columns lose no figure; `--wide` is one table; every sheet
//! takes `--format text|csv|json`. The public log does not show how many
//! secret rows exist.

use crate::common::votg;
use std::path::Path;

fn sample(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("rosters")
        .join(name)
        .to_string_lossy()
        .into_owned()
}

fn run(columns: &str, args: &[&str]) -> String {
    let out = votg().env("COLUMNS", columns).args(args).assert().success();
    String::from_utf8(out.get_output().stdout.clone()).unwrap()
}

/// Every word of every CSV cell appears in `text`.
fn every_figure_in(csv_text: &str, text: &str) {
    let mut r = csv::Reader::from_reader(csv_text.as_bytes());
    let words: std::collections::HashSet<&str> = text
        .split(|c: char| c.is_whitespace() || "│┆║".contains(c))
        .collect();
    for rec in r.records() {
        for cell in rec.unwrap().iter() {
            for w in cell.split_whitespace() {
                assert!(
                    words.contains(w) || text.contains(w),
                    "`{w}` of `{cell}` lost:\n{text}"
                );
            }
        }
    }
}

#[test]
fn sheets_fit_80_columns_without_losing_a_figure() {
    let d = sample("cg-i-walkthrough");
    for side in ["german", "russian"] {
        for cmd in ["roster", "purchases", "force"] {
            let text = run("80", &[cmd, &d, "--side", side]);
            assert!(
                text.lines().all(|l| l.chars().count() <= 80),
                "{cmd} --side {side} wider than 80:\n{text}"
            );
            let wide = run("80", &[cmd, &d, "--side", side, "--wide"]);
            if cmd != "force" {
                assert!(wide.lines().any(|l| l.chars().count() > 80), "{cmd} --wide");
            }
            let csv = run("80", &[cmd, &d, "--side", side, "--format", "csv"]);
            if cmd == "roster" {
                every_figure_in(&csv, &text);
            }
        }
        let log = run("80", &["log", &d, "--side", side]);
        assert!(log.lines().all(|l| l.chars().count() <= 80), "{log}");
    }
    let text = run("80", &["purchases", &d, "--side", "russian"]);
    for figure in ["NKVD", "Militia", "MD", "9-2,", "8-1", "T-34", "M41"] {
        assert!(text.contains(figure), "{figure} lost:\n{text}");
    }
}

#[test]
fn a_counter_line_folded_to_80_columns_keeps_its_indent() {
    let d = sample("cg-i-walkthrough");
    for side in ["german", "russian"] {
        let text = run("80", &["force", &d, "--side", side]);
        let names_a_counter = |l: &&str| {
            let t = l.trim_start();
            (t.starts_with("G-") || t.starts_with("R-"))
                && t[2..].starts_with(|c: char| c.is_ascii_digit())
        };
        let counters: Vec<&str> = text.lines().filter(names_a_counter).collect();
        assert!(
            counters.iter().any(|l| !l.ends_with(']')),
            "no counter line was folded:\n{text}"
        );
        for l in counters {
            assert!(l.starts_with("  "), "`{l}` lost its indent:\n{text}");
        }
    }
}

#[test]
fn every_sheet_takes_format_json() {
    let d = sample("cg-i-walkthrough");
    for cmd in ["roster", "purchases", "force", "log"] {
        let mut args = vec![cmd, d.as_str(), "--side", "german", "--format", "json"];
        if cmd == "log" {
            args.truncate(2);
            args.extend(["--side", "german", "--format", "json"]);
        }
        let text = run("80", &args);
        let v: serde_json::Value =
            serde_json::from_str(&text).unwrap_or_else(|e| panic!("{cmd}: {e}\n{text}"));
        assert!(v.is_array() || v.is_object(), "{cmd}");
    }
    let log = run("80", &["log", &d, "--format", "csv"]);
    assert!(log.starts_with("#,CG Day,Step,Side,What"));
}

#[test]
fn the_public_log_does_not_tell_how_many_secret_rows_exist() {
    let played = run("200", &["log", &sample("cg-i-walkthrough")]);
    let fresh = run("200", &["log", &sample("cg-i-new")]);
    let note = |t: &str| t.lines().last().unwrap().to_string();
    assert_eq!(note(&played), note(&fresh));
    // Rows numbered in the view: no gap where secret rows were.
    let csv = run(
        "200",
        &["log", &sample("cg-i-walkthrough"), "--format", "csv"],
    );
    let numbers: Vec<usize> = csv
        .lines()
        .skip(1)
        .map(|l| l.split(',').next().unwrap().parse().unwrap())
        .collect();
    assert_eq!(numbers, (1..=numbers.len()).collect::<Vec<_>>());
    assert!(!csv.contains("(secret)"));
}

#[test]
fn a_step_that_does_not_exist_is_an_error() {
    votg()
        .args(["log", &sample("cg-i-walkthrough"), "--step", "12.999"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("no RePh step has that number"));
    votg()
        .args(["log", &sample("cg-i-walkthrough"), "--step", "12.622"])
        .assert()
        .success();
}
