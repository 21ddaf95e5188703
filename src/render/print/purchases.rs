//! The RG Purchase Record sheet with the columns of 12.6218, each row
//! numbered as `votg explain` counts them, blank rows below to write in.

use super::{heading, td, tdn};
use crate::model::purchase_record::SW_COLUMNS;
use crate::model::side::Side;
use crate::model::state::CampaignState;

/// Rows printed at least, so the sheet has room for purchases to come.
const MIN_ROWS: usize = 24;

pub fn sheet(state: &CampaignState, side: Side) -> String {
    let rows = &state.side(side).purchases;
    let mut html = String::from("<section class=\"sheet purchases\">\n");
    html.push_str(&heading("RG Purchase Record", state, side));
    html.push_str("<table>\n<thead>\n<tr>");
    html.push_str("<th rowspan=\"2\" style=\"width:3%\">Row</th><th rowspan=\"2\">CG Day</th><th rowspan=\"2\">RG ID</th><th rowspan=\"2\" style=\"width:11%\">Group Type</th><th rowspan=\"2\">#P/EC</th><th rowspan=\"2\">#R</th><th rowspan=\"2\">Str.</th><th rowspan=\"2\"># Units</th>");
    html.push_str("<th colspan=\"7\" class=\"grp\">SW</th>");
    html.push_str("<th rowspan=\"2\" style=\"width:10%\">Guns</th><th rowspan=\"2\" style=\"width:10%\">Leaders</th><th rowspan=\"2\" style=\"width:17%\">Other</th><th rowspan=\"2\">On-Bd</th></tr>\n<tr>");
    for h in ["HMG", "MMG", "LMG", "ATR", "Lt MTR", "FT", "DC"] {
        html.push_str(&format!("<th>{h}</th>"));
    }
    html.push_str("</tr>\n</thead>\n");
    for (i, r) in rows.iter().enumerate() {
        let mut row = String::from("<tr>");
        row.push_str(&tdn(&(i + 1).to_string()));
        row.push_str(&tdn(&r.cg_day.to_string()));
        row.push_str(&tdn(&r.rg_id));
        row.push_str(&td(&r.group_type));
        row.push_str(&tdn(&crate::render::sheets::purchased_ec(r)));
        row.push_str(&tdn(&r.remaining.map_or(String::new(), |n| n.to_string())));
        row.push_str(&tdn(&r.strength));
        row.push_str(&tdn(&r.units.map_or(String::new(), |n| n.to_string())));
        for k in SW_COLUMNS {
            row.push_str(&tdn(&r.sw(k).map_or(String::new(), |n| n.to_string())));
        }
        row.push_str(&td(&r.guns));
        row.push_str(&td(&r.leaders));
        row.push_str(&td(&r.other));
        row.push_str(&tdn(&r.on_board.to_string()));
        row.push_str("</tr>\n");
        html.push_str(&row);
    }
    for i in rows.len()..MIN_ROWS {
        html.push_str(&format!(
            "<tr class=\"blank\">{}{}</tr>\n",
            tdn(&(i + 1).to_string()),
            td("").repeat(18)
        ));
    }
    html.push_str("</table>\n<p class=\"legend\">#P: RGs of the type purchased so far in the CG; EC: Entry Code; #R: still available (12.6218). Str.: RS/FS/LD/MD/HD, F/D, or Plentiful/Normal/Scarce ammunition. On-Bd: O on-map, R Reserve, D Dug-In.</p>\n</section>\n");
    html
}
