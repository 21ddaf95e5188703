//! Parsing one table file: TOML into its type, with the file, line and
//! column of what is wrong, its schema version and its own checks.

use serde::de::DeserializeOwned;

use super::Source;
use crate::error::Error;
use crate::rules::fortification_table::FortificationTable;
use crate::rules::historical_drm::HistoricalDrmChart;
use crate::rules::initiative_matrix::InitiativeMatrix;
use crate::rules::ladder::Ladders;
use crate::rules::moon_phase::MoonPhaseChart;
use crate::rules::rg_chart::RgChart;
use crate::rules::sw_chart::SwChart;

pub use crate::error::line_column;

/// Parses a source's TOML into `T`, a syntax or type error naming file,
/// line and column.
pub fn parse<T: DeserializeOwned>(source: &Source) -> Result<T, Error> {
    parse_toml(source)
}

/// Parses a source's TOML into `T`.
fn parse_toml<T: DeserializeOwned>(source: &Source) -> Result<T, Error> {
    toml::from_str(&source.text).map_err(|e| {
        let (line, column) = e
            .span()
            .map_or((1, 1), |s| line_column(&source.text, s.start));
        Error::TableSyntax {
            file: source.file.clone(),
            line,
            column,
            message: e.message().to_string(),
        }
    })
}

pub(super) fn data_error(
    source: &Source,
    span: Option<std::ops::Range<usize>>,
    message: String,
) -> Error {
    let location = span.map_or(String::new(), |s| {
        let (line, column) = line_column(&source.text, s.start);
        format!(":{line}:{column}")
    });
    Error::TableData {
        file: source.file.clone(),
        location,
        message,
    }
}

pub(super) fn check_schema(source: &Source, schema: u32) -> Result<(), Error> {
    if schema == 1 {
        Ok(())
    } else {
        Err(data_error(
            source,
            None,
            format!("schema {schema} is not one this votg reads (it reads schema 1)"),
        ))
    }
}

pub(super) fn parse_checked<T, F>(source: &Source, validate: F) -> Result<T, Error>
where
    T: DeserializeOwned + HasSchemaField,
    F: Fn(&T) -> Result<(), String>,
{
    let value: T = parse(source)?;
    check_schema(source, value.schema_version())?;
    validate(&value).map_err(|m| data_error(source, None, m))?;
    Ok(value)
}

/// Charts expose their `schema` field for the version check.
pub trait HasSchemaField {
    fn schema_version(&self) -> u32;
}

macro_rules! has_schema {
    ($($t:ty),*) => {$(impl HasSchemaField for $t { fn schema_version(&self) -> u32 { self.schema } })*};
}
has_schema!(
    HistoricalDrmChart,
    InitiativeMatrix,
    FortificationTable,
    RgChart,
    SwChart,
    Ladders,
    MoonPhaseChart
);
