//! 12.606-12.607 on two machines (docs/two-machines.md §8): each side's
//! isolation report — its own counters outside its Perimeter, in each
//! Isolated Area (by name) and in its Escape stacks — is committed as a
//! pledge of step 12.606 before it has seen the other's, and unsealed once
//! both are committed. Both steps then run on each half with the two
//! reports as their `[isolation]`, the other side's reported counters
//! standing in his force.

use crate::error::Error;
use crate::model::event::{Private, PublicKind, StepRef};
use crate::model::exchange::Exchange;
use crate::model::fold::Events;
use crate::model::ledger::Ledger;
use crate::model::side::Side;
use crate::rules::reph::isolation_record::IsolationAnswers;
use crate::rules::reph::isolation_report::{self, IsolationReport};

/// The step a report is pledged for, and the name of its one answer.
pub const STEP: &str = "12.606";
pub const ANSWER: &str = "isolation.report";

/// The pledge that commits a side's report.
pub fn step() -> StepRef {
    StepRef::Joint { step: STEP.into() }
}

/// Whether a run of `step` reads both reports: 12.606-12.607 as their
/// `[isolation]`, a side's own 12.617 for the other side's Known
/// fortifications it may roll to remove.
pub fn reads_reports(step: &StepRef) -> bool {
    match step {
        StepRef::Joint { step } | StepRef::Half { step, .. } => {
            step == "12.606" || step == "12.607"
        }
        StepRef::Own { step, .. } => step == "12.617",
        _ => false,
    }
}

/// `side`'s fortifications the other side's 12.617 Eliminated in the
/// Refit Phase of event `upto`, before it (an Idle Day repeats 12.617).
pub fn removed(events: &Events, side: Side, upto: u64) -> Vec<crate::model::force::CounterId> {
    let start = Ledger::new(events, side).reph_start(upto);
    let undone = events.undone();
    events
        .public
        .iter()
        .filter(|e| e.n > start && e.n < upto && !undone.contains(&e.n))
        .filter_map(|e| match &e.kind {
            PublicKind::Step { two: Some(t), .. } if t.by != side => Some(&t.eliminated),
            _ => None,
        })
        .flatten()
        .filter(|id| id.side == side)
        .copied()
        .collect()
}

/// The private line of a report pledge, as `append_pledge` writes it:
/// what its unsealing is checked against.
pub fn pledged_line(of: u64, salt: &str, value: &str) -> String {
    let part = Private::Pledged {
        of,
        salt: salt.into(),
        answers: vec![(ANSWER.into(), toml::Value::String(value.into()))],
        epochs: Vec::new(),
        standing: String::new(),
        context: String::new(),
    };
    serde_json::to_string(&part).expect("events serialise")
}

/// A report unsealed in a packet, read and checked (`isolation_report::
/// check`) before anything is applied; `Err(why)` where it is not one.
pub fn received(side: Side, value: &str) -> Result<(), String> {
    let r: IsolationReport = serde_json::from_str(value)
        .map_err(|e| format!("unseals an isolation report that does not read ({e})"))?;
    if r.side != side {
        return Err("unseals an isolation report of the other side".into());
    }
    isolation_report::check(&r)
        .map_err(|e| format!("unseals an isolation report that is not whole: {e}"))
}

/// Whether `side`'s unsealing of event `of` opens its report pledge.
pub fn opens_report(events: &Events, side: Side, of: u64, salt: &str, value: &str) -> bool {
    let Some(e) = events.public.get((of as usize).wrapping_sub(1)) else {
        return false;
    };
    match &e.kind {
        PublicKind::Exchange(Exchange::Pledge {
            side: s,
            step: st,
            commit,
            standing: false,
        }) if *s == side && *st == step() => {
            commit.get(&side).map(String::as_str)
                == Some(crate::store::log::commitment(&pledged_line(of, salt, value)).as_str())
        }
        _ => false,
    }
}

/// `side`'s report of the Refit Phase of event `upto`, once unsealed.
fn unsealed(events: &Events, side: Side, upto: u64) -> Result<Option<IsolationReport>, Error> {
    let l = Ledger::new(events, side);
    let Some(of) = l.report_pledge(side, &step(), upto) else {
        return Ok(None);
    };
    let Some(text) = l.unsealed(side, of) else {
        return Ok(None);
    };
    let r: IsolationReport = serde_json::from_str(text).map_err(|e| {
        Error::Refused(format!(
            "event {of}: the {}'s isolation report cannot be read: {e}",
            side.name()
        ))
    })?;
    if r.side != side {
        return Err(Error::Refused(format!(
            "event {of}: the {}'s isolation report says it is the {}'s",
            side.name(),
            r.side.name()
        )));
    }
    isolation_report::check(&r).map_err(|e| Error::Refused(format!("event {of}: {e}")))?;
    Ok(Some(r))
}

/// Both reports of the Refit Phase of event `upto`, if both are unsealed.
pub fn reported(events: &Events, upto: u64) -> Result<Option<[IsolationReport; 2]>, Error> {
    match (
        unsealed(events, Side::German, upto)?,
        unsealed(events, Side::Russian, upto)?,
    ) {
        (Some(g), Some(r)) => Ok(Some([g, r])),
        _ => Ok(None),
    }
}

/// For a run of `step` (public event `upto`) on the half of `held`: both
/// reports as the step's `[isolation]`, and the other side's report, whose
/// counters stand in his force for the run (`isolation_report::dress`).
/// `None` where the step reads no reports.
pub fn for_step(
    events: &Events,
    upto: u64,
    step: &StepRef,
    held: Side,
) -> Result<Option<Reported>, Error> {
    if !reads_reports(step) {
        return Ok(None);
    }
    let Some([g, r]) = reported(events, upto)? else {
        return Ok(None);
    };
    let merged = isolation_report::merge(&g, &r)?;
    let his = if held == Side::German { r } else { g };
    let gone = removed(events, his.side, upto);
    Ok(Some(Reported {
        answers: merged,
        his,
        gone,
        removal: matches!(step, StepRef::Own { .. }),
    }))
}

/// What a run on a half takes from both reports.
pub struct Reported {
    /// Both as one `[isolation]`.
    pub answers: IsolationAnswers,
    /// The other side's: his counters stand in his force for the run.
    pub his: IsolationReport,
    /// His reported fortifications removed since (they stand no more).
    pub gone: Vec<crate::model::force::CounterId>,
    /// For a side's own 12.617: only the fortifications his report names
    /// as Known stand in his force (none of his Initial OB's beside them).
    pub removal: bool,
}

impl Reported {
    /// His reported counters stand in `state`; both reports' answers.
    pub fn dress(self, state: &mut crate::model::state::CampaignState) -> IsolationAnswers {
        if self.removal {
            let force = &mut state.side_mut(self.his.side).force;
            force
                .counters_mut()
                .retain(|c| c.kind != crate::model::force::UnitKind::Fortification);
        }
        isolation_report::dress(state, &self.his, &self.gone);
        self.answers
    }
}

/// `votg audit`/`verify` where `side`'s own log is here: whether the
/// report he unsealed in event `n` (pledged in event `of`) describes his
/// counters as his force held them then. `Some(how)` where it does not.
pub fn misreported(
    events: &Events,
    n: u64,
    (side, of, value): (Side, u64, &str),
    before: &crate::model::state::CampaignState,
    tables: &crate::rules::tables::Tables,
) -> Option<String> {
    let opened = events.public.get((of as usize).wrapping_sub(1)).is_some_and(|e| {
        matches!(&e.kind, PublicKind::Exchange(Exchange::Pledge { side: s, step: st, standing: false, .. }) if *s == side && *st == step())
    });
    if !opened {
        return None;
    }
    let at = format!(
        "event {n} (the {}'s isolation report, 12.606-12.607)",
        side.name()
    );
    let Ok(r) = serde_json::from_str::<IsolationReport>(value) else {
        return Some(format!("{at}: it cannot be read"));
    };
    let truth = isolation_report::report(tables, before, side, r.answers.clone(), r.typed);
    match truth {
        Ok(t) if t == r => None,
        Ok(t) => {
            let said = t
                .counters
                .iter()
                .zip(&r.counters)
                .find(|(a, b)| a != b)
                .map(|(a, b)| {
                    format!(
                        "it describes {} as {} {:?}, his force had {} {:?}",
                        b.id, b.unit, b.condition, a.unit, a.condition
                    )
                })
                .unwrap_or_else(|| "its counters are not his force's".into());
            Some(format!("{at}: {said}"))
        }
        Err(e) => Some(format!("{at}: {e}")),
    }
}

/// For `side`'s `12.617 removal` half of event `of` (run as event `upto`):
/// his fortifications the other side's 12.617 Eliminated, each one his own
/// report of this Refit Phase named as Known, else both halves stop.
pub fn removed_in(
    events: &Events,
    step: &StepRef,
    upto: u64,
) -> Result<Vec<crate::model::force::CounterId>, Error> {
    let StepRef::Half { side, step, of } = step else {
        return Ok(Vec::new());
    };
    if step != crate::model::exchange::REMOVAL {
        return Ok(Vec::new());
    }
    let ids: Vec<_> = match events
        .public
        .get((*of as usize).wrapping_sub(1))
        .map(|e| &e.kind)
    {
        Some(PublicKind::Step { two: Some(t), .. }) => t
            .eliminated
            .iter()
            .filter(|id| id.side == *side)
            .copied()
            .collect(),
        _ => Vec::new(),
    };
    let known = unsealed(events, *side, upto)?
        .map(|r| r.answers.fortifications)
        .unwrap_or_default();
    if let Some(id) = ids
        .iter()
        .find(|id| !known.iter().any(|k| k.trim() == id.to_string()))
    {
        return Err(Error::Disagreement(format!(
            "12.617: the {}'s removal Eliminates {id}, which your isolation report of this Refit Phase did not name as Known. Both halves stop here (docs/two-machines.md §8). Nothing was changed.",
            side.other().name()
        )));
    }
    Ok(ids)
}

/// The counters of `side` the facts put in Casualties: his fortifications
/// a 12.617 removal DR Eliminated.
pub fn removed_of(
    all: &[crate::model::facts::Fact],
    side: Side,
) -> Vec<crate::model::force::CounterId> {
    all.iter()
        .filter_map(|f| match f {
            crate::model::facts::Fact::Counter {
                side: s,
                counter: Some(c),
                ..
            } if *s == side && c.place == crate::model::force::ForceBox::Casualties => Some(c.id),
            _ => None,
        })
        .collect()
}

/// For `votg status` on a half: where the isolation reports of the current
/// Refit Phase stand, while 12.606-12.607 wait for them (empty otherwise).
pub fn standing(events: &Events, me: Side) -> String {
    let upto = events.public.len() as u64 + 1;
    let l = Ledger::new(events, me);
    let pledged = |side: Side| l.report_pledge(side, &step(), upto);
    let opened = |side: Side| pledged(side).is_some_and(|n| l.unsealed(side, n).is_some());
    if Side::BOTH.iter().all(|s| opened(*s)) || Side::BOTH.iter().all(|s| pledged(*s).is_none()) {
        return String::new();
    }
    let say = |side: Side| match (pledged(side), opened(side)) {
        (None, _) => "not committed yet",
        (Some(_), false) => "committed, sealed",
        (Some(_), true) => "committed and unsealed",
    };
    format!(
        " Isolation reports (12.606): yours {}, the {}'s {}.",
        say(me),
        me.other().name(),
        say(me.other())
    )
}
