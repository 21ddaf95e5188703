//! 12.612 Battle Hardening & Promotion, each side secretly: Light Mortar SW
//! Teams and Recombining (12.6121–.6122), Heroes and MMC (12.6123), then the
//! leader (12.6124–.6125, in `leader_hardening`).

use crate::error::Error;
use crate::model::drm::Drm;
use crate::model::force::{Condition, Counter, CounterId, Force, UnitKind};
use crate::model::journal::Entry;
use crate::model::side::Side;
use crate::rules::cvp::cvp_of;
use crate::rules::reph::leader_hardening;
use crate::rules::reph::recombining::{self, refused, retained};
use crate::rules::reph::session::Session;

pub const STEP: &str = "12.612";

/// The whole of 12.612 for one side (a secret PerSide step).
pub fn run(s: &mut Session, side: Side) -> Result<(), Error> {
    let teams = recombining::mortar_teams(s, side)?;
    recombining::recombine(s, side, &teams)?;
    let heroes = heroes(s, side)?;
    mmc(s, side, &heroes)?;
    leader_hardening::run(s, side)
}

/// The counters `answer` names, each of `side`'s force, none twice.
pub fn counter_ids(
    s: &Session,
    side: Side,
    answer: &str,
    texts: &[String],
) -> Result<Vec<CounterId>, Error> {
    let name = format!("{}.{answer}", side.id());
    let mut ids = Vec::new();
    for t in texts
        .iter()
        .flat_map(|t| t.split([',', ' ']))
        .filter(|t| !t.is_empty())
    {
        let id: CounterId = t
            .parse()
            .map_err(|e| Error::Refused(format!("`{name}`: {e}. Nothing was changed.")))?;
        if id.side != side || s.state.side(side).force.get(id).is_none() {
            return Err(Error::Refused(format!(
                "`{name}`: {id} is not a counter of the {} force (see `votg force --side {}`). Nothing was changed.",
                side.name(),
                side.id()
            )));
        }
        if ids.contains(&id) {
            return Err(Error::Refused(format!(
                "`{name}` names {id} twice. Nothing was changed."
            )));
        }
        ids.push(id);
    }
    Ok(ids)
}

/// A hero (A15.2): a Heroic SMC whose counter is a hero's "1-4-9" (three
/// factors, FP 1), whatever kind it was recorded as; heroic leaders are
/// 12.6124's.
pub fn is_hero(c: &Counter) -> bool {
    c.has(&Condition::Heroic) && crate::rules::cvp::hero_unit(&c.unit)
}

/// 12.6123: each Retained Hero is Eliminated (its Casualty VP count for
/// 12.618, C26); each lets its side Battle Harden one MMC (in the Hero's
/// Isolated Area, if any). Returns the Heroes' Isolated Areas, one per Hero.
fn heroes(s: &mut Session, side: Side) -> Result<Vec<Option<String>>, Error> {
    let heroes: Vec<(CounterId, u32, Option<String>, String)> = s
        .state
        .side(side)
        .force
        .counters
        .iter()
        .filter(|c| retained(c) && is_hero(c))
        .map(|c| {
            Ok((
                c.id,
                cvp_of(s.tables, c)?,
                c.isolated_area().map(str::to_string),
                c.unit.to_string(),
            ))
        })
        .collect::<Result<_, Error>>()?;
    let mut areas = Vec::new();
    for (id, cvp, area, unit) in heroes {
        s.state
            .side_mut(side)
            .force
            .eliminate(id)
            .map_err(refused)?;
        add_reph_cvp(s, side, cvp);
        s.concerning([id.to_string()]);
        s.journal(Entry::decision(
            STEP,
            Some(side),
            true,
            format!("Hero {id} {unit}"),
            format!("Eliminated ({cvp} CVP); one MMC may Battle Harden"),
            "12.6123",
        ));
        s.say(format!(
            "12.6123: Hero {id} {unit} is Eliminated ({cvp} Casualty VP, 12.12); it lets one MMC Battle Harden{}.",
            area.as_deref().map_or(String::new(), |a| format!(" in Isolated Area {a}"))
        ));
        areas.push(area);
    }
    s.concerning([]);
    Ok(areas)
}

/// Adds Casualty VP of `side`'s units Eliminated in this RePh (12.12, C26).
pub fn add_reph_cvp(s: &mut Session, side: Side, cvp: u32) {
    if let Some(day) = s.state.campaign.today_mut() {
        *day.reph_cvp.of_mut(side) += cvp;
    }
}

/// Scenarios `side` won on the current CG Day (C27: the day just played,
/// a Counterattack scenario on it too).
pub fn won_today(s: &Session, side: Side) -> i32 {
    let c = &s.state.campaign;
    c.days
        .iter()
        .filter(|d| d.date == c.date && d.scenario.is_some() && d.victor == Some(side))
        .count() as i32
}

/// The MMC Battle Hardening DRMs (12.6123): −3 per scenario won on the
/// current CG Day (C27), −1 Russian, −1 per whole 20 CVP the friendly side
/// amassed, i.e. the enemy suffered, in the previous scenario (C26).
pub fn mmc_drms(s: &Session, side: Side) -> Vec<Drm> {
    let mut d = Vec::new();
    let won = won_today(s, side);
    if won > 0 {
        d.push(Drm::new(
            -3 * won,
            format!("{won} CG scenario(s) won on the current CG Day (READINGS.md C27)"),
            "12.6123",
        ));
    }
    if side == Side::Russian {
        d.push(Drm::new(-1, "Russian", "12.6123"));
    }
    let amassed = s
        .state
        .campaign
        .today()
        .and_then(|d| d.cvp)
        .map_or(0, |c| *c.of(side.other()));
    let twenties = (amassed / 20) as i32;
    if twenties > 0 {
        d.push(Drm::new(
            -twenties,
            format!("{amassed} CVP amassed in the previous scenario: {twenties} whole 20s (READINGS.md C26)"),
            "12.6123",
        ));
    }
    d
}

/// An MMC eligible for Battle Hardening (12.6123): a Retained Infantry MMC
/// that has not Battle Hardened in this RePh.
fn eligible(c: &Counter) -> bool {
    retained(c)
        && matches!(c.kind, UnitKind::Squad | UnitKind::Hs | UnitKind::Crew)
        && !c.has(&Condition::BattleHardened)
}

/// `G-3 4-6-7, G-9 5-4-8`, or `none`: written into one string (a RePh
/// lists every eligible MMC of the side each time).
fn listed(candidates: &[&Counter]) -> String {
    use std::fmt::Write;
    if candidates.is_empty() {
        return "none".into();
    }
    let mut out = String::new();
    for (i, c) in candidates.iter().enumerate() {
        let sep = if i == 0 { "" } else { ", " };
        let _ = write!(out, "{sep}{} {}", c.id, c.unit);
    }
    out
}

/// 12.6123: the secret DR for the number of MMC, then the owner's picks
/// (answer `<side>.harden`; default: the best candidates first, see
/// `default_picks`), the Heroes' MMC first.
fn mmc(s: &mut Session, side: Side, heroes: &[Option<String>]) -> Result<(), Error> {
    let drms = mmc_drms(s, side);
    let r = s.roll(
        side,
        STEP,
        "mmc-battle-hardening",
        None,
        &drms,
        "MMC Battle Hardening",
        true,
    )?;
    let rolled = r.value.unwrap_or(0).max(0) as usize;
    let allowed = rolled + heroes.len();
    let candidates: Vec<&Counter> = s
        .state
        .side(side)
        .force
        .counters
        .iter()
        .filter(|c| eligible(c))
        .collect();
    // The DR is journalled: these words are for the players only.
    if s.out.listening() {
        s.say(format!(
            "12.6123: {rolled} MMC from the DR{} may Battle Harden. Eligible: {}",
            if heroes.is_empty() {
                String::new()
            } else {
                format!(" and {} from Heroes", heroes.len())
            },
            listed(&candidates)
        ));
    }
    if allowed == 0 {
        return Ok(());
    }
    let default = default_picks(s, side, heroes, rolled);
    let texts = s.prompter.optional_list(
        side,
        "harden",
        &format!(
            "Up to {allowed} MMC ids to Battle Harden, Heroes' first (Enter: {}; `none`: none)",
            ids_text(&default)
        ),
    )?;
    let (picks, answered) = match texts.as_slice() {
        [] => (default, false),
        [one] if one.trim().eq_ignore_ascii_case("none") => (vec![], true),
        _ => (counter_ids(s, side, "harden", &texts)?, true),
    };
    if picks.len() > allowed {
        return Err(Error::Refused(format!(
            "`{}.harden` names {} MMC but {allowed} may Battle Harden (12.6123). Nothing was changed.",
            side.id(),
            picks.len()
        )));
    }
    for (k, id) in picks.iter().enumerate() {
        let c = s.state.side(side).force.get(*id).expect("checked");
        if !eligible(c) {
            return Err(Error::Refused(format!(
                "`{}.harden`: {id} ({}) is not a Retained Infantry MMC that may Battle Harden (12.6123). Nothing was changed.",
                side.id(),
                c.unit
            )));
        }
        if answered
            && let Some(Some(area)) = heroes.get(k)
            && c.isolated_area() != Some(area.as_str())
        {
            return Err(Error::Refused(format!(
                "`{}.harden`: {id} Battle Hardens for the Hero in Isolated Area {area}, so it must be in that Area (12.6123). Nothing was changed.",
                side.id()
            )));
        }
        harden(s, side, *id)?;
    }
    Ok(())
}

fn ids_text(ids: &[CounterId]) -> String {
    if ids.is_empty() {
        return "none".into();
    }
    ids.iter()
        .map(|i| i.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The default picks (documented in docs/answers.md): for each Hero, the best
/// candidate (in the Hero's Isolated Area, if any); then `rolled` more.
/// Best: squads that can move up a class first, then such HS, then Elite
/// MMC and crews (which become Fanatic), each in Force order.
fn default_picks(
    s: &Session,
    side: Side,
    heroes: &[Option<String>],
    rolled: usize,
) -> Vec<CounterId> {
    let ladders = &s.tables.ladders;
    let force = &s.state.side(side).force;
    let rank = |c: &Counter| {
        let climbs = up_unit(ladders, force, side, c).is_some();
        match (climbs, c.kind) {
            (true, UnitKind::Squad) => 0,
            (true, _) => 1,
            _ => 2,
        }
    };
    let mut ranked: Vec<&Counter> = force.counters.iter().filter(|c| eligible(c)).collect();
    // Each rank looks the unit up on its ladder (a HS, its squad first):
    // once per counter, not once per comparison. The sort keeps Force order
    // within a rank.
    ranked.sort_by_cached_key(|c| rank(c));
    let mut picks: Vec<CounterId> = Vec::new();
    let take = |want: &dyn Fn(&Counter) -> bool, picks: &mut Vec<CounterId>| {
        if let Some(c) = ranked.iter().find(|c| !picks.contains(&c.id) && want(c)) {
            picks.push(c.id);
        }
    };
    for area in heroes {
        take(
            &|c: &Counter| area.is_none() || c.isolated_area() == area.as_deref(),
            &mut picks,
        );
    }
    for _ in 0..rolled {
        take(&|_: &Counter| true, &mut picks);
    }
    picks
}

/// C48: a squad ELR Replaced at 12.6221 † that Battle Hardens (at 12.6123,
/// by Heat of Battle at 12.6074, or in play) is no longer the type it was
/// Replaced to: its "ELR Replaced" note ends.
pub fn elr_replacement_ends(force: &mut Force, id: CounterId) {
    use crate::rules::reph::strength::ELR_REPLACED;
    if let Some(c) = force.get_mut(id)
        && c.note.contains(ELR_REPLACED)
    {
        c.note = c
            .note
            .split("; ")
            .filter(|part| !part.starts_with(ELR_REPLACED))
            .collect::<Vec<_>>()
            .join("; ");
    }
}

/// The unit an MMC becomes when it Battle Hardens (C16), or None when it
/// becomes Fanatic instead (Elite, crew, or no higher type: an NKVD MMC,
/// Second Line by its type, has none, C42).
pub fn up_unit(
    ladders: &crate::rules::ladder::Ladders,
    force: &crate::model::force::Force,
    side: Side,
    c: &Counter,
) -> Option<String> {
    let nkvd = c.has(&Condition::Nkvd);
    match c.kind {
        UnitKind::Squad => ladders
            .unit(side, &c.unit, nkvd)
            .map(|u| u.up.clone())
            .filter(|u| !u.is_empty()),
        UnitKind::Hs => {
            let squad = recombining::squad_of(ladders, force, side, c)?;
            let up = ladders.unit(side, &squad, nkvd)?.up.clone();
            ladders.unit(side, &up, false).map(|u| u.half_squad.clone())
        }
        _ => None,
    }
}

/// One MMC Battle Hardens (12.6123, C16): one class up, or Fanatic for the
/// next scenario if it is Elite, a crew or an NKVD MMC (C42).
fn harden(s: &mut Session, side: Side, id: CounterId) -> Result<(), Error> {
    let force = &s.state.side(side).force;
    let c = force.get(id).expect("checked").clone();
    let up = up_unit(&s.tables.ladders, force, side, &c);
    let force = &mut s.state.side_mut(side).force;
    let result = match &up {
        Some(unit) => {
            force
                .replace_unit(id, unit.clone(), c.kind)
                .map_err(refused)?;
            elr_replacement_ends(force, id);
            format!("{} -> {unit}", c.unit)
        }
        None => {
            force
                .set_condition(id, Condition::FanaticNextScenario)
                .map_err(refused)?;
            let why = if c.has(&Condition::Nkvd) {
                "NKVD MMC: no higher NKVD type, READINGS.md C42"
            } else {
                "Elite MMC or crew"
            };
            format!("{} becomes Fanatic for the next scenario ({why})", c.unit)
        }
    };
    force
        .set_condition(id, Condition::BattleHardened)
        .map_err(refused)?;
    s.concerning([id.to_string()]);
    s.journal(Entry::decision(
        STEP,
        Some(side),
        true,
        format!("MMC Battle Hardening {id}"),
        result.clone(),
        "12.6123",
    ));
    s.concerning([]);
    s.say(format!(
        "12.6123 Battle Hardening (READINGS.md C16): {id} {result}"
    ));
    Ok(())
}
