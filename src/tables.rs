//! The registry of every table and chart: the copies embedded at build time,
//! or a player's edited folder (`--tables DIR`).

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::path::Path;

use serde::Deserialize;

use crate::error::Error;
use crate::fortification_table::FortificationTable;
use crate::historical_drm::HistoricalDrmChart;
use crate::initiative_matrix::InitiativeMatrix;
use crate::ladder::Ladders;
use crate::moon_phase::MoonPhaseChart;
use crate::rg_chart::RgChart;
use crate::sw_chart::SwChart;
use crate::table::DiceTable;

mod contracts;
mod lazy;
mod parse;
mod sources;

use contracts::check_contracts;
pub use lazy::Lazy;
pub use parse::{HasSchemaField, line_column, parse};
use parse::{check_schema, data_error, parse_checked};
pub use sources::Source;
use sources::{embedded_keyed, embedded_sources, read_dir_sources};

/// The table ids of DESIGN §4, in the order `votg table list` prints them.
pub const DICE_TABLE_IDS: &[&str] = &[
    "escape",
    "non-factory-building",
    "mmc-battle-hardening",
    "leader-battle-hardening",
    "wounded-leader",
    "san-adjustment",
    "booby-trap-deactivation",
    "afv-wreck-recovery",
    "immobilization-removal",
    "wreck-repair",
    "weapon-repair",
    "captured-weapon",
    "afv-platoon-redeployment",
    "fortification-removal",
    "cpp-replenishment",
    "elr-loss-gain",
    "weather",
    "ec",
    "infantry-coy-strength",
    "platoon-strength",
    "depleted-sw",
    "hw-weapon",
    "german-oba",
    "russian-oba",
    "gun-battery",
    "platoon-leader",
    "german-company-leader",
    "russian-company-leader",
    "armor-leader",
    "nkvd-leader-creation",
    "recon",
    "dual-attack-setup",
    "first-move",
    "game-end",
    "task-check",
];

/// The non-dice charts of DESIGN §4.
pub const CHART_IDS: &[&str] = &[
    "historical-drm",
    "initiative-matrix",
    "fortification-purchase",
    "german-rg",
    "russian-rg",
    "german-sw",
    "russian-sw",
    "moon-phase",
];

/// Every table and chart. A player's tables (`--tables DIR`) are parsed
/// and validated as they load; the built-in ones — checked by the tests
/// (`built_in_tables_all_load`) — each on first use, since a command reads
/// only a few of them and parsing them all would cost more than the command.
#[derive(Debug)]
pub struct Tables {
    /// Whether every table is votg's own (no `--tables`, no override): only
    /// then may a campaign's parsed copy be trusted ([`crate::parsed_copy`]).
    pub built_in: bool,
    pub dice: BTreeMap<String, Lazy<DiceTable>>,
    pub historical_drm: Lazy<HistoricalDrmChart>,
    pub initiative_matrix: Lazy<InitiativeMatrix>,
    pub fortification_purchase: Lazy<FortificationTable>,
    pub german_rg: Lazy<RgChart>,
    pub russian_rg: Lazy<RgChart>,
    pub german_sw: Lazy<SwChart>,
    pub russian_sw: Lazy<SwChart>,
    pub ladders: Lazy<Ladders>,
    pub moon_phase: Lazy<MoonPhaseChart>,
    /// Files not of a chart kind known above, by name (the CG definitions).
    pub sources: BTreeMap<String, Source>,
}

#[derive(Deserialize)]
struct Probe {
    kind: String,
    id: Option<String>,
}

impl Tables {
    /// The copies built into the binary, each parsed on first use.
    pub fn embedded() -> Result<Tables, Error> {
        Tables::built_in()
    }

    /// The built-in copies, every one parsed and checked now (as a
    /// player's edited tables are).
    pub fn embedded_checked() -> Result<Tables, Error> {
        Tables::from_sources(embedded_sources())
    }

    /// `--tables DIR`: every `.toml` file in DIR (and its subfolders) replaces
    /// the built-in file of the same name; files DIR lacks come from the
    /// built-in copy, so a player may keep only the files they corrected.
    pub fn load(dir: Option<&Path>) -> Result<Tables, Error> {
        let Some(dir) = dir else {
            return Tables::built_in();
        };
        let mut sources = embedded_sources();
        read_dir_sources(dir, dir, &mut sources)?;
        Tables::from_sources(sources)
    }

    /// The built-in tables, lazily: which file holds which table is told
    /// by its `kind` and `id`, read when votg was built.
    fn built_in() -> Result<Tables, Error> {
        let mut dice = BTreeMap::new();
        let mut charts: BTreeMap<String, Source> = BTreeMap::new();
        let mut others = BTreeMap::new();
        for (name, source, keys) in embedded_keyed() {
            match keys {
                (Some("dice"), Some(id)) => {
                    dice.insert(id.to_string(), Lazy::later(source, parse_dice));
                }
                (
                    Some(
                        "rg-chart"
                        | "sw-chart"
                        | "historical-drm"
                        | "initiative-matrix"
                        | "fortification-purchase"
                        | "unit-ladders"
                        | "moon-phase",
                    ),
                    Some(id),
                ) => {
                    charts.insert(id.to_string(), source);
                }
                _ => {
                    others.insert(name, source);
                }
            }
        }
        let mut chart = |id: &str| -> Result<Source, Error> {
            charts.remove(id).ok_or_else(|| Error::TableData {
                file: format!("{id}.toml"),
                location: String::new(),
                message: format!("the chart `{id}` is missing"),
            })
        };
        Ok(Tables {
            built_in: true,
            dice,
            historical_drm: Lazy::later(chart("historical-drm")?, |s| {
                parse_checked(s, HistoricalDrmChart::validate)
            }),
            initiative_matrix: Lazy::later(chart("initiative-matrix")?, |s| {
                parse_checked(s, InitiativeMatrix::validate)
            }),
            fortification_purchase: Lazy::later(chart("fortification-purchase")?, |s| {
                parse_checked(s, FortificationTable::validate)
            }),
            german_rg: Lazy::later(chart("german-rg")?, |s| parse_checked(s, RgChart::validate)),
            russian_rg: Lazy::later(chart("russian-rg")?, |s| {
                parse_checked(s, RgChart::validate)
            }),
            german_sw: Lazy::later(chart("german-sw")?, |s| parse_checked(s, SwChart::validate)),
            russian_sw: Lazy::later(chart("russian-sw")?, |s| {
                parse_checked(s, SwChart::validate)
            }),
            ladders: Lazy::later(chart("unit-ladders")?, |s| {
                parse_checked(s, Ladders::validate)
            }),
            moon_phase: Lazy::later(chart("moon-phase")?, |s| {
                parse_checked(s, MoonPhaseChart::validate)
            }),
            sources: others,
        })
    }

    /// The built-in tables with some files' text replaced (name, text): for
    /// checking edited tables without writing them to disk.
    pub fn with_overrides(overrides: &[(&str, &str)]) -> Result<Tables, Error> {
        let mut sources = embedded_sources();
        for (name, text) in overrides {
            sources.insert(
                name.to_string(),
                Source {
                    file: name.to_string(),
                    text: Cow::Owned(text.to_string()),
                    json: "",
                },
            );
        }
        Tables::from_sources(sources)
    }

    fn from_sources(sources: BTreeMap<String, Source>) -> Result<Tables, Error> {
        let mut dice = BTreeMap::new();
        let mut charts: BTreeMap<String, Source> = BTreeMap::new();
        let mut others = BTreeMap::new();
        for (name, source) in sources {
            let probe: Probe = parse(&source)?;
            match probe.kind.as_str() {
                "dice" => {
                    let table = parse_dice(&source)?;
                    if dice.contains_key(&table.id) {
                        return Err(data_error(
                            &source,
                            None,
                            format!("a second table has the id `{}`", table.id),
                        ));
                    }
                    dice.insert(table.id.clone(), table);
                }
                "rg-chart"
                | "sw-chart"
                | "historical-drm"
                | "initiative-matrix"
                | "fortification-purchase"
                | "unit-ladders"
                | "moon-phase" => {
                    let id = probe
                        .id
                        .clone()
                        .ok_or_else(|| data_error(&source, None, "missing `id`".into()))?;
                    charts.insert(id, source);
                }
                _ => {
                    others.insert(name, source);
                }
            }
        }
        check_contracts(&dice)?;
        let dice: BTreeMap<String, Lazy<DiceTable>> = dice
            .into_iter()
            .map(|(k, v)| (k, Lazy::parsed(v)))
            .collect();
        for id in DICE_TABLE_IDS {
            if !dice.contains_key(*id) {
                return Err(Error::TableData {
                    file: format!("{id}.toml"),
                    location: String::new(),
                    message: format!("the table `{id}` is missing"),
                });
            }
        }
        let mut chart = |id: &str| -> Result<Source, Error> {
            charts.remove(id).ok_or_else(|| Error::TableData {
                file: format!("{id}.toml"),
                location: String::new(),
                message: format!("the chart `{id}` is missing"),
            })
        };
        let historical_drm = chart("historical-drm")?;
        let initiative_matrix = chart("initiative-matrix")?;
        let fortification_purchase = chart("fortification-purchase")?;
        let german_rg = chart("german-rg")?;
        let russian_rg = chart("russian-rg")?;
        let german_sw = chart("german-sw")?;
        let russian_sw = chart("russian-sw")?;
        let ladders = chart("unit-ladders")?;
        let moon_phase = chart("moon-phase")?;

        Ok(Tables {
            built_in: false,
            dice,
            historical_drm: Lazy::parsed(parse_checked(
                &historical_drm,
                HistoricalDrmChart::validate,
            )?),
            initiative_matrix: Lazy::parsed(parse_checked(
                &initiative_matrix,
                InitiativeMatrix::validate,
            )?),
            fortification_purchase: Lazy::parsed(parse_checked(
                &fortification_purchase,
                FortificationTable::validate,
            )?),
            german_rg: Lazy::parsed(parse_checked(&german_rg, RgChart::validate)?),
            russian_rg: Lazy::parsed(parse_checked(&russian_rg, RgChart::validate)?),
            german_sw: Lazy::parsed(parse_checked(&german_sw, SwChart::validate)?),
            russian_sw: Lazy::parsed(parse_checked(&russian_sw, SwChart::validate)?),
            ladders: Lazy::parsed(parse_checked(&ladders, Ladders::validate)?),
            moon_phase: Lazy::parsed(parse_checked(&moon_phase, MoonPhaseChart::validate)?),
            sources: others,
        })
    }

    pub fn dice_table(&self, id: &str) -> Result<&DiceTable, Error> {
        match self.dice.get(id) {
            Some(t) => t.force(),
            None => Err(self.unknown(id)),
        }
    }

    fn unknown(&self, id: &str) -> Error {
        Error::UnknownTable {
            id: id.to_string(),
            known: DICE_TABLE_IDS
                .iter()
                .chain(CHART_IDS)
                .copied()
                .collect::<Vec<_>>()
                .join(", "),
        }
    }
}

fn parse_dice(source: &Source) -> Result<DiceTable, Error> {
    let table: DiceTable = parse(source)?;
    check_schema(source, table.schema)?;
    table
        .validate()
        .map_err(|d| data_error(source, d.span, d.message))?;
    Ok(table)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn built_in_tables_all_load() {
        // Every built-in table parses and passes every check, so the lazy
        // tables (each parsed on first use) never meet a broken one.
        let checked = Tables::embedded_checked().unwrap();
        let lazy = Tables::embedded().unwrap();
        assert_eq!(
            lazy.dice.keys().collect::<Vec<_>>(),
            checked.dice.keys().collect::<Vec<_>>(),
            "the top lines name each dice table as its parse does"
        );
        for (id, t) in &lazy.dice {
            assert_eq!(
                format!("{:?}", t.force().unwrap()),
                format!("{:?}", *checked.dice[id])
            );
        }
        assert_eq!(
            lazy.sources.keys().collect::<Vec<_>>(),
            checked.sources.keys().collect::<Vec<_>>()
        );
        assert_eq!(
            format!("{:?}", *lazy.german_rg),
            format!("{:?}", *checked.german_rg)
        );
        assert_eq!(
            format!("{:?}", *lazy.ladders),
            format!("{:?}", *checked.ladders)
        );
        assert_eq!(
            format!("{:?}", *lazy.moon_phase),
            format!("{:?}", *checked.moon_phase)
        );
    }

    #[test]
    fn built_in_json_copies_read_as_their_toml() {
        // build.rs's JSON copy of each file must give exactly what its TOML
        // gives: every chart and every CG definition, read both ways.
        let from_json = Tables::embedded_checked().unwrap();
        let mut sources = embedded_sources();
        assert!(
            sources.values().all(|s| !s.json.is_empty()),
            "every built-in file has its JSON copy"
        );
        for s in sources.values_mut() {
            s.json = "";
        }
        let from_toml = Tables::from_sources(sources).unwrap();
        let both = |f: &dyn Fn(&Tables) -> String| assert_eq!(f(&from_json), f(&from_toml));
        both(&|t| format!("{:?}", *t.historical_drm));
        both(&|t| format!("{:?}", *t.initiative_matrix));
        both(&|t| format!("{:?}", *t.fortification_purchase));
        both(&|t| format!("{:?}", *t.german_rg));
        both(&|t| format!("{:?}", *t.russian_rg));
        both(&|t| format!("{:?}", *t.german_sw));
        both(&|t| format!("{:?}", *t.russian_sw));
        both(&|t| format!("{:?}", *t.ladders));
        both(&|t| format!("{:?}", *t.moon_phase));
        for cg in crate::side::Cg::ALL {
            both(&|t| format!("{:?}", crate::cg_def::load(t, cg).unwrap()));
        }
        // The dice tables, their rows' TOML spans included.
        assert!(!from_json.dice.is_empty());
        for id in from_json.dice.keys() {
            both(&|t| format!("{:?}", *t.dice[id]));
        }
    }

    #[test]
    fn line_column_counts_from_one() {
        assert_eq!(line_column("ab\ncd", 0), (1, 1));
        assert_eq!(line_column("ab\ncd", 4), (2, 2));
        assert_eq!(line_column("ab\ncd", 99), (2, 3));
    }
}
