//! `votg refit` and `votg buy`: the RePh from where the campaign stands, one
//! committed (and undoable) step per side at a time. The runner walks
//! `reph::sequence` and nothing else: which steps an occasion has, who
//! performs each, and which function carries it out are all there.

use std::path::Path;

use crate::campaign::Position;
use crate::campaign_cmd::open;
use crate::cg_def::{self, CgDef};
use crate::cli::{Global, SideChoice};
use crate::error::Error;
use crate::journal::Entry;
use crate::output::Output;
use crate::prompt::Prompter;
use crate::reph::sequence::{self, Action, Flow, Scope, StepId};
use crate::reph::session::{CampaignDice, Session, campaign_dice};
use crate::reph::{purchase_step, roster_line, scenario_record};
use crate::side::Side;
use crate::state::CampaignState;
use crate::store::{Snapshot, Store};
use crate::tables::Tables;

/// Where a step's result goes: committed to the campaign's folder (refit,
/// buy), or kept in memory only (`votg verify` replaying the journal).
pub(crate) enum Keep<'a> {
    Disk(&'a Store),
    Memory,
}

/// Where a replay stops: each side's standing in the campaign on disk, on
/// its occasion, scenario and CG Day; its journal also says which side's
/// rows come next (the order the sides were walked in) and where a
/// `votg buy` was made.
pub(crate) struct Goal {
    pub state: CampaignState,
}

impl Goal {
    fn reached(&self, now: &CampaignState, side: Side) -> bool {
        let (a, b) = (&now.campaign, &self.state.campaign);
        self.buy_next(now).is_some_and(|(s, _)| s == side)
            || a.step.of(side) == b.step.of(side)
                && a.occasion == b.occasion
                && a.scenario == b.scenario
                && a.cg_day() == b.cg_day()
    }

    /// The purchases of a `votg buy` the journal on disk shows next, if
    /// its side stands at 12.621: the replay makes them before walking on.
    pub(crate) fn buy_next(&self, now: &CampaignState) -> Option<(Side, Vec<String>)> {
        let r = self.state.journal.get(now.journal.len())?;
        let side: Side = r.side.parse().ok()?;
        let at = now.campaign.step.of(side).step().map(StepId::as_str);
        if r.kind != crate::journal::Kind::Answer
            || r.answer_id != format!("{}.buy", side.id())
            || !r.what.ends_with(": votg buy")
            || at != Some(purchase_step::STEP)
        {
            return None;
        }
        let items = r.answer_value()?;
        let items = items
            .as_array()?
            .iter()
            .map(|v| v.as_str().map(str::to_string))
            .collect::<Option<Vec<_>>>()?;
        Some((side, items))
    }

    /// The sides in the order the journal on disk shows next: the side of
    /// its first row the replay has not made yet goes first.
    fn order(&self, now: &CampaignState, sides: &[Side]) -> Vec<Side> {
        let next = self
            .state
            .journal
            .get(now.journal.len())
            .and_then(|r| r.side.parse::<Side>().ok());
        let mut out = sides.to_vec();
        if let Some(first) = next {
            out.sort_by_key(|&s| s != first);
        }
        out
    }
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
    goal: Option<Goal>,
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
        })
    }

    /// A run kept in memory that replays up to `goal` (`votg verify`).
    pub(crate) fn replay(
        tables: &'a Tables,
        def: &'a CgDef,
        state: CampaignState,
        dice: CampaignDice,
        prompter: Prompter,
        goal: Goal,
    ) -> Run<'a> {
        Run {
            keep: Keep::Memory,
            tables,
            def,
            state,
            dice,
            prompter,
            out: Output::memory(),
            committed: Vec::new(),
            until: None,
            goal: Some(goal),
        }
    }

    pub(crate) fn state(&self) -> &CampaignState {
        &self.state
    }

    pub(crate) fn into_state(self) -> CampaignState {
        self.state
    }

    pub(crate) fn goal(&self) -> Option<&Goal> {
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
    /// undo) only if it succeeds, so a failed step changes nothing. What the
    /// step said is written only after the commit.
    fn step<T>(
        &mut self,
        snapshot: Snapshot,
        f: impl FnOnce(&mut Session) -> Result<T, Error>,
    ) -> Result<T, Error> {
        self.prompter.set_day(self.state.campaign.cg_day());
        // A step only appends to the journal: it is moved into the copy, not
        // copied (a whole campaign's replay would copy it at every step),
        // and a failed step's rows are cut off again.
        let journal = std::mem::take(&mut self.state.journal);
        let kept = journal.len();
        let mut copy = self.state.clone();
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
                let mut journal = session.state.journal;
                journal.truncate(kept);
                self.state.journal = journal;
                self.out.discard();
                return Err(e);
            }
        };
        session.journal_answers(|side| standing.of(side).to_string());
        let mut next = session.state;
        self.dice.save_position(&mut next);
        match self.keep {
            Keep::Disk(store) => {
                let files = next.to_files();
                // Never write a campaign that would not load again: a step
                // written at once is checked here; the steps of a batch, with
                // the state the last of them leaves, before the batch is
                // written (see `refit`).
                let checked = if store.batching() {
                    Ok(())
                } else {
                    CampaignState::from_files(&files, self.tables).map(|_| ())
                };
                let written = checked.and_then(|()| store.commit(&files, Some(&snapshot)));
                if let Err(e) = written {
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
                self.state = next;
                self.out.discard();
            }
        }
        Ok(value)
    }

    fn at(&self, side: Side) -> Position {
        self.state.campaign.step.of(side)
    }

    /// Walks the sequence: each side's own steps in one block (one hand-over
    /// of the keyboard per side), then a joint step once both stand at it,
    /// and round again until nothing more can be done in this run.
    pub(crate) fn walk(&mut self, sides: &[Side]) -> Result<(), Error> {
        loop {
            let sides = match &self.goal {
                Some(g) => g.order(&self.state, sides),
                None => sides.to_vec(),
            };
            for &side in &sides {
                self.side_block(side)?;
            }
            if let Some(next) = self.held_by_until(&sides) {
                let until = self.until.map_or(String::new(), |u| u.to_string());
                self.out.say(&format!(
                    "Stopped before {next} as asked (--until {until}); `votg refit` goes on from there."
                ));
                return self.out.flush();
            }
            match (self.at(Side::German), self.at(Side::Russian)) {
                (Position::At(g), Position::At(r))
                    if g == r
                        && g.step().scope == Scope::Joint
                        && !(self.at_goal(Side::German) && self.at_goal(Side::Russian)) =>
                {
                    if self.joint(g)? == Flow::Pause {
                        return Ok(());
                    }
                }
                _ => return self.report_standing(),
            }
        }
    }

    /// The side's consecutive own steps from where it stands.
    fn side_block(&mut self, side: Side) -> Result<(), Error> {
        let block = self.pending_own_steps(side);
        let Some(first) = block.first() else {
            return Ok(());
        };
        if let Action::NotYet = first.step().action {
            return Err(not_yet(side.name(), *first));
        }
        let secret = block
            .iter()
            .any(|id| id.step().scope == Scope::PerSide { secret: true });
        if secret {
            self.prompter.begin_secret(side)?;
        }
        for id in block {
            if self.at_goal(side) {
                break;
            }
            let Action::PerSide(f) = id.step().action else {
                if secret {
                    self.prompter.end_secret(side)?;
                }
                return Err(not_yet(side.name(), id));
            };
            let label = format!("{} {} {}", side.name(), id, id.step().title);
            // A side's own step, secret or not, is that side's to undo.
            let snapshot = Snapshot {
                side: Some(side),
                secret: id.step().scope == (Scope::PerSide { secret: true }),
                label,
            };
            self.step(snapshot, |s| {
                s.say(format!(
                    "== {} — {} {} ==",
                    side.name(),
                    id,
                    id.step().title
                ));
                let mark = mark(s);
                f(s, side)?;
                close(s, &[side], id, Flow::Next, mark);
                Ok(())
            })?;
        }
        if secret {
            self.prompter.end_secret(side)?;
        }
        Ok(())
    }

    /// Whether `--until` lets this run start `id`.
    fn allowed(&self, id: StepId) -> bool {
        self.until.is_none_or(|u| id <= u)
    }

    /// The step a side of this run (or both, at a joint step) would do next
    /// that `--until` holds back.
    fn held_by_until(&self, sides: &[Side]) -> Option<StepId> {
        sides
            .iter()
            .filter_map(|&s| self.at(s).step())
            .find(|&id| !self.allowed(id))
    }

    fn pending_own_steps(&self, side: Side) -> Vec<StepId> {
        let occasion = self.state.campaign.occasion.occasion();
        let mut block = Vec::new();
        let mut at = self.at(side).step();
        while let Some(id) = at
            && matches!(id.step().scope, Scope::PerSide { .. })
            && self.allowed(id)
        {
            block.push(id);
            at = sequence::next(occasion, id);
        }
        block
    }

    /// A public step both sides perform together.
    fn joint(&mut self, id: StepId) -> Result<Flow, Error> {
        let Action::Joint(f) = id.step().action else {
            return Err(not_yet("both sides", id));
        };
        let label = format!("{} {} (public)", id, id.step().title);
        self.step(Snapshot::public(label), |s| {
            let mark = mark(s);
            let flow = f(s)?;
            close(s, &Side::BOTH, id, flow, mark);
            Ok(flow)
        })
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

/// Where a step begins: the journal's length (what was said before is
/// forgotten), for [`close`] to tell whether the step journalled anything.
pub(crate) fn mark(s: &mut Session) -> usize {
    s.out.take_gist();
    s.state.journal.len()
}

/// Ends step `id` for `sides` (begun at `mark`) so that the journal holds
/// every step of the sequence (issue 9): a step that journalled nothing gets
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
            w if w.to_lowercase().contains("nothing") => w.to_string(),
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
pub(crate) fn advance(state: &mut CampaignState, sides: &[Side], id: StepId, flow: Flow) {
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
    let (store, state) = open(dir, &tables)?;
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
    let mut run = Run::new(&store, &tables, &def, state, prompter, global)?;
    run.until = until;
    if scripted {
        store.begin_batch()?;
    }
    let result = run_steps(&mut run, side);
    if scripted {
        // What the batch would write must load again; if it did not (a
        // defect of votg), nothing of the run is written.
        CampaignState::from_files(&run.state.to_files(), &tables)?;
    }
    // Whatever ended the run, the steps done before it are written now (a
    // refusal names them); if this fails, none is.
    store.end_batch()?;
    result
}

/// The steps of a refit from where the campaign stands.
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
    let label = format!("scenario {n} recorded, RePh after it begins (public)");
    run.step(Snapshot::public(label), scenario_record::record)?;
    Ok(true)
}

/// `votg buy`: purchases for one side at step 12.621, all or none.
pub fn buy(args: &[String], side: Side, global: &Global) -> Result<String, Error> {
    let (dir, purchases) = split_dir(args);
    if purchases.is_empty() {
        return Err(Error::Usage(format!(
            "no purchase given; write {}",
            crate::reph::purchase::GRAMMAR
        )));
    }
    let tables = global.load_tables()?;
    let (store, state) = open(dir, &tables)?;
    let def = cg_def::load(&tables, state.campaign.cg)?;
    let at = state.campaign.step.of(side);
    if at.step().map(StepId::as_str) != Some(purchase_step::STEP) {
        let standing = match at.step() {
            Some(id) => format!("is at step {}", id.step()),
            None => "has finished the Refit Phase".into(),
        };
        return Err(Error::Refused(format!(
            "the {} side {standing}; `votg buy` is for step 12.621 (Purchasing Reinforcement Groups) only. Nothing was changed.",
            side.name()
        )));
    }
    let mut run = Run::new(
        &store,
        &tables,
        &def,
        state,
        Prompter::Scripted(Default::default()),
        global,
    )?;
    buy_in(&mut run, side, purchases)?;
    Ok(String::new())
}

/// The purchases of `votg buy` for `side`, as one step of `run`.
pub(crate) fn buy_in(run: &mut Run, side: Side, purchases: &[String]) -> Result<(), Error> {
    let label = format!("{} 12.621 buy {}", side.name(), purchases.join(", "));
    run.step(Snapshot::secret(side, label), |s| {
        roster_line::check(s, side)?;
        let given = purchases.iter().map(|p| p.as_str().into()).collect();
        s.prompter
            .record_secret(side, "buy", "votg buy", toml::Value::Array(given));
        let quotes = purchase_step::quote_all(s, side, purchases)?;
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
    })
}

/// `votg buy [DIR] --side S PURCHASE...`: the first word is the campaign
/// folder unless it reads as a purchase (an RG ID such as `I1` or `A3`
/// first), so a mistyped folder is named as such, not read as a purchase.
fn split_dir(args: &[String]) -> (&Path, &[String]) {
    match args.first() {
        // A folder that exists is a folder, even one named like an RG (`c2`).
        Some(first) if Path::new(first).is_dir() || !looks_like_purchase(first) => {
            (Path::new(first), &args[1..])
        }
        _ => (Path::new("."), args),
    }
}

fn looks_like_purchase(word: &str) -> bool {
    let id = word.split_whitespace().next().unwrap_or("");
    let letters = id.trim_end_matches(|c: char| c.is_ascii_digit());
    !letters.is_empty()
        && letters.len() < id.len()
        && letters.chars().all(|c| c.is_ascii_alphabetic())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buy_reads_a_folder_first_unless_it_is_a_purchase() {
        let args = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let a = args(&["/nonexistent/camp", "I1"]);
        assert_eq!(split_dir(&a).0, Path::new("/nonexistent/camp"));
        let a = args(&["I1", "I2 reserve"]);
        assert_eq!(split_dir(&a).0, Path::new("."));
        let a = args(&["my-cg", "A3 dug-in"]);
        assert_eq!(split_dir(&a), (Path::new("my-cg"), &a[1..]));
        let a = args(&["o2 prereg=2 creeping"]);
        assert_eq!(split_dir(&a).0, Path::new("."));
    }
}
