//! `votg split DIR --side S --out DIR2` (DESIGN §9, docs/two-machines.md
//! §11): a campaign played at one keyboard goes on on two machines. DIR
//! becomes side S's half, DIR2 the other side's, to be carried to his
//! machine. Both keys were on one machine, so neither is secret from the
//! other player any more: each side takes a fresh key from here, committed
//! in its `seat` before it has seen anything of the other's. S's is drawn
//! here; the other side draws his on his own machine (`votg join DIR2
//! --side R`), so DIR2 holds no key of his to use, only his key of before
//! the split (for `verify` once the halves are merged back).

use std::path::Path;

use super::{seed_for, sit};
use crate::commands::Config as Global;
use crate::commands::refit::open_writer;
use crate::error::Error;
use crate::model::event::{Private, PublicKind};
use crate::model::exchange::Exchange;
use crate::model::side::Side;
use crate::store::Opened;
use crate::store::file;
use crate::store::half;
use crate::store::log::{PUBLIC, private_name};

fn refused(dir: &Path, why: String) -> Error {
    Error::Refused(format!("{}: {why} Nothing was changed.", dir.display()))
}

/// Why `opened` cannot be split now, if it cannot.
fn refuse(opened: &Opened, dir: &Path) -> Result<(), Error> {
    if crate::store::half::is_two(&opened.events) {
        let why = match opened.half {
            Some(h) => format!(
                "this is the {}'s half of a campaign played on two machines: it is split already.",
                h.side.name()
            ),
            None => "this campaign was played on two machines before (its halves merged back): splitting it a second time is not built.".into(),
        };
        return Err(refused(dir, why));
    }
    if opened.old.is_some() {
        return Err(refused(
            dir,
            "it was written by an older votg: run `votg verify` then any command that writes (it imports it) first.".into(),
        ));
    }
    if opened.state().campaign.result.is_some() {
        return Err(refused(dir, "the campaign is over.".into()));
    }
    if let Some(u) = opened.unfinished.first() {
        return Err(refused(
            dir,
            format!(
                "{u} was left by an interrupted command: run `votg refit {}` first (it cuts it off and offers what was typed).",
                dir.display()
            ),
        ));
    }
    if let Some((side, step)) = drafts(opened) {
        return Err(refused(
            dir,
            format!(
                "the {} is in the middle of a step ({step}: answers typed, the step not done). Finish it first (`votg refit {} --side {}`, resume it or abandon it), then split.",
                side.name(),
                dir.display(),
                side.id()
            ),
        ));
    }
    Ok(())
}

/// A side with drafts of a step not done (typed since the last event and
/// not set aside), and the step.
fn drafts(opened: &Opened) -> Option<(Side, String)> {
    let n = opened.events_len();
    Side::BOTH.into_iter().find_map(|side| {
        let mut live = None;
        for (_, e) in opened.events.private(side) {
            match e {
                Private::Draft { after, step, .. } if *after == n => live = Some(step.clone()),
                Private::DraftsAbandoned { .. } => live = None,
                _ => {}
            }
        }
        live.map(|s| (side, s))
    })
}

fn copy(from: &Path, to: &Path) -> Result<(), Error> {
    let bytes = file::read_regular(from)?.ok_or_else(|| {
        Error::Refused(format!(
            "{} is missing: the campaign is damaged. Nothing was split.",
            from.display()
        ))
    })?;
    if let Some(parent) = to.parent() {
        std::fs::create_dir_all(parent).map_err(file::io(parent))?;
    }
    file::write_atomic(to, &bytes)
}

/// Both keys, once the campaign verifies with them: the rolls before the
/// split are checked now for the last time, as no half holds both keys.
fn verified(
    opened: &Opened,
    dir: &Path,
    tables: &crate::rules::tables::Tables,
) -> Result<crate::model::seed::Seeds, Error> {
    let seeds = opened.seeds.ok_or_else(|| {
        refused(
            dir,
            "both german/dice.toml and russian/dice.toml must be here (a campaign at one keyboard holds both keys).".into(),
        )
    })?;
    let report = crate::commands::verify::check(
        &opened.events,
        (Some(seeds), None),
        &crate::commands::verify::Keys::of(opened),
        tables,
        false,
    )?;
    match report.difference {
        Some(d) => Err(refused(
            dir,
            format!("it does not verify ({d}); settle that at one keyboard first."),
        )),
        None => Ok(seeds),
    }
}

/// `votg split DIR --side S --out DIR2`.
pub fn split(dir: &Path, side: Side, out: &Path, global: &Global) -> Result<String, Error> {
    if global.manual_dice || global.dice_file.is_some() {
        crate::commands::refit::refuse_dice_flags(&Global {
            seed: None,
            ..global.clone()
        })?;
    }
    let tables = global.load_tables()?;
    let opened = crate::commands::campaign::open_read(dir, &tables)?;
    refuse(&opened, dir)?;
    let seeds = verified(&opened, dir, &tables)?;
    let other = side.other();
    let def = crate::rules::cg_def::load(&tables, opened.state().campaign.cg)?;
    let start = crate::rules::new_campaign::initial_state(&def, &tables);
    let initial = crate::model::facts::whole(&start)
        .into_iter()
        .filter(|f| f.side().is_some())
        .collect();
    // The writer first: a view edited by hand refuses the split before
    // anything is written.
    let mut w = open_writer(dir, &tables, false)?;
    crate::commands::campaign::make_folder(out)?;
    // The other side's half: his private log and his key of before the
    // split; no key to play with (he draws it on his machine).
    copy(
        &dir.join(private_name(other)),
        &out.join(private_name(other)),
    )?;
    half::write_split_key(out, other, seeds.of(other))?;
    half::write_split_key(dir, side, seeds.of(side))?;
    let fresh = seed_for(side, global);
    half::write_pending_key(dir, side, fresh)?;
    let at = crate::model::journal::now();
    // Prisoners held now: the guard's half could not know them otherwise.
    let state = opened.state();
    let prisoners = Side::BOTH
        .iter()
        .flat_map(|s| state.side(*s).force.live())
        .filter_map(|c| {
            c.prisoner_of()
                .map(|guard| crate::model::exchange::Guarded {
                    prisoner: c.id,
                    guard,
                    fate: crate::model::exchange::Fate::Taken,
                })
        })
        .collect();
    let kind = PublicKind::Exchange(Exchange::Split {
        side,
        initial,
        prisoners,
    });
    w.append(&at, |_| kind, Default::default(), None)?;
    sit(&mut w, side, fresh)?;
    drop(w);
    half::take_pending_key(dir, side)?;
    // What interrupted commands left of his log goes with it: nothing of
    // a campaign is deleted.
    let aside = dir.join(crate::store::aside_of(&private_name(other)));
    if aside.is_dir() {
        for e in std::fs::read_dir(&aside)
            .map_err(file::io(&aside))?
            .flatten()
        {
            let to = out
                .join(crate::store::aside_of(&private_name(other)))
                .join(e.file_name());
            copy(&e.path(), &to)?;
        }
    }
    let gone = dir.join(other.id());
    std::fs::remove_dir_all(&gone).map_err(file::io(&gone))?;
    // The pass ends this side's first turn; its packet (written too) is
    // not needed: OUT holds every event of it.
    super::send(dir, None, &super::refit_config(global))?;
    for name in [PUBLIC, "campaign.toml", "journal.csv"] {
        copy(&dir.join(name), &out.join(name))?;
    }
    Ok(format!(
        "{}Split {}: it is now the {}'s half, with a new seed (the old keys were both on this machine), and your first turn is passed. {} is the {}'s half: his private log and the public log, and no seed to play with.\nThe {} takes {} to his machine and runs `votg join {} --side {}`: it draws his new seed and commits it, and writes his first packet. Back up {}/{}/ and {}/log.jsonl.\n",
        bought_in_clear(&opened),
        dir.display(),
        side.name(),
        out.display(),
        other.name(),
        other.name(),
        out.display(),
        out.display(),
        other.id(),
        dir.display(),
        side.id(),
        dir.display()
    ))
}

/// A campaign of before the chained logs named what `votg buy` bought in
/// its public events: said, as both halves keep that log.
pub(crate) fn bought_in_clear(opened: &Opened) -> String {
    let events: Vec<String> = opened
        .events
        .public
        .iter()
        .filter(|e| {
            matches!(&e.kind, PublicKind::Step {
                step: crate::model::event::StepRef::Buy { purchases, .. },
                ..
            } if !purchases.is_empty())
        })
        .map(|e| e.n.to_string())
        .collect();
    if events.is_empty() {
        return String::new();
    }
    format!(
        "Note: this campaign was begun with a votg that wrote the purchases of `votg buy` in the public log itself (event(s) {}): both halves keep that log, so each player can read the other's purchases made that way. Purchases made since are committed, as in `votg refit`.\n",
        events.join(", ")
    )
}

/// `votg join DIR --side S` (no packet): DIR must be the half `votg split`
/// wrote for S, his seat not yet taken.
pub(super) fn check_seat(dir: &Path, side: Side) -> Result<(), Error> {
    let not = |why: &str| {
        refused(
            dir,
            format!(
                "{why} Without a packet, `votg join` takes a side's seat in the folder `votg split` wrote for it; to start a half from the other side's first packet, give the packet."
            ),
        )
    };
    if !crate::store::read::has_log(dir) || !dir.join(half::split_key_name(side)).exists() {
        return Err(not(&format!(
            "this is not the {}'s half of a campaign split from one keyboard.",
            side.name()
        )));
    }
    if dir
        .join(crate::store::keys::SideDice::file_name(side))
        .exists()
    {
        return Err(not(&format!(
            "the {} has taken his seat here already ({}/dice.toml is here).",
            side.name(),
            side.id()
        )));
    }
    let logs = crate::store::read::read(dir)?;
    let l = crate::model::ledger::Ledger::new(&logs.events, side);
    match l.split() {
        Some((_, kept)) if kept == side.other() && !l.seated(side) => Ok(()),
        _ => Err(not(&format!(
            "its public log does not show a split that left the {} to take his seat.",
            side.name()
        ))),
    }
}
