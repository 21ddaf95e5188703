//! Appending to the logs (DESIGN §6): a writer holds each log it appends
//! to locked (flock) from the moment it opens the campaign, appends only
//! while each still ends where it read it, seals each line in its log's
//! chain, and moves what it cuts off as an interrupted tail, byte for byte,
//! to a file it names (`aside`) first: nothing is ever destroyed.

use std::path::{Path, PathBuf};

use super::fault::{self, Op};
use super::file::{io, read_regular};
use super::log::{End, LogText, PUBLIC, private_name};
use crate::error::Error;
use crate::model::chain;
use crate::model::side::Side;

/// A log this writer holds: open to append, locked, where it ends and its
/// chain value there.
#[derive(Debug)]
struct Held {
    file: Option<std::fs::File>,
    end: End,
    chain: String,
}

/// Appends to the logs a writer holds, while they end where it read them.
#[derive(Debug)]
pub struct Appender {
    dir: PathBuf,
    held: std::collections::BTreeMap<String, Held>,
    /// A write that failed part-way (the file, what failed): no more is
    /// appended after it.
    broken: Option<(PathBuf, std::io::ErrorKind)>,
    /// Interrupted tails to set aside before the first append (a command
    /// refused before it writes leaves them as they are).
    pending: Vec<Pending>,
}

/// An interrupted tail to set aside: which log, from which byte, where to.
#[derive(Debug)]
struct Pending {
    name: String,
    at: u64,
    to: PathBuf,
}

/// Opens `path` to append, refusing what is no plain file without
/// blocking, and locks it for this writer alone.
fn open_locked(dir: &Path, path: &Path) -> Result<std::fs::File, Error> {
    super::file::check_regular(path)?;
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(io(parent))?;
    }
    let mut options = std::fs::OpenOptions::new();
    options.append(true).create(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let f = options.open(path).map_err(io(path))?;
    if !f.metadata().map_err(io(path))?.is_file() {
        return Err(Error::NotRegularFile {
            path: path.to_path_buf(),
        });
    }
    match f.try_lock() {
        Ok(()) => Ok(f),
        Err(std::fs::TryLockError::WouldBlock) => Err(Error::Locked {
            dir: dir.to_path_buf(),
        }),
        Err(std::fs::TryLockError::Error(e)) => Err(io(path)(e)),
    }
}

impl Appender {
    /// An appender for `dir` that locks every log there now (a writer
    /// locks before it reads, so what it reads stays so).
    pub fn lock(dir: &Path) -> Result<Appender, Error> {
        let mut a = Appender {
            dir: dir.to_path_buf(),
            held: Default::default(),
            broken: None,
            pending: Vec::new(),
        };
        for name in [
            PUBLIC.to_string(),
            private_name(Side::German),
            private_name(Side::Russian),
        ] {
            if dir.join(&name).exists() {
                a.hold(&name)?;
            }
        }
        Ok(a)
    }

    fn hold(&mut self, name: &str) -> Result<&mut Held, Error> {
        if !self.held.contains_key(name) {
            let file = open_locked(&self.dir, &self.dir.join(name))?;
            let held = Held {
                file: Some(file),
                end: End::default(),
                chain: chain::START.to_string(),
            };
            self.held.insert(name.to_string(), held);
        }
        Ok(self.held.get_mut(name).expect("just held"))
    }

    /// The log `log` as read: where it ends and its chain value.
    pub fn expect(&mut self, log: &LogText) -> Result<(), Error> {
        let held = self.hold(&log.name)?;
        held.end = log.end.clone();
        held.chain = log.chain.clone();
        Ok(())
    }

    /// The public log's chain value at its end.
    pub fn public_chain(&self) -> String {
        self.held
            .get(PUBLIC)
            .map_or_else(|| chain::START.to_string(), |h| h.chain.clone())
    }

    /// Sets `log`'s unfinished part (DESIGN §6) to be cut off before this
    /// writer's first append, after it is copied byte for byte to a new
    /// file under `aside` (the side's own folder for its log, `.votg/` for
    /// the public one); returns what will be done, in words.
    pub fn cut(
        &mut self,
        log: &LogText,
        aside: &Path,
        events: u64,
    ) -> Result<Option<String>, Error> {
        let Some(u) = &log.unfinished else {
            return Ok(None);
        };
        let to = free_name(&self.dir.join(aside), events);
        let shown = to
            .strip_prefix(&self.dir)
            .unwrap_or(&to)
            .display()
            .to_string();
        self.pending.push(Pending {
            name: log.name.clone(),
            at: u.at,
            to,
        });
        Ok(Some(format!(
            "{}: {} was left by an interrupted command; it never counted. Before this command writes, it is moved to {shown} (nothing of it is lost; delete that file when you no longer need it).",
            log.name, u.what
        )))
    }

    /// Sets aside every interrupted tail found on opening: copied, synced,
    /// then cut off its log.
    fn settle(&mut self) -> Result<(), Error> {
        while let Some(p) = self.pending.first() {
            let path = self.dir.join(&p.name);
            self.check(&p.name)?;
            let bytes = read_regular(&path)?.unwrap_or_default();
            let at = (p.at as usize).min(bytes.len());
            write_aside(&p.to, &bytes[at..])?;
            let name = p.name.clone();
            let held = self.hold(&name)?;
            let f = held.file.as_ref().expect("held open");
            fault::point(Op::Truncate, &path).map_err(io(&path))?;
            f.set_len(at as u64).map_err(io(&path))?;
            fault::point(Op::Sync, &path).map_err(io(&path))?;
            f.sync_all().map_err(io(&path))?;
            held.end = End::of(&bytes[..at]);
            self.pending.remove(0);
        }
        Ok(())
    }

    /// Whether `name` still ends where it was read.
    fn check(&self, name: &str) -> Result<(), Error> {
        let path = self.dir.join(name);
        let expected = self
            .held
            .get(name)
            .map(|h| h.end.clone())
            .unwrap_or_default();
        if End::on_disk(&path)? != expected {
            return Err(Error::LogMoved {
                file: name.to_string(),
            });
        }
        Ok(())
    }

    /// Whether every log this writer holds still ends where it read it.
    pub fn check_all(&mut self) -> Result<(), Error> {
        self.refuse_if_broken()?;
        self.settle()?;
        for name in self.held.keys() {
            self.check(name)?;
        }
        fault::point(Op::Checked, &self.dir.join(PUBLIC)).map_err(io(&self.dir))
    }

    /// Appends the events `bodies` (each one JSON object) to log `name`,
    /// each sealed with its chain envelope, in one write, synced; returns
    /// the lines as written.
    pub fn append(&mut self, name: &str, bodies: &[String]) -> Result<Vec<String>, Error> {
        let public = (name != PUBLIC).then(|| self.public_chain());
        let held = self.hold(name)?;
        let mut chain = held.chain.clone();
        let mut lines = Vec::with_capacity(bodies.len());
        for body in bodies {
            lines.push(chain::seal(&chain, public.as_deref(), body));
            chain = chain::link(&chain, body);
        }
        self.write(name, &lines, chain)?;
        Ok(lines)
    }

    /// Appends `lines` as they were written elsewhere (the public events a
    /// packet brings), each checked to follow the log's chain.
    pub fn append_written(&mut self, name: &str, lines: &[String]) -> Result<(), Error> {
        let held = self.hold(name)?;
        let mut chain = held.chain.clone();
        for line in lines {
            let (envelope, body) = chain::open(line);
            if let Some(e) = envelope
                && e.prev != chain
            {
                return Err(Error::Refused(format!(
                    "an event received does not follow {name} as it stands here (its chain differs). Nothing was changed."
                )));
            }
            chain = chain::link(&chain, &body);
        }
        self.write(name, lines, chain)
    }

    /// After a write that failed, every append fails as it did, saying so.
    fn refuse_if_broken(&self) -> Result<(), Error> {
        let Some((path, kind)) = &self.broken else {
            return Ok(());
        };
        Err(io(path)(std::io::Error::from(*kind)).kept_also(
            "An earlier write to this file failed, so nothing more was written by this command; the next votg command sets aside what was left of that write and says so.",
        ))
    }

    fn write(&mut self, name: &str, lines: &[String], chain: String) -> Result<(), Error> {
        if lines.is_empty() {
            return Ok(());
        }
        self.refuse_if_broken()?;
        self.settle()?;
        self.check(name)?;
        let path = self.dir.join(name);
        let mut text = String::new();
        for l in lines {
            text.push_str(l);
            text.push('\n');
        }
        let held = self.held.get_mut(name).expect("held");
        let f = held.file.as_mut().expect("held open");
        let written = fault::write(f, &path, text.as_bytes())
            .and_then(|()| fault::point(Op::Sync, &path))
            .and_then(|()| f.sync_data());
        if let Err(e) = written {
            // What was written of it is an unfinished tail, which the next
            // writer sets aside; this writer appends no more.
            let end = End::on_disk(&path).unwrap_or_default();
            let partial = end.len > held.end.len;
            self.broken = Some((path.clone(), e.kind()));
            let err = io(&path)(e);
            return Err(if partial {
                err.kept(format!(
                    "Part of a line was written at the end of {name}; it does not count, and the next votg command moves it aside (into {}) and says so.",
                    aside_of(name).display()
                ))
            } else {
                err
            });
        }
        held.end = held.end.after(text.as_bytes());
        held.chain = chain;
        Ok(())
    }
}

/// Where the tail cut off a log is kept: the side's own folder for its
/// log (never a shared one: it may hold its secrets), `.votg/` for the
/// public log's.
pub fn aside_of(name: &str) -> PathBuf {
    match name.split_once('/') {
        Some((side, _)) => Path::new(side).join("interrupted"),
        None => Path::new(".votg").join("interrupted"),
    }
}

/// A name no file in `dir` has, after the public events kept
/// (`after-57.jsonl`, `after-57.2.jsonl` …).
fn free_name(dir: &Path, events: u64) -> PathBuf {
    (1..)
        .map(|k| match k {
            1 => dir.join(format!("after-{events}.jsonl")),
            k => dir.join(format!("after-{events}.{k}.jsonl")),
        })
        .find(|p| !p.exists())
        .expect("some name is free")
}

/// Writes `bytes` to the new file `path`, synced (refused if it exists).
fn write_aside(path: &Path, bytes: &[u8]) -> Result<(), Error> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(io(dir))?;
    }
    let mut f = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
        .map_err(io(path))?;
    let done = fault::write(&mut f, path, bytes)
        .and_then(|()| fault::point(Op::Sync, path))
        .and_then(|()| f.sync_all());
    if let Err(e) = done {
        let _ = std::fs::remove_file(path);
        return Err(io(path)(e));
    }
    Ok(())
}
