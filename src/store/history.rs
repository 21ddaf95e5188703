//! `.votg/history/<n>`: what `votg undo` takes back, one file per step.
//!
//! An entry keeps only what the step changed: a copy of each file as it was
//! before, the length of the journal before (it is append-only, so the old
//! journal is the start of the new), or that the file did not exist. Each is
//! recorded with its length and hash, so a damaged entry is refused instead
//! of restored. The entry also says whose step it was and whether it was
//! secret, so undo never tells one side what the other did.
//!
//! One file per entry (its description in TOML, a NUL byte, then the copies
//! one after another) keeps a long campaign's history small on disk, where
//! every file takes a whole block. Entries made by older votg versions (a
//! folder with a full copy of every file and a `.label`) are still read.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::fsio::{self, hash, read_regular};
use super::{Files, Snapshot, is_campaign_file};
use crate::error::Error;
use crate::side::Side;

const LEGACY_LABEL: &str = ".label";
/// The file that only ever grows at its end, between steps.
pub const APPEND_ONLY: &str = "journal.csv";

/// How a file was before the step.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Was {
    /// Copied in full, at `offset` among the entry's copies.
    Copy,
    /// The first `len` bytes of the file as the step left it.
    Prefix,
    /// It did not exist: undo removes it.
    Absent,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FileBefore {
    pub name: String,
    pub was: Was,
    #[serde(default)]
    pub len: u64,
    #[serde(default)]
    pub hash: String,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub offset: u64,
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

/// The description at the head of an entry.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StepMeta {
    pub label: String,
    pub side: Option<Side>,
    #[serde(default)]
    pub secret: bool,
    #[serde(default)]
    pub files: Vec<FileBefore>,
}

impl StepMeta {
    pub fn snapshot(&self) -> Snapshot {
        Snapshot {
            side: self.side,
            secret: self.secret,
            label: self.label.clone(),
        }
    }
}

/// The entry for a step that changes `changed` of `before` into `after`.
pub fn record(before: &Files, after: &Files, changed: &[&str], snapshot: &Snapshot) -> Vec<u8> {
    let mut copies = Vec::new();
    let mut files = Vec::new();
    for &name in changed {
        let new = after.get(name).map(Vec::as_slice).unwrap_or_default();
        let (was, old) = match before.get(name) {
            None => (Was::Absent, &[][..]),
            Some(old) if name == APPEND_ONLY && new.starts_with(old) => (Was::Prefix, &old[..]),
            Some(old) => (Was::Copy, &old[..]),
        };
        let offset = copies.len() as u64;
        if was == Was::Copy {
            copies.extend_from_slice(old);
        }
        files.push(FileBefore {
            name: name.into(),
            was,
            len: old.len() as u64,
            hash: if was == Was::Absent {
                String::new()
            } else {
                hash(old)
            },
            offset: if was == Was::Copy { offset } else { 0 },
        });
    }
    let meta = StepMeta {
        label: snapshot.label.clone(),
        side: snapshot.side,
        secret: snapshot.secret,
        files,
    };
    let mut entry = toml::to_string_pretty(&meta)
        .expect("step metadata serialises")
        .into_bytes();
    entry.push(0);
    entry.extend_from_slice(&copies);
    entry
}

/// What undoing one entry does: the files to write back and to remove.
#[derive(Debug)]
pub struct Restore {
    pub meta: StepMeta,
    pub writes: Files,
    pub removes: Vec<String>,
}

fn damaged(entry: &Path, detail: String) -> Error {
    Error::SnapshotDamaged {
        entry: entry.to_path_buf(),
        detail,
    }
}

/// Reads entry `dir` and works out the files before its step from
/// `current` (the files as the step left them; the journal, if it was cut
/// short since, from its `sealed` copy). Every file is checked
/// against its recorded length and hash; anything amiss is an error and
/// nothing is restored.
pub fn restore(path: &Path, current: &Files, sealed: &Files) -> Result<Restore, Error> {
    if path.is_dir() {
        return legacy(path);
    }
    let bytes = read_regular(path)?.ok_or_else(|| damaged(path, "it is missing".into()))?;
    let Some(split) = bytes.iter().position(|b| *b == 0) else {
        return Err(damaged(path, "it ends before its copies begin".into()));
    };
    let (head, copies) = (&bytes[..split], &bytes[split + 1..]);
    let text = std::str::from_utf8(head)
        .map_err(|_| damaged(path, "its description is not UTF-8 text".into()))?;
    let meta: StepMeta = toml::from_str(text)
        .map_err(|e| damaged(path, format!("its description: {}", e.message().trim())))?;
    let mut writes = Files::new();
    let mut removes = Vec::new();
    for f in &meta.files {
        if !is_campaign_file(&f.name) {
            return Err(damaged(
                path,
                format!("it names `{}`, not a campaign file", f.name),
            ));
        }
        match f.was {
            Was::Absent => removes.push(f.name.clone()),
            Was::Copy => {
                let copy = usize::try_from(f.offset)
                    .ok()
                    .zip(usize::try_from(f.len).ok())
                    .and_then(|(at, len)| copies.get(at..at.checked_add(len)?))
                    .filter(|copy| hash(copy) == f.hash)
                    .ok_or_else(|| {
                        damaged(
                            path,
                            format!("its copy of {} is not what it recorded", f.name),
                        )
                    })?;
                writes.insert(f.name.clone(), copy.to_vec());
            }
            Was::Prefix => {
                let len = usize::try_from(f.len).unwrap_or(usize::MAX);
                let old = [current, sealed].into_iter().find_map(|files| {
                    files
                        .get(&f.name)
                        .and_then(|b| b.get(..len))
                        .filter(|old| hash(old) == f.hash)
                });
                match old {
                    Some(old) => {
                        writes.insert(f.name.clone(), old.to_vec());
                    }
                    None => {
                        return Err(Error::Refused(format!(
                            "{} is not as that step left it: its first {} bytes (the file before the step) have changed. It is append-only; put back what was removed or changed, then undo again. Nothing was changed.",
                            f.name, f.len
                        )));
                    }
                }
            }
        }
    }
    Ok(Restore {
        meta,
        writes,
        removes,
    })
}

/// An entry made by votg before compact history: every file in full.
fn legacy(dir: &Path) -> Result<Restore, Error> {
    let label = read_regular(&dir.join(LEGACY_LABEL))?
        .map(|b| String::from_utf8_lossy(&b).to_string())
        .unwrap_or_default();
    let mut writes = Files::new();
    for f in super::FILES {
        if let Some(bytes) = read_regular(&dir.join(f.name))? {
            writes.insert(f.name.to_string(), bytes);
        }
    }
    if writes.is_empty() {
        return Err(damaged(dir, "the folder holds no campaign files".into()));
    }
    // Older entries recorded the side only in the label ("German 12.621 …").
    let side = Side::BOTH
        .into_iter()
        .find(|s| label.starts_with(&format!("{} ", s.name())));
    Ok(Restore {
        meta: StepMeta {
            label,
            side,
            secret: side.is_some(),
            files: Vec::new(),
        },
        writes,
        removes: Vec::new(),
    })
}

/// The numbers of the published entries, lowest first.
pub fn numbers(history: &Path) -> Result<Vec<u32>, Error> {
    let entries = match std::fs::read_dir(history) {
        Ok(e) => e,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(source) => {
            return Err(Error::Io {
                path: history.to_path_buf(),
                source,
            });
        }
    };
    let mut n: Vec<u32> = entries
        .filter_map(|e| e.ok()?.file_name().to_str()?.parse().ok())
        .collect();
    n.sort_unstable();
    Ok(n)
}

pub fn entry(history: &Path, n: u32) -> PathBuf {
    history.join(n.to_string())
}

/// An entry being written, published by renaming it to its number.
pub fn pending(history: &Path, n: u32) -> PathBuf {
    history.join(format!("{n}.pending"))
}

/// An entry being dropped by an undo, removed once the undo commits.
pub fn dropping(history: &Path, n: u32) -> PathBuf {
    history.join(format!("{n}.dropping"))
}

/// Puts back what an interrupted, uncommitted transaction did to the
/// history: pending entries go, entries being dropped return.
pub fn roll_back(history: &Path) -> Result<(), Error> {
    let Ok(entries) = std::fs::read_dir(history) else {
        return Ok(());
    };
    for e in entries.flatten() {
        let name = e.file_name().to_string_lossy().to_string();
        let path = e.path();
        if name.ends_with(".pending") || name.ends_with(".tmp") {
            fsio::remove_any(&path)?;
        } else if let Some(n) = name
            .strip_suffix(".dropping")
            .and_then(|n| n.parse::<u32>().ok())
        {
            let back = entry(history, n);
            if fsio::exists(&back) {
                fsio::remove_any(&path)?;
            } else {
                fsio::rename(&path, &back)?;
            }
        }
    }
    fsio::sync_dir(history);
    Ok(())
}
