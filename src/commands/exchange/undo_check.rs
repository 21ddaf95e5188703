//! `votg receive` and undo requests (docs/two-machines.md §10): a request
//! checked as it arrives, and what the receiver is told of a request or an
//! answer in the packet.

use std::path::Path;

use crate::model::event::PublicKind;
use crate::model::exchange::Exchange;
use crate::model::fold::Events;
use crate::model::ledger::Ledger;
use crate::model::side::Side;
use crate::store::Writer;

/// An undo request: none other awaiting its answer, and its steps every
/// step that counts from the first it names on, newest first.
pub(super) fn request(l: &Ledger, steps: &[u64], events: &Events) -> Result<(), String> {
    if l.undo_asked().is_some() {
        return Err("asks for an undo while another awaits its answer".into());
    }
    let undone = events.undone();
    let oldest = steps.iter().min().copied().unwrap_or(0);
    let counting: Vec<u64> = events
        .public
        .iter()
        .rev()
        .filter(|e| e.n >= oldest && !undone.contains(&e.n))
        .filter(|e| {
            matches!(
                e.kind,
                PublicKind::Step { .. } | PublicKind::Adjusted { .. }
            )
        })
        .map(|e| e.n)
        .collect();
    if steps.is_empty() || counting != steps {
        return Err("asks to take back steps other than the last ones that count".into());
    }
    Ok(())
}

/// What `me` is told after receiving: the other side's answer to its
/// request, or his request awaiting its answer.
pub(super) fn told(w: &Writer, me: Side, dir: &Path) -> String {
    let l = Ledger::new(&w.opened.events, me);
    let other = me.other().name();
    let mut said = String::new();
    let mine = l
        .passes()
        .iter()
        .rev()
        .find(|p| p.1 == me)
        .map_or(0, |p| p.0);
    for e in w.opened.events.public.iter().filter(|e| e.n > mine) {
        if let PublicKind::Exchange(Exchange::UndoAnswer { of, accept, .. }) = &e.kind {
            said.push_str(&format!(
                "The {other} {} your undo request (event {of}){}.\n",
                if *accept { "accepted" } else { "refused" },
                if *accept {
                    ": its steps are taken back on your half too"
                } else {
                    ": nothing was taken back"
                }
            ));
        }
    }
    if let Some(asked) = l.undo_asked().filter(|a| a.side != me) {
        said.push_str(&crate::commands::undo_request::pending_text(
            &w.opened.events,
            &asked,
            me,
            dir,
        ));
    }
    said
}
