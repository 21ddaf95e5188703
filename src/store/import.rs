//! A campaign written by an older votg (DESIGN §3): its files were its
//! truth, so it is taken in from them as they stand — one typed `Imported`
//! event, its public part in the public log and each side's part in that
//! side's — its journal kept as history. A reader imports in memory and
//! writes nothing; the first writer writes the import and says so.

use std::path::Path;

use super::file::read_regular;
use crate::error::Error;
use crate::model::seed::Seeds;
use crate::model::side::Side;
use crate::model::state::{CampaignState, Files};
use crate::store::files::Check;

/// Where the older store kept a transaction under way.
const OLD_TXN: &str = ".votg/txn";

/// The files an older campaign has.
const OLD_FILES: &[&str] = &[
    "campaign.toml",
    "journal.csv",
    "german/roster.toml",
    "german/purchases.csv",
    "german/force.toml",
    "german/dice.toml",
    "russian/roster.toml",
    "russian/purchases.csv",
    "russian/force.toml",
    "russian/dice.toml",
];

/// A campaign of an older votg, read in memory.
#[derive(Debug, Clone)]
pub struct Old {
    pub state: CampaignState,
    pub seeds: Seeds,
    pub from_schema: u32,
    /// What was migrated on the way, to say once.
    pub notes: Vec<String>,
}

pub fn is_old(dir: &Path) -> bool {
    !super::read::has_log(dir) && dir.join("campaign.toml").exists()
}

/// Reads the older campaign in `dir`; refused while the older store has a
/// transaction under way there (its files may be half written).
pub fn read(dir: &Path, check: Check) -> Result<Old, Error> {
    let txn = dir.join(OLD_TXN);
    if txn.exists() {
        return Err(Error::Refused(format!(
            "{}: an older votg left a step unfinished here ({} exists), so the campaign's files may be half written. Run that older votg once in this folder (any command that writes, such as `votg status` then `votg refit`) to finish or roll back the step, then run this votg again. Nothing was changed.",
            dir.display(),
            txn.display()
        )));
    }
    let mut files = Files::new();
    for name in OLD_FILES {
        if let Some(bytes) = read_regular(&dir.join(name))? {
            files.insert(name.to_string(), bytes);
        }
    }
    let from_schema = schema_of(&files);
    let (state, seeds, notes) = CampaignState::load_old(&files, check)?;
    Ok(Old {
        state,
        seeds,
        from_schema,
        notes,
    })
}

fn schema_of(files: &Files) -> u32 {
    #[derive(serde::Deserialize)]
    struct Schema {
        schema: u32,
    }
    files
        .get("campaign.toml")
        .and_then(|b| std::str::from_utf8(b).ok())
        .and_then(|t| toml::from_str::<Schema>(t).ok())
        .map_or(0, |s| s.schema)
}

/// What the first writer tells the players.
pub fn notice(dir: &Path, old: &Old) -> String {
    let mut text = format!(
        "{}: imported from votg's schema-{} files. From now on the campaign is its logs (log.jsonl, and each side's in its folder); campaign.toml, the rosters, purchase records, Force Organizers and journals are views of them. The journal so far is kept as history. The older store's files in {} are a backup you may delete.",
        dir.display(),
        old.from_schema,
        dir.join(".votg").display()
    );
    for n in &old.notes {
        text.push_str("\n  ");
        text.push_str(n);
    }
    text
}

/// Each side's secret rows and the public ones, as the import carries them.
pub fn rows_of(
    state: &CampaignState,
    side: Option<Side>,
) -> Vec<crate::model::journal::JournalRow> {
    state
        .journal
        .iter()
        .filter(|r| match side {
            None => !r.secret,
            Some(s) => r.secret && r.side == s.id(),
        })
        .cloned()
        .collect()
}
