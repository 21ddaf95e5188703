//! `votg print`: a side's sheets as one printable HTML file.

use std::path::Path;

use crate::commands::Config as Global;
use crate::commands::campaign::read_side;
use crate::error::Error;
use crate::model::side::Side;
use crate::render::print::document;

/// Refuses an `--out` that would replace something that is no printed
/// sheet: a file in a campaign folder (this one or another: a log, a key,
/// a view), or what is not a plain file (a folder, a FIFO, a device, a
/// link). Nothing is written then.
fn writable_sheet(dir: &Path, path: &Path) -> Result<(), Error> {
    let refuse = |why: String| {
        Error::Refused(format!(
            "{}: {why}. Give a path outside any campaign folder, or `--out -` for standard output. Nothing was changed.",
            path.display()
        ))
    };
    if let Ok(meta) = std::fs::symlink_metadata(path)
        && !meta.is_file()
    {
        let kind = if meta.is_dir() {
            "a folder"
        } else if meta.file_type().is_symlink() {
            "a link"
        } else {
            "not a plain file (a FIFO, a device or a socket)"
        };
        return Err(refuse(format!(
            "it is {kind}, and `votg print --out` writes only a plain file in its place"
        )));
    }
    let parent = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let (Ok(parent), Ok(campaign)) = (parent.canonicalize(), dir.canonicalize()) else {
        return Ok(());
    };
    if let Some(inside) = parent
        .ancestors()
        .find(|a| *a == campaign || a.join(crate::store::log::PUBLIC).is_file())
    {
        return Err(refuse(format!(
            "it is inside the campaign folder {}, whose files only votg writes",
            inside.display()
        )));
    }
    Ok(())
}

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
    match out.filter(|p| *p != Path::new("-")) {
        None => Ok(html),
        Some(path) => {
            writable_sheet(dir, path)?;
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
