//! 12.6121–12.6122: Light Mortar SW Teams and Recombining (C33).

use std::collections::BTreeMap;

use crate::error::Error;
use crate::model::force::{Condition, Counter, CounterId, Force, ForceBox, UnitKind};
use crate::model::journal::Entry;
use crate::model::side::Side;
use crate::rules::ladder::Ladders;
use crate::rules::reph::session::Session;

pub const STEP: &str = "12.612";

/// Whether a counter is Retained by its side at this point of the RePh: in
/// the Retained box, left on map, or Isolated anywhere but the Casualties
/// box (Isolated units stay on the map, 12.608); never while the enemy
/// holds it as a prisoner (the definition of Retained, 12.609, READINGS.md
/// C48: it may not Battle Harden, Recombine or count for leader limits).
pub fn retained(c: &Counter) -> bool {
    c.prisoner_of().is_none()
        && (matches!(c.place, ForceBox::Retained | ForceBox::LeftOnMap)
            || (c.place != ForceBox::Casualties && c.isolated_area().is_some()))
}

/// A light mortar SW (12.6121): a SW "Lt MTR", or a mortar of less than 80mm.
pub fn light_mortar(c: &Counter) -> bool {
    if c.kind != UnitKind::Sw || !c.unit.contains("MTR") {
        return false;
    }
    let mm: String = c
        .unit
        .chars()
        .take_while(|ch| ch.is_ascii_digit() || *ch == '.')
        .collect();
    mm.parse::<f32>().map_or(true, |mm| mm < 80.0)
}

/// The squad type two `hs` recombine into (A1.32): the squad of that
/// half-squad in the C16 ladders; where two squads share one half-squad
/// (German 2-4-8, Russian 2-2-7), the one the HS's own RG has, else the
/// first the side's force has, else the first of the ladders.
pub fn squad_of(ladders: &Ladders, force: &Force, side: Side, hs: &Counter) -> Option<String> {
    let nkvd = hs.has(&Condition::Nkvd);
    let candidates: Vec<&str> = ladders
        .units
        .iter()
        .filter(|u| u.side == side && u.half_squad == hs.unit && u.nkvd == nkvd)
        .map(|u| u.squad.as_str())
        .collect();
    let has = |pick: &dyn Fn(&Counter) -> bool| {
        candidates
            .iter()
            .find(|sq| force.counters.iter().any(|c| c.unit == **sq && pick(c)))
            .map(|s| s.to_string())
    };
    has(&|c| c.rg.is_some() && c.rg == hs.rg)
        .or_else(|| has(&|_| true))
        .or_else(|| candidates.first().map(|s| s.to_string()))
}

/// 12.6121: the HS kept apart as Light Mortar SW Teams, at most one per
/// Retained light mortar (answer `<side>.mortar_teams`, default none: the
/// exemption is the owner's option).
pub fn mortar_teams(s: &mut Session, side: Side) -> Result<Vec<CounterId>, Error> {
    let force = &s.state.side(side).force;
    let mortars = force
        .counters
        .iter()
        .filter(|c| retained(c) && light_mortar(c))
        .count();
    if mortars == 0 {
        return Ok(vec![]);
    }
    let hs: Vec<String> = force
        .counters
        .iter()
        .filter(|c| retained(c) && c.kind == UnitKind::Hs)
        .map(|c| format!("{} {}", c.id, c.unit))
        .collect();
    // Keeping a HS apart only exempts it from Recombining: where no HS
    // would Recombine, the answer could change nothing and is not asked.
    if groups(force, &[]).values().all(|ids| ids.len() < 2)
        && !s.prompter.has_answer(side, "mortar_teams")
    {
        return Ok(vec![]);
    }
    s.say(format!(
        "12.6121: {mortars} light mortar(s) Retained: you may keep up to {mortars} HS as Light Mortar SW Teams, exempt from Recombining. Retained HS: {}",
        if hs.is_empty() { "none".to_string() } else { hs.join(", ") }
    ));
    let picked = s.prompter.optional_list(
        side,
        "mortar_teams",
        "HS ids to keep as Light Mortar SW Teams (none: Enter)",
    )?;
    let ids = super::hardening::counter_ids(s, side, "mortar_teams", &picked)?;
    if ids.len() > mortars {
        return Err(Error::Refused(format!(
            "`{}.mortar_teams` names {} HS but only {mortars} light mortar(s) are Retained: at most one HS per light mortar (12.6121). Nothing was changed.",
            side.id(),
            ids.len()
        )));
    }
    for id in &ids {
        let c = s.state.side(side).force.get(*id).expect("checked");
        if c.kind != UnitKind::Hs || !retained(c) {
            return Err(Error::Refused(format!(
                "`{}.mortar_teams`: {id} ({}) is not a Retained HS (12.6121). Nothing was changed.",
                side.id(),
                c.unit
            )));
        }
    }
    Ok(ids)
}

/// 12.6122 (C33): Retained HS of the same type pair into squads until at
/// most one of each type is left; Light Mortar SW Teams do not pair, and
/// Isolated HS pair only within their own Isolated Area. The squad keeps
/// the first HS's id and takes both HS's conditions.
pub fn recombine(s: &mut Session, side: Side, exempt: &[CounterId]) -> Result<(), Error> {
    let groups = groups(&s.state.side(side).force, exempt);
    let mut any = false;
    for ((unit, area, _), ids) in groups {
        for pair in ids.chunks_exact(2) {
            let (a, b) = (pair[0], pair[1]);
            let force = &s.state.side(side).force;
            let hs = force.get(a).expect("listed");
            let Some(squad) = squad_of(&s.tables.ladders, force, side, hs) else {
                s.say(format!(
                    "12.6122: {a} and {b} ({unit}) have no squad type in tables/unit-ladders.toml: not Recombined."
                ));
                continue;
            };
            let force = &mut s.state.side_mut(side).force;
            let other = force.remove(b).map_err(refused)?;
            force
                .replace_unit(a, squad.clone(), UnitKind::Squad)
                .map_err(refused)?;
            let c = force.get_mut(a).expect("kept");
            c.condition.extend(other.condition);
            let place = area
                .as_deref()
                .map_or(String::new(), |a| format!(" in Isolated Area {a}"));
            // `from:` b: the squad's story (votg explain) keeps b's too.
            s.concerning([a.to_string(), b.to_string(), format!("from:{b}")]);
            s.journal(Entry::decision(
                STEP,
                Some(side),
                true,
                format!("Recombining {a} and {b} ({unit}){place}"),
                format!("{a} is now a {squad}; {b} is gone"),
                "12.6122",
            ));
            s.say(format!(
                "12.6122 Recombining (READINGS.md C33): {a} + {b} ({unit}){place} -> {a} {squad}"
            ));
            any = true;
        }
    }
    s.concerning([]);
    if !any {
        s.say("12.6122 Recombining (READINGS.md C33): no two Retained HS of the same type to recombine.");
    }
    Ok(())
}

/// The Retained HS that may pair (C33), by type, Isolated Area and NKVD
/// class, `exempt` aside.
type Groups = BTreeMap<(String, Option<String>, bool), Vec<CounterId>>;

fn groups(force: &crate::model::force::Force, exempt: &[CounterId]) -> Groups {
    let mut groups = Groups::new();
    for c in force.counters.iter() {
        if c.kind == UnitKind::Hs && retained(c) && !exempt.contains(&c.id) {
            let key = (
                c.unit.to_string(),
                c.isolated_area().map(str::to_string),
                c.has(&Condition::Nkvd),
            );
            groups.entry(key).or_default().push(c.id);
        }
    }
    groups
}

pub(crate) fn refused(e: impl std::fmt::Display) -> Error {
    Error::Refused(format!("{e}. Nothing was changed."))
}
