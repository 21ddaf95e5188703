//! The store (DESIGN §6): the campaign's logs, appended and never
//! rewritten; the views derived from them; the writers' lock.
//!
//! - **Append, then publish**: a step's private parts are appended (and
//!   synced) first, its public event last; it counts once that is written.
//! - **Writers are exclusive, readers free**: a writer holds `.votg/lock`
//!   and appends only while each log ends where it read it; readers take no
//!   lock and read up to the last whole public event.
//! - **No caches**: every command folds the logs afresh.

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

use std::path::{Path, PathBuf};

use hmac::{Hmac, Mac};
use sha2::Sha256;

use crate::error::Error;
use crate::model::event::{Commitments, Private, Public, PublicKind};
use crate::model::facts::{self, Fact};
use crate::model::fold::{self, Events, Folded};
use crate::model::journal::JournalRow;
use crate::model::row::LoggedRow;
use crate::model::seed::Seeds;
use crate::model::side::Side;
use crate::model::state::{CampaignState, Files};
pub use files::Check;

use log::{Appender, PUBLIC, commitment, private_name};
use views::Views;

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
        let events = import_events(&old);
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
        });
    }
    if !read::has_log(dir) {
        return Err(Error::NotACampaign {
            dir: dir.to_path_buf(),
        });
    }
    let logs = read::read(dir)?;
    let folded = fold_events(dir, &logs.events)?;
    let (seeds, half, split_seeds) = if half::is_two(&logs.events) {
        let (seeds, half) = half::keys(dir)?;
        (seeds, half, half::split_keys(dir)?)
    } else {
        (read_seeds(dir)?, None, None)
    };
    Ok(Opened {
        dir: dir.to_path_buf(),
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

/// The events an import writes: the public part, then each side's.
fn import_events(old: &import::Old) -> Events {
    let at = crate::model::journal::now();
    let mut events = Events::default();
    let (public, parts) = split(&facts::whole(&old.state), &old.state.journal, &at);
    let mut commit = Commitments::new();
    for (side, part) in Side::BOTH.iter().zip(parts) {
        let salt = salt(Some(old.seeds.of(*side)), 1);
        let p = Private::Part {
            of: 1,
            salt,
            facts: part.facts,
            rows: part.rows,
            after: part.after,
            epochs: Vec::new(),
            answered_at: None,
        };
        let line = serde_json::to_string(&p).expect("events serialise");
        commit.insert(*side, commitment(&line));
        match side {
            Side::German => events.german.push((1, p)),
            Side::Russian => events.russian.push((1, p)),
        }
    }
    events.public.push(Public {
        n: 1,
        at,
        kind: PublicKind::Imported {
            from_schema: old.from_schema,
            votg: crate::VERSION.into(),
            facts: public.0,
            rows: public.1,
            commit,
        },
    });
    events
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

/// A campaign open for writing: locked, its unfinished tails cut, an older
/// campaign's import written.
#[derive(Debug)]
pub struct Writer {
    pub opened: Opened,
    appender: std::rc::Rc<std::cell::RefCell<Appender>>,
    /// How many public events there are, for the drafts' `after`.
    events: std::rc::Rc<std::cell::Cell<u64>>,
    _lock: std::fs::File,
    /// The views as found when opened.
    pub views: Views,
    /// What was done on opening that the players are told (a tail cut, an
    /// import).
    pub said: Vec<String>,
}

fn lock(dir: &Path) -> Result<std::fs::File, Error> {
    let meta = dir.join(".votg");
    std::fs::create_dir_all(&meta).map_err(file::io(&meta))?;
    let path = dir.join(LOCK);
    let f = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&path)
        .map_err(file::io(&path))?;
    match f.try_lock() {
        Ok(()) => Ok(f),
        Err(std::fs::TryLockError::WouldBlock) => Err(Error::Locked {
            dir: dir.to_path_buf(),
        }),
        Err(std::fs::TryLockError::Error(e)) => Err(file::io(&path)(e)),
    }
}

impl Writer {
    pub fn open(dir: &Path, check: Check) -> Result<Writer, Error> {
        inside::check(dir)?;
        if !import::is_old(dir) && !read::has_log(dir) {
            return Err(Error::NotACampaign {
                dir: dir.to_path_buf(),
            });
        }
        let lock = lock(dir)?;
        for d in [dir.to_path_buf(), dir.join("german"), dir.join("russian")] {
            file::remove_leftovers(&d);
        }
        let mut appender = Appender::new(dir);
        let mut said = Vec::new();
        let mut opened;
        if import::is_old(dir) {
            opened = open_read(dir, check)?;
            let old = opened.old.take().expect("an older campaign");
            // Each side's key first (a schema-1 campaign gets its new ones).
            for side in Side::BOTH {
                let path = dir.join(crate::store::keys::SideDice::file_name(side));
                file::write_atomic(
                    &path,
                    &crate::store::files::dice_file(side, old.seeds.of(side)),
                )?;
            }
            write_events(&mut appender, &opened.events)?;
            // The older files become the views of the imported campaign.
            views::write(
                dir,
                opened.state(),
                opened.events_len(),
                &mut Files::new(),
                None,
            )?;
            said.push(import::notice(dir, &old));
            opened.seeds = Some(old.seeds);
        } else {
            let logs = read::read(dir)?;
            for name in [
                PUBLIC.to_string(),
                private_name(Side::German),
                private_name(Side::Russian),
            ] {
                let text = match name.as_str() {
                    PUBLIC => &logs.public,
                    n if n.starts_with("german") => &logs.german,
                    _ => &logs.russian,
                };
                appender.expect(&name, text.end.clone());
                if let Some(s) = appender.cut(text)? {
                    said.push(s);
                }
            }
            opened = open_read(dir, check)?;
        }
        let views = views::check(dir, opened.state(), opened.held())?;
        let mut w = Writer {
            opened,
            appender: std::rc::Rc::new(std::cell::RefCell::new(appender)),
            events: Default::default(),
            _lock: lock,
            views,
            said,
        };
        // A view missing, damaged or left behind by an interrupted command
        // is written again at once, whatever the command goes on to do (a
        // hand edit is the command's to refuse or record first).
        let stale = w
            .views
            .found
            .values()
            .any(|f| matches!(f, views::Found::Rewrite(_)));
        if stale && w.views.edited().is_empty() {
            let state = w.opened.state().clone();
            w.write_views(&state)?;
        }
        Ok(w)
    }

    pub fn dir(&self) -> &Path {
        &self.opened.dir
    }

    /// Refuses to go on while a view holds a hand edit (DESIGN §3).
    pub fn refuse_edits(&self) -> Result<(), Error> {
        let edited = self.views.edited();
        if edited.is_empty() {
            return Ok(());
        }
        let list = edited
            .iter()
            .map(|(name, d)| format!("{name}: {}", d.join("; ")))
            .collect::<Vec<_>>()
            .join("\n  ");
        Err(Error::ViewsEdited {
            dir: self.dir().to_path_buf(),
            list,
        })
    }

    /// Appends one event: each side's part (`parts`: its facts and secret
    /// rows) first, then the public event (`kind`, its commitments filled
    /// in). `always` names a side that gets a part even if empty (the side
    /// whose own step it is). Returns the event's number.
    pub fn append(
        &mut self,
        at: &str,
        kind: impl FnOnce(Commitments) -> PublicKind,
        parts: [SidePart; 2],
        always: Option<Side>,
    ) -> Result<u64, Error> {
        // Every log first: a writer that lost its lock to a second one
        // (the lock file deleted) writes nothing at all.
        let mut appender = self.appender.borrow_mut();
        appender.check_all()?;
        let n = self.opened.events_len() + 1;
        let mut commit = Commitments::new();
        let mut lines = Vec::new();
        for (side, part) in Side::BOTH.into_iter().zip(parts) {
            if part.facts.is_empty() && part.rows.is_empty() && always != Some(side) {
                continue;
            }
            let key = self.opened.key(side);
            let part = Private::Part {
                of: n,
                salt: salt(key, n),
                facts: part.facts,
                rows: part.rows,
                after: part.after,
                epochs: part.epochs,
                answered_at: part.answered_at,
            };
            let line = serde_json::to_string(&part).expect("events serialise");
            commit.insert(side, commitment(&line));
            lines.push((side, line, part));
        }
        for (side, line, _) in &lines {
            appender.append(&private_name(*side), std::slice::from_ref(line))?;
        }
        let public = Public {
            n,
            at: at.to_string(),
            kind: kind(commit),
        };
        let line = serde_json::to_string(&public).expect("events serialise");
        appender.append(PUBLIC, &[line])?;
        drop(appender);
        for (side, _, part) in lines {
            match side {
                Side::German => self.opened.events.german.push((0, part)),
                Side::Russian => self.opened.events.russian.push((0, part)),
            }
        }
        self.opened.events.public.push(public);
        self.events.set(n);
        Ok(n)
    }

    /// A draft keeper for the answers typed from now on (DESIGN §6): each
    /// is appended at once to its side's log as a `Draft`, named with the
    /// step `step` names when it is typed.
    pub fn drafts(&self, step: std::rc::Rc<std::cell::RefCell<String>>) -> Drafts {
        self.events.set(self.opened.events_len());
        Drafts {
            appender: self.appender.clone(),
            after: self.events.clone(),
            step,
            held: None,
        }
    }

    /// The drafts typed for `step` since the last event and not set aside:
    /// (side, prompt id, answer), in the order they were typed.
    pub fn live_drafts(&self, step: &str) -> Vec<(Side, String, toml::Value)> {
        let n = self.opened.events_len();
        let mut out = Vec::new();
        for side in Side::BOTH {
            let mut mine = Vec::new();
            for (_, e) in self.opened.events.private(side) {
                match e {
                    Private::Draft {
                        after,
                        step: s,
                        id,
                        value,
                        ..
                    } if *after == n && s == step => mine.push((side, id.clone(), value.clone())),
                    Private::DraftsAbandoned { .. } => mine.clear(),
                    _ => {}
                }
            }
            out.extend(mine);
        }
        out
    }

    /// Sets aside every draft so far (the player chose to start again).
    pub fn abandon_drafts(&mut self) -> Result<(), Error> {
        let at = crate::model::journal::now();
        let n = self.opened.events_len();
        // A half campaign writes only the private log of the side it holds.
        let held = self.opened.half.map(|h| h.side);
        for side in Side::BOTH
            .into_iter()
            .filter(|s| held.is_none_or(|h| h == *s))
        {
            let e = Private::DraftsAbandoned {
                at: at.clone(),
                after: n,
            };
            let line = serde_json::to_string(&e).expect("events serialise");
            self.appender
                .borrow_mut()
                .append(&private_name(side), &[line])?;
            match side {
                Side::German => self.opened.events.german.push((0, e)),
                Side::Russian => self.opened.events.russian.push((0, e)),
            }
        }
        Ok(())
    }

    /// Folds the logs again (after an undo, a redo, an adjustment).
    pub fn refold(&mut self) -> Result<(), Error> {
        self.opened.folded = fold_events(&self.opened.dir.clone(), &self.opened.events)?;
        Ok(())
    }

    /// Rewrites the views that differ from `state` (the campaign as the
    /// logs now derive it).
    pub fn write_views(&mut self, state: &CampaignState) -> Result<(), Error> {
        let n = self.opened.events_len();
        let held = self.opened.held();
        views::write(
            &self.opened.dir.clone(),
            state,
            n,
            &mut self.views.on_disk,
            held,
        )?;
        // Every view is now as the logs say.
        for found in self.views.found.values_mut() {
            *found = views::Found::Current;
        }
        Ok(())
    }
}

/// Keeps the answers typed in a step as drafts in their side's log.
#[derive(Debug, Clone)]
pub struct Drafts {
    appender: std::rc::Rc<std::cell::RefCell<Appender>>,
    /// The public events written so far (the writer keeps it current).
    after: std::rc::Rc<std::cell::Cell<u64>>,
    step: std::rc::Rc<std::cell::RefCell<String>>,
    /// On a half campaign: the side it holds, whose private log keeps every
    /// answer typed on this machine (a public answer asked as the German's,
    /// such as the scenario's CVP, included; DESIGN §9).
    held: Option<Side>,
}

impl Drafts {
    /// The drafts of a half campaign held by `side`.
    pub fn held_by(self, side: Side) -> Drafts {
        Drafts {
            held: Some(side),
            ..self
        }
    }

    /// Appends `side`'s answer `id` = `value` as a draft.
    pub fn keep(&self, side: Side, id: &str, value: &toml::Value) -> Result<(), Error> {
        let e = Private::Draft {
            at: crate::model::journal::now(),
            after: self.after.get(),
            step: self.step.borrow().clone(),
            id: id.to_string(),
            value: value.clone(),
        };
        let line = serde_json::to_string(&e).expect("events serialise");
        self.appender
            .borrow_mut()
            .append(&private_name(self.held.unwrap_or(side)), &[line])
    }
}

/// Writes `events` (an import) to empty logs: private parts first.
fn write_events(appender: &mut Appender, events: &Events) -> Result<(), Error> {
    for side in Side::BOTH {
        let lines: Vec<String> = events
            .private(side)
            .iter()
            .map(|(_, p)| serde_json::to_string(p).expect("events serialise"))
            .collect();
        appender.append(&private_name(side), &lines)?;
    }
    let lines: Vec<String> = events
        .public
        .iter()
        .map(|e| serde_json::to_string(e).expect("events serialise"))
        .collect();
    appender.append(PUBLIC, &lines)
}

/// Creates a new campaign's logs and key files in the empty folder `dir`.
pub fn create(
    dir: &Path,
    state: &CampaignState,
    seeds: Seeds,
    test_seed: Option<u64>,
) -> Result<(), Error> {
    for side in Side::BOTH {
        let path = dir.join(crate::store::keys::SideDice::file_name(side));
        std::fs::create_dir_all(path.parent().expect("in a folder")).map_err(file::io(dir))?;
        file::write_atomic(&path, &crate::store::files::dice_file(side, seeds.of(side)))?;
    }
    let lock = lock(dir)?;
    let mut appender = Appender::new(dir);
    let at = crate::model::journal::now();
    let (public, parts) = split(&facts::whole(state), &state.journal, &at);
    let mut events = Events::default();
    let mut commit = Commitments::new();
    for (side, part) in Side::BOTH.iter().zip(parts) {
        let p = Private::Part {
            of: 1,
            salt: salt(Some(seeds.of(*side)), 1),
            facts: part.facts,
            rows: part.rows,
            after: part.after,
            epochs: Vec::new(),
            answered_at: None,
        };
        commit.insert(
            *side,
            commitment(&serde_json::to_string(&p).expect("events serialise")),
        );
        match side {
            Side::German => events.german.push((1, p)),
            Side::Russian => events.russian.push((1, p)),
        }
    }
    events.public.push(Public {
        n: 1,
        at,
        kind: PublicKind::Created {
            schema: crate::model::event::LOG_SCHEMA,
            votg: crate::VERSION.into(),
            cg: state.campaign.cg,
            test_seed,
            facts: public.0,
            rows: public.1,
            commit,
            two_machines: false,
        },
    });
    write_events(&mut appender, &events)?;
    let mut on_disk = Files::new();
    views::write(dir, state, 1, &mut on_disk, None)?;
    drop(lock);
    Ok(())
}
