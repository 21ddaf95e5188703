//! 12.607 at the terminal: the players report the Isolated Areas in one
//! answer (each with the counters of both sides in it: an id says its
//! side) and the Escape stacks in another (each stack's Area follows from
//! its counters), the same facts as the answers file's `[isolation]`
//! table. Whether an Area is a Pocket matters only if it ends type A or B
//! (12.6072): it is asked then, and only then (`effects`).

use std::collections::BTreeMap;

use crate::error::Error;
use crate::model::force::CounterId;
use crate::model::side::Side;
use crate::rules::reph::isolation_record::{AreaAnswer, IsolationAnswers, StackAnswer};
use crate::rules::reph::session::Session;

const AREAS: &str = "Isolated Areas (12.607), separated by `;`: a name, `:`, the counter ids of both sides in it (e.g. `K5: G-26 G-30 R-31; H8: R-40`); Enter: none";

const STACKS: &str = "Escape stacks (12.6073), separated by `;`: one side's unit ids with the SW they portage, then `adjacent` (-2) or `within-2` (-1) if so near a friendly-Controlled non-Isolated hex, `pp=N` for PP beyond IPC (e.g. `G-26 G-30 within-2; R-31`); Enter: none";

/// Asks for the Isolated Areas, then (if there are any) the Escape stacks.
pub fn ask(s: &mut Session) -> Result<IsolationAnswers, Error> {
    s.say("12.607: report each Isolated Area (overlapping Perimeter Areas with units, and Pockets) and the counters of both sides in it, by the ids each side's own force list gives (`votg force --side S`). votg types each Area from them (READINGS.md C37).");
    let live: BTreeMap<CounterId, ()> = Side::BOTH
        .iter()
        .flat_map(|side| s.state.side(*side).force.live().map(|c| (c.id, ())))
        .collect();
    let line = s
        .prompter
        .checked_list(Side::German, "areas", AREAS, &|t| {
            areas(t, &|id| live.contains_key(&id)).map(|_| ())
        })?;
    let text = line.join(";");
    let area = areas(&text, &|_| true).map_err(Error::Usage)?;
    if area.is_empty() {
        return Ok(IsolationAnswers::default());
    }
    let place = places(&area);
    let line = s
        .prompter
        .checked_list(Side::German, "escapes", STACKS, &|t| {
            stacks(t, &place).map(|_| ())
        })?;
    let escape = stacks(&line.join(";"), &place).map_err(Error::Usage)?;
    Ok(IsolationAnswers {
        outside: vec![],
        area,
        escape,
        fortifications: vec![],
    })
}

const OWN_OUTSIDE: &str = "Your SMC, and your Wrecks or abandoned AFV, still outside your Perimeter Area (12.6069; your ids; Enter: none)";

const OWN_FORTIFICATIONS: &str = "Your Known wire, minefields, Entrenchments and Roadblocks (or revealed at 12.6083) in non-Isolated Locations the enemy Controls, which he may roll to remove at 12.617 (your ids; a minefield is shown as a Known minefield, its strength untold; Enter: none)";

/// The questions of a side's own report, its own ids in the examples.
fn own_questions(side: Side) -> (String, String) {
    let l = CounterId::letter(side);
    (
        format!(
            "Isolated Areas (12.607) with your counters in them, separated by `;`: a name, `:`, your counter ids in it (e.g. `K5: {l}-26 {l}-30; H8: {l}-40`). Name each Area as the other player names it: the two reports are matched by name. Enter: none"
        ),
        format!(
            "Your Escape stacks (12.6073), separated by `;`: unit ids with the SW they portage, then `adjacent` (-2) or `within-2` (-1) if so near a friendly-Controlled non-Isolated hex, `pp=N` for PP beyond IPC (e.g. `{l}-26 {l}-30 within-2; {l}-40`); Enter: none"
        ),
    )
}

/// Two machines (isolation_report): `side`'s own report at the terminal,
/// asked before 12.606 — its SMC outside its Perimeter, its counters in
/// each Isolated Area, its Escape stacks; only its own ids are taken.
pub fn ask_own(
    prompter: &mut crate::rules::prompt::Prompter,
    (tables, state): (
        &crate::rules::tables::Tables,
        &crate::model::state::CampaignState,
    ),
    side: Side,
) -> Result<IsolationAnswers, Error> {
    let live: BTreeMap<CounterId, ()> = state.side(side).force.live().map(|c| (c.id, ())).collect();
    let known = |id: CounterId| live.contains_key(&id);
    let own = |t: &str| only_own(t, side);
    let outside = prompter.checked_list(side, "outside", OWN_OUTSIDE, &|t| {
        own(t)?;
        areas(&format!("outside: {t}"), &known).map(|_| ())
    })?;
    let (own_areas, own_stacks) = own_questions(side);
    let line = prompter.checked_list(side, "areas", &own_areas, &|t| {
        own(t)?;
        areas(t, &known).map(|_| ())
    })?;
    let area = areas(&line.join(";"), &|_| true).map_err(Error::Usage)?;
    let mut escape = Vec::new();
    if !area.is_empty() {
        let place = places(&area);
        let line = prompter.checked_list(side, "escapes", &own_stacks, &|t| {
            stacks(t, &place).map(|_| ())
        })?;
        escape = stacks(&line.join(";"), &place).map_err(Error::Usage)?;
    }
    let words = |v: &[String]| -> Vec<String> {
        v.iter()
            .flat_map(|t| t.split([',', ' ']))
            .filter(|t| !t.is_empty())
            .map(str::to_string)
            .collect()
    };
    let fortifications = ask_fortifications(prompter, (tables, state), side)?;
    Ok(IsolationAnswers {
        outside: words(&outside),
        area,
        escape,
        fortifications: words(&fortifications),
    })
}

/// A report names no id of the other side's: he reports his own.
fn only_own(t: &str, side: Side) -> Result<(), String> {
    let theirs = t
        .split([' ', ',', ';', ':'])
        .filter_map(|w| w.parse::<CounterId>().ok())
        .find(|id| id.side != side);
    match theirs {
        Some(id) => Err(format!(
            "{id} is a {} counter: report only your own; the {} reports his on his machine",
            id.side.name(),
            id.side.name()
        )),
        None => Ok(()),
    }
}

/// The side's Known fortifications the enemy may roll to remove at 12.617,
/// asked only of a side that has any (12.617 removes no other kind).
fn ask_fortifications(
    prompter: &mut crate::rules::prompt::Prompter,
    (tables, state): (
        &crate::rules::tables::Tables,
        &crate::model::state::CampaignState,
    ),
    side: Side,
) -> Result<Vec<String>, Error> {
    let removable: Vec<CounterId> = state
        .side(side)
        .force
        .live()
        .filter(|c| crate::rules::reph::fortification_removal::removable(tables, c).is_some())
        .map(|c| c.id)
        .collect();
    if removable.is_empty() {
        return Ok(Vec::new());
    }
    prompter.checked_list(side, "fortifications", OWN_FORTIFICATIONS, &|t| {
        only_own(t, side)?;
        match t
            .split([',', ' '])
            .filter(|w| !w.is_empty())
            .map(|w| w.parse::<CounterId>())
            .find(|id| id.as_ref().map_or(true, |id| !removable.contains(id)))
        {
            Some(Ok(id)) => Err(format!(
                "{id} is not one of your wire, minefields, Entrenchments or Roadblocks in play"
            )),
            Some(Err(e)) => Err(e),
            None => Ok(()),
        }
    })
}

/// Where each counter named in `area` is.
fn places(area: &[AreaAnswer]) -> BTreeMap<CounterId, String> {
    area.iter()
        .flat_map(|a| {
            a.german
                .iter()
                .chain(&a.russian)
                .filter_map(|t| t.parse().ok())
                .map(|id| (id, a.name.clone()))
        })
        .collect()
}

/// `K5: G-26 G-30 R-31; H8: R-40` → the Areas, each id `known`.
fn areas(text: &str, known: &dyn Fn(CounterId) -> bool) -> Result<Vec<AreaAnswer>, String> {
    let mut out: Vec<AreaAnswer> = Vec::new();
    for part in text.split(';').map(str::trim).filter(|p| !p.is_empty()) {
        let (name, ids) = part
            .split_once(':')
            .ok_or_else(|| format!("`{part}`: write the Area's name, `:`, then its counter ids"))?;
        let name = name.trim().to_string();
        if name.is_empty() || out.iter().any(|a| a.name == name) {
            return Err(format!(
                "`{part}`: each Isolated Area needs a name of its own"
            ));
        }
        let mut area = AreaAnswer {
            name,
            ask_pocket: true,
            ..Default::default()
        };
        for w in ids.split([' ', ',']).filter(|w| !w.is_empty()) {
            let id: CounterId = w.parse()?;
            if !known(id) {
                return Err(format!(
                    "{id} is no counter in play (`votg force --side S`)"
                ));
            }
            if out
                .iter()
                .chain([&area])
                .any(|a| a.ids(id.side).contains(&id.to_string()))
            {
                return Err(format!("{id} is named twice"));
            }
            match id.side {
                Side::German => area.german.push(id.to_string()),
                Side::Russian => area.russian.push(id.to_string()),
            }
        }
        out.push(area);
    }
    Ok(out)
}

/// `G-26 G-30 within-2; R-31` → the stacks, each in the Area its counters
/// are in (`place`).
fn stacks(text: &str, place: &BTreeMap<CounterId, String>) -> Result<Vec<StackAnswer>, String> {
    let mut out = Vec::new();
    for part in text.split(';').map(str::trim).filter(|p| !p.is_empty()) {
        let mut stack = StackAnswer::default();
        let mut area: Option<&String> = None;
        for w in part.split([' ', ',']).filter(|w| !w.is_empty()) {
            match w {
                "adjacent" => stack.adjacent = true,
                "within-2" => stack.within_2 = true,
                _ if w.starts_with("pp=") => {
                    stack.excess_pp = w[3..]
                        .parse()
                        .map_err(|_| format!("`{w}`: write pp=N, N a whole number"))?;
                }
                _ => {
                    let id: CounterId = w.parse()?;
                    let here = place
                        .get(&id)
                        .ok_or_else(|| format!("{id} is in no Isolated Area named above"))?;
                    if area.is_some_and(|a| a != here) {
                        return Err(format!(
                            "`{part}`: a stack's counters are in one Isolated Area"
                        ));
                    }
                    area = Some(here);
                    stack.counters.push(id.to_string());
                }
            }
        }
        stack.within_2 |= stack.adjacent;
        stack.area = area
            .ok_or_else(|| format!("`{part}`: a stack needs its counters' ids"))?
            .clone();
        out.push(stack);
    }
    Ok(out)
}

/// 12.6072, asked only of an Area that ends type A or B: whether it is a
/// Pocket every Controlled Location ADJACENT to which one side Controls
/// (one question: a Pocket of mixed Control and no Pocket end alike).
pub fn pocket_control(s: &mut Session, name: &str) -> Result<Option<Side>, Error> {
    let c = s.prompter.choice(
        Side::German,
        "pocket_control",
        &format!(
            "Isolated Area {name} is of type A or B: is it a Pocket (12.6066) whose ADJACENT Controlled Locations are all Controlled by one side (12.6072)?"
        ),
        &["german", "russian", "no"],
        Some("no"),
    )?;
    Ok(c.parse().ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_12_607_areas_and_stacks_in_one_answer_each() {
        let a = areas("K5: G-26 G-30 R-31; H8: R-40", &|_| true).unwrap();
        assert_eq!(a.len(), 2);
        assert_eq!((a[0].german.len(), a[0].russian.len()), (2, 1));
        assert!(areas("K5: G-26; K5: G-27", &|_| true).is_err());
        assert!(areas("K5: G-26 G-26", &|_| true).is_err());
        assert!(areas("K5 G-26", &|_| true).is_err());
        let place: BTreeMap<CounterId, String> = [("G-26", "K5"), ("G-30", "K5"), ("R-40", "H8")]
            .iter()
            .map(|(id, a)| (id.parse().unwrap(), a.to_string()))
            .collect();
        let st = stacks("G-26 G-30 adjacent pp=1; R-40", &place).unwrap();
        assert_eq!(st.len(), 2);
        assert!(st[0].adjacent && st[0].within_2 && st[0].excess_pp == 1);
        assert_eq!((st[0].area.as_str(), st[1].area.as_str()), ("K5", "H8"));
        assert!(stacks("G-26 R-40", &place).is_err());
        assert!(stacks("G-27", &place).is_err());
    }
}
