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
    /// The file as the step left it (its `base`), with the bytes between
    /// its first `keep_start` and last `keep_end` replaced by the copy at
    /// `offset`: a step that changes a few lines of a long file costs a few
    /// lines.
    Splice,
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
    #[serde(default, skip_serializing_if = "is_zero")]
    pub keep_start: u64,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub keep_end: u64,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub base_len: u64,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub base_hash: String,
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

/// A splice pays for itself above this saving (its description is longer).
const SPLICE_SAVES: usize = 256;

/// A file as it was before a step, as far as its entry needs it.
#[derive(Debug, Clone, Copy)]
pub enum Before<'a> {
    /// It did not exist.
    Absent,
    /// Its bytes, with their [`hash`] when the caller knows it.
    Bytes(&'a [u8], Option<&'a str>),
    /// The journal, which only grows: the first `len` bytes of the new one,
    /// whose hash is `hash` (the caller has made sure of both).
    Grown { len: u64, hash: &'a str },
}

/// How a file that was `old` is kept, given `new` (what the step wrote),
/// the bytes it stores, and the hash of `new` if it took one.
fn before_of<'a>(
    name: &str,
    old: Before<'a>,
    new: &[u8],
) -> (FileBefore, &'a [u8], Option<String>) {
    let mut f = FileBefore {
        name: name.into(),
        was: Was::Absent,
        len: 0,
        hash: String::new(),
        offset: 0,
        keep_start: 0,
        keep_end: 0,
        base_len: 0,
        base_hash: String::new(),
    };
    let old = match old {
        Before::Absent => return (f, &[], None),
        Before::Grown { len, hash } => {
            f.was = Was::Prefix;
            f.len = len;
            f.hash = hash.to_string();
            return (f, &[], None);
        }
        Before::Bytes(old, known) => {
            f.len = old.len() as u64;
            f.hash = known.map_or_else(|| hash(old), str::to_string);
            old
        }
    };
    if name == APPEND_ONLY && new.starts_with(old) {
        f.was = Was::Prefix;
        return (f, &[], None);
    }
    let start = common_prefix(old, new);
    let end = common_suffix(&old[start..], &new[start..]);
    let middle = &old[start..old.len() - end];
    if old.len() - middle.len() < SPLICE_SAVES {
        f.was = Was::Copy;
        return (f, old, None);
    }
    f.was = Was::Splice;
    f.keep_start = start as u64;
    f.keep_end = end as u64;
    f.base_len = new.len() as u64;
    f.base_hash = hash(new);
    let new_hash = Some(f.base_hash.clone());
    (f, middle, new_hash)
}

/// How many bytes `a` and `b` begin with alike. Compared a block at a time
/// (the step's files are compared at every step of a run; byte by byte it
/// was a tenth of a scripted RePh).
fn common_prefix(a: &[u8], b: &[u8]) -> usize {
    const BLOCK: usize = 64;
    let len = a.len().min(b.len());
    let mut at = 0;
    while at + BLOCK <= len && a[at..at + BLOCK] == b[at..at + BLOCK] {
        at += BLOCK;
    }
    at + a[at..len]
        .iter()
        .zip(&b[at..len])
        .take_while(|(x, y)| x == y)
        .count()
}

/// How many bytes `a` and `b` end with alike (as [`common_prefix`]).
fn common_suffix(a: &[u8], b: &[u8]) -> usize {
    const BLOCK: usize = 64;
    let len = a.len().min(b.len());
    let (a, b) = (&a[a.len() - len..], &b[b.len() - len..]);
    let mut at = len;
    while at >= BLOCK && a[at - BLOCK..at] == b[at - BLOCK..at] {
        at -= BLOCK;
    }
    len - at
        + a[..at]
            .iter()
            .rev()
            .zip(b[..at].iter().rev())
            .take_while(|(x, y)| x == y)
            .count()
}

/// The entry for a step that changes `changed` of `before` into `after`.
pub fn record(before: &Files, after: &Files, changed: &[&str], snapshot: &Snapshot) -> Vec<u8> {
    let changes = changed.iter().map(|&name| {
        let old = before
            .get(name)
            .map_or(Before::Absent, |b| Before::Bytes(b, None));
        let new = after.get(name).map(|b| b.as_slice()).unwrap_or_default();
        (name, old, new)
    });
    step_entry(changes, snapshot, |_, _| {})
}

/// The entry for a step that changes each file named from how it was
/// before to the bytes given; `hashed` hears of each new file's hash the
/// entry took (a caller keeping them need not take them again).
pub fn step_entry<'a>(
    changes: impl IntoIterator<Item = (&'a str, Before<'a>, &'a [u8])>,
    snapshot: &Snapshot,
    mut hashed: impl FnMut(&str, String),
) -> Vec<u8> {
    let mut copies = Vec::new();
    let mut files = Vec::new();
    for (name, old, new) in changes {
        let (mut f, stored, new_hash) = before_of(name, old, new);
        if !stored.is_empty() {
            f.offset = copies.len() as u64;
            copies.extend_from_slice(stored);
        }
        if let Some(h) = new_hash {
            hashed(name, h);
        }
        files.push(f);
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

/// `len` bytes at `offset` of an entry's copies, if it holds them.
fn stored(copies: &[u8], offset: u64, len: u64) -> Option<&[u8]> {
    let at = usize::try_from(offset).ok()?;
    let len = usize::try_from(len).ok()?;
    copies.get(at..at.checked_add(len)?)
}

fn bad_copy(entry: &Path, f: &FileBefore) -> Error {
    damaged(
        entry,
        format!("its copy of {} is not what it recorded", f.name),
    )
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
            // A side's dice file, once made, is kept: undoing the step that
            // made it (a migration) and doing it again rolls the same dice.
            Was::Absent if super::kept_by_undo(&f.name) => {}
            Was::Absent => removes.push(f.name.clone()),
            Was::Copy => {
                let copy = stored(copies, f.offset, f.len)
                    .filter(|copy| hash(copy) == f.hash)
                    .ok_or_else(|| bad_copy(path, f))?;
                writes.insert(f.name.clone(), copy.to_vec().into());
            }
            Was::Splice => {
                let middle = f
                    .keep_start
                    .checked_add(f.keep_end)
                    .and_then(|kept| f.len.checked_sub(kept));
                let middle = middle
                    .and_then(|len| stored(copies, f.offset, len))
                    .ok_or_else(|| bad_copy(path, f))?;
                let base = [current, sealed]
                    .into_iter()
                    .filter_map(|files| files.get(&f.name))
                    .find(|b| b.len() as u64 == f.base_len && hash(b) == f.base_hash)
                    .ok_or_else(|| {
                        Error::Refused(format!(
                            "{} is not as that step left it (it was edited by hand since, or damaged), so undo cannot rebuild it as it was before the step. Nothing was changed.",
                            f.name
                        ))
                    })?;
                let start = usize::try_from(f.keep_start).unwrap_or(usize::MAX);
                let end = usize::try_from(f.keep_end).unwrap_or(usize::MAX);
                let mut old = base[..start.min(base.len())].to_vec();
                old.extend_from_slice(middle);
                old.extend_from_slice(&base[base.len().saturating_sub(end)..]);
                if hash(&old) != f.hash {
                    return Err(bad_copy(path, f));
                }
                writes.insert(f.name.clone(), old.into());
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
                        writes.insert(f.name.clone(), old.to_vec().into());
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
            writes.insert(f.name.to_string(), bytes.into());
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

/// What [`roll_back`] did and found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RolledBack {
    /// Anything was put back (only then is the folder synced).
    pub changed: bool,
    /// The number the next entry takes (the highest published one's next,
    /// as [`numbers`] would give it), if the folder could be listed.
    pub next: Option<u32>,
}

/// Puts back what an interrupted, uncommitted transaction did to the
/// history: pending entries go, entries being dropped return. It lists
/// the folder, so it also says which number the next entry takes.
pub fn roll_back(history: &Path) -> Result<RolledBack, Error> {
    let entries = match std::fs::read_dir(history) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Ok(RolledBack {
                changed: false,
                next: Some(1),
            });
        }
        // Left to `numbers` to report, when it is asked.
        Err(_) => {
            return Ok(RolledBack {
                changed: false,
                next: None,
            });
        }
    };
    let mut changed = false;
    let mut last = 0;
    for e in entries.flatten() {
        let name = e.file_name().to_string_lossy().to_string();
        let path = e.path();
        if let Ok(n) = name.parse::<u32>() {
            last = last.max(n);
        } else if name.ends_with(".pending") || name.ends_with(".tmp") {
            fsio::remove_any(&path)?;
            changed = true;
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
            last = last.max(n);
            changed = true;
        }
    }
    if changed {
        fsio::sync_dir(history);
    }
    Ok(RolledBack {
        changed,
        next: last.checked_add(1),
    })
}

#[cfg(test)]
mod tests;
