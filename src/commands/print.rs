//! `votg print`: a side's sheets as one printable HTML file.

use std::path::Path;

use crate::commands::Config as Global;
use crate::commands::campaign::read_side;
use crate::error::Error;
use crate::model::side::Side;
use crate::render::print::document;

pub fn run(dir: &Path, side: Side, out: Option<&Path>, global: &Global) -> Result<String, Error> {
    let tables = global.load_tables()?;
    let state = read_side(dir, side, &tables)?;
    let html = document(&state, &tables, side);
    match out {
        None => Ok(html),
        Some(path) => {
            // A temporary file renamed over the old sheet: a full disk
            // leaves last time's sheet whole.
            crate::store::file::write_atomic(path, html.as_bytes())?;
            Ok(format!(
                "Wrote the {} sheets to {} (3 landscape pages). Print it from a browser, or render it with scripts/render-sheets.sh.\n",
                side.name(),
                path.display()
            ))
        }
    }
}
