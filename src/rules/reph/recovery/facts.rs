//! What votg knows of an AFV or Wreck on the map for its Recovery
//! (12.6151d), so it asks only what it cannot know.

use crate::error::Error;
use crate::model::force::{Condition, Counter, CounterId, ForceBox};
use crate::model::side::Side;
use crate::rules::reph::counters::{among, ask_ids, has, isolated};
use crate::rules::reph::session::Session;

/// The AFV/Wrecks of `cands` NOT in the friendly Perimeter (12.6151d: the
/// others get -2). A manned AFV is a unit, so outside the friendly
/// Perimeter only in a Pocket, an Isolated Area (12.6066): known, not
/// asked. A Wreck or an abandoned AFV is no unit and may lie anywhere: the
/// players said so at 12.606 (`isolation.outside`, marked on the counter),
/// or, where an answers file gives `outside_perimeter`, they say so here.
pub(super) fn outside_perimeter(
    s: &mut Session,
    side: Side,
    cands: &[CounterId],
) -> Result<Vec<CounterId>, Error> {
    if s.prompter.has_answer(side, "outside_perimeter") {
        return ask_ids(
            s,
            side,
            "outside_perimeter",
            "12.6151d: AFV/Wrecks NOT in the friendly Perimeter (the others get -2)",
            cands,
        );
    }
    Ok(among(s, side, cands, |c| {
        isolated(c) || has(c, Condition::OutsidePerimeter)
    }))
}

/// Whether `c` was bought Dug-In (12.6214c) or is in the Dug-In AFV box.
pub(super) fn bought_dug_in(s: &Session, side: Side, c: &Counter) -> bool {
    c.place == ForceBox::DugInAfv
        || c.rg_row.is_some_and(|row| {
            s.state
                .side(side)
                .purchases
                .get(row - 1)
                .is_some_and(|p| p.on_board == crate::model::purchase_record::OnBoard::DugIn)
        })
}
