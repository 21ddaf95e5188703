//! 12.617 Fortification Removal: one dr per Known fortification the side
//! chooses, with DRMs from where it lies relative to the Front Line (the
//! players say) and the Assault Engineer DRM (from the force); an Original 6
//! Casualty-Reduces a non-Isolated elite MMC.

use crate::drm::Drm;
use crate::error::Error;
use crate::force::{Counter, CounterId, ForceBox, UnitKind};
use crate::journal::Entry;
use crate::reph::counters::{
    assault_engineer, assault_engineer_squads, describe, force_op, ids, isolated,
};
use crate::reph::session::Session;
use crate::side::Side;

pub const STEP: &str = "12.617";

/// Where a fortification lies relative to the Front Line (12.617).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lies {
    /// In a Front Line Location (a Roadblock: along a hexside of one).
    FrontLine,
    /// ADJACENT to one (a Roadblock: along a hexside of a hex ADJACENT to one).
    Adjacent,
    Behind,
}

/// The Fortification Removal drms (12.617).
pub fn removal_drms(roadblock: bool, lies: Lies, engineers: usize) -> Vec<Drm> {
    let what = if roadblock {
        "Roadblock along a hexside of"
    } else {
        "Wire/minefield/Entrenchment in"
    };
    let mut d = Vec::new();
    match lies {
        Lies::FrontLine => d.push(Drm::new(2, format!("{what} a Front Line Location"), STEP)),
        Lies::Adjacent => d.push(Drm::new(
            1,
            format!("{what} (a hex) ADJACENT to a Front Line Location"),
            STEP,
        )),
        Lies::Behind => {}
    }
    if engineers >= 3 {
        d.push(Drm::new(
            -1,
            format!("Retains {engineers} (>= 3) non-Isolated Assault Engineer squads"),
            STEP,
        ));
    }
    d
}

/// `G-12 front-line`, `G-13 adjacent`, `G-14` (behind the Front Line).
pub fn parse_choice(text: &str) -> Result<(CounterId, Lies), String> {
    let mut words = text.split_whitespace();
    let id: CounterId = words
        .next()
        .ok_or("an empty fortification choice")?
        .parse()?;
    let lies = match words.next() {
        None | Some("behind") => Lies::Behind,
        Some("front-line") => Lies::FrontLine,
        Some("adjacent") => Lies::Adjacent,
        Some(w) => {
            return Err(format!(
                "`{w}` is not where a fortification lies: front-line, adjacent or behind"
            ));
        }
    };
    Ok((id, lies))
}

/// 12.617 (PerSide, open).
pub fn run(s: &mut Session, side: Side) -> Result<(), Error> {
    let known = ids(s, side, |c| {
        c.kind == UnitKind::Fortification && c.place == ForceBox::LeftOnMap && !isolated(c)
    });
    if known.is_empty() {
        return Ok(());
    }
    let listed: Vec<String> = known.iter().map(|id| describe(s, *id)).collect();
    let chosen = s.prompter.optional_list(
        side,
        "remove_fortifications",
        &format!(
            "12.617: Known fortifications in friendly-Controlled non-Isolated Locations to roll for ({}), each `ID [front-line|adjacent|behind]`; none by default",
            listed.join(", ")
        ),
    )?;
    let mut picks = Vec::new();
    for text in &chosen {
        let (id, lies) = parse_choice(text).map_err(|e| {
            Error::Refused(format!(
                "`{}.remove_fortifications`: {e}. Nothing was changed.",
                side.id()
            ))
        })?;
        if !known.contains(&id) || picks.iter().any(|(p, _)| *p == id) {
            return Err(Error::Refused(format!(
                "`{}.remove_fortifications`: {id} is not one of {} (or is listed twice: one attempt each). Nothing was changed.",
                side.id(),
                listed.join(", ")
            )));
        }
        picks.push((id, lies));
    }
    let engineers = assault_engineer_squads(s, side);
    for (id, lies) in picks {
        let c = s.state.side(side).force.get(id).cloned().expect("listed");
        let roadblock = c.unit.to_ascii_lowercase().contains("roadblock");
        s.concerning([id.to_string()]);
        let what = format!(
            "{} Fortification Removal of {}",
            side.name(),
            describe(s, id)
        );
        let r = s.roll(
            side,
            STEP,
            "fortification-removal",
            None,
            &removal_drms(roadblock, lies, engineers),
            &what,
            false,
        )?;
        if r.key() == "eliminated" {
            force_op(s.state.side_mut(side).force.remove(id))?;
        }
        if r.roll.original() == 6 {
            casualty_reduction(s, side)?;
        }
    }
    s.concerning([]);
    Ok(())
}

/// The 12.617 footnote: Casualty Reduction of a non-Isolated elite MMC (an
/// Assault Engineer if possible, else the owner's choice among the elite,
/// else First Line, and so on down the C16 classes).
fn casualty_reduction(s: &mut Session, side: Side) -> Result<(), Error> {
    let mmc = |c: &Counter| {
        matches!(c.kind, UnitKind::Squad | UnitKind::Hs)
            && c.place == ForceBox::Retained
            && !isolated(c)
    };
    let ae = ids(s, side, |c| mmc(c) && assault_engineer(s, side, c));
    let class_of = |s: &Session, c: &Counter| -> String {
        let l = &s.tables.ladders;
        l.units
            .iter()
            .find(|u| u.side == side && (u.squad == c.unit || u.half_squad == c.unit))
            .map_or(String::new(), |u| u.class.clone())
    };
    let mut candidates = ae;
    for class in ["elite", "first-line", "second-line", "green", "conscript"] {
        if !candidates.is_empty() {
            break;
        }
        candidates = ids(s, side, |c| mmc(c) && class_of(s, c) == class);
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
    let c = s.state.side(side).force.get(id).cloned().expect("listed");
    let d = describe(s, id);
    let f = &mut s.state.side_mut(side).force;
    let half = s
        .tables
        .ladders
        .units
        .iter()
        .find(|u| u.side == side && u.squad == c.unit)
        .map(|u| u.half_squad.clone());
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_12_617_removal_drms_and_choices() {
        let t = |r, l, e| removal_drms(r, l, e).iter().map(|d| d.value).sum::<i32>();
        assert_eq!(t(false, Lies::FrontLine, 0), 2);
        assert_eq!(t(true, Lies::Adjacent, 3), 0);
        assert_eq!(t(false, Lies::Behind, 2), 0);
        assert_eq!(
            parse_choice("G-12 front-line").unwrap(),
            (CounterId::new(Side::German, 12), Lies::FrontLine)
        );
        assert_eq!(parse_choice("R-3").unwrap().1, Lies::Behind);
        assert!(parse_choice("G-3 nowhere").is_err());
    }
}
