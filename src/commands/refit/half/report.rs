//! 12.606 on a half (docs/two-machines.md §8): before the Perimeter is
//! determined each side commits its isolation report (its own counters
//! outside its Perimeter, in each Isolated Area, in its Escape stacks) as
//! a pledge, before it has seen the other's; once both are committed each
//! unseals his, and 12.606-12.607 run on both halves with both reports.

use super::{Run, ledger, me};
use crate::commands::exchange::isolation::{ANSWER, step};
use crate::commands::exchange::track::Setup;
use crate::error::Error;
use crate::model::event::DiceUsed;
use crate::model::event::{Private, PublicKind};
use crate::model::exchange::Exchange;
use crate::model::seed::Seeds;
use crate::model::side::Side;
use crate::rules::output::Output;
use crate::rules::prompt::Prompter;
use crate::rules::reph::isolation_guided::ask_own;
use crate::rules::reph::isolation_record::IsolationAnswers;
use crate::rules::reph::isolation_report::{report, validate};
use crate::rules::reph::session::{CampaignDice, Session};

/// Both reports committed and unsealed, or why this half stops here.
pub(super) fn reports(run: &mut Run) -> Result<Option<String>, Error> {
    let me = me(run);
    let other = me.other();
    let upto = run.writer.opened.events_len() + 1;
    let mine = match ledger(run).report_pledge(me, &step(), upto) {
        Some(n) => n,
        None => seal(run, me)?,
    };
    let upto = run.writer.opened.events_len() + 1;
    let Some(theirs) = ledger(run).report_pledge(other, &step(), upto) else {
        return Ok(Some(format!(
            "12.606: your isolation report (12.606-12.607: your counters outside your Perimeter, in each Isolated Area, your Escape stacks) is committed: a pledge in the public log, its contents in your own. The {} commits his before he sees yours; then each unseals his, and 12.606-12.607 are done with both.",
            other.name()
        )));
    };
    if ledger(run).unsealed(me, mine).is_none() {
        unseal(run, me, mine)?;
    }
    if ledger(run).unsealed(other, theirs).is_none() {
        reveal_early(run, me)?;
        return Ok(Some(format!(
            "12.606: both isolation reports are committed, and yours is unsealed with your packet; the {} unseals his, and 12.606-12.607 are done with both.",
            other.name()
        )));
    }
    Ok(None)
}

/// The second report committed and both sides' answers files binding
/// the whole RePh: this side's public nonce for the next public roll
/// (12.607's Escapes, if any) goes with the report, so the other side
/// performs 12.606-12.607 when he unseals his (a round trip saved). No
/// choice of either side is left that those dice could inform.
fn reveal_early(run: &mut Run, me: Side) -> Result<(), Error> {
    let l = ledger(run);
    let k = super::steps::public_steps(&run.writer.opened.events) + 1;
    if !l.bound(me) || !l.bound(me.other()) || l.public_nonce(me, k).is_some() {
        return Ok(());
    }
    let seed = run.two.as_ref().expect("two machines").seed;
    super::steps::reveal_public(run, me, seed, k)
}

/// This side's report: its answers file's `[isolation]`, or asked at the
/// terminal (its own counters only), committed in a pledge of 12.606.
fn seal(run: &mut Run, me: Side) -> Result<u64, Error> {
    let (answers, typed) = match &run.prompter {
        Prompter::Scripted(a) => (a.isolation.clone().unwrap_or_default(), false),
        Prompter::Terminal { .. } => {
            let step = step();
            *run.step_label.borrow_mut() = step.label();
            run.resume(&step)?;
            // Nothing commits these answers but the report's own pledge.
            if let Some(two) = &run.two {
                *two.setup.borrow_mut() = Setup::default();
            }
            run.prompter.begin_step();
            run.out.say(
                "12.606-12.607 on two machines: report your own counters only; the other player reports his on his machine, and votg types each Isolated Area from both reports.",
            );
            run.out.flush()?;
            let asked = ask_own(&mut run.prompter, (run.tables, &run.state), me);
            run.prompter.take_answered();
            run.prompter.begin_step();
            (asked?, true)
        }
    };
    check(run, &answers)?;
    let report = report(run.tables, &run.state, me, answers, typed)?;
    if !typed {
        // The answers file binds the whole RePh from here: the other side
        // may reveal his public nonce for 12.607 at once.
        let context = ledger(run).reph(run.writer.opened.events_len() + 1);
        super::steps::standing(run, &step(), &context)?;
    }
    let value = serde_json::to_string(&report).expect("a report serialises");
    let at = crate::model::journal::now();
    run.writer.append_pledge(
        &at,
        me,
        step(),
        vec![(ANSWER.into(), toml::Value::String(value))],
        Vec::new(),
        None,
    )
}

/// The report checked as far as this side's own counters decide, on a
/// copy of the campaign, before it is committed (isolation_report::validate).
fn check(run: &Run, answers: &IsolationAnswers) -> Result<(), Error> {
    let mut dice = CampaignDice::seeded(Seeds::from_number(0), DiceUsed::Seed(0));
    let mut prompter = Prompter::Scripted(Default::default());
    let mut out = Output::nowhere();
    let mut s = Session::new(
        (run.tables, run.def),
        run.state.without_journal(),
        &mut dice,
        &mut prompter,
        &mut out,
    );
    validate(&mut s, answers)
}

/// This side's report pledged in event `of`, unsealed: its value and salt.
fn unseal(run: &mut Run, me: Side, of: u64) -> Result<(), Error> {
    let found = run
        .writer
        .opened
        .events
        .private(me)
        .iter()
        .find_map(|(_, p)| match p {
            Private::Pledged {
                of: o,
                salt,
                answers,
                ..
            } if *o == of => match answers.first() {
                Some((_, toml::Value::String(v))) => Some((v.clone(), salt.clone())),
                _ => None,
            },
            _ => None,
        });
    let Some((value, salt)) = found else {
        return Err(Error::Refused(format!(
            "event {of}: your isolation report is not in your own log ({}/log.jsonl): restore it from your backup.",
            me.id()
        )));
    };
    let kind = PublicKind::Exchange(Exchange::Unsealed {
        side: me,
        of,
        value,
        salt,
    });
    let at = crate::model::journal::now();
    run.writer.append(&at, |_| kind, Default::default(), None)?;
    Ok(())
}
