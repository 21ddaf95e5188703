//! The steps of a scripted run, held in memory and written in one
//! transaction, each still its own history entry.

use std::collections::BTreeMap;

use super::fsio::Fnv;
use super::grown::{Change, Grown};
use super::history::{self, APPEND_ONLY, Before};
use super::txn::{CrashPoints, Plan, Txn};
use super::{Bytes, Files, Snapshot, Store};
use crate::error::Error;

/// The steps of a run no one waits on (a scripted refit), held to be
/// written in one transaction: the files as they will be, and one history
/// entry per step, so `votg undo` still takes back one step at a time.
#[derive(Debug)]
pub(super) struct Batch {
    /// The files on disk when the batch began.
    disk: Files,
    /// The files as the steps so far left them, but for the journal when
    /// `grown` follows it.
    files: Files,
    /// The [`super::fsio::hash`] of those of `files` an entry has taken
    /// (a file a step changes is hashed again only as the step after
    /// changing it leaves it).
    hashes: BTreeMap<String, String>,
    /// The journal through the steps, followed without holding its bytes.
    grown: Option<Grown>,
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
        let journal = files.get(APPEND_ONLY);
        let followed = |name: &str| name == APPEND_ONLY && journal.is_some();
        let change = self
            .grown
            .as_ref()
            .zip(journal)
            .map(|(g, new)| g.change(new));
        let mut changes = Vec::new();
        for (name, new) in files {
            let old = match (&change, self.files.get(name)) {
                (Some(change), _) if followed(name) => match change.before() {
                    Some(old) => old,
                    None => continue,
                },
                (_, Some(old)) if old == new => continue,
                (_, old) => old.map_or(Before::Absent, |b| {
                    Before::Bytes(b, self.hashes.get(name).map(String::as_str))
                }),
            };
            changes.push((name.as_str(), old, new.as_slice()));
        }
        if let Some(g) = &mut self.grown {
            g.follow(journal, change.as_ref().unwrap_or(&Change::Same));
        }
        if changes.is_empty() {
            return;
        }
        let mut hashed = Vec::new();
        self.entries
            .push(history::step_entry(changes, snapshot, |n, h| {
                hashed.push((n.to_string(), h));
            }));
        for (name, new) in files {
            if !(self.grown.is_some() && followed(name)) && self.files.get(name) != Some(new) {
                self.hashes.remove(name);
                self.files.insert(name.clone(), new.clone());
            }
        }
        // Only the hashes of files held (not of a journal followed).
        let files = &self.files;
        self.hashes
            .extend(hashed.into_iter().filter(|(n, _)| files.contains_key(n)));
    }

    /// The files as the last step left them, with the hashes known of
    /// them; an error if the journal cannot be vouched for.
    fn last(self) -> Result<(Files, BTreeMap<String, String>), Error> {
        let (mut files, mut hashes) = (self.files, self.hashes);
        if let Some(g) = self.grown {
            let (journal, hash) = g.last()?;
            hashes.insert(APPEND_ONLY.into(), hash);
            files.insert(APPEND_ONLY.into(), journal);
        }
        Ok((files, hashes))
    }
}

impl Store {
    /// From now on, steps committed with a snapshot are held in memory until
    /// [`Store::end_batch`] writes them all in one transaction (DESIGN §6:
    /// all or nothing, each step its own history entry). For a run no one
    /// waits on: one wait for the disk instead of one per step.
    pub fn begin_batch(&self) -> Result<(), Error> {
        self.begin_batch_knowing(None)
    }

    /// [`Store::begin_batch`], with the hash the history gives the journal
    /// `(bytes, hash)` if the caller knows it (from the campaign's parsed
    /// copy): used only if the journal on disk is those very bytes, it
    /// spares hashing hundreds of KB again.
    pub fn begin_batch_knowing(&self, journal: Option<(&Bytes, &str)>) -> Result<(), Error> {
        self.end_batch()?;
        let disk = match self.read.take() {
            Some(files) => files,
            None => self.read_files()?,
        };
        let first = match self.next_entry.take() {
            Some(next) => next,
            None => self.history_numbers()?.last().map_or(1, |n| n + 1),
        };
        let mut files = disk.clone();
        let grown = files.remove(APPEND_ONLY).map(|disk| {
            let known = journal
                .filter(|(bytes, _)| **bytes == disk)
                .and_then(|(_, hash)| Fnv::from_hex(hash));
            Grown::from_disk(disk, known)
        });
        *self.batch.borrow_mut() = Some(Batch {
            files,
            disk,
            hashes: BTreeMap::new(),
            grown,
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
        self.end_batch_gated(|| Ok(()))
    }

    /// [`Store::end_batch`], with `gate` asked just before the commit
    /// point (see [`Txn::commit_gated`]); not asked when there is nothing
    /// to write.
    pub fn end_batch_gated(
        &self,
        gate: impl FnOnce() -> Result<(), Error>,
    ) -> Result<usize, Error> {
        let Some(mut batch) = self.batch.borrow_mut().take() else {
            return Ok(0);
        };
        let steps = batch.entries.len();
        if steps == 0 {
            return Ok(0);
        }
        self.writing();
        let publish = (batch.first..)
            .zip(std::mem::take(&mut batch.entries))
            .collect();
        let disk = std::mem::take(&mut batch.disk);
        let (last, mut hashes) = batch.last()?;
        let journal = last
            .get(APPEND_ONLY)
            .cloned()
            .zip(hashes.get(APPEND_ONLY).cloned());
        let writes = changed(&disk, &last);
        hashes.retain(|name, _| writes.contains_key(name));
        let plan = Plan {
            writes,
            publish,
            hashes,
            ..Plan::default()
        };
        Txn::new(&self.dir).commit_gated(&plan, &mut CrashPoints::from_env(), gate)?;
        *self.journal_written.borrow_mut() = journal;
        Ok(steps)
    }
}
