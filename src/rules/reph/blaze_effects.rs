//! What a Blaze does to the counters the players name in `[scenario]
//! blazes` (12.610): the Isolated units confined to a Location consumed or
//! now ablaze (12.6104-.6105, 12.6107), the Fortifications and Equipment in
//! a Blaze Location (12.6108), a burning wreck (12.6101).

use crate::error::Error;
use crate::model::force::{Counter, CounterId, ForceBox, UnitKind};
use crate::rules::reph::blazes::{Blaze, Terrain};
use crate::rules::reph::casualty_vp;
use crate::rules::reph::session::Session;

/// The live counter `text` names, or why it cannot be used.
fn counter<'a>(s: &'a Session, b: &Blaze, text: &str) -> Result<&'a Counter, Error> {
    let refused = |why: String| Error::Refused(format!("blazes `{}`: {why}", b.hex));
    let id: CounterId = text.parse().map_err(refused)?;
    s.state
        .side(id.side)
        .force
        .get(id)
        .filter(|c| c.place != ForceBox::Casualties)
        .ok_or_else(|| refused(format!("there is no {text} in play (`votg force`)")))
}

/// On the map at scenario end, after 12.608: Isolated, a Fortification, a
/// wreck, or left on the map.
fn on_map(c: &Counter) -> bool {
    c.isolated_area().is_some()
        || matches!(
            c.place,
            ForceBox::Fortifications | ForceBox::LeftOnMap | ForceBox::RetainedWreck
        )
}

/// Whether this run acts on the counter `text` names: on two machines only
/// its own side's (the other side's half checks and Eliminates his; his
/// Initial OB on this half is stale).
fn held(s: &Session, text: &str) -> bool {
    text.parse::<CounterId>()
        .map_or(true, |id| s.holds(id.side))
}

/// 12.610: every counter named fits what it is named for, or nothing of the
/// step is done.
pub fn check(s: &Session, blazes: &[Blaze]) -> Result<(), Error> {
    for b in blazes {
        let refused = |why: String| Error::Refused(format!("blazes `{}`: {why}", b.hex));
        for t in b.units.iter().filter(|t| held(s, t)) {
            let c = counter(s, b, t)?;
            if c.isolated_area().is_none() {
                return Err(refused(format!(
                    "{t} {} is not Isolated: only Isolated units are confined to setting up there (12.6104, 12.6107)",
                    c.unit
                )));
            }
        }
        for t in b.burns.iter().filter(|t| held(s, t)) {
            let c = counter(s, b, t)?;
            let item = matches!(
                c.kind,
                UnitKind::Fortification | UnitKind::Sw | UnitKind::Gun | UnitKind::Vehicle
            );
            if !item || !on_map(c) {
                return Err(refused(format!(
                    "{t} {} is not a Fortification or item of Equipment on the map (12.6108); name Isolated units with units=",
                    c.unit
                )));
            }
        }
        if let Some(t) = b.wreck.as_ref().filter(|t| held(s, t)) {
            let c = counter(s, b, t)?;
            // A wreck stays on the map until Recovered (CG7, 12.6151d).
            let wreck =
                c.has(&crate::model::force::Condition::Wreck) || c.place == ForceBox::RetainedWreck;
            if c.kind != UnitKind::Vehicle || !wreck {
                return Err(refused(format!(
                    "{t} {} is not a wreck on the map (12.6101)",
                    c.unit
                )));
            }
        }
    }
    Ok(())
}

/// 12.6104-.6105, 12.6107: the Isolated units/Equipment confined to setting
/// up in the Location are Eliminated (an AFV becomes a Burnt-Out Wreck):
/// those named (`units=`), else every one of the Isolated Area named.
pub fn confined(s: &mut Session, b: &Blaze) -> Result<(), Error> {
    let rule = if b.spread { "12.6107" } else { "12.6104" };
    let ids: Vec<CounterId> = if b.units.is_empty() {
        let Some(area) = &b.isolated else {
            return Ok(());
        };
        s.state
            .german
            .force
            .live()
            .chain(s.state.russian.force.live())
            .filter(|c| {
                c.isolated_area()
                    .is_some_and(|a| a.eq_ignore_ascii_case(area))
            })
            .filter(|c| c.kind != UnitKind::Fortification && c.place != ForceBox::Fortifications)
            .filter(|c| s.holds(c.id.side))
            .map(|c| c.id)
            .collect()
    } else {
        b.units
            .iter()
            .filter_map(|t| t.parse::<CounterId>().ok())
            .filter(|id| s.holds(id.side))
            .collect()
    };
    for id in ids {
        let wreck = s
            .state
            .side(id.side)
            .force
            .get(id)
            .is_some_and(|c| c.kind == UnitKind::Vehicle);
        let why = match (b.spread, wreck) {
            (true, true) => format!(
                "confined to {}, now ablaze: a Burnt-Out Wreck, {rule}",
                b.hex
            ),
            (true, false) => format!("confined to {}, now ablaze, {rule}", b.hex),
            (false, _) => format!("Isolated in {}, consumed by fire, {rule}", b.hex),
        };
        s.concerning([id.to_string()]);
        casualty_vp::eliminate(s, id.side, id, &why)?;
    }
    s.concerning([]);
    if !b.spread {
        s.say(format!(
            "  The formerly Isolated hexes of {} become Controlled by the opponent (12.6104).",
            b.hex
        ));
    }
    Ok(())
}

/// An Entrenchment (Foxhole, Trench, A-T Ditch) or a Pillbox: 12.6108's
/// exception.
fn entrenchment_or_pillbox(unit: &str) -> bool {
    let u = unit.to_ascii_lowercase();
    ["foxhole", "trench", "a-t ditch", "pillbox"]
        .iter()
        .any(|w| u.starts_with(w))
}

/// 12.6108 for the counters named in the Blaze Location (`burns=`): in a
/// non-Factory Blaze Location every Fortification (a Fortified Building
/// Location too) and item of Equipment is Eliminated, except an Entrenchment
/// or a Pillbox (its Equipment is named on its own); in a newly-Gutted
/// building (`gutted`) only the Equipment; in a Factory that is ablaze and
/// not Gutted, none.
pub fn burn(s: &mut Session, b: &Blaze, gutted: bool) -> Result<(), Error> {
    let factory_ablaze = b.spread && b.terrain == Terrain::Factory;
    for t in &b.burns {
        let Ok(id) = t.parse::<CounterId>() else {
            continue;
        };
        let Some(c) = s.state.side(id.side).force.get(id).cloned() else {
            continue;
        };
        if !s.holds(id.side) {
            continue;
        }
        let fortification = c.kind == UnitKind::Fortification;
        let stays = if factory_ablaze {
            Some("a Factory Blaze Location that is not newly Gutted")
        } else if fortification && entrenchment_or_pillbox(&c.unit) {
            Some("an Entrenchment or Pillbox stays; the Equipment in it does not")
        } else if fortification && gutted {
            Some("a newly-Gutted building keeps its Fortifications")
        } else {
            None
        };
        if let Some(why) = stays {
            s.say(format!("  {id} {} stays ({why}, 12.6108).", c.unit));
            continue;
        }
        s.concerning([id.to_string()]);
        let why = format!("in the Blaze Location {}, 12.6108", b.hex);
        casualty_vp::eliminate(s, id.side, id, &why)?;
    }
    s.concerning([]);
    Ok(())
}

/// 12.6101: the burning wreck named (`wreck=`) becomes a Burnt-Out Wreck:
/// unrecoverable, it leaves the Retained Wreck box for the Casualties (its
/// Casualty VP counted when it was wrecked, 12.12).
pub fn burnt_out(s: &mut Session, b: &Blaze) -> Result<(), Error> {
    let Some(id) = b.wreck.as_ref().and_then(|t| t.parse::<CounterId>().ok()) else {
        return Ok(());
    };
    if !s.holds(id.side) {
        return Ok(());
    }
    let unit = s
        .state
        .side(id.side)
        .force
        .get(id)
        .map(|c| c.unit.clone())
        .unwrap_or_default();
    s.state
        .side_mut(id.side)
        .force
        .eliminate(id)
        .map_err(|e| Error::Refused(e.to_string()))?;
    s.counters_changed(
        crate::rules::reph::blazes::STEP,
        id.side,
        false,
        [id.to_string()],
        format!("{id} {unit}"),
        "a Burnt-Out Wreck (12.6101)",
        "12.6101",
    );
    s.say(format!("  {id} {unit} is a Burnt-Out Wreck (12.6101)."));
    Ok(())
}
