//! Text for the table: charts as players recognise them, rolls, odds.

use comfy_table::{ContentArrangement, Table, presets};

use crate::rules::odds::{self, Chance};
use crate::rules::table::{Column, DiceTable, Layout, Resolution};

pub fn grid() -> Table {
    let mut t = Table::new();
    t.load_style(presets::UTF8_FULL_CONDENSED)
        .set_content_arrangement(ContentArrangement::Dynamic);
    // COLUMNS if set; at a terminal comfy-table measures it; into a pipe
    // or a file, the 80 columns every sheet fits.
    let columns = std::env::var("COLUMNS").ok().and_then(|c| c.parse().ok());
    let piped = !std::io::IsTerminal::is_terminal(&std::io::stdout());
    if let Some(width) = columns.or(piped.then_some(80)) {
        t.set_width(width);
    }
    t
}

/// `cells` two to a row, filled down the left column first (so a list read
/// down keeps its order): half the lines of a list of short items on an
/// 80-column screen. What a cell holds is said above it.
pub fn two_up(cells: Vec<String>) -> Table {
    let mut t = grid();
    let rows = cells.len().div_ceil(2);
    for i in 0..rows {
        let right = cells.get(i + rows).cloned().unwrap_or_default();
        t.add_row(vec![cells[i].clone(), right]);
    }
    t
}

/// The breakpoints of every column, merged: the rows of the printed grid.
fn segments(table: &DiceTable) -> Vec<crate::rules::range::Range> {
    use crate::rules::range::Range;
    let mut starts: Vec<i32> = table
        .columns
        .iter()
        .flat_map(|c| c.rows.iter().filter_map(|r| r.range().min))
        .collect();
    starts.sort();
    starts.dedup();
    let mut out = Vec::new();
    let mut low: Option<i32> = None;
    for s in starts {
        out.push(Range {
            min: low,
            max: Some(s - 1),
        });
        low = Some(s);
    }
    out.push(Range {
        min: low,
        max: None,
    });
    out
}

fn representative(r: crate::rules::range::Range) -> i32 {
    r.min.or(r.max).unwrap_or(0)
}

/// A table laid out by range: a row for each span of final rolls, a column
/// for each of the table's columns.
fn by_range(table: &DiceTable) -> Table {
    let mut t = grid();
    let mut header = vec![format!("Final {}", table.dice)];
    header.extend(table.columns.iter().map(|c| c.title.clone()));
    t.set_header(header);
    for seg in segments(table) {
        let n = representative(seg);
        let mut row = vec![seg.to_string()];
        row.extend(table.columns.iter().map(|c| c.row_for(n).marked_result()));
        t.add_row(row);
    }
    t
}

/// A table laid out by result: a row for each result, the rolls that give
/// it in each column.
fn by_result(table: &DiceTable) -> Table {
    let mut t = grid();
    let mut header = vec!["Result".to_string()];
    header.extend(
        table
            .columns
            .iter()
            .map(|c| format!("{} ({})", c.title, table.dice)),
    );
    t.set_header(header);
    let mut results: Vec<String> = Vec::new();
    for c in &table.columns {
        for r in &c.rows {
            if !results.contains(&r.marked_result()) {
                results.push(r.marked_result());
            }
        }
    }
    for result in results {
        let mut row = vec![result.clone()];
        row.extend(table.columns.iter().map(|c| {
            c.rows
                .iter()
                .filter(|r| r.marked_result() == result)
                .map(|r| r.range().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        }));
        let row: Vec<String> = row
            .into_iter()
            .map(|s| if s.is_empty() { "—".into() } else { s })
            .collect();
        t.add_row(row);
    }
    t
}

/// `votg table show` for a dice table.
pub fn dice_table(table: &DiceTable) -> String {
    let mut out = format!(
        "{} ({}) — {} — `{}`\n",
        table.title, table.rule, table.dice, table.id
    );
    if !table.description.is_empty() {
        out.push_str(&table.description);
        out.push('\n');
    }
    let t = match table.layout {
        Layout::ByRange => by_range(table),
        Layout::ByResult => by_result(table),
    };
    out.push_str(&t.to_string());
    out.push('\n');
    if let Some(g) = &table.gate {
        out.push_str(&format!(
            "{} {} (a {} of {} first)\n",
            g.mark, g.text, g.dice, g.pass
        ));
    }
    if !table.drms.is_empty() {
        out.push_str(&format!(
            "{}:\n",
            if table.dice == crate::rules::dice::DiceKind::OneDie {
                "drm"
            } else {
                "DRM"
            }
        ));
        for d in &table.drms {
            let marks = if d.marks.is_empty() {
                String::new()
            } else {
                d.marks.join("")
            };
            let only = if d.columns.is_empty() {
                String::new()
            } else {
                format!(" [{} only]", d.columns.join(", "))
            };
            out.push_str(&format!(
                "  {:>5}  {}{marks}{only} ({})\n",
                d.drm, d.reason, d.rule
            ));
        }
    } else if table.no_drm {
        out.push_str("No DRM: the Original roll is used.\n");
    }
    for f in &table.footnotes {
        let fires = f
            .on_original
            .map_or(String::new(), |r| format!(" [fires on an Original {r}]"));
        out.push_str(&format!("{} {}{fires}\n", f.mark, f.text));
    }
    for r in &table.readings {
        out.push_str(&format!(
            "Reading {} [{}] (see READINGS.md): {}\n",
            r.clarification, r.kind, r.text
        ));
    }
    out
}

/// `votg table odds` for one column.
pub fn odds(table: &DiceTable, column: &Column, drm: i32) -> String {
    let mut out = format!(
        "{} ({}), {}, DRM total {drm:+}\n",
        table.title, table.rule, column.title
    );
    let mut t = grid();
    t.set_header(vec![
        format!("Final {}", table.dice),
        "Result".into(),
        "Chance".into(),
    ]);
    for (row, chance) in column
        .rows
        .iter()
        .zip(odds::column_odds(table.dice, column, drm))
    {
        t.add_row(vec![
            row.range().to_string(),
            row.marked_result(),
            chance.describe(),
        ]);
    }
    out.push_str(&t.to_string());
    out.push('\n');
    for f in table
        .footnotes
        .iter()
        .filter(|f| f.columns.is_empty() || f.columns.contains(&column.id))
    {
        if let Some(r) = f.on_original {
            let c: Chance = odds::original_chance(table.dice, r);
            out.push_str(&format!(
                "{} Original {r}: {} — {}\n",
                f.mark,
                c.describe(),
                f.text
            ));
        }
    }
    out
}

/// A roll as the wizard and `table roll` show it.
pub fn resolution(r: &Resolution) -> String {
    let mut out = format!(
        "{} ({}), {}: dice {} = Original {}",
        r.table.title,
        r.table.rule,
        r.column.title,
        r.roll.faces(),
        r.roll.original()
    );
    for d in &r.drms {
        out.push_str(&format!("\n  {d}"));
    }
    out.push_str(&format!(
        "\nFinal {} {}: {}",
        r.table.dice,
        r.final_result,
        r.row.marked_result()
    ));
    for f in &r.notes {
        out.push_str(&format!("\n  {} {}", f.mark, f.text));
    }
    out.push('\n');
    out
}

/// A roll in one line, as the wizard shows it (the whole odds table only
/// on request: `--odds`, `votg table odds`): what it is for, the dice and
/// the Original, the DRM total with each reason, the Final and its result,
/// the chance of landing on that row, and any footnote the roll fired.
pub fn one_line(what: &str, r: &Resolution) -> String {
    let dice = r.table.dice;
    let mut out = format!("{what}: {dice} {} = {}", r.roll.faces(), r.roll.original());
    let total: i32 = r.drms.iter().map(|d| d.value).sum();
    // Each DRM with its reason and rule (DESIGN §1).
    let said = |d: &crate::model::drm::Drm| d.to_string();
    match r.drms.as_slice() {
        [] => {}
        [one] => out.push_str(&format!(", {}", said(one))),
        many => {
            let reasons: Vec<String> = many.iter().map(said).collect();
            let kind = if dice == crate::rules::dice::DiceKind::OneDie {
                "drm"
            } else {
                "DRM"
            };
            out.push_str(&format!(", {kind} {total:+} ({})", reasons.join("; ")));
        }
    }
    if !r.drms.is_empty() {
        out.push_str(&format!(" → Final {}", r.final_result));
    }
    let chance = r
        .column
        .rows
        .iter()
        .position(|row| std::ptr::eq(row, r.row))
        .and_then(|i| odds::column_odds(dice, r.column, total).get(i).copied());
    out.push_str(&format!(": {}", r.row.marked_result()));
    if let Some(c) = chance {
        out.push_str(&format!(" (chance {}/{})", c.ways, c.out_of));
    }
    for f in &r.notes {
        out.push_str(&format!("; {} {}", f.mark, f.text));
    }
    out
}
