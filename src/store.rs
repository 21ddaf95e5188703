//! Campaign files on disk, never lost (DESIGN §6): atomic writes, one
//! all-or-nothing transaction per step across files, a snapshot before every
//! step for `votg undo`, and a lock against a second process.
//!
//! A commit writes every changed file into `.votg/txn/`, syncs them, writes
//! `.votg/txn/COMMIT` (the list of files) and syncs it: from that moment the
//! commit has happened. Then each file is renamed over its old copy and the
//! marker removed. Opening the store finishes a commit whose marker exists
//! (the process died while renaming) and discards one without a marker (it
//! died before the commit point), so a campaign is always either wholly old
//! or wholly new.

use std::collections::BTreeMap;
use std::fs::{self, File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

use crate::error::Error;

const META: &str = ".votg";
const TXN: &str = ".votg/txn";
const HISTORY: &str = ".votg/history";
const COMMIT: &str = "COMMIT";
const LOCK: &str = ".votg/lock";
const LABEL: &str = ".label";

/// The campaign's files, by path relative to its directory.
pub type Files = BTreeMap<String, Vec<u8>>;

/// The campaign files DESIGN §3 names.
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

/// An open campaign directory, locked for this process.
#[derive(Debug)]
pub struct Store {
    dir: PathBuf,
    _lock: File,
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> Error + '_ {
    move |source| Error::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// Testing hook: `VOTG_CRASH_AT=N` aborts the process at the N-th write
/// point of a commit, to prove that a crash leaves an old or a new campaign.
fn crash_point(counter: &mut u32) {
    *counter += 1;
    if let Some(n) = std::env::var("VOTG_CRASH_AT")
        .ok()
        .and_then(|v| v.parse::<u32>().ok())
        && *counter == n
    {
        std::process::abort();
    }
}

fn sync_dir(dir: &Path) {
    // Directory fsync makes renames durable on Linux; elsewhere it may be
    // unsupported, which is no reason to fail the command.
    if let Ok(d) = File::open(dir) {
        let _ = d.sync_all();
    }
}

/// Writes `bytes` to `path` atomically: a temporary file in the same folder,
/// flushed and synced, renamed over the old one.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), Error> {
    let dir = path.parent().unwrap_or(Path::new("."));
    fs::create_dir_all(dir).map_err(io(dir))?;
    let tmp = dir.join(format!(
        ".{}.tmp",
        path.file_name().and_then(|n| n.to_str()).unwrap_or("file")
    ));
    {
        let mut f = File::create(&tmp).map_err(io(&tmp))?;
        f.write_all(bytes).map_err(io(&tmp))?;
        f.sync_all().map_err(io(&tmp))?;
    }
    fs::rename(&tmp, path).map_err(io(path))?;
    sync_dir(dir);
    Ok(())
}

impl Store {
    /// Opens an existing campaign: takes the lock, then finishes or discards
    /// an interrupted commit.
    pub fn open(dir: &Path) -> Result<Store, Error> {
        if !dir.join("campaign.toml").is_file() {
            return Err(Error::NotACampaign {
                dir: dir.to_path_buf(),
            });
        }
        let store = Store::lock(dir)?;
        store.recover()?;
        Ok(store)
    }

    /// Creates a new campaign directory (empty or absent) and locks it.
    pub fn create(dir: &Path) -> Result<Store, Error> {
        if dir.exists() {
            let mut entries = fs::read_dir(dir).map_err(io(dir))?;
            if entries.next().is_some() {
                return Err(Error::DirNotEmpty {
                    dir: dir.to_path_buf(),
                });
            }
        }
        fs::create_dir_all(dir).map_err(io(dir))?;
        Store::lock(dir)
    }

    fn lock(dir: &Path) -> Result<Store, Error> {
        let meta = dir.join(META);
        fs::create_dir_all(&meta).map_err(io(&meta))?;
        let path = dir.join(LOCK);
        let file = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&path)
            .map_err(io(&path))?;
        match file.try_lock() {
            Ok(()) => Ok(Store {
                dir: dir.to_path_buf(),
                _lock: file,
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

    fn recover(&self) -> Result<(), Error> {
        let txn = self.dir.join(TXN);
        if !txn.exists() {
            return Ok(());
        }
        let marker = txn.join(COMMIT);
        if marker.is_file() {
            let list = fs::read_to_string(&marker).map_err(io(&marker))?;
            for name in list.lines().filter(|l| !l.is_empty()) {
                let staged = txn.join(name);
                if staged.is_file() {
                    let target = self.dir.join(name);
                    if let Some(parent) = target.parent() {
                        fs::create_dir_all(parent).map_err(io(parent))?;
                    }
                    fs::rename(&staged, &target).map_err(io(&target))?;
                }
            }
        }
        fs::remove_dir_all(&txn).map_err(io(&txn))?;
        sync_dir(&self.dir);
        Ok(())
    }

    /// The campaign files as they are on disk (missing ones left out).
    pub fn read_files(&self) -> Result<Files, Error> {
        let mut files = Files::new();
        for name in CAMPAIGN_FILES {
            let path = self.dir.join(name);
            match fs::read(&path) {
                Ok(bytes) => {
                    files.insert(name.to_string(), bytes);
                }
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                Err(source) => return Err(Error::Io { path, source }),
            }
        }
        Ok(files)
    }

    /// Commits `files` (every campaign file's new bytes) in one transaction.
    /// With `snapshot`, the files as they were are kept first under
    /// `.votg/history/<n>/` with `label`, for `votg undo`.
    pub fn commit(&self, files: &Files, snapshot: Option<&str>) -> Result<(), Error> {
        let before = self.read_files()?;
        let changed: Vec<(&String, &Vec<u8>)> = files
            .iter()
            .filter(|(name, bytes)| before.get(*name) != Some(*bytes))
            .collect();
        if changed.is_empty() {
            return Ok(());
        }
        let mut counter = 0;
        if let Some(label) = snapshot {
            self.snapshot(&before, label, &mut counter)?;
        }
        let txn = self.dir.join(TXN);
        if txn.exists() {
            fs::remove_dir_all(&txn).map_err(io(&txn))?;
        }
        for (name, bytes) in &changed {
            let staged = txn.join(name);
            let parent = staged.parent().expect("under txn");
            fs::create_dir_all(parent).map_err(io(parent))?;
            let mut f = File::create(&staged).map_err(io(&staged))?;
            f.write_all(bytes).map_err(io(&staged))?;
            f.sync_all().map_err(io(&staged))?;
            crash_point(&mut counter);
        }
        let list: String = changed.iter().map(|(n, _)| format!("{n}\n")).collect();
        let marker = txn.join(COMMIT);
        let tmp = txn.join(".COMMIT.tmp");
        {
            let mut f = File::create(&tmp).map_err(io(&tmp))?;
            f.write_all(list.as_bytes()).map_err(io(&tmp))?;
            f.sync_all().map_err(io(&tmp))?;
        }
        fs::rename(&tmp, &marker).map_err(io(&marker))?;
        sync_dir(&txn);
        crash_point(&mut counter);
        for (name, _) in &changed {
            let target = self.dir.join(name);
            if let Some(parent) = target.parent() {
                fs::create_dir_all(parent).map_err(io(parent))?;
            }
            fs::rename(txn.join(name), &target).map_err(io(&target))?;
            crash_point(&mut counter);
        }
        sync_dir(&self.dir);
        for side in ["german", "russian"] {
            sync_dir(&self.dir.join(side));
        }
        fs::remove_dir_all(&txn).map_err(io(&txn))?;
        Ok(())
    }

    fn history_numbers(&self) -> Result<Vec<u32>, Error> {
        let dir = self.dir.join(HISTORY);
        if !dir.exists() {
            return Ok(Vec::new());
        }
        let mut n: Vec<u32> = fs::read_dir(&dir)
            .map_err(io(&dir))?
            .filter_map(|e| e.ok()?.file_name().to_str()?.parse().ok())
            .collect();
        n.sort();
        Ok(n)
    }

    fn snapshot(&self, files: &Files, label: &str, counter: &mut u32) -> Result<(), Error> {
        let next = self.history_numbers()?.last().map_or(1, |n| n + 1);
        let history = self.dir.join(HISTORY);
        let tmp = history.join(format!("{next}.tmp"));
        if tmp.exists() {
            fs::remove_dir_all(&tmp).map_err(io(&tmp))?;
        }
        for (name, bytes) in files {
            let path = tmp.join(name);
            let parent = path.parent().expect("under history");
            fs::create_dir_all(parent).map_err(io(parent))?;
            fs::write(&path, bytes).map_err(io(&path))?;
        }
        fs::create_dir_all(&tmp).map_err(io(&tmp))?;
        fs::write(tmp.join(LABEL), label).map_err(io(&tmp))?;
        crash_point(counter);
        let done = history.join(next.to_string());
        fs::rename(&tmp, &done).map_err(io(&done))?;
        sync_dir(&history);
        Ok(())
    }

    /// The label of the step `undo` would take back.
    pub fn last_snapshot(&self) -> Result<Option<(u32, String)>, Error> {
        let Some(&n) = self.history_numbers()?.last() else {
            return Ok(None);
        };
        let path = self.dir.join(HISTORY).join(n.to_string()).join(LABEL);
        let label = fs::read_to_string(&path).unwrap_or_default();
        Ok(Some((n, label)))
    }

    /// Restores the campaign to the last snapshot, byte for byte, and drops it.
    pub fn undo(&self) -> Result<String, Error> {
        let Some((n, label)) = self.last_snapshot()? else {
            return Err(Error::NothingToUndo {
                dir: self.dir.clone(),
            });
        };
        let snap = self.dir.join(HISTORY).join(n.to_string());
        let mut files = Files::new();
        for name in CAMPAIGN_FILES {
            let path = snap.join(name);
            if path.is_file() {
                files.insert(name.to_string(), fs::read(&path).map_err(io(&path))?);
            }
        }
        self.commit(&files, None)?;
        fs::remove_dir_all(&snap).map_err(io(&snap))?;
        Ok(label)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn files(v: &str) -> Files {
        CAMPAIGN_FILES
            .iter()
            .map(|n| (n.to_string(), format!("{n} {v}\n").into_bytes()))
            .collect()
    }

    #[test]
    fn design_6_commit_then_undo_is_byte_identical() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::create(dir.path()).unwrap();
        store.commit(&files("old"), None).unwrap();
        let before = store.read_files().unwrap();
        store.commit(&files("new"), Some("step 12.621")).unwrap();
        assert_eq!(store.read_files().unwrap(), files("new"));
        assert_eq!(store.undo().unwrap(), "step 12.621");
        assert_eq!(store.read_files().unwrap(), before);
        assert!(matches!(store.undo(), Err(Error::NothingToUndo { .. })));
    }

    #[test]
    fn design_6_second_process_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::create(dir.path()).unwrap();
        store.commit(&files("a"), None).unwrap();
        assert!(matches!(Store::open(dir.path()), Err(Error::Locked { .. })));
        drop(store);
        assert!(Store::open(dir.path()).is_ok());
    }

    #[test]
    fn design_6_interrupted_commit_rolls_forward_or_back() {
        let dir = tempfile::tempdir().unwrap();
        {
            let store = Store::create(dir.path()).unwrap();
            store.commit(&files("old"), None).unwrap();
        }
        // Staged without a marker: discarded.
        fs::create_dir_all(dir.path().join(TXN)).unwrap();
        fs::write(dir.path().join(TXN).join("campaign.toml"), b"garbage").unwrap();
        let store = Store::open(dir.path()).unwrap();
        assert_eq!(store.read_files().unwrap(), files("old"));
        drop(store);
        // Staged with a marker: completed.
        fs::create_dir_all(dir.path().join(TXN)).unwrap();
        fs::write(
            dir.path().join(TXN).join("campaign.toml"),
            b"campaign.toml new\n",
        )
        .unwrap();
        fs::write(dir.path().join(TXN).join(COMMIT), b"campaign.toml\n").unwrap();
        let store = Store::open(dir.path()).unwrap();
        assert_eq!(
            store.read_files().unwrap()["campaign.toml"],
            b"campaign.toml new\n"
        );
    }
}
