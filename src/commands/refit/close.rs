//! The end of each step: the journal holds every step of the sequence (a
//! step with nothing to do and each step passed over get a row saying so),
//! and the sides move on.

use crate::model::campaign::Position;
use crate::model::journal::Entry;
use crate::model::side::Side;
use crate::model::state::CampaignState;
use crate::rules::reph::sequence::StepExt;
use crate::rules::reph::sequence::{self, Flow, Scope, StepId};
use crate::rules::reph::session::Session;

/// Where a step begins: the journal's length (what was said before is
/// forgotten), for [`close`] to tell whether the step journalled anything.
pub(crate) fn mark(s: &mut Session) -> usize {
    s.out.take_gist();
    s.state.journal.len()
}

/// Ends step `id` for `sides` (begun at `mark`) so that the journal holds
/// every step of the sequence: a step that journalled nothing gets
/// a row saying so, with what it said; then `sides` move on, and each step
/// of the sequence they pass over gets a row saying why it is not done.
pub(crate) fn close(s: &mut Session, sides: &[Side], id: StepId, flow: Flow, mark: usize) {
    s.journal_answers(|_| id.to_string());
    s.concerning([]);
    if s.state.journal.len() == mark {
        let why = s.out.take_gist().unwrap_or_default();
        let result = match why.as_str() {
            "" => "nothing to do".to_string(),
            // The step said so in its own words.
            w if crate::rules::output::says_nothing(w) => w.to_string(),
            w => format!("done without a roll or choice: {w}"),
        };
        for side in one_row_for(sides, id) {
            let secret = id.step().scope == (Scope::PerSide { secret: true });
            let what = format!("{id} {}", id.step().title);
            let entry =
                Entry::decision(id.as_str(), side, secret, what, result.clone(), id.as_str());
            s.journal(entry);
        }
    }
    advance(&mut s.state, sides, id, flow);
    journal_passed_over(s, sides, id, flow);
}

/// Who a row of step `id` closed for `sides` belongs to: a joint step closed
/// for both sides has one public row, any other one row per side.
fn one_row_for(sides: &[Side], id: StepId) -> Vec<Option<Side>> {
    if sides.len() == 2 && id.step().scope == Scope::Joint {
        vec![None]
    } else {
        sides.iter().map(|&s| Some(s)).collect()
    }
}

/// A row for each step between `id` and where `sides` now stand that this
/// RePh does not perform (C1's markers, an Idle Day, a RePh finished early).
fn journal_passed_over(s: &mut Session, sides: &[Side], id: StepId, flow: Flow) {
    let Some(&first) = sides.first() else {
        return;
    };
    let to = s.state.campaign.step.of(first).step();
    let why = match flow {
        // The CG is over (12.614): nothing after it is a step of this CG.
        Flow::Finish if s.state.campaign.result.is_some() => return,
        Flow::Finish => format!("{id} made the scenario ready to play"),
        Flow::IdleDay => "no scenario on an Idle Day (12.6253, READINGS.md C23)".to_string(),
        Flow::Next | Flow::Pause => match s.state.campaign.occasion.occasion() {
            sequence::Occasion::BeforeCounterattack => {
                "skipped before a Russian Counterattack (12.613, READINGS.md C1 ‡)".to_string()
            }
            sequence::Occasion::IdleDayLoop => {
                "not repeated after an Idle Day (12.6253, READINGS.md C1 *)".to_string()
            }
            sequence::Occasion::Initial => {
                "not performed before an Initial Scenario (12.5, READINGS.md C1 †)".to_string()
            }
            sequence::Occasion::AfterScenario => String::new(),
        },
    };
    let passed = sequence::SEQUENCE.iter().filter(|st| {
        st.id > id
            && (matches!(flow, Flow::IdleDay | Flow::Finish) || to.is_some_and(|t| st.id < t))
    });
    for st in passed {
        for side in one_row_for(sides, st.id) {
            let secret = st.scope == (Scope::PerSide { secret: true });
            let what = format!("{} {}", st.id, st.title);
            let result = format!("not done: {why}");
            s.journal(Entry::decision(
                st.id.as_str(),
                side,
                secret,
                what,
                result,
                st.id.as_str(),
            ));
        }
    }
}

/// Moves `sides` past `id`: to the next step of the occasion (as it stands
/// after the step, so a declared Counterattack or an Idle Day is obeyed).
fn advance(state: &mut CampaignState, sides: &[Side], id: StepId, flow: Flow) {
    let occasion = state.campaign.occasion.occasion();
    let to = match flow {
        Flow::Next | Flow::Pause => {
            sequence::next(occasion, id).map_or(Position::Done, Position::At)
        }
        Flow::IdleDay => Position::At(sequence::idle_day_loop_start()),
        Flow::Finish => Position::Done,
    };
    for &side in sides {
        state.campaign.step.set(side, to);
    }
}
