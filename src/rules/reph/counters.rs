//! What the equipment and armor steps (12.615-12.617) ask about counters
//! and read from them.

use crate::error::Error;
use crate::model::force::{Condition, Counter, CounterId, UnitKind};
use crate::model::side::Side;
use crate::rules::reph::session::Session;

pub fn isolated(c: &Counter) -> bool {
    c.condition
        .iter()
        .any(|x| matches!(x, Condition::Isolated(_)))
}

/// A Weapon (12.6152): a SW, a Gun, or an AFV's armament.
pub fn weapon(c: &Counter) -> bool {
    matches!(c.kind, UnitKind::Sw | UnitKind::Gun | UnitKind::Vehicle)
}

pub fn has(c: &Counter, condition: Condition) -> bool {
    c.condition.contains(&condition)
}

/// The weapons of a vehicle named as Malfunctioned (or, `malfunctioned`
/// false, Disabled) when the scenario was recorded: `MA`, `BMG` … (12.6152).
pub fn named_weapons(c: &Counter, malfunctioned: bool) -> Vec<String> {
    c.condition
        .iter()
        .filter_map(|x| match x {
            Condition::MalfunctionedWeapon(w) if malfunctioned => Some(w.clone()),
            Condition::DisabledWeapon(w) if !malfunctioned => Some(w.clone()),
            _ => None,
        })
        .collect()
}

/// Assault Engineer squads (12.6154, 12.617): the Assault Engineer MMC of
/// an RG with note e (VotG24: the German Pionier's 8-3-8, the Russian Storm
/// Group's 6-2-8), not a squad of another type it became by Replacement
/// (READINGS.md C48); a German 8-3-8 given outside an RG is one too (unit
/// ladders, VotG24).
pub fn assault_engineer(s: &Session, side: Side, c: &Counter) -> bool {
    if c.kind != UnitKind::Squad {
        return false;
    }
    let chart = match side {
        Side::German => &s.tables.german_rg,
        Side::Russian => &s.tables.russian_rg,
    };
    match c.rg.as_deref().and_then(|rg| chart.rg(rg)) {
        Some(def) => engineer_type(def, &s.tables.ladders, side, c),
        None => side == Side::German && c.unit == "8-3-8",
    }
}

/// VotG24: whether `c` is its note-e RG's Assault Engineer MMC: the RG's
/// unit type (8-3-8, 6-2-8) or that type's HS, and not a Russian one that
/// has been Replaced (it loses its capabilities for the rest of the CG,
/// even if it Battle Hardens back to its type).
pub fn engineer_type(
    def: &crate::rules::rg_chart::RgDef,
    ladders: &crate::rules::ladder::Ladders,
    side: Side,
    c: &Counter,
) -> bool {
    def.has_note("e")
        && !c.has(&Condition::LostAssaultEngineer)
        && def.unit_type.as_deref().is_some_and(|t| {
            c.unit == t
                || ladders
                    .unit(side, t, false)
                    .is_some_and(|u| u.half_squad == c.unit)
        })
}

/// VotG24: whether Replacing `c` (a Russian counter) takes its Assault
/// Engineer capabilities for the rest of the CG.
pub fn russian_engineer(tables: &crate::rules::tables::Tables, c: &Counter) -> bool {
    c.id.side == Side::Russian
        && c.rg
            .as_deref()
            .and_then(|rg| tables.russian_rg.rg(rg))
            .is_some_and(|def| engineer_type(def, &tables.ladders, Side::Russian, c))
}

/// Non-Isolated Retained Assault Engineer squads of the side (12.6154,
/// 12.617); a prisoner of the enemy is not Retained (READINGS.md C48).
pub fn assault_engineer_squads(s: &Session, side: Side) -> usize {
    s.state
        .side(side)
        .force
        .in_box(crate::model::force::ForceBox::Retained)
        .filter(|c| assault_engineer(s, side, c) && !isolated(c) && c.prisoner_of().is_none())
        .count()
}

/// The ids of the side's counters that pass `keep`.
pub fn ids(s: &Session, side: Side, keep: impl Fn(&Counter) -> bool) -> Vec<CounterId> {
    s.state
        .side(side)
        .force
        .counters
        .iter()
        .filter(|c| keep(c))
        .map(|c| c.id)
        .collect()
}

/// The ids among `ids` whose counter in the side's force passes `keep`.
pub fn among(
    s: &Session,
    side: Side,
    ids: &[CounterId],
    keep: impl Fn(&Counter) -> bool,
) -> Vec<CounterId> {
    let force = &s.state.side(side).force;
    ids.iter()
        .copied()
        .filter(|id| force.get(*id).is_some_and(&keep))
        .collect()
}

/// An optional list answered as `read` reads it: a terminal asks again
/// until `read` accepts the line; an answers file's list that `read`
/// refuses is refused (nothing changes).
pub fn checked<T>(
    s: &mut Session,
    side: Side,
    name: &str,
    question: &str,
    read: impl Fn(&[String]) -> Result<T, Error>,
) -> Result<T, Error> {
    let valid = |line: &str| {
        read(&[line.to_string()])
            .map(|_| ())
            .map_err(|e| e.to_string())
    };
    let words = s.prompter.checked_list(side, name, question, &valid)?;
    read(&words)
}

/// An optional list of counter ids out of `candidates` (none by default).
/// Not asked when there is no candidate.
pub fn ask_ids(
    s: &mut Session,
    side: Side,
    name: &str,
    question: &str,
    candidates: &[CounterId],
) -> Result<Vec<CounterId>, Error> {
    if candidates.is_empty() {
        return Ok(vec![]);
    }
    let listed: Vec<String> = candidates.iter().map(|id| describe(s, *id)).collect();
    let question = format!(
        "{question} ({}; counter ids, none by default)",
        listed.join(", ")
    );
    checked(s, side, name, &question, |words| {
        chosen(words, side, name, candidates, &listed)
    })
}

/// The counter ids in `words`, each one of `candidates`.
fn chosen(
    words: &[String],
    side: Side,
    name: &str,
    candidates: &[CounterId],
    listed: &[String],
) -> Result<Vec<CounterId>, Error> {
    let mut out = Vec::new();
    for w in words
        .iter()
        .flat_map(|w| w.split([',', ' ']))
        .filter(|w| !w.is_empty())
    {
        let id: CounterId = w.parse().map_err(Error::Refused)?;
        if !candidates.contains(&id) {
            return Err(Error::Refused(format!(
                "`{}.{name}`: {id} is not one of {}. Nothing was changed.",
                side.id(),
                listed.join(", ")
            )));
        }
        out.push(id);
    }
    Ok(out)
}

/// Whether only Non-Qualified Use (A21.13) may be possible for `c`, so the
/// players are asked (12.6151e, 12.6152): a Gun (manned by a crew, or by
/// others with NQU); a vehicle re-manned at 12.6151a this CG Day by a
/// Retained unit, or Captured; a SW only when its side Retains no Infantry
/// MMC to use it. An AFV with its own crew, or a SW its side's squads can
/// use, is used as qualified: known, not asked.
pub fn may_be_non_qualified(s: &Session, side: Side, c: &Counter) -> bool {
    match c.kind {
        UnitKind::Gun => true,
        UnitKind::Vehicle => has(c, Condition::Captured) || remanned_today(s, c.id),
        UnitKind::Sw => !s.state.side(side).force.counters.iter().any(|m| {
            matches!(m.kind, UnitKind::Squad | UnitKind::Hs)
                && m.place == crate::model::force::ForceBox::Retained
        }),
        _ => false,
    }
}

/// Whether `id` was re-manned at 12.6151a on the current CG Day.
fn remanned_today(s: &Session, id: CounterId) -> bool {
    let day = s.state.campaign.cg_day().to_string();
    let id = id.to_string();
    s.state.journal.iter().any(|r| {
        r.step == crate::rules::reph::equipment::STEP_A
            && r.what == crate::rules::reph::equipment::REMANNED
            && r.cg_day == day
            && r.concerns.split(' ').any(|c| c == id)
    })
}

/// `G-17 4-6-7` for messages.
pub fn describe(s: &Session, id: CounterId) -> String {
    match s.state.side(id.side).force.get(id) {
        Some(c) => format!("{id} {}", c.unit),
        None => id.to_string(),
    }
}

/// Applies a Force Organizer change; a missing counter is a bug in the
/// step, reported as a refusal rather than a panic.
pub fn force_op<T>(r: Result<T, crate::model::force::ForceError>) -> Result<T, Error> {
    r.map_err(|e| Error::Refused(e.to_string()))
}
