//! One step, as the runner performs it and `votg verify` performs it again:
//! a side's own step, a step both sides do together, the record of a
//! scenario played, or the purchases of `votg buy`.

use crate::error::Error;
use crate::model::event::StepRef;
use crate::model::side::Side;
use crate::model::state::CampaignState;
use crate::rules::reph::sequence::StepExt;
use crate::rules::reph::sequence::{Action, Flow, Scope, StepId};
use crate::rules::reph::session::Session;
use crate::rules::reph::{purchase_step, roster_line, scenario_record};

use super::{close, mark, not_yet};

/// What labels a step's dice (DESIGN §3): the RePh it belongs to — the
/// scenario being prepared, the CG Day, why the RePh runs — and the step.
pub(crate) fn context(state: &CampaignState, step: &StepRef) -> String {
    let c = &state.campaign;
    let step = match step {
        StepRef::Own { side, step } => format!("{side} {step}"),
        StepRef::Joint { step } => step.clone(),
        StepRef::Record { scenario } => format!("record {scenario}"),
        StepRef::Buy { side, .. } => format!("{side} buy"),
        // A side's half of a joint step rolls as the step itself did.
        StepRef::Half { step, .. } => step.clone(),
    };
    let occasion = serde_json::to_value(&c.occasion)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default();
    format!("s{}|{}|{occasion}|{step}", c.scenario, c.cg_day())
}

fn step_id(text: &str) -> Result<StepId, Error> {
    StepId::parse(text).ok_or_else(|| Error::Usage(format!("`{text}` is not a Refit Phase step")))
}

/// Performs `step` in `s`.
pub(crate) fn perform(s: &mut Session, step: &StepRef) -> Result<Flow, Error> {
    match step {
        StepRef::Own { side, step } => {
            let id = step_id(step)?;
            let Action::PerSide(f) = id.step().action else {
                return Err(not_yet(side.name(), id));
            };
            // Answers given in a side's secret step are its secrets; in its
            // open steps, public (whatever block they were asked in).
            let secret = id.step().scope == (Scope::PerSide { secret: true });
            s.prompter.in_secret_block(secret.then_some(*side));
            // A heading is never a step's gist: made only to be read.
            if s.out.listening() {
                // One line: too long for the terminal with the side's name,
                // it goes (his block's banner names him).
                let title = id.step().title;
                let mut heading = format!("== {} — {id} {title} ==", side.name());
                if heading.chars().count() >= crate::rules::prompt_theme::width() {
                    heading = format!("== {id} {title} ==");
                }
                s.say(heading);
            }
            let m = mark(s);
            f(s, *side)?;
            close(s, &[*side], id, Flow::Next, m);
            Ok(Flow::Next)
        }
        StepRef::Joint { step } => {
            let id = step_id(step)?;
            let Action::Joint(f) = id.step().action else {
                return Err(not_yet("both sides", id));
            };
            s.prompter.in_secret_block(None);
            let m = mark(s);
            let flow = f(s)?;
            close(s, &Side::BOTH, id, flow, m);
            Ok(flow)
        }
        StepRef::Record { .. } => {
            scenario_record::record(s)?;
            Ok(Flow::Next)
        }
        StepRef::Buy { side, purchases } => {
            buy(s, *side, purchases)?;
            Ok(Flow::Next)
        }
        // Two machines: the other side's 12.617 removals taken out of this
        // side's force on its half.
        StepRef::Half { step, side, .. } if step == crate::model::exchange::REMOVAL => {
            s.prompter.in_secret_block(None);
            crate::rules::reph::fortification_removal::by_enemy(s, *side)?;
            Ok(Flow::Next)
        }
        // Two machines: what the other side's step did to this side's
        // counters as his prisoners.
        StepRef::Half { step, side, .. } if step == crate::model::exchange::PRISONERS => {
            s.prompter.in_secret_block(None);
            crate::rules::reph::prisoner_fate::by_enemy(s, *side)?;
            Ok(Flow::Next)
        }
        // Two machines: this side's weapons the other side captured by id.
        StepRef::Half { step, side, .. } if step == crate::model::exchange::CAPTURES => {
            s.prompter.in_secret_block(None);
            crate::rules::reph::captures::by_enemy(s, *side)?;
            Ok(Flow::Next)
        }
        // Two machines: the joint step (or scenario record) run again on
        // this side's half.
        StepRef::Half { step, .. } => match step.strip_prefix("record ") {
            Some(n) => perform(
                s,
                &StepRef::Record {
                    scenario: n.parse().unwrap_or_default(),
                },
            ),
            None => perform(s, &StepRef::Joint { step: step.clone() }),
        },
    }
}

/// `votg buy`: `side`'s purchases at 12.621, all or none: its answer
/// `buy`, secret (a campaign of before the chained logs named them in the
/// public event, `purchases`).
fn buy(s: &mut Session, side: Side, named: &[String]) -> Result<(), Error> {
    roster_line::check(s, side)?;
    let purchases = if named.is_empty() {
        s.prompter.in_secret_block(Some(side));
        s.prompter.list(side, "buy", "votg buy")?
    } else {
        let given = named.iter().map(|p| p.as_str().into()).collect();
        s.prompter
            .record_secret(side, "buy", "votg buy", toml::Value::Array(given));
        named.to_vec()
    };
    let quotes = purchase_step::quote_all(s, side, &purchases)?;
    purchase_step::apply(s, side, &quotes);
    let line = s.state.line(side).clone();
    let support = line
        .support_cpp
        .map_or(String::new(), |p| format!(", {} Support CPP", p.left));
    s.say(format!(
        "{} CPP left{support}. `votg undo` takes these purchases back.",
        line.cpp.left
    ));
    Ok(())
}
