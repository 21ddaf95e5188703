//! Campaign files on disk, never lost (DESIGN §6): all-or-nothing
//! transactions across files ([`txn`]), a history of steps for `votg undo`
//! ([`history`], [`undo`]), the steps of a scripted run written together
//! ([`batch`]), a lock against a second writer, and lock-free reading of
//! what is committed ([`reader`]).
//!
//! Writers (`refit`, `buy`, `undo`, `new`) take the lock and finish or roll
//! back an interrupted transaction before anything else. Readers (`status`,
//! `roster`, `log` …) take no lock and write nothing.

mod batch;
mod fsio;
mod grown;
mod history;
mod reader;
mod snapshot;
mod txn;
mod undo;

use std::cell::{Cell, RefCell};
use std::fs::{self, File, OpenOptions};
use std::path::{Path, PathBuf};

use crate::error::Error;

use batch::{Batch, changed};
pub use fsio::{Digest, MAX_FILE_BYTES, digest};
use fsio::{io, read_regular};
pub use reader::Digests;
pub use snapshot::Snapshot;
use txn::{CrashPoints, Plan, Txn};
pub use undo::UndoPlan;

const META: &str = ".votg";
const HISTORY: &str = ".votg/history";
/// Each file as votg last committed it, to tell a file cut short (by a copy
/// to a full disk, say) from one edited by hand.
const SEALED: &str = ".votg/sealed";
const LOCK: &str = ".votg/lock";

/// A file's bytes, shared: a run hands the same bytes from step to step,
/// to the batch and to the history without copying them (the journal is
/// hundreds of KB), and two copies of one file compare equal at once.
pub type Bytes = std::sync::Arc<Vec<u8>>;

/// The campaign's files, by path relative to its directory.
pub type Files = std::collections::BTreeMap<String, Bytes>;

/// One file a campaign may hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CampaignFile {
    /// Its path relative to the campaign folder.
    pub name: &'static str,
    /// It may be absent (campaigns made before it existed).
    pub optional: bool,
}

const fn required(name: &'static str) -> CampaignFile {
    CampaignFile {
        name,
        optional: false,
    }
}

/// Every file of a campaign (DESIGN §3): the only names the store reads,
/// writes, snapshots or accepts from a commit record.
pub const FILES: &[CampaignFile] = &[
    required("campaign.toml"),
    required("german/roster.toml"),
    required("german/purchases.csv"),
    required("german/force.toml"),
    required("russian/roster.toml"),
    required("russian/purchases.csv"),
    required("russian/force.toml"),
    required("journal.csv"),
    // Each side's private dice seed.
    CampaignFile {
        name: "german/dice.toml",
        optional: true,
    },
    CampaignFile {
        name: "russian/dice.toml",
        optional: true,
    },
];

/// The files of [`FILES`] every campaign has.
pub const CAMPAIGN_FILES: &[&str] = &[
    "campaign.toml",
    "german/roster.toml",
    "german/purchases.csv",
    "german/force.toml",
    "german/dice.toml",
    "russian/roster.toml",
    "russian/purchases.csv",
    "russian/force.toml",
    "russian/dice.toml",
    "journal.csv",
];

/// Files an undo leaves in place even when the step it takes back created
/// them: each side's dice key (DESIGN §3: undo then redo gives the same
/// dice, so a key once drawn is never drawn again).
pub fn kept_by_undo(name: &str) -> bool {
    name.ends_with("/dice.toml") && is_campaign_file(name)
}

/// Whether `name` is one of the campaign's own files.
pub fn is_campaign_file(name: &str) -> bool {
    FILES.iter().any(|f| f.name == name)
}

/// An open campaign directory, locked for this process.
#[derive(Debug)]
pub struct Store {
    dir: PathBuf,
    _lock: File,
    /// Steps committed in memory, written by [`Store::end_batch`].
    batch: RefCell<Option<Batch>>,
    /// The files [`Store::read_checked`] last read, until anything is
    /// written: what a batch begun next starts from, rather than reading
    /// them again (the lock keeps every other writer out meanwhile).
    read: RefCell<Option<Files>>,
    /// The number the next history entry takes, as opening learned it,
    /// until anything is written (it spares a batch listing the history
    /// again: hundreds of entries by a CG's end).
    next_entry: Cell<Option<u32>>,
    /// The journal the last batch wrote, and the hash its history entries
    /// give it (see [`Store::journal_hash`]).
    journal_written: RefCell<Option<(Bytes, String)>>,
}

/// Writes `bytes` to `path` atomically: a temporary file in the same folder,
/// flushed and synced, renamed over the old one.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), Error> {
    let dir = path.parent().unwrap_or(Path::new("."));
    let tmp = dir.join(format!(
        ".{}.tmp",
        path.file_name().and_then(|n| n.to_str()).unwrap_or("file")
    ));
    fsio::write_synced(&tmp, bytes)?;
    fsio::rename(&tmp, path)?;
    fsio::sync_dir(dir);
    Ok(())
}

/// Whether `dir` holds a campaign, committed or committed-but-unfinished.
fn holds_campaign(dir: &Path) -> bool {
    dir.join("campaign.toml").is_file() || Txn::new(dir).marker().is_file()
}

/// The sealed copies there are (campaigns made by older votg have none).
fn read_seals(dir: &Path) -> Result<Files, Error> {
    let mut seals = Files::new();
    for f in FILES {
        if let Some(bytes) = read_regular(&dir.join(SEALED).join(f.name))? {
            seals.insert(f.name.to_string(), bytes.into());
        }
    }
    Ok(seals)
}

/// A file that is the first part of what votg last wrote there — and
/// nothing else — was cut short, not edited: refuse it, whatever of it
/// would still load. (A hand edit that shortens a file differs from the
/// sealed copy somewhere, or the player removes the sealed copy.)
fn check_whole(dir: &Path, files: &Files, seals: &Files) -> Result<(), Error> {
    for (name, bytes) in files {
        if let Some(whole) = seals.get(name)
            && bytes.len() < whole.len()
            && whole.starts_with(bytes)
        {
            return Err(Error::CutShort {
                file: name.clone(),
                len: bytes.len(),
                whole: whole.len(),
                copy: dir.join(SEALED).join(name),
            });
        }
    }
    Ok(())
}

/// [`check_whole`] against the sealed copies on disk, reading a copy only
/// when the file is shorter than it (no other can have been cut short from
/// it): a writer's every open then reads no sealed journal of hundreds of
/// KB, only its length.
fn check_whole_on_disk(dir: &Path, files: &Files) -> Result<(), Error> {
    let mut longer = Files::new();
    for (name, bytes) in files {
        let path = dir.join(SEALED).join(name);
        if let Some(mut seal) = fsio::open_regular(&path)?
            && seal.id.size() > bytes.len() as u64
        {
            longer.insert(name.clone(), fsio::read_opened(&path, &mut seal)?.into());
        }
    }
    check_whole(dir, files, &longer)
}

impl Store {
    /// Opens an existing campaign for writing: takes the lock, then finishes
    /// or rolls back an interrupted transaction.
    pub fn open(dir: &Path) -> Result<Store, Error> {
        if !holds_campaign(dir) {
            return Err(Error::NotACampaign {
                dir: dir.to_path_buf(),
            });
        }
        let store = Store::lock(dir)?;
        store.next_entry.set(Txn::new(dir).recover()?);
        if !dir.join("campaign.toml").is_file() {
            return Err(Error::NotACampaign {
                dir: dir.to_path_buf(),
            });
        }
        Ok(store)
    }

    /// The committed campaign files of `dir` when one quiet read gets them,
    /// without the checks of [`Store::read_committed`] (see
    /// [`reader::read_unsealed_once`]); `None` sends the caller there.
    pub fn read_committed_quick(dir: &Path, digest_only: &[&str]) -> Option<(Files, Digests)> {
        reader::read_unsealed_once(dir, digest_only)
    }

    /// The committed campaign files of `dir`, read without the lock and
    /// without writing anything (see [`reader`]).
    pub fn read_committed(dir: &Path) -> Result<Files, Error> {
        let (files, seals) = reader::read_committed(dir)?;
        check_whole(dir, &files, &seals)?;
        if !files.contains_key("campaign.toml") {
            return Err(Error::NotACampaign {
                dir: dir.to_path_buf(),
            });
        }
        Ok(files)
    }

    /// Creates a new campaign directory (empty or absent) and locks it. A
    /// folder holding only what a `votg new` killed before its commit point
    /// left counts as empty.
    pub fn create(dir: &Path) -> Result<Store, Error> {
        let not_empty = || Error::DirNotEmpty {
            dir: dir.to_path_buf(),
        };
        if dir.exists() {
            let mut entries = fs::read_dir(dir).map_err(io(dir))?;
            if entries.any(|e| e.map_or(true, |e| e.file_name() != META)) {
                return Err(not_empty());
            }
        }
        fs::create_dir_all(dir).map_err(io(dir))?;
        let store = Store::lock(dir)?;
        Txn::new(dir).recover()?;
        if holds_campaign(dir) || !history::numbers(&dir.join(HISTORY))?.is_empty() {
            return Err(not_empty());
        }
        // Nothing of an earlier campaign may vouch for the new one's files.
        fsio::remove_dir(&dir.join(SEALED))?;
        Ok(store)
    }

    fn lock(dir: &Path) -> Result<Store, Error> {
        let meta = dir.join(META);
        fs::create_dir_all(&meta).map_err(io(&meta))?;
        let path = dir.join(LOCK);
        let mut options = OpenOptions::new();
        options.create(true).truncate(false).write(true);
        #[cfg(unix)]
        {
            // A FIFO in its place must not block.
            use std::os::unix::fs::OpenOptionsExt;
            options.custom_flags(libc::O_NONBLOCK);
        }
        let file = options.open(&path).map_err(io(&path))?;
        match file.try_lock() {
            Ok(()) => Ok(Store {
                dir: dir.to_path_buf(),
                _lock: file,
                batch: RefCell::new(None),
                read: RefCell::new(None),
                next_entry: Cell::new(None),
                journal_written: RefCell::new(None),
            }),
            Err(fs::TryLockError::WouldBlock) => Err(Error::Locked {
                dir: dir.to_path_buf(),
            }),
            Err(fs::TryLockError::Error(e)) => Err(Error::Io { path, source: e }),
        }
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The campaign files as they are on disk (missing ones left out).
    pub fn read_files(&self) -> Result<Files, Error> {
        let mut files = Files::new();
        for f in FILES {
            if let Some(bytes) = read_regular(&self.dir.join(f.name))? {
                files.insert(f.name.to_string(), bytes.into());
            }
        }
        Ok(files)
    }

    /// The campaign files, refusing one cut short (see [`check_whole`]).
    pub fn read_checked(&self) -> Result<Files, Error> {
        self.read.take();
        let files = self.read_files()?;
        check_whole_on_disk(&self.dir, &files)?;
        *self.read.borrow_mut() = Some(files.clone());
        Ok(files)
    }

    /// Commits `files` (new bytes of campaign files; others stay as they
    /// are) in one transaction. With `snapshot`, the step is recorded in the
    /// history, in the same transaction, for `votg undo`. During a batch
    /// ([`Store::begin_batch`]) a step with a snapshot is held in memory.
    pub fn commit(&self, files: &Files, snapshot: Option<&Snapshot>) -> Result<(), Error> {
        self.writing();
        if let Some(name) = files.keys().find(|n| !is_campaign_file(n)) {
            return Err(Error::Usage(format!(
                "internal: `{name}` is not a campaign file"
            )));
        }
        if let (Some(s), Some(batch)) = (snapshot, self.batch.borrow_mut().as_mut()) {
            batch.add(files, s);
            return Ok(());
        }
        // Anything held goes first, so the history stays in step order.
        self.end_batch()?;
        let before = self.read_files()?;
        let writes = changed(&before, files);
        if writes.is_empty() {
            return Ok(());
        }
        let publish = match snapshot {
            Some(s) => {
                let next = self.history_numbers()?.last().map_or(1, |n| n + 1);
                let changed: Vec<&str> = writes.keys().map(String::as_str).collect();
                vec![(next, history::record(&before, files, &changed, s))]
            }
            None => Vec::new(),
        };
        let plan = Plan {
            writes,
            publish,
            ..Plan::default()
        };
        Txn::new(&self.dir).commit(&plan, &mut CrashPoints::from_env())
    }

    /// Forgets what was learned of the files and the history before a
    /// write (see [`Store::read`] and [`Store::next_entry`]).
    fn writing(&self) {
        self.read.take();
        self.next_entry.take();
        self.journal_written.take();
    }

    /// The hash the history gives `journal` ([`fsio::hash`]), if the last
    /// batch wrote exactly these bytes and nothing was written since: for
    /// the campaign's parsed copy to hand to the next run
    /// ([`Store::begin_batch_knowing`]).
    pub fn journal_hash(&self, journal: &Bytes) -> Option<String> {
        let written = self.journal_written.borrow();
        let (bytes, hash) = written.as_ref()?;
        // Shared bytes compare equal at once (`Arc`'s equality looks at the
        // pointer first).
        (bytes == journal).then(|| hash.clone())
    }

    fn history_numbers(&self) -> Result<Vec<u32>, Error> {
        history::numbers(&self.dir.join(HISTORY))
    }
}

#[cfg(test)]
mod tests;
