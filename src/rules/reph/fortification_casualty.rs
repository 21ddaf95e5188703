//! 12.617's footnote †: an Original dr 6 on the Fortification Removal
//! Table Casualty-Reduces a non-Isolated elite MMC of the side that rolled.

use crate::error::Error;
use crate::model::force::{Condition, Counter, CounterId, ForceBox, UnitKind};
use crate::model::journal::Entry;
use crate::model::side::Side;
use crate::rules::reph::counters::{assault_engineer, describe, force_op, ids, isolated};
use crate::rules::reph::fortification_removal::STEP;
use crate::rules::reph::session::Session;

/// The MMC classes of C16, best first: "if no elite MMC is available,
/// Reduce a First Line MMC, etc".
const CLASSES: [&str; 5] = ["elite", "first-line", "second-line", "green", "conscript"];

/// An MMC's class from its type (C16): an NKVD 6-2-8 is Second Line, not
/// the elite its printed factors share with the Guards 6-2-8 (C42).
fn class_of<'a>(s: &'a Session, side: Side, c: &Counter) -> Option<&'a str> {
    let ladders = &s.tables.ladders;
    let nkvd = c.has(&Condition::Nkvd);
    let unit = match c.kind {
        UnitKind::Squad => ladders.unit(side, &c.unit, nkvd),
        _ => ladders
            .units
            .iter()
            .find(|u| u.side == side && u.half_squad == c.unit && u.nkvd == nkvd),
    };
    unit.map(|u| u.class.as_str())
}

/// 12.617 †: Casualty Reduction of a non-Isolated Retained MMC: an Assault
/// Engineer if possible, else the owner's choice among the elite MMC, else
/// the First Line, and so on down the C16 classes, each MMC's class from its
/// type (READINGS.md C42); a prisoner of the enemy is not Retained (C48).
pub fn casualty_reduction(s: &mut Session, side: Side) -> Result<(), Error> {
    let mmc = |c: &Counter| {
        matches!(c.kind, UnitKind::Squad | UnitKind::Hs)
            && c.place == ForceBox::Retained
            && !isolated(c)
            && c.prisoner_of().is_none()
    };
    let mut candidates = ids(s, side, |c| mmc(c) && assault_engineer(s, side, c));
    for class in CLASSES {
        if !candidates.is_empty() {
            break;
        }
        candidates = ids(s, side, |c| mmc(c) && class_of(s, side, c) == Some(class));
    }
    let Some(&first) = candidates.first() else {
        s.say("  Original 6: no non-Isolated MMC to Casualty-Reduce (12.617).");
        return Ok(());
    };
    let options: Vec<String> = candidates
        .iter()
        .map(|id| id.to_string().to_ascii_lowercase())
        .collect();
    let pick = s.prompter.choice(
        side,
        "fortification_casualty",
        "12.617 Original 6: the MMC Casualty-Reduced",
        &options.iter().map(String::as_str).collect::<Vec<_>>(),
        Some(&first.to_string().to_ascii_lowercase()),
    )?;
    let id: CounterId = pick.parse().map_err(Error::Refused)?;
    reduce(s, side, id)
}

/// A squad becomes its HS (new id); a HS is Eliminated (A7.302).
fn reduce(s: &mut Session, side: Side, id: CounterId) -> Result<(), Error> {
    let c = s.state.side(side).force.get(id).cloned().expect("listed");
    let d = describe(s, id);
    let half = s
        .tables
        .ladders
        .unit(side, &c.unit, c.has(&Condition::Nkvd))
        .map(|u| u.half_squad.clone());
    let f = &mut s.state.side_mut(side).force;
    let mut touched = vec![id.to_string()];
    match (c.kind, half) {
        (UnitKind::Squad, Some(hs)) => {
            let new = force_op(f.split(id, &hs, UnitKind::Hs, 1))?;
            touched = new.iter().map(ToString::to_string).collect();
            touched.push(format!("from:{id}"));
        }
        _ => force_op(f.eliminate(id))?,
    }
    s.say(format!("  Original 6: {d} is Casualty-Reduced (12.617)."));
    s.journal(
        Entry::decision(STEP, Some(side), false, "Casualty Reduction", d, "12.617")
            .concerning(touched),
    );
    Ok(())
}
