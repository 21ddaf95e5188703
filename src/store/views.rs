//! The views (DESIGN §3): files derived from the logs, rewritten after every
//! command, never read back as truth. Each view records, in its first line,
//! the public event it was written for. A view whose values are what the
//! logs derive now is current; one that differs from them but is what the
//! logs derived at its own event was left behind by an interrupted command,
//! and is simply written again; a view that differs from both was edited by
//! hand: the command says so, and `votg adjust` records or discards it.
//! No digest of a view is kept anywhere (it would give a side's secrets
//! away to whoever can guess them).

use std::collections::BTreeMap;
use std::path::Path;

use super::Opened;
use super::file::{read_regular, write_atomic};
use crate::error::Error;
use crate::model::facts::{self, Fact};
use crate::model::fold::Events;
use crate::model::side::Side;
use crate::model::state::{CampaignState, Files};
use crate::store::files::{ViewValue, parse_view};

/// Where votg of log schema 3 before the chain kept each view's hash
/// (read once, to tell its views left behind from hand edits; then removed).
pub const OLD_MANIFEST: &str = ".votg/views.toml";

const MARK: &str = "# votg view of event ";

/// The first line of a view written for public event `n`.
fn mark(n: u64) -> String {
    format!("{MARK}{n} (written from the logs: record a hand edit with votg adjust)\n")
}

/// The event a view's first line names, and the view without that line.
pub fn unmark(bytes: &[u8]) -> (Option<u64>, &[u8]) {
    let Some(rest) = bytes.strip_prefix(MARK.as_bytes()) else {
        return (None, bytes);
    };
    let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
    let n = std::str::from_utf8(&rest[..digits])
        .ok()
        .and_then(|d| d.parse().ok());
    let after = rest
        .iter()
        .position(|b| *b == b'\n')
        .map_or(rest.len(), |i| i + 1);
    match n {
        Some(n) => (Some(n), &rest[after..]),
        None => (None, bytes),
    }
}

/// Every view, by its path in the campaign folder.
pub fn names() -> Vec<String> {
    names_for(None)
}

/// The views, by path; in a half campaign (two machines, DESIGN §9) only
/// the public ones and those of the side it holds (`held`).
pub fn names_for(held: Option<Side>) -> Vec<String> {
    let mut names = vec!["campaign.toml".to_string(), "journal.csv".to_string()];
    for side in Side::BOTH
        .into_iter()
        .filter(|s| held.is_none_or(|h| h == *s))
    {
        for f in ["roster.toml", "purchases.csv", "force.toml", "journal.csv"] {
            names.push(format!("{side}/{f}"));
        }
    }
    names
}

/// What a view on disk is, against the campaign its logs derive.
#[derive(Debug, Clone, PartialEq)]
pub enum Found {
    /// As derived (or differing only in layout).
    Current,
    /// To be rewritten, and why: missing, damaged, or left behind.
    Rewrite(String),
    /// Edited by hand: each difference in words.
    Edited(Vec<String>),
}

/// The views as found on disk, and what each is.
#[derive(Debug, Clone, Default)]
pub struct Views {
    /// The bytes on disk of each view that exists (without its first line).
    pub on_disk: Files,
    pub found: BTreeMap<String, Found>,
}

impl Views {
    pub fn edited(&self) -> Vec<(&String, &Vec<String>)> {
        self.found
            .iter()
            .filter_map(|(n, f)| match f {
                Found::Edited(d) => Some((n, d)),
                _ => None,
            })
            .collect()
    }

    /// Whether a view is to be written again (missing, damaged, left behind).
    pub fn stale(&self) -> bool {
        self.found.values().any(|f| matches!(f, Found::Rewrite(_)))
    }

    /// Every view is now as the logs say.
    pub fn all_current(&mut self) {
        for found in self.found.values_mut() {
            *found = Found::Current;
        }
    }
}

/// A view found newer than the logs read: a writer wrote since (a reader
/// reads again), or the public log was cut short (damage).
#[derive(Debug)]
pub struct Newer {
    pub view: String,
    pub event: u64,
}

/// Looks at every view of the campaign `opened` against what its logs
/// derive. A view newer than the logs is `Err(Newer)`.
pub fn look(opened: &Opened) -> Result<Result<Views, Newer>, Error> {
    let dir = &opened.dir;
    let n = opened.events_len();
    let state = opened.state();
    let derived = state.views();
    let old = old_manifest(dir);
    let mut views = Views::default();
    for name in names_for(opened.held()) {
        let Some(bytes) = read_regular(&dir.join(&name))? else {
            views.found.insert(name, Found::Rewrite("missing".into()));
            continue;
        };
        let (event, body) = unmark(&bytes);
        if let Some(e) = event.filter(|e| *e > n) {
            return Ok(Err(Newer {
                view: name,
                event: e,
            }));
        }
        let mut found = compare(&name, body, &derived, state);
        if let Found::Edited(_) = found {
            found = match event {
                Some(e) if e < n => behind(&name, body, &opened.events, e),
                None if old.get(&name) == Some(&sha(&bytes)) => {
                    Found::Rewrite("left behind by an interrupted command".into())
                }
                // Written by a votg of before the chain, at its last event.
                None if (1..n).contains(&opened.before_chain) => {
                    behind(&name, body, &opened.events, opened.before_chain)
                }
                _ => found,
            };
        }
        views.on_disk.insert(name.clone(), body.to_vec());
        views.found.insert(name, found);
    }
    Ok(Ok(views))
}

/// Looks at every view, for a writer (which holds the logs: a view newer
/// than them means the public log was cut short).
pub fn check(dir: &Path, opened: &Opened) -> Result<Views, Error> {
    look(opened)?.map_err(|newer| damaged(dir, &newer, opened.events_len()))
}

/// The damage a view newer than the public log shows.
pub fn damaged(dir: &Path, newer: &Newer, have: u64) -> Error {
    Error::LogData {
        file: super::log::PUBLIC.into(),
        line: have as usize + 1,
        message: format!(
            "{} was written for public event {}, but log.jsonl holds {have} event(s): the public log was cut short or replaced. Restore {} from your backup",
            newer.view,
            newer.event,
            dir.join(super::log::PUBLIC).display()
        ),
    }
}

/// A view that differs from the campaign now, against the campaign at its
/// own event `e`: left behind there, or edited (the differences from it).
fn behind(name: &str, body: &[u8], events: &Events, e: u64) -> Found {
    let Ok(then) = crate::model::fold::fold(&prefix(events, e)) else {
        return Found::Rewrite("left behind by an interrupted command".into());
    };
    match compare(name, body, &then.state.views(), &then.state) {
        Found::Current => Found::Rewrite("left behind by an interrupted command".into()),
        found => found,
    }
}

/// The events up to public event `e`.
fn prefix(events: &Events, e: u64) -> Events {
    let keep = |log: &crate::model::fold::PrivateLog| {
        log.iter()
            .filter(|(_, p)| p.of().is_none_or(|of| of <= e))
            .cloned()
            .collect()
    };
    Events {
        public: events.public.iter().take(e as usize).cloned().collect(),
        german: keep(&events.german),
        russian: keep(&events.russian),
    }
}

fn sha(bytes: &[u8]) -> String {
    use sha2::Digest;
    super::log::hex(&sha2::Sha256::digest(bytes))
}

/// Each view's hash as an older votg noted it (`.votg/views.toml`).
fn old_manifest(dir: &Path) -> BTreeMap<String, String> {
    #[derive(serde::Deserialize, Default)]
    struct Manifest {
        #[serde(default)]
        written: BTreeMap<String, String>,
    }
    read_regular(&dir.join(OLD_MANIFEST))
        .ok()
        .flatten()
        .and_then(|b| String::from_utf8(b).ok())
        .and_then(|t| toml::from_str::<Manifest>(&t).ok())
        .unwrap_or_default()
        .written
}

fn compare(name: &str, bytes: &[u8], derived: &Files, state: &CampaignState) -> Found {
    if derived.get(name).is_some_and(|d| d == bytes) {
        return Found::Current;
    }
    let mut one = Files::new();
    one.insert(name.to_string(), bytes.to_vec());
    let value = match parse_view(&one, name) {
        Ok(v) => v,
        Err(e) => return Found::Rewrite(format!("damaged ({})", first_line(&e.to_string()))),
    };
    let derived_value = parse_view(derived, name).ok();
    if derived_value.as_ref() == Some(&value) {
        return Found::Current;
    }
    Found::Edited(differences(name, value, state))
}

fn first_line(text: &str) -> &str {
    text.lines().next().unwrap_or(text)
}

/// `state` with the part a view holds replaced by `value`.
pub fn with_view(state: &CampaignState, name: &str, value: ViewValue) -> CampaignState {
    let mut edited = state.clone();
    let side = if name.starts_with("german/") {
        Side::German
    } else {
        Side::Russian
    };
    match value {
        ViewValue::Campaign(c) => edited.campaign = *c,
        ViewValue::Roster(r) => edited.side_mut(side).roster = r,
        ViewValue::Purchases(p) => edited.side_mut(side).purchases = p.into(),
        ViewValue::Force(f) => edited.side_mut(side).force = f,
        ViewValue::Journal(_) => {}
    }
    edited
}

fn differences(name: &str, value: ViewValue, state: &CampaignState) -> Vec<String> {
    if let ViewValue::Journal(rows) = &value {
        let derived: Vec<_> = state
            .journal
            .iter()
            .filter(|r| match name.split_once('/') {
                Some((side, _)) => r.secret && r.side == side,
                None => !r.secret,
            })
            .collect();
        let first = rows
            .iter()
            .zip(&derived)
            .position(|(a, b)| !same_row(a, b))
            .unwrap_or(rows.len().min(derived.len()));
        return vec![format!(
            "row {} (the audit log's rows are not edited: `votg adjust --discard` writes them again)",
            first + 1
        )];
    }
    let edited = with_view(state, name, value);
    facts::between(state, &edited)
        .iter()
        .map(describe)
        .collect()
}

fn same_row(a: &crate::model::journal::JournalRow, b: &crate::model::journal::JournalRow) -> bool {
    let mut a = a.clone();
    a.defaulted = b.defaulted;
    &a == b
}

/// A fact in a few words, for the message naming an edit.
pub fn describe(f: &Fact) -> String {
    match f {
        Fact::Campaign { field, value } => format!("`{field}` is now {value}"),
        Fact::Day { index, .. } => format!("CG Day entry {} ([[days]])", index + 1),
        Fact::RosterLine { index, .. } => format!("roster line {}", index + 1),
        Fact::BonusCpp { taken, .. } => format!("bonus_cpp_taken is now {taken}"),
        Fact::Purchase { index, .. } => format!("purchase-record row {}", index + 1),
        Fact::Counter { id, counter, .. } => match counter {
            Some(_) => format!("counter {id}"),
            None => format!("counter {id} removed"),
        },
        Fact::NextId { next_id, .. } => format!("next_id is now {next_id}"),
        Fact::Whole(_) => "the order of its entries".into(),
    }
}

/// Writes the views of `state` whose values differ from what is on disk
/// (`on_disk`, without their first lines), each first line naming `event`,
/// the public events they derive from; an older votg's hashes of views go.
pub fn write(
    dir: &Path,
    state: &CampaignState,
    event: u64,
    on_disk: &mut Files,
    held: Option<Side>,
) -> Result<(), Error> {
    let mut derived = state.views();
    let keep = names_for(held);
    derived.retain(|name, _| keep.contains(name));
    for (name, bytes) in &derived {
        if on_disk.get(name) == Some(bytes) {
            continue;
        }
        let path = dir.join(name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(super::file::io(parent))?;
        }
        let mut marked = mark(event).into_bytes();
        marked.extend_from_slice(bytes);
        write_atomic(&path, &marked)?;
        on_disk.insert(name.clone(), bytes.clone());
    }
    let old = dir.join(OLD_MANIFEST);
    if old.exists() {
        std::fs::remove_file(&old).map_err(super::file::io(&old))?;
    }
    Ok(())
}
