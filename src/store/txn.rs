//! One all-or-nothing change to a campaign: its files, and the history
//! entry published (a step) or dropped (an undo) with them.
//!
//! Before the commit point everything is prepared where it changes nothing
//! yet, and synced: new files under `.votg/txn/files/`, a new history entry
//! as `history/<n>.pending`, an entry being undone renamed to
//! `history/<n>.dropping`. Then `.votg/txn/COMMIT` (the manifest: each file
//! with its length and hash) is written and synced: the commit point. After
//! it only renames and removals remain; recovery finishes them (checking
//! each file against the manifest, so "already renamed" and "never reached
//! the disk" can be told apart). Without the marker, recovery puts
//! everything back as it was.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::fsio::{self, hash, read_regular, sync_dir};
use super::{Files, history, is_campaign_file};
use crate::error::Error;

pub const TXN: &str = ".votg/txn";
pub const MARKER: &str = "COMMIT";
const STAGED: &str = "files";
/// Staged copies for `.votg/sealed/`.
const STAGED_SEALS: &str = "sealed";
/// This manifest's format (older votg wrote a bare list of names).
const FORMAT: u32 = 2;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FileOp {
    pub name: String,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub remove: bool,
    #[serde(default)]
    pub len: u64,
    #[serde(default)]
    pub hash: String,
}

/// `.votg/txn/COMMIT`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Manifest {
    pub format: u32,
    /// The history entry this commit publishes (a step).
    pub publish: Option<u32>,
    /// With `publish`: the last of the entries `publish..=last` it
    /// publishes (the steps of a scripted run, committed together).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last: Option<u32>,
    /// The history entry this commit drops (an undo).
    pub drop: Option<u32>,
    #[serde(default)]
    pub files: Vec<FileOp>,
    /// Written by an older votg: staged files at `.votg/txn/<name>`, no hashes.
    #[serde(skip)]
    pub legacy: bool,
}

impl Manifest {
    /// Parses a marker, accepting only the campaign's own file names.
    pub fn parse(bytes: &[u8], marker: &Path) -> Result<Manifest, Error> {
        let bad = |detail: String| Error::InterruptedCommit {
            marker: marker.to_path_buf(),
            detail,
        };
        let text = std::str::from_utf8(bytes).map_err(|_| bad("it is not UTF-8 text".into()))?;
        let manifest = match toml::from_str::<Manifest>(text) {
            Ok(m) if m.format == FORMAT => m,
            Ok(m) => return Err(bad(format!("it has format {}, not {FORMAT}", m.format))),
            Err(e) if !text.contains('=') => {
                let _ = e;
                Manifest {
                    format: FORMAT,
                    publish: None,
                    last: None,
                    drop: None,
                    files: text
                        .lines()
                        .filter(|l| !l.is_empty())
                        .map(|name| FileOp {
                            name: name.to_string(),
                            remove: false,
                            len: 0,
                            hash: String::new(),
                        })
                        .collect(),
                    legacy: true,
                }
            }
            Err(e) => return Err(bad(e.message().trim().to_string())),
        };
        for f in &manifest.files {
            if !is_campaign_file(&f.name) {
                return Err(bad(format!(
                    "it names `{}`, which is not a campaign file",
                    f.name
                )));
            }
        }
        if manifest
            .last
            .is_some_and(|l| manifest.publish.is_none_or(|p| l < p))
        {
            return Err(bad("its `last` entry comes before its first".into()));
        }
        Ok(manifest)
    }

    /// The numbers of the history entries it publishes.
    pub fn published(&self) -> std::ops::RangeInclusive<u32> {
        match self.publish {
            Some(first) => first..=self.last.unwrap_or(first),
            #[allow(clippy::reversed_empty_ranges)]
            None => 1..=0,
        }
    }
}

/// What a commit changes.
#[derive(Debug, Default)]
pub struct Plan {
    pub writes: Files,
    pub removes: Vec<String>,
    /// History entries to publish, numbers consecutive: each its number
    /// and bytes.
    pub publish: Vec<(u32, Vec<u8>)>,
    pub drop: Option<u32>,
    /// The [`hash`] of some of `writes`, where the caller has it already.
    pub hashes: std::collections::BTreeMap<String, String>,
}

/// Testing hooks: `VOTG_CRASH_AT=N` aborts the process at the N-th point
/// of a commit, `VOTG_FAIL_AT=N` makes that point fail as a full disk would,
/// so tests can prove a crash or an error anywhere leaves the old or the new
/// campaign. They exist in debug builds only (what `cargo test` runs), never
/// in a release build a player runs.
pub struct CrashPoints {
    passed: u32,
    #[cfg(debug_assertions)]
    crash_at: Option<u32>,
    #[cfg(debug_assertions)]
    fail_at: Option<u32>,
}

impl CrashPoints {
    pub fn from_env() -> CrashPoints {
        #[cfg(debug_assertions)]
        let at = |var: &str| std::env::var(var).ok().and_then(|v| v.parse().ok());
        CrashPoints {
            passed: 0,
            #[cfg(debug_assertions)]
            crash_at: at("VOTG_CRASH_AT"),
            #[cfg(debug_assertions)]
            fail_at: at("VOTG_FAIL_AT"),
        }
    }

    /// No crash points (recovery is not instrumented).
    pub fn none() -> CrashPoints {
        CrashPoints {
            passed: 0,
            #[cfg(debug_assertions)]
            crash_at: None,
            #[cfg(debug_assertions)]
            fail_at: None,
        }
    }

    pub fn pass(&mut self) -> Result<(), Error> {
        self.passed += 1;
        #[cfg(debug_assertions)]
        {
            if self.crash_at == Some(self.passed) {
                std::process::abort();
            }
            if self.fail_at == Some(self.passed) {
                return Err(Error::Io {
                    path: format!("(VOTG_FAIL_AT={})", self.passed).into(),
                    source: std::io::Error::other("injected failure"),
                });
            }
        }
        Ok(())
    }
}

/// The paths of one campaign's transaction.
pub struct Txn {
    pub dir: PathBuf,
}

impl Txn {
    pub fn new(dir: &Path) -> Txn {
        Txn {
            dir: dir.to_path_buf(),
        }
    }

    pub fn root(&self) -> PathBuf {
        self.dir.join(TXN)
    }

    pub fn marker(&self) -> PathBuf {
        self.root().join(MARKER)
    }

    fn history(&self) -> PathBuf {
        self.dir.join(super::HISTORY)
    }

    pub fn staged(&self, manifest: &Manifest, name: &str) -> PathBuf {
        if manifest.legacy {
            self.root().join(name)
        } else {
            self.root().join(STAGED).join(name)
        }
    }

    /// The marker's manifest, if a commit point has been passed.
    pub fn manifest(&self) -> Result<Option<Manifest>, Error> {
        let marker = self.marker();
        match read_regular(&marker)? {
            Some(bytes) => Manifest::parse(&bytes, &marker).map(Some),
            None => Ok(None),
        }
    }

    /// Runs `plan` to the end. An error before the commit point leaves
    /// everything as it was; one after it leaves the commit for recovery.
    pub fn commit(&self, plan: &Plan, points: &mut CrashPoints) -> Result<(), Error> {
        self.commit_gated(plan, points, || Ok(()))
    }

    /// [`Txn::commit`], with `gate` asked just before the commit point,
    /// once everything is prepared and on the disk: an error from it rolls
    /// everything back, as any error before that point does. (A check that
    /// runs while the disk is being waited for.)
    pub fn commit_gated(
        &self,
        plan: &Plan,
        points: &mut CrashPoints,
        gate: impl FnOnce() -> Result<(), Error>,
    ) -> Result<(), Error> {
        let manifest = match self.prepare(plan, points, gate) {
            Ok(m) => m,
            Err(e) => {
                // Best effort: the next command's recovery does it otherwise.
                let _ = self.roll_back();
                return Err(e);
            }
        };
        // Past the commit point the step has happened, whatever fails now:
        // say so, and leave the rest to the next command's recovery.
        self.apply(&manifest, false, points)
            .map_err(|e| Error::CommitUnfinished {
                dir: self.dir.clone(),
                source: Box::new(e),
            })
    }

    fn prepare(
        &self,
        plan: &Plan,
        points: &mut CrashPoints,
        gate: impl FnOnce() -> Result<(), Error>,
    ) -> Result<Manifest, Error> {
        let root = self.root();
        fsio::remove_dir(&root)?;
        let mut dirs = BTreeSet::new();
        let mut files = Vec::new();
        // Written first, synced together (one wait for the disk, not one
        // per file); nothing counts before the marker, written after.
        let mut written = Vec::new();
        for (name, bytes) in &plan.writes {
            let staged = root.join(STAGED).join(name);
            written.push(fsio::write_unsynced(&staged, bytes)?);
            dirs.extend(staged.parent().map(Path::to_path_buf));
            let seal = root.join(STAGED_SEALS).join(name);
            written.push(fsio::write_unsynced(&seal, bytes)?);
            dirs.extend(seal.parent().map(Path::to_path_buf));
            files.push(FileOp {
                name: name.clone(),
                remove: false,
                len: bytes.len() as u64,
                hash: plan
                    .hashes
                    .get(name)
                    .cloned()
                    .unwrap_or_else(|| hash(bytes)),
            });
            points.pass()?;
        }
        for name in &plan.removes {
            files.push(FileOp {
                name: name.clone(),
                remove: true,
                len: 0,
                hash: String::new(),
            });
        }
        let history = self.history();
        for (n, entry) in &plan.publish {
            let pending = history::pending(&history, *n);
            fsio::remove_any(&pending)?;
            written.push(fsio::write_unsynced(&pending, entry)?);
            dirs.insert(history.clone());
            points.pass()?;
        }
        if let Some(n) = plan.drop {
            fsio::rename(
                &history::entry(&history, n),
                &history::dropping(&history, n),
            )?;
            dirs.insert(history.clone());
            points.pass()?;
        }
        // The files, every folder that gained an entry, and the transaction
        // folder's own entry in `.votg`, together.
        dirs.insert(root.clone());
        dirs.extend(root.parent().map(Path::to_path_buf));
        fsio::sync_files_and_dirs(&written, dirs.iter())?;
        gate()?;
        let manifest = Manifest {
            format: FORMAT,
            publish: plan.publish.first().map(|(n, _)| *n),
            last: plan
                .publish
                .last()
                .map(|(n, _)| *n)
                .filter(|_| plan.publish.len() > 1),
            drop: plan.drop,
            files,
            legacy: false,
        };
        let text = toml::to_string_pretty(&manifest).expect("manifest serialises");
        let tmp = root.join(".COMMIT.tmp");
        fsio::write_synced(&tmp, text.as_bytes())?;
        fsio::rename(&tmp, &self.marker())?;
        sync_dir(&root);
        // The commit point.
        points.pass()?;
        Ok(manifest)
    }

    /// Finishes a committed transaction; idempotent, so a crash in the
    /// middle of it (or of recovery) is finished by the next recovery.
    /// `verify` checks every file against the manifest (recovery does).
    pub fn apply(
        &self,
        manifest: &Manifest,
        verify: bool,
        points: &mut CrashPoints,
    ) -> Result<(), Error> {
        let history = self.history();
        let broken = |detail: String| Error::InterruptedCommit {
            marker: self.marker(),
            detail,
        };
        for f in &manifest.files {
            let target = self.dir.join(&f.name);
            let sealed = self.dir.join(super::SEALED).join(&f.name);
            if f.remove {
                fsio::remove_file(&target)?;
                fsio::remove_file(&sealed)?;
                points.pass()?;
                continue;
            }
            // The sealed copy first: a file in place is never newer than it.
            let seal = self.root().join(STAGED_SEALS).join(&f.name);
            let staged = self.staged(manifest, &f.name);
            // A commit just prepared finds everything staged: renamed at
            // once, without looking first (recovery looks).
            if !verify
                && !manifest.legacy
                && fsio::rename(&seal, &sealed).is_ok()
                && fsio::rename(&staged, &target).is_ok()
            {
                points.pass()?;
                continue;
            }
            if !manifest.legacy && fsio::exists(&seal) {
                fsio::rename(&seal, &sealed)?;
            }
            if fsio::exists(&staged) {
                if verify && !manifest.legacy {
                    let ok = read_regular(&staged)?
                        .is_some_and(|b| b.len() as u64 == f.len && hash(&b) == f.hash);
                    if !ok {
                        return Err(broken(format!(
                            "its new copy of {} ({}) is damaged",
                            f.name,
                            staged.display()
                        )));
                    }
                }
                fsio::rename(&staged, &target)?;
            } else if verify && !manifest.legacy {
                // Already renamed: then it is in place, whole.
                let ok = read_regular(&target)?
                    .is_some_and(|b| b.len() as u64 == f.len && hash(&b) == f.hash);
                if !ok {
                    return Err(broken(format!(
                        "{} is neither staged nor in place as committed",
                        f.name
                    )));
                }
            }
            points.pass()?;
        }
        for n in manifest.published() {
            let pending = history::pending(&history, n);
            let done = history::entry(&history, n);
            if !verify && std::fs::rename(&pending, &done).is_ok() {
                // Published at once (nothing was at its number).
            } else if fsio::exists(&pending) {
                fsio::remove_any(&done)?;
                fsio::rename(&pending, &done)?;
            } else if !fsio::exists(&done) {
                return Err(broken(format!("its history entry {n} is missing")));
            }
            points.pass()?;
        }
        if let Some(n) = manifest.drop {
            fsio::remove_any(&history::dropping(&history, n))?;
            points.pass()?;
        }
        let mut dirs = vec![history];
        for d in ["", "german", "russian"] {
            dirs.push(self.dir.join(d));
            dirs.push(self.dir.join(super::SEALED).join(d));
        }
        fsio::sync_dirs(dirs.iter());
        self.clear()
    }

    /// Removes the transaction folder, marker first, and waits for the disk
    /// once: the folder's removal from `.votg`, synced, takes the marker
    /// with it (a folder is removed only once empty, so no crash can bring
    /// back the folder without the marker's removal having happened first
    /// in the same file system: what a recovery could find is the folder
    /// with its marker, and finishing the commit again is harmless).
    fn clear(&self) -> Result<(), Error> {
        let root = self.root();
        fsio::remove_file(&self.marker())?;
        fsio::remove_dir(&root)?;
        if let Some(meta) = root.parent() {
            sync_dir(meta);
        }
        Ok(())
    }

    /// Undoes what an uncommitted transaction prepared. With nothing to undo
    /// (every writer's start, after a commit that finished) nothing waits
    /// for the disk. Returns the number the next history entry takes, if
    /// the history could be listed.
    pub fn roll_back(&self) -> Result<Option<u32>, Error> {
        let root = self.root();
        let prepared = fsio::exists(&root);
        fsio::remove_dir(&root)?;
        let history = history::roll_back(&self.history())?;
        if (prepared || history.changed)
            && let Some(meta) = root.parent()
        {
            sync_dir(meta);
        }
        Ok(history.next)
    }

    /// Finishes a committed transaction or rolls back an uncommitted one.
    /// Returns the number the next history entry takes when a roll-back
    /// learned it (see [`Txn::roll_back`]).
    pub fn recover(&self) -> Result<Option<u32>, Error> {
        match self.manifest()? {
            Some(m) => self
                .apply(&m, true, &mut CrashPoints::none())
                .map(|()| None),
            None => self.roll_back(),
        }
    }
}
