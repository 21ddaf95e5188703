//! The next scenario's card, for the table (`votg print --side S
//! --scenario`): what both sides play under — its type and Victory
//! Conditions (12.6255, 12.51-12.54), ELR and SAN (12.627), Weather, EC and
//! wind (12.620, 12.6261), who sets up and moves first (12.6253, 12.627) —
//! and what is the printing side's own: its entry areas (12.6217, CG SSR)
//! and the OBA and air it has on hand. Nothing of the other side's secrets.

use crate::error::Error;
use crate::model::force::ForceBox;
use crate::model::side::{Cg, Side};
use crate::model::state::CampaignState;
use crate::rules::cg_def::CgDef;
use crate::rules::initiative_matrix::ScenarioType;
use crate::rules::reph::initiative;
use crate::rules::rg_chart::{RgChart, RgClass};
use crate::rules::tables::Tables;

/// One line of the card: a heading and its text.
pub type Line = (String, String);

/// The card: whose, which scenario, and its lines.
#[derive(Debug, Clone)]
pub struct Card {
    pub side: Side,
    pub title: String,
    pub lines: Vec<Line>,
}

/// The card of the scenario being prepared, as `side` may print it.
pub fn card(
    state: &CampaignState,
    def: &CgDef,
    tables: &Tables,
    side: Side,
) -> Result<Card, Error> {
    let c = &state.campaign;
    if let Some(r) = &c.result {
        return Err(Error::Refused(format!(
            "the campaign is over ({}): no scenario follows.",
            crate::rules::reph::cg_end::verdict(r)
        )));
    }
    let day = c
        .today()
        .filter(|d| d.victor.is_none() && d.scenario_type.is_some());
    let Some(day) = day else {
        return Err(Error::Refused(
            "the next scenario is not known yet: its type comes from the Initiative chits revealed at 12.6252. Run `votg refit` up to there (`votg status` says where each side stands), then print its card.".into(),
        ));
    };
    let t = day.scenario_type.expect("filtered");
    if t == ScenarioType::IdleDay {
        return Err(Error::Refused(format!(
            "{} is an Idle Day (12.6253): no scenario is played, so there is no card to print.",
            c.cg_day().long()
        )));
    }
    let (weather, ec) = c.weather_of(day);
    let dash = |o: Option<String>| o.unwrap_or_else(|| "not known yet".into());
    let mut lines: Vec<Line> = vec![
        ("Type".into(), kind(c.is_initial(), t)),
        ("Victory Conditions".into(), victory(def, c.is_initial(), t)),
        ("ELR and SAN (12.627)".into(), elr_san(state)),
        (
            "Weather and EC (12.620)".into(),
            format!(
                "{}; EC {}",
                dash(weather.map(|w| w.to_string())),
                dash(ec.map(|e| e.to_string()))
            ),
        ),
        (
            "Wind (12.6261)".into(),
            day.wind.map_or_else(
                || "roll for Wind Force and direction before set-up (B25.63-.64); with a Mild Breeze and a Blaze on the map, place Drifting Smoke".into(),
                |w| w.to_string(),
            ),
        ),
        ("Sets up first".into(), who(day.sets_up_first, "by dr (12.6253)")),
        (
            "Moves first".into(),
            who(day.moves_first, "by dr after all set-up is complete (12.627)"),
        ),
    ];
    lines.push((
        format!("{} entry", side.name()),
        entry(state, def, tables, side),
    ));
    lines.push((
        format!("{} RGs entering or set up on map", side.name()),
        own_rgs(state, side),
    ));
    lines.push((
        format!("{} Recon (12.624)", side.name()),
        recon(state, side),
    ));
    lines.push((
        format!("{} OBA and air on hand", side.name()),
        support(state, def, tables, side),
    ));
    Ok(Card {
        side,
        title: format!(
            "Scenario {} — {} — VotG CG {} “{}”",
            c.scenario,
            c.cg_day().long(),
            c.cg,
            c.title
        ),
        lines,
    })
}

fn who(s: Option<Side>, otherwise: &str) -> String {
    s.map_or_else(|| otherwise.to_string(), |s| format!("the {}", s.name()))
}

fn kind(initial: bool, t: ScenarioType) -> String {
    let name = match t {
        ScenarioType::DualAttack => "Dual Attack",
        ScenarioType::GermanAssault => "German Assault",
        ScenarioType::RussianAssault => "Russian Assault",
        ScenarioType::IdleDay => "Idle Day",
    };
    if initial {
        format!("the Initial Scenario (12.5), a {name}")
    } else {
        format!("{name} (12.6253)")
    }
}

/// The Victory Conditions that apply: the Initial Scenario's (12.51-12.54);
/// CG I's own, which apply to all its scenarios (12.51) in place of the
/// type's; else the type's (12.6255). Only one set: printed side by side,
/// the type's and CG I's contradicted each other.
pub fn victory(def: &CgDef, initial: bool, t: ScenarioType) -> String {
    if initial {
        let text = def
            .initial
            .victory
            .clone()
            .or_else(|| def.scenario_victory.clone())
            .unwrap_or_default();
        return format!("{text} ({})", def.rule);
    }
    match &def.scenario_victory {
        Some(cg) => format!("{cg} (CG {}, {})", def.cg, def.rule),
        None => initiative::victory_conditions(t).to_string(),
    }
}

/// Both sides' ELR and SAN, as both announce them (12.627); the German's
/// ELR one less in a Night scenario (12.6254).
fn elr_san(state: &CampaignState) -> String {
    Side::BOTH
        .iter()
        .map(|&side| {
            let l = state.line(side);
            let elr = match l.night_elr {
                Some(n) => n,
                None if side == Side::German && state.campaign.night => {
                    crate::model::roster::german_night_elr(l.elr)
                }
                None => l.elr,
            };
            format!("{} ELR {elr}, SAN {}", side.name(), l.san)
        })
        .collect::<Vec<_>>()
        .join("; ")
}

fn chart(tables: &Tables, side: Side) -> &RgChart {
    match side {
        Side::German => &tables.german_rg,
        Side::Russian => &tables.russian_rg,
    }
}

/// Where the side's units may enter: the Initial Scenario's set-up and
/// entry (12.51-12.54); CG I's entry areas (CGI-1); else each Entry Code
/// of its RGs bought to enter (12.6217), and the Retained units' edge.
fn entry(state: &CampaignState, def: &CgDef, tables: &Tables, side: Side) -> String {
    if state.campaign.is_initial() {
        return def
            .ob(side)
            .groups
            .iter()
            .map(|g| format!("{}: {}", g.formation, g.setup))
            .collect::<Vec<_>>()
            .join(" / ");
    }
    if def.cg == Cg::I
        && let Some(rule) = def.special_rules.iter().find(|r| r.starts_with("CGI-1"))
    {
        return rule.clone();
    }
    let force = &state.side(side).force;
    let mut codes: Vec<String> = Vec::new();
    for (i, r) in state.side(side).purchases.iter().enumerate() {
        let entering = force
            .of_rg_row(i + 1)
            .any(|c| c.place == ForceBox::Entering);
        if entering && !r.entry_code.is_empty() && !codes.contains(&r.entry_code) {
            codes.push(r.entry_code.clone());
        }
    }
    let mut parts: Vec<String> = codes
        .iter()
        .map(|code| match chart(tables, side).entry_code(code) {
            Some(e) => format!("{} ({}): {}", e.name, e.rule, e.entry_area),
            None => format!("Entry Code {code} (12.6217)"),
        })
        .collect();
    parts.push("Retained units: any map-edge hexes that are currently friendly-Controlled and were friendly-Controlled at scenario start (12.6217, CG9).".into());
    parts.join(" / ")
}

/// The side's own RGs that enter, or set up on map, in this scenario, by
/// purchase row (12.6214, 12.6217), with their Entry Code.
fn own_rgs(state: &CampaignState, side: Side) -> String {
    let force = &state.side(side).force;
    let mut parts: Vec<String> = Vec::new();
    for (place, how) in [
        (ForceBox::Entering, "entering"),
        (ForceBox::OnMapSetup, "setting up on map"),
        (ForceBox::Reserve, "in Reserve"),
    ] {
        let rows: Vec<String> = state
            .side(side)
            .purchases
            .iter()
            .enumerate()
            .filter(|(i, _)| force.of_rg_row(i + 1).any(|c| c.place == place))
            .map(|(i, r)| {
                let code = match r.entry_code.as_str() {
                    "" => String::new(),
                    c => format!(", Entry Code {c}"),
                };
                format!("{} {} (row {}{code})", r.rg_id, r.group_type, i + 1)
            })
            .collect();
        if !rows.is_empty() {
            parts.push(format!("{how}: {}", rows.join(", ")));
        }
    }
    if parts.is_empty() {
        "none: only Retained units".into()
    } else {
        parts.join("; ")
    }
}

/// How many Locations the side may reconnoitre after set-up (12.624,
/// 12.6265), from its CG Roster's Recon column.
fn recon(state: &CampaignState, side: Side) -> String {
    match state.line(side).recon {
        Some(0) | None => "none".into(),
        Some(n) => format!("{n} Location(s), inspected after all set-up (12.6265)"),
    }
}

/// The side's OBA modules, observers, Stukas and Bombardments not lost
/// (its own secret: on its own card only), and CG6's limit.
fn support(state: &CampaignState, def: &CgDef, tables: &Tables, side: Side) -> String {
    let chart = chart(tables, side);
    let air_or_oba = |rg: &str| {
        chart.rg(rg).is_some_and(|d| {
            matches!(
                d.class,
                RgClass::Oba
                    | RgClass::Observer
                    | RgClass::Spotter
                    | RgClass::Stuka
                    | RgClass::Bombardment
            )
        })
    };
    let on_hand: Vec<String> = state
        .side(side)
        .force
        .counters
        .iter()
        .filter(|c| c.place != ForceBox::Casualties)
        .filter(|c| c.rg.as_deref().is_some_and(air_or_oba))
        .map(|c| {
            let note = if c.note.is_empty() {
                String::new()
            } else {
                format!(" ({})", c.note)
            };
            format!("{} {}{note}", c.id, c.unit)
        })
        .collect();
    let limit = format!(
        "at most {} OBA module(s) used in one CG scenario ({})",
        def.max_oba_per_scenario,
        def.max_oba_rule.as_deref().unwrap_or("CG6")
    );
    if on_hand.is_empty() {
        format!("none; {limit}")
    } else {
        format!("{}; {limit}", on_hand.join("; "))
    }
}
