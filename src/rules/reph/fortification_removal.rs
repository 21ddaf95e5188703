//! 12.617 Fortification Removal: one dr per Known wire, minefield,
//! Entrenchment (A-T Ditch included) or Roadblock the side chooses in a
//! Location it Controls, its own or the enemy's (a fortification is
//! Controlled by the side Controlling its Location, 12.6083), with DRMs from
//! where it lies relative to the Front Line (the players say) and the
//! Assault Engineer DRM (from the force); an Original 6 Casualty-Reduces a
//! non-Isolated elite MMC. The map is the players': votg cannot see whether
//! a fortification is Known or whose its Location is, so the side names
//! each one, the enemy's by the id its owner reads off `votg force` (the
//! fortification is Known: both see it on the map). The roll and what it
//! Eliminates are public; a minefield's strength is never told.

use crate::error::Error;
use crate::model::drm::Drm;
use crate::model::force::{Counter, CounterId, ForceBox, UnitKind};
use crate::model::journal::Entry;
use crate::model::side::Side;
use crate::rules::reph::counters::{assault_engineer_squads, checked, force_op, isolated};
use crate::rules::reph::fortification_casualty;
use crate::rules::reph::session::Session;
use crate::rules::tables::Tables;

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

/// The fortification types 12.617 may Eliminate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Removable {
    Wire,
    /// A-P and A-T mines: "all mines are considered the same type".
    Minefield,
    /// Foxhole, Trench, A-T Ditch.
    Entrenchment,
    Roadblock,
}

/// The 12.617 type of a Fortification counter, from its name as the
/// Fortification Purchase Table gives it (`Wire`, `A-P Mine 6 factors`,
/// `Foxhole (2-squad)` …); none for the others (Pillbox, Fortified Building
/// Location, Tunnel, "?" …), which 12.617 never removes.
pub fn removable(tables: &Tables, c: &Counter) -> Option<Removable> {
    if c.kind != UnitKind::Fortification {
        return None;
    }
    let unit = c.unit.to_ascii_lowercase();
    [
        ("wire", Removable::Wire),
        ("ap-mine", Removable::Minefield),
        ("at-mine", Removable::Minefield),
        ("foxhole", Removable::Entrenchment),
        ("trench", Removable::Entrenchment),
        ("at-ditch", Removable::Entrenchment),
        ("roadblock", Removable::Roadblock),
    ]
    .into_iter()
    .find(|(keyword, _)| {
        let name = tables
            .fortification_purchase
            .item(keyword)
            .map_or(*keyword, |i| i.name.as_str());
        unit.starts_with(&name.to_ascii_lowercase())
    })
    .map(|(_, r)| r)
}

/// The fortification as both sides may hear of it: a minefield without its
/// strength (12.6083: a Known minefield's strength need not be revealed).
pub fn public_name(tables: &Tables, c: &Counter) -> String {
    match removable(tables, c) {
        Some(Removable::Minefield) => format!("{} Known minefield", c.id),
        _ => format!("{} {}", c.id, c.unit),
    }
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
            "Retains >= 3 non-Isolated Assault Engineer squads (how many is the side's secret)",
            STEP,
        ));
    }
    d
}

/// `G-12 front-line`, `G-13 adjacent`, `G-14` (behind the Front Line);
/// the mine counters of one Location joined: `R-7+R-8 adjacent`.
pub fn parse_choice(text: &str) -> Result<(Vec<CounterId>, Lies), String> {
    let mut words = text.split_whitespace();
    let ids = words
        .next()
        .ok_or("an empty fortification choice")?
        .split('+')
        .map(str::parse)
        .collect::<Result<Vec<CounterId>, String>>()?;
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
    if let Some(w) = words.next() {
        return Err(format!(
            "`{w}`: one fortification (or one Location's mines) per entry"
        ));
    }
    Ok((ids, lies))
}

/// The fortifications of both sides 12.617 may roll for: of a removable
/// type, in play (not Eliminated) and not Isolated.
fn candidates(s: &Session) -> Vec<(CounterId, Removable)> {
    Side::BOTH
        .iter()
        .flat_map(|&side| s.state.side(side).force.counters.iter())
        .filter(|c| c.place != ForceBox::Casualties && !isolated(c))
        .filter_map(|c| removable(s.tables, c).map(|r| (c.id, r)))
        .collect()
}

/// The side's answer read against `known`: each entry one fortification
/// (or one Location's mines), none named twice (one attempt each).
fn read_choices(
    words: &[String],
    side: Side,
    known: &[(CounterId, Removable)],
    own: &str,
) -> Result<Vec<(Vec<CounterId>, Lies)>, Error> {
    let refuse = |why: String| {
        Error::Refused(format!(
            "`{}.remove_fortifications`: {why} (12.617). Yours that may be: {own}; the enemy's by the id its owner reads off `votg force` (on two machines: one his isolation report names as Known). Nothing was changed.",
            side.id()
        ))
    };
    let mut picks: Vec<(Vec<CounterId>, Lies)> = Vec::new();
    for text in words
        .iter()
        .flat_map(|w| w.split(','))
        .filter(|t| !t.trim().is_empty())
    {
        let (ids, lies) = parse_choice(text).map_err(refuse)?;
        for id in &ids {
            if !known.iter().any(|(k, _)| k == id) {
                return Err(refuse(format!(
                    "{id} is not a wire, minefield, Entrenchment (A-T Ditch included) or Roadblock counter in play and not Isolated"
                )));
            }
            let earlier = picks.iter().flat_map(|(p, _)| p).any(|p| p == id);
            if earlier || ids.iter().filter(|x| *x == id).count() > 1 {
                return Err(refuse(format!("{id} is named twice: one attempt each")));
            }
        }
        let kind = |id: &CounterId| known.iter().find(|(k, _)| k == id).map(|(_, r)| *r);
        if ids.len() > 1
            && !ids
                .iter()
                .all(|id| kind(id) == Some(Removable::Minefield) && id.side == ids[0].side)
        {
            return Err(refuse(format!(
                "`{}`: only the mine counters of one Location share a roll (all mines are one type)",
                text.trim()
            )));
        }
        picks.push((ids, lies));
    }
    Ok(picks)
}

/// 12.617 (PerSide, open). Asked every RePh: whether the enemy has any
/// fortification is not the side's to learn from the question; the side's
/// own are listed on its screen only (the journal keeps the question, and a
/// minefield's strength stays untold).
pub fn run(s: &mut Session, side: Side) -> Result<(), Error> {
    let known = candidates(s);
    let own: Vec<String> = known
        .iter()
        .filter(|(id, _)| id.side == side)
        .map(|(id, _)| {
            let c = s.state.side(side).force.get(*id).expect("listed");
            public_name(s.tables, c)
        })
        .collect();
    let own = if own.is_empty() {
        "none".to_string()
    } else {
        own.join(", ")
    };
    if s.out.listening() {
        s.say(format!(
            "12.617: your wire, minefields, Entrenchments and Roadblocks not Isolated: {own}."
        ));
    }
    let question = "12.617: Known wire, minefields, Entrenchments (A-T Ditch included) and Roadblocks to roll for, yours or the enemy's (by the id its owner reads off `votg force`), in non-Isolated Locations you Control (a Roadblock: both Locations of its hexside; a Location's A-P mines before its other fortifications): each `ID[+ID of the same Location's mines] [front-line|adjacent|behind]`, comma-separated (Enter: none)";
    let picks = checked(s, side, "remove_fortifications", question, |words| {
        read_choices(words, side, &known, &own)
    })?;
    let engineers = assault_engineer_squads(s, side);
    for (ids, lies) in picks {
        attempt(s, side, &ids, lies, engineers)?;
    }
    s.concerning([]);
    Ok(())
}

/// One removal attempt: the dr, and what an Eliminated result takes out of
/// its owner's Force Organizer (every mine counter named, footnote *).
fn attempt(
    s: &mut Session,
    side: Side,
    ids: &[CounterId],
    lies: Lies,
    engineers: usize,
) -> Result<(), Error> {
    let counters: Vec<Counter> = ids
        .iter()
        .map(|id| {
            s.state
                .side(id.side)
                .force
                .get(*id)
                .cloned()
                .expect("listed")
        })
        .collect();
    let kind = removable(s.tables, &counters[0]).expect("listed");
    let named: Vec<String> = counters.iter().map(|c| public_name(s.tables, c)).collect();
    let owner = ids[0].side;
    let whose = if owner == side {
        String::new()
    } else {
        format!("the {}'s ", owner.name())
    };
    let what = format!(
        "{} Fortification Removal of {whose}{}",
        side.name(),
        named.join(" + ")
    );
    s.concerning(ids.iter().map(ToString::to_string));
    let r = s.roll(
        side,
        STEP,
        "fortification-removal",
        None,
        &removal_drms(kind == Removable::Roadblock, lies, engineers),
        &what,
        false,
    )?;
    if r.key() == "eliminated" {
        for id in ids {
            force_op(s.state.side_mut(owner).force.eliminate(*id))?;
        }
        let text = format!(
            "{whose}{} Eliminated by the {}",
            named.join(" + "),
            side.name()
        );
        s.journal(Entry::decision(
            STEP,
            Some(owner),
            false,
            "Fortification Eliminated",
            text.clone(),
            STEP,
        ));
        s.say(format!("  {text} (12.617)."));
    }
    if r.roll.original() == 6 {
        fortification_casualty::casualty_reduction(s, side)?;
    }
    Ok(())
}

/// Two machines: the fortifications of `side` that the other side's 12.617
/// removal DRs Eliminated (`s.removed`, public in his step), taken out of
/// `side`'s force on its half. Each must be a wire, minefield, Entrenchment
/// or Roadblock of `side` in play and not Isolated, else both halves stop.
pub fn by_enemy(s: &mut Session, side: Side) -> Result<(), Error> {
    let ids = std::mem::take(&mut s.removed);
    let mut named = Vec::new();
    for id in &ids {
        let c = s
            .state
            .side(side)
            .force
            .get(*id)
            .filter(|c| c.place != ForceBox::Casualties && !isolated(c))
            .filter(|c| removable(s.tables, c).is_some());
        let Some(c) = c.filter(|_| id.side == side) else {
            return Err(Error::Disagreement(format!(
                "{STEP}: the {}'s removal DR Eliminates {id}, which is not a wire, minefield, Entrenchment or Roadblock of yours in play and not Isolated. Both halves stop here (docs/two-machines.md §8). Nothing was changed.",
                side.other().name()
            )));
        };
        named.push(public_name(s.tables, c));
    }
    for id in &ids {
        force_op(s.state.side_mut(side).force.eliminate(*id))?;
    }
    s.concerning(ids.iter().map(ToString::to_string));
    let text = format!(
        "the {}'s {} Eliminated by the {}",
        side.name(),
        named.join(" + "),
        side.other().name()
    );
    s.journal(Entry::decision(
        STEP,
        Some(side),
        false,
        "Fortification Eliminated",
        text.clone(),
        STEP,
    ));
    s.concerning([]);
    s.say(format!("  {text} (12.617)."));
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
            (vec![CounterId::new(Side::German, 12)], Lies::FrontLine)
        );
        assert_eq!(parse_choice("R-3").unwrap().1, Lies::Behind);
        assert_eq!(parse_choice("R-3+R-4 adjacent").unwrap().0.len(), 2);
        assert!(parse_choice("G-3 nowhere").is_err());
        assert!(parse_choice("G-3 adjacent G-4").is_err());
    }
}
