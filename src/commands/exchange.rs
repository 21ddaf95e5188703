//! Two machines (DESIGN §9, docs/two-machines.md): `votg new --side`,
//! `votg join`, `votg send` and `votg receive`. Each side keeps its half of
//! the campaign; the public log is written in turns, and a packet carries
//! one turn from one half to the other.

use std::path::{Path, PathBuf};

use crate::commands::refit::open_writer;
use crate::commands::{Config as Global, Sides};
use crate::error::Error;
use crate::model::event::PublicKind;
use crate::model::exchange::{self, Exchange};
use crate::model::ledger::Ledger;
use crate::model::seed::{Seed, Seeds};
use crate::model::side::{Cg, Side};
use crate::store::Writer;
use crate::store::packet::{self, Packet};

mod check;
mod end;
pub(crate) mod isolation;
mod merge;
mod split;
pub(crate) mod told;
pub(crate) mod track;
mod undo_check;

pub use check::receive;
pub use end::{concede, over};
pub use merge::merge;
pub use split::split;

/// The campaign's id: a hash of its creation event (the public log's first
/// line), the same on both halves.
pub fn campaign_id(first_line: &str) -> String {
    exchange::sha256_hex(first_line)[..32].to_string()
}

/// The side's seed: from the operating system, or from `--seed N` (a test
/// campaign, said so wherever it is shown).
pub(super) fn seed_for(side: Side, global: &Global) -> Seed {
    match global.seed {
        Some(n) => Seeds::from_number(n).of(side),
        None => Seed::fresh(),
    }
}

/// The options a `refit` run from `new` or `join` gets: `--seed` made the
/// campaign's seeds, and rolls nothing.
pub(super) fn refit_config(global: &Global) -> Global {
    Global {
        seed: None,
        ..global.clone()
    }
}

/// Appends `side`'s seat: its seed and first public nonce committed.
pub(super) fn sit(w: &mut Writer, side: Side, seed: Seed) -> Result<(), Error> {
    let kind = PublicKind::Exchange(Exchange::Seat {
        side,
        seed: exchange::seed_commitment(seed),
        public: exchange::nonce_commitment(&exchange::public_nonce(seed, 1)),
    });
    let at = crate::model::journal::now();
    w.append(&at, |_| kind, Default::default(), None)?;
    Ok(())
}

fn sides(side: Side) -> Sides {
    match side {
        Side::German => Sides::German,
        Side::Russian => Sides::Russian,
    }
}

/// `votg new DIR --cg C --side S [--answers FILE]`: this machine keeps
/// side S's half; with answers, the side's first steps are done before the
/// first packet is written.
pub fn new(
    dir: &Path,
    cg: Cg,
    side: Side,
    answers: Option<&Path>,
    global: &Global,
) -> Result<String, Error> {
    if global.manual_dice || global.dice_file.is_some() {
        crate::commands::refit::refuse_dice_flags(&refit_config(global))?;
    }
    let tables = global.load_tables()?;
    let def = crate::rules::cg_def::load(&tables, cg)?;
    let seed = seed_for(side, global);
    let state = crate::rules::new_campaign::initial_state(&def, &tables);
    state.check(&tables)?;
    crate::commands::campaign::make_folder(dir)?;
    crate::store::half::create(dir, &state, side, seed, global.seed)?;
    {
        let mut w = open_writer(dir, &tables, false)?;
        sit(&mut w, side, seed)?;
    }
    let mut out = format!(
        "Created CG {} \"{}\" in {}: the {}'s half of a campaign played on two machines.\n",
        def.cg,
        def.title,
        dir.display(),
        side.name()
    );
    if let Some(n) = global.seed {
        out.push_str(&format!(
            "{}\n",
            crate::commands::campaign::test_campaign_warning(n)
        ));
    }
    if answers.is_some() {
        say_now(&std::mem::take(&mut out))?;
        let said =
            crate::commands::refit::refit(dir, sides(side), answers, None, &refit_config(global))?;
        out.push_str(&said);
    }
    out.push_str(&send(dir, None, &refit_config(global))?);
    out.push_str(&format!(
        "The {} starts his half from it: `votg join DIR PACKET --side {}`. Back up {}/{}/ (your seed and private log: the only copy of your secrets) and {}/log.jsonl.\n",
        side.other().name(),
        side.other().id(),
        dir.display(),
        side.id(),
        dir.display()
    ));
    Ok(out)
}

/// `votg join DIR PACKET --side S [--answers FILE]`: the other side's half
/// started from his first packet; its reply written. Without a packet, DIR
/// is the half `votg split` wrote for S: S takes his seat in it.
pub fn join(
    dir: &Path,
    packet: Option<&Path>,
    side: Side,
    answers: Option<&Path>,
    global: &Global,
) -> Result<String, Error> {
    crate::commands::refit::refuse_dice_flags(&refit_config(global))?;
    let tables = global.load_tables()?;
    let seed = seed_for(side, global);
    let mut out = match packet {
        Some(packet) => {
            let p = packet::read(packet)?;
            check::first_packet(&p, packet, side, &tables)?;
            crate::commands::campaign::make_folder(dir)?;
            crate::store::half::adopt(dir, side, seed, &p.events)?;
            format!(
                "Joined the campaign in {} as the {} (the {}'s packet {}).\n",
                dir.display(),
                side.name(),
                p.from.name(),
                p.seq
            )
        }
        None => {
            split::check_seat(dir, side)?;
            crate::store::half::write_key(dir, side, seed)?;
            format!(
                "Took the {}'s seat in {}, split from one keyboard: a new seed, drawn on this machine and committed.\n",
                side.name(),
                dir.display()
            )
        }
    };
    {
        let mut w = open_writer(dir, &tables, false)?;
        out.push_str(&split::bought_in_clear(&w.opened));
        sit(&mut w, side, seed)?;
        w.write_views()?;
    }
    if answers.is_some() {
        say_now(&std::mem::take(&mut out))?;
        out.push_str(&crate::commands::refit::refit(
            dir,
            sides(side),
            answers,
            None,
            &refit_config(global),
        )?);
    }
    out.push_str(&send(dir, None, &refit_config(global))?);
    out.push_str(&format!(
        "Back up {}/{}/ (your seed and private log: the only copy of your secrets) and {}/log.jsonl.\n",
        dir.display(),
        side.id(),
        dir.display()
    ));
    Ok(out)
}

/// Says `text` before a run that says its own as it goes.
fn say_now(text: &str) -> Result<(), Error> {
    let mut o = crate::rules::output::Output::stdout();
    o.say(text.trim_end());
    o.flush()
}

/// Where the exchange stands, for `votg status` on a half.
pub fn standing(opened: &crate::store::Opened, me: Side) -> String {
    let l = Ledger::new(&opened.events, me);
    let other = me.other();
    let mut out = format!(
        "Two machines: this folder is the {}'s half (campaign {}). ",
        me.name(),
        campaign_id_of(opened)
    );
    out.push_str(&match l.turn() {
        Some(t) if t == me => format!(
            "Your turn ({} of the {}'s packets received): `votg refit`, then `votg send`.",
            l.passes_of(other),
            other.name()
        ),
        _ if !l.seated(other) => format!("The {} has not joined yet.", other.name()),
        _ => format!(
            "The {}'s turn: your packet {} is sent (`votg send` writes it again).",
            other.name(),
            l.passes_of(me)
        ),
    });
    if let Some(side) = l.conceded() {
        out.push_str(&format!(" The {} resigned.", side.name()));
    }
    if let Some(asked) = l.undo_asked() {
        out.push('\n');
        out.push_str(&crate::commands::undo_request::pending_text(
            &opened.events,
            &asked,
            me,
            &opened.dir,
        ));
    }
    if l.revealed(other).is_some() {
        out.push_str(&format!(
            " The {} revealed his half: `votg audit` checks it.",
            other.name()
        ));
    }
    out.push_str(&isolation::standing(&opened.events, me));
    out.push('\n');
    out
}

fn campaign_id_of(opened: &crate::store::Opened) -> String {
    crate::store::half::public_lines(&opened.dir)
        .ok()
        .and_then(|l| l.first().map(|f| campaign_id(f)))
        .unwrap_or_default()
}

/// The half of `w`, or why this is none.
pub(crate) fn half_of(w: &crate::store::Opened) -> Result<crate::store::half::Half, Error> {
    w.half.ok_or_else(|| {
        Error::Refused(format!(
            "{} is not half of a two-machine campaign (`votg new DIR --cg C --side S` makes one). Nothing was changed.",
            w.dir.display()
        ))
    })
}

/// `votg send [DIR] [--out FILE]`: ends this side's turn (once) and writes
/// the packet of every public event of it; safe to run again.
pub fn send(dir: &Path, out: Option<&Path>, global: &Global) -> Result<String, Error> {
    let tables = global.load_tables()?;
    let mut w = open_writer(dir, &tables, false)?;
    let half = half_of(&w.opened)?;
    let me = half.side;
    let turn = Ledger::new(&w.opened.events, me).turn();
    let passed = turn != Some(me);
    if !passed && end::over(&w.opened, me) {
        end::reveal(&mut w)?;
    }
    if !passed {
        let n = w.opened.events_len() + 1;
        let kind = PublicKind::Exchange(Exchange::Pass {
            side: me,
            nonce: exchange::pass_nonce(half.seed, n),
        });
        let at = crate::model::journal::now();
        w.append(&at, |_| kind, Default::default(), None)?;
        w.write_views()?;
    }
    let p = packet_of(&w, me, &tables)?;
    let path = out.map_or_else(
        || {
            dir.join("packets")
                .join(format!("{}-{}.votg", me.id(), p.seq))
        },
        PathBuf::from,
    );
    packet::write(&path, &p)?;
    Ok(format!(
        "{} packet {} for the {} written to {}{}: send him that file. When his reply comes: `votg receive {} PACKET`.\n",
        me.name(),
        p.seq,
        me.other().name(),
        path.display(),
        if passed { " (again)" } else { "" },
        dir.display()
    ))
}

/// The packet of `me`'s last turn.
fn packet_of(w: &Writer, me: Side, tables: &crate::rules::tables::Tables) -> Result<Packet, Error> {
    let l = Ledger::new(&w.opened.events, me);
    let lines = w.public_lines()?;
    // After a split, the turns start at it: the events before it were
    // played at one keyboard, and both halves hold them.
    let split = l.split().map_or(0, |s| s.0 - 1);
    let base = l
        .passes()
        .iter()
        .rev()
        .find(|p| p.1 == me.other())
        .map_or(0, |p| p.0)
        .max(split);
    Ok(Packet {
        format: packet::FORMAT,
        votg: crate::VERSION.into(),
        tables: tables.digest.clone(),
        campaign: campaign_id(&lines[0]),
        from: me,
        seq: l.passes_of(me),
        ack: l.passes_of(me.other()),
        base,
        base_hash: exchange::chain(&lines[..base as usize]),
        events: lines[base as usize..].to_vec(),
    })
}
