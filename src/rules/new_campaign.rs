//! `votg new`: a campaign standing at the start of its Initial Scenario,
//! which begins at RePh step 12.621 (12.5).

use crate::model::campaign::{Campaign, DayFacts, DiceState, OccasionName, Position, Standing};
use crate::model::cg_day::CgDay;
use crate::model::force::{Condition, Force, ForceBox, NewCounter, UnitKind};
use crate::model::journal::{self, Entry};
use crate::model::purchase_record::PurchaseRow;
use crate::model::roster::{Pool, Roster, RosterLine};
use crate::model::side::Side;
use crate::model::state::{CAMPAIGN_SCHEMA, CampaignState, SCHEMA, SideFiles};
use crate::rules::cg_def::CgDef;
use crate::rules::reph::sequence::{self, Occasion};
use crate::rules::tables::Tables;

/// The campaign of `def` at the start of its Initial Scenario (12.5): both
/// sides at 12.621, each with its Initial OB of 12.51–12.54.
pub fn initial_state(def: &CgDef, tables: &Tables) -> CampaignState {
    let day = CgDay::new(def.initial.date, def.initial.night);
    let facts = DayFacts {
        date: day.date,
        night: day.night,
        scenario: Some(1),
        weather: def.initial.weather,
        ec: def.initial.ec,
        wind: def.initial.wind,
        scenario_type: def.initial.scenario_type,
        sets_up_first: def
            .initial
            .sets_up_first
            .as_deref()
            .and_then(|s| s.parse().ok()),
        moves_first: def
            .initial
            .moves_first
            .as_deref()
            .and_then(|s| s.parse().ok()),
        german_chit: def.initial.german_chit,
        russian_chit: def.initial.russian_chit,
        cvp: None,
        f36: None,
        reph_cvp: Default::default(),
        victor: None,
    };
    let campaign = Campaign {
        schema: CAMPAIGN_SCHEMA,
        cg: def.cg,
        title: def.title.clone(),
        date: day.date,
        night: day.night,
        scenario: 1,
        occasion: OccasionName::Initial,
        // 12.5: the Initial Scenario's RePh is the C1 `†` steps.
        step: Standing::both(Position::At(sequence::first(Occasion::Initial))),
        dice: DiceState::default(),
        russian_attack_chits_used: 0,
        days: vec![facts],
        result: None,
    };
    let mut journal = Vec::new();
    journal::append(
        &mut journal,
        &day.to_string(),
        Entry::decision(
            "12.5",
            None,
            false,
            format!("Campaign Game {} created ({})", def.cg, def.title),
            format!(
                "Initial Scenario {}; both sides begin at RePh step {}",
                day.long(),
                campaign.step.german
            ),
            &def.rule,
        ),
    );
    let german = side_files(def, tables, Side::German, day);
    let russian = side_files(def, tables, Side::Russian, day);
    CampaignState {
        campaign,
        german,
        russian,
        journal,
    }
}

fn side_files(def: &CgDef, tables: &Tables, side: Side, day: CgDay) -> SideFiles {
    let (purchases, force) = initial_ob(def, tables, side, day);
    SideFiles {
        roster: initial_roster(def, tables, side, day),
        purchases: purchases.into(),
        force,
    }
}

/// The CG Roster's first line: the Initial Scenario's CPP, FPP, ELR and SAN
/// of the side's OB.
fn initial_roster(def: &CgDef, tables: &Tables, side: Side, day: CgDay) -> Roster {
    let ob = def.ob(side);
    let hist = tables
        .historical_drm
        .drm(side, day.date, day.night)
        .unwrap_or(0);
    let line = RosterLine {
        date: day.date,
        night: day.night,
        scenario: Some(1),
        hist_drm: hist,
        cpp: Pool::opening(ob.cpp),
        support_cpp: (side == Side::German).then(|| Pool::opening(ob.support_cpp)),
        rgs: Vec::new(),
        fpp: ob.fpp,
        fpp_spent: 0,
        mine_fpp: 0,
        fortifications: Vec::new(),
        elr: ob.elr,
        night_elr: (side == Side::German && day.night)
            .then(|| crate::model::roster::german_night_elr(ob.elr)),
        san: ob.san,
        recon: None,
        recon_cpp: 0,
        recon_lax: false,
        night_declared: None,
        initiative: match side {
            Side::German => def.initial.german_chit,
            Side::Russian => def.initial.russian_chit,
        }
        .map(|c| c.id().to_string()),
        booby_trap: (side == Side::Russian).then(|| "C".to_string()),
        ssr_commissar_dr: false,
    };
    Roster {
        schema: SCHEMA,
        side,
        bonus_cpp_taken: false,
        lines: vec![line],
    }
}

/// The Initial OB: a purchase record row for each given RG, and the Force
/// Organizer's counters of the OB's groups and fortifications.
fn initial_ob(def: &CgDef, tables: &Tables, side: Side, day: CgDay) -> (Vec<PurchaseRow>, Force) {
    let ob = def.ob(side);
    let chart = match side {
        Side::German => &tables.german_rg,
        Side::Russian => &tables.russian_rg,
    };
    let mut purchases = Vec::new();
    let mut force = Force::new(side);
    for (g, group) in ob.groups.iter().enumerate() {
        for given in &group.rgs {
            let rg = chart.rg(&given.rg).expect("validated CG definition");
            for _ in 0..given.count {
                let drm = (given.strength_drm != 0).then(|| {
                    format!(
                        "{:+} Strength DRM ({})",
                        given.strength_drm,
                        given.strength_drm_rule.as_deref().unwrap_or("SSR")
                    )
                });
                purchases.push(PurchaseRow {
                    cg_day: day,
                    rg_id: rg.id.clone(),
                    group_type: rg.group_type.clone(),
                    purchased_so_far: None,
                    remaining: Some(rg.cg_max.total(def.cg)),
                    ..PurchaseRow::given(g as u32 + 1, drm, given.leader_gate_na)
                });
                if let Some(mut item) = crate::rules::reph::purchase::capability_item(rg) {
                    item.rg_row = Some(purchases.len());
                    item.note = format!("Initial OB group {}", g + 1);
                    force.add(item);
                }
            }
        }
        for unit in &group.units {
            let place = if group.enters {
                ForceBox::Entering
            } else {
                ForceBox::Retained
            };
            let mut item = NewCounter::new(unit.unit.clone(), unit.kind, place);
            if unit.nkvd {
                item.condition.insert(Condition::Nkvd);
            }
            item.condition.extend(unit.condition.iter().cloned());
            if group.isolated {
                item.condition.extend(pocket(g));
            }
            item.note = format!(
                "Initial OB group {}: {}",
                g + 1,
                unit.note.clone().unwrap_or_default()
            )
            .trim_end_matches(": ")
            .to_string();
            force.add_n(&item, unit.count);
        }
    }
    for f in &ob.fortifications {
        let name = match f.kind.as_str() {
            "fortified-building" => "Fortified Building Location".to_string(),
            k => tables
                .fortification_purchase
                .item(k)
                .map_or(k.to_string(), |i| i.name.clone()),
        };
        let item = NewCounter::new(name, UnitKind::Fortification, ForceBox::Fortifications)
            .with_note("Initial OB");
        force.add_n(&item, f.count);
    }
    (purchases, force)
}

/// The conditions of a group that sets up in a Pocket (III-4): Isolated,
/// in an Isolated Area named after its Initial OB group, with Ammunition
/// Shortage.
pub fn pocket(group: usize) -> [Condition; 2] {
    [
        Condition::Isolated(format!("Initial OB group {}", group + 1)),
        Condition::AmmoShortage,
    ]
}
