//! 12.606-12.607 on two machines (docs/two-machines.md §8): each side
//! reports only its own counters (SMC outside its Perimeter, its units in
//! each Isolated Area, matched by the Area's name, its Escape stacks) with
//! what the map shows of each counter it names; both reports together are
//! the `[isolation]` of one keyboard, and the other side's counters named
//! in them stand in his force while the steps run on this half.

use serde::{Deserialize, Serialize};

use crate::error::Error;
use crate::model::force::{Counter, CounterId, ForceBox};
use crate::model::side::Side;
use crate::model::state::CampaignState;
use crate::rules::reph::fortification_removal::{Removable, removable};
use crate::rules::reph::isolation_record::{AreaAnswer, IsolationAnswers};
use crate::rules::reph::session::Session;
use crate::rules::tables::Tables;

/// One side's report for 12.606-12.607.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct IsolationReport {
    pub side: Side,
    /// Typed at a terminal: it says nothing of Pockets, which 12.6072 asks
    /// of an Area only if it ends type A or B.
    #[serde(default)]
    pub typed: bool,
    /// Its `[isolation]`, naming only its own counters.
    pub answers: IsolationAnswers,
    /// Each counter it names, as the map shows it to both players: what it
    /// is, where and in what condition; never its RG, notes or Repair
    /// Number.
    pub counters: Vec<Counter>,
    /// Its force's next id (a Casualty Reduced squad's Half-Squad gets it).
    pub next_id: u32,
}

/// The ids an `[isolation]` names, as written.
fn named(a: &IsolationAnswers) -> Vec<&String> {
    a.outside
        .iter()
        .chain(
            a.area
                .iter()
                .flat_map(|x| x.german.iter().chain(&x.russian).chain(&x.ti)),
        )
        .chain(a.escape.iter().flat_map(|e| e.counters.iter()))
        .chain(&a.fortifications)
        .collect()
}

/// The ids named, each once.
fn ids(a: &IsolationAnswers) -> Result<Vec<CounterId>, Error> {
    let mut out = crate::rules::reph::isolation::parse_ids("[isolation]", named(a))?;
    let mut seen = Vec::new();
    out.retain(|id| {
        let first = !seen.contains(id);
        seen.push(*id);
        first
    });
    Ok(out)
}

/// On two machines each side reports only its own counters: the other
/// side's are on his half, and he reports them there.
pub fn own_only(a: &IsolationAnswers, side: Side) -> Result<(), Error> {
    if let Some(id) = ids(a)?.into_iter().find(|id| id.side != side) {
        return Err(Error::Refused(format!(
            "`[isolation]` names {id}, a {} counter: on two machines each player reports only his own counters (12.606-12.607); the {} reports his on his half, naming each Isolated Area as you do, and votg types each Area from both reports (docs/two-machines.md §8). Nothing was changed.",
            id.side.name(),
            side.other().name()
        )));
    }
    Ok(())
}

/// `side`'s report from its `[isolation]`: each counter it names must be a
/// live counter of its force.
pub fn report(
    tables: &Tables,
    state: &CampaignState,
    side: Side,
    answers: IsolationAnswers,
    typed: bool,
) -> Result<IsolationReport, Error> {
    own_only(&answers, side)?;
    let force = &state.side(side).force;
    let mut counters = Vec::new();
    for id in ids(&answers)? {
        let Some(c) = force.get(id).filter(|c| c.place != ForceBox::Casualties) else {
            return Err(Error::Refused(format!(
                "`[isolation]`: {id} is not a live counter of the {} force (see `votg force`). Nothing was changed.",
                side.name()
            )));
        };
        counters.push(Counter {
            unit: shown_unit(tables, c),
            rg: None,
            rg_row: None,
            note: String::new(),
            repair: None,
            ..c.clone()
        });
    }
    counters.sort_by_key(|c| c.id);
    Ok(IsolationReport {
        side,
        typed,
        answers,
        counters,
        next_id: force.next_id,
    })
}

/// A side's own report checked as far as its own counters decide, on a
/// copy of the campaign (`s` is thrown away): 12.606's checks, then the
/// Areas recorded and the Escape stacks checked as 12.607 does (each of
/// mobile, non-TI units of one Area, 12.6073). A report the step would
/// refuse could not be amended once both are unsealed.
pub fn validate(s: &mut Session, a: &IsolationAnswers) -> Result<(), Error> {
    check_fortifications(s, a)?;
    crate::rules::reph::perimeter::check(s, a)?;
    crate::rules::reph::isolation::record_areas(s, &a.area)?;
    crate::rules::reph::escape::stacks(s, a).map(|_| ())
}

/// A report received from the other side is his own and whole: it names
/// only his counters, describes each it names, and no other (a report a
/// cheating votg wrote otherwise is refused, never run).
pub fn check(r: &IsolationReport) -> Result<(), Error> {
    own_only(&r.answers, r.side)?;
    let named = ids(&r.answers)?;
    let described: Vec<CounterId> = r.counters.iter().map(|c| c.id).collect();
    let mut sorted = described.clone();
    sorted.sort();
    sorted.dedup();
    let whole = described
        .iter()
        .all(|id| id.side == r.side && named.contains(id))
        && named.iter().all(|id| described.contains(id))
        && sorted.len() == described.len();
    if whole {
        return Ok(());
    }
    Err(Error::Refused(format!(
        "the {}'s isolation report does not describe exactly the counters it names",
        r.side.name()
    )))
}

/// What the other side sees of a counter: a minefield as a Known
/// minefield, neither A-P nor A-T, its strength untold (12.6083).
fn shown_unit(tables: &Tables, c: &Counter) -> String {
    match removable(tables, c) {
        Some(Removable::Minefield) => tables
            .fortification_purchase
            .item("ap-mine")
            .map_or_else(|| "A-P Mine".into(), |i| i.name.clone()),
        _ => c.unit.clone(),
    }
}

/// Each Known fortification a report names for 12.617: a live
/// wire/minefield/Entrenchment/Roadblock of its side, not Isolated.
fn check_fortifications(s: &Session, a: &IsolationAnswers) -> Result<(), Error> {
    let answer = "isolation.fortifications";
    for id in crate::rules::reph::isolation::ids_of(s, answer, &a.fortifications, None)? {
        let c = crate::rules::reph::isolation::counter(s, id);
        if removable(s.tables, c).is_none() || crate::rules::reph::counters::isolated(c) {
            return Err(Error::Refused(format!(
                "`{answer}`: {id} ({}) is not a wire, minefield, Entrenchment or Roadblock in a non-Isolated Location: 12.617 removes only those. Nothing was changed.",
                c.unit
            )));
        }
    }
    Ok(())
}

/// Both reports as one `[isolation]`: the Areas in the German's order,
/// then those only the Russian named; each with each side's counters, its
/// TI counters of both; the Pocket facts (12.6072) as the reports from
/// answers files give them, which must then agree.
pub fn merge(g: &IsolationReport, r: &IsolationReport) -> Result<IsolationAnswers, Error> {
    let mut area: Vec<AreaAnswer> = Vec::new();
    for rep in [g, r] {
        for a in &rep.answers.area {
            let at = match area.iter().position(|x| x.name == a.name) {
                Some(i) => i,
                None => {
                    area.push(AreaAnswer {
                        name: a.name.clone(),
                        ask_pocket: true,
                        ..Default::default()
                    });
                    area.len() - 1
                }
            };
            let merged = &mut area[at];
            match rep.side {
                Side::German => merged.german.extend(a.german.iter().cloned()),
                Side::Russian => merged.russian.extend(a.russian.iter().cloned()),
            }
            merged.ti.extend(a.ti.iter().cloned());
            if rep.typed {
                continue;
            }
            if !merged.ask_pocket
                && (merged.pocket, merged.adjacent_control) != (a.pocket, a.adjacent_control)
            {
                return Err(Error::Disagreement(format!(
                    "12.607: the two reports differ on Isolated Area {}: the German's says {}, the Russian's {}. Both halves stop here until one side amends its `[isolation]` (docs/two-machines.md §8). Nothing was changed.",
                    a.name,
                    pocket_text(&g.answers, &a.name),
                    pocket_text(&r.answers, &a.name)
                )));
            }
            merged.ask_pocket = false;
            merged.pocket = a.pocket;
            merged.adjacent_control = a.adjacent_control;
        }
    }
    Ok(IsolationAnswers {
        outside: [&g.answers.outside[..], &r.answers.outside[..]].concat(),
        area,
        escape: [&g.answers.escape[..], &r.answers.escape[..]].concat(),
        fortifications: [&g.answers.fortifications[..], &r.answers.fortifications[..]].concat(),
    })
}

/// What an `[isolation]` says of Area `name` being a Pocket (12.6072).
fn pocket_text(a: &IsolationAnswers, name: &str) -> String {
    match a.area.iter().find(|x| x.name == name) {
        None => "nothing (it does not name the Area)".into(),
        Some(x) => format!(
            "pocket = {}, adjacent_control = {}",
            x.pocket,
            x.adjacent_control
                .map_or("none".into(), |s| s.id().to_string())
        ),
    }
}

/// The counters `report` names stand in its side's force (replacing the
/// one of that id; kept in the order of their ids, the order the rules
/// take them in), as on the half that holds them; those `gone` since (his
/// fortifications removed at an earlier 12.617) do not.
pub fn dress(state: &mut CampaignState, report: &IsolationReport, gone: &[CounterId]) {
    let force = &mut state.side_mut(report.side).force;
    force.next_id = report.next_id;
    let counters = force.counters_mut();
    for c in report.counters.iter().filter(|c| !gone.contains(&c.id)) {
        match counters.binary_search_by_key(&c.id, |x| x.id) {
            Ok(i) => counters[i] = c.clone(),
            Err(i) => counters.insert(i, c.clone()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::reph::isolation_record::StackAnswer;

    fn rep(side: Side, typed: bool, areas: &[(&str, &[&str], bool)]) -> IsolationReport {
        IsolationReport {
            side,
            typed,
            answers: IsolationAnswers {
                outside: vec![],
                area: areas
                    .iter()
                    .map(|(name, ids, pocket)| {
                        let ids: Vec<String> = ids.iter().map(|s| s.to_string()).collect();
                        AreaAnswer {
                            name: name.to_string(),
                            pocket: *pocket,
                            german: if side == Side::German {
                                ids.clone()
                            } else {
                                vec![]
                            },
                            russian: if side == Side::Russian { ids } else { vec![] },
                            ..Default::default()
                        }
                    })
                    .collect(),
                escape: vec![StackAnswer {
                    area: areas[0].0.to_string(),
                    counters: vec![areas[0].1[0].to_string()],
                    ..Default::default()
                }],
                fortifications: vec![],
            },
            counters: vec![],
            next_id: 1,
        }
    }

    #[test]
    fn rule_12_607_two_reports_make_one_isolation_by_area_name() {
        let g = rep(Side::German, false, &[("K5", &["G-3", "G-4"], false)]);
        let r = rep(
            Side::Russian,
            false,
            &[("H8", &["R-9"], true), ("K5", &["R-2"], false)],
        );
        let m = merge(&g, &r).unwrap();
        let names: Vec<&str> = m.area.iter().map(|a| a.name.as_str()).collect();
        assert_eq!(names, ["K5", "H8"]);
        assert_eq!(m.area[0].german, ["G-3", "G-4"]);
        assert_eq!(m.area[0].russian, ["R-2"]);
        assert!(m.area[1].pocket && !m.area[1].ask_pocket);
        assert_eq!(m.escape.len(), 2);
        assert_eq!(m.escape[0].counters, ["G-3"]);
    }

    #[test]
    fn rule_12_6072_reports_that_differ_on_a_pocket_stop_both() {
        let g = rep(Side::German, false, &[("K5", &["G-3"], true)]);
        let r = rep(Side::Russian, false, &[("K5", &["R-2"], false)]);
        let e = merge(&g, &r).unwrap_err().to_string();
        assert!(e.contains("Isolated Area K5"), "{e}");
        // A report typed at a terminal says nothing of Pockets: asked in
        // 12.6072 if the Area ends type A or B, unless a file's says.
        let t = rep(Side::Russian, true, &[("K5", &["R-2"], false)]);
        let m = merge(&g, &t).unwrap();
        assert!(m.area[0].pocket && !m.area[0].ask_pocket);
        let both = merge(&rep(Side::German, true, &[("K5", &["G-3"], false)]), &t).unwrap();
        assert!(both.area[0].ask_pocket);
    }

    #[test]
    fn rule_12_606_a_received_report_describes_exactly_what_it_names() {
        let counter = |id: &str| {
            crate::model::force::Counter::from_new(
                id.parse().unwrap(),
                crate::model::force::NewCounter::new(
                    "4-4-7",
                    crate::model::force::UnitKind::Squad,
                    ForceBox::Retained,
                ),
            )
        };
        let mut r = rep(Side::Russian, false, &[("K5", &["R-2"], false)]);
        r.counters = vec![counter("R-2")];
        assert!(check(&r).is_ok());
        r.counters = vec![];
        assert!(check(&r).is_err(), "R-2 named, not described");
        r.counters = vec![counter("R-2"), counter("R-9")];
        assert!(check(&r).is_err(), "R-9 described, not named");
        r.counters = vec![counter("R-2"), counter("G-2")];
        assert!(check(&r).is_err(), "another side's counter");
        r.counters = vec![counter("R-2"), counter("R-2")];
        assert!(check(&r).is_err(), "twice");
    }

    #[test]
    fn rule_12_606_a_side_reports_only_its_own_counters() {
        let mut r = rep(Side::Russian, false, &[("K5", &["R-2"], false)]);
        assert!(own_only(&r.answers, Side::Russian).is_ok());
        r.answers.outside.push("G-4".into());
        let e = own_only(&r.answers, Side::Russian).unwrap_err().to_string();
        assert!(e.contains("names G-4, a German counter"), "{e}");
    }
}
