//! The Force Organizer sheet, boxed like the Chapter V divider: every
//! counter with its id and condition, consecutive identical ones on one
//! line.

use super::{esc, heading};
use crate::force::ForceBox;
use crate::force::sheet::runs;
use crate::side::Side;
use crate::state::CampaignState;

pub fn sheet(state: &CampaignState, side: Side) -> String {
    let force = &state.side(side).force;
    let mut html = String::from("<section class=\"sheet force\">\n");
    html.push_str(&heading("Force Organizer", state, side));
    html.push_str("<div class=\"boxes\">\n");
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
                    None => rg.clone(),
                });
            }
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
