//! The campaign's files as a run last wrote them. A run writes the whole
//! campaign after every step (each step is its own commit and undo), but a
//! step changes only a few of its parts: a part equal to what was last
//! written keeps its bytes, and the journal, which a step only appends to,
//! is written on from where it was. Serialising every file at every step
//! was most of a scripted RePh's time.

use std::sync::Arc;

use crate::campaign::Campaign;
use crate::force::Force;
use crate::journal::JournalRow;
use crate::purchase_record::{self, PurchaseRow};
use crate::roster::Roster;
use crate::side::Side;
use crate::side_dice::SideDice;
use crate::store::{Bytes, Files};

use super::campaign_text::CampaignText;
use super::{CampaignState, dice_file, journal_csv, to_toml};

/// One part of the campaign and the bytes last written for it.
#[derive(Debug)]
struct Kept<T> {
    value: Option<T>,
    bytes: Bytes,
}

impl<T> Default for Kept<T> {
    fn default() -> Self {
        Kept {
            value: None,
            bytes: Bytes::default(),
        }
    }
}

impl<T: Clone + PartialEq> Kept<T> {
    /// The bytes of `value`, shared with the last step's when it is the same.
    fn of(&mut self, value: &T, write: impl FnOnce(&T) -> Vec<u8>) -> Bytes {
        if self.value.as_ref() != Some(value) {
            self.bytes = write(value).into();
            self.value = Some(value.clone());
        }
        self.bytes.clone()
    }
}

/// A side's parts.
#[derive(Debug, Default)]
struct SideKept {
    roster: Kept<Roster>,
    purchases: Kept<Arc<Vec<PurchaseRow>>>,
    force: Kept<Force>,
    dice: Kept<SideDice>,
}

/// What a run last wrote (start it afresh whenever the run cuts journal
/// rows off, as after a failed step).
#[derive(Debug, Default)]
pub struct Written {
    campaign: Kept<Campaign>,
    /// `campaign.toml`'s CG Days as text, for a campaign that changed.
    days: CampaignText,
    german: SideKept,
    russian: SideKept,
    journal: Bytes,
    rows: usize,
    last_row: Option<JournalRow>,
    /// The journal began as bytes read from disk rather than as this run
    /// wrote them (see [`Written::seeded`]).
    seeded: bool,
}

impl Written {
    /// What a run writes on from: the journal as read, `bytes` holding
    /// exactly `rows` (the parsed copy vouched for them: votg wrote them,
    /// in this schema). The first step then writes only its own rows
    /// rather than the thousands before them, and the journal it writes
    /// begins with the bytes on disk.
    pub fn seeded(bytes: Bytes, rows: &[JournalRow]) -> Written {
        Written {
            journal: bytes,
            rows: rows.len(),
            last_row: rows.last().cloned(),
            seeded: true,
            ..Written::default()
        }
    }

    /// [`CampaignState::to_files`], byte for byte (checked in debug builds;
    /// a journal written on from one read is checked by the rows it adds).
    pub fn files(&mut self, state: &CampaignState) -> Files {
        let mut files = Files::new();
        let days = &mut self.days;
        files.insert(
            "campaign.toml".into(),
            self.campaign.of(&state.campaign, |c| days.text(c)),
        );
        for side in Side::BOTH {
            let s = state.side(side);
            let kept = match side {
                Side::German => &mut self.german,
                Side::Russian => &mut self.russian,
            };
            files.insert(
                format!("{side}/roster.toml"),
                kept.roster.of(&s.roster, to_toml),
            );
            files.insert(
                format!("{side}/purchases.csv"),
                kept.purchases
                    .of(&s.purchases, |p| purchase_record::to_csv(p)),
            );
            files.insert(
                format!("{side}/force.toml"),
                kept.force.of(&s.force, to_toml),
            );
            files.insert(
                SideDice::file_name(side),
                kept.dice.of(&s.dice, |d| dice_file(side, d)),
            );
        }
        files.insert("journal.csv".into(), self.journal(&state.journal));
        #[cfg(debug_assertions)]
        {
            let (mut ours, mut serialised) = (files.clone(), state.to_files());
            if self.seeded {
                // A journal edited by hand (and undone to) is kept as it is
                // written: the load check compares the rows written on.
                ours.remove("journal.csv");
                serialised.remove("journal.csv");
            }
            assert!(
                ours == serialised,
                "the files kept between steps are not what the campaign serialises to"
            );
        }
        files
    }

    /// The journal's CSV: only the rows added since are serialised, unless
    /// the journal is shorter than what was written or its row at that
    /// place is not the same row (then it is written whole). The rows are
    /// added in place unless another holds these bytes (the journal read
    /// when the run began): then they are copied once, with room for the
    /// run's rows. A batch keeps only a weak reference to the last step's
    /// journal, which adding in place moves the bytes out of reach of
    /// ([`Arc::make_mut`] copies nothing then), so a step costs its own
    /// rows, not the whole journal. Bytes with no row to add are left
    /// untouched, so that reference still reaches them.
    fn journal(&mut self, journal: &[JournalRow]) -> Bytes {
        let same_start = self.rows > 0
            && journal.len() >= self.rows
            && self.last_row.as_ref() == Some(&journal[self.rows - 1]);
        if !same_start {
            self.journal = Bytes::new(journal_csv(Vec::new(), journal));
            self.seeded = false;
        } else if journal.len() > self.rows {
            if Arc::strong_count(&self.journal) > 1 {
                let mut copy = Vec::with_capacity(self.journal.len() * 9 / 8 + 4096);
                copy.extend_from_slice(&self.journal);
                self.journal = Bytes::new(copy);
            }
            let bytes = Arc::make_mut(&mut self.journal);
            *bytes = journal_csv(std::mem::take(bytes), &journal[self.rows..]);
        }
        self.rows = journal.len();
        self.last_row = journal.last().cloned();
        self.journal.clone()
    }
}
