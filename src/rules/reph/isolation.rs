//! 12.607 Isolation: each Isolated Area the players report, its type A–D from the
//! units in it (never typed by the players, C37), and its effects
//! (12.6071–.6072, 12.6075).

use std::collections::BTreeMap;

use crate::error::Error;
use crate::model::force::{Condition, Counter, CounterId, UnitKind};
use crate::model::journal::Entry;
use crate::model::side::Side;
use crate::rules::cvp::cvp_of;
use crate::rules::prompt::Prompter;
use crate::rules::reph::escape;
use crate::rules::reph::hardening::add_reph_cvp;
use crate::rules::reph::isolation_record::{AreaAnswer, IsolationAnswers};
use crate::rules::reph::recombining::refused;
use crate::rules::reph::sequence::Flow;
use crate::rules::reph::session::Session;

/// Personnel SMC: leaders, Commissars, heroes.
pub fn smc(c: &Counter) -> bool {
    matches!(
        c.kind,
        UnitKind::Leader | UnitKind::ArmorLeader | UnitKind::Commissar
    ) || crate::rules::cvp::hero_unit(&c.unit)
}

/// An MMC or vehicle, which types an Isolated Area (12.607).
fn mmc_or_vehicle(c: &Counter) -> bool {
    !smc(c)
        && matches!(
            c.kind,
            UnitKind::Squad | UnitKind::Hs | UnitKind::Crew | UnitKind::Vehicle
        )
}

pub fn counter<'a>(s: &'a Session<'_>, id: CounterId) -> &'a Counter {
    s.state.side(id.side).force.get(id).expect("checked id")
}

/// The counter ids `texts` name, as written (a text may hold several, `G-3,
/// G-4`), in order; one that is no id is refused naming `answer`.
pub fn parse_ids<'a>(
    answer: &str,
    texts: impl IntoIterator<Item = &'a String>,
) -> Result<Vec<CounterId>, Error> {
    texts
        .into_iter()
        .flat_map(|t| t.split([',', ' ']))
        .filter(|t| !t.is_empty())
        .map(|t| {
            t.parse()
                .map_err(|e| Error::Refused(format!("`{answer}`: {e}. Nothing was changed.")))
        })
        .collect()
}

/// The counters `texts` name, each live and (if `side`) of that side, none
/// twice; a wrong one is refused naming `answer`.
pub fn ids_of(
    s: &Session,
    answer: &str,
    texts: &[String],
    side: Option<Side>,
) -> Result<Vec<CounterId>, Error> {
    let mut ids = Vec::new();
    for id in parse_ids(answer, texts)? {
        let c = s.state.side(id.side).force.get(id);
        // A counter the rules have just removed (a 1TC at 12.6051, say) is
        // left out, as `gone` tells the players; one never in the force,
        // or of the other side, is a mistake.
        if c.is_some_and(gone_counter) && side.is_none_or(|sd| sd == id.side) {
            continue;
        }
        if c.is_none() || side.is_some_and(|sd| sd != id.side) {
            return Err(Error::Refused(format!(
                "`{answer}`: {id} is not a live counter of the {} force (see `votg force`). Nothing was changed.",
                side.unwrap_or(id.side).name()
            )));
        }
        if ids.contains(&id) {
            return Err(Error::Refused(format!(
                "`{answer}` names {id} twice. Nothing was changed."
            )));
        }
        ids.push(id);
    }
    Ok(ids)
}

/// Whether a counter is out of play (in Casualties): named in `[isolation]`,
/// it is left out of the answers.
fn gone_counter(c: &crate::model::force::Counter) -> bool {
    c.place == crate::model::force::ForceBox::Casualties
}

/// The counters `[isolation]` names that are out of play by now (the
/// rules removed them since the answers were given: an Encircled unit
/// Eliminated by its 1TC at 12.6051), each with its unit, in the order
/// named: left out of the answers, the same on every machine.
pub fn gone(s: &Session, a: &IsolationAnswers) -> Vec<String> {
    let mut texts: Vec<&String> = a.outside.iter().collect();
    for area in &a.area {
        for side in Side::BOTH {
            texts.extend(area.ids(side));
        }
    }
    for e in &a.escape {
        texts.extend(&e.counters);
    }
    let mut out: Vec<String> = Vec::new();
    for id in parse_ids("isolation", texts).unwrap_or_default() {
        if let Some(c) = s
            .state
            .side(id.side)
            .force
            .get(id)
            .filter(|c| gone_counter(c))
        {
            let named = format!("{id} {}", c.unit);
            if !out.contains(&named) {
                out.push(named);
            }
        }
    }
    out
}

/// Eliminates a counter in the RePh: to Casualties, its Casualty VP to its
/// side's RePh total (12.12, C26).
pub fn eliminate(s: &mut Session, id: CounterId, why: &str, rule: &str) -> Result<(), Error> {
    let cvp = cvp_of(s.tables, counter(s, id))?;
    let unit = counter(s, id).unit.clone();
    s.state
        .side_mut(id.side)
        .force
        .eliminate(id)
        .map_err(refused)?;
    add_reph_cvp(s, id.side, cvp);
    s.concerning([id.to_string()]);
    // The journal's step is the RePh step (12.606 or 12.607), the rule
    // the sub-rule.
    let step = rule.get(..6).unwrap_or(rule);
    s.journal(Entry::decision(
        step,
        Some(id.side),
        false,
        format!("{id} {unit}"),
        format!("Eliminated, {why} ({cvp} CVP)"),
        rule,
    ));
    s.concerning([]);
    s.say(format!(
        "{rule}: {id} {unit} is Eliminated, {why} ({cvp} Casualty VP, 12.12)."
    ));
    Ok(())
}

/// An Isolated Area's type (12.607).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AreaType {
    A,
    B,
    C(Side),
    D,
}

impl AreaType {
    pub fn text(self) -> String {
        match self {
            AreaType::A => "A (no units)".into(),
            AreaType::B => "B (only SMC)".into(),
            AreaType::C(side) => format!("C ({} MMC/vehicles only)", side.name()),
            AreaType::D => "D (MMC/vehicles of both sides)".into(),
        }
    }
}

/// The live counters in an Isolated Area that count for it: its type, and
/// what its type does to them (12.6071-.6072). A Guarded prisoner counts
/// for no side's Area type and receives none of the Area's results; its
/// fate is 12.609's, decided by its Guard (C49).
pub fn in_area<'a>(s: &'a Session<'_>, area: &str) -> Vec<&'a Counter> {
    Side::BOTH
        .iter()
        .flat_map(|side| s.state.side(*side).force.live())
        .filter(|c| c.isolated_area() == Some(area) && c.prisoner_of().is_none())
        .collect()
}

/// 12.607: the type follows from the units in the Area (C37); SMC of
/// either side do not alter it, nor do Guarded prisoners (C49).
pub fn area_type(s: &Session, area: &str) -> AreaType {
    let units = in_area(s, area);
    let has = |side: Side| units.iter().any(|c| c.id.side == side && mmc_or_vehicle(c));
    match (has(Side::German), has(Side::Russian)) {
        (true, true) => AreaType::D,
        (true, false) => AreaType::C(Side::German),
        (false, true) => AreaType::C(Side::Russian),
        (false, false) if units.iter().any(|c| smc(c)) => AreaType::B,
        _ => AreaType::A,
    }
}

/// 12.607 Isolation: records the Areas, types them, Escape, effects.
pub fn isolation(s: &mut Session) -> Result<Flow, Error> {
    let answers = match (&s.reported, &*s.prompter) {
        // Two machines: what both sides reported (isolation_report).
        (Some(reported), _) => reported.clone(),
        // `votg verify` replaying answers typed at the terminal.
        (None, Prompter::Scripted(a)) if a.isolation.is_none() && a.replays("german.areas") => {
            super::isolation_guided::ask(s)?
        }
        (None, Prompter::Scripted(a)) => a.isolation.clone().unwrap_or_default(),
        (None, Prompter::Terminal { .. }) => super::isolation_guided::ask(s)?,
    };
    earlier_isolation_ends(s);
    record_areas(s, &answers.area)?;
    let stacks = escape::stacks(s, &answers)?;
    let mut types: BTreeMap<String, AreaType> = BTreeMap::new();
    for a in &answers.area {
        let t = area_type(s, &a.name);
        s.say(format!(
            "12.607: Isolated Area {} is type {}.",
            a.name,
            t.text()
        ));
        s.journal(Entry::decision(
            "12.607",
            None,
            false,
            format!("Isolated Area {}", a.name),
            format!("type {}", t.text()),
            "12.607",
        ));
        types.insert(a.name.clone(), t);
    }
    escape::run_all(s, stacks)?;
    escape::encircled_removed(s);
    // 12.6075: Escapes may change an Area's type; 12.6071 again, until no
    // SMC must Escape any more.
    loop {
        let mut forced = Vec::new();
        for a in &answers.area {
            let t = area_type(s, &a.name);
            if types[&a.name] != t {
                s.say(format!(
                    "12.6075: Isolated Area {} is now type {}.",
                    a.name,
                    t.text()
                ));
                s.journal(Entry::decision(
                    "12.607",
                    None,
                    false,
                    format!("Isolated Area {}", a.name),
                    format!("now type {}", t.text()),
                    "12.6075",
                ));
                types.insert(a.name.clone(), t);
            }
            let ti = escape::ti_ids(s, a)?;
            forced.extend(escape::forced(s, &a.name, t, &ti));
        }
        if forced.is_empty() {
            break;
        }
        escape::run_all(s, forced)?;
    }
    for a in &answers.area {
        effects(s, a, types[&a.name])?;
    }
    Ok(Flow::Next)
}

/// 12.607: a unit is Isolated as the players report it now, after this
/// scenario; one Isolated after an earlier scenario (or at a CG's start,
/// III-4) and in no Area reported now is Isolated no more (READINGS.md
/// C48), so 12.6159 lifts its Ammunition Shortage.
fn earlier_isolation_ends(s: &mut Session) {
    for side in Side::BOTH {
        let ids = s
            .state
            .side_mut(side)
            .force
            .clear_all(&Condition::Isolated(String::new()));
        let list: Vec<String> = ids.iter().map(ToString::to_string).collect();
        s.counters_changed(
            "12.607",
            side,
            false,
            list.clone(),
            "Isolated after the last scenario",
            format!(
                "Isolated now only if in an Area reported now: {}",
                list.join(", ")
            ),
            "12.607",
        );
    }
}

/// Puts each reported counter in its Isolated Area (`Condition::Isolated`).
pub fn record_areas(s: &mut Session, areas: &[AreaAnswer]) -> Result<(), Error> {
    let mut seen: BTreeMap<CounterId, String> = BTreeMap::new();
    for (k, a) in areas.iter().enumerate() {
        if a.name.trim().is_empty() || areas[..k].iter().any(|b| b.name == a.name) {
            return Err(Error::Refused(format!(
                "`isolation.area` #{}: every Isolated Area needs its own name (`{}`). Nothing was changed.",
                k + 1,
                a.name
            )));
        }
        for side in Side::BOTH {
            let answer = format!("isolation.area \"{}\" {}", a.name, side.id());
            let ids = ids_of(s, &answer, a.ids(side), Some(side))?;
            s.counters_changed(
                "12.607",
                side,
                false,
                ids.iter().map(ToString::to_string),
                format!("Isolated Area {}", a.name),
                format!("Isolated: {}", list_ids(&ids)),
                "12.606",
            );
            for id in ids {
                if let Some(other) = seen.insert(id, a.name.clone()) {
                    return Err(Error::Refused(format!(
                        "`{answer}`: {id} is already in Isolated Area \"{other}\". Nothing was changed."
                    )));
                }
                s.state
                    .side_mut(side)
                    .force
                    .set_condition(id, Condition::Isolated(a.name.clone()))
                    .map_err(refused)?;
            }
        }
    }
    Ok(())
}

/// 12.6071–.6072 once the Escapes are over.
fn effects(s: &mut Session, a: &AreaAnswer, t: AreaType) -> Result<(), Error> {
    match t {
        AreaType::C(_) | AreaType::D => {
            let ids: Vec<CounterId> = in_area(s, &a.name).iter().map(|c| c.id).collect();
            for id in &ids {
                s.state
                    .side_mut(id.side)
                    .force
                    .set_condition(*id, Condition::AmmoShortage)
                    .map_err(refused)?;
            }
            for side in Side::BOTH {
                let mine: Vec<CounterId> = ids.iter().copied().filter(|i| i.side == side).collect();
                s.counters_changed(
                    "12.607",
                    side,
                    false,
                    mine.iter().map(ToString::to_string),
                    format!("Isolated Area {}", a.name),
                    format!(
                        "{}: Ammunition Shortage next scenario (A19.131)",
                        list_ids(&mine)
                    ),
                    "12.6071",
                );
            }
            let control = match t {
                AreaType::C(side) => format!("every Location is Controlled by the {}", side.name()),
                _ => "some Locations are Controlled by each side".into(),
            };
            s.say(format!(
                "12.6071: the {} unit(s)/Weapon(s) in {} begin the next scenario with Ammunition Shortage (A19.131); 12.6072: {control}.",
                ids.len(),
                a.name
            ));
        }
        AreaType::A | AreaType::B => {
            let mut freed: Vec<CounterId> = Vec::new();
            let (pocket, adjacent) = if a.ask_pocket {
                let side = super::isolation_guided::pocket_control(s, &a.name)?;
                (side.is_some(), side)
            } else {
                (a.pocket, a.adjacent_control)
            };
            let text = match (pocket, adjacent) {
                (true, Some(side)) => {
                    freed = in_area(s, &a.name).iter().map(|c| c.id).collect();
                    for c in freed.clone() {
                        s.state
                            .side_mut(c.side)
                            .force
                            .clear_condition(c, &Condition::Isolated(String::new()))
                            .map_err(refused)?;
                    }
                    format!(
                        "12.6072 EXC: every Controlled Location ADJACENT to Pocket {} is {}: it is no longer Isolated and passes to {} Control; the enemy Front Line Locations that delineated it are no longer Perimeter Locations.",
                        a.name,
                        side.name(),
                        side.name()
                    )
                }
                _ => format!("12.6072: Isolated Area {} becomes No Man's Land.", a.name),
            };
            s.say(&text);
            s.journal(
                Entry::decision(
                    "12.607",
                    None,
                    false,
                    format!("Isolated Area {}", a.name),
                    text,
                    "12.6072",
                )
                .concerning(freed.iter().map(ToString::to_string)),
            );
        }
    }
    Ok(())
}

/// `G-3, G-4` for a row's result.
fn list_ids(ids: &[CounterId]) -> String {
    ids.iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}
