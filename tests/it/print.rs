//! `votg print`: one standalone HTML file of a side's three sheets, with
//! the figures of that side's files and nothing of the other side's.

use crate::common::{copy_all, load, votg};
use std::path::Path;
use votg::model::side::Side;

fn walkthrough() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("rosters/cg-i-walkthrough")
}

fn print(side: &str) -> String {
    let out = votg()
        .args(["print", walkthrough().to_str().unwrap(), "--side", side])
        .assert()
        .success();
    String::from_utf8(out.get_output().stdout.clone()).unwrap()
}

#[test]
fn the_sheets_are_one_standalone_file_of_three_landscape_pages() {
    let html = print("german");
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert_eq!(html.matches("<section class=\"sheet").count(), 3);
    assert!(html.contains("@page { size: landscape;"));
    for outside in [
        "http:", "https:", "<script", "@import", "url(", "<link", "<img",
    ] {
        assert!(!html.contains(outside), "{outside} in the HTML");
    }
    for sheet in ["CG Roster", "RG Purchase Record", "Force Organizer"] {
        assert!(html.contains(&format!("<h1>{sheet}</h1>")), "{sheet}");
    }
}

#[test]
fn the_html_has_the_figures_of_the_sides_files() {
    // Loaded from a copy: the test helper's loader takes the lock, which
    // would leave a `.votg` in rosters/.
    let tmp = tempfile::tempdir().unwrap();
    copy_all(&walkthrough(), &tmp.path().join("c"));
    let state = load(&tmp.path().join("c"));
    for side in Side::BOTH {
        let html = print(side.id());
        let files = state.side(side);
        let line = files.roster.current().unwrap();
        for (what, n) in [
            ("Start", line.cpp.start),
            ("Spent", line.cpp.spent),
            ("Left", line.cpp.left),
        ] {
            assert!(
                html.contains(&format!("<td class=\"n\">{n}</td>")),
                "{what} {n}"
            );
        }
        for b in &line.rgs {
            assert!(html.contains(&b.rg), "{}", b.rg);
        }
        for (i, r) in files.purchases.iter().enumerate() {
            let row = format!(
                "<tr><td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td>",
                i + 1,
                r.cg_day,
                r.rg_id
            );
            assert!(html.contains(&row), "purchase row {}", i + 1);
            if !r.strength.is_empty() {
                assert!(html.contains(&format!("<td class=\"n\">{}</td>", r.strength)));
            }
        }
        // Every counter: the first id of its line, its unit, its condition.
        for c in files.force.counters.iter() {
            assert!(
                html.contains(&votg::render::print::esc(&c.unit)),
                "{}",
                c.unit
            );
            let cond = c.condition_text();
            if !cond.is_empty() {
                assert!(html.contains(&votg::render::print::esc(&cond)), "{cond}");
            }
        }
        let runs = votg::model::force::sheet::runs(files.force.counters.iter());
        assert!(runs.iter().all(|r| html.contains(&r.ids())));
        // Nothing of the other side: none of its counter ids.
        let other = side.other();
        let theirs = state.side(other).force.counters[0].id.to_string();
        assert!(
            !html.contains(&format!("{theirs} ")),
            "{theirs} shown to the {}",
            side.name()
        );
    }
}

#[test]
fn out_writes_the_file() {
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("sheets.html");
    votg()
        .args([
            "print",
            walkthrough().to_str().unwrap(),
            "--side",
            "russian",
            "--out",
            file.to_str().unwrap(),
        ])
        .assert()
        .success();
    let html = std::fs::read_to_string(&file).unwrap();
    assert!(html.contains("Russian — Valor of the Guards"));
    assert!(html.contains("Booby Trap"));
}

#[test]
fn a_large_force_has_every_counter_on_its_sheet() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path().join("iv");
    let ds = d.to_str().unwrap();
    votg()
        .args(["new", ds, "--cg", "IV", "--seed", "1"])
        .assert()
        .success();
    // Its Initial Scenario's RePh, nothing bought: the Initial OB's strength.
    let answers = tmp.path().join("answers.toml");
    let none = "buy = []\nfortify = []\nrecon = 0\n";
    std::fs::write(&answers, format!("[german]\n{none}[russian]\n{none}")).unwrap();
    votg()
        .args(["refit", ds, "--answers", answers.to_str().unwrap()])
        .assert()
        .success();
    let out = votg()
        .args(["print", ds, "--side", "german"])
        .assert()
        .success();
    let html = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(html.contains("<div class=\"boxes\" style=\"grid-template-columns: "));
    let copy = tmp.path().join("copy");
    copy_all(&d, &copy);
    let state = load(&copy);
    // CG IV's German Initial OB: over a hundred counters.
    assert!(state.german.force.counters.len() > 100);
    for r in votg::model::force::sheet::runs(state.german.force.counters.iter()) {
        assert!(html.contains(&r.ids()), "{}", r.ids());
    }
}

#[test]
fn rule_12_6254_the_roster_moon_column_has_the_historical_moon_phase() {
    // CG I runs 15-22 Sep 1942: a waxing Moon past its first quarter
    // (Half) on 15 Sep, nearly full (Full) by 22 Sep (New Moon 10 Sep,
    // Full Moon 25 Sep).
    for side in ["german", "russian"] {
        let html = print(side);
        for (date, phase) in [("15/9", "Half"), ("17/9", "Half"), ("22/9", "Full")] {
            // The row's cells: Date, D/N, Moon, ...
            let cell = format!("<td class=\"n\">{date}</td>");
            let at = html.find(&cell).unwrap_or_else(|| panic!("{date} row"));
            let moon = html[at..].split("</td>").nth(2).unwrap_or("");
            assert_eq!(moon, format!("<td>{phase}"), "{side} {date}");
        }
        assert!(
            html.contains("tables/moon-phase.toml"),
            "the legend cites it"
        );
    }
}

/// A Force Organizer box too long for what is left of its column goes on
/// in the next under its own heading marked "(cont.)": every column begins
/// with a box's heading (the browser's columns split a box with none).
/// Here the walkthrough's German with 150 more counters in Casualties.
#[test]
fn a_force_organizer_box_continued_in_the_next_column_has_its_heading() {
    use votg::model::force::{ForceBox, NewCounter, UnitKind};
    let c = crate::common::Camp::sample("cg-i-walkthrough");
    c.edit(|s| {
        for i in 0..150 {
            let unit = if i % 2 == 0 { "4-6-7" } else { "5-4-8" };
            s.german
                .force
                .add(NewCounter::new(unit, UnitKind::Squad, ForceBox::Casualties));
        }
    });
    let out = votg()
        .args(["print", c.path(), "--side", "german"])
        .assert()
        .success();
    let html = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let force = html.split("<h1>Force Organizer</h1>").nth(1).unwrap();
    let columns: Vec<&str> = force.split("<div class=\"column\">").skip(1).collect();
    assert!(columns.len() >= 2, "{force}");
    for column in &columns {
        assert!(
            column
                .trim_start()
                .starts_with("<div class=\"box\" id=\"box-"),
            "a column without a heading:\n{}",
            &column[..column.len().min(300)]
        );
    }
    assert!(force.contains("<h2>Casualties (cont.)</h2>"), "{force}");
    assert!(!html.contains("column-count"));
}
