//! Reading a campaign without the lock and without writing anything, so
//! `status`, `roster`, `log` … work on a read-only campaign and while a
//! refit waits for input.
//!
//! Readers see committed files only. With no commit in flight they read
//! every file, then check that no commit marker appeared and that every path
//! still names the file they read (commits replace files by rename, never in
//! place): then what they read was the campaign at one moment. If a commit
//! was interrupted after its commit point, they read the campaign as
//! recovery will make it — each file from its staged copy or from its
//! place, checked against the manifest — without finishing it. A commit
//! racing the read makes them read again.

use std::collections::BTreeMap;
use std::path::Path;

use super::fsio::{Digest, FileId, digest_opened, hash, open_regular, read_opened};
use super::txn::{Manifest, Txn};
use super::{FILES, Files, SEALED};
use crate::error::Error;

/// How often a reader tries before it gives up on a campaign being written.
const ATTEMPTS: u32 = 20;

/// The committed files and, when no commit was in flight, their sealed
/// copies (read as of the same moment).
pub fn read_committed(dir: &Path) -> Result<(Files, Files), Error> {
    let txn = Txn::new(dir);
    let mut last = String::new();
    // The interrupted commit seen on every attempt, if it never changed.
    let mut stuck: Option<Option<Manifest>> = None;
    for attempt in 0..ATTEMPTS {
        if attempt > 0 {
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        let before = txn.manifest()?;
        let result = match &before {
            None => read_quiet(dir, &txn, true, &[])?.map(|q| (q.files, q.seals)),
            Some(m) => read_as_recovered(dir, &txn, m)?.map(|f| (f, Files::new())),
        };
        match result {
            Ok(files) => return Ok(files),
            Err(why) => last = why,
        }
        stuck = match stuck {
            None => Some(before),
            Some(seen) if seen == before => Some(seen),
            Some(_) => Some(None),
        };
    }
    match stuck {
        // The same interrupted commit throughout: it does not add up.
        Some(Some(_)) => Err(Error::InterruptedCommit {
            marker: txn.marker(),
            detail: last,
        }),
        _ => Err(Error::Busy {
            dir: dir.to_path_buf(),
            detail: last,
        }),
    }
}

/// The committed files without their sealed copies, read once as of one
/// moment, or `None` when anything is out of the ordinary (a commit in
/// flight or racing the read, a file that cannot be read): the caller then
/// reads with [`read_committed`], which tries again and names the problem.
/// For a reader that only needs files it can match against a record of
/// files already checked whole (the parsed copy): the seals serve to tell
/// a file cut short, which such a match rules out. The files named in
/// `digest_only` are not kept, only their [`Digest`].
pub fn read_unsealed_once(dir: &Path, digest_only: &[&str]) -> Option<(Files, Digests)> {
    let txn = Txn::new(dir);
    if txn.manifest().ok()?.is_some() {
        return None;
    }
    let read = read_quiet(dir, &txn, false, digest_only).ok()?.ok()?;
    Some((read.files, read.digests))
}

/// The files' [`Digest`]s, by name.
pub type Digests = BTreeMap<String, Digest>;

struct Quiet {
    files: Files,
    seals: Files,
    digests: Digests,
}

/// No commit in flight: every file (and, with `sealed`, its sealed copy),
/// read as of one moment, or `Err` (a commit raced the read) to try again.
/// A file named in `digest_only` is read for its digest only.
fn read_quiet(
    dir: &Path,
    txn: &Txn,
    sealed: bool,
    digest_only: &[&str],
) -> Result<Result<Quiet, String>, Error> {
    let mut opened = Vec::new();
    let mut read = Quiet {
        files: Files::new(),
        seals: Files::new(),
        digests: Digests::new(),
    };
    let bases = [
        (dir.to_path_buf(), &mut read.files, Some(&mut read.digests)),
        (dir.join(SEALED), &mut read.seals, None),
    ];
    for (base, out, mut digests) in bases.into_iter().take(if sealed { 2 } else { 1 }) {
        for f in FILES {
            let path = base.join(f.name);
            let Some(mut o) = open_regular(&path)? else {
                opened.push((path, None));
                continue;
            };
            match digests.as_mut().filter(|_| digest_only.contains(&f.name)) {
                Some(d) => {
                    d.insert(f.name.to_string(), digest_opened(&path, &mut o)?);
                }
                None => {
                    out.insert(f.name.to_string(), read_opened(&path, &mut o)?.into());
                }
            }
            opened.push((path, Some(o)));
        }
    }
    // Keeping the files open until here means their identities cannot be
    // reused: the same identity now is the same file.
    if txn.manifest()?.is_some() {
        return Ok(Err("a commit began while reading".into()));
    }
    for (path, o) in &opened {
        if FileId::at(path)? != o.as_ref().map(|o| o.id) {
            return Ok(Err(format!("{} changed while reading", path.display())));
        }
    }
    Ok(Ok(read))
}

/// A commit past its commit point: the files as recovery will leave them.
fn read_as_recovered(
    dir: &Path,
    txn: &Txn,
    manifest: &Manifest,
) -> Result<Result<Files, String>, Error> {
    let mut files = Files::new();
    for f in FILES {
        if let Some(bytes) = super::fsio::read_regular(&dir.join(f.name))? {
            files.insert(f.name.to_string(), bytes.into());
        }
    }
    for op in &manifest.files {
        if op.remove {
            files.remove(&op.name);
            continue;
        }
        let staged = txn.staged(manifest, &op.name);
        let bytes = match super::fsio::read_regular(&staged)? {
            Some(b) => b.into(),
            None => match files.get(&op.name) {
                Some(b) => b.clone(),
                None => return Ok(Err(format!("{} is missing", op.name))),
            },
        };
        if !manifest.legacy && (bytes.len() as u64 != op.len || hash(&bytes) != op.hash) {
            return Ok(Err(format!(
                "{} is not as the interrupted commit recorded it",
                op.name
            )));
        }
        files.insert(op.name.clone(), bytes);
    }
    // The marker is removed only after every rename, so the same marker now
    // means no file outside the manifest changed meanwhile.
    if txn.manifest()?.as_ref() != Some(manifest) {
        return Ok(Err(
            "the interrupted commit was finished while reading".into()
        ));
    }
    Ok(Ok(files))
}
