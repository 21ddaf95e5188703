//! 12.601–12.604: the steps done on the map (READINGS.md C37): votg lists
//! what to do, records what the German Interdicts (12.602), and says the
//! victor recorded with the scenario and the automatic Rally (12.604).

use crate::error::Error;
use crate::model::force::{Condition, CounterId, UnitKind};
use crate::model::journal::Entry;
use crate::model::side::{Cg, Side};
use crate::rules::reph::sequence::Flow;
use crate::rules::reph::session::Session;

/// 12.601 Conclusion of Melee (12.6011).
pub fn melee(s: &mut Session) -> Result<Flow, Error> {
    s.say("== 12.601 Conclusion of Melee (public) ==");
    s.say("On the map (READINGS.md C37):\n  - Each unit on a Climb marker is placed in the Location it was climbing to or the one it left, at the owner's choice; enemy units in that Location are all marked with a Melee (not CC) marker (12.601).\n  - Resolve every Melee in alphanumeric order of hex (A1, then B16, then B35, then D2 …) (12.6011).\nRecord any unit Eliminated in Melee with `[<side>.outcome] eliminated` before the RePh (it counts for the scenario), or note it for 12.618.");
    Ok(Flow::Next)
}

/// Whether `cg` has Ferry Landing Interdiction (CG12, in CG II and CG IV).
fn has_ferry_landings(cg: Cg) -> bool {
    matches!(cg, Cg::II | Cg::IV)
}

/// 12.602 Ferry Landing Interdiction (CG12.1-.12): the German names his
/// Interdicting units; each keeps its TI counter until the next scenario
/// starts (12.6264) and is not cleared from the map (12.608).
pub fn ferry_interdiction(s: &mut Session) -> Result<Flow, Error> {
    s.say("== 12.602 Ferry Landing Interdiction (public) ==");
    if !has_ferry_landings(s.state.campaign.cg) {
        s.say(format!(
            "CG {} has no Ferry Landings (CG12): nothing to do.",
            s.def.cg
        ));
        return Ok(Flow::Next);
    }
    s.say("The German determines which Ferry Landings are Interdicted (CG12.1-.12: each fully-manned MMC/SW/Ordnance in normal range, within 16 hexes, no LOS Hindrance, may Interdict one Pier or River hex; at night Pier/River hexes are Illuminated). Each Interdicting unit is marked with a TI counter.");
    let named = s.prompter.optional_list(
        Side::German,
        "interdicting",
        "German units Interdicting a Ferry Landing (ids, comma-separated; Enter for none)",
    )?;
    let mut ids = Vec::new();
    for text in named
        .iter()
        .flat_map(|t| t.split(','))
        .map(str::trim)
        .filter(|t| !t.is_empty())
    {
        let id: CounterId = text.parse().map_err(Error::Refused)?;
        if id.side != Side::German || s.state.german.force.get(id).is_none() {
            return Err(Error::Refused(format!(
                "german.interdicting: {id} is not a counter of the German force (`votg force --side german`). Nothing was changed."
            )));
        }
        ids.push(id);
    }
    for id in &ids {
        s.state
            .german
            .force
            .set_condition(*id, Condition::Interdicting)
            .map_err(|e| Error::Refused(e.to_string()))?;
    }
    let list: Vec<String> = ids.iter().map(ToString::to_string).collect();
    s.concerning(list.clone());
    s.journal(Entry::decision(
        "12.602",
        Some(Side::German),
        false,
        "Interdicting units (TI)",
        if list.is_empty() {
            "none".into()
        } else {
            list.join(", ")
        },
        "12.602",
    ));
    s.concerning([]);
    s.say(if list.is_empty() {
        "No German unit Interdicts.".to_string()
    } else {
        format!(
            "Interdicting, marked TI until the next scenario starts (12.6264): {}",
            list.join(", ")
        )
    });
    Ok(Flow::Next)
}

/// 12.603 Marker Removal: the rules' list a–i.
pub fn marker_removal(s: &mut Session) -> Result<Flow, Error> {
    s.say("== 12.603 Marker Removal (public) ==");
    s.say("Remove from the map (12.603):\n  a) FFE, SR and Barrage counters;\n  b) SMOKE;\n  c) Acquired Target counters;\n  d) Radios and Field Phones;\n  e) DM, Disrupted, Fanatic, Berserk, Wall Advantage and Hull Down (HD), Dummy Stacks and Dummy Cloaking counters;\n  f) CX, Motion, CE, BU, Stun;\n  g) all still hidden/Cloaked units and Equipment are placed on-map concealed in their setup Location [EXC: hidden Set DC (12.623) may remain hidden until 12.6083]; still-hidden Fortifications need not be revealed now;\n  h) Sewer counters: each unit/SW beneath one is Retained;\n  i) Snipers.");
    fanatic_removed(s)?;
    hip_ended(s)?;
    Ok(Flow::Next)
}

/// 12.603e: the Fanatic counters come off, so the Fanatic status an MMC got
/// by Battle Hardening (12.6123, 12.6074) ends with the scenario after it
/// (READINGS.md C48). Secret: the hardening was.
fn fanatic_removed(s: &mut Session) -> Result<(), Error> {
    for side in Side::BOTH {
        let ids = s
            .state
            .side_mut(side)
            .force
            .clear_all(&Condition::FanaticNextScenario);
        let list: Vec<String> = ids.iter().map(ToString::to_string).collect();
        s.counters_changed(
            "12.603",
            side,
            true,
            list.clone(),
            "Fanatic from Battle Hardening",
            format!("ends with its scenario: {}", list.join(", ")),
            "12.603e",
        );
    }
    Ok(())
}

/// 12.603g: what was still hidden is placed on the map, so the HIP bought at
/// 12.623 for the scenario just played ends (READINGS.md C48): its counters
/// leave the Force Organizer. Secret: the purchase was.
fn hip_ended(s: &mut Session) -> Result<(), Error> {
    for side in Side::BOTH {
        let force = &mut s.state.side_mut(side).force;
        let ids: Vec<CounterId> = force
            .counters
            .iter()
            .filter(|c| c.kind == UnitKind::Fortification && c.unit.starts_with("HIP ("))
            .map(|c| c.id)
            .collect();
        for id in &ids {
            force
                .remove(*id)
                .map_err(|e| Error::Refused(e.to_string()))?;
        }
        let list: Vec<String> = ids.iter().map(ToString::to_string).collect();
        s.counters_changed(
            "12.603",
            side,
            true,
            list.clone(),
            "HIP bought for the scenario",
            format!(
                "ends with it (placed on the map): {} removed",
                list.join(", ")
            ),
            "12.603g",
        );
    }
    Ok(())
}

/// 12.604 Victory Determination & Rally: the victor was recorded with the
/// scenario (12.6041); every broken unit rallies, no DR (12.6042).
pub fn victory_and_rally(s: &mut Session) -> Result<Flow, Error> {
    s.say("== 12.604 Victory Determination & Rally (public) ==");
    let n = s.state.campaign.scenario;
    let day = s.state.campaign.today().cloned().unwrap_or_default();
    let victor = day
        .victor
        .map_or("not recorded".to_string(), |v| v.name().to_string());
    s.say(format!(
        "Scenario {n}: won by the {victor} (12.6041), on the day's line of {}.",
        day.cg_day()
    ));
    s.say("Units/Equipment Eliminated in the RePh from now on never count for Victory Determination nor for the MMC Battle Hardening DRM, but count for the CPP DRM (12.6041, 12.618).");
    s.say("Rally (12.6042): every broken unit of both sides rallies automatically, even if Disrupted; no DR is made. All Passengers/Riders unload into their vehicle's Location (one unloading into an A-P minefield is not attacked now; 12.6052 applies).");
    Ok(Flow::Next)
}
