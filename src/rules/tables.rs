//! The registry of every table and chart: the copies embedded at build time,
//! or a player's edited folder (`--tables DIR`).

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::path::Path;

use serde::Deserialize;

use crate::error::Error;
use crate::rules::fortification_table::FortificationTable;
use crate::rules::historical_drm::HistoricalDrmChart;
use crate::rules::initiative_matrix::InitiativeMatrix;
use crate::rules::ladder::Ladders;
use crate::rules::moon_phase::MoonPhaseChart;
use crate::rules::rg_chart::RgChart;
use crate::rules::sw_chart::SwChart;
use crate::rules::table::DiceTable;

mod contracts;
mod parse;
mod sources;

use contracts::check_contracts;
pub use parse::{HasSchemaField, line_column, parse};
use parse::{check_schema, data_error, parse_checked};
pub use sources::Source;
use sources::{embedded_sources, read_dir_sources};

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

/// Every table and chart, parsed and checked as they load (the built-in
/// ones and a player's edited copies alike).
#[derive(Debug)]
pub struct Tables {
    pub dice: BTreeMap<String, DiceTable>,
    pub historical_drm: HistoricalDrmChart,
    pub initiative_matrix: InitiativeMatrix,
    pub fortification_purchase: FortificationTable,
    pub german_rg: RgChart,
    pub russian_rg: RgChart,
    pub german_sw: SwChart,
    pub russian_sw: SwChart,
    pub ladders: Ladders,
    pub moon_phase: MoonPhaseChart,
    /// Files not of a chart kind known above, by name (the CG definitions).
    pub sources: BTreeMap<String, Source>,
    /// A SHA-256 of every file the tables were read from (name and text):
    /// each step records it, so `votg verify` can tell a campaign ruled by
    /// other tables from one that was changed (DESIGN §3).
    pub digest: String,
}

#[derive(Deserialize)]
struct Probe {
    kind: String,
    id: Option<String>,
}

impl Tables {
    /// The copies built into the binary.
    pub fn embedded() -> Result<Tables, Error> {
        Tables::from_sources(embedded_sources())
    }

    /// `--tables DIR`: every `.toml` file in DIR (and its subfolders) replaces
    /// the built-in file of the same name; files DIR lacks come from the
    /// built-in copy, so a player may keep only the files they corrected.
    pub fn load(dir: Option<&Path>) -> Result<Tables, Error> {
        let mut sources = embedded_sources();
        if let Some(dir) = dir {
            read_dir_sources(dir, dir, &mut sources)?;
        }
        Tables::from_sources(sources)
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
                },
            );
        }
        Tables::from_sources(sources)
    }

    fn from_sources(sources: BTreeMap<String, Source>) -> Result<Tables, Error> {
        let digest = digest(&sources);
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
            dice,
            historical_drm: parse_checked(&historical_drm, HistoricalDrmChart::validate)?,
            initiative_matrix: parse_checked(&initiative_matrix, InitiativeMatrix::validate)?,
            fortification_purchase: parse_checked(
                &fortification_purchase,
                FortificationTable::validate,
            )?,
            german_rg: parse_checked(&german_rg, RgChart::validate)?,
            russian_rg: parse_checked(&russian_rg, RgChart::validate)?,
            german_sw: parse_checked(&german_sw, SwChart::validate)?,
            russian_sw: parse_checked(&russian_sw, SwChart::validate)?,
            ladders: parse_checked(&ladders, Ladders::validate)?,
            moon_phase: parse_checked(&moon_phase, MoonPhaseChart::validate)?,
            sources: others,
            digest,
        })
    }

    pub fn dice_table(&self, id: &str) -> Result<&DiceTable, Error> {
        self.dice.get(id).ok_or_else(|| self.unknown(id))
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

/// The tables' digest: SHA-256 over each file's name and text, in name order.
fn digest(sources: &BTreeMap<String, Source>) -> String {
    use sha2::{Digest, Sha256};
    let mut h = Sha256::new();
    for (name, source) in sources {
        h.update(name.as_bytes());
        h.update([0]);
        h.update(source.text.as_bytes());
        h.update([0]);
    }
    h.finalize().iter().map(|b| format!("{b:02x}")).collect()
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
        // Every built-in table parses and passes every check, every CG
        // definition with it.
        let t = Tables::embedded().unwrap();
        assert_eq!(t.dice.len(), DICE_TABLE_IDS.len());
        for cg in crate::model::side::Cg::ALL {
            crate::rules::cg_def::load(&t, cg).unwrap();
        }
        assert_eq!(t.digest.len(), 64);
        let text = embedded_sources()["weather.toml"].text.to_string();
        let edited = Tables::with_overrides(&[("weather.toml", &format!("{text}\n# a note\n"))]);
        assert_ne!(
            edited.unwrap().digest,
            t.digest,
            "an edited file is another digest"
        );
    }

    /// Every result of weather.toml and ec.toml is a value of the types.
    #[test]
    fn rule_12_620_every_table_result_is_typed() {
        let t = Tables::embedded().unwrap();
        for (id, count) in [("weather", 4), ("ec", 4)] {
            let keys: Vec<String> = t.dice_table(id).unwrap().columns[0]
                .rows
                .iter()
                .map(|r| r.key.clone().unwrap())
                .collect();
            assert_eq!(keys.len(), count);
            for k in keys {
                let v = toml::Value::String(k.clone());
                let ok = match id {
                    "weather" => v
                        .try_into::<crate::model::weather::Weather>()
                        .map(|w| w.id() == k),
                    _ => v
                        .try_into::<crate::model::weather::Ec>()
                        .map(|e| e.id() == k),
                };
                assert!(ok.unwrap(), "{id}: {k}");
            }
        }
    }

    #[test]
    fn line_column_counts_from_one() {
        assert_eq!(line_column("ab\ncd", 0), (1, 1));
        assert_eq!(line_column("ab\ncd", 4), (2, 2));
        assert_eq!(line_column("ab\ncd", 99), (2, 3));
    }
}
