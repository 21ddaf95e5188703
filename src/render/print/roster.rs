//! The CG Roster sheet (12.14): one line per CG Day, every column the rules
//! tell players to write there, and blank lines for the CG Days to come.

use super::{esc, heading, td, tdn};
use crate::model::campaign::DayFacts;
use crate::model::roster::RosterLine;
use crate::model::side::Side;
use crate::model::state::CampaignState;
use crate::rules::tables::Tables;

/// The public facts of a line's CG Day, from campaign.toml.
fn day_of<'a>(state: &'a CampaignState, l: &RosterLine) -> Option<&'a DayFacts> {
    state
        .campaign
        .days
        .iter()
        .find(|d| d.date == l.date && d.night == l.night)
}

fn opt<T: std::fmt::Display>(o: Option<T>) -> String {
    o.map_or(String::new(), |v| v.to_string())
}

/// The scenario's result as the Roster records it: the victor.
fn result(day: Option<&DayFacts>) -> String {
    match day.and_then(|d| d.victor) {
        Some(s) => format!("{} victory", s.name()),
        None => String::new(),
    }
}

pub fn sheet(state: &CampaignState, tables: &Tables, side: Side) -> String {
    let german = side == Side::German;
    let roster = &state.side(side).roster;
    let mut html = String::from("<section class=\"sheet roster\">\n");
    html.push_str(&heading("CG Roster", state, side));
    html.push_str("<table>\n");
    html.push_str(&header(german));
    for l in &roster.lines {
        html.push_str(&line(state, tables, l, german));
    }
    // The CG Days still to come: their dates and Historical DRM (12.6182)
    // printed, the rest left to write in.
    let last = roster.lines.last().map_or(0, |l| l.date);
    let def_last = crate::rules::cg_def::load(tables, state.campaign.cg)
        .map(|d| d.last_date)
        .unwrap_or(last);
    for date in (last + 1)..=def_last {
        let hist = tables.historical_drm.drm(side, date, false);
        let cols = if german { 24 } else { 21 };
        let mut row = String::from("<tr class=\"blank\">");
        row.push_str(&tdn(&format!("{date}/9")));
        row.push_str(&td(""));
        row.push_str(&td(&moon(tables, date)));
        row.push_str(&tdn(&hist.map_or(String::new(), crate::model::drm::signed)));
        for _ in 4..cols {
            row.push_str(&td(""));
        }
        row.push_str("</tr>\n");
        html.push_str(&row);
    }
    html.push_str("</table>\n");
    html.push_str("<p class=\"legend\">D/N: Day or Night scenario. Hist DRM: 12.6182. CPP and Support CPP: 12.618, 12.621. RG Purchased: ID (CPP; +nS Support CPP). FPP: spent/received (12.623). Recon: Locations (CPP spent), 12.624. Moon: the historical Moon Phase of the date's night (12.6254, E1.11: Full, Half or No Moon), computed from the Moon's lit fraction at midnight Stalingrad time, since votg's rules transcription lacks the printed listing (tables/moon-phase.toml; check it against your printed CG Roster).</p>\n");
    html.push_str("</section>\n");
    html
}

fn header(german: bool) -> String {
    let mut h = String::from("<thead>\n<tr>");
    let span2 = |name: &str| format!("<th rowspan=\"2\">{}</th>", esc(name));
    for name in ["Date", "D/N", "Moon", "Hist DRM"] {
        h.push_str(&span2(name));
    }
    h.push_str("<th colspan=\"4\" class=\"grp\">CPP</th>");
    if german {
        h.push_str("<th colspan=\"4\" class=\"grp\">German Support CPP</th>");
    }
    h.push_str("<th rowspan=\"2\" style=\"width:13%\">RG Purchased (CPP)</th>");
    h.push_str("<th rowspan=\"2\">FPP</th>");
    h.push_str("<th rowspan=\"2\" style=\"width:11%\">Fortifications</th>");
    for name in ["ELR", "SAN", "Recon", "Initiative"] {
        h.push_str(&span2(name));
    }
    if !german {
        h.push_str(&span2("Booby Trap"));
    }
    for name in ["Weather", "EC", "Wind", "Scen."] {
        h.push_str(&span2(name));
    }
    h.push_str("<th rowspan=\"2\" style=\"width:7%\">Result</th>");
    h.push_str("</tr>\n<tr>");
    let pool = "<th>Start</th><th>Rec'd</th><th>Spent</th><th>Left</th>";
    h.push_str(pool);
    if german {
        h.push_str(pool);
    }
    h.push_str("</tr>\n</thead>\n");
    h
}

/// The Moon column: the date's historical Moon Phase (12.6254).
fn moon(tables: &Tables, date: u8) -> String {
    tables
        .moon_phase
        .phase(date)
        .map_or(String::new(), |d| d.phase.clone())
}

fn line(state: &CampaignState, tables: &Tables, l: &RosterLine, german: bool) -> String {
    let day = day_of(state, l);
    let mut r = String::from("<tr>");
    r.push_str(&tdn(&format!("{}/9", l.date)));
    r.push_str(&tdn(if l.night { "N" } else { "D" }));
    r.push_str(&td(&moon(tables, l.date)));
    r.push_str(&tdn(&crate::model::drm::signed(l.hist_drm)));
    for n in [l.cpp.start, l.cpp.received, l.cpp.spent, l.cpp.left] {
        r.push_str(&tdn(&n.to_string()));
    }
    if german {
        let p = l.support_cpp.unwrap_or_default();
        for n in [p.start, p.received, p.spent, p.left] {
            r.push_str(&tdn(&n.to_string()));
        }
    }
    let rgs: Vec<String> = l.rgs.iter().map(crate::render::sheets::bought).collect();
    r.push_str(&td(&rgs.join(", ")));
    r.push_str(&tdn(&format!("{}/{}", l.fpp_spent, l.fpp)));
    r.push_str(&td(&l.fortifications.join(", ")));
    r.push_str(&tdn(&l.elr_text()));
    r.push_str(&tdn(&l.san.to_string()));
    r.push_str(&tdn(&l
        .recon
        .map_or(String::new(), |n| format!("{n} ({} CPP)", l.recon_cpp))));
    r.push_str(&td(l.initiative.as_deref().unwrap_or("")));
    if !german {
        r.push_str(&td(l.booby_trap.as_deref().unwrap_or("")));
    }
    r.push_str(&tdn(&opt(day.and_then(|d| d.weather))));
    r.push_str(&tdn(&opt(day.and_then(|d| d.ec))));
    r.push_str(&tdn(&opt(day.and_then(|d| d.wind))));
    r.push_str(&tdn(&l.scenario.map_or("Idle".into(), |n| n.to_string())));
    r.push_str(&td(&result(day)));
    r.push_str("</tr>\n");
    r
}
