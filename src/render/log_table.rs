//! `votg log` on a terminal: ONE table, one row per journal row, its long
//! text wrapped inside its cells (comfy-table's dynamic arrangement) so it
//! fits the terminal, rather than the stacked tables of the other sheets —
//! a journal row is read across, and stacked parts put its roll hundreds of
//! lines from what it was for. CSV and JSON keep every column of the sheet
//! (`sheets::log`).

use comfy_table::{ColumnConstraint, ContentArrangement, Table, Width, presets};

use crate::render::sheets::LogLine;
use crate::rules::words::plain;

/// The header of the one table.
pub const HEADER: [&str; 5] = ["#", "When", "What", "Roll", "Result"];

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
        // The number and the when stay whole; the text columns share the rest.
        for (i, least) in [(0, 3), (1, 12)] {
            if let Some(c) = t.column_mut(i) {
                c.set_constraint(ColumnConstraint::LowerBoundary(Width::Fixed(least)));
            }
        }
    }
    for (i, r) in rows.into_iter().enumerate() {
        let number = if renumber { i as u64 + 1 } else { r.seq };
        t.add_row(vec![
            number.to_string(),
            when(&r),
            plain(r.what),
            roll(&r),
            result(&r),
        ]);
    }
    let mut out = t.to_string();
    out.push('\n');
    out
}

/// CG Day, step, and whose row it is (a secret one said so).
fn when(r: &LogLine) -> String {
    let side = match r.side {
        "german" => "German",
        "russian" => "Russian",
        "both" => "both",
        other => other,
    };
    let secret = if r.secret { "\n(secret)" } else { "" };
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
