//! The current CG Day's line of a side's CG Roster, which the steps from
//! 12.615 on write to (12.614 makes it).

use crate::error::Error;
use crate::model::side::Side;
use crate::rules::reph::session::Session;

/// 12.614: the line must exist before 12.621 buys on it; 12.614 (or, before
/// a Counterattack, 12.615a) makes it, so a missing one was lost by hand.
pub fn check(s: &Session, side: Side) -> Result<(), Error> {
    let day = s.state.campaign.cg_day();
    let line = s.state.line(side);
    if line.date != day.date || line.night != day.night {
        return Err(Error::Refused(format!(
            "the {} CG Roster has no line for {} (its last is {}/9): 12.614 (New CG Day) makes it. If the campaign was edited by hand, add the line (Start = Left - Recon of the last line, READINGS.md C20; Received from 12.618; ELR; SAN) or `votg undo` back to 12.614, and run `votg refit` again.",
            side.name(),
            day.long(),
            line.date
        )));
    }
    Ok(())
}
