//! The campaign's logs on disk (DESIGN §6): JSON lines, appended, never
//! rewritten, each chained to the lines before it (`model::chain`). A log
//! is read whole; what an interrupted write can leave past its last whole
//! event is set apart as unfinished, and everything else that does not hold
//! together is damage, refused by every command (`read.rs`).
//!
//! A writer holds each log it appends to locked (flock) from the moment it
//! opens the campaign, and appends only while each still ends where it read
//! it. What it cuts off as an interrupted tail is first copied, byte for
//! byte, to a file it names (`aside`): nothing is ever destroyed.

use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

use super::fault::{self, Op};
use super::file::{io, read_regular};
use crate::error::Error;
use crate::model::chain;
use crate::model::side::Side;

pub const PUBLIC: &str = "log.jsonl";

pub fn private_name(side: Side) -> String {
    format!("{side}/log.jsonl")
}

/// The log of `side`, or the public log.
pub fn name_of(side: Option<Side>) -> String {
    side.map_or_else(|| PUBLIC.to_string(), private_name)
}

/// One whole line of a log: its number (1-based) and its text as written.
#[derive(Debug, Clone)]
pub struct Line {
    pub number: usize,
    pub text: String,
}

/// Where a log ends: its length and its last bytes. A writer appends only
/// while the file still ends so.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct End {
    pub len: u64,
    pub last: Vec<u8>,
}

const TAIL_BYTES: usize = 4096;

impl End {
    pub fn of(bytes: &[u8]) -> End {
        let from = bytes.len().saturating_sub(TAIL_BYTES);
        End {
            len: bytes.len() as u64,
            last: bytes[from..].to_vec(),
        }
    }

    fn after(&self, added: &[u8]) -> End {
        let mut last = self.last.clone();
        last.extend_from_slice(added);
        let from = last.len().saturating_sub(TAIL_BYTES);
        End {
            len: self.len + added.len() as u64,
            last: last[from..].to_vec(),
        }
    }

    /// Where the file at `path` ends now (reading only its last bytes).
    pub fn on_disk(path: &Path) -> Result<End, Error> {
        use std::io::{Read, Seek, SeekFrom};
        let Some((mut f, len)) = super::file::open_regular(path)? else {
            return Ok(End::default());
        };
        let from = len.saturating_sub(TAIL_BYTES as u64);
        f.seek(SeekFrom::Start(from)).map_err(io(path))?;
        let mut last = Vec::new();
        f.take(TAIL_BYTES as u64)
            .read_to_end(&mut last)
            .map_err(io(path))?;
        Ok(End { len, last })
    }
}

/// What an interrupted write left past a log's last whole event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unfinished {
    /// Where the log's whole events end, in bytes: what follows is cut off
    /// (and kept aside) by the next writer.
    pub at: u64,
    /// What it is, in words.
    pub what: String,
}

/// A log as read: its whole lines, where it ends, what is past its last
/// whole event, and its chain value after the lines that count.
#[derive(Debug, Clone, Default)]
pub struct LogText {
    pub path: PathBuf,
    pub name: String,
    pub lines: Vec<Line>,
    /// Where the file ended when read (its unfinished part too).
    pub end: End,
    pub unfinished: Option<Unfinished>,
    pub exists: bool,
    /// The chain value after the lines that count (set by `read.rs`).
    pub chain: String,
}

impl LogText {
    /// Reads `dir/name`: its whole lines, each UTF-8 text; a last line
    /// without its line break is a write cut short (unfinished).
    pub fn read(dir: &Path, name: &str) -> Result<LogText, Error> {
        let path = dir.join(name);
        let mut log = LogText {
            path: path.clone(),
            name: name.to_string(),
            chain: chain::START.to_string(),
            ..LogText::default()
        };
        let Some(bytes) = read_regular(&path)? else {
            return Ok(log);
        };
        log.exists = true;
        log.end = End::of(&bytes);
        let mut start = 0usize;
        for (i, chunk) in bytes.split_inclusive(|b| *b == b'\n').enumerate() {
            let Some(whole) = chunk.strip_suffix(b"\n") else {
                log.unfinished = Some(Unfinished {
                    at: start as u64,
                    what: format!("a torn last line (line {}, without its line break)", i + 1),
                });
                break;
            };
            let text = std::str::from_utf8(whole).map_err(|e| {
                log.bad_line(
                    i + 1,
                    format!(
                        "byte {} of the line is not UTF-8 text, so the line was changed after votg wrote it",
                        e.valid_up_to() + 1
                    ),
                )
            })?;
            log.lines.push(Line {
                number: i + 1,
                text: text.to_string(),
            });
            start += chunk.len();
        }
        Ok(log)
    }

    /// The byte offset where line `index` (0-based in `lines`) begins.
    pub fn offset_of(&self, index: usize) -> u64 {
        self.lines[..index]
            .iter()
            .map(|l| l.text.len() as u64 + 1)
            .sum()
    }

    /// Leaves out the lines from `index` on, as unfinished (`what`).
    pub fn cut_at(&mut self, index: usize, what: String) {
        if index >= self.lines.len() {
            return;
        }
        let at = self.offset_of(index);
        self.lines.truncate(index);
        self.unfinished = Some(Unfinished { at, what });
    }

    /// The damage error naming this log's line `number`.
    pub fn bad_line(&self, number: usize, message: impl Into<String>) -> Error {
        Error::LogData {
            file: self.name.clone(),
            line: number,
            message: message.into(),
        }
    }
}

/// The hash a side's private line is committed to in the public log: of
/// its body (the line without its chain envelope).
pub fn commitment(body: &str) -> String {
    hex(&Sha256::digest(body.as_bytes()))
}

pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

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

    /// Cuts `log`'s unfinished part off (DESIGN §6), after copying it byte
    /// for byte to a new file under `aside` (the side's own folder for its
    /// log, `.votg/` for the public one): returns what was done, in words.
    pub fn cut(
        &mut self,
        log: &LogText,
        aside: &Path,
        events: u64,
    ) -> Result<Option<String>, Error> {
        let Some(u) = &log.unfinished else {
            return Ok(None);
        };
        self.check(&log.name)?;
        let bytes = read_regular(&log.path)?.unwrap_or_default();
        let tail = &bytes[(u.at as usize).min(bytes.len())..];
        let kept = write_aside(&self.dir.join(aside), events, tail)?;
        let held = self.hold(&log.name)?;
        let f = held.file.as_ref().expect("held open");
        fault::point(Op::Truncate, &log.path).map_err(io(&log.path))?;
        f.set_len(u.at).map_err(io(&log.path))?;
        fault::point(Op::Sync, &log.path).map_err(io(&log.path))?;
        f.sync_all().map_err(io(&log.path))?;
        held.end = End::of(&bytes[..(u.at as usize).min(bytes.len())]);
        let shown = kept
            .strip_prefix(&self.dir)
            .unwrap_or(&kept)
            .display()
            .to_string();
        Ok(Some(format!(
            "{}: {} was left by an interrupted command; it never counted. It was moved to {shown} (nothing of it is lost; delete that file when you no longer need it).",
            log.name, u.what
        )))
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
    pub fn check_all(&self) -> Result<(), Error> {
        self.refuse_if_broken()?;
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

/// Writes `bytes` to a new file in `dir` named after the public events
/// kept (`after-57.jsonl`, `after-57.2.jsonl` …), synced; returns its path.
fn write_aside(dir: &Path, events: u64, bytes: &[u8]) -> Result<PathBuf, Error> {
    std::fs::create_dir_all(dir).map_err(io(dir))?;
    for k in 1.. {
        let name = match k {
            1 => format!("after-{events}.jsonl"),
            k => format!("after-{events}.{k}.jsonl"),
        };
        let path = dir.join(name);
        let mut f = match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
        {
            Ok(f) => f,
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(io(&path)(e)),
        };
        let done = fault::write(&mut f, &path, bytes)
            .and_then(|()| fault::point(Op::Sync, &path))
            .and_then(|()| f.sync_all());
        if let Err(e) = done {
            let _ = std::fs::remove_file(&path);
            return Err(io(&path)(e));
        }
        return Ok(path);
    }
    unreachable!("some name is free")
}
