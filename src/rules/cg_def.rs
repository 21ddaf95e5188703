//! The Campaign Game definitions (12.51–12.54) from `tables/cg/`: dates,
//! Initial OBs, SSR values and the CG's own rules that later steps need.

use serde::{Deserialize, Serialize};

use crate::error::Error;
use crate::model::force::{Condition, UnitKind};
use crate::model::side::{Cg, Side};
use crate::rules::table::Reading;
use crate::rules::tables::{Source, Tables, parse};

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct BonusCpp {
    pub side: Side,
    pub amount: i64,
    pub from_date: u8,
    #[serde(default)]
    pub from_night: bool,
    pub before_date: u8,
    pub rule: String,
}

#[derive(Debug, Clone, Deserialize, Serialize, Default)]
#[serde(deny_unknown_fields)]
pub struct Restrictions {
    #[serde(default)]
    pub russian_forbidden_rgs: Vec<String>,
    #[serde(default)]
    pub german_forbidden_rgs: Vec<String>,
    #[serde(default)]
    pub german_no_reserve: bool,
    #[serde(default)]
    pub russian_no_reserve: bool,
    #[serde(default)]
    pub german_no_san: bool,
    pub german_fortifications: Option<Vec<String>>,
    #[serde(default)]
    pub german_no_field_phone: bool,
    #[serde(default)]
    pub no_commissar_exchange: bool,
    pub rule: Option<String>,
    #[serde(default)]
    pub rules: Vec<String>,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct GivenRg {
    pub rg: String,
    #[serde(default = "one")]
    pub count: u32,
    #[serde(default)]
    pub strength_drm: i32,
    pub strength_drm_rule: Option<String>,
    #[serde(default)]
    pub leader_gate_na: bool,
    pub note: Option<String>,
}

fn one() -> u32 {
    1
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct GivenUnit {
    pub unit: String,
    pub kind: UnitKind,
    #[serde(default = "one")]
    pub count: u32,
    #[serde(default)]
    pub nkvd: bool,
    /// Conditions it starts with (I-4: the T-34 immobilized at start).
    #[serde(default)]
    pub condition: Vec<Condition>,
    pub note: Option<String>,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Group {
    pub formation: String,
    pub setup: String,
    /// The group enters as reinforcements (its RGs go to the Entering box).
    #[serde(default)]
    pub enters: bool,
    /// The group sets up in a Pocket: Isolated, with Ammunition Shortage (III-4).
    #[serde(default)]
    pub isolated: bool,
    #[serde(default)]
    pub rgs: Vec<GivenRg>,
    #[serde(default)]
    pub units: Vec<GivenUnit>,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct GivenFortification {
    pub kind: String,
    pub count: u32,
    pub group: Option<usize>,
    pub note: Option<String>,
}

/// An SSR DRM for RGs purchased in the Initial Scenario (SSR I-4).
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct PurchaseStrengthDrm {
    #[serde(default)]
    pub rg_prefixes: Vec<String>,
    #[serde(default)]
    pub rgs: Vec<String>,
    #[serde(default)]
    pub nth: u32,
    pub drm: i32,
    pub rule: String,
}

/// SSR II-4: a DR on the NKVD Leader Table (C25) for Commissars.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct CommissarRoll {
    pub table: String,
    pub column: String,
    pub drm: i32,
    pub joins: String,
    pub rule: String,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct InitialOb {
    pub elr: u32,
    pub san: u32,
    pub cpp: i64,
    #[serde(default)]
    pub support_cpp: i64,
    #[serde(default)]
    pub fpp: i64,
    #[serde(default)]
    pub groups: Vec<Group>,
    #[serde(default)]
    pub fortifications: Vec<GivenFortification>,
    #[serde(default)]
    pub purchase_strength_drms: Vec<PurchaseStrengthDrm>,
    pub commissars: Option<CommissarRoll>,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Initial {
    pub date: u8,
    #[serde(default)]
    pub night: bool,
    pub inherits: Option<String>,
    pub weather: Option<crate::model::weather::Weather>,
    pub ec: Option<crate::model::weather::Ec>,
    pub wind: Option<crate::model::weather::Wind>,
    pub weather_rule: Option<String>,
    pub sets_up_first: Option<String>,
    pub moves_first: Option<String>,
    pub scenario_type: Option<crate::rules::initiative_matrix::ScenarioType>,
    pub german_chit: Option<crate::rules::initiative_matrix::Chit>,
    pub russian_chit: Option<crate::rules::initiative_matrix::Chit>,
    pub game_end_dr: Option<bool>,
    pub turns: Option<u32>,
    pub victory: Option<String>,
    #[serde(default)]
    pub special_rules: Vec<String>,
    pub control: Option<String>,
    pub restrictions: Option<Restrictions>,
    pub german: Option<InitialOb>,
    pub russian: Option<InitialOb>,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct CgDef {
    pub schema: u32,
    pub kind: String,
    pub id: String,
    pub cg: Cg,
    pub title: String,
    pub rule: String,
    pub first_date: u8,
    pub last_date: u8,
    pub map: String,
    pub victory: String,
    pub scenario_victory: Option<String>,
    pub russian_attack_chits: u32,
    #[serde(default)]
    pub historical_strongpoints: Vec<String>,
    pub historical_strongpoints_rule: Option<String>,
    pub cellar: Option<String>,
    pub snipers_per_side: u32,
    pub self_rally_cg17: bool,
    pub max_oba_per_scenario: u32,
    pub max_oba_rule: Option<String>,
    #[serde(default)]
    pub game_end_drm: i32,
    pub game_end_drm_rule: Option<String>,
    #[serde(default)]
    pub infantry_purchase_penalty: i64,
    pub replenishment: [i64; 2],
    #[serde(default)]
    pub special_rules: Vec<String>,
    pub bonus_cpp: Option<BonusCpp>,
    pub initial: Initial,
    #[serde(default)]
    pub readings: Vec<Reading>,
}

impl CgDef {
    pub fn ob(&self, side: Side) -> &InitialOb {
        let ob = match side {
            Side::German => &self.initial.german,
            Side::Russian => &self.initial.russian,
        };
        ob.as_ref()
            .expect("validated: resolved CG definitions have both OBs")
    }

    pub fn restrictions(&self) -> Restrictions {
        self.initial.restrictions.clone().unwrap_or_default()
    }
}

/// Loads the definition of `cg`, resolving CG IV's "as per CG II" (12.54).
pub fn load(tables: &Tables, cg: Cg) -> Result<CgDef, Error> {
    let id = format!("cg-{}", cg.roman().to_lowercase());
    let mut def = parse_def(tables, &id)?;
    if let Some(parent) = def.initial.inherits.clone() {
        let base = parse_def(tables, &parent)?;
        let (date, night) = (def.initial.date, def.initial.night);
        def.initial = base.initial;
        def.initial.date = date;
        def.initial.night = night;
        def.initial.inherits = Some(parent);
    }
    validate(&def, tables).map_err(|message| Error::TableData {
        file: format!("cg/{id}.toml"),
        location: String::new(),
        message,
    })?;
    Ok(def)
}

fn parse_def(tables: &Tables, id: &str) -> Result<CgDef, Error> {
    let name = format!("cg/{id}.toml");
    let source: &Source = tables
        .sources
        .get(&name)
        .ok_or_else(|| Error::UnknownCg { id: id.to_string() })?;
    parse(source)
}

fn validate(def: &CgDef, tables: &Tables) -> Result<(), String> {
    if def.first_date > def.last_date
        || !(14..=27).contains(&def.first_date)
        || !(14..=27).contains(&def.last_date)
    {
        return Err(format!(
            "CG Days {}..{} are not within 14-27 September",
            def.first_date, def.last_date
        ));
    }
    if def.replenishment[1] == 0 {
        return Err("replenishment fraction has a zero denominator".into());
    }
    for side in Side::BOTH {
        let ob = match side {
            Side::German => def.initial.german.as_ref(),
            Side::Russian => def.initial.russian.as_ref(),
        }
        .ok_or_else(|| format!("[initial.{side}] is missing"))?;
        let chart = match side {
            Side::German => &tables.german_rg,
            Side::Russian => &tables.russian_rg,
        };
        for g in &ob.groups {
            for rg in &g.rgs {
                if chart.rg(&rg.rg).is_none() {
                    return Err(format!(
                        "[initial.{side}] gives RG `{}`, which is not on the {}",
                        rg.rg, chart.title
                    ));
                }
            }
        }
        for f in &ob.fortifications {
            if tables.fortification_purchase.item(&f.kind).is_none() {
                return Err(format!(
                    "[initial.{side}] gives fortification `{}`, not on the Fortification Purchase Table",
                    f.kind
                ));
            }
        }
    }
    Ok(())
}
