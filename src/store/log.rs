//! The campaign's logs on disk (DESIGN §6): JSON lines, appended, never
//! rewritten, each chained to the lines before it (`model::chain`). A log
//! is read whole; what an interrupted write can leave past its last whole
//! event is set apart as unfinished, and everything else that does not hold
//! together is damage, refused by every command (`read.rs`). Appending is
//! `appender.rs`'s.

use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

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

    pub(super) fn after(&self, added: &[u8]) -> End {
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
