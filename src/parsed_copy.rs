//! The parsed copy of a campaign (`.votg/parsed.json`): what the command
//! that wrote the campaign had already parsed and checked, left beside it so
//! the next command need not parse the TOML and check every file again
//! (that was most of a read command's time: issue 10's budget is 2× `votg
//! --version`).
//!
//! It is never the campaign, only a faster way to read it, so it cannot
//! make votg accept anything the loader would refuse: it names the length
//! and hash of every file it was made from and the build of votg that made
//! it, and is used only when every file is byte for byte what it was made
//! from, read by the same build with the built-in tables. Anything else — a
//! hand edit, an undo, another votg, `--tables`, a copy made by a crash
//! between the commit and this file — parses and checks the files as
//! always. It is written after the commit point by a rename (a reader sees
//! the old copy or the new one, never half of one) and never synced: losing
//! it costs only time. Readers never write it (they take no lock and write
//! nothing, DESIGN §6). The CSV files are not in it: the RG Purchase
//! Records are small and their columns have CSV encodings of their own, so
//! they are read from their files (not checked again); the journal, as
//! quick to read from its CSV as from JSON, only by the commands that need
//! it.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::campaign::Campaign;
use crate::force::Force;
use crate::roster::Roster;
use crate::side::Side;
use crate::side_dice::SideDice;
use crate::state::{CampaignState, SideFiles};
use crate::store::{Digest, Digests, Files, digest};
use crate::tables::Tables;

/// Where the copy lives, in the store's own folder.
const FILE: &str = ".votg/parsed.json";

/// Which build of votg made a copy: its version and a hash of its sources
/// and tables (build.rs), since a copy is only as good as the code that
/// parsed and checked the files.
const BUILD: &str = concat!(env!("CARGO_PKG_VERSION"), "+", env!("VOTG_SOURCE_HASH"));

/// Whether a command reads the journal (its largest file, which only
/// `log`, `explain`, `verify` and the commands that write need).
#[derive(Clone, Copy)]
pub enum Journal<'a> {
    Read,
    /// The state's `journal` is left empty: for the sheets (`status`,
    /// `roster`, `purchases`, `force`, `print`), which show the files only.
    Skip,
    /// The state's `journal` holds only the rows of the [`RowFilter`] made
    /// from the campaign's other files and the journal's bytes, when the
    /// parsed copy spares the full load; otherwise every row. For a reader
    /// that needs a few rows of thousands (`explain`).
    Where(&'a MakeRowFilter),
}

/// Makes a [`RowFilter`] from the campaign's other files and the journal's
/// bytes.
pub type MakeRowFilter = dyn Fn(&CampaignState, &[u8]) -> Box<dyn RowFilter>;

/// The journal rows a reader keeps (see
/// [`crate::journal::fast_read::rows_maybe_where`]).
pub trait RowFilter {
    /// A first look at a row's bytes as written: must accept every row
    /// [`RowFilter::keep`] could.
    fn maybe(&self, raw: &[u8]) -> bool;
    /// The row's fields as in the file, in [`crate::journal::COLUMNS`]
    /// order.
    fn keep(&self, r: &csv::ByteRecord) -> bool;
}

#[derive(Serialize, Deserialize)]
struct Copy {
    build: String,
    /// Each file's length and hash, by name.
    files: BTreeMap<String, Digest>,
    campaign: Campaign,
    german: SideCopy,
    russian: SideCopy,
    /// The journal's hash as the store's history gives it, when the run
    /// that wrote it knew it (a scripted run's batch): the next run's batch
    /// begins from it rather than hashing the journal again.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    journal_hash: Option<String>,
}

/// A side's TOML files, parsed.
#[derive(Serialize, Deserialize, PartialEq)]
struct SideCopy {
    roster: Roster,
    force: Force,
    dice: SideDice,
}

impl SideCopy {
    fn of(files: &SideFiles) -> SideCopy {
        SideCopy {
            roster: files.roster.clone(),
            force: files.force.clone(),
            dice: files.dice.clone(),
        }
    }

    /// The side's files, its RG Purchase Record read from `files` (`None`
    /// if it were of an older schema, which a copy is never made from).
    fn with_purchases(self, side: Side, files: &Files) -> Option<SideFiles> {
        let mut notes = Vec::new();
        let purchases =
            crate::state::purchase_rows(files, &format!("{side}/purchases.csv"), &mut notes)
                .ok()?;
        notes.is_empty().then_some(SideFiles {
            roster: self.roster,
            purchases: purchases.into(),
            force: self.force,
            dice: self.dice,
        })
    }
}

fn fingerprint(files: &Files) -> BTreeMap<String, Digest> {
    files
        .iter()
        .map(|(name, bytes)| (name.clone(), digest(bytes)))
        .collect()
}

/// The campaign from its parsed copy, when the copy was made from exactly
/// `files` (with the files `digested`, read for their digest only) by this
/// build; `None` otherwise (the caller parses the files).
pub fn read(
    dir: &Path,
    files: &Files,
    digested: &Digests,
    tables: &Tables,
    journal: Journal,
) -> Option<CampaignState> {
    read_hashed(dir, files, digested, tables, journal).map(|(state, _)| state)
}

/// [`read`], with the journal's hash as the store's history gives it if
/// the copy has it (see [`crate::store::Store::begin_batch_knowing`]).
pub fn read_hashed(
    dir: &Path,
    files: &Files,
    digested: &Digests,
    tables: &Tables,
    journal: Journal,
) -> Option<(CampaignState, Option<String>)> {
    if !tables.built_in {
        return None;
    }
    let text = std::fs::read(dir.join(FILE)).ok()?;
    let copy: Copy = serde_json::from_slice(&text).ok()?;
    if !made_from(&copy.build, &copy.files, files, digested) {
        return None;
    }
    let mut state = CampaignState {
        campaign: copy.campaign,
        german: copy.german.with_purchases(Side::German, files)?,
        russian: copy.russian.with_purchases(Side::Russian, files)?,
        journal: Vec::new(),
    };
    state.journal = match journal {
        // The files were checked whole when the copy was made; reading the
        // journal again cannot fail unless the build could not read its own.
        Journal::Read => crate::state::journal_rows(files).ok()?,
        Journal::Skip => Vec::new(),
        Journal::Where(filter) => files
            .get("journal.csv")
            .and_then(|bytes| {
                let f = filter(&state, bytes);
                crate::journal::fast_read::rows_maybe_where(
                    bytes,
                    |raw| f.maybe(raw),
                    |r| f.keep(r),
                )
            })
            .or_else(|| crate::state::journal_rows(files).ok())?,
    };
    Some((state, copy.journal_hash))
}

/// Whether a copy made by build `build` from files of `made` digests was
/// made by this build from exactly `files` and the files `digested`.
fn made_from(
    build: &str,
    made: &BTreeMap<String, Digest>,
    files: &Files,
    digested: &Digests,
) -> bool {
    let mut seen = fingerprint(files);
    seen.extend(digested.iter().map(|(name, d)| (name.clone(), *d)));
    build == BUILD && *made == seen
}

/// Whether the campaign's parsed copy vouches for `files` (and the files
/// `digested`): made from exactly them by this build with the built-in
/// tables, so every file was checked whole by the full loader when it was
/// written. For a reader that needs only the bytes of a file (`votg log`
/// reads the journal's records as written), not the parsed campaign.
pub fn vouches(dir: &Path, files: &Files, digested: &Digests, tables: &Tables) -> bool {
    /// The copy's head: the campaign in it is passed over, not built.
    #[derive(Deserialize)]
    struct Head {
        build: String,
        files: BTreeMap<String, Digest>,
    }
    tables.built_in
        && std::fs::read(dir.join(FILE))
            .ok()
            .and_then(|text| serde_json::from_slice::<Head>(&text).ok())
            .is_some_and(|head| made_from(&head.build, &head.files, files, digested))
}

/// Leaves the parsed copy of `files`, just committed, which `state` was
/// parsed and checked from (by the full loader, with `tables`), and the
/// journal's hash if the store knows it ([`crate::store::Store::journal_hash`]).
/// Failing to write it is not an error: the next command parses the files.
pub fn keep(
    dir: &Path,
    files: &Files,
    state: &CampaignState,
    tables: &Tables,
    journal_hash: Option<String>,
) {
    let target = dir.join(FILE);
    if !tables.built_in {
        // Made with a player's tables: what it says was checked against
        // those, so no later command may trust it.
        let _ = std::fs::remove_file(&target);
        return;
    }
    let copy = Copy {
        build: BUILD.to_string(),
        files: fingerprint(files),
        campaign: state.campaign.clone(),
        german: SideCopy::of(&state.german),
        russian: SideCopy::of(&state.russian),
        journal_hash,
    };
    let Ok(bytes) = serde_json::to_vec(&copy) else {
        return;
    };
    // Every test that writes a campaign checks that the copy reads back as
    // what the loader made (a type whose JSON does not round-trip would
    // otherwise show readers something else than the files say).
    debug_assert!(
        serde_json::from_slice::<Copy>(&bytes).is_ok_and(|back| back.campaign == copy.campaign
            && back.german == copy.german
            && back.russian == copy.russian),
        "the parsed copy of {} does not read back as the loaded campaign",
        dir.display()
    );
    let temp: PathBuf = dir.join(format!("{FILE}.{}", std::process::id()));
    if std::fs::write(&temp, bytes).is_err() || std::fs::rename(&temp, &target).is_err() {
        let _ = std::fs::remove_file(&temp);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fingerprint_changes_with_one_byte() {
        let mut files = Files::new();
        files.insert("a".into(), b"abc".to_vec().into());
        let before = fingerprint(&files);
        files.insert("a".into(), b"abd".to_vec().into());
        assert_ne!(before, fingerprint(&files));
    }
}
