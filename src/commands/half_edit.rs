//! `votg adjust` on half a campaign (two machines, docs/two-machines.md
//! §10): what a hand edit may be recorded there.

use std::path::Path;

use crate::error::Error;
use crate::model::side::Side;
use crate::store::Writer;

/// Two machines (docs/two-machines.md §10): a hand edit of the side's own
/// views is its secret, committed like any secret choice in its turn and
/// revealed at the end with its reason (the other side's audit lists it);
/// `campaign.toml` is public, the same on both halves, and is not adjusted
/// on one.
pub(crate) fn on_a_half(w: &Writer, dir: &Path, me: Side, side: Option<Side>) -> Result<(), Error> {
    let d = dir.display();
    if side != Some(me) {
        return Err(Error::Refused(format!(
            "{d} is the {}'s half: only his own views are adjusted here (`--side {}`). Nothing was changed.",
            me.name(),
            me.id()
        )));
    }
    let l = crate::model::ledger::Ledger::new(&w.opened.events, me);
    if l.turn() != Some(me) {
        return Err(Error::Refused(format!(
            "record a hand edit in your turn: it goes to the {} with your next packet. Receive his packet first (`votg receive {d} PACKET`). Nothing was changed.",
            me.other().name()
        )));
    }
    crate::commands::undo_request::refuse_pending(w, me, dir)?;
    if let Some((name, _)) = w
        .views
        .edited()
        .into_iter()
        .find(|(n, _)| !n.starts_with(&format!("{me}/")))
    {
        return Err(Error::Refused(format!(
            "{name} was edited: on two machines only your own side's views are adjusted (a public view is the same on both halves, and a correction of it would need the {}'s agreement, which votg does not carry). `votg adjust {d} --side {} --discard` writes it again. Nothing was changed.",
            me.other().name(),
            me.id()
        )));
    }
    Ok(())
}
