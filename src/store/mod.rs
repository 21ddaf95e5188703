//! The store (DESIGN §6, docs/files.md): the campaign's logs, chained,
//! appended and never rewritten; the views derived from them; the writers'
//! locks.
//!
//! - **Append, then publish**: a step's private parts are appended (and
//!   synced) first, its public event last; it counts once that is written.
//! - **Damage is not interruption**: what an interrupted write can leave is
//!   set apart, and moved aside (never deleted) by the next writer; any
//!   other fault is damage, refused by every command, which changes nothing.
//! - **Writers are exclusive, readers free**: a writer locks every log it
//!   appends to (and `.votg/lock`) and appends only while each log ends
//!   where it read it; readers take no lock and read a moment's logs.
//! - **No caches**: every command folds the logs afresh.

mod appender;
mod create;
pub mod fault;
pub mod file;
pub mod files;
pub mod half;
pub mod import;
pub mod inside;
pub mod keys;
pub mod log;
pub mod migration;
pub mod packet;
pub mod read;
pub mod views;
mod writer;

use std::path::{Path, PathBuf};

use hmac::{Hmac, Mac};
use sha2::Sha256;

use crate::error::Error;
use crate::model::facts::Fact;
use crate::model::fold::{self, Events, Folded};
use crate::model::journal::JournalRow;
use crate::model::row::LoggedRow;
use crate::model::seed::Seeds;
use crate::model::side::Side;
use crate::model::state::{CampaignState, Files};
pub use appender::aside_of;
pub use create::create;
pub use files::Check;
pub use writer::{Drafts, Writer};

use log::PUBLIC;

pub const LOCK: &str = ".votg/lock";

/// A campaign as read: its events, folded, and each side's dice key.
#[derive(Debug, Clone)]
pub struct Opened {
    pub dir: PathBuf,
    pub events: Events,
    pub folded: Folded,
    /// Both sides' keys, when this folder holds both (one keyboard).
    pub seeds: Option<Seeds>,
    /// Two machines (DESIGN §9): the one side this folder holds, and its key.
    pub half: Option<half::Half>,
    /// Both sides' keys of before a split (`votg split`), when this folder
    /// holds both (the halves merged back).
    pub split_seeds: Option<Seeds>,
    /// A campaign of an older votg, taken in memory (not yet written).
    pub old: Option<import::Old>,
    /// What was left unfinished past the logs' ends (cut by the next writer).
    pub unfinished: Vec<String>,
    /// How many public events were written before the chain (by a votg of
    /// before it): views it wrote name no event.
    pub before_chain: u64,
}

impl Opened {
    pub fn state(&self) -> &CampaignState {
        &self.folded.state
    }

    /// How many public events the campaign has.
    pub fn events_len(&self) -> u64 {
        self.events.public.len() as u64
    }

    /// The side whose views this folder holds: `None` for both.
    pub fn held(&self) -> Option<Side> {
        self.half.map(|h| h.side)
    }

    /// The key of `side`, if this folder holds it.
    pub fn key(&self, side: Side) -> Option<crate::model::seed::Seed> {
        match (self.seeds, self.half) {
            (Some(s), _) => Some(s.of(side)),
            (None, Some(h)) if h.side == side => Some(h.seed),
            _ => None,
        }
    }
}

fn read_seeds(dir: &Path) -> Result<Option<Seeds>, Error> {
    let mut files = Files::new();
    for side in Side::BOTH {
        let name = crate::store::keys::SideDice::file_name(side);
        match file::read_regular(&dir.join(&name))? {
            Some(b) => {
                files.insert(name, b);
            }
            None => return Ok(None),
        }
    }
    Ok(Some(Seeds {
        german: crate::store::files::read_seed(&files, Side::German)?,
        russian: crate::store::files::read_seed(&files, Side::Russian)?,
    }))
}

/// Opens a campaign to read (no lock, nothing written).
pub fn open_read(dir: &Path, check: Check) -> Result<Opened, Error> {
    inside::check(dir)?;
    if import::is_old(dir) {
        let old = import::read(dir, check)?;
        let events = create::import_events(&old);
        let folded = fold_events(dir, &events)?;
        return Ok(Opened {
            dir: dir.to_path_buf(),
            events,
            folded,
            seeds: Some(old.seeds),
            half: None,
            split_seeds: None,
            old: Some(old),
            unfinished: Vec::new(),
            before_chain: 0,
        });
    }
    if !read::has_log(dir) {
        return Err(Error::NotACampaign {
            dir: dir.to_path_buf(),
        });
    }
    from_logs(dir, read::read(dir)?)
}

/// Opens a campaign to read with its views looked at (`votg verify`). A
/// view newer than the logs read was written by a writer since: read again.
pub fn open_read_views(dir: &Path, check: Check) -> Result<(Opened, views::Views), Error> {
    let mut newer = None;
    for _ in 0..20 {
        let opened = open_read(dir, check)?;
        if opened.old.is_some() {
            return Ok((opened, Default::default()));
        }
        match views::look(&opened)? {
            Ok(views) => return Ok((opened, views)),
            Err(n) => newer = Some((n, opened.events_len())),
        }
    }
    let (n, have) = newer.expect("looked");
    Err(views::damaged(dir, &n, have))
}

/// The campaign the logs `logs` of `dir` hold, with its keys.
fn from_logs(dir: &Path, logs: read::Logs) -> Result<Opened, Error> {
    let folded = fold_events(dir, &logs.events)?;
    let (seeds, half, split_seeds) = if half::is_two(&logs.events) {
        let (seeds, half) = half::keys(dir)?;
        (seeds, half, half::split_keys(dir)?)
    } else {
        (read_seeds(dir)?, None, None)
    };
    Ok(Opened {
        dir: dir.to_path_buf(),
        before_chain: logs.before_chain,
        unfinished: logs.unfinished(),
        events: logs.events,
        folded,
        seeds,
        half,
        split_seeds,
        old: None,
    })
}

fn fold_events(dir: &Path, events: &Events) -> Result<Folded, Error> {
    fold::fold(events).map_err(|(n, message)| Error::LogData {
        file: dir.join(PUBLIC).display().to_string(),
        line: n as usize,
        message,
    })
}

type Part = (Vec<Fact>, Vec<LoggedRow>);

/// A side's part of an event: its facts, its secret rows, and for each row
/// how many of the event's public rows came before it (so the journal
/// keeps the order the rows were written in; it is kept in the private
/// part, so the public log says nothing of where secret rows fell).
#[derive(Debug, Clone, Default)]
pub struct SidePart {
    pub facts: Vec<Fact>,
    pub rows: Vec<LoggedRow>,
    pub after: Vec<usize>,
    /// Two machines: the nonce each of the step's rolls was drawn with,
    /// and the latest event that committed one of its answers.
    pub epochs: Vec<crate::model::exchange::Epoch>,
    pub answered_at: Option<u64>,
}

/// An event's facts and rows split into the public part and each side's.
pub fn split(facts: &[Fact], rows: &[JournalRow], at: &str) -> (Part, [SidePart; 2]) {
    let mut public: Part = Default::default();
    let mut sides: [SidePart; 2] = Default::default();
    let slot = |s: Side| if s == Side::German { 0 } else { 1 };
    for f in facts {
        match f.side() {
            None => public.0.push(f.clone()),
            Some(s) => sides[slot(s)].facts.push(f.clone()),
        }
    }
    for r in rows {
        let logged = LoggedRow::of(r, at);
        match r.side.parse::<Side>().ok().filter(|_| r.secret) {
            None => public.1.push(logged),
            Some(s) => {
                let part = &mut sides[slot(s)];
                part.rows.push(logged);
                part.after.push(public.1.len());
            }
        }
    }
    (public, sides)
}

/// The salt of a side's part of event `n`: from the side's key, so no one
/// without it can guess the part from its commitment, and the same campaign
/// writes the same bytes. Random where the key is not here.
fn salt(key: Option<crate::model::seed::Seed>, n: u64) -> String {
    match key {
        Some(k) => {
            let mut mac = Hmac::<Sha256>::new_from_slice(&k.bytes()).expect("any key length");
            mac.update(format!("salt|{n}").as_bytes());
            log::hex(&mac.finalize().into_bytes()[..16])
        }
        None => log::hex(&rand::random::<[u8; 16]>()),
    }
}

/// Takes `.votg/lock`, the writers' lock of older votgs (a writer of this
/// one also locks each log: `appender::Appender::lock`). What is in the lock's
/// place is refused without waiting if it is no plain file.
fn lock(dir: &Path) -> Result<std::fs::File, Error> {
    let meta = dir.join(".votg");
    if meta.exists() && !meta.is_dir() {
        return Err(Error::Refused(format!(
            "{}: votg keeps its lock in this folder, but something else is in its place. Move it away (it is no part of the campaign), then run the command again. Nothing was changed.",
            meta.display()
        )));
    }
    std::fs::create_dir_all(&meta).map_err(file::io(&meta))?;
    let path = dir.join(LOCK);
    if file::check_regular(&path).is_err() {
        return Err(Error::Refused(format!(
            "{}: the writers' lock is not a plain file (a folder, a FIFO or a device is in its place). Remove it (`rm -r {}`); votg makes it again. Nothing was changed.",
            path.display(),
            path.display()
        )));
    }
    let mut options = std::fs::OpenOptions::new();
    options.create(true).truncate(false).write(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let f = options.open(&path).map_err(file::io(&path))?;
    match f.try_lock() {
        Ok(()) => Ok(f),
        Err(std::fs::TryLockError::WouldBlock) => Err(Error::Locked {
            dir: dir.to_path_buf(),
        }),
        Err(std::fs::TryLockError::Error(e)) => Err(file::io(&path)(e)),
    }
}
