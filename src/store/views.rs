//! The views (DESIGN §3): files derived from the logs, rewritten after every
//! command, never read back as truth. A view votg wrote and the logs have
//! since moved past (a command interrupted between its events and its views)
//! is simply rewritten, as is a missing or damaged one. A view whose values
//! differ from the derived ones was edited by hand: the command says so,
//! and `votg adjust` records the edit or discards it.
//!
//! `.votg/views.toml` notes the hash of each view as votg last wrote it, so a
//! view left behind by an interrupted command is told from a hand edit.

use std::collections::BTreeMap;
use std::path::Path;

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::file::{read_regular, write_atomic};
use super::log::hex;
use crate::error::Error;
use crate::model::facts::{self, Fact};
use crate::model::side::Side;
use crate::model::state::{CampaignState, Files};
use crate::store::files::{ViewValue, parse_view};

pub const MANIFEST: &str = ".votg/views.toml";

/// Every view, by its path in the campaign folder.
pub fn names() -> Vec<String> {
    names_for(None)
}

/// The views, by path; in a half campaign
/// (two machines, DESIGN §9) only the public ones and those of the side it
/// holds (`held`).
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

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
struct Manifest {
    /// The public events the views were derived from.
    event: u64,
    /// Each view's SHA-256 as votg wrote it.
    written: BTreeMap<String, String>,
}

fn sha(bytes: &[u8]) -> String {
    hex(&Sha256::digest(bytes))
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
    /// The bytes on disk of each view that exists.
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
}

fn read_manifest(dir: &Path) -> Manifest {
    read_regular(&dir.join(MANIFEST))
        .ok()
        .flatten()
        .and_then(|b| String::from_utf8(b).ok())
        .and_then(|t| toml::from_str(&t).ok())
        .unwrap_or_default()
}

/// Looks at every view of `dir` against `state`.
pub fn check(dir: &Path, state: &CampaignState, held: Option<Side>) -> Result<Views, Error> {
    let manifest = read_manifest(dir);
    let derived = state.views();
    let mut views = Views::default();
    for name in names_for(held) {
        let found = match read_regular(&dir.join(&name))? {
            None => Found::Rewrite("missing".into()),
            Some(bytes) => {
                let found = compare(&name, &bytes, &derived, state, &manifest);
                views.on_disk.insert(name.clone(), bytes);
                found
            }
        };
        views.found.insert(name, found);
    }
    Ok(views)
}

fn compare(
    name: &str,
    bytes: &[u8],
    derived: &Files,
    state: &CampaignState,
    manifest: &Manifest,
) -> Found {
    if derived.get(name).is_some_and(|d| d == bytes) {
        return Found::Current;
    }
    if manifest.written.get(name) == Some(&sha(bytes)) {
        return Found::Rewrite("left behind by an interrupted command".into());
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

/// Writes the views of `state` that differ from what is on disk, then notes
/// what was written (`event`: the public events they derive from).
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
    let mut manifest = read_manifest(dir);
    let mut changed = manifest.event != event;
    for (name, bytes) in &derived {
        if on_disk.get(name) != Some(bytes) {
            let path = dir.join(name);
            if let Some(parent) = path.parent() {
                std::fs::create_dir_all(parent).map_err(super::file::io(parent))?;
            }
            write_atomic(&path, bytes)?;
            on_disk.insert(name.clone(), bytes.clone());
            changed = true;
        }
        let hash = sha(bytes);
        if manifest.written.get(name) != Some(&hash) {
            manifest.written.insert(name.clone(), hash);
            changed = true;
        }
    }
    if changed {
        manifest.event = event;
        let text = toml::to_string(&manifest).expect("the manifest serialises");
        std::fs::create_dir_all(dir.join(".votg")).map_err(super::file::io(dir))?;
        write_atomic(&dir.join(MANIFEST), text.as_bytes())?;
    }
    Ok(())
}
