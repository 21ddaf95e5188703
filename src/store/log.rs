//! The campaign's logs on disk (DESIGN §6): JSON lines, appended, never
//! rewritten. A log is read up to its last whole event; what follows (a
//! torn last line, a side's part of a step whose public event was never
//! written) is left out and reported, and the next writer cuts it off.
//! A writer appends only while each log still ends where it read it.

use std::io::Write;
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

use super::file::{io, read_regular};
use crate::error::Error;
use crate::model::side::Side;

pub const PUBLIC: &str = "log.jsonl";

pub fn private_name(side: Side) -> String {
    format!("{side}/log.jsonl")
}

/// One line of a log: its number (1-based), and its text as written (a
/// side's commitment is the hash of its line).
#[derive(Debug, Clone)]
pub struct Line {
    pub number: usize,
    pub text: String,
}

/// Where a log ends: its length and its last bytes. A writer appends only
/// while the file still ends so (a second writer that got in past a deleted
/// lock file has changed it).
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

    /// The end after `added` is appended.
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
    fn on_disk(path: &Path) -> Result<End, Error> {
        use std::io::{Read, Seek, SeekFrom};
        if !super::file::check_regular(path)? {
            return Ok(End::default());
        }
        let mut f = std::fs::File::open(path).map_err(io(path))?;
        let len = f.metadata().map_err(io(path))?.len();
        let from = len.saturating_sub(TAIL_BYTES as u64);
        f.seek(SeekFrom::Start(from)).map_err(io(path))?;
        let mut last = Vec::new();
        f.take(TAIL_BYTES as u64)
            .read_to_end(&mut last)
            .map_err(io(path))?;
        Ok(End { len, last })
    }
}

/// What was left past a log's last whole event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unfinished {
    /// Where the log's whole events end, in bytes (the next writer cuts
    /// the file there).
    pub at: u64,
    /// What it was, in words.
    pub what: String,
}

/// A log as read: its whole lines, where they end, and what is past them.
#[derive(Debug, Clone, Default)]
pub struct LogText {
    pub path: PathBuf,
    pub name: String,
    pub lines: Vec<Line>,
    /// Where the file ended when it was read (every byte, the unfinished
    /// part too: what an append must find).
    pub end: End,
    pub unfinished: Option<Unfinished>,
    /// Whether the file exists.
    pub exists: bool,
}

impl LogText {
    /// Reads `dir/name` and splits it into whole lines; a last line without
    /// its newline is unfinished.
    pub fn read(dir: &Path, name: &str) -> Result<LogText, Error> {
        let path = dir.join(name);
        let Some(bytes) = read_regular(&path)? else {
            return Ok(LogText {
                path,
                name: name.to_string(),
                ..LogText::default()
            });
        };
        let end = End::of(&bytes);
        let mut lines = Vec::new();
        let mut start = 0usize;
        let mut unfinished = None;
        for (number, chunk) in bytes.split_inclusive(|b| *b == b'\n').enumerate() {
            let whole = chunk.ends_with(b"\n");
            let text = std::str::from_utf8(chunk).ok().filter(|_| whole);
            match text {
                Some(t) => lines.push(Line {
                    number: number + 1,
                    text: t.trim_end_matches('\n').to_string(),
                }),
                None => {
                    unfinished = Some(Unfinished {
                        at: start as u64,
                        what: format!("a torn last line (line {})", number + 1),
                    });
                    break;
                }
            }
            start += chunk.len();
        }
        Ok(LogText {
            path,
            name: name.to_string(),
            lines,
            end,
            unfinished,
            exists: true,
        })
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

    /// An error naming this log's line `number`.
    pub fn bad_line(&self, number: usize, message: impl Into<String>) -> Error {
        Error::LogData {
            file: self.name.clone(),
            line: number,
            message: message.into(),
        }
    }
}

/// The hash a side's private line is committed to in the public log.
pub fn commitment(line: &str) -> String {
    hex(&Sha256::digest(line.as_bytes()))
}

pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Appends to the logs a writer read, while they end where it read them.
#[derive(Debug)]
pub struct Appender {
    dir: PathBuf,
    ends: std::collections::BTreeMap<String, End>,
}

impl Appender {
    pub fn new(dir: &Path) -> Appender {
        Appender {
            dir: dir.to_path_buf(),
            ends: Default::default(),
        }
    }

    /// The log `name` as read ends at `end` (its unfinished part cut off,
    /// if the writer did).
    pub fn expect(&mut self, name: &str, end: End) {
        self.ends.insert(name.to_string(), end);
    }

    /// Cuts `log`'s unfinished part off (DESIGN §6: the next writer cuts a
    /// torn or unfinished tail, and says so).
    pub fn cut(&mut self, log: &LogText) -> Result<Option<String>, Error> {
        let Some(u) = &log.unfinished else {
            return Ok(None);
        };
        self.check(&log.name)?;
        let f = std::fs::OpenOptions::new()
            .write(true)
            .open(&log.path)
            .map_err(io(&log.path))?;
        f.set_len(u.at).map_err(io(&log.path))?;
        f.sync_all().map_err(io(&log.path))?;
        self.expect(&log.name, End::on_disk(&log.path)?);
        Ok(Some(format!(
            "{}: {} was left by an interrupted command and has been cut off (nothing of it had counted).",
            log.name, u.what
        )))
    }

    /// Whether `name` still ends where it was read.
    fn check(&self, name: &str) -> Result<(), Error> {
        let path = self.dir.join(name);
        let expected = self.ends.get(name).cloned().unwrap_or_default();
        if End::on_disk(&path)? != expected {
            return Err(Error::LogMoved {
                file: name.to_string(),
            });
        }
        Ok(())
    }

    /// Whether every log this writer read still ends where it read it.
    pub fn check_all(&self) -> Result<(), Error> {
        for name in self.ends.keys() {
            self.check(name)?;
        }
        Ok(())
    }

    /// Appends `lines` (each one JSON object) to log `name`, synced.
    pub fn append(&mut self, name: &str, lines: &[String]) -> Result<(), Error> {
        if lines.is_empty() {
            return Ok(());
        }
        self.check(name)?;
        let path = self.dir.join(name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(io(parent))?;
        }
        let mut text = String::new();
        for l in lines {
            text.push_str(l);
            text.push('\n');
        }
        let mut f = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&path)
            .map_err(io(&path))?;
        let written = f.write_all(text.as_bytes()).and_then(|()| f.sync_data());
        if let Err(e) = written {
            // A full disk: what was written of it is an unfinished tail,
            // which the next writer cuts off.
            return Err(io(&path)(e));
        }
        let end = self.ends.entry(name.to_string()).or_default();
        *end = end.after(text.as_bytes());
        Ok(())
    }
}
