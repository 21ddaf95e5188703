//! `votg refit` and `votg buy`: the RePh from where the campaign stands, one
//! step at a time, each appended to the logs as one event (and so one
//! `votg undo`). The runner walks `reph::sequence` and nothing else: which
//! steps an occasion has, who performs each, and which function carries it
//! out are all there.

use std::path::Path;

use crate::commands::{Config as Global, Sides as SideChoice};
use crate::error::Error;
use crate::model::campaign::Position;
use crate::model::event::{PublicKind, StepRef};
use crate::model::facts;
use crate::model::side::Side;
use crate::model::state::CampaignState;
use crate::rules::answers::Answers;
use crate::rules::cg_def::{self, CgDef};
use crate::rules::output::Output;
use crate::rules::prompt::Prompter;
use crate::rules::reph::scenario_record;
use crate::rules::reph::sequence::StepExt;
use crate::rules::reph::sequence::{Flow, Scope, StepId};
use crate::rules::reph::session::{CampaignDice, Session, campaign_dice};
use crate::rules::tables::Tables;
use crate::store::{Writer, split};

mod buy;
mod close;
mod half;
mod perform;
mod resume;
mod walk;

pub use buy::buy;
pub(crate) use close::{close, mark};
pub(crate) use half::refuse_dice_flags;
pub(crate) use perform::{context, perform};

pub(crate) struct Run<'a> {
    writer: &'a mut Writer,
    tables: &'a Tables,
    def: &'a CgDef,
    state: CampaignState,
    dice: CampaignDice,
    prompter: Prompter,
    out: Output,
    /// The labels of the steps this run did, for a later refusal to name
    /// them.
    committed: Vec<String>,
    /// `--until STEP`: no step numbered after it is started in this run.
    until: Option<StepId>,
    /// The step being done, as the drafts typed in it are named.
    step_label: std::rc::Rc<std::cell::RefCell<String>>,
    /// Steps are on record whose views are not yet written: an unattended
    /// run writes them once, when it ends (DESIGN §3: after each command);
    /// at a terminal, after each step, while the players read.
    views_behind: bool,
    /// Two machines (DESIGN §9): this half's side and how the step is played.
    two: Option<half::TwoPlay>,
}

impl<'a> Run<'a> {
    fn new(
        writer: &'a mut Writer,
        tables: &'a Tables,
        def: &'a CgDef,
        prompter: Prompter,
        global: &Global,
    ) -> Result<Run<'a>, Error> {
        let seeds = writer.opened.seeds.ok_or_else(|| {
            Error::Refused(format!(
                "{}: a side's dice key (german/dice.toml or russian/dice.toml) is missing, so no roll of that side can be made. Restore it from your backup.",
                writer.dir().display()
            ))
        })?;
        let dice = campaign_dice(&global.dice_choice()?, seeds)?;
        Ok(Run::with_dice(writer, tables, def, prompter, dice))
    }

    fn with_dice(
        writer: &'a mut Writer,
        tables: &'a Tables,
        def: &'a CgDef,
        prompter: Prompter,
        dice: CampaignDice,
    ) -> Run<'a> {
        let state = writer.opened.state().clone();
        let step_label = std::rc::Rc::new(std::cell::RefCell::new(String::new()));
        let mut prompter = prompter;
        if prompter.at_terminal() {
            // DESIGN §6: every answer typed is kept at once as a draft.
            let drafts = writer.drafts(step_label.clone());
            prompter.keep_drafts(std::rc::Rc::new(std::cell::RefCell::new(
                move |a: &crate::rules::answered::Answered| drafts.keep(a.side, &a.id(), &a.value),
            )));
        }
        Run {
            step_label,
            writer,
            tables,
            def,
            state,
            dice,
            prompter,
            out: Output::stdout(),
            committed: Vec::new(),
            until: None,
            views_behind: false,
            two: None,
        }
    }

    /// Performs `step` and appends it to the logs as one event. At a
    /// terminal a refused answer is asked again, saying why, and `back`
    /// takes the last answer back; the other answers of the step are given
    /// again as they were typed (and dice by label are the same dice).
    fn step(&mut self, step: StepRef) -> Result<Flow, Error> {
        *self.step_label.borrow_mut() = step.label();
        if self.prompter.at_terminal() {
            self.resume(&step)?;
        }
        loop {
            self.prompter.begin_step();
            let e = match self.attempt(&step) {
                Ok(flow) => return Ok(flow),
                Err(e) => e,
            };
            self.prompter.take_answered();
            let typed = self.prompter.step_answers();
            if !self.prompter.at_terminal() {
                return Err(e);
            }
            let mut again = typed;
            match e {
                Error::TakeBack => {
                    let back = again.pop();
                    self.out.say(&format!(
                        "Taken back: {}. The step starts again; its other answers are given again.",
                        back.map_or(String::new(), |(id, v)| format!("{id} = {v}"))
                    ));
                    self.prompter.offer(&again, None);
                }
                e @ (Error::Refused(_) | Error::PurchaseRefused(_)) => {
                    let last = again.pop();
                    self.out.say(&format!(
                        "{e}\nAsked again: the answers before it are given again, and the last one is asked again (↑ brings it back to change; Enter alone takes its default)."
                    ));
                    self.prompter.offer(&again, last);
                }
                e => return Err(e),
            }
            self.out.flush()?;
        }
    }

    /// One try of `step` on a copy of the campaign, appended to the logs if
    /// it succeeds; a step that fails changes nothing. What the step said
    /// is written only once it is in the logs.
    fn attempt(&mut self, step: &StepRef) -> Result<Flow, Error> {
        let step = step.clone();
        self.prompter.set_day(self.state.campaign.cg_day());
        self.dice.begin_step(&context(&self.state, &step));
        let (reported, removed, view) = match self.two.is_some() {
            true => {
                half::prepare(self, &step)?;
                (
                    half::reported(self, &step)?,
                    half::removed(self, &step)?,
                    Some(half::view(self, &step)),
                )
            }
            false => (None, Vec::new(), None),
        };
        // The journal is moved into the copy, not copied; a failed step's
        // rows are cut off again.
        let journal = std::mem::take(&mut self.state.journal);
        let kept = journal.len();
        let mut copy = self.state.clone();
        copy.journal = journal;
        let reported = reported.map(|r| r.dress(&mut copy));
        let mut session = Session {
            reported,
            removed,
            half: view,
            ..Session::new(
                (self.tables, self.def),
                copy,
                &mut self.dice,
                &mut self.prompter,
                &mut self.out,
            )
        };
        let standing = self.state.campaign.step.clone();
        let flow = match perform(&mut session, &step) {
            Ok(flow) => flow,
            Err(e) => {
                let mut failed = session.state.journal;
                failed.truncate(kept);
                self.state.journal = failed;
                self.out.discard();
                return Err(e);
            }
        };
        session.journal_answers(|side| standing.of(side).to_string());
        let told = std::mem::take(&mut session.told);
        let next = session.state;
        if let Some(two) = self.two.as_mut() {
            two.told = told;
        }
        let written = if self.two.is_some() {
            half::commit(self, &step, &next, kept)
        } else {
            append_step(
                self.writer,
                self.tables,
                &self.dice,
                &self.prompter,
                &step,
                &self.state,
                &next,
                kept,
            )
            .map(|()| None)
        };
        let next = match written {
            Ok(None) => next,
            Ok(Some(kept_state)) => kept_state,
            Err(e) => {
                let mut journal = next.journal;
                journal.truncate(kept);
                self.state.journal = journal;
                self.out.discard();
                return Err(e);
            }
        };
        // The step is on record from here on, whatever befalls its views.
        self.state = next;
        self.committed.push(step.label());
        self.views_behind = true;
        if self.prompter.at_terminal()
            && let Err(e) = self.write_views()
        {
            self.out.discard();
            return Err(e);
        }
        self.out.flush()?;
        Ok(flow)
    }

    /// Writes the views of the steps done since they were last written.
    pub(crate) fn write_views(&mut self) -> Result<(), Error> {
        if !self.views_behind {
            return Ok(());
        }
        let last = self.committed.last().cloned().unwrap_or_default();
        self.writer
            .write_views()
            .map_err(|e| e.kept(views_not_written(&last)))?;
        self.views_behind = false;
        Ok(())
    }

    fn at(&self, side: Side) -> Position {
        self.state.campaign.step.of(side)
    }

    /// Nothing more to do in this run: say where the sides stand.
    fn report_standing(&mut self) -> Result<(), Error> {
        let (g, r) = (self.at(Side::German), self.at(Side::Russian));
        if let Some(result) = &self.state.campaign.result {
            self.out.say(&format!(
                "The campaign is over: {}. `votg status` shows the CG's days.",
                crate::rules::reph::cg_end::verdict(result)
            ));
        } else if g == Position::Done && r == Position::Done {
            self.out.say(READY);
        } else {
            // One side waits at a joint step (or has finished) for the other,
            // which still has steps of its own to do.
            let waiting: Vec<String> = Side::BOTH
                .iter()
                .filter(|&&s| {
                    self.at(s)
                        .step()
                        .is_some_and(|id| id.step().scope != Scope::Joint)
                })
                .map(|s| format!("the {} side (at {})", s.name(), self.at(*s)))
                .collect();
            if !waiting.is_empty() {
                self.out.say(&format!(
                    "Waiting for {} to finish its Refit Phase.",
                    waiting.join(" and ")
                ));
            }
        }
        self.out.flush()
    }

    /// A refusal after some steps were done says which; a failed output
    /// says what was kept before it.
    fn stopped(&self, e: Error) -> Error {
        if let Error::Output(source) = e {
            return Error::OutputStopped {
                source,
                committed: self.committed.clone(),
            };
        }
        if self.committed.is_empty() {
            e
        } else if let Error::DiskFull { path, source, kept } = e {
            // A full disk says what it kept, once.
            let before = format!(
                "Kept (on record) before it: {}; `votg undo` takes them back one at a time.",
                self.committed.join("; ")
            );
            let kept = match kept {
                Some(k) if k.contains("Kept (on record)") => k,
                Some(k) => format!("{k} {before}"),
                None => format!("The step it stopped in was not written. {before}"),
            };
            Error::DiskFull {
                path,
                source,
                kept: Some(kept),
            }
        } else {
            Error::StoppedAfter {
                committed: self.committed.clone(),
                source: Box::new(e),
            }
        }
    }
}

/// Appends the step that made `after` from `before` (whose journal was
/// `kept` rows long) to the logs: its facts, its rows, where its dice came
/// from, this votg and its tables.
#[allow(clippy::too_many_arguments)]
fn append_step(
    writer: &mut Writer,
    tables: &Tables,
    dice: &CampaignDice,
    prompter: &Prompter,
    step: &StepRef,
    before: &CampaignState,
    after: &CampaignState,
    kept: usize,
) -> Result<(), Error> {
    let facts = facts::between(before, after);
    let at = crate::model::journal::now();
    let (public, parts) = split(&facts, &after.journal[kept..], &at);
    let (dice, digest) = (dice.used(), tables.digest.clone());
    let typed = prompter.at_terminal();
    let step = step.clone();
    writer.append(
        &at,
        |commit| PublicKind::Step {
            step: step.clone(),
            dice,
            votg: crate::VERSION.into(),
            tables: digest,
            typed,
            facts: public.0,
            rows: public.1,
            commit,
            two: None,
        },
        parts,
        step.side(),
    )?;
    Ok(())
}

/// What a full disk met while writing the views after `step` leaves: the
/// step on record, its views to be written again.
pub(crate) fn views_not_written(step: &str) -> String {
    format!(
        "{step} is on record in the campaign's logs; the sheets derived from them (roster, purchases, force, journal) were not all written again, and the next votg command writes them."
    )
}

fn not_yet(who: &str, id: StepId) -> Error {
    Error::NotYet {
        who: format!("{who} side is"),
        step: id.step().to_string(),
    }
}

fn sides_of(choice: SideChoice) -> Vec<Side> {
    match choice {
        SideChoice::German => vec![Side::German],
        SideChoice::Russian => vec![Side::Russian],
        SideChoice::Both => Side::BOTH.to_vec(),
    }
}

/// Opens `dir` to change it: refused while a view holds a hand edit (at a
/// terminal, the player may record it first: DESIGN §3).
pub(crate) fn open_writer(dir: &Path, tables: &Tables, offer: bool) -> Result<Writer, Error> {
    let mut writer = Writer::open(dir, &|s| s.check(tables))?;
    for said in &writer.said {
        eprintln!("note: {said}");
    }
    if offer
        && std::io::IsTerminal::is_terminal(&std::io::stdin())
        && std::io::IsTerminal::is_terminal(&std::io::stderr())
    {
        crate::commands::history::offer_to_record(&mut writer, dir, tables)?;
    }
    writer.refuse_edits()?;
    Ok(writer)
}

pub fn refit(
    dir: &Path,
    side: SideChoice,
    answers: Option<&Path>,
    until: Option<StepId>,
    global: &Global,
) -> Result<String, Error> {
    let tables = global.load_tables()?;
    let answers = match answers {
        Some(path) => Some(Answers::from_text(
            crate::commands::input::read_input(path, "--answers")?,
            path.display().to_string(),
        )?),
        None => None,
    };
    let prompter = Prompter::with_answers(answers, side == SideChoice::Both);
    prompter.check(&tables)?;
    let mut writer = open_writer(dir, &tables, !matches!(prompter, Prompter::Scripted(_)))?;
    let state = writer.opened.state();
    let def = cg_def::load(&tables, state.campaign.cg)?;
    if writer.opened.half.is_some() {
        return half::refit(&mut writer, &tables, &def, prompter, side, until, global);
    }
    if let Some(r) = &state.campaign.result {
        return Err(Error::Refused(format!(
            "the campaign is over: {} (`votg status` says so). There is no Refit Phase left to run.",
            crate::rules::reph::cg_end::verdict(r)
        )));
    }
    let mut run = Run::new(&mut writer, &tables, &def, prompter, global)?;
    run.until = until;
    run.out.show_odds(global.odds);
    run_steps(&mut run, side)
}

fn run_steps(run: &mut Run, side: SideChoice) -> Result<String, Error> {
    let walked = steps(run, side);
    // The views of every step done, whether the run ended or stopped.
    let viewed = run.write_views();
    walked
        .and(viewed)
        .map(|()| String::new())
        .map_err(|e| run.stopped(e))
}

fn steps(run: &mut Run, side: SideChoice) -> Result<(), Error> {
    if scenario_record::at_scenario_end(&run.state) && !begin_aftermath(run)? {
        return Ok(());
    }
    match run.walk(&sides_of(side)) {
        // A run that got somewhere ends at a step votg does not carry out
        // yet by saying so; one that cannot start there is refused.
        Err(e @ Error::NotYet { .. }) if !run.committed.is_empty() => {
            run.out.say(&e.to_string());
            run.out.flush()
        }
        walked => walked,
    }
}

const READY: &str = "The scenario is ready to play. After it, record it to begin the Refit Phase at 12.601: run `votg refit` at a terminal, or with `--answers FILE` holding a `[scenario]` table (victor, cvp) and each side's `[<side>.outcome]` (docs/answers.md: the scenario record).";

/// At `done` (the scenario set up and played): records the scenario and
/// begins the RePh after it, as its own step. False when the players have
/// not recorded it (no `[scenario]`, or they said no).
fn begin_aftermath(run: &mut Run) -> Result<bool, Error> {
    let n = run.state.campaign.scenario;
    let go = match &mut run.prompter {
        Prompter::Scripted(a) => {
            if a.scenario().is_none() {
                false
            } else {
                // Every outcome answer is checked against the forces first.
                scenario_record::check_answers(a, &run.state, run.tables, (run.def, None))?;
                true
            }
        }
        p @ Prompter::Terminal { .. } => {
            std::io::IsTerminal::is_terminal(&std::io::stdin())
                && p.ask_yes_no(
                    Side::German,
                    "played",
                    &format!("Has scenario {n} been played? Record it now?"),
                    Some(false),
                )?
        }
    };
    if !go {
        run.out.say(READY);
        run.out.flush()?;
        return Ok(false);
    }
    run.step(StepRef::Record { scenario: n })?;
    Ok(true)
}
