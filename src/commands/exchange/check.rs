//! `votg receive`: the other side's packets checked against this half and
//! applied, all or none (docs/two-machines.md §3). A packet altered, cut
//! short, replayed, out of order, of another campaign or of this side, or
//! from another votg or other tables, is refused saying which and what to
//! do; the latest packet received again changes nothing.

use std::path::Path;

use super::campaign_id;
use crate::commands::Config as Global;
use crate::commands::refit::open_writer;
use crate::error::Error;
use crate::model::event::{DiceUsed, Public, PublicKind, StepRef};
use crate::model::exchange::{self, Exchange};
use crate::model::fold::Events;
use crate::model::ledger::Ledger;
use crate::model::side::Side;
use crate::rules::tables::Tables;
use crate::store::packet::{self, Packet};

fn refused(path: &Path, why: String) -> Error {
    Error::Refused(format!("{}: {why} Nothing was changed.", path.display()))
}

/// The packet's votg, tables, campaign and sender against this half's.
fn check_origin(
    p: &Packet,
    path: &Path,
    tables: &Tables,
    campaign: Option<&str>,
    me: Side,
) -> Result<(), Error> {
    if p.votg != crate::VERSION {
        return Err(refused(
            path,
            format!(
                "this packet was written by votg {}, and this is votg {}: both players must use the same votg (update the older one), then the {} sends it again.",
                p.votg,
                crate::VERSION,
                p.from.name()
            ),
        ));
    }
    if p.tables != tables.digest {
        return Err(refused(
            path,
            format!(
                "this packet was written with other tables (digest {}, yours {}): both players must use the same tables (the same --tables folder, or none), then the {} sends it again.",
                &p.tables[..p.tables.len().min(12)],
                &tables.digest[..12],
                p.from.name()
            ),
        ));
    }
    if let Some(id) = campaign
        && p.campaign != id
    {
        return Err(refused(
            path,
            format!(
                "this packet is of another campaign (id {}; yours is {id}): receive it in that campaign's folder.",
                p.campaign
            ),
        ));
    }
    if p.from == me {
        return Err(refused(
            path,
            format!(
                "this is a packet of your own side (the {}'s packet {}): send it to the {} player, and receive his.",
                me.name(),
                p.seq,
                me.other().name()
            ),
        ));
    }
    Ok(())
}

/// `votg join`: the packet must be a campaign's first, made for two
/// machines, by the other side.
pub(super) fn first_packet(
    p: &Packet,
    path: &Path,
    side: Side,
    tables: &Tables,
) -> Result<(), Error> {
    check_origin(p, path, tables, None, side)?;
    if p.seq != 1 || p.base != 0 || p.events.is_empty() {
        return Err(refused(
            path,
            format!(
                "this is the {}'s packet {}, not his first: join with packet 1 (`votg new` wrote it).",
                p.from.name(),
                p.seq
            ),
        ));
    }
    if p.campaign != campaign_id(&p.events[0]) {
        return Err(refused(
            path,
            "its campaign id is not its creation's: the packet was altered.".into(),
        ));
    }
    let mut events = Events::default();
    check_events(p, path, &mut events)?;
    if !crate::store::half::is_two(&events) {
        return Err(refused(
            path,
            "it is not of a campaign made for two machines (`votg new DIR --cg C --side S`)."
                .into(),
        ));
    }
    fold_check(&events, path)
}

fn fold_check(events: &Events, path: &Path) -> Result<(), Error> {
    crate::model::fold::fold(events)
        .map(|_| ())
        .map_err(|(n, m)| {
            refused(
                path,
                format!("its event {n} does not apply to the campaign: {m}."),
            )
        })
}

/// The side an event of a turn was written by, if it says.
fn author(e: &Public) -> Option<Side> {
    match &e.kind {
        PublicKind::Exchange(x) => Some(x.side()),
        PublicKind::Step { step, two, .. } => match step {
            StepRef::Joint { .. } | StepRef::Record { .. } => two.as_ref().map(|t| t.by),
            s => s.side(),
        },
        _ => None,
    }
}

/// Each event of the packet, checked and added to `events`.
fn check_events(p: &Packet, path: &Path, events: &mut Events) -> Result<(), Error> {
    let from = p.from;
    let count = p.events.len();
    for (i, line) in p.events.iter().enumerate() {
        let e: Public =
            serde_json::from_str(&crate::model::chain::open(line).1).map_err(|err| {
                refused(
                    path,
                    format!(
                        "its event {} does not read ({err}): the packet was altered.",
                        i + 1
                    ),
                )
            })?;
        let n = events.public.len() as u64 + 1;
        let bad = |why: &str| {
            refused(
                path,
                format!("its event {n} {why}: the packet was altered or is not of this campaign."),
            )
        };
        if e.n != n {
            return Err(bad(&format!("is numbered {}", e.n)));
        }
        let last = i + 1 == count;
        match &e.kind {
            PublicKind::Created { .. } if n == 1 => {}
            PublicKind::Undone { target } | PublicKind::Redone { target } if *target > p.base => {}
            // A step taken back as the receiver asked, with his request
            // accepted just before (docs/two-machines.md §10).
            PublicKind::Undone { target }
                if Ledger::new(events, from).undo_owed().contains(target) => {}
            PublicKind::Step {
                dice,
                two,
                commit,
                facts,
                rows,
                ..
            } => {
                if *dice != DiceUsed::Exchanged || two.is_none() || author(&e) != Some(from) {
                    return Err(bad("is not a step of the sender's"));
                }
                if commit.keys().any(|s| *s != from) {
                    return Err(bad("commits to a part of your side"));
                }
                // Only the public record: no fact of a side's own files (yours
                // least of all), no row about your side.
                if facts.iter().any(|f| f.side().is_some()) {
                    return Err(bad("carries a side's private facts in the open"));
                }
                if rows.iter().any(|r| r.side == from.other().id()) {
                    return Err(bad("writes rows about your side"));
                }
                // 12.617: only a removal of yours, in his own 12.617.
                let removal = matches!(&e.kind, PublicKind::Step { step: StepRef::Own { step, .. }, .. } if step == "12.617");
                let eliminated = two.as_ref().map_or(&[][..], |t| &t.eliminated[..]);
                if !eliminated.is_empty()
                    && (!removal || eliminated.iter().any(|id| id.side == from))
                {
                    return Err(bad("eliminates counters outside a 12.617 removal of yours"));
                }
                if let (PublicKind::Step { step, .. }, Some(t)) = (&e.kind, two) {
                    super::told::check(step, &t.told, from).map_err(|w| bad(&w))?;
                }
            }
            // A hand edit of the sender's own views: its facts and reason
            // are his secret, committed, revealed at the end.
            PublicKind::Adjusted {
                side,
                facts,
                rows,
                commit,
            } => {
                if *side != Some(from) || commit.keys().any(|s| *s != from) {
                    return Err(bad("is not an adjustment of the sender's own views"));
                }
                if !facts.is_empty() {
                    return Err(bad("adjusts public facts"));
                }
                if rows.iter().any(|r| r.side == from.other().id()) {
                    return Err(bad("writes rows about your side"));
                }
            }
            PublicKind::Exchange(x) => {
                if x.side() != from {
                    return Err(bad("is not the sender's"));
                }
                check_exchange(x, events, last).map_err(|w| bad(&w))?;
            }
            _ => return Err(bad("is not one a packet carries")),
        }
        if last && !matches!(&e.kind, PublicKind::Exchange(Exchange::Pass { .. })) {
            return Err(refused(
                path,
                "it does not end with the sender's pass: it is truncated.".into(),
            ));
        }
        events.public.push(e);
    }
    let passes = Ledger::new(events, from).passes_of(from);
    if passes != p.seq {
        return Err(refused(
            path,
            format!(
                "it says it is packet {} and ends the sender's turn {passes}: the packet was altered.",
                p.seq
            ),
        ));
    }
    Ok(())
}

fn check_exchange(x: &Exchange, events: &Events, last: bool) -> Result<(), String> {
    let l = Ledger::new(events, x.side());
    match x {
        Exchange::Seat { side, .. } if l.seated(*side) => Err("seats a side a second time".into()),
        Exchange::Pass { .. } if !last => Err("ends the turn before its end".into()),
        Exchange::Pass { .. } if !l.undo_owed().is_empty() => {
            Err("ends the turn before taking back the steps it accepted to".into())
        }
        Exchange::UndoRequest { steps, .. } => super::undo_check::request(&l, steps, events),
        Exchange::UndoAnswer { side, of, .. } => match l.undo_asked() {
            Some(a) if a.n == *of && a.side != *side => Ok(()),
            _ => Err(format!(
                "answers an undo request (event {of}) awaiting no answer"
            )),
        },
        Exchange::Unsealed {
            side,
            of,
            value,
            salt,
        } => match l.sealed(*side) {
            Some((n, seal)) if n == *of && seal == exchange::sealed(salt, value) => Ok(()),
            _ if super::isolation::opens_report(events, *side, *of, salt, value) => {
                super::isolation::received(*side, value)
            }
            _ => Err(format!(
                "unseals a value other than the one sealed in event {of}"
            )),
        },
        Exchange::PublicNonce { side, k, nonce, .. } => {
            if *k != l.public_revealed(*side) + 1 {
                return Err(format!("reveals public nonce {k} out of turn"));
            }
            if l.public_commitment(*side, *k) != Some(exchange::nonce_commitment(nonce).as_str()) {
                return Err(format!(
                    "reveals a public nonce {k} other than the one committed to"
                ));
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

/// What the player does after a packet is received.
fn next_move(w: &crate::store::Writer, me: Side, dir: &Path) -> String {
    let l = Ledger::new(&w.opened.events, me);
    let d = dir.display();
    let other = me.other().name();
    if l.revealed(me.other()).is_some() {
        let yours = if l.revealed(me).is_none() {
            format!(" `votg send {d}` sends yours in return.")
        } else {
            String::new()
        };
        return format!(
            "The {other} revealed his half: `votg audit {d}` checks every roll and choice of his.{yours}"
        );
    }
    if let Some(side) = l.conceded() {
        return format!(
            "The {} resigned: the campaign is over. `votg send {d}` sends your reveal.",
            side.name()
        );
    }
    let said = super::undo_check::told(w, me, dir);
    if l.undo_asked().is_some_and(|a| a.side != me) {
        return said;
    }
    format!("{said}Your turn: `votg refit {d}`, then `votg send {d}`.")
}

/// `votg receive [DIR] PACKET...`: the other side's packets, in order, all
/// applied or none.
pub fn receive(
    dir: &Path,
    packets: &[std::path::PathBuf],
    global: &Global,
) -> Result<String, Error> {
    let tables = global.load_tables()?;
    let mut w = open_writer(dir, &tables, false)?;
    let me = super::half_of(&w.opened)?.side;
    let lines = w.public_lines()?;
    let mut log = Received {
        id: campaign_id(&lines[0]),
        lines,
        events: w.opened.events.clone(),
        new: Vec::new(),
    };
    let mut said = Vec::new();
    for path in packets {
        let p = packet::read(path)?;
        check_origin(&p, path, &tables, Some(&log.id), me)?;
        said.push(log.take(p, path, me, dir)?);
    }
    if !log.new.is_empty() {
        w.append_lines(&log.new)?;
        w.write_views()?;
        said.push(next_move(&w, me, dir));
    }
    Ok(said.join("\n") + "\n")
}

/// The public log as the packets received so far extend it.
struct Received {
    id: String,
    lines: Vec<String>,
    events: Events,
    /// The lines the packets add.
    new: Vec<String>,
}

impl Received {
    /// Packet `p`'s events, checked and added; what to say of it.
    fn take(&mut self, p: Packet, path: &Path, me: Side, dir: &Path) -> Result<String, Error> {
        let have = Ledger::new(&self.events, me).passes_of(p.from);
        let ends = p.base as usize + p.events.len();
        let from = p.from.name();
        if p.seq <= have {
            if p.seq == have && self.lines.get(p.base as usize..ends) == Some(&p.events[..]) {
                return Ok(format!(
                    "{}: the {from}'s packet {} was received before; nothing to do.",
                    path.display(),
                    p.seq
                ));
            }
            return Err(refused(
                path,
                format!(
                    "this is the {from}'s packet {}, received before (the latest you received is his packet {have}): a replayed packet. Receive his latest one.",
                    p.seq
                ),
            ));
        }
        if p.seq > have + 1 {
            return Err(refused(
                path,
                format!(
                    "this is the {from}'s packet {}, but the last you received is his packet {have}: receive his packet {} first (packets out of order).",
                    p.seq,
                    have + 1
                ),
            ));
        }
        if p.base != self.lines.len() as u64 || exchange::chain(&self.lines) != p.base_hash {
            return Err(refused(
                path,
                format!(
                    "this packet follows a public log other than yours (it continues event {}; yours has {} events). Has your own last packet been sent? `votg send {}` writes it again.",
                    p.base,
                    self.lines.len(),
                    dir.display()
                ),
            ));
        }
        check_events(&p, path, &mut self.events)?;
        fold_check(&self.events, path)?;
        self.lines.extend(p.events.iter().cloned());
        self.new.extend(p.events.iter().cloned());
        Ok(format!(
            "Received the {from}'s packet {} (public events {}–{ends}).",
            p.seq,
            p.base + 1
        ))
    }
}
