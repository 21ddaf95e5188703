//! The campaign as the fold of its events (DESIGN §3): each public event
//! in order, with each side's private part of it, every step taken back
//! (`Undone`, and not `Redone` since) left out. The fold applies recorded
//! facts; it runs no rules.

use std::collections::{BTreeMap, BTreeSet};

use super::event::{Private, Public, PublicKind, StepRef};
use super::facts::{self, Fact, Parts};
use super::row::LoggedRow;
use crate::model::journal::JournalRow;
use crate::model::side::{Cg, Side};
use crate::model::state::CampaignState;

/// A side's private events, with the line each came from.
pub type PrivateLog = Vec<(usize, Private)>;

/// The logs as read: public events, and each side's private events (a side
/// whose log this folder does not hold has none).
#[derive(Debug, Clone, Default)]
pub struct Events {
    pub public: Vec<Public>,
    pub german: PrivateLog,
    pub russian: PrivateLog,
}

impl Events {
    pub fn private(&self, side: Side) -> &PrivateLog {
        match side {
            Side::German => &self.german,
            Side::Russian => &self.russian,
        }
    }

    /// Public events taken back and not restored.
    pub fn undone(&self) -> BTreeSet<u64> {
        let mut undone = BTreeSet::new();
        for e in &self.public {
            match e.kind {
                PublicKind::Undone { target } => {
                    undone.insert(target);
                }
                PublicKind::Redone { target } => {
                    undone.remove(&target);
                }
                _ => {}
            }
        }
        undone
    }

    /// Each side's part of each public event, by event number.
    fn parts(&self) -> BTreeMap<(u64, Side), &Private> {
        let mut parts = BTreeMap::new();
        for side in Side::BOTH {
            for (_, p) in self.private(side) {
                if let Some(of) = p.of() {
                    parts.insert((of, side), p);
                }
            }
        }
        parts
    }
}

/// The campaign folded, and what the commands need to know of its events.
#[derive(Debug, Clone)]
pub struct Folded {
    pub state: CampaignState,
    pub cg: Cg,
    /// `votg new --seed N`: a test campaign.
    pub test_seed: Option<u64>,
    /// The steps that count, newest last: (event number, step).
    pub steps: Vec<(u64, StepRef)>,
}

/// What one event brings: its public facts and rows, then each side's, the
/// rows in the order they were written.
struct Brought<'a> {
    facts: Vec<&'a Fact>,
    rows: Vec<(Option<Side>, &'a LoggedRow)>,
}

/// The event's public rows with each side's secret rows put back among them
/// where they were written.
fn interleave<'a>(
    public: &'a [LoggedRow],
    sides: &[(Side, &'a [LoggedRow], &'a [usize])],
) -> Vec<(Option<Side>, &'a LoggedRow)> {
    let mut out = Vec::with_capacity(public.len());
    for k in 0..=public.len() {
        for (side, rows, after) in sides {
            for (i, r) in rows.iter().enumerate() {
                // A part without positions (an older log) puts its rows last.
                let at = after.get(i).copied().unwrap_or(public.len());
                if at == k {
                    out.push((Some(*side), r));
                }
            }
        }
        if let Some(r) = public.get(k) {
            out.push((None, r));
        }
    }
    out
}

fn brought<'a>(e: &'a Public, parts: &BTreeMap<(u64, Side), &'a Private>) -> Brought<'a> {
    let (facts, rows): (&[Fact], &[LoggedRow]) = match &e.kind {
        PublicKind::Created { facts, rows, .. }
        | PublicKind::Imported { facts, rows, .. }
        | PublicKind::Step { facts, rows, .. }
        | PublicKind::Adjusted { facts, rows, .. } => (facts, rows),
        PublicKind::Undone { .. } | PublicKind::Redone { .. } | PublicKind::Exchange(_) => {
            (&[], &[])
        }
    };
    let mut b = Brought {
        facts: facts.iter().collect(),
        rows: Vec::new(),
    };
    let mut secret = Vec::new();
    for side in Side::BOTH {
        if let Some(Private::Part {
            facts, rows, after, ..
        }) = parts.get(&(e.n, side))
        {
            b.facts.extend(facts.iter());
            secret.push((side, rows.as_slice(), after.as_slice()));
        }
    }
    b.rows = interleave(rows, &secret);
    b
}

/// Whether the campaign was split from one keyboard (`votg split`).
pub fn is_split(events: &Events) -> bool {
    events.public.iter().any(|e| {
        matches!(
            e.kind,
            PublicKind::Exchange(super::exchange::Exchange::Split { .. })
        )
    })
}

/// At a split (`votg split`), the Initial OB of each side whose private log
/// this folder does not hold (the other side's, in a half): what a half
/// knows of his forces, as after `votg new --side`.
pub fn split_initial<'a>(events: &Events, e: &'a Public) -> Vec<&'a Fact> {
    let PublicKind::Exchange(super::exchange::Exchange::Split { initial, .. }) = &e.kind else {
        return Vec::new();
    };
    initial
        .iter()
        .filter(|f| f.side().is_some_and(|s| events.private(s).is_empty()))
        .collect()
}

/// An adjustment, as a step: the side's own, or a public one.
pub fn adjusted(side: Option<Side>) -> StepRef {
    match side {
        Some(side) => StepRef::Own {
            side,
            step: "adjust".into(),
        },
        None => StepRef::Joint {
            step: "adjust".into(),
        },
    }
}

/// Folds the events into the campaign. Errors name the event.
pub fn fold(events: &Events) -> Result<Folded, (u64, String)> {
    let undone = events.undone();
    let parts = events.parts();
    let mut parts_so_far = Parts::default();
    let mut state: Option<CampaignState> = None;
    let mut cg = None;
    let mut test_seed = None;
    let mut steps = Vec::new();
    let mut seq = [0u64; 3];
    let mut journal: Vec<JournalRow> = Vec::new();
    let halves = is_split(events);
    for e in &events.public {
        if undone.contains(&e.n) {
            continue;
        }
        match &e.kind {
            PublicKind::Created {
                cg: c,
                test_seed: t,
                schema,
                votg,
                ..
            } => {
                if *schema > super::event::LOG_SCHEMA {
                    return Err((
                        e.n,
                        format!(
                            "written by votg {votg} in schema {schema}; this votg {} reads schema {}: use that votg or a newer one",
                            crate::VERSION,
                            super::event::LOG_SCHEMA
                        ),
                    ));
                }
                cg = Some(*c);
                test_seed = *t;
            }
            PublicKind::Step { step, .. } => steps.push((e.n, step.clone())),
            PublicKind::Adjusted { side, .. } => steps.push((e.n, adjusted(*side))),
            _ => {}
        }
        if let (Some(s), PublicKind::Step { step, facts, .. }) = (&state, &e.kind) {
            own_cvp_only(s, step, facts).map_err(|m| (e.n, m))?;
        }
        let mut b = brought(e, &parts);
        b.facts.extend(split_initial(events, e));
        for fact in b.facts {
            match &mut state {
                Some(s) => facts::apply(s, fact).map_err(|m| (e.n, m))?,
                None => parts_so_far.take(fact.clone()).map_err(|m| (e.n, m))?,
            }
        }
        if state.is_none()
            && matches!(
                e.kind,
                PublicKind::Created { .. } | PublicKind::Imported { .. }
            )
        {
            let whole = std::mem::take(&mut parts_so_far)
                .whole_of(halves)
                .map_err(|m| (e.n, m))?;
            state = Some(whole);
        }
        for (side, row) in b.rows {
            let k = side.map_or(0, |s| 1 + s as usize);
            seq[k] += 1;
            journal.push(row.to_row(seq[k], &e.at));
        }
    }
    let mut state = state.ok_or((
        1,
        "the log holds no whole creation of the campaign (`votg new` was cut short?): make the campaign again with `votg new`".to_string(),
    ))?;
    state.journal = journal;
    let cg = cg.unwrap_or(state.campaign.cg);
    Ok(Folded {
        state,
        cg,
        test_seed,
        steps,
    })
}

/// Two machines: a side's half of the other side's joint step adds to the
/// public record only its own side's RePh Casualty VP (12.12), which his
/// run could not count; anything else public in it is refused.
fn own_cvp_only(
    state: &crate::model::state::CampaignState,
    step: &StepRef,
    facts: &[Fact],
) -> Result<(), String> {
    let StepRef::Half { side, .. } = step else {
        return Ok(());
    };
    for f in facts {
        let ok = match f {
            Fact::Day {
                index,
                day: Some(day),
            } => state.campaign.days.get(*index).is_some_and(|was| {
                let mut same = (**day).clone();
                *same.reph_cvp.of_mut(*side) = *was.reph_cvp.of(*side);
                same == *was && day.reph_cvp.of(*side) >= was.reph_cvp.of(*side)
            }),
            _ => false,
        };
        if !ok {
            return Err(format!(
                "the {}'s half of a joint step changes the public record beyond his own RePh Casualty VP",
                side.name()
            ));
        }
    }
    Ok(())
}
