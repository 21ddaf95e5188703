//! Opening a campaign written by an older votg (DESIGN §3: migrate it and
//! say so, never refuse it). Schema 1 kept one dice seed in campaign.toml,
//! where both sides could read it, and a 13-column journal.

use crate::model::campaign::Campaign;
use crate::model::journal::JournalRow;
use crate::model::seed::Seed;
use crate::model::side::Side;
use crate::model::state::CAMPAIGN_SCHEMA;
use crate::store::keys::SideDice;

/// What [`campaign`] tells the players.
pub const DICE_NOTE: &str = "campaign.toml's one dice seed, which both sides could read, gives way to a secret seed per side in german/dice.toml and russian/dice.toml (DESIGN §3), and the dice go on from new streams";

/// What [`journal`] tells the players.
pub const JOURNAL_NOTE: &str = "journal.csv keeps its rows and gains the columns that make it replay (kind, table, column, result key, answers, the rows or counters concerned)";

/// campaign.toml of schema 1 becomes schema 2 (then imported as schema 3):
/// its seed leaves it. Returns the old seed when there was one; an
/// error is (field, value, message).
pub fn campaign(c: &mut Campaign) -> Result<Option<u64>, (String, String, String)> {
    match c.schema {
        1 => {
            let seed = c.dice.old_seed.take().ok_or_else(|| {
                (
                    "dice.seed".to_string(),
                    "missing".to_string(),
                    "a schema-1 campaign keeps its dice seed here".to_string(),
                )
            })?;
            c.schema = 2;
            c.dice.used = 0;
            Ok(Some(seed))
        }
        2 if c.dice.old_seed.is_some() => Err((
            "dice.seed".into(),
            "(present)".into(),
            "no seed belongs in campaign.toml since schema 2: each side's is in its dice.toml. Remove the line".into(),
        )),
        2 => Ok(None),
        n => Err((
            "schema".into(),
            n.to_string(),
            format!(
                "this votg imports campaigns of schema 1 and 2 (and keeps schema {CAMPAIGN_SCHEMA} as its logs); use the votg that wrote it"
            ),
        )),
    }
}

/// A side's dice for a campaign migrated from schema 1. The old seed was
/// public (printed by `votg new`, in campaign.toml and the journal), so no
/// key derived from it would be secret: each side gets a fresh one. If the
/// side already has a dice file (`existing`), an earlier migration made it
/// and `votg undo` went back past that: its key is kept and restarted, so
/// doing the step again rolls the same dice.
pub fn side_dice(side: Side, existing: Option<SideDice>) -> SideDice {
    SideDice::new(side, existing.map_or_else(Seed::fresh, |d| d.seed))
}

/// The rows of a schema-1 journal (`old_columns`) get their kind; the
/// creation row of a schema-1 campaign no longer shows the `old_seed` that
/// predicted every roll made with it.
pub fn journal(rows: &mut [JournalRow], old_columns: bool, old_seed: Option<u64>) {
    if old_columns {
        rows.iter_mut().for_each(JournalRow::migrate);
    }
    if let Some(seed) = old_seed {
        let printed = format!(", seed {seed}");
        for row in rows.iter_mut().filter(|r| r.step == "12.5") {
            if let Some(at) = row.what.find(&printed) {
                row.what.replace_range(at..at + printed.len(), "");
            }
        }
    }
}
