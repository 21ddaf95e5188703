//! The Force Organizer sheet, boxed like the Chapter V divider: every
//! counter with its id and condition, consecutive identical ones on one
//! line. The boxes are laid into the page's columns here, not by the
//! browser: a box too long for what is left of a column goes on in the
//! next under its own heading marked "(cont.)", never headless.

use super::{esc, heading};
use crate::model::force::sheet::{Run, runs};
use crate::model::force::{Force, ForceBox};
use crate::model::side::Side;
use crate::model::state::CampaignState;

/// Lines a column of the sheet holds at 7 pt (A4's 194 mm less margins
/// and the heading, 3.4 mm a line as Chromium prints it), and millimetres
/// a character takes.
const LINES_AT_7PT: f64 = 53.0;
const CHAR_MM_AT_7PT: f64 = 1.3;
/// Lines a box's heading, border and margin take.
const BOX_LINES: usize = 4;

/// One counter line: its HTML and its length in characters.
struct Line {
    html: String,
    chars: usize,
}

/// A box's lines, whole or the part of it one column holds.
struct Part<'a> {
    b: ForceBox,
    cont: bool,
    lines: &'a [Line],
}

/// The page's columns, the font size, and how many characters and lines a
/// column holds: more columns and a smaller font for a larger force, so
/// every counter fits the one page. Each line counts as it will wrap.
struct Layout {
    columns: usize,
    font: f64,
    per_line: usize,
    lines: usize,
}

fn layout(boxes: &[(ForceBox, Vec<Line>)]) -> Layout {
    for font in [7.0, 6.5, 6.0, 5.5] {
        let scale = font / 7.0;
        for columns in 3..=6 {
            let width_mm = (262.0 - 2.0 * (columns as f64 - 1.0)) / columns as f64 - 3.0;
            let per_line = (width_mm / (CHAR_MM_AT_7PT * scale)).floor().max(10.0) as usize;
            let capacity = (LINES_AT_7PT / scale) as usize;
            let l = Layout {
                columns,
                font,
                per_line,
                lines: capacity,
            };
            if flow(boxes, &l).len() <= columns {
                return l;
            }
        }
    }
    Layout {
        columns: 6,
        font: 5.0,
        per_line: 30,
        lines: 80,
    }
}

/// The boxes laid into columns of `l.lines` lines, in the divider's order:
/// a box that does not fit what is left of a column keeps what fits (two
/// lines at least) and goes on at the top of the next.
fn flow<'a>(boxes: &'a [(ForceBox, Vec<Line>)], l: &Layout) -> Vec<Vec<Part<'a>>> {
    let height = |line: &Line| line.chars.div_ceil(l.per_line).max(1);
    let mut columns: Vec<Vec<Part>> = vec![Vec::new()];
    let mut used = 0;
    for (b, lines) in boxes {
        let mut rest: &[Line] = lines;
        let mut cont = false;
        loop {
            // Not even the heading and a line left: the next column.
            let first = rest.first().map_or(1, height);
            if used > 0 && used + BOX_LINES + first > l.lines {
                columns.push(Vec::new());
                used = 0;
            }
            let room = l.lines.saturating_sub(used + BOX_LINES);
            let mut fit = 0;
            let mut taken = 0;
            for line in rest {
                if taken + height(line) > room {
                    break;
                }
                taken += height(line);
                fit += 1;
            }
            let whole = fit == rest.len();
            if !whole && fit < 2.min(rest.len()) && used > 0 {
                columns.push(Vec::new());
                used = 0;
                continue;
            }
            // A column too short for even two lines takes them all the same.
            let fit = if fit == 0 { rest.len().min(1) } else { fit };
            let (here, next) = rest.split_at(fit);
            columns.last_mut().expect("a column").push(Part {
                b: *b,
                cont,
                lines: here,
            });
            // An empty box still shows its "—".
            used += BOX_LINES + here.iter().map(height).sum::<usize>().max(1);
            if next.is_empty() {
                break;
            }
            rest = next;
            cont = true;
            columns.push(Vec::new());
            used = 0;
        }
    }
    columns
}

/// One counter line of a box: ids, count, unit, RG and row, condition,
/// note.
fn line(r: &Run) -> Line {
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
    let remarks = remarks.join("; ");
    let html = format!(
        "<li><span class=\"id\">{}</span> {}× {}{}{}{}</li>\n",
        esc(&r.ids()),
        r.count,
        esc(&c.unit),
        if remarks.is_empty() {
            String::new()
        } else {
            format!(" — {}", esc(&remarks))
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
    );
    let chars = r.ids().len() + c.unit.len() + remarks.len() + cond.len() + c.note.len() + 10;
    Line { html, chars }
}

fn lines_of(force: &Force) -> Vec<(ForceBox, Vec<Line>)> {
    ForceBox::ALL
        .iter()
        .map(|&b| (b, runs(force.in_box(b)).iter().map(line).collect()))
        .collect()
}

pub fn sheet(state: &CampaignState, side: Side) -> String {
    let boxes = lines_of(&state.side(side).force);
    let l = layout(&boxes);
    let mut html = String::from("<section class=\"sheet force\">\n");
    html.push_str(&heading("Force Organizer", state, side));
    html.push_str(&format!(
        "<div class=\"boxes\" style=\"grid-template-columns: repeat({}, 1fr); font-size: {}pt\">\n",
        l.columns, l.font
    ));
    for column in flow(&boxes, &l) {
        html.push_str("<div class=\"column\">\n");
        for part in column {
            let id = if part.cont {
                format!("box-{}-cont", part.b.id())
            } else {
                format!("box-{}", part.b.id())
            };
            let title = match part.cont {
                true => format!("{} (cont.)", part.b.title()),
                false => part.b.title().to_string(),
            };
            html.push_str(&format!(
                "<div class=\"box\" id=\"{id}\">\n<h2>{}</h2>\n<ul>\n",
                esc(&title)
            ));
            if part.lines.is_empty() {
                html.push_str("<li class=\"empty\">—</li>\n");
            }
            for line in part.lines {
                html.push_str(&line.html);
            }
            html.push_str("</ul>\n</div>\n");
        }
        html.push_str("</div>\n");
    }
    html.push_str("</div>\n</section>\n");
    html
}
