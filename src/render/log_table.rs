//! `votg log` on a terminal: ONE table, one row per journal row, its long
//! text wrapped inside its cells (comfy-table's dynamic arrangement) so it
//! fits the terminal, rather than the stacked tables of the other sheets —
//! a journal row is read across, and stacked parts put its roll hundreds of
//! lines from what it was for. CSV and JSON keep every column of the sheet
//! (`sheets::log`).

use comfy_table::{ColumnConstraint, ContentArrangement, Table, Width, presets};

use crate::render::sheets::LogLine;
use crate::rules::words::plain;

/// The header of the one table: a roll's dice and DRMs under what it was
/// for, so the text columns are two, wide enough to read a question in a
/// few lines at 80 columns.
pub const HEADER: [&str; 4] = ["#", "When", "What (roll)", "Result"];

/// The table of `rows`; `renumber` as for `sheets::log`; `width`: fit that
/// many columns, or none for one line per cell (`--wide`).
pub fn table<'a>(
    rows: impl IntoIterator<Item = LogLine<'a>>,
    renumber: bool,
    width: Option<usize>,
) -> String {
    let mut t = Table::new();
    t.load_style(presets::UTF8_FULL_CONDENSED);
    t.set_header(HEADER);
    if let Some(w) = width {
        t.set_content_arrangement(ContentArrangement::Dynamic)
            .set_width(w as u16);
        // The number and the when stay whole; the text columns share the
        // rest, the result at most two fifths of it.
        for (i, least) in [(0, 3), (1, 14)] {
            if let Some(c) = t.column_mut(i) {
                c.set_constraint(ColumnConstraint::LowerBoundary(Width::Fixed(least)));
            }
        }
        let most = (w.saturating_sub(24) * 2 / 5).max(16) as u16;
        if let Some(c) = t.column_mut(3) {
            c.set_constraint(ColumnConstraint::UpperBoundary(Width::Fixed(most)));
        }
    }
    for (i, r) in rows.into_iter().enumerate() {
        let number = if renumber { i as u64 + 1 } else { r.seq };
        let mut what = plain(r.what);
        if width.is_some() {
            what = cut(&what);
        }
        let rolled = roll(&r);
        if !rolled.is_empty() {
            what.push_str(&format!("\n({rolled})"));
        }
        t.add_row(vec![
            number.to_string(),
            when(&r),
            short(&what),
            short(&result(&r)),
        ]);
    }
    let mut out = t.to_string();
    out.push('\n');
    if width.is_some() && out.contains(" …") {
        out.push_str("A text cut short (…) is whole with --wide, --format csv or json.\n");
    }
    out
}

/// What a row says, cut to about two lines of 80 columns at a word (a
/// question of 12.617 took fifteen): the whole text in `--wide`, CSV and
/// JSON, which the table's note says.
fn cut(text: &str) -> String {
    const MOST: usize = 100;
    if text.chars().count() <= MOST + 20 {
        return text.to_string();
    }
    let head: String = text.chars().take(MOST).collect();
    let at = head.rfind(' ').unwrap_or(head.len());
    format!("{} …", &head[..at])
}

/// A reading named by its number (C27 is READINGS.md's, as README says).
fn short(text: &str) -> String {
    text.replace("READINGS.md C", "C")
}

/// CG Day, step, and whose row it is (a secret one said so).
fn when(r: &LogLine) -> String {
    let side = match r.side {
        "german" => "German",
        "russian" => "Russian",
        "both" => "both",
        other => other,
    };
    let secret = if r.secret { ", secret" } else { "" };
    format!("{} {}\n{side}{secret}", r.cg_day, r.step)
}

/// The dice as thrown, the Original total, each DRM, and the Final.
fn roll(r: &LogLine) -> String {
    if r.dice.is_empty() {
        return String::new();
    }
    let mut text = format!("{} = {}", r.dice, r.original);
    if !r.drms.is_empty() {
        let drms = crate::model::drm_text::parse_drms(r.drms)
            .map_or_else(|_| r.drms.to_string(), |d| crate::model::drm::describe(&d));
        text.push_str(&format!("; {drms}"));
    }
    if !r.final_result.is_empty() && r.final_result != r.original {
        text.push_str(&format!("; final {}", r.final_result));
    }
    text
}

/// The result, and its rule where the row names one the step does not.
fn result(r: &LogLine) -> String {
    let text = plain(r.result);
    if r.rule.is_empty() || r.rule == r.step || text.contains(&format!("({})", r.rule)) {
        text
    } else {
        format!("{text} ({})", r.rule)
    }
}
