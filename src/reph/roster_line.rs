//! The current CG Day's line of a side's CG Roster, which the steps from
//! 12.615 on write to (12.614 makes it).

use crate::error::Error;
use crate::reph::session::Session;
use crate::side::Side;

/// 12.614: the line must exist before 12.621 buys on it. votg does not carry
/// out 12.614 yet, so a line the players forgot to add is named plainly.
pub fn check(s: &Session, side: Side) -> Result<(), Error> {
    let day = s.state.campaign.cg_day();
    let line = s.state.line(side);
    if line.date != day.date || line.night != day.night {
        return Err(Error::Refused(format!(
            "the {} CG Roster has no line for {} (its last is {}/9): 12.614 (New CG Day) makes it, and votg does not carry that step out yet. Add the line by hand (Start = Left - Recon of the last line, READINGS.md C20; Received from 12.618; ELR; SAN) and run `votg refit` again.",
            side.name(),
            day.long(),
            line.date
        )));
    }
    Ok(())
}
