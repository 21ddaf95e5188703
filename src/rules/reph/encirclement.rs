//! 12.605 Encirclement & Minefields: a 1TC for each Encircled unit
//! (12.6051) and an NTC for each Infantry unit in an A-P minefield hex
//! (12.6052), each with the Morale Level of its counter and the DRM of the
//! leader recorded with it; failures applied to the Force Organizer.

use crate::error::Error;
use crate::model::drm::Drm;
use crate::model::exchange::Fate;
use crate::model::force::{Condition, Counter, CounterId, UnitKind};
use crate::model::side::Side;
use crate::rules::reph::casualty_vp::{self, leadership};
use crate::rules::reph::prisoner_fate;
use crate::rules::reph::sequence::Flow;
use crate::rules::reph::session::Session;

pub const STEP: &str = "12.605";

/// The Morale Level printed on a personnel counter: the last number of an
/// MMC or hero (`4-6-7` → 7, `1-4-9` → 9), the first of a leader (`9-1` →
/// 9). None for what takes no TC (SW, Guns, vehicles).
pub fn morale(c: &Counter) -> Option<u32> {
    let name = c.unit.split_whitespace().next()?;
    match c.kind {
        UnitKind::Squad | UnitKind::Hs | UnitKind::Crew | UnitKind::Hero => name
            .rsplit('-')
            .next()?
            .trim_end_matches(|ch: char| !ch.is_ascii_digit())
            .parse()
            .ok(),
        UnitKind::Leader | UnitKind::Commissar | UnitKind::ArmorLeader => {
            name.split(['-', '+']).next()?.parse().ok()
        }
        _ => None,
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Check {
    /// 12.6051: 1TC, failure Eliminates.
    Encircled,
    /// 12.6052: NTC, failure Casualty-Reduces.
    Minefield,
}

pub fn run(s: &mut Session) -> Result<Flow, Error> {
    s.say("== 12.605 Encirclement & Minefields (public) ==");
    s.say("12.6052 AFV: each Mobile AFV in any minefield undergoes its mine attack(s), resolved in the normal manner as if exiting the Location (on the map; record any result in the outcome before the RePh or at 12.608). A unit theoretically able to exit the minefield hex without being attacked and without entering a minefield/enemy-Controlled hex takes no NTC.");
    let mut any = false;
    for side in Side::BOTH {
        for (check, cond) in [
            (Check::Encircled, Condition::Encircled),
            (Check::Minefield, Condition::ApMinefield),
        ] {
            let ids: Vec<CounterId> = s
                .state
                .side(side)
                .force
                .live()
                .filter(|c| c.has(&cond))
                // 12.6051 EXC: a prisoner takes no 1TC.
                .filter(|c| {
                    !c.condition
                        .iter()
                        .any(|x| matches!(x, Condition::PrisonerOf(_)))
                })
                .map(|c| c.id)
                .collect();
            for id in ids {
                any = true;
                test(s, side, id, check)?;
            }
        }
    }
    s.concerning([]);
    if !any {
        s.say(match s.half() {
            // On two machines the other side's are on his half.
            Some(me) => format!(
                "No {} unit Encircled or in an A-P minefield was recorded: no TC on this half (the {}'s units take theirs on his).",
                me.name(),
                me.other().name()
            ),
            None => "No Encircled unit and no Infantry in an A-P minefield was recorded: no TC."
                .into(),
        });
    }
    Ok(Flow::Next)
}

fn test(s: &mut Session, side: Side, id: CounterId, check: Check) -> Result<(), Error> {
    let c = s.state.side(side).force.get(id).cloned().expect("listed");
    let Some(m) = morale(&c) else {
        s.say(format!("  {id} {} takes no TC (not personnel).", c.unit));
        return Ok(());
    };
    s.concerning([id.to_string()]);
    let mut drms = Vec::new();
    if check == Check::Encircled {
        drms.push(Drm::new(1, "1TC of an Encircled unit", "12.6051"));
    }
    let rule = match check {
        Check::Encircled => "12.6051",
        Check::Minefield => "12.6052",
    };
    if let Some(l) = leader_drm(s, side, &c, rule) {
        drms.push(l);
    }
    let what = match check {
        Check::Encircled => format!("{id} {} Encircled: 1TC, Morale {m}", c.unit),
        Check::Minefield => format!("{id} {} in an A-P minefield: NTC, Morale {m}", c.unit),
    };
    let column = format!("morale-{}", m.clamp(4, 11));
    let r = s.roll(side, STEP, "task-check", Some(&column), &drms, &what, false)?;
    if r.key() == "pass" {
        if check == Check::Minefield {
            let _ = s
                .state
                .side_mut(side)
                .force
                .clear_condition(id, &Condition::ApMinefield);
        }
        return Ok(());
    }
    match check {
        Check::Encircled => {
            casualty_vp::eliminate(s, side, id, &format!("failed its 1TC, {rule}"))?;
            guard_lost(s, side, id)?;
        }
        Check::Minefield => {
            let _ = s
                .state
                .side_mut(side)
                .force
                .clear_condition(id, &Condition::ApMinefield);
            casualty_reduce(s, side, &c)?;
        }
    }
    Ok(())
}

/// The leader recorded with the unit (`with G-20`): its leadership DRM, if
/// it is not the unit itself (A10.7).
fn leader_drm(s: &Session, side: Side, c: &Counter, rule: &str) -> Option<Drm> {
    let lid = c.condition.iter().find_map(|x| match x {
        Condition::LedBy(l) => Some(*l),
        _ => None,
    })?;
    let l = s.state.side(side).force.get(lid)?;
    if l.id == c.id || l.place == crate::model::force::ForceBox::Casualties {
        return None;
    }
    let v = leadership(&l.unit)?;
    (v != 0).then(|| {
        Drm::new(
            v,
            format!("leader {} {}", l.id, l.unit),
            format!("{rule}, A10.7"),
        )
    })
}

/// 12.6052 failure: Casualty Reduction (A7.302; C16): a squad to its HS,
/// a HS/crew/hero Eliminated, a leader Wounded (a wounded one Eliminated).
fn casualty_reduce(s: &mut Session, side: Side, c: &Counter) -> Result<(), Error> {
    let id = c.id;
    match c.kind {
        UnitKind::Squad => {
            let hs = s
                .tables
                .ladders
                .unit(side, &c.unit, c.has(&Condition::Nkvd))
                .map(|u| u.half_squad.clone())
                .ok_or_else(|| {
                    Error::Refused(format!(
                        "{id} {} is not on the unit ladders (READINGS.md C16)",
                        c.unit
                    ))
                })?;
            s.state
                .side_mut(side)
                .force
                .replace_unit(id, &hs, UnitKind::Hs)
                .map_err(|e| Error::Refused(e.to_string()))?;
            s.counters_changed(
                STEP,
                side,
                false,
                [id.to_string()],
                format!("{id} {}", c.unit),
                format!("Casualty Reduced to {hs}"),
                "12.6052",
            );
            s.say(format!(
                "  {id} {} is Casualty Reduced to {hs} (12.6052, A7.302, READINGS.md C16).",
                c.unit
            ));
        }
        UnitKind::Leader | UnitKind::Commissar | UnitKind::ArmorLeader | UnitKind::Hero
            if !c.has(&Condition::Wounded) =>
        {
            s.state
                .side_mut(side)
                .force
                .set_condition(id, Condition::Wounded)
                .map_err(|e| Error::Refused(e.to_string()))?;
            s.counters_changed(
                STEP,
                side,
                false,
                [id.to_string()],
                format!("{id} {}", c.unit),
                "Wounded (Casualty Reduction)",
                "12.6052",
            );
            s.say(format!(
                "  {id} {} is Wounded (Casualty Reduction, 12.6052, A7.302).",
                c.unit
            ));
        }
        _ => {
            casualty_vp::eliminate(s, side, id, "Casualty Reduction, 12.6052")?;
            guard_lost(s, side, id)?;
        }
    }
    Ok(())
}

/// 12.6051: each prisoner of an Eliminated guard is claimed by another unit
/// in that Location friendly to the guard (`<side>.claim`, "R-12 by G-4"),
/// or else is Rearmed (A20.551) and no longer a prisoner.
fn guard_lost(s: &mut Session, side: Side, guard: CounterId) -> Result<(), Error> {
    let all = crate::rules::reph::prisoner_fate::held_by(s, side);
    let held: Vec<CounterId> = all
        .iter()
        .filter(|(_, g)| *g == guard)
        .map(|(p, _)| *p)
        .collect();
    if held.is_empty() {
        return Ok(());
    }
    let claims = s.prompter.optional_list(
        side,
        "claim",
        &format!("{guard} is Eliminated: which friendly unit in its Location claims each of its prisoners ({})? e.g. `R-12 by G-4`; Enter: none (Rearmed)", list(&held)),
    )?;
    let refused =
        |why: String| Error::Refused(format!("{}.claim: {why}. Nothing was changed.", side.id()));
    // Every claim names, by ids, a prisoner the side's units guard and the
    // unit that claims it: a claim that does not is refused, not passed
    // over (the prisoner would be Rearmed without a word).
    let mut by = Vec::new();
    for t in claims.iter().flat_map(|t| t.split(',')).map(str::trim) {
        if t.is_empty() {
            continue;
        }
        let ids = t.split_once(" by ").and_then(|(a, b)| {
            Some((
                a.trim().parse::<CounterId>().ok()?,
                b.trim().parse::<CounterId>().ok()?,
            ))
        });
        let Some((p, g)) = ids else {
            return Err(refused(format!(
                "`{t}`: write `<prisoner> by <unit>` with their ids, e.g. `{} by {}`",
                held[0],
                CounterId::new(side, 4)
            )));
        };
        if !all.iter().any(|(x, _)| *x == p) {
            return Err(refused(format!(
                "`{t}`: {p} is not a prisoner of a {} unit (the prisoners of {guard}: {})",
                side.name(),
                list(&held)
            )));
        }
        by.push((p, g));
    }
    for p in held {
        match by.iter().find(|(x, _)| *x == p).map(|(_, g)| *g) {
            Some(g) => {
                let unit = s.state.side(side).force.get(g).filter(|_| g.side == side);
                match unit.map(prisoner_fate::cannot_guard) {
                    None => {
                        return Err(refused(format!(
                            "{g} is not a counter of the {} force",
                            side.name()
                        )));
                    }
                    Some(Some(why)) => return Err(refused(format!("{g} {why}"))),
                    Some(None) => prisoner_fate::decide(s, p, g, Fate::Claimed)?,
                }
            }
            None => prisoner_fate::decide(s, p, guard, Fate::Rearmed)?,
        }
    }
    Ok(())
}

fn list(ids: &[CounterId]) -> String {
    ids.iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::force::{ForceBox, NewCounter};

    fn counter(unit: &str, kind: UnitKind) -> Counter {
        Counter::from_new(
            CounterId::new(Side::German, 1),
            NewCounter::new(unit, kind, ForceBox::Retained),
        )
    }

    #[test]
    fn a10_morale_from_the_counter_name() {
        assert_eq!(morale(&counter("4-6-7", UnitKind::Squad)), Some(7));
        assert_eq!(morale(&counter("2-4-7", UnitKind::Hs)), Some(7));
        assert_eq!(morale(&counter("2-2-8", UnitKind::Crew)), Some(8));
        assert_eq!(morale(&counter("9-1", UnitKind::Leader)), Some(9));
        assert_eq!(morale(&counter("10-2", UnitKind::Leader)), Some(10));
        assert_eq!(morale(&counter("4-4-7E", UnitKind::Squad)), Some(7));
        assert_eq!(morale(&counter("LMG", UnitKind::Sw)), None);
    }
}
