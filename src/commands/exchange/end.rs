//! The end of a campaign played on two machines (docs/two-machines.md §9):
//! `votg concede` (a side resigns), and the reveal that follows it or the
//! CG's end: each side's seed and whole private log, sent in its next
//! packet, so that the other side's `votg audit` can check every roll and
//! choice it made.

use std::path::Path;

use crate::commands::Config as Global;
use crate::commands::refit::open_writer;
use crate::error::Error;
use crate::model::event::PublicKind;
use crate::model::exchange::Exchange;
use crate::model::ledger::Ledger;
use crate::store::Writer;

/// Whether the campaign is over for the exchange: a side resigned, or the
/// CG ended (12.614, C23).
pub fn over(w: &crate::store::Opened, me: crate::model::side::Side) -> bool {
    Ledger::new(&w.events, me).conceded().is_some() || w.state().campaign.result.is_some()
}

/// Appends `me`'s reveal (its seed and private log) unless it is there.
pub(super) fn reveal(w: &mut Writer) -> Result<bool, Error> {
    let half = super::half_of(&w.opened)?;
    if Ledger::new(&w.opened.events, half.side)
        .revealed(half.side)
        .is_some()
    {
        return Ok(false);
    }
    let name = crate::store::log::private_name(half.side);
    let text = crate::store::log::LogText::read(w.dir(), &name)?;
    let kind = PublicKind::Exchange(Exchange::Revealed {
        side: half.side,
        seed: half.seed.to_hex(),
        log: text.lines.into_iter().map(|l| l.text).collect(),
    });
    let at = crate::model::journal::now();
    w.append(&at, |_| kind, Default::default(), None)?;
    Ok(true)
}

/// `votg concede [DIR]`: this side resigns, in its turn; its half is
/// revealed with the packet that says so.
pub fn concede(dir: &Path, global: &Global) -> Result<String, Error> {
    let tables = global.load_tables()?;
    {
        let mut w = open_writer(dir, &tables, false)?;
        let half = super::half_of(&w.opened)?;
        let me = half.side;
        let l = Ledger::new(&w.opened.events, me);
        if let Some(side) = l.conceded() {
            return Err(Error::Refused(format!(
                "the {} has resigned already: the campaign is over. `votg send {}` sends your reveal, and `votg audit {}` checks his once it comes.",
                side.name(),
                dir.display(),
                dir.display()
            )));
        }
        if l.turn() != Some(me) {
            return Err(Error::Refused(format!(
                "resign in your turn: receive the {}'s packet first (`votg receive {} PACKET`). Nothing was changed.",
                me.other().name(),
                dir.display()
            )));
        }
        let at = crate::model::journal::now();
        let kind = PublicKind::Exchange(Exchange::Conceded { side: me });
        w.append(&at, |_| kind, Default::default(), None)?;
        reveal(&mut w)?;
    }
    let sent = super::send(dir, None, global)?;
    Ok(format!(
        "You resigned: the campaign is over. Your seed and private log go with this packet, so the other side can audit every roll and choice of yours.\n{sent}When his reveal comes back, `votg audit {}` checks his.\n",
        dir.display()
    ))
}
