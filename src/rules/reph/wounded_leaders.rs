//! 12.611 Wounded Leaders: a dr for each Wounded leader on the Wounded
//! Leader table; +1 if he is confined to setting up in an Isolated Area.

use crate::error::Error;
use crate::model::drm::Drm;
use crate::model::force::{Condition, CounterId, UnitKind};
use crate::model::side::Side;
use crate::rules::reph::casualty_vp;
use crate::rules::reph::sequence::Flow;
use crate::rules::reph::session::Session;

pub const STEP: &str = "12.611";

pub fn run(s: &mut Session) -> Result<Flow, Error> {
    s.say("== 12.611 Wounded Leaders (public) ==");
    let mut any = false;
    for side in Side::BOTH {
        let leaders: Vec<(CounterId, String, Option<String>)> = s
            .state
            .side(side)
            .force
            .live()
            .filter(|c| c.has(&Condition::Wounded))
            .filter(|c| {
                matches!(
                    c.kind,
                    UnitKind::Leader | UnitKind::Commissar | UnitKind::ArmorLeader
                )
            })
            .map(|c| {
                (
                    c.id,
                    c.unit.to_string(),
                    c.isolated_area().map(str::to_string),
                )
            })
            .collect();
        for (id, unit, area) in leaders {
            any = true;
            s.concerning([id.to_string()]);
            let drms: Vec<Drm> = area
                .iter()
                .map(|a| {
                    Drm::new(
                        1,
                        format!("confined to setting up in Isolated Area {a}"),
                        "12.611",
                    )
                })
                .collect();
            let what = format!("{} wounded leader {id} {unit}", side.name());
            let r = s.roll(side, STEP, "wounded-leader", None, &drms, &what, false)?;
            if r.key() == "eliminated" {
                let why = if area.is_some() {
                    "died of his wounds, 12.611"
                } else {
                    "evacuated, 12.611"
                };
                casualty_vp::eliminate(s, side, id, why)?;
            } else {
                s.say(format!(
                    "  {id} {unit} is Retained, still Wounded (12.611)."
                ));
            }
        }
    }
    s.concerning([]);
    if !any {
        s.say("No Wounded leader: nothing to roll.");
    }
    Ok(Flow::Next)
}
