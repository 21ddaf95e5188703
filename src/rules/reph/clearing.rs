//! 12.608 Clearing the Map: every non-Isolated, non-TI unit goes to its box
//! of the divider; Guns/AFV in a Fortified Building Location or Pillbox and
//! Immobile vehicles stay on the map (recorded as `left_on_map`), as do
//! Isolated units (12.6081). Retained Equipment, Scrounging (12.6082) and
//! hidden Fortifications (12.6083) are done on the map (C37).

use crate::error::Error;
use crate::model::force::{Condition, CounterId, ForceBox, UnitKind};
use crate::model::journal::Entry;
use crate::model::side::Side;
use crate::rules::reph::sequence::Flow;
use crate::rules::reph::session::Session;

pub const STEP: &str = "12.608";

pub fn run(s: &mut Session) -> Result<Flow, Error> {
    s.say("== 12.608 Clearing the Map (public) ==");
    // On two machines each half clears its own side's force (the other
    // side's on this half is his Initial OB, stale).
    let held: Vec<Side> = Side::BOTH.into_iter().filter(|x| s.holds(*x)).collect();
    for side in held {
        let force = &mut s.state.side_mut(side).force;
        // An Immobile vehicle is left on the map (12.608 EXC).
        let immobile: Vec<CounterId> = force
            .counters
            .iter()
            .filter(|c| c.place == ForceBox::Retained && c.kind == UnitKind::Vehicle)
            .filter(|c| c.has(&Condition::Immobilized))
            .map(|c| c.id)
            .collect();
        for id in &immobile {
            force.move_to(*id, ForceBox::LeftOnMap).expect("listed");
        }
        let stay_ids: Vec<String> = force
            .live()
            .filter(|c| {
                c.place == ForceBox::LeftOnMap
                    || c.isolated_area().is_some()
                    || c.has(&Condition::Interdicting)
            })
            .map(|c| c.id.to_string())
            .collect();
        let stay: Vec<String> = force
            .live()
            .filter(|c| {
                c.place == ForceBox::LeftOnMap
                    || c.isolated_area().is_some()
                    || c.has(&Condition::Interdicting)
            })
            .map(|c| {
                let why = if c.has(&Condition::Wreck) {
                    "wreck, CG7: until Recovered, 12.6151d"
                } else if c.isolated_area().is_some() {
                    "Isolated, 12.6081"
                } else if c.has(&Condition::Interdicting) {
                    "TI, 12.602"
                } else {
                    "12.608 EXC"
                };
                format!("{} {} ({why})", c.id, c.unit)
            })
            .collect();
        let retained = force.in_box(ForceBox::Retained).count();
        s.say(format!(
            "{}: the rest of the force is cleared into the divider's boxes ({retained} counters Retained).",
            side.name()
        ));
        if !stay.is_empty() {
            s.say(format!("  Left on the map: {}.", stay.join(", ")));
        }
        s.journal(
            Entry::decision(
                STEP,
                Some(side),
                false,
                "left on map",
                if stay.is_empty() {
                    "none".into()
                } else {
                    stay.join(", ")
                },
                "12.608",
            )
            .concerning(stay_ids),
        );
    }
    s.say("On the map (READINGS.md C37):\n  - 12.6082: all removed items and all Equipment left on the map are Retained by the side Controlling its Location [EXC: hidden Set DC]; each may be Eliminated by its Retainer (an AFV becomes a Wreck or Burnt-Out Wreck) after any Scrounging attempt (D10.5).\n  - 12.6083: each still-hidden Fortification (Fortified Building Locations, tunnel entrances/exits) in a Location Controlled by its purchaser's opponent is placed on the map [EXC: a tunnel only if both ends are enemy-Controlled]; such a minefield gets a Known Minefield counter. Each on-map Fortification is Controlled by the side Controlling its Location. A friendly hidden Set DC in a friendly-Controlled Location may stay hidden or be removed and Retained; in an enemy-Controlled Location it is Eliminated.");
    Ok(Flow::Next)
}
