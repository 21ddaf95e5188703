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

/// Whether a run of `step` takes both reports as its `[isolation]`.
pub fn reads_reports(step: &StepRef) -> bool {
    let id = match step {
        StepRef::Joint { step } | StepRef::Half { step, .. } => step,
        _ => return false,
    };
    id == "12.606" || id == "12.607"
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

/// Whether `side`'s unsealing of event `of` opens its report pledge.
pub fn opens_report(events: &Events, side: Side, of: u64, salt: &str, value: &str) -> bool {
    let Some(e) = events.public.get(of as usize - 1) else {
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
) -> Result<Option<(IsolationAnswers, IsolationReport)>, Error> {
    if !reads_reports(step) {
        return Ok(None);
    }
    let Some([g, r]) = reported(events, upto)? else {
        return Ok(None);
    };
    let merged = isolation_report::merge(&g, &r)?;
    Ok(Some((merged, if held == Side::German { r } else { g })))
}

/// `votg audit`/`verify` where `side`'s own log is here: whether the
/// report he unsealed in event `n` (pledged in event `of`) describes his
/// counters as his force held them then. `Some(how)` where it does not.
pub fn misreported(
    events: &Events,
    n: u64,
    (side, of, value): (Side, u64, &str),
    before: &crate::model::state::CampaignState,
) -> Option<String> {
    let opened = events.public.get(of as usize - 1).is_some_and(|e| {
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
    let truth = isolation_report::report(before, side, r.answers.clone(), r.typed);
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
