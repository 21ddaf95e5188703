//! The rules' order kept across two halves: what a half waits for, and
//! what it reveals once the other side can no longer profit from it (the
//! public nonces kept back, the standing answers committed before its
//! halves, its own steps after his half of 12.609).

use super::{Run, ledger, me};
use crate::error::Error;
use crate::model::event::{PublicKind, StepRef};
use crate::rules::prompt::Prompter;

/// The public nonces of joint steps this side performed without rolling
/// (12.605, 12.611, 12.614, 12.620 always carry one), kept back while the
/// other side could still answer in a step before them: revealed now that
/// he cannot (his halves of those steps done, or his answers bound), so
/// that his half of the step can roll.
pub(super) fn reveal_owed(run: &mut Run) -> Result<(), Error> {
    let me = me(run);
    let other = me.other();
    let l = ledger(run);
    let undone = run.writer.opened.events.undone();
    let pending = l.pending_halves(other);
    let bound = l.bound(other);
    let owed: Vec<u64> = run
        .writer
        .opened
        .events
        .public
        .iter()
        .filter(|e| !undone.contains(&e.n))
        .filter_map(|e| match &e.kind {
            PublicKind::Step {
                step: StepRef::Joint { .. },
                two: Some(t),
                ..
            } if t.by == me => t.public.map(|k| (e.n, k)),
            _ => None,
        })
        .filter(|(n, k)| {
            l.public_nonce(me, *k).is_none() && (bound || !pending.iter().any(|(p, _)| p < n))
        })
        .map(|(_, k)| k)
        .collect();
    let seed = run.two.as_ref().expect("two").seed;
    for k in owed {
        super::steps::reveal_public(run, me, seed, k)?;
    }
    Ok(())
}

/// Before this side's half of the other side's joint step of event `n`:
/// its answers file for the RePh committed, if it is not yet and no public
/// nonce of his for a step this side still has a half of is known (then an
/// answer of it in the half, a claim at 12.605, was committed before the
/// dice it could inform were known to it).
pub(super) fn standing_before_half(run: &mut Run, n: u64, step: &str) -> Result<(), Error> {
    if step.starts_with("record ") || !matches!(run.prompter, Prompter::Scripted(_)) {
        return Ok(());
    }
    let me = me(run);
    let l = ledger(run);
    let known = l.pending_halves(me).iter().any(|(m, _)| {
        matches!(
            run.writer.opened.events.public.get(*m as usize - 1).map(|e| &e.kind),
            Some(PublicKind::Step { two: Some(t), .. })
                if t.public.is_some_and(|k| l.public_nonce(me.other(), k).is_some())
        )
    });
    if known {
        return Ok(());
    }
    let step = StepRef::Half {
        side: me,
        step: step.to_string(),
        of: n,
    };
    super::steps::joint_standing(run, &step)
}

/// 12.609 comes before this side's own steps (12.612 on): while the other
/// side holds units of this side as prisoners and still has his half of
/// 12.609 to do, their fate is not known here, and an answer of this side
/// about them (which MMC Battle Harden) would be given blind. `Some(why)`
/// where its own steps wait for his.
pub(super) fn fates_pending(run: &Run) -> Option<String> {
    let me = me(run);
    let events = &run.writer.opened.events;
    let upto = run.writer.opened.events_len() + 1;
    let held = crate::commands::exchange::told::held(events, upto);
    if !held.iter().any(|(p, _)| p.side == me) {
        return None;
    }
    let pending = ledger(run).pending_halves(me.other());
    pending.iter().any(|(_, step)| step == "12.609").then(|| {
        format!(
            "Your own steps wait: the {} holds units of yours as prisoners and decides their fate in his half of 12.609, which comes before them; go on when his packet comes.",
            me.other().name()
        )
    })
}
