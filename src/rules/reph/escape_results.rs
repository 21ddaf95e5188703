//! 12.6073–12.6074 Escape results applied to the counters: Random
//! Selection, Replaced (C16), Casualty Reduced, Abandoned AFV and its crew,
//! Heat of Battle.

use crate::error::Error;
use crate::model::force::{Condition, CounterId, ForceBox, NewCounter, UnitKind};
use crate::model::journal::Entry;
use crate::model::side::Side;
use crate::rules::dice::DiceKind;
use crate::rules::reph::escape::{STEP, Stack};
use crate::rules::reph::isolation::{counter, eliminate, smc};
use crate::rules::reph::isolation_record::HEAT_OF_BATTLE;
use crate::rules::reph::recombining::{refused, squad_of};
use crate::rules::reph::session::Session;
use crate::rules::reph::{hardening, leader_hardening};

/// Random Selection (footnote 3): one dr per unit of a stack, the highest
/// affected (all tied ones).
pub(super) fn selected(s: &mut Session, st: &Stack) -> Result<Vec<CounterId>, Error> {
    let units: Vec<CounterId> = st
        .ids
        .iter()
        .copied()
        .filter(|i| counter(s, *i).kind != UnitKind::Sw)
        .collect();
    if units.len() < 2 {
        return Ok(units);
    }
    let mut drs = Vec::new();
    for id in &units {
        let r = s.raw(
            st.side,
            STEP,
            DiceKind::OneDie,
            &format!("Random Selection: {id}"),
            false,
            |_| "the highest dr is affected".to_string(),
            "12.6073",
        )?;
        drs.push((r.original(), *id));
    }
    let top = drs.iter().map(|d| d.0).max().unwrap_or(0);
    Ok(drs
        .into_iter()
        .filter(|d| d.0 == top)
        .map(|d| d.1)
        .collect())
}

pub(super) fn each_selected(
    s: &mut Session,
    st: &mut Stack,
    f: impl Fn(&mut Session, CounterId) -> Result<Option<CounterId>, Error>,
) -> Result<(), Error> {
    for id in selected(s, st)? {
        let now = f(s, id)?;
        st.ids.retain(|i| *i != id);
        if let Some(n) = now {
            st.ids.push(n);
        }
    }
    Ok(())
}

/// Replaced (C16, ELR Replacement down the ladder); a unit with no lower
/// type would become Disrupted and is Eliminated instead (footnote 2). An
/// SMC is not Replaced.
pub(super) fn replace(s: &mut Session, id: CounterId) -> Result<Option<CounterId>, Error> {
    let c = counter(s, id).clone();
    let ladders = &s.tables.ladders;
    let nkvd = c.has(&Condition::Nkvd);
    let down = match c.kind {
        UnitKind::Squad => ladders.replaced(id.side, &c.unit, nkvd).map(str::to_string),
        UnitKind::Hs => squad_of(ladders, &s.state.side(id.side).force, id.side, &c)
            .and_then(|sq| ladders.replaced(id.side, &sq, nkvd).map(str::to_string))
            .and_then(|d| {
                ladders
                    .unit(id.side, &d, false)
                    .map(|u| u.half_squad.clone())
            }),
        _ if smc(&c) => {
            s.say(format!("12.6073: {id} {} is an SMC: not Replaced.", c.unit));
            return Ok(Some(id));
        }
        _ => None,
    };
    match down {
        Some(d) => {
            let no_longer_nkvd = nkvd && !ladders.is_nkvd_type(id.side, &d);
            // VotG24: a Russian Assault Engineer Replaced keeps no
            // capabilities for the rest of the CG.
            let engineer = crate::rules::reph::counters::russian_engineer(s.tables, &c);
            let force = &mut s.state.side_mut(id.side).force;
            force.replace_unit(id, d.clone(), c.kind).map_err(refused)?;
            // A Replaced NKVD MMC is a plain 4-2-6 (C16, C42).
            if no_longer_nkvd {
                force
                    .clear_condition(id, &Condition::Nkvd)
                    .map_err(refused)?;
            }
            if engineer {
                force
                    .set_condition(id, Condition::LostAssaultEngineer)
                    .map_err(refused)?;
            }
            s.counters_changed(
                STEP,
                id.side,
                false,
                [id.to_string()],
                format!("{id} {}", c.unit),
                format!("Replaced by a {d}"),
                "12.6073",
            );
            s.say(format!(
                "12.6073: {id} {} is Replaced by a {d} (READINGS.md C16).",
                c.unit
            ));
            Ok(Some(id))
        }
        None => {
            eliminate(
                s,
                id,
                "Replaced with no lower type: it would become Disrupted (footnote 2)",
                "12.6073",
            )?;
            Ok(None)
        }
    }
}

/// Casualty Reduced: a squad becomes a HS; a HS or crew is Eliminated; an
/// SMC is Wounded, or Eliminated if already wounded.
pub(super) fn casualty_reduce(s: &mut Session, id: CounterId) -> Result<Option<CounterId>, Error> {
    let c = counter(s, id).clone();
    if c.kind == UnitKind::Squad
        && let Some(u) = s
            .tables
            .ladders
            .unit(id.side, &c.unit, c.has(&Condition::Nkvd))
    {
        let hs = u.half_squad.clone();
        let new = s
            .state
            .side_mut(id.side)
            .force
            .split(id, &hs, UnitKind::Hs, 1)
            .map_err(refused)?;
        s.counters_changed(
            STEP,
            id.side,
            false,
            [new[0].to_string(), format!("from:{id}")],
            format!("{id} {}", c.unit),
            format!("Casualty Reduced to {} {hs}", new[0]),
            "12.6073",
        );
        s.say(format!(
            "12.6073: {id} {} is Casualty Reduced to {} {hs}.",
            c.unit, new[0]
        ));
        return Ok(Some(new[0]));
    }
    if smc(&c) && !c.has(&Condition::Wounded) {
        s.state
            .side_mut(id.side)
            .force
            .set_condition(id, Condition::Wounded)
            .map_err(refused)?;
        s.counters_changed(
            STEP,
            id.side,
            false,
            [id.to_string()],
            format!("{id} {}", c.unit),
            "Casualty Reduced: Wounded",
            "12.6073",
        );
        s.say(format!(
            "12.6073: {id} {} is Casualty Reduced: Wounded.",
            c.unit
        ));
        return Ok(Some(id));
    }
    eliminate(s, id, "Casualty Reduced", "12.6073")?;
    Ok(None)
}

/// The inherent crew an Abandoned AFV's crew escapes as (A21.22; ASL
/// counters, not in the module).
fn crew_unit(side: Side) -> &'static str {
    match side {
        Side::German => "2-2-8",
        Side::Russian => "1-2-7",
    }
}

/// AFV 10/11: Abandoned in its current hex and facing (footnote 4); the
/// crew Escapes (a crew counter Retained) or is Eliminated.
pub(super) fn abandon(s: &mut Session, st: &Stack, crew_escapes: bool) -> Result<(), Error> {
    let Some(id) = st
        .ids
        .iter()
        .copied()
        .find(|i| counter(s, *i).kind == UnitKind::Vehicle)
    else {
        return Ok(());
    };
    // An Armor Leader shares his crew's fate.
    let leaders: Vec<CounterId> = st
        .ids
        .iter()
        .copied()
        .filter(|i| counter(s, *i).kind == UnitKind::ArmorLeader)
        .collect();
    for l in &leaders {
        if crew_escapes {
            let force = &mut s.state.side_mut(l.side).force;
            force
                .clear_condition(*l, &Condition::Isolated(String::new()))
                .map_err(refused)?;
            force.move_to(*l, ForceBox::Retained).map_err(refused)?;
        } else {
            eliminate(s, *l, "with his AFV's crew", "12.6073")?;
        }
    }
    s.state
        .side_mut(id.side)
        .force
        .set_condition(id, Condition::Abandoned)
        .map_err(refused)?;
    let mut touched: Vec<String> = st.ids.iter().map(ToString::to_string).collect();
    let text = if crew_escapes {
        let c = counter(s, id).clone();
        let mut crew = NewCounter::new(crew_unit(id.side), UnitKind::Crew, ForceBox::Retained);
        crew.rg = c.rg.as_ref().map(ToString::to_string);
        crew.rg_row = c.rg_row;
        let new = s.state.side_mut(id.side).force.add(crew);
        touched.push(new.to_string());
        format!(
            "{id} {} is Abandoned in its hex; its crew Escapes as {new} {}",
            c.unit,
            crew_unit(id.side)
        )
    } else {
        format!(
            "{id} {} is Abandoned in its hex; its crew is Eliminated",
            counter(s, id).unit
        )
    };
    s.say(format!("12.6073: {text}."));
    s.journal(
        Entry::decision(
            STEP,
            Some(id.side),
            false,
            format!("Escape from {}", st.area),
            text,
            "12.6073",
        )
        .concerning(touched),
    );
    s.concerning([]);
    Ok(())
}

/// An Original 2: Escape and Heat of Battle (footnote 1, 12.6074) for the
/// unit(s) Random Selection picks; A15 is not in the module, so the
/// players give its outcome: Hero creation, Battle Hardening, or any other
/// (which Eliminates the unit).
pub(super) fn heat_of_battle(s: &mut Session, st: &mut Stack) -> Result<(), Error> {
    let outcome = match (&st.facts.heat_of_battle, s.prompter.interactive()) {
        (Some(h), _) => h.clone(),
        (None, true) => s.prompter.choice(
            st.side,
            "heat_of_battle",
            "Original 2: Heat of Battle (A15). Its outcome?",
            HEAT_OF_BATTLE,
            None,
        )?,
        (None, false) => {
            return Err(Error::MissingAnswer {
                id: format!("isolation.escape (area \"{}\").heat_of_battle", st.area),
                expected: format!(
                    "one of {} (an Original 2 was rolled)",
                    HEAT_OF_BATTLE.join(", ")
                ),
            });
        }
    };
    for id in selected(s, st)? {
        let c = counter(s, id).clone();
        match outcome.as_str() {
            "hero-creation" => {
                // The hero comes from the unit's RG: its row tells of him.
                let mut new = NewCounter::new("1-4-9", UnitKind::Leader, ForceBox::Retained)
                    .with(Condition::Heroic);
                new.rg = c.rg.as_ref().map(ToString::to_string);
                new.rg_row = c.rg_row;
                let hero = s.state.side_mut(id.side).force.add(new);
                s.counters_changed(
                    STEP,
                    id.side,
                    false,
                    [id.to_string(), hero.to_string()],
                    format!("{id} {} Heat of Battle", c.unit),
                    format!("creates a Hero, {hero} 1-4-9"),
                    "12.6074",
                );
                s.say(format!(
                    "12.6074 Heat of Battle: {id} creates a Hero, {hero} 1-4-9."
                ));
            }
            "battle-hardening" if c.kind == UnitKind::Vehicle => {
                s.say(format!(
                    "12.6074 Heat of Battle: the crew of {id} {} Battle Hardens (an inherent crew: no counter changes).",
                    c.unit
                ));
            }
            "battle-hardening" => {
                let up = if matches!(c.kind, UnitKind::Leader) {
                    leader_hardening::hardened(&c.unit).map(str::to_string)
                } else {
                    hardening::up_unit(&s.tables.ladders, &s.state.side(id.side).force, id.side, &c)
                };
                let leader = c.kind == UnitKind::Leader;
                let force = &mut s.state.side_mut(id.side).force;
                match up {
                    Some(u) => {
                        force.replace_unit(id, u.clone(), c.kind).map_err(refused)?;
                        hardening::elr_replacement_ends(force, id);
                    }
                    None if leader => {}
                    None => force
                        .set_condition(id, Condition::FanaticNextScenario)
                        .map_err(refused)?,
                }
                if !leader {
                    // No MMC Battle Hardens twice in one RePh (12.6123).
                    force
                        .set_condition(id, Condition::BattleHardened)
                        .map_err(refused)?;
                }
                let now = counter(s, id).unit.clone();
                s.counters_changed(
                    STEP,
                    id.side,
                    false,
                    [id.to_string()],
                    format!("{id} {} Heat of Battle", c.unit),
                    format!("Battle Hardens: now {now}"),
                    "12.6074",
                );
                s.say(format!("12.6074 Heat of Battle: {id} {} Battle Hardens (READINGS.md C16, READINGS.md C17).", c.unit));
            }
            _ => {
                eliminate(
                    s,
                    id,
                    "Heat of Battle other than Hero creation or Battle Hardening",
                    "12.6074",
                )?;
                st.ids.retain(|i| *i != id);
            }
        }
    }
    Ok(())
}
