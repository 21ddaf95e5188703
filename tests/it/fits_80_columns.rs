//! Every sheet a player reads at a terminal fits 80 columns (`COLUMNS=80`),
//! `explain`, `table show` and `status` too; `log` is one table, one row per
//! journal row, its long text wrapped in its cells, and narrows to a side,
//! a step and a CG Day.

use crate::common::votg;

fn sample(name: &str) -> String {
    format!("{}/rosters/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// `votg ARGS` at `COLUMNS=80`; its standard output.
fn at_80(args: &[&str]) -> String {
    let out = votg().env("COLUMNS", "80").args(args).assert().success();
    String::from_utf8(out.get_output().stdout.clone()).unwrap()
}

fn assert_fits(what: &str, text: &str) {
    for line in text.lines() {
        assert!(
            line.chars().count() <= 80,
            "{what}: a line of {} columns:\n{line}",
            line.chars().count()
        );
    }
}

/// How many records a CSV document holds (a cell may hold a line end).
fn records(csv: &str) -> usize {
    csv::Reader::from_reader(csv.as_bytes()).records().count()
}

/// The number in the first cell of each row of a drawn table.
fn row_numbers(text: &str) -> Vec<usize> {
    text.lines()
        .filter_map(|l| l.strip_prefix("│ "))
        .filter_map(|l| l.split('┆').next())
        .filter_map(|cell| cell.trim().parse().ok())
        .collect()
}

#[test]
fn log_is_one_table_of_one_row_per_journal_row_within_80_columns() {
    let d = sample("cg-i-partway");
    let text = at_80(&["log", &d, "--reveal"]);
    assert_fits("log --reveal", &text);
    assert_eq!(text.matches('┌').count(), 1, "one table, not stacked ones");
    let csv = at_80(&["log", &d, "--reveal", "--format", "csv"]);
    assert_eq!(row_numbers(&text).len(), records(&csv));
    // A side's view numbers its rows 1, 2, 3 …, one table row each.
    let german = at_80(&["log", &d, "--side", "german"]);
    assert_fits("log --side german", &german);
    let csv = at_80(&["log", &d, "--side", "german", "--format", "csv"]);
    let rows = records(&csv);
    assert_eq!(row_numbers(&german), (1..=rows).collect::<Vec<_>>());
    // A roll reads across one row: its dice, DRM and result together.
    let row = german
        .split("\n│ 6 ")
        .nth(1)
        .and_then(|r| r.split("\n│ 7 ").next())
        .unwrap();
    for part in ["I1 Rifle Coy", "2,4 = 6", "Historical", "Full Strength"] {
        assert!(row.contains(part), "{part} not in row 6:\n{row}");
    }
}

#[test]
fn log_narrows_to_a_side_a_step_and_a_cg_day() {
    let d = sample("cg-i-partway");
    let csv = at_80(&[
        "log", &d, "--side", "german", "--step", "12.618", "--day", "16", "--format", "csv",
    ]);
    let rows: Vec<&str> = csv.lines().skip(1).collect();
    assert!(!rows.is_empty(), "{csv}");
    for r in &rows {
        assert!(r.contains(",16/9,12.618,german"), "{r}");
    }
    let text = at_80(&[
        "log", &d, "--side", "german", "--step", "12.618", "--day", "16",
    ]);
    assert_eq!(row_numbers(&text).len(), rows.len(), "{text}");
    // The whole campaign's rows of 16 Sep, and no other day's.
    let day = at_80(&["log", &d, "--day", "16", "--format", "csv"]);
    assert!(day.lines().skip(1).all(|l| l.contains(",16/9,")), "{day}");
    assert!(day.lines().count() > rows.len() + 1);
    // A Night scenario's CG Day is written 14N; none in this campaign.
    let night = at_80(&["log", &d, "--day", "14N", "--format", "csv"]);
    assert_eq!(night.lines().count(), 1, "{night}");
    votg()
        .args(["log", &d, "--day", "40"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("`40` is not a CG Day"));
}

#[test]
fn explain_table_show_and_status_fit_80_columns() {
    let d = sample("cg-i-partway");
    for (side, rows) in [("german", 9), ("russian", 6)] {
        for row in 1..=rows {
            let n = row.to_string();
            let text = at_80(&["explain", &d, "--side", side, &n]);
            assert_fits(&format!("explain {side} {row}"), &text);
        }
    }
    let list = at_80(&["table", "list", "--json"]);
    let ids: Vec<serde_json::Value> = serde_json::from_str(&list).unwrap();
    for id in ids.iter().filter_map(|t| t["id"].as_str()) {
        assert_fits(id, &at_80(&["table", "show", id]));
        // Into a pipe with no COLUMNS, the same 80.
        let out = votg()
            .env_remove("COLUMNS")
            .args(["table", "show", id])
            .assert()
            .success();
        assert_fits(id, &String::from_utf8_lossy(&out.get_output().stdout));
    }
    assert_fits("status", &at_80(&["status", &d]));
}

#[test]
fn status_shows_a_counterattack_scenario_in_its_cg_days_weather_and_ec() {
    // Scenario 2 of cg-i-partway is the Russian Counterattack of 15 Sep
    // (12.613): no Weather roll of its own (12.620 is skipped, ‡), so it
    // is played in 15 Sep's.
    let text = at_80(&["status", &sample("cg-i-partway")]);
    let line = text
        .lines()
        .find(|l| l.starts_with("│ 15/9") && l.contains("┆ 2 "))
        .unwrap_or_else(|| panic!("no line of scenario 2:\n{text}"));
    assert!(line.contains("clear, dry"), "{line}");
}

/// `log --step` at 80 columns: a question answered is read in a few lines
/// (the 12.617 question took fifteen, squeezed into a third of the width
/// beside an empty Roll column), a roll's dice under what it was for; the
/// whole text stays in `--wide`, CSV and JSON.
#[test]
fn log_step_shows_each_question_in_a_few_lines_at_80_columns() {
    let text = at_80(&[
        "log",
        &sample("cg-i-partway"),
        "--side",
        "german",
        "--step",
        "12.617",
    ]);
    assert_fits("log --step 12.617", &text);
    let lines: Vec<&str> = text.lines().collect();
    let starts: Vec<usize> = lines
        .iter()
        .enumerate()
        .filter(|(_, l)| {
            l.strip_prefix("│ ")
                .is_some_and(|r| r.starts_with(|c: char| c.is_ascii_digit()))
        })
        .map(|(i, _)| i)
        .collect();
    assert!(starts.len() >= 2, "{text}");
    for pair in starts.windows(2) {
        assert!(
            pair[1] - pair[0] <= 5,
            "a row of {} lines:\n{text}",
            pair[1] - pair[0]
        );
    }
    assert!(text.contains("--wide"), "{text}");
    let wide = at_80(&[
        "log",
        &sample("cg-i-partway"),
        "--side",
        "german",
        "--step",
        "12.617",
        "--wide",
    ]);
    assert!(wide.contains("[front-line|adjacent|behind]"), "{wide}");
}
