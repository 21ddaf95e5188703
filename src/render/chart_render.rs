//! `votg table show` for the non-dice charts.

use crate::model::drm::signed;
use crate::model::side::Cg;
use crate::rules::rg_chart::RgChart;
use crate::rules::roll_text::grid;
use crate::rules::sw_chart::{SW_KINDS, SwChart};
use crate::rules::table::Reading;
use crate::rules::tables::Tables;

pub fn title_rule(tables: &Tables, id: &str) -> (String, String) {
    let (t, r) = match id {
        "historical-drm" => (&tables.historical_drm.title, &tables.historical_drm.rule),
        "initiative-matrix" => (
            &tables.initiative_matrix.title,
            &tables.initiative_matrix.rule,
        ),
        "fortification-purchase" => (
            &tables.fortification_purchase.title,
            &tables.fortification_purchase.rule,
        ),
        "german-rg" => (&tables.german_rg.title, &tables.german_rg.rule),
        "russian-rg" => (&tables.russian_rg.title, &tables.russian_rg.rule),
        "german-sw" => (&tables.german_sw.title, &tables.german_sw.rule),
        "russian-sw" => (&tables.russian_sw.title, &tables.russian_sw.rule),
        "moon-phase" => (&tables.moon_phase.title, &tables.moon_phase.rule),
        _ => unreachable!("CHART_IDS are all handled"),
    };
    (t.clone(), r.clone())
}

pub fn chart_json(tables: &Tables, id: &str) -> String {
    let v = match id {
        "historical-drm" => serde_json::to_value(&tables.historical_drm),
        "initiative-matrix" => serde_json::to_value(&tables.initiative_matrix),
        "fortification-purchase" => serde_json::to_value(&tables.fortification_purchase),
        "german-rg" => serde_json::to_value(&tables.german_rg),
        "russian-rg" => serde_json::to_value(&tables.russian_rg),
        "german-sw" => serde_json::to_value(&tables.german_sw),
        "russian-sw" => serde_json::to_value(&tables.russian_sw),
        "moon-phase" => serde_json::to_value(&tables.moon_phase),
        _ => unreachable!("CHART_IDS are all handled"),
    }
    .expect("charts serialize");
    format!("{}\n", serde_json::to_string_pretty(&v).expect("json"))
}

pub fn chart(tables: &Tables, id: &str) -> String {
    match id {
        "historical-drm" => historical(tables),
        "initiative-matrix" => initiative(tables),
        "fortification-purchase" => fortification(tables),
        "german-rg" => rg(&tables.german_rg),
        "russian-rg" => rg(&tables.russian_rg),
        "german-sw" => sw(&tables.german_sw),
        "russian-sw" => sw(&tables.russian_sw),
        "moon-phase" => moon(tables),
        _ => unreachable!("CHART_IDS are all handled"),
    }
}

fn readings(out: &mut String, readings: &[Reading]) {
    for r in readings {
        out.push_str(&format!(
            "Reading {} [{}] (see READINGS.md): {}\n",
            r.clarification, r.kind, r.text
        ));
    }
}

fn moon(tables: &Tables) -> String {
    let m = &tables.moon_phase;
    let mut out = format!("{} ({})\n", m.title, m.rule);
    let mut t = grid();
    t.set_header(vec!["Date", "Moon Phase (E1.11)", "Lit", "Sky"]);
    for d in &m.days {
        t.add_row(vec![
            format!("{}/9", d.date),
            d.phase.clone(),
            format!("{} %", d.lit),
            d.sky.clone(),
        ]);
    }
    out.push_str(&format!("{t}\n"));
    readings(&mut out, &m.readings);
    out
}

fn historical(tables: &Tables) -> String {
    let h = &tables.historical_drm;
    let mut out = format!("{} ({})\n", h.title, h.rule);
    let mut t = grid();
    t.set_header(vec!["Date", "German DRM", "Russian DRM"]);
    for d in &h.days {
        let russian = match d.russian_night {
            Some(n) => format!("{}/{}{}", signed(d.russian), signed(n), d.marks.join("")),
            None => signed(d.russian),
        };
        t.add_row(vec![format!("{} Sept", d.date), signed(d.german), russian]);
    }
    out.push_str(&format!("{t}\n"));
    for f in &h.footnotes {
        out.push_str(&format!("{} {}\n", f.mark, f.text));
    }
    out
}

fn initiative(tables: &Tables) -> String {
    use crate::rules::initiative_matrix::Chit;
    let m = &tables.initiative_matrix;
    let mut out = format!("{} ({})\n", m.title, m.rule);
    let mut t = grid();
    t.set_header(vec!["Chit Selected", "Russian Attack", "Russian Idle"]);
    for (g, name) in [(Chit::Attack, "German Attack"), (Chit::Idle, "German Idle")] {
        let cell = |r| {
            let c = m.cell(g, r);
            format!("{} {}", c.result, c.marks.join(","))
        };
        t.add_row(vec![name.to_string(), cell(Chit::Attack), cell(Chit::Idle)]);
    }
    out.push_str(&format!("{t}\n"));
    for f in &m.footnotes {
        out.push_str(&format!("{} {}\n", f.mark, f.text));
    }
    out
}

fn fortification(tables: &Tables) -> String {
    let f = &tables.fortification_purchase;
    let mut out = format!("{} ({})\n", f.title, f.rule);
    let mut t = grid();
    t.set_header(vec![
        "Fortification Type",
        "Flags",
        "FPP Cost",
        "German",
        "Russian",
        "Notes",
        "votg keyword",
    ]);
    for i in &f.items {
        let cost = |side| {
            if i.russian_only && side == crate::model::side::Side::German {
                return "NA".to_string();
            }
            if let Some(c) = i.side_cost(side) {
                return format!("{c} per {}", i.per);
            }
            if !i.cost_by.is_empty() {
                return i
                    .cost_by
                    .iter()
                    .map(|(k, v)| format!("{k}: {v}"))
                    .collect::<Vec<_>>()
                    .join(", ");
            }
            i.formula.clone().unwrap_or_default()
        };
        t.add_row(vec![
            i.name.clone(),
            i.flags(),
            i.cost_text.clone(),
            cost(crate::model::side::Side::German),
            cost(crate::model::side::Side::Russian),
            i.marks.join(","),
            i.keyword.clone(),
        ]);
    }
    out.push_str(&format!("{t}\n"));
    out.push_str(&format!(
        "Mines: at most {} FPP per side per CG Day. HIP: at most {}% (FRU) of non-Reserve Infantry squads by day.\n",
        f.mine_cap_per_day, f.hip_percent
    ));
    for n in &f.footnotes {
        out.push_str(&format!("{} {}\n", n.mark, n.text));
    }
    readings(&mut out, &f.readings);
    out
}

fn rg(chart: &RgChart) -> String {
    let mut out = format!("{} ({})\n", chart.title, chart.rule);
    let mut t = grid();
    t.set_header(vec![
        "ID",
        "Group Type",
        "Unit Strength",
        "Unit Type(s)",
        "Notes",
        "CPP Cost",
        "Daily Max",
        "CG I",
        "CG II",
        "CG III",
        "CG IV",
    ]);
    for r in &chart.rgs {
        let mut row = vec![
            r.id.clone(),
            if r.designer_notes.is_empty() {
                r.group_type.clone()
            } else {
                format!("{} [{}]", r.group_type, r.designer_notes.join(","))
            },
            r.strength_text(),
            r.units_text(),
            r.notes.join(""),
            format!("{}{}", r.cost, r.cost_notes.join("")),
            format!("{}{}", r.daily_max, r.daily_max_notes.join("")),
        ];
        row.extend(Cg::ALL.iter().map(|&cg| r.cg_max.describe(cg)));
        t.add_row(row);
    }
    out.push_str(&format!("{t}\n"));
    out.push_str("Entry Codes (12.6217):\n");
    for c in &chart.entry_codes {
        let night = if c.from_night { " (night)" } else { "" };
        out.push_str(&format!(
            "  {} ({}): from {} Sep{night}. {}\n",
            c.name, c.id, c.from_date, c.formation
        ));
    }
    out.push_str("Notes:\n");
    for n in &chart.notes {
        let tr = n
            .transcribed
            .as_ref()
            .map_or(String::new(), |t| format!(" (printed as note {t})"));
        out.push_str(&format!("  {}{tr} {}\n", n.letter, n.text));
    }
    readings(&mut out, &chart.readings);
    out
}

fn sw(chart: &SwChart) -> String {
    let mut out = format!("{} ({})\n", chart.title, chart.rule);
    let mut t = grid();
    let mut header = vec!["RG Type".to_string()];
    header.extend(
        ["HMG", "MMG", "LMG", "ATR", "Lt MTR", "FT", "DC"]
            .iter()
            .map(|s| s.to_string()),
    );
    t.set_header(header);
    for r in &chart.rows {
        let mut row = vec![format!("{} ({})", r.name, r.rg)];
        row.extend(SW_KINDS.iter().map(|k| r.cell(k)));
        t.add_row(row);
    }
    out.push_str(&format!("{t}\n"));
    if !chart.depleted_drms.is_empty() {
        out.push_str("Depleted RG SW drm (table `depleted-sw`):\n");
        for d in &chart.depleted_drms {
            out.push_str(&format!("  {} {}\n", d.drm, d.reason));
        }
    }
    for f in &chart.footnotes {
        out.push_str(&format!("{} {}\n", f.mark, f.text));
    }
    readings(&mut out, &chart.readings);
    out
}
