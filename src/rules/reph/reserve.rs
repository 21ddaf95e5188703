//! 12.6214b Reserve RGs, and the end of their Reserve status (C48). A
//! Reserve RG sets up Cloaked on its CG Day of purchase; "should Cloaked
//! unit(s) still exist at the end of the scenario, or should no scenario be
//! played on that CG Day, all such non-Dummy Cloaked Reserve units are
//! Retained in the normal manner but are no longer considered Reserves".
//! So the status ends with the scenario of its CG Day of purchase (its units
//! are Retained when the scenario is recorded, before 12.607 and 12.612: they
//! are Isolated and Battle Harden as any other), or with that CG Day when it
//! is an Idle Day (at the side's first step of the next CG Day, 12.615a).
//! A Reserve unit that came out of its Cloaking in play was in play: it is
//! Retained too. The Dummy Cloaking counters leave the Force Organizer, as
//! they leave the map (12.603e).

use crate::error::Error;
use crate::model::force::{CounterId, Force, ForceBox};
use crate::model::journal::Entry;
use crate::model::side::Side;
use crate::rules::reph::session::Session;

/// The name of a Reserve RG's Dummy Cloaking counters in the Force
/// Organizer (12.6214b: up to five a Coy, two a Pltn).
pub const DUMMY_CLOAKING: &str = "Dummy Cloaking counter";

/// What the end of the Reserve status did to one side's force.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Ended {
    /// The non-Dummy units, now Retained.
    pub retained: Vec<CounterId>,
    /// The Dummy Cloaking counters, taken out of the Force Organizer.
    pub dummies: Vec<CounterId>,
}

impl Ended {
    pub fn is_empty(&self) -> bool {
        self.retained.is_empty() && self.dummies.is_empty()
    }

    /// The words of a journal row or a line on screen.
    pub fn text(&self, side: Side) -> String {
        format!(
            "{}: {} counter(s) of Reserve RGs are Retained, no longer Reserves; {} Dummy Cloaking counter(s) removed (12.6214b, READINGS.md C48)",
            side.name(),
            self.retained.len(),
            self.dummies.len()
        )
    }
}

/// 12.6214b, C48: every counter in the force's Reserve RG box leaves it:
/// its units Retained, its Dummy Cloaking counters removed.
pub fn end(force: &mut Force) -> Ended {
    let mut ended = Ended::default();
    let reserve: Vec<(CounterId, bool)> = force
        .in_box(ForceBox::Reserve)
        .map(|c| (c.id, c.unit == DUMMY_CLOAKING))
        .collect();
    for (id, dummy) in reserve {
        if dummy {
            force.remove(id).expect("listed");
            ended.dummies.push(id);
        } else {
            force.move_to(id, ForceBox::Retained).expect("listed");
            ended.retained.push(id);
        }
    }
    ended
}

/// 12.6214b, C48: at the side's 12.615a, a Reserve RG still in its box was
/// bought on a CG Day on which no scenario was played (a scenario's record
/// ends the status of the Reserve RGs bought for it, and the RGs of this
/// CG Day are bought later, at 12.621): it is Retained now.
pub fn after_idle_day(s: &mut Session, side: Side) -> Result<(), Error> {
    let ended = end(&mut s.state.side_mut(side).force);
    if ended.is_empty() {
        return Ok(());
    }
    let text = format!(
        "{}, its CG Day of purchase ended with no scenario",
        ended.text(side)
    );
    s.say(format!("  {text}."));
    s.journal(
        Entry::decision(
            crate::rules::reph::equipment::STEP_A,
            Some(side),
            true,
            "Reserve RG",
            text,
            "12.6214b",
        )
        .concerning(
            ended
                .retained
                .iter()
                .chain(&ended.dummies)
                .map(ToString::to_string),
        ),
    );
    Ok(())
}
