//! `votg merge DIR OTHER` (DESIGN §9, docs/two-machines.md): the two halves
//! of one campaign joined back into one folder, DIR, for play at one
//! keyboard. The other player brings his half (OTHER) to the table: his
//! private log and keys go into DIR. No reveal is needed first: once both
//! keys are in one folder the players trust each other as at one keyboard,
//! and `votg verify` re-derives every step of both sides from both keys.
//! The merge checks first that the halves are of one campaign, at the same
//! public event, each key the one its side's seat committed to, each
//! private line the one committed in the public log, and that the whole
//! verifies; a refused merge changes no file.

use std::path::Path;

use super::campaign_id;
use crate::commands::Config as Global;
use crate::commands::refit::open_writer;
use crate::error::Error;
use crate::model::event::PublicKind;
use crate::model::exchange::{self, Exchange};
use crate::model::ledger::Ledger;
use crate::model::side::Side;
use crate::store::Opened;
use crate::store::half::{self, public_lines};
use crate::store::log::private_name;

fn refused(why: String) -> Error {
    Error::Refused(format!("{why} Nothing was changed."))
}

/// The files of `side`'s half that move: its private log and keys.
fn side_files(side: Side) -> [String; 3] {
    [
        private_name(side),
        crate::store::keys::SideDice::file_name(side),
        half::split_key_name(side),
    ]
}

/// The two public logs: the same campaign, his no further than yours.
fn same_log(dir: &Path, other: &Path) -> Result<(), Error> {
    let (a, b) = (public_lines(dir)?, public_lines(other)?);
    if campaign_id(&a[0]) != campaign_id(&b[0]) {
        return Err(refused(format!(
            "{} and {} are halves of two different campaigns (ids {} and {}).",
            dir.display(),
            other.display(),
            campaign_id(&a[0]),
            campaign_id(&b[0])
        )));
    }
    // Yours may go further than his: your turn's events, not sent yet,
    // hold nothing of his.
    if a.starts_with(&b) {
        return Ok(());
    }
    let why = if b.starts_with(&a) {
        format!(
            "{} has {} public event(s) {} has not: receive his last packet in {} first (`votg receive`).",
            other.display(),
            b.len() - a.len(),
            dir.display(),
            dir.display()
        )
    } else {
        let k = a.iter().zip(&b).take_while(|(x, y)| x == y).count() + 1;
        format!(
            "the two public logs differ from event {k}: they are not two halves of one exchange."
        )
    };
    Err(refused(why))
}

/// Each half's key against its seat, each private line against its
/// commitment.
fn honest(opened: &Opened) -> Result<(), Error> {
    let h = super::half_of(opened)?;
    let l = Ledger::new(&opened.events, h.side);
    if l.seat(h.side).map(|s| s.0) != Some(exchange::seed_commitment(h.seed).as_str()) {
        return Err(refused(format!(
            "{}: the {}'s dice.toml is not the key his seat committed to.",
            opened.dir.display(),
            h.side.name()
        )));
    }
    let log = crate::store::log::LogText::read(&opened.dir, &private_name(h.side))?;
    for line in &log.lines {
        let body = crate::model::chain::open(&line.text).1;
        let Ok(p) = serde_json::from_str::<crate::model::event::Private>(&body) else {
            continue;
        };
        let Some(n) = p.of() else { continue };
        let committed = opened
            .events
            .public
            .get((n as usize).wrapping_sub(1))
            .and_then(|e| e.kind.commitments())
            .and_then(|c| c.get(&h.side));
        if committed.is_some() && committed != Some(&exchange::sha256_hex(&body)) {
            return Err(refused(format!(
                "{}: the {}'s part of event {n} is not what the public log committed to.",
                opened.dir.display(),
                h.side.name()
            )));
        }
    }
    Ok(())
}

/// What one keyboard could not carry on with: a side's half of a joint
/// step not done, a step pledged and not done, a chit sealed and not
/// unsealed.
fn midway(opened: &Opened) -> Result<(), Error> {
    let events = &opened.events;
    let undone = events.undone();
    for side in Side::BOTH {
        let l = Ledger::new(events, side);
        if let Some((n, step)) = l.pending_halves(side).first() {
            return Err(refused(format!(
                "the {} has not done his half of {step} (event {n}): merge once he has, and his packet is received.",
                side.name()
            )));
        }
        if let Some((n, _)) = l.sealed(side)
            && l.unsealed(side, n).is_none()
        {
            return Err(refused(format!(
                "the {}'s Initiative chit is sealed (event {n}) and not yet unsealed (12.6252): merge once both chits are revealed.",
                side.name()
            )));
        }
    }
    for e in events.public.iter().filter(|e| !undone.contains(&e.n)) {
        let PublicKind::Exchange(Exchange::Pledge {
            side,
            step,
            standing: false,
            ..
        }) = &e.kind
        else {
            continue;
        };
        let done = events.public.iter().any(|d| {
            d.n > e.n
                && !undone.contains(&d.n)
                && matches!(&d.kind, PublicKind::Step { step: s, .. } if s == step)
        });
        if !done {
            return Err(refused(format!(
                "the {} pledged answers to {} (event {}) and has not done it yet: merge once he has, and his packet is received.",
                side.name(),
                step.label(),
                e.n
            )));
        }
    }
    Ok(())
}

/// Copies the logs and keys of both halves into `to`.
fn gather(dir: &Path, other: &Path, to: &Path, them: Side) -> Result<(), Error> {
    let mut names = vec![(dir, crate::store::log::PUBLIC.to_string())];
    for side in Side::BOTH {
        let from = if side == them { other } else { dir };
        names.extend(side_files(side).into_iter().map(|n| (from, n)));
    }
    for (from, name) in names {
        if let Some(bytes) = crate::store::file::read_regular(&from.join(&name))? {
            let path = to.join(&name);
            if let Some(parent) = path.parent() {
                std::fs::create_dir_all(parent).map_err(crate::store::file::io(parent))?;
            }
            crate::store::file::write_atomic(&path, &bytes)?;
        }
    }
    Ok(())
}

/// `votg merge DIR OTHER`.
pub fn merge(dir: &Path, other: &Path, global: &Global) -> Result<String, Error> {
    let tables = global.load_tables()?;
    let mine = crate::commands::campaign::open_read(dir, &tables)?;
    let theirs = crate::commands::campaign::open_read(other, &tables)?;
    let (me, them) = (super::half_of(&mine)?.side, super::half_of(&theirs)?.side);
    if me == them {
        return Err(refused(format!(
            "{} and {} are both the {}'s half: merge his half with the other side's.",
            dir.display(),
            other.display(),
            me.name()
        )));
    }
    same_log(dir, other)?;
    honest(&mine)?;
    honest(&theirs)?;
    midway(&mine)?;
    // The whole is tried in a scratch folder first: it must open and verify.
    let scratch = tempfile::tempdir().map_err(crate::store::file::io(dir))?;
    gather(dir, other, scratch.path(), them)?;
    let whole = crate::store::open_read(scratch.path(), &|s| s.check(&tables))?;
    let report = crate::commands::verify::check(
        &whole.events,
        (whole.seeds, whole.split_seeds),
        &crate::commands::verify::Keys::of(&whole),
        &tables,
        false,
    )?;
    if let Some(d) = report.difference {
        return Err(refused(format!(
            "merged, the campaign would not verify: {d}"
        )));
    }
    for name in side_files(them) {
        if let Some(bytes) = crate::store::file::read_regular(&other.join(&name))? {
            let path = dir.join(&name);
            std::fs::create_dir_all(path.parent().expect("in a folder"))
                .map_err(crate::store::file::io(dir))?;
            crate::store::file::write_atomic(&path, &bytes)?;
        }
    }
    {
        let mut w = open_writer(dir, &tables, false)?;
        w.write_views()?;
    }
    Ok(format!(
        "Merged the {}'s half from {} into {}: both sides' logs and keys are here, and the campaign goes on at one keyboard (`votg refit {}`). {} is no longer needed; keep it as a backup or remove it.\n",
        them.name(),
        other.display(),
        dir.display(),
        dir.display(),
        other.display()
    ))
}
