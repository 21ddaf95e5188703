//! `.votg/history/<n>/`: what `votg undo` takes back, one entry per step.
//!
//! An entry keeps only what the step changed: a copy of each file as it was
//! before (`files/<name>`), the length of the journal before (it is
//! append-only, so the old journal is the start of the new), or that the
//! file did not exist. Each is recorded with its length and hash, so a
//! damaged entry is refused instead of restored. `step.toml` also says whose
//! step it was and whether it was secret, so undo never tells one side what
//! the other did. Entries made by older votg versions (a full copy of every
//! file and a `.label`) are still read.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::fsio::{self, hash, read_regular};
use super::{Files, Snapshot, is_campaign_file};
use crate::error::Error;
use crate::side::Side;

pub const META: &str = "step.toml";
const COPIES: &str = "files";
const LEGACY_LABEL: &str = ".label";
/// The file that only ever grows at its end, between steps.
pub const APPEND_ONLY: &str = "journal.csv";

/// How a file was before the step.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Was {
    /// Copied in full under `files/`.
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
}

/// `step.toml`.
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

/// The entry for a step that changes `changed` of `before`: its files,
/// by path inside the entry's folder.
pub fn record(before: &Files, after: &Files, changed: &[&str], snapshot: &Snapshot) -> Files {
    let mut entry = Files::new();
    let mut files = Vec::new();
    for &name in changed {
        let new = after.get(name).map(Vec::as_slice).unwrap_or_default();
        let f = match before.get(name) {
            None => FileBefore {
                name: name.into(),
                was: Was::Absent,
                len: 0,
                hash: String::new(),
            },
            Some(old) if name == APPEND_ONLY && new.starts_with(old) => FileBefore {
                name: name.into(),
                was: Was::Prefix,
                len: old.len() as u64,
                hash: hash(old),
            },
            Some(old) => {
                entry.insert(format!("{COPIES}/{name}"), old.clone());
                FileBefore {
                    name: name.into(),
                    was: Was::Copy,
                    len: old.len() as u64,
                    hash: hash(old),
                }
            }
        };
        files.push(f);
    }
    let meta = StepMeta {
        label: snapshot.label.clone(),
        side: snapshot.side,
        secret: snapshot.secret,
        files,
    };
    let text = toml::to_string_pretty(&meta).expect("step metadata serialises");
    entry.insert(META.into(), text.into_bytes());
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
pub fn restore(dir: &Path, current: &Files, sealed: &Files) -> Result<Restore, Error> {
    let meta_path = dir.join(META);
    let Some(bytes) = read_regular(&meta_path)? else {
        return legacy(dir);
    };
    let text =
        String::from_utf8(bytes).map_err(|_| damaged(dir, format!("{META} is not UTF-8 text")))?;
    let meta: StepMeta =
        toml::from_str(&text).map_err(|e| damaged(dir, format!("{META}: {}", e.message())))?;
    let mut writes = Files::new();
    let mut removes = Vec::new();
    for f in &meta.files {
        if !is_campaign_file(&f.name) {
            return Err(damaged(
                dir,
                format!("{META} names `{}`, not a campaign file", f.name),
            ));
        }
        match f.was {
            Was::Absent => removes.push(f.name.clone()),
            Was::Copy => {
                let path = dir.join(COPIES).join(&f.name);
                let bytes = read_regular(&path)?
                    .ok_or_else(|| damaged(dir, format!("{COPIES}/{} is missing", f.name)))?;
                if bytes.len() as u64 != f.len || hash(&bytes) != f.hash {
                    return Err(damaged(
                        dir,
                        format!(
                            "{COPIES}/{} is not the file it recorded ({} bytes where it recorded {})",
                            f.name,
                            bytes.len(),
                            f.len
                        ),
                    ));
                }
                writes.insert(f.name.clone(), bytes);
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
        return Err(damaged(
            dir,
            format!("it has neither {META} nor campaign files"),
        ));
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
            fsio::remove_dir(&path)?;
        } else if let Some(n) = name
            .strip_suffix(".dropping")
            .and_then(|n| n.parse::<u32>().ok())
        {
            let back = entry(history, n);
            if fsio::exists(&back) {
                fsio::remove_dir(&path)?;
            } else {
                fsio::rename(&path, &back)?;
            }
        }
    }
    fsio::sync_dir(history);
    Ok(())
}
