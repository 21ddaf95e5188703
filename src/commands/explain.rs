//! `votg explain [DIR] --side S <ROW>`: the story of one RG Purchase Record
//! row, told from the journal: the purchase and its cost, every roll that
//! made the row (table, dice, each DRM with its rule, result), the answers
//! given, and what happened to its counters afterwards, in order. Only
//! what the side may see: its own rows and the public ones.

use std::path::Path;

use crate::commands::Config as Global;
use crate::commands::campaign::read_side;
use crate::error::Error;
use crate::model::journal::{JournalRow, Kind};
use crate::model::purchase_record::{PurchaseRow, SW_COLUMNS};
use crate::model::side::Side;
use crate::model::state::CampaignState;
use crate::render::sheets::purchased_ec;

pub fn run(dir: &Path, side: Side, row: usize, global: &Global) -> Result<String, Error> {
    let tables = global.load_tables()?;
    let state = read_side(dir, side, &tables)?;
    let text = story(&state, side, row)?;
    Ok(crate::render::sheet_fit::fit_text(
        &text,
        crate::render::sheet_fit::terminal_width(),
    ))
}

/// The journal rows the side may see in its stories.
fn mine(j: &JournalRow, side: Side) -> bool {
    j.visible_to(Some(side), false) && j.side != side.other().id()
}

/// Whether the journal tags the rows it journals with the purchase row
/// they concern (`row:<n>`), as every journal since votg recorded it does.
fn tagged(state: &CampaignState, side: Side) -> bool {
    state
        .journal
        .iter()
        .any(|j| mine(j, side) && j.concerns.contains("row:"))
}

/// The story of row `row` (1-based) of `side`'s RG Purchase Record.
pub fn story(state: &CampaignState, side: Side, row: usize) -> Result<String, Error> {
    let rows = &state.side(side).purchases;
    let Some(r) = row.checked_sub(1).and_then(|i| rows.get(i)) else {
        return Err(Error::Refused(format!(
            "the {} RG Purchase Record has {} row(s); there is no row {row}. `votg purchases --side {}` lists them with their numbers.",
            side.name(),
            rows.len(),
            side.id()
        )));
    };
    let mut out = format!(
        "{} RG Purchase Record row {row}: {} {} (CG Day {})\n",
        side.name(),
        r.rg_id,
        r.group_type,
        r.cg_day
    );
    out.push_str(&record_line(r));
    let now: Vec<String> = state
        .side(side)
        .force
        .of_rg_row(row)
        .map(|c| c.id.to_string())
        .collect();
    let counters = lineage(state, now);
    let journal = concerning(state, side, row, r, &counters);
    if journal.is_empty() {
        out.push_str("\nThe journal has no row about it (an RG given in the Initial OB with nothing rolled yet, or a journal written before votg recorded which row each roll concerns).\n");
    } else {
        out.push_str("\nIn order (numbered as `votg log --side S` numbers the side's rows):\n");
        // The number of each row among those the side may see.
        let shown: Vec<&JournalRow> = state.journal.iter().filter(|j| mine(j, side)).collect();
        for j in &journal {
            let n = shown
                .iter()
                .position(|s| std::ptr::eq(*s, *j))
                .map_or(0, |i| i + 1);
            out.push_str(&event(j, n));
        }
    }
    out.push_str(&counters_now(state, side, row));
    Ok(out)
}

/// The row as the sheet has it: strength, units, each SW, guns, leaders.
fn record_line(r: &PurchaseRow) -> String {
    let mut parts = vec![format!("#P/EC {}", purchased_ec(r))];
    if let Some(n) = r.remaining {
        parts.push(format!("#R {n}"));
    }
    if !r.strength.is_empty() {
        parts.push(format!("Strength {}", r.strength));
    }
    if let Some(n) = r.units {
        parts.push(format!("{n} units"));
    }
    for k in SW_COLUMNS {
        if let Some(n) = r.sw(k) {
            parts.push(format!("{n} {}", crate::rules::words::sw_name(k)));
        }
    }
    for (label, v) in [
        ("Guns", &r.guns),
        ("Leaders", &r.leaders),
        ("Other", &r.other),
    ] {
        if !v.is_empty() {
            parts.push(format!("{label}: {v}"));
        }
    }
    let on = r.on_board.to_string();
    if !on.is_empty() {
        parts.push(format!("On-Bd {on}"));
    }
    format!("  {}\n", parts.join("; "))
}

/// The counters `now` and those they were split from (a squad Casualty
/// Reduced to a new HS counter): a row journaled when a counter was made
/// from another names the old one as `from:<id>`, so the old counter's
/// story (its purchase, its losses) stays part of its row's.
fn lineage(state: &CampaignState, now: Vec<String>) -> Vec<String> {
    let mut ids = now;
    loop {
        let before = ids.len();
        for j in &state.journal {
            let words: Vec<&str> = j.concerns.split_whitespace().collect();
            if !words.iter().any(|w| ids.iter().any(|id| id == w)) {
                continue;
            }
            for old in words.iter().filter_map(|w| w.strip_prefix("from:")) {
                if !ids.iter().any(|id| id == old) {
                    ids.push(old.to_string());
                }
            }
        }
        if ids.len() == before {
            return ids;
        }
    }
}

/// The journal rows about the row or its counters, with the answers the
/// side gave in the steps those rows belong to (answers come before what
/// was decided from them).
fn concerning<'a>(
    state: &'a CampaignState,
    side: Side,
    row: usize,
    r: &PurchaseRow,
    counters: &[String],
) -> Vec<&'a JournalRow> {
    let tag = format!("row:{row}");
    let mine = |j: &JournalRow| mine(j, side);
    let about = |j: &JournalRow| {
        j.concerns
            .split_whitespace()
            .any(|c| c == tag || counters.iter().any(|id| id == c))
    };
    let about_row: Vec<&JournalRow> = state
        .journal
        .iter()
        .filter(|j| mine(j) && about(j))
        .collect();
    // A journal from before rows were tagged: the rows naming the RG on its
    // CG Day (two rows of the same RG that day cannot be told apart).
    let day = r.cg_day.to_string();
    let named = |j: &JournalRow| {
        j.cg_day == day
            && (j.what == format!("Purchase {}", r.rg_id)
                || j.what.starts_with(&format!("Purchase {} ", r.rg_id))
                || j.what.starts_with(&format!("{} ", r.rg_id)))
    };
    let chosen: Vec<&JournalRow> = if !tagged(state, side) {
        state
            .journal
            .iter()
            .filter(|j| mine(j) && named(j))
            .collect()
    } else {
        about_row
    };
    let steps: Vec<(&str, &str)> = chosen
        .iter()
        .map(|j| (j.cg_day.as_str(), j.step.as_str()))
        .collect();
    let bought_by = buying_answer(state, side, &chosen);
    let answer_in_step = |j: &JournalRow| {
        j.kind == Kind::Answer
            && j.side == side.id()
            && steps.contains(&(j.cg_day.as_str(), j.step.as_str()))
            && answer_names_rg(j, &r.rg_id)
            // Of the purchase lists, only the one that bought the row, not
            // a refused attempt typed before it.
            && (!j.answer_id.ends_with(".buy")
                || bought_by.is_none_or(|b| std::ptr::eq(b, j)))
    };
    state
        .journal
        .iter()
        .filter(|j| mine(j) && (chosen.iter().any(|c| std::ptr::eq(*c, *j)) || answer_in_step(j)))
        .collect()
}

/// The purchase answer that bought the row: the last purchase list the
/// side gave before the row's purchase was decided, in that step (a line
/// typed at the terminal and refused comes before it, never after).
fn buying_answer<'a>(
    state: &'a CampaignState,
    side: Side,
    chosen: &[&JournalRow],
) -> Option<&'a JournalRow> {
    let purchase = chosen
        .iter()
        .find(|j| j.kind == Kind::Decision && j.what.starts_with("Purchase "))?;
    let at = state
        .journal
        .iter()
        .position(|j| std::ptr::eq(j, *purchase))?;
    state.journal[..at].iter().rev().find(|j| {
        j.kind == Kind::Answer
            && j.side == side.id()
            && j.answer_id.ends_with(".buy")
            && j.cg_day == purchase.cg_day
            && j.step == purchase.step
    })
}

/// Whether an answer concerns this RG: the purchase list that bought it, or
/// a question asked about the RG's own leaders or squads.
fn answer_names_rg(j: &JournalRow, rg_id: &str) -> bool {
    if j.answer_id.ends_with(".buy") {
        return j
            .answer
            .split('"')
            .any(|p| p == rg_id || p.starts_with(&format!("{rg_id} ")));
    }
    !j.concerns.is_empty() || j.what.contains(rg_id)
}

/// One journal row told as a line of the story.
fn event(j: &JournalRow, n: usize) -> String {
    use crate::rules::words::plain;
    let head = format!("  [{n}] {} {}", j.cg_day, j.step);
    let (what, result) = (plain(&j.what), plain(&j.result));
    match j.kind {
        Kind::Answer => format!("{head} answer {} = {}\n", j.answer_id, j.result),
        Kind::Decision => format!("{head} {what}: {result} ({})\n", j.rule),
        Kind::Roll => {
            let table = if j.table.is_empty() {
                "plain roll".to_string()
            } else if j.column.is_empty() {
                format!("table {}", j.table)
            } else {
                format!("table {} column {}", j.table, j.column)
            };
            let mut text = format!(
                "{head} {what} — {table}: dice {} = {}\n",
                j.dice, j.original
            );
            match j.drm_list() {
                Ok(drms) => {
                    for d in drms {
                        text.push_str(&format!(
                            "        {} {} ({})\n",
                            crate::model::drm::signed(d.value),
                            d.reason,
                            d.rule
                        ));
                    }
                }
                Err(_) if !j.drms.is_empty() => {
                    text.push_str(&format!("        DRM {}\n", j.drms));
                }
                Err(_) => {}
            }
            text.push_str(&format!(
                "        final {} → {result} ({})\n",
                j.final_result, j.rule
            ));
            text
        }
    }
}

/// The row's counters as the Force Organizer has them now.
fn counters_now(state: &CampaignState, side: Side, row: usize) -> String {
    let force = &state.side(side).force;
    let runs = crate::model::force::sheet::runs(force.of_rg_row(row));
    if runs.is_empty() {
        return "\nNo counter of the Force Organizer comes from this row.\n".into();
    }
    let mut out = String::from("\nIts counters now (Force Organizer):\n");
    for r in runs {
        let c = r.first;
        let cond = c.condition_text();
        out.push_str(&format!(
            "  {}  {} x {} — {}{}{}\n",
            r.ids(),
            r.count,
            c.unit,
            c.place.title(),
            if cond.is_empty() {
                String::new()
            } else {
                format!("; {cond}")
            },
            if c.note.is_empty() {
                String::new()
            } else {
                format!("; {}", c.note)
            }
        ));
    }
    out
}
