//! 12.6073–12.6074 Escape from Isolation: one DR per stack on the Escape
//! Table's column, every DRM derived from the recorded facts (C31), the
//! results applied to the counters.

use crate::error::Error;
use crate::model::drm::Drm;
use crate::model::force::{Condition, Counter, CounterId, ForceBox, UnitKind};
use crate::model::journal::Entry;
use crate::model::side::Side;
use crate::rules::reph::escape_results::{
    abandon, casualty_reduce, each_selected, heat_of_battle, replace,
};
use crate::rules::reph::isolation::{self, AreaType, counter, eliminate, ids_of, in_area, smc};
use crate::rules::reph::isolation_record::{AreaAnswer, IsolationAnswers, StackAnswer};
use crate::rules::reph::recombining::refused;
use crate::rules::reph::session::Session;

pub(super) const STEP: &str = "12.607";

/// One Escape stack: its owner, its counters (units and the SW they
/// portage) and the facts of its DRMs.
#[derive(Debug, Clone)]
pub struct Stack {
    pub side: Side,
    pub area: String,
    pub ids: Vec<CounterId>,
    pub facts: StackAnswer,
    /// Must Escape (12.6071), not by the owner's choice.
    pub forced: bool,
}

/// The stacks the owners formed (`[[isolation.escape]]`), checked, then a
/// lone stack for each SMC that must Escape and is in none (12.6071).
pub fn stacks(s: &Session, a: &IsolationAnswers) -> Result<Vec<Stack>, Error> {
    let mut out: Vec<Stack> = Vec::new();
    for (k, e) in a.escape.iter().enumerate() {
        let answer = format!("isolation.escape #{} (area \"{}\")", k + 1, e.area);
        if !a.area.iter().any(|x| x.name == e.area) {
            return Err(Error::Refused(format!(
                "`{answer}`: no Isolated Area of that name is recorded in [[isolation.area]]. Nothing was changed."
            )));
        }
        let ids = ids_of(s, &answer, &e.counters, None)?;
        // Every counter of the stack out of play (12.606 said so): no stack.
        if ids.is_empty() && !e.counters.is_empty() {
            continue;
        }
        let Some(first) = ids.first() else {
            return Err(Error::Refused(format!(
                "`{answer}`: the stack has no counters. Nothing was changed."
            )));
        };
        for id in &ids {
            let c = counter(s, *id);
            let why = if id.side != first.side {
                Some("a stack is one side's")
            } else if c.isolated_area() != Some(e.area.as_str()) {
                Some("it is not in that Isolated Area")
            } else if c.kind == UnitKind::Gun {
                Some("Guns cannot accompany an escaping unit [EXC: if dm] (12.6073)")
            } else if !mobile(c) {
                Some(
                    "it is not mobile (Immobilized, Bogged or Abandoned): only a mobile, non-TI unit may attempt to Escape (12.6073)",
                )
            } else if out.iter().any(|st| st.ids.contains(id)) {
                Some("it is already in another stack")
            } else {
                None
            };
            if let Some(why) = why {
                return Err(Error::Refused(format!(
                    "`{answer}`: {id} ({}): {why}. Nothing was changed.",
                    c.unit
                )));
            }
        }
        let units: Vec<&Counter> = ids
            .iter()
            .map(|i| counter(s, *i))
            .filter(|c| c.kind != UnitKind::Sw)
            .collect();
        let vehicles = units.iter().filter(|c| c.kind == UnitKind::Vehicle).count();
        let afv_ok = units
            .iter()
            .all(|c| matches!(c.kind, UnitKind::Vehicle | UnitKind::ArmorLeader));
        if units.is_empty() || vehicles > 1 || (vehicles == 1 && !afv_ok) {
            return Err(Error::Refused(format!(
                "`{answer}`: a stack is Infantry units (with the SW they portage) or one AFV (with its Armor Leader) (12.6073). Nothing was changed."
            )));
        }
        encircled_agrees(s, &answer, e.encircled, &ids)?;
        out.push(Stack {
            side: first.side,
            area: e.area.clone(),
            ids,
            facts: e.clone(),
            forced: false,
        });
    }
    for area in &a.area {
        let ti = ti_ids(s, area)?;
        if let Some(st) = out.iter().find(|st| st.ids.iter().any(|i| ti.contains(i))) {
            return Err(Error::Refused(format!(
                "`isolation.escape` (area \"{}\"): a TI unit may not Escape (12.6073). Nothing was changed.",
                st.area
            )));
        }
        let t = isolation::area_type(s, &area.name);
        for f in forced(s, &area.name, t, &ti) {
            if !out.iter().any(|st| st.ids.contains(&f.ids[0])) {
                out.push(f);
            }
        }
    }
    Ok(out)
}

/// 12.6073: "any mobile, non-TI unit" may attempt to Escape. A vehicle
/// that cannot move (Immobilized, Bogged, or Abandoned with no crew to
/// drive it) makes no Escape DR; Infantry and SMC are mobile.
pub fn mobile(c: &Counter) -> bool {
    c.kind != UnitKind::Vehicle
        || ![
            Condition::Immobilized,
            Condition::Bogged,
            Condition::Abandoned,
        ]
        .iter()
        .any(|x| c.has(x))
}

/// Whether a stack is Encircled (12.6073 "+2 If Encircled"): one of its
/// units still bears the Encircled marker the scenario's outcome gave it
/// (removed at 12.6074, READINGS.md C48).
fn encircled(units: &[&Counter]) -> bool {
    units.iter().any(|c| c.has(&Condition::Encircled))
}

/// The `encircled` answer of a stack, if given, must agree with the record
/// (12.6073, READINGS.md C48): the +2 follows the Encircled markers of the
/// scenario's outcome, never the answer.
fn encircled_agrees(
    s: &Session,
    answer: &str,
    said: Option<bool>,
    ids: &[CounterId],
) -> Result<(), Error> {
    let Some(said) = said else {
        return Ok(());
    };
    let marked: Vec<String> = ids
        .iter()
        .filter(|i| counter(s, **i).has(&Condition::Encircled))
        .map(ToString::to_string)
        .collect();
    if said != marked.is_empty() {
        return Ok(());
    }
    let record = if said {
        let all: Vec<String> = ids.iter().map(ToString::to_string).collect();
        format!(
            "`encircled = true`, but none of {} was recorded Encircled at scenario end",
            all.join(", ")
        )
    } else {
        format!(
            "`encircled = false`, but {} was recorded Encircled at scenario end",
            marked.join(", ")
        )
    };
    Err(Error::Refused(format!(
        "`{answer}`: {record} (`[<side>.outcome] encircled`): the +2 follows the record (12.6073, READINGS.md C48); leave `encircled` out. Nothing was changed."
    )))
}

/// 12.6074: "All Encircled markers are now removed" (READINGS.md C48), and
/// with them the leaders named for 12.605's Task Checks, which are over: an
/// Escape forced later by 12.6075 gets no Encircled +2, and a unit is
/// Encircled again only if a later scenario's outcome says so.
pub fn encircled_removed(s: &mut Session) {
    for side in Side::BOTH {
        let force = &mut s.state.side_mut(side).force;
        let ids = force.clear_all(&Condition::Encircled);
        force.clear_all(&Condition::LedBy(CounterId::new(side, 1)));
        if ids.is_empty() {
            continue;
        }
        let list: Vec<String> = ids.iter().map(ToString::to_string).collect();
        s.say(format!(
            "12.6074: all {} Encircled markers are removed ({}).",
            side.name(),
            list.join(", ")
        ));
        s.counters_changed(
            STEP,
            side,
            false,
            list.clone(),
            "Encircled markers",
            format!("removed: {}", list.join(", ")),
            "12.6074",
        );
    }
}

/// The TI counters the players listed in an Area, each one of its own.
pub fn ti_ids(s: &Session, a: &AreaAnswer) -> Result<Vec<CounterId>, Error> {
    let answer = format!("isolation.area \"{}\" ti", a.name);
    let ids = ids_of(s, &answer, &a.ti, None)?;
    if let Some(id) = ids
        .iter()
        .find(|i| counter(s, **i).isolated_area() != Some(a.name.as_str()))
    {
        return Err(Error::Refused(format!(
            "`{answer}`: {id} is not listed in that Isolated Area. Nothing was changed."
        )));
    }
    Ok(ids)
}

/// 12.6071: in a type B Area every SMC, in a type C Area every enemy SMC,
/// must attempt to Escape: each alone, with no recorded facts [EXC: if TI;
/// a TI unit may not Escape, 12.6073].
pub fn forced(s: &Session, area: &str, t: AreaType, ti: &[CounterId]) -> Vec<Stack> {
    in_area(s, area)
        .into_iter()
        .filter(|c| smc(c) && !ti.contains(&c.id))
        .filter(|c| match t {
            AreaType::B => true,
            AreaType::C(side) => c.id.side != side,
            _ => false,
        })
        .map(|c| Stack {
            side: c.id.side,
            area: area.to_string(),
            ids: vec![c.id],
            facts: StackAnswer::default(),
            forced: true,
        })
        .collect()
}

/// The Escape DRMs of a stack (12.6073, C31).
pub fn drms(s: &Session, st: &Stack) -> Vec<Drm> {
    let units: Vec<&Counter> = st
        .ids
        .iter()
        .map(|i| counter(s, *i))
        .filter(|c| c.kind != UnitKind::Sw)
        .collect();
    let afv = units.iter().any(|c| c.kind == UnitKind::Vehicle);
    let f = &st.facts;
    let mut d = Vec::new();
    let lone_smc = units.len() == 1 && smc(units[0]);
    if !lone_smc
        && let Some((v, who)) = units
            .iter()
            .filter_map(|c| leadership(c).map(|v| (v, c.unit.clone())))
            .min()
    {
        d.push(Drm::new(
            v,
            format!("(Armor-)Leader/Heroic DRM of the {who} (READINGS.md C31)"),
            "12.6073",
        ));
    }
    if st.side == Side::Russian && !afv {
        d.push(Drm::new(-1, "Russian", "12.6073"));
    }
    if lone_smc && !units[0].has(&Condition::Wounded) {
        d.push(Drm::new(-1, "Lone, unwounded SMC", "12.6073"));
    }
    if f.within_2 || f.adjacent {
        d.push(Drm::new(
            -1,
            "<= 2 hexes from a friendly-Controlled, non-Isolated hex",
            "12.6073",
        ));
    }
    if f.adjacent {
        d.push(Drm::new(
            -1,
            "ADJACENT to a friendly-Controlled, non-Isolated hex (READINGS.md C31: both apply)",
            "12.6073",
        ));
    }
    let halves: i32 = units
        .iter()
        .map(|c| match c.kind {
            UnitKind::Squad => 2,
            UnitKind::Hs | UnitKind::Crew => 1,
            _ => 0,
        })
        .sum();
    if !afv && halves > 1 {
        d.push(Drm::new(
            halves - 1,
            format!("{halves} HS-equivalents using the same DR (READINGS.md C31)"),
            "12.6073",
        ));
    }
    if f.excess_pp > 0 {
        d.push(Drm::new(
            f.excess_pp as i32,
            "PP carried beyond IPC",
            "12.6073",
        ));
    }
    if !afv && encircled(&units) {
        d.push(Drm::new(2, "Encircled", "12.6073"));
    }
    if afv && units[0].has(&Condition::Captured) {
        d.push(Drm::new(2, "Captured AFV", "12.6073"));
    }
    d
}

/// A leader's (or Heroic SMC's) leadership DRM: "9-2" −2, "8+1" +1; a
/// Heroic leader one better; a hero −1 (A15.2).
fn leadership(c: &Counter) -> Option<i32> {
    let heroic = if c.has(&Condition::Heroic) { -1 } else { 0 };
    if crate::rules::cvp::hero_unit(&c.unit) {
        return c.has(&Condition::Heroic).then_some(-1);
    }
    if !matches!(c.kind, UnitKind::Leader | UnitKind::ArmorLeader) {
        return (heroic != 0).then_some(heroic);
    }
    let at = c.unit.rfind(['-', '+'])?;
    let n: i32 = c.unit[at + 1..].parse().ok()?;
    Some(if c.unit.as_bytes()[at] == b'-' { -n } else { n } + heroic)
}

/// Rolls and applies every stack in turn.
pub fn run_all(s: &mut Session, stacks: Vec<Stack>) -> Result<(), Error> {
    for st in stacks {
        one(s, st)?;
    }
    Ok(())
}

fn one(s: &mut Session, mut st: Stack) -> Result<(), Error> {
    let afv = st
        .ids
        .iter()
        .any(|i| counter(s, *i).kind == UnitKind::Vehicle);
    let column = if afv { "afv" } else { "infantry" };
    let names: Vec<String> = st
        .ids
        .iter()
        .map(|i| format!("{i} {}", counter(s, *i).unit))
        .collect();
    let what = format!(
        "Escape from {} of {}{}",
        st.area,
        names.join(", "),
        if st.forced {
            " (must Escape, 12.6071)"
        } else {
            ""
        }
    );
    let d = drms(s, &st);
    s.concerning(st.ids.iter().map(|i| i.to_string()));
    let r = s.roll(st.side, STEP, "escape", Some(column), &d, &what, false)?;
    if r.roll.original() == 2 {
        heat_of_battle(s, &mut st)?;
    }
    match (afv, r.key()) {
        (false, "escapes-replaced") => each_selected(s, &mut st, replace)?,
        (false, "escapes-casualty-reduced") => each_selected(s, &mut st, casualty_reduce)?,
        (false, "escapes-replaced-casualty-reduced") => {
            each_selected(s, &mut st, |s, id| match replace(s, id)? {
                Some(id) => casualty_reduce(s, id),
                None => Ok(None),
            })?
        }
        (true, "abandoned-crew-escapes") => return abandon(s, &st, true),
        (true, "abandoned-crew-eliminated") => return abandon(s, &st, false),
        (_, "eliminated") => {
            for id in st.ids.clone() {
                eliminate(s, id, "failing to Escape", "12.6073")?;
            }
            s.concerning([]);
            return Ok(());
        }
        _ => {}
    }
    escaped(s, &st)
}

/// The survivors and the SW they portage are Retained (12.6074).
fn escaped(s: &mut Session, st: &Stack) -> Result<(), Error> {
    for id in &st.ids {
        let live = counter(s, *id).place != ForceBox::Casualties;
        if live {
            let force = &mut s.state.side_mut(id.side).force;
            force
                .clear_condition(*id, &Condition::Isolated(String::new()))
                .map_err(refused)?;
            force.move_to(*id, ForceBox::Retained).map_err(refused)?;
        }
    }
    let kept: Vec<String> = st
        .ids
        .iter()
        .filter(|i| counter(s, **i).place == ForceBox::Retained)
        .map(|i| i.to_string())
        .collect();
    s.say(format!(
        "12.6074: {} Escape(s) and are Retained.",
        if kept.is_empty() {
            "none".into()
        } else {
            kept.join(", ")
        }
    ));
    s.journal(Entry::decision(
        STEP,
        Some(st.side),
        false,
        format!("Escape from {}", st.area),
        format!("Retained: {}", kept.join(" ")),
        "12.6074",
    ));
    s.concerning([]);
    Ok(())
}
