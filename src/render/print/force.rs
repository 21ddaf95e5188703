//! The Force Organizer sheet, boxed like the Chapter V divider: every
//! counter with its id and condition, consecutive identical ones on one
//! line.

use super::{esc, heading};
use crate::model::force::ForceBox;
use crate::model::force::sheet::runs;
use crate::model::side::Side;
use crate::model::state::CampaignState;

/// Lines a column of the sheet holds (190 mm less the heading, at the
/// font's line height), and millimetres a character takes, at 7 pt.
const LINES_AT_7PT: f64 = 62.0;
const CHAR_MM_AT_7PT: f64 = 1.3;

/// How many columns the boxes flow in, and the font size, so that every
/// counter fits the one page: more columns and a smaller font for a larger
/// force. The estimate counts each line as it will wrap in its column.
fn layout(state: &CampaignState, side: Side) -> (usize, f64) {
    let force = &state.side(side).force;
    let texts: Vec<usize> = ForceBox::ALL
        .iter()
        .flat_map(|&b| {
            let lines = runs(force.in_box(b));
            // The box's title and border take about three lines.
            std::iter::once(3 * 40).chain(lines.into_iter().map(|r| {
                r.ids().len()
                    + r.first.unit.len()
                    + r.first.note.len()
                    + r.first.condition_text().len()
                    + r.first.repair_label().map_or(0, |l| l.len() + 2)
                    + 16
            }))
        })
        .collect();
    for font in [7.0, 6.5, 6.0, 5.5] {
        let scale = font / 7.0;
        for columns in 3..=6 {
            let width_mm = (262.0 - 2.0 * (columns as f64 - 1.0)) / columns as f64 - 3.0;
            let per_line = (width_mm / (CHAR_MM_AT_7PT * scale)).floor().max(10.0) as usize;
            let lines: usize = texts.iter().map(|&n| n.div_ceil(per_line)).sum();
            if (lines as f64) <= columns as f64 * LINES_AT_7PT / scale * 0.9 {
                return (columns, font);
            }
        }
    }
    (6, 5.0)
}

pub fn sheet(state: &CampaignState, side: Side) -> String {
    let force = &state.side(side).force;
    let mut html = String::from("<section class=\"sheet force\">\n");
    html.push_str(&heading("Force Organizer", state, side));
    let (columns, font) = layout(state, side);
    html.push_str(&format!(
        "<div class=\"boxes\" style=\"column-count: {columns}; font-size: {font}pt\">\n"
    ));
    for b in ForceBox::ALL {
        html.push_str(&format!(
            "<div class=\"box\" id=\"box-{}\">\n<h2>{}</h2>\n<ul>\n",
            b.id(),
            esc(b.title())
        ));
        let lines = runs(force.in_box(b));
        if lines.is_empty() {
            html.push_str("<li class=\"empty\">—</li>\n");
        }
        for r in lines {
            let c = r.first;
            let mut remarks = Vec::new();
            if let Some(rg) = &c.rg {
                remarks.push(match c.rg_row {
                    Some(row) => format!("{rg} (row {row})"),
                    None => rg.to_string(),
                });
            }
            remarks.extend(c.repair_label());
            let cond = c.condition_text();
            html.push_str(&format!(
                "<li><span class=\"id\">{}</span> {}× {}{}{}{}</li>\n",
                esc(&r.ids()),
                r.count,
                esc(&c.unit),
                if remarks.is_empty() {
                    String::new()
                } else {
                    format!(" — {}", esc(&remarks.join("; ")))
                },
                if cond.is_empty() {
                    String::new()
                } else {
                    format!(" <span class=\"cond\">[{}]</span>", esc(&cond))
                },
                if c.note.is_empty() {
                    String::new()
                } else {
                    format!(" <small>{}</small>", esc(&c.note))
                }
            ));
        }
        html.push_str("</ul>\n</div>\n");
    }
    html.push_str("</div>\n</section>\n");
    html
}
