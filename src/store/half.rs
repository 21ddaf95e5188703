//! A half campaign (DESIGN §9): the folder of one side of a campaign played
//! on two machines. It holds the public log (the same bytes as the other
//! half's after each exchange), its side's private log and key, and the
//! views of both; the other side's folder is absent.

use std::path::Path;

use super::log::PUBLIC;
use super::{Files, Writer, file, lock, salt, views};
use crate::error::Error;
use crate::model::event::{Private, Public, PublicKind, StepRef};
use crate::model::exchange::Epoch;
use crate::model::fold::Events;
use crate::model::seed::{Seed, Seeds};
use crate::model::side::Side;
use crate::model::state::CampaignState;

/// The side a half campaign holds, and its key.
#[derive(Debug, Clone, Copy)]
pub struct Half {
    pub side: Side,
    pub seed: Seed,
}

/// Whether the campaign was made for two machines (`votg new --side`), or
/// split from one keyboard (`votg split`).
pub fn is_two(events: &Events) -> bool {
    matches!(
        events.public.first().map(|e| &e.kind),
        Some(PublicKind::Created {
            two_machines: true,
            ..
        })
    ) || events.public.iter().any(|e| {
        matches!(
            e.kind,
            PublicKind::Exchange(crate::model::exchange::Exchange::Split { .. })
        )
    })
}

/// The keys a two-machine folder holds: both (the halves joined back at
/// one keyboard), or one (a half).
pub fn keys(dir: &Path) -> Result<(Option<Seeds>, Option<Half>), Error> {
    interrupted_split(dir)?;
    let mut found = Vec::new();
    for side in Side::BOTH {
        let name = super::keys::SideDice::file_name(side);
        if let Some(bytes) = file::read_regular(&dir.join(&name))? {
            let mut files = Files::new();
            files.insert(name, bytes);
            found.push((side, super::files::read_seed(&files, side)?));
        }
    }
    Ok(match found.as_slice() {
        [(_, g), (_, r)] => (
            Some(Seeds {
                german: *g,
                russian: *r,
            }),
            None,
        ),
        [(side, seed)] => (
            None,
            Some(Half {
                side: *side,
                seed: *seed,
            }),
        ),
        _ => {
            if let Some(side) = Side::BOTH
                .into_iter()
                .find(|s| dir.join(split_key_name(*s)).exists())
            {
                return Err(Error::Refused(format!(
                    "{}: this is the {}'s half of a campaign split from one keyboard (`votg split`), and he has not taken his seat yet: `votg join {} --side {}` draws his new seed and commits it.",
                    dir.display(),
                    side.name(),
                    dir.display(),
                    side.id()
                )));
            }
            return Err(Error::Refused(format!(
                "{}: neither german/dice.toml nor russian/dice.toml is here, so this half of a two-machine campaign has lost its side's key. Restore your side's folder from your backup.",
                dir.display()
            )));
        }
    })
}

/// Where a side keeps its key of before the split (`votg split`): it drew
/// that side's rolls at one keyboard, and `verify` needs it once both
/// halves are merged back.
pub fn split_key_name(side: Side) -> String {
    format!("{side}/dice-before-split.toml")
}

/// Writes `side`'s key of before the split into `dir`.
pub fn write_split_key(dir: &Path, side: Side, seed: Seed) -> Result<(), Error> {
    let path = dir.join(split_key_name(side));
    std::fs::create_dir_all(path.parent().expect("in a folder")).map_err(file::io(dir))?;
    let mut bytes = format!(
        "# The {} side's dice key of before the split (votg split): it drew his rolls\n# at one keyboard. Kept so that votg verify can check them once the halves are merged.\n",
        side.name()
    )
    .into_bytes();
    bytes.extend(super::files::to_toml(&super::keys::SideDice::new(
        side, seed,
    )));
    file::write_atomic(&path, &bytes)
}

/// `side`'s key of before the split, if `dir` holds it.
pub fn split_key(dir: &Path, side: Side) -> Result<Option<Seed>, Error> {
    let name = split_key_name(side);
    let Some(bytes) = file::read_regular(&dir.join(&name))? else {
        return Ok(None);
    };
    let text = String::from_utf8_lossy(&bytes);
    let dice: super::keys::SideDice = toml::from_str(&text).map_err(|e| {
        Error::Refused(format!(
            "{}: does not read ({e}). Restore it from your backup.",
            dir.join(&name).display()
        ))
    })?;
    if dice.side != side {
        return Err(Error::Refused(format!(
            "{}: holds the {}'s key, not the {}'s. Restore it from your backup.",
            dir.join(&name).display(),
            dice.side.name(),
            side.name()
        )));
    }
    Ok(Some(dice.seed))
}

/// Both sides' keys of before the split, when this folder holds both
/// (the halves merged back).
pub fn split_keys(dir: &Path) -> Result<Option<Seeds>, Error> {
    Ok(
        match (
            split_key(dir, Side::German)?,
            split_key(dir, Side::Russian)?,
        ) {
            (Some(german), Some(russian)) => Some(Seeds { german, russian }),
            _ => None,
        },
    )
}

/// Where `votg split` keeps the kept side's new key until the split is in
/// the public log: a split interrupted after that is finished by hand from it.
pub fn pending_key_name(side: Side) -> String {
    format!("{side}/dice-split.toml")
}

/// Writes `side`'s new key, pending until the split is in the public log.
pub fn write_pending_key(dir: &Path, side: Side, seed: Seed) -> Result<(), Error> {
    let path = dir.join(pending_key_name(side));
    std::fs::create_dir_all(path.parent().expect("in a folder")).map_err(file::io(dir))?;
    file::write_atomic(&path, &super::files::dice_file(side, seed))
}

/// The pending key made `side`'s key.
pub fn take_pending_key(dir: &Path, side: Side) -> Result<(), Error> {
    let from = dir.join(pending_key_name(side));
    std::fs::rename(&from, dir.join(super::keys::SideDice::file_name(side)))
        .map_err(file::io(&from))
}

/// A split of `dir` interrupted once the split was in its public log.
fn interrupted_split(dir: &Path) -> Result<(), Error> {
    let Some(side) = Side::BOTH
        .into_iter()
        .find(|s| dir.join(pending_key_name(*s)).exists())
    else {
        return Ok(());
    };
    Err(Error::Refused(format!(
        "{d}: a `votg split` of this folder was interrupted after it wrote the split in the public log. To finish it: rename {d}/{pending} to {d}/{side}/dice.toml, move {d}/{other}/ out of this folder (his log.jsonl is his half's: copy it to the folder split wrote for him, as {other}/log.jsonl), then run `votg send {d}` and copy {d}/log.jsonl, campaign.toml and journal.csv to his folder.",
        d = dir.display(),
        pending = pending_key_name(side),
        side = side.id(),
        other = side.other().id()
    )))
}

/// Writes `side`'s key into `dir` (its `dice.toml`).
pub fn write_key(dir: &Path, side: Side, seed: Seed) -> Result<(), Error> {
    let path = dir.join(super::keys::SideDice::file_name(side));
    std::fs::create_dir_all(path.parent().expect("in a folder")).map_err(file::io(dir))?;
    file::write_atomic(&path, &super::files::dice_file(side, seed))
}

/// Starts `side`'s half in the empty folder `dir`: its key, and the
/// campaign's creation with the whole Initial state public (the Initial
/// OBs are printed in the rules: no side has a secret yet).
pub fn create(
    dir: &Path,
    state: &CampaignState,
    side: Side,
    seed: Seed,
    test_seed: Option<u64>,
) -> Result<(), Error> {
    write_key(dir, side, seed)?;
    let at = crate::model::journal::now();
    let rows = state
        .journal
        .iter()
        .map(|r| crate::model::row::LoggedRow::of(r, &at))
        .collect();
    let created = Public {
        n: 1,
        at,
        kind: PublicKind::Created {
            schema: crate::model::event::LOG_SCHEMA,
            votg: crate::VERSION.into(),
            cg: state.campaign.cg,
            test_seed,
            facts: crate::model::facts::whole(state),
            rows,
            commit: Default::default(),
            two_machines: true,
        },
    };
    let body = serde_json::to_string(&created).expect("events serialise");
    begin(dir, side, seed, |a| a.append(PUBLIC, &[body]).map(drop))
}

/// Starts `side`'s half in `dir` from the public log `lines` the other side
/// sent (`votg join`), as he wrote them.
pub fn adopt(dir: &Path, side: Side, seed: Seed, lines: &[String]) -> Result<(), Error> {
    begin(dir, side, seed, |a| a.append_written(PUBLIC, lines))
}

/// Writes `side`'s key and the public log's first lines (`write`), then
/// the views.
fn begin(
    dir: &Path,
    side: Side,
    seed: Seed,
    write: impl FnOnce(&mut super::appender::Appender) -> Result<(), Error>,
) -> Result<(), Error> {
    write_key(dir, side, seed)?;
    let lock = lock(dir)?;
    let mut appender = super::appender::Appender::lock(dir)?;
    write(&mut appender)?;
    drop(appender);
    let logs = super::read::read(dir)?;
    let folded = super::fold_events(dir, &logs.events)?;
    let n = logs.events.public.len() as u64;
    views::write(dir, &folded.state, n, &mut Files::new(), Some(side))?;
    drop(lock);
    Ok(())
}

impl Writer {
    /// Appends public events received from the other side, as they were
    /// written (checked before), in one write.
    pub fn append_lines(&mut self, lines: &[String]) -> Result<(), Error> {
        self.append_public(lines, true)
    }

    /// Appends public events of no side's part (an undo request and its
    /// answer), each sealed in the chain, in one write.
    pub fn append_events(&mut self, events: &[Public]) -> Result<(), Error> {
        let bodies: Vec<String> = events
            .iter()
            .map(|e| serde_json::to_string(e).expect("events serialise"))
            .collect();
        self.append_public(&bodies, false)
    }

    fn append_public(&mut self, lines: &[String], written: bool) -> Result<(), Error> {
        let events: Vec<Public> = lines
            .iter()
            .map(|l| serde_json::from_str(&crate::model::chain::open(l).1).expect("checked before"))
            .collect();
        {
            let mut appender = self.appender.borrow_mut();
            appender.check_all()?;
            if written {
                appender.append_written(PUBLIC, lines)?;
            } else {
                appender.append(PUBLIC, lines)?;
            }
        }
        self.opened.events.public.extend(events);
        self.events.set(self.opened.events_len());
        self.refold()
    }

    /// Appends a pledge: `side`'s answers to `step` so far (with the epochs
    /// of the rolls made), or its answers file for the RePh `context`
    /// (`standing`: the text and the context), committed in the public log
    /// and kept in its own.
    pub fn append_pledge(
        &mut self,
        at: &str,
        side: Side,
        step: StepRef,
        answers: Vec<(String, toml::Value)>,
        epochs: Vec<Epoch>,
        standing: Option<(String, String)>,
    ) -> Result<u64, Error> {
        let n = self.opened.events_len() + 1;
        let (standing, context) = standing.unwrap_or_default();
        let is_standing = !standing.is_empty();
        let part = Private::Pledged {
            of: n,
            salt: salt(self.opened.key(side), n),
            answers,
            epochs,
            standing,
            context,
        };
        let kind = |commit| {
            PublicKind::Exchange(crate::model::exchange::Exchange::Pledge {
                side,
                step,
                commit,
                standing: is_standing,
            })
        };
        self.publish(n, at, kind, vec![(side, part)])
    }

    /// The public log's lines as written (what packets carry).
    pub fn public_lines(&self) -> Result<Vec<String>, Error> {
        public_lines(&self.opened.dir)
    }
}

/// The public log's whole lines as written.
pub fn public_lines(dir: &Path) -> Result<Vec<String>, Error> {
    let log = super::log::LogText::read(dir, PUBLIC)?;
    Ok(log.lines.into_iter().map(|l| l.text).collect())
}
