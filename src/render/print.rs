//! `votg print [DIR] --side S [--out FILE]`: a side's sheets as one
//! standalone HTML file for the table — the CG Roster laid out like the
//! printed form, the RG Purchase Record with 12.6218's columns, and the
//! Force Organizer boxed like the Chapter V divider — one sheet per
//! landscape page, sized to fit both A4 and Letter. No script, font or
//! image from elsewhere: it prints the same offline. Only that side's
//! files and the public campaign facts are read.

pub mod card;
mod force;
mod purchases;
mod roster;

use crate::model::side::Side;
use crate::model::state::CampaignState;
use crate::rules::tables::Tables;

/// The page: landscape, margins such that the printable area (Letter's
/// 279 mm by A4's 210 mm, less margins) holds each sheet whichever paper is
/// loaded.
const CSS: &str = r#"
@page { size: landscape; margin: 8mm; }
* { box-sizing: border-box; }
body { margin: 0; font-family: "DejaVu Sans", "Liberation Sans", Arial, sans-serif; font-size: 7.5pt; color: #000; }
.sheet { width: 262mm; page-break-after: always; break-after: page; }
.sheet:last-child { page-break-after: auto; break-after: auto; }
h1 { font-size: 12pt; margin: 0 0 1mm 0; letter-spacing: 0.05em; text-transform: uppercase; }
.sub { font-size: 8pt; margin: 0 0 2mm 0; }
table { border-collapse: collapse; width: 100%; table-layout: fixed; }
th, td { border: 0.3mm solid #000; padding: 0.4mm 0.8mm; vertical-align: top; overflow-wrap: anywhere; }
th { overflow-wrap: normal; background: #ddd; font-size: 6.5pt; font-weight: bold; text-align: center; }
td.n { text-align: center; overflow-wrap: normal; }
tr.blank td { height: 5mm; }
.roster table { table-layout: auto; }
.roster tr.blank td { height: 7mm; }
.grp { text-align: center; background: #eee; }
.legend { font-size: 6.5pt; margin-top: 1.5mm; }
.boxes { display: grid; column-gap: 2mm; align-items: start; }
.box { border: 0.5mm solid #000; padding: 1mm; margin: 0 0 1.5mm 0; break-inside: avoid; }
.box li { break-inside: avoid; }
.box h2 { font-size: 8pt; margin: 0 0 0.8mm 0; border-bottom: 0.3mm solid #000; text-transform: uppercase; }
.box ul { list-style: none; margin: 0; padding: 0; }
.box li { margin: 0 0 0.4mm 0; }
.id { font-family: "DejaVu Sans Mono", monospace; font-size: 6.5pt; }
.cond { font-style: italic; }
.empty { color: #666; }
@media screen { body { background: #888; } .sheet { background: #fff; margin: 5mm auto; padding: 0; } }
"#;

/// The whole HTML document of `side`'s three sheets.
pub fn document(state: &CampaignState, tables: &Tables, side: Side) -> String {
    let c = &state.campaign;
    let title = format!("{} sheets — VotG CG {} {}", side.name(), c.cg, c.title);
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{}</title>\n<style>{CSS}</style>\n</head>\n<body>\n{}{}{}</body>\n</html>\n",
        esc(&title),
        roster::sheet(state, tables, side),
        purchases::sheet(state, side),
        force::sheet(state, side),
    )
}

/// Text made safe for HTML.
pub fn esc(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// A table cell.
fn td(text: &str) -> String {
    format!("<td>{}</td>", esc(text))
}

/// A centred figure cell.
fn tdn(text: &str) -> String {
    format!("<td class=\"n\">{}</td>", esc(text))
}

/// The sheet's heading: its name as the form prints it, and whose it is.
fn heading(name: &str, state: &CampaignState, side: Side) -> String {
    let c = &state.campaign;
    format!(
        "<h1>{}</h1>\n<p class=\"sub\">{} — Valor of the Guards CG {} “{}” — as of {} (step {})</p>\n",
        esc(name),
        side.name(),
        c.cg,
        esc(&c.title),
        esc(&c.cg_day().long()),
        esc(&c.step.of(side).to_string())
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn esc_makes_markup_inert() {
        assert_eq!(
            esc("<b>\"A&B\"</b>"),
            "&lt;b&gt;&quot;A&amp;B&quot;&lt;/b&gt;"
        );
    }
}
