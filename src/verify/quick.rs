//! `votg verify` of a campaign as votg left it, without making every
//! journal row: the replay reads only the answers and the scenario records
//! (a quarter of a campaign's rows), and every row it re-derives is
//! compared with the file's record as written. Making all the rows of the
//! journal on disk, only to compare them, was a sixth of verify's time.
//!
//! It answers only "verified": whatever it cannot tell that of (files that
//! are not what the parsed copy was made from, an older journal, a record
//! read back from its rows, a campaign played with listed dice, any
//! difference at all) is left to the full path, which reads and checks
//! every file and names the first difference. What it verifies, the full
//! path verifies: the replay is driven by the same answers, records and
//! rows, and a row written as the re-derived one reads back as it.

use std::path::Path;

use super::{Dice, Disk, record, replay};
use crate::cg_def;
use crate::error::Error;
use crate::journal::JournalRow;
use crate::journal::as_written::AsWritten;
use crate::journal::fast_read::{KIND, SIDE, STEP};
use crate::parsed_copy::{self, Journal};
use crate::refit_cmd::{Goal, RowGoal};
use crate::side::Side;
use crate::state::CampaignState;
use crate::store::Store;
use crate::tables::Tables;

/// The number of journal rows of the campaign in `dir` when it verifies
/// by this path; `None` sends the caller to the full path.
pub fn verified(dir: &Path, tables: &Tables) -> Result<Option<usize>, Error> {
    let Some((files, digested)) = Store::read_committed_quick(dir, &[]) else {
        return Ok(None);
    };
    let Some(journal) = files.get("journal.csv") else {
        return Ok(None);
    };
    // Only files byte for byte as a full load checked them when they were
    // written (see `parsed_copy`).
    let Some(state) = parsed_copy::read(dir, &files, &digested, tables, Journal::Skip) else {
        return Ok(None);
    };
    let Some(Replayed {
        written,
        rows,
        goal,
    }) = Replayed::read(journal)
    else {
        return Ok(None);
    };
    let def = cg_def::load(tables, state.campaign.cg)?;
    let disk = Disk {
        state: &state,
        rows: &rows,
        goal: Goal {
            campaign: &state.campaign,
            rows: goal,
        },
        len: written.len(),
    };
    let derived = replay(disk, tables, &def, Dice::Seeded)?;
    let same = same(&state, &written, &derived);
    let n = written.len();
    // The process ends with this answer: freeing two whole campaigns is
    // left to the operating system (a tenth of a millisecond).
    std::mem::forget((files, state, written, rows, derived, def));
    Ok(same.then_some(n))
}

/// The journal on disk as the replay reads it.
struct Replayed {
    written: AsWritten,
    /// Its answers and scenario records, in order.
    rows: Vec<JournalRow>,
    goal: Vec<RowGoal>,
}

impl Replayed {
    /// `None` for a journal the full path must read: of an older schema,
    /// or with a scenario record read back from the rows after it.
    fn read(bytes: &[u8]) -> Option<Replayed> {
        let written = AsWritten::read(bytes)?;
        let mut rows = Vec::new();
        let mut goal = Vec::with_capacity(written.len());
        for i in 0..written.len() {
            if written.field(i, KIND) == b"answer"
                || record::may_be_record(written.field(i, STEP), written.field(i, KIND))
            {
                let row = written.row(i)?;
                goal.push(RowGoal::of(&row));
                rows.push(row);
            } else {
                // Not an answer, so no `votg buy`: only whose row it is.
                goal.push(RowGoal {
                    side: side_of(written.field(i, SIDE)),
                    buy: None,
                });
            }
        }
        record::all(&rows)
            .iter()
            .all(|r| r.journaled)
            .then_some(Replayed {
                written,
                rows,
                goal,
            })
    }
}

/// The side a row's `side` field names, read as [`RowGoal::of`] reads it
/// (`both` names none).
fn side_of(field: &[u8]) -> Option<Side> {
    match field {
        b"german" => Some(Side::German),
        b"russian" => Some(Side::Russian),
        b"both" => None,
        other => std::str::from_utf8(other).ok()?.parse().ok(),
    }
}

/// Whether `derived` is the campaign on disk: its files (`disk`, journal
/// left empty) and its journal as `written`.
fn same(disk: &CampaignState, written: &AsWritten, derived: &CampaignState) -> bool {
    derived.campaign == disk.campaign
        && derived.german == disk.german
        && derived.russian == disk.russian
        && derived.journal.len() == written.len()
        && derived
            .journal
            .iter()
            .enumerate()
            .all(|(i, r)| written.is_written_as(i, r))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rows_side_reads_as_the_full_path_reads_it() {
        for text in [
            "german", "russian", "both", "", "German", "g", "ru", "nobody",
        ] {
            let full: Option<Side> = text.parse().ok();
            assert_eq!(side_of(text.as_bytes()), full, "{text}");
        }
    }
}
