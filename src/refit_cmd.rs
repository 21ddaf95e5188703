//! `votg refit` and `votg buy`: the RePh from where the campaign stands, one
//! committed (and undoable) step per side at a time. The runner walks
//! `reph::sequence` and nothing else: which steps an occasion has, who
//! performs each, and which function carries it out are all there.

use std::path::Path;

use crate::campaign::Position;
use crate::campaign_cmd::open_vouched;
use crate::cg_def::{self, CgDef};
use crate::cli::{Global, SideChoice};
use crate::error::Error;
use crate::journal::JournalRow;
use crate::output::Output;
use crate::parsed_copy;
use crate::prompt::Prompter;
use crate::reph::scenario_record;
use crate::reph::sequence::{Scope, StepId};
use crate::reph::session::{CampaignDice, Session, campaign_dice};
use crate::side::Side;
use crate::state::{CampaignState, Written};
use crate::store::{Bytes, Files, Snapshot, Store};
use crate::tables::Tables;

mod buy;
mod close;
mod goal;
mod walk;

pub use buy::buy;
pub(crate) use buy::buy_in;
pub(crate) use close::{close, mark};
pub(crate) use goal::{Goal, RowGoal};

/// Where a step's result goes: committed to the campaign's folder (refit,
/// buy), or kept in memory only (`votg verify` replaying the journal).
pub(crate) enum Keep<'a> {
    Disk(&'a Store),
    Memory,
}

pub(crate) struct Run<'a> {
    keep: Keep<'a>,
    tables: &'a Tables,
    def: &'a CgDef,
    state: CampaignState,
    dice: CampaignDice,
    prompter: Prompter,
    out: Output,
    /// The labels of the steps this run committed, for a later refusal to
    /// name them.
    committed: Vec<String>,
    /// `--until STEP`: no step numbered after it is started in this run.
    until: Option<StepId>,
    /// A replay's goal: no side goes past where it stands on disk.
    goal: Option<Goal<'a>>,
    /// A replay's stand-in for `state` while a step works on it: a replay
    /// ends at a step that fails, so it needs no copy to fall back on, and
    /// copying the campaign before each of its hundreds of steps was half of
    /// `votg verify`'s time.
    spare: Option<CampaignState>,
    /// The files as this run last wrote them (see [`Written`]).
    written: Written,
}

impl<'a> Run<'a> {
    fn new(
        store: &'a Store,
        tables: &'a Tables,
        def: &'a CgDef,
        state: CampaignState,
        prompter: Prompter,
        global: &Global,
    ) -> Result<Run<'a>, Error> {
        let dice = campaign_dice(&global.dice_choice(), &state)?;
        Ok(Run {
            keep: Keep::Disk(store),
            tables,
            def,
            state,
            dice,
            prompter,
            out: Output::stdout(),
            committed: Vec::new(),
            until: None,
            goal: None,
            spare: None,
            written: Written::default(),
        })
    }

    /// A run kept in memory that replays up to `goal` (`votg verify`).
    pub(crate) fn replay(
        tables: &'a Tables,
        def: &'a CgDef,
        state: CampaignState,
        dice: CampaignDice,
        prompter: Prompter,
        goal: Goal<'a>,
    ) -> Run<'a> {
        Run {
            spare: Some(state.clone()),
            keep: Keep::Memory,
            tables,
            def,
            state,
            dice,
            prompter,
            out: Output::nowhere(),
            committed: Vec::new(),
            until: None,
            goal: Some(goal),
            written: Written::default(),
        }
    }

    pub(crate) fn state(&self) -> &CampaignState {
        &self.state
    }

    pub(crate) fn into_state(self) -> CampaignState {
        self.state
    }

    pub(crate) fn goal(&self) -> Option<&Goal<'a>> {
        self.goal.as_ref()
    }

    pub(crate) fn prompter_mut(&mut self) -> &mut Prompter {
        &mut self.prompter
    }

    /// Whether a replay has brought `side` to where it stands on disk.
    fn at_goal(&self, side: Side) -> bool {
        self.goal
            .as_ref()
            .is_some_and(|g| g.reached(&self.state, side))
    }

    /// Runs `f` on a copy of the campaign; commits it (with a snapshot for
    /// undo, made by `snapshot` only then: a replay keeps none) only if it
    /// succeeds, so a failed step changes nothing. What the step said is
    /// written only after the commit.
    fn step<T>(
        &mut self,
        snapshot: impl FnOnce() -> Snapshot,
        f: impl FnOnce(&mut Session) -> Result<T, Error>,
    ) -> Result<T, Error> {
        self.prompter.set_day(self.state.campaign.cg_day());
        // A step only appends to the journal: it is moved into the copy, not
        // copied (a whole campaign's replay would copy it at every step),
        // and a failed step's rows are cut off again.
        let journal = std::mem::take(&mut self.state.journal);
        let kept = journal.len();
        let mut copy = match self.spare.take() {
            Some(spare) => std::mem::replace(&mut self.state, spare),
            None => self.state.clone(),
        };
        copy.journal = journal;
        let mut session = Session {
            tables: self.tables,
            def: self.def,
            state: copy,
            dice: &mut self.dice,
            prompter: &mut self.prompter,
            out: &mut self.out,
            concerns: Vec::new(),
        };
        let standing = self.state.campaign.step.clone();
        let value = match f(&mut session) {
            Ok(v) => v,
            Err(e) => {
                let mut failed = session.state;
                failed.journal.truncate(kept);
                // `written` is kept: it has seen none of the rows cut off
                // (the step wrote nothing), and a batch's last journal is
                // reached through it (see `store::grown`).
                match self.keep {
                    Keep::Disk(_) => self.state.journal = failed.journal,
                    // A replay compares what the failed step left.
                    Keep::Memory => self.spare = Some(std::mem::replace(&mut self.state, failed)),
                }
                self.out.discard();
                return Err(e);
            }
        };
        session.journal_answers(|side| standing.of(side).to_string());
        let mut next = session.state;
        self.dice.save_position(&mut next);
        match self.keep {
            Keep::Disk(store) => {
                let snapshot = snapshot();
                let files = self.written.files(&next);
                // Never write a campaign that would not load again: a step
                // written at once is checked here; the steps of a batch, with
                // the state the last of them leaves, before the batch is
                // written (see `refit`).
                let checked = if store.batching() {
                    Ok(None)
                } else {
                    CampaignState::from_files(&files, self.tables).map(Some)
                };
                let written = checked.and_then(|checked| {
                    store.commit(&files, Some(&snapshot))?;
                    if let Some(checked) = checked {
                        parsed_copy::keep(store.dir(), &files, &checked, self.tables, None);
                    }
                    Ok(())
                });
                if let Err(e) = written {
                    self.written = Written::default();
                    next.journal.truncate(kept);
                    self.state.journal = next.journal;
                    return Err(e);
                }
                self.state = next;
                self.committed.push(snapshot.label);
                self.out.flush()?;
            }
            // A replay keeps the state; the files are compared at its end.
            Keep::Memory => {
                self.spare = Some(std::mem::replace(&mut self.state, next));
                self.out.discard();
            }
        }
        Ok(value)
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
                crate::reph::cg_end::verdict(result)
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

    /// A refusal after some steps were committed says which.
    fn stopped(&self, e: Error) -> Error {
        if self.committed.is_empty() || matches!(e, Error::Output(_)) {
            e
        } else {
            Error::StoppedAfter {
                committed: self.committed.clone(),
                source: Box::new(e),
            }
        }
    }
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

pub fn refit(
    dir: &Path,
    side: SideChoice,
    answers: Option<&Path>,
    until: Option<StepId>,
    global: &Global,
) -> Result<String, Error> {
    let tables = global.load_tables()?;
    let (store, state, vouched) = open_vouched(dir, &tables)?;
    let def = cg_def::load(&tables, state.campaign.cg)?;
    if let Some(r) = &state.campaign.result {
        return Err(Error::Refused(format!(
            "the campaign is over: {} (`votg status` says so). There is no Refit Phase left to run.",
            crate::reph::cg_end::verdict(r)
        )));
    }
    let prompter = Prompter::new(answers, side == SideChoice::Both)?;
    prompter.check(&tables)?;
    // No one waits on a run with an answers file: its steps are written
    // together at its end (each still its own undo), not one by one.
    let scripted = matches!(prompter, Prompter::Scripted(_));
    // What was read, as the run will write on from it.
    let hash = vouched.as_ref().and_then(|v| v.hash.clone());
    let known = vouched.map(|v| (state.journal.len(), v.bytes));
    let mut run = Run::new(&store, &tables, &def, state, prompter, global)?;
    run.until = until;
    if let Some((_, bytes)) = &known {
        run.written = Written::seeded(bytes.clone(), &run.state.journal);
    }
    if scripted {
        let journal = known.as_ref().map(|(_, bytes)| bytes);
        store.begin_batch_knowing(journal.zip(hash.as_deref()))?;
    }
    let result = run_steps(&mut run, side);
    if scripted {
        let files = run.written.files(&run.state);
        let rows = std::mem::take(&mut run.state.journal);
        if let Some(checked) = write_checked(&store, &files, &tables, known, rows)? {
            let hash = files.get("journal.csv").and_then(|j| store.journal_hash(j));
            parsed_copy::keep(dir, &files, &checked, &tables, hash);
        }
        return result;
    }
    store.end_batch()?;
    result
}

/// Writes the batch of a scripted run, whatever ended it (a refusal names
/// the steps done before it), and checks that what it writes, `files`,
/// loads again: if it did not (a defect of votg), nothing of the run is
/// written. The journal's rows read when the campaign was opened
/// (`known`) are not parsed again. The check runs on a thread of its own
/// while the batch is staged and the disk waited for, and is waited for
/// only at the commit point. Returns the campaign as checked, if any step
/// was written.
fn write_checked(
    store: &Store,
    files: &Files,
    tables: &Tables,
    known: Option<(usize, Bytes)>,
    rows: Vec<JournalRow>,
) -> Result<Option<CampaignState>, Error> {
    // Taken by whichever runs the check (the closure, holding only a
    // reference, can be made again if its thread cannot be started).
    let inputs = std::sync::Mutex::new(Some((known, rows)));
    let check = || {
        let taken = inputs.lock().unwrap_or_else(|e| e.into_inner()).take();
        match taken {
            Some((Some((n, read)), rows)) => {
                CampaignState::from_files_after(files, tables, &read, n, rows)
            }
            _ => CampaignState::from_files(files, tables),
        }
    };
    std::thread::scope(|scope| {
        let mut checked = None;
        // A thread that cannot be started: the check runs here, first.
        let checking = match std::thread::Builder::new().spawn_scoped(scope, check) {
            Ok(thread) => Ok(thread),
            Err(_) => Err(check),
        };
        // With nothing to write the gate is not asked, and the check (of
        // the campaign as it was read) is left to end with the scope.
        store.end_batch_gated(|| {
            let state = match checking {
                Ok(thread) => thread.join().unwrap_or_else(|_| {
                    Err(Error::Usage(
                        "internal: the check of what the run writes failed unexpectedly; nothing of this run was written".into(),
                    ))
                }),
                Err(check) => check(),
            }?;
            checked = Some(state);
            Ok(())
        })?;
        Ok(checked)
    })
}

fn run_steps(run: &mut Run, side: SideChoice) -> Result<String, Error> {
    if scenario_record::at_scenario_end(&run.state) && !begin_aftermath(run)? {
        return Ok(String::new());
    }
    match run.walk(&sides_of(side)) {
        // A run that got somewhere ends at a step votg does not carry out
        // yet by saying so; one that cannot start there is refused.
        Err(e @ Error::NotYet { .. }) if !run.committed.is_empty() => {
            run.out.say(&e.to_string());
            run.out.flush()?;
            Ok(String::new())
        }
        Err(e) => Err(run.stopped(e)),
        Ok(()) => Ok(String::new()),
    }
}

const READY: &str = "The scenario is ready to play. After it, record it to begin the Refit Phase at 12.601: run `votg refit` at a terminal, or with `--answers FILE` holding a `[scenario]` table (victor, cvp) and each side's `[<side>.outcome]` (README: Recording a scenario).";

/// At `done` (the scenario set up and played): records the scenario and
/// begins the RePh after it, as its own undoable commit. False when the
/// players have not recorded it (no `[scenario]`, or they said no).
pub(crate) fn begin_aftermath(run: &mut Run) -> Result<bool, Error> {
    let n = run.state.campaign.scenario;
    let go = match &mut run.prompter {
        Prompter::Scripted(a) => {
            if a.scenario().is_none() {
                false
            } else {
                // Every outcome answer is checked against the forces first.
                scenario_record::check_answers(a, &run.state, run.tables, run.def)?;
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
    let snapshot = || {
        Snapshot::public(format!(
            "scenario {n} recorded, RePh after it begins (public)"
        ))
    };
    run.step(snapshot, scenario_record::record)?;
    Ok(true)
}
