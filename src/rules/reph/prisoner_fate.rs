//! Prisoners (A20.5) and their fates: taken in the scenario (12.6041),
//! claimed or Rearmed when their guard is Eliminated (12.6051), Eliminated,
//! executed or freed (12.609).
//!
//! At one keyboard a prisoner is its own counter's condition (`PrisonerOf`)
//! and a fate is applied to it at once. On two machines each half holds
//! only its own side's counters, and every decision about a prisoner is its
//! guard's side's: that side's run decides (`decide`), the fate goes public
//! in its step's event (`Session::told`), and the prisoner's half applies
//! it to its own counter (`by_enemy`, its `prisoners` half).

use crate::error::Error;
use crate::model::exchange::{Fate, Guarded};
use crate::model::force::{Condition, Counter, CounterId, ForceBox, UnitKind};
use crate::model::side::Side;
use crate::rules::reph::casualty_vp;
use crate::rules::reph::session::Session;

/// Whether a counter of this kind is a unit that can guard a prisoner
/// (A20.5): not Equipment (SW, Guns), a Fortification or a capability.
pub fn can_guard(kind: UnitKind) -> bool {
    !matches!(
        kind,
        UnitKind::Sw | UnitKind::Gun | UnitKind::Fortification | UnitKind::Capability
    )
}

/// Why counter `c` cannot guard (or claim, 12.6051) a prisoner, if so: a
/// guard is a unit in play (A20.5), not Eliminated, not a prisoner itself,
/// not Equipment nor a Fortification.
pub fn cannot_guard(c: &Counter) -> Option<&'static str> {
    if c.place == ForceBox::Casualties {
        return Some("is Eliminated (in the Casualties box)");
    }
    if !matches!(
        c.place,
        ForceBox::Retained | ForceBox::OnMapSetup | ForceBox::DugInAfv | ForceBox::RedeployedAfv
    ) {
        return Some("is not in play (`votg force` shows its box)");
    }
    if !can_guard(c.kind) {
        return Some("is not a unit that can guard a prisoner (A20.5)");
    }
    if c.prisoner_of().is_some() {
        return Some("is a prisoner itself");
    }
    None
}

/// The prisoners `guard_side`'s units guard, with their guards, in id
/// order. On a half, only those of its own guards: the other side's guards
/// are his to decide for (his Initial OB stands on this half, stale).
pub fn held_by(s: &Session, guard_side: Side) -> Vec<(CounterId, CounterId)> {
    match &s.half {
        Some(h) if h.me != guard_side => Vec::new(),
        Some(h) => {
            let mut held: Vec<_> = h
                .prisoners
                .iter()
                .filter(|(_, g)| g.side == guard_side)
                .copied()
                .collect();
            held.sort();
            held
        }
        None => s
            .state
            .side(guard_side.other())
            .force
            .live()
            .filter_map(|c| c.prisoner_of().map(|g| (c.id, g)))
            .collect(),
    }
}

/// The guard's side decides `fate` for prisoner `p` (guarded, after it, by
/// `g`): applied at once where its counter is here, else public in the
/// step's event for the prisoner's half.
pub fn decide(s: &mut Session, p: CounterId, g: CounterId, fate: Fate) -> Result<(), Error> {
    if s.holds(p.side) {
        return apply(
            s,
            Guarded {
                prisoner: p,
                guard: g,
                fate,
            },
        );
    }
    s.told.prisoners.push(Guarded {
        prisoner: p,
        guard: g,
        fate,
    });
    let what = match fate {
        Fate::Taken => format!("is a prisoner of {g}"),
        Fate::Claimed => format!("is claimed by {g} (12.6051)"),
        Fate::Rearmed => "is not claimed: Rearmed, no longer a prisoner (12.6051, A20.551)".into(),
        Fate::Eliminated => format!("(prisoner of non-Isolated {g}) is Eliminated (12.609)"),
        Fate::Executed => format!("is executed by {g} (12.609)"),
        Fate::Freed => format!(
            "is freed by {g} and Retained by the {} (12.609)",
            p.side.name()
        ),
    };
    s.say(format!(
        "  The {}'s {p} {what}; his half applies it to his counter.",
        p.side.name()
    ));
    Ok(())
}

/// A fate applied to the prisoner's own counter.
pub fn apply(s: &mut Session, g: Guarded) -> Result<(), Error> {
    let (p, side) = (g.prisoner, g.prisoner.side);
    let guard = g.guard;
    let clear = |s: &mut Session| {
        s.state
            .side_mut(side)
            .force
            .clear_condition(p, &Condition::PrisonerOf(guard))
            .map_err(|e| Error::Refused(e.to_string()))
    };
    match g.fate {
        Fate::Taken => {
            set(s, p, guard)?;
            let unit = s.state.side(side).force.get(p).map(|c| c.unit.clone());
            let text = format!("{p} {} is a prisoner of {guard}", unit.unwrap_or_default());
            s.counters_changed(
                crate::rules::reph::scenario_record::STEP,
                side,
                false,
                [p.to_string()],
                format!("Prisoner {p}"),
                text.clone(),
                "12.6041",
            );
            s.say(format!("  {}: {text} (12.6041).", side.name()));
        }
        Fate::Claimed => {
            clear(s)?;
            set(s, p, guard)?;
            s.counters_changed(
                "12.605",
                side,
                false,
                [p.to_string(), guard.to_string()],
                format!("Prisoner {p}"),
                format!("claimed by {guard}"),
                "12.6051",
            );
            s.say(format!("  Prisoner {p} is claimed by {guard} (12.6051)."));
        }
        Fate::Rearmed => {
            clear(s)?;
            s.counters_changed(
                "12.605",
                side,
                false,
                [p.to_string()],
                format!("Prisoner {p}"),
                "not claimed: Rearmed, no longer a prisoner",
                "12.6051",
            );
            s.say(format!(
                "  Prisoner {p} is not claimed: it may possess its guard's dropped Equipment and is Rearmed (12.6051, A20.551)."
            ))
        }
        Fate::Eliminated => casualty_vp::eliminate(
            s,
            side,
            p,
            &format!("prisoner of non-Isolated {guard}, 12.609"),
        )?,
        Fate::Executed => {
            casualty_vp::eliminate(s, side, p, &format!("executed by {guard}, 12.609"))?
        }
        Fate::Freed => free(s, side, p)?,
    }
    Ok(())
}

fn set(s: &mut Session, p: CounterId, guard: CounterId) -> Result<(), Error> {
    s.state
        .side_mut(p.side)
        .force
        .set_condition(p, Condition::PrisonerOf(guard))
        .map_err(|e| Error::Refused(e.to_string()))
}

/// A freed prisoner is Retained by its own side; an unarmed MMC is Replaced
/// by a Conscript MMC of the same size (the lowest class of its side's
/// ladder when it has no Conscript, C16); an SMC by its original type; a
/// crew stays the crew it was (no Conscript crew exists, C51).
fn free(s: &mut Session, side: Side, p: CounterId) -> Result<(), Error> {
    let force = &mut s.state.side_mut(side).force;
    let c = force.get(p).cloned().ok_or_else(|| no_counter(side, p))?;
    force
        .clear_condition(p, &Condition::PrisonerOf(CounterId::new(side.other(), 1)))
        .map_err(|e| Error::Refused(e.to_string()))?;
    let lowest = |ladders: &crate::rules::ladder::Ladders| {
        ["conscript", "green", "second-line"]
            .iter()
            .find_map(|class| {
                ladders
                    .units
                    .iter()
                    .find(|u| u.side == side && u.class == *class && !u.nkvd)
            })
            .cloned()
    };
    let to = match c.kind {
        UnitKind::Squad => lowest(&s.tables.ladders).map(|u| u.squad),
        UnitKind::Hs => lowest(&s.tables.ladders).map(|u| u.half_squad),
        _ => None,
    };
    let text = match to {
        Some(to) => {
            s.state
                .side_mut(side)
                .force
                .replace_unit(p, &to, c.kind)
                .map_err(|e| Error::Refused(e.to_string()))?;
            format!("{p} {} freed and Retained, Replaced by a {to}", c.unit)
        }
        None => format!("{p} {} freed and Retained", c.unit),
    };
    s.counters_changed(
        crate::rules::reph::prisoners::STEP,
        side,
        false,
        [p.to_string()],
        "Prisoner freed",
        text.clone(),
        "12.609",
    );
    s.say(format!("  Prisoner {text} (12.609)."));
    Ok(())
}

fn no_counter(side: Side, p: CounterId) -> Error {
    Error::Refused(format!("there is no {} counter {p}", side.name()))
}

/// Two machines, this side's `prisoners` half: what the other side's step
/// did to its counters as his prisoners, each checked against its own
/// force first (a counter of its own, in play; taken only if not a prisoner
/// already, any other fate only if his prisoner), else both halves stop.
pub fn by_enemy(s: &mut Session, side: Side) -> Result<(), Error> {
    let given = s
        .half
        .as_mut()
        .map(|h| std::mem::take(&mut h.given.prisoners))
        .unwrap_or_default();
    s.say(format!(
        "== The {}'s prisoners: what his step did to them (A20.5) ==",
        side.name()
    ));
    for g in given {
        let c = s.state.side(side).force.get(g.prisoner);
        let live = c.is_some_and(|c| c.place != ForceBox::Casualties);
        let prisoner = c.and_then(|c| c.prisoner_of());
        let ok = g.prisoner.side == side
            && g.guard.side == side.other()
            && live
            && match g.fate {
                Fate::Taken => prisoner.is_none(),
                _ => prisoner.is_some(),
            };
        if !ok {
            return Err(Error::Disagreement(format!(
                "the {} says {} {} (guard {}), which your force does not allow: it must be a counter of yours in play, {}. Both halves stop here: tell him (a wrong id in his record?); `votg undo --request --side {}` asks him to take back his step and do it again (docs/two-machines.md §10). Nothing was changed.",
                side.other().name(),
                g.prisoner,
                match g.fate {
                    Fate::Taken => "is his prisoner",
                    Fate::Claimed => "is claimed",
                    Fate::Rearmed => "is Rearmed",
                    Fate::Eliminated => "is Eliminated as his prisoner",
                    Fate::Executed => "is executed",
                    Fate::Freed => "is freed",
                },
                g.guard,
                match g.fate {
                    Fate::Taken => "not a prisoner already",
                    _ => "a prisoner",
                },
                side.other().id()
            )));
        }
        s.concerning([g.prisoner.to_string(), g.guard.to_string()]);
        apply(s, g)?;
    }
    s.concerning([]);
    Ok(())
}
