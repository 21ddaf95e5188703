//! The steps of a scripted run, held in memory and written in one
//! transaction, each still its own history entry.

use super::txn::{CrashPoints, Plan, Txn};
use super::{Files, Snapshot, Store, history};
use crate::error::Error;

/// The steps of a run no one waits on (a scripted refit), held to be
/// written in one transaction: the files as they will be, and one history
/// entry per step, so `votg undo` still takes back one step at a time.
#[derive(Debug)]
pub(super) struct Batch {
    /// The files on disk when the batch began.
    disk: Files,
    /// The files as the steps so far left them.
    files: Files,
    /// The history entries to publish, numbered on from `first`.
    entries: Vec<Vec<u8>>,
    first: u32,
}

/// Those of `files` whose bytes differ from `before`'s (bytes handed on
/// from step to step are the same [`super::Bytes`], equal at once).
pub(super) fn changed(before: &Files, files: &Files) -> Files {
    files
        .iter()
        .filter(|(name, bytes)| before.get(*name) != Some(*bytes))
        .map(|(n, b)| (n.clone(), b.clone()))
        .collect()
}

impl Batch {
    /// One step: its history entry against the files as the steps before
    /// it left them (exactly what committing it alone would record).
    pub(super) fn add(&mut self, files: &Files, snapshot: &Snapshot) {
        let writes = changed(&self.files, files);
        if writes.is_empty() {
            return;
        }
        let names: Vec<&str> = writes.keys().map(String::as_str).collect();
        self.entries
            .push(history::record(&self.files, files, &names, snapshot));
        self.files.extend(writes);
    }
}

impl Store {
    /// From now on, steps committed with a snapshot are held in memory until
    /// [`Store::end_batch`] writes them all in one transaction (DESIGN §6:
    /// all or nothing, each step its own history entry). For a run no one
    /// waits on: one wait for the disk instead of one per step.
    pub fn begin_batch(&self) -> Result<(), Error> {
        self.end_batch()?;
        let disk = self.read_files()?;
        let first = self.history_numbers()?.last().map_or(1, |n| n + 1);
        *self.batch.borrow_mut() = Some(Batch {
            files: disk.clone(),
            disk,
            entries: Vec::new(),
            first,
        });
        Ok(())
    }

    /// Whether steps are being held for [`Store::end_batch`].
    pub fn batching(&self) -> bool {
        self.batch.borrow().is_some()
    }

    /// Writes the steps held since [`Store::begin_batch`] in one
    /// transaction and ends the batch; returns how many steps it wrote. If
    /// it fails before its commit point, none of them is written.
    pub fn end_batch(&self) -> Result<usize, Error> {
        let Some(batch) = self.batch.borrow_mut().take() else {
            return Ok(0);
        };
        let writes = changed(&batch.disk, &batch.files);
        let steps = batch.entries.len();
        if steps == 0 {
            return Ok(0);
        }
        let plan = Plan {
            writes,
            publish: (batch.first..).zip(batch.entries).collect(),
            ..Plan::default()
        };
        Txn::new(&self.dir).commit(&plan, &mut CrashPoints::from_env())?;
        Ok(steps)
    }
}
