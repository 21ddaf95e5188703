//! The answers a player gives at his terminal in a joint step that rolls
//! public dice (12.614's end-of-day questions, say) on two machines: they
//! are committed before he knows both public nonces, so the side that
//! answered performs the step (docs/two-machines.md §5).
//!
//! - The first side at the step answers its questions up to the first
//!   public roll, pledges the answers, and reveals its public nonce (or
//!   waits, where the other has a half of a step before it to do).
//! - The other side, seeing that pledge, answers nothing: he reveals his
//!   own nonce (his answers file, if any, binds his own answers anyway).
//! - The first side then performs the step on his pledged answers.

use super::{Run, ledger, me};
use crate::error::Error;
use crate::model::event::StepRef;
use crate::rules::reph::exchange_dice::FRESH;

/// The other side answered this joint step's questions (pledged) while
/// its dice were unknown to him (`k`, this side's public nonce for it, not
/// revealed yet); this side answers nothing: its nonce goes to him and he
/// performs the step on his pledged answers. `Some(why)` where this half
/// stops so.
pub(super) fn he_performs(
    run: &mut Run,
    id: &str,
    step: &StepRef,
    k: u64,
) -> Result<Option<String>, Error> {
    let me = me(run);
    let l = ledger(run);
    // (The isolation report is pledged as 12.606's: no answer to roll on.)
    let report = matches!(step, StepRef::Joint { step } if step == crate::commands::exchange::isolation::STEP);
    if report || l.public_nonce(me, k).is_some() || !l.pledged_since(me.other(), step) {
        return Ok(None);
    }
    let seed = run.two.as_ref().expect("two machines").seed;
    super::steps::reveal_public(run, me, seed, k)?;
    Ok(Some(format!(
        "{id}: the {} answered its questions before either public nonce was known (committed in a pledge); your public nonce goes with your packet, and he performs the step with both.",
        me.other().name()
    )))
}

/// A joint step stopped for a public nonce after answers of this turn (at
/// the terminal, not committed before): they are pledged before this side
/// reveals its nonce, and given again when it performs the step.
/// Whether this side has answers of its own to the step committed now.
pub(super) fn pledge_fresh(run: &mut Run, step: &StepRef, pledged: usize) -> Result<bool, Error> {
    let Some(d) = run.dice.exchange() else {
        return Ok(pledged > 0);
    };
    if d.answered_at() != Some(FRESH) {
        return Ok(pledged > 0);
    }
    let used = d.used().to_vec();
    let answers = run.prompter.step_answers();
    if answers.len() <= pledged {
        return Ok(pledged > 0);
    }
    let at = crate::model::journal::now();
    run.writer
        .append_pledge(&at, me(run), step.clone(), answers, used, None)?;
    Ok(true)
}

/// The step asked this side (the turn holder) questions of the other
/// side's before its first public roll, and none of its own: he answers
/// them himself first, before either public nonce is known to him, so this
/// side keeps its nonce back (he is not bound by an answers file).
/// `Some(why)` where this half stops so.
pub(super) fn his_first(run: &mut Run, id: &str, mine: bool) -> Option<String> {
    let me = me(run);
    let his = format!("{}.", me.other().id());
    let asked = run
        .prompter
        .step_answers()
        .iter()
        .any(|(a, _)| a.starts_with(&his));
    (asked && !mine && !ledger(run).bound(me.other())).then(|| {
        format!(
            "{id} asks the {} (his own questions) before its public dice: he answers them first, in his turn, and your public nonce follows.",
            me.other().name()
        )
    })
}
