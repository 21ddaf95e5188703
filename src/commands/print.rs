//! `votg print`: a side's sheets as one printable HTML file.

use std::path::Path;

use crate::commands::Config as Global;
use crate::commands::campaign::read_side;
use crate::error::Error;
use crate::model::side::Side;
use crate::render::print::document;

/// What `votg print` prints: the side's sheets, or the next scenario's card.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Printed {
    Sheets,
    ScenarioCard,
}

pub fn run(
    dir: &Path,
    side: Side,
    printed: Printed,
    out: Option<&Path>,
    global: &Global,
) -> Result<String, Error> {
    let tables = global.load_tables()?;
    let state = read_side(dir, side, &tables)?;
    let (html, what) = match printed {
        Printed::Sheets => (
            document(&state, &tables, side),
            format!("the {} sheets", side.name()),
        ),
        Printed::ScenarioCard => {
            let def = crate::rules::cg_def::load(&tables, state.campaign.cg)?;
            let card = crate::rules::scenario_card::card(&state, &def, &tables, side)?;
            (
                crate::render::print::card::document(&card),
                format!("the scenario {} card", state.campaign.scenario),
            )
        }
    };
    match out {
        None => Ok(html),
        Some(path) => {
            // A temporary file renamed over the old sheet: a full disk
            // leaves last time's sheet whole.
            crate::store::file::write_atomic(path, html.as_bytes())?;
            let pages = match printed {
                Printed::Sheets => " (3 landscape pages)",
                Printed::ScenarioCard => " (one page)",
            };
            Ok(format!(
                "Wrote {what} to {}{pages}. Print it from a browser, or render it with scripts/render-sheets.sh.\n",
                path.display()
            ))
        }
    }
}
