//! A campaign open for writing (DESIGN §6): locked (every log it appends
//! to, and `.votg/lock`), its logs checked — damage refused before anything
//! is changed — what an interrupted write left set aside, an older
//! campaign's import written; then each step appended, private parts first.

use std::cell::{Cell, RefCell};
use std::path::Path;
use std::rc::Rc;

use super::appender::{Appender, aside_of};
use super::log::{PUBLIC, commitment, private_name};
use super::views::{self, Views};
use super::{Check, Opened, SidePart, file, from_logs, import, inside, lock, read, salt};
use crate::error::Error;
use crate::model::event::{Commitments, Private, Public, PublicKind};
use crate::model::side::Side;
use crate::model::state::Files;

#[derive(Debug)]
pub struct Writer {
    pub opened: Opened,
    pub(super) appender: Rc<RefCell<Appender>>,
    /// How many public events there are, for the drafts' `after`.
    pub(super) events: Rc<Cell<u64>>,
    _lock: std::fs::File,
    /// The views as found when opened.
    pub views: Views,
    /// What was done on opening that the players are told (a tail set
    /// aside, an import).
    pub said: Vec<String>,
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
        // Every log locked before it is read: no other writer moves it now.
        let mut appender = Appender::lock(dir)?;
        for d in [dir.to_path_buf(), dir.join("german"), dir.join("russian")] {
            file::remove_leftovers(&d);
        }
        let mut said = Vec::new();
        let opened = if import::is_old(dir) {
            import_old(dir, check, &mut appender, &mut said)?
        } else {
            let logs = read::read(dir)?;
            let events = logs.events.public.len() as u64;
            for log in [&logs.public, &logs.german, &logs.russian] {
                if !log.exists {
                    continue;
                }
                appender.expect(log)?;
                if let Some(s) = appender.cut(log, &aside_of(&log.name), events)? {
                    said.push(s);
                }
            }
            from_logs(dir, logs)?
        };
        let views = views::check(dir, &opened)?;
        let mut w = Writer {
            opened,
            appender: Rc::new(RefCell::new(appender)),
            events: Default::default(),
            _lock: lock,
            views,
            said,
        };
        // A view missing, damaged or left behind by an interrupted command
        // is written again at once, whatever the command goes on to do (a
        // hand edit is the command's to refuse or record first).
        if w.views.stale() && w.views.edited().is_empty() {
            w.write_views()?;
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
        let n = self.opened.events_len() + 1;
        let mut lines = Vec::new();
        for (side, part) in Side::BOTH.into_iter().zip(parts) {
            if part.facts.is_empty() && part.rows.is_empty() && always != Some(side) {
                continue;
            }
            let part = Private::Part {
                of: n,
                salt: salt(self.opened.key(side), n),
                facts: part.facts,
                rows: part.rows,
                after: part.after,
                epochs: part.epochs,
                answered_at: part.answered_at,
            };
            lines.push((side, part));
        }
        self.publish(n, at, kind, lines)
    }

    /// Appends public event `n` of `kind` after each side's private line
    /// in `parts`, which it commits to.
    pub(super) fn publish(
        &mut self,
        n: u64,
        at: &str,
        kind: impl FnOnce(Commitments) -> PublicKind,
        parts: Vec<(Side, Private)>,
    ) -> Result<u64, Error> {
        // Every log first: a writer that lost its logs to a second one
        // writes nothing at all.
        let mut appender = self.appender.borrow_mut();
        appender.check_all()?;
        let mut commit = Commitments::new();
        let mut written: Vec<String> = Vec::new();
        for (side, part) in &parts {
            let body = serde_json::to_string(part).expect("events serialise");
            commit.insert(*side, commitment(&body));
            let name = private_name(*side);
            appender
                .append(&name, &[body])
                .map_err(|e| unpublished(e, &written))?;
            written.push(name);
        }
        let public = Public {
            n,
            at: at.to_string(),
            kind: kind(commit),
        };
        let body = serde_json::to_string(&public).expect("events serialise");
        appender
            .append(PUBLIC, &[body])
            .map_err(|e| unpublished(e, &written))?;
        drop(appender);
        for (side, part) in parts {
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
    pub fn drafts(&self, step: Rc<RefCell<String>>) -> Drafts {
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
        let held = self.opened.held();
        for side in Side::BOTH
            .into_iter()
            .filter(|s| held.is_none_or(|h| h == *s))
        {
            let e = Private::DraftsAbandoned {
                at: at.clone(),
                after: n,
            };
            let body = serde_json::to_string(&e).expect("events serialise");
            self.appender
                .borrow_mut()
                .append(&private_name(side), &[body])?;
            match side {
                Side::German => self.opened.events.german.push((0, e)),
                Side::Russian => self.opened.events.russian.push((0, e)),
            }
        }
        Ok(())
    }

    /// Folds the logs again (after an undo, a redo, an adjustment).
    pub fn refold(&mut self) -> Result<(), Error> {
        self.opened.folded = super::fold_events(&self.opened.dir.clone(), &self.opened.events)?;
        Ok(())
    }

    /// Rewrites the views that differ from the campaign as the logs now
    /// derive it (one truth: never from a state a command holds).
    pub fn write_views(&mut self) -> Result<(), Error> {
        self.refold()?;
        let n = self.opened.events_len();
        let held = self.opened.held();
        let dir = self.opened.dir.clone();
        let state = &self.opened.folded.state;
        views::write(&dir, state, n, &mut self.views.on_disk, held)?;
        self.views.all_current();
        Ok(())
    }
}

/// A write that failed after `written` (the logs that got a step's private
/// lines): says that those lines do not count and will be set aside.
fn unpublished(e: Error, written: &[String]) -> Error {
    if written.is_empty() {
        return e;
    }
    e.kept_also(format!(
        "The step's private part was written to {} but its public event was not, so the step does not count; the next votg command moves that part aside (into the side's interrupted/ folder) and says so.",
        written.join(" and ")
    ))
}

/// An older votg's campaign in `dir`, imported: its keys, its first event
/// written, its views.
fn import_old(
    dir: &Path,
    check: Check,
    appender: &mut Appender,
    said: &mut Vec<String>,
) -> Result<Opened, Error> {
    let mut opened = super::open_read(dir, check)?;
    let old = opened.old.take().expect("an older campaign");
    // Each side's key first (a schema-1 campaign gets its new ones).
    for side in Side::BOTH {
        let path = dir.join(crate::store::keys::SideDice::file_name(side));
        file::write_atomic(
            &path,
            &crate::store::files::dice_file(side, old.seeds.of(side)),
        )?;
    }
    super::create::write_events(appender, &opened.events)?;
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
    Ok(opened)
}

/// Keeps the answers typed in a step as drafts in their side's log.
#[derive(Debug, Clone)]
pub struct Drafts {
    appender: Rc<RefCell<Appender>>,
    /// The public events written so far (the writer keeps it current).
    after: Rc<Cell<u64>>,
    step: Rc<RefCell<String>>,
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
        let body = serde_json::to_string(&e).expect("events serialise");
        self.appender
            .borrow_mut()
            .append(&private_name(self.held.unwrap_or(side)), &[body])
            .map(drop)
    }
}
