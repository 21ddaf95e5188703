//! The Refit Phase as the rules' own sequence (12.6), with the markers of
//! CLARIFICATIONS C1:
//! - `†` Initial Scenario steps (12.5): 12.621–12.624;
//! - `*` repeated until a scenario is generated: 12.614–12.625;
//! - `#` only if a scenario will be played today: 12.626, 12.627;
//! - `‡` skipped before a Russian Counterattack (12.613, 12.6253): 12.614,
//!   12.615 d–f, 12.619, 12.620.
//!
//! Each step also says who performs it (both sides together, in public, or
//! each side on its own, secretly or not) and which function carries it out;
//! the runner (`refit_cmd`) walks this table and nothing else.

use std::fmt;

use crate::error::Error;
use crate::model::side::Side;
pub use crate::model::step::{Occasion, StepId};
use crate::rules::reph::session::Session;
use crate::rules::reph::{
    armor, blazes, checklist, clearing, counterattack, elr, encirclement, equipment,
    equipment_repair, fortification, fortification_removal, hardening, initiative, isolation,
    new_day, perimeter, prisoners, purchase_step, recon, recovery, replenishment, roster_line,
    scenario_start, strength, weather, wounded_leaders,
};

/// Who performs a step.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// Both sides together, in public: carried out once.
    Joint,
    /// Each side on its own; `secret` steps are hidden from the other side
    /// (its screen output, its journal rows and its files).
    PerSide { secret: bool },
}

/// What a step's function tells the runner about where to go next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flow {
    /// The next step of the occasion (decided after the step, so a step that
    /// changes the occasion, e.g. a declared Counterattack, is obeyed).
    Next,
    /// The next step, but this run stops there (e.g. 12.627's first-move dr
    /// comes only after the players have set up).
    Pause,
    /// An Idle Day was generated (12.6253, C23): the `*` loop starts again.
    IdleDay,
    /// The RePh is over and the scenario is ready to play (the steps after
    /// this one have nothing to do, e.g. 12.627 when who moves first is fixed).
    Finish,
}

pub type JointFn = fn(&mut Session<'_>) -> Result<Flow, Error>;
pub type SideFn = fn(&mut Session<'_>, Side) -> Result<(), Error>;

/// The function that carries a step out, or none yet.
#[derive(Clone, Copy)]
pub enum Action {
    Joint(JointFn),
    PerSide(SideFn),
    /// votg does not carry this step out yet: the runner says so plainly.
    NotYet,
}

/// One step (or sub-step group) of the RePh.
#[derive(Clone, Copy)]
pub struct Step {
    pub id: StepId,
    pub title: &'static str,
    pub scope: Scope,
    pub action: Action,
    /// `†`: performed before an Initial Scenario.
    pub initial: bool,
    /// `*`: part of the loop repeated on an Idle Day.
    pub repeated: bool,
    /// `#`: only when a scenario will be played on the current CG Day.
    pub scenario_only: bool,
    /// `‡`: skipped before a Russian Counterattack scenario.
    pub skipped_before_counterattack: bool,
}

const JOINT: Scope = Scope::Joint;
const SECRET: Scope = Scope::PerSide { secret: true };
const OPEN: Scope = Scope::PerSide { secret: false };

/// What a step is and who performs it, for a step id.
pub trait StepExt {
    fn step(self) -> &'static Step;
}

impl StepExt for StepId {
    fn step(self) -> &'static Step {
        &SEQUENCE[self.index()]
    }
}

/// Markers of C1, as a compact string: `†`, `*`, `#`, `‡`.
const fn step(i: usize, title: &'static str, scope: Scope, action: Action, marks: &str) -> Step {
    let m = marks.as_bytes();
    let mut s = Step {
        id: StepId::nth(i),
        title,
        scope,
        action,
        initial: false,
        repeated: false,
        scenario_only: false,
        skipped_before_counterattack: false,
    };
    let mut k = 0;
    while k < m.len() {
        match m[k] {
            b'I' => s.initial = true,
            b'R' => s.repeated = true,
            b'S' => s.scenario_only = true,
            b'C' => s.skipped_before_counterattack = true,
            _ => {}
        }
        k += 1;
    }
    s
}

/// Every step in the rules' order. 12.615 is split at the sub-steps C1 names,
/// because only d–f are skipped before a Counterattack; 12.625 at its
/// 12.6252, where the secret chits are revealed together. In the markers
/// string, `I` is `†`, `R` is `*`, `S` is `#` and `C` is `‡`.
pub const SEQUENCE: &[Step] = &[
    step(
        0,
        "Conclusion of Melee",
        JOINT,
        Action::Joint(checklist::melee),
        "",
    ),
    step(
        1,
        "Ferry Landing Interdiction",
        JOINT,
        Action::Joint(checklist::ferry_interdiction),
        "",
    ),
    step(
        2,
        "Marker Removal",
        JOINT,
        Action::Joint(checklist::marker_removal),
        "",
    ),
    step(
        3,
        "Victory Determination & Rally",
        JOINT,
        Action::Joint(checklist::victory_and_rally),
        "",
    ),
    step(
        4,
        "Encirclement & Minefields",
        JOINT,
        Action::Joint(encirclement::run),
        "",
    ),
    step(
        5,
        "Perimeter Determination",
        JOINT,
        Action::Joint(perimeter::perimeter),
        "",
    ),
    step(
        6,
        "Isolation",
        JOINT,
        Action::Joint(isolation::isolation),
        "",
    ),
    step(
        7,
        "Clearing the Map",
        JOINT,
        Action::Joint(clearing::run),
        "",
    ),
    step(8, "Prisoners", JOINT, Action::Joint(prisoners::run), ""),
    step(
        9,
        "Extinguishing Blazes",
        JOINT,
        Action::Joint(blazes::run),
        "",
    ),
    step(
        10,
        "Wounded Leaders",
        JOINT,
        Action::Joint(wounded_leaders::run),
        "",
    ),
    step(
        11,
        "Battle Hardening & Promotion",
        SECRET,
        Action::PerSide(hardening::run),
        "",
    ),
    step(
        12,
        "Russian Counterattack Declaration",
        JOINT,
        Action::Joint(counterattack::run),
        "",
    ),
    step(
        13,
        "New CG Day & SAN Adjustment",
        JOINT,
        Action::Joint(new_day::run),
        "RC",
    ),
    step(
        14,
        "Equipment Repair & Replenishment (a-c)",
        OPEN,
        Action::PerSide(equipment::abandoned_shock_bog),
        "R",
    ),
    step(
        15,
        "AFV/Wreck Recovery, Immobilization Removal, Wreck Repair (d-f)",
        OPEN,
        Action::PerSide(recovery::run),
        "RC",
    ),
    step(
        16,
        "Equipment Repair & Replenishment (12.6152-.6159)",
        OPEN,
        Action::PerSide(equipment_repair::run),
        "R",
    ),
    step(
        17,
        "Armor Recall & Redeployment",
        SECRET,
        Action::PerSide(armor::run),
        "R",
    ),
    step(
        18,
        "Fortification Removal",
        OPEN,
        Action::PerSide(fortification_removal::run),
        "R",
    ),
    step(
        19,
        "CPP Replenishment",
        SECRET,
        Action::PerSide(replenishment::run),
        "R",
    ),
    step(20, "ELR Loss/Gain", OPEN, Action::PerSide(elr::run), "RC"),
    step(
        21,
        "Weather & EC Determination",
        JOINT,
        Action::Joint(weather::run),
        "RC",
    ),
    step(
        22,
        "Purchasing Reinforcement Groups",
        SECRET,
        Action::PerSide(purchase),
        "IR",
    ),
    step(
        23,
        "RG Strength, Weapons & Leaders",
        SECRET,
        Action::PerSide(strength::run),
        "IR",
    ),
    step(
        24,
        "Purchasing Fortifications",
        SECRET,
        Action::PerSide(fortification::run),
        "IR",
    ),
    step(
        25,
        "Reconnaissance",
        SECRET,
        Action::PerSide(recon::run),
        "IR",
    ),
    step(
        26,
        "Initiative Determination",
        SECRET,
        Action::PerSide(initiative::choose),
        "R",
    ),
    step(
        27,
        "Initiative Chits Revealed",
        JOINT,
        Action::Joint(scenario_start::reveal),
        "R",
    ),
    step(
        28,
        "Wind & Unit Setup",
        JOINT,
        Action::Joint(scenario_start::set_up_order),
        "S",
    ),
    step(
        29,
        "Scenario Commencement",
        JOINT,
        Action::Joint(scenario_start::first_move),
        "S",
    ),
];

/// 12.621 buys on the current CG Day's roster line, which must exist.
fn purchase(s: &mut Session<'_>, side: Side) -> Result<(), Error> {
    roster_line::check(s, side)?;
    purchase_step::run(s, side)
}

impl Step {
    pub fn rule(&self) -> &'static str {
        self.id.as_str()
    }
}

pub fn find(id: &str) -> Option<&'static Step> {
    StepId::parse(id).map(|s| s.step())
}

/// Whether `step` is part of a RePh run for `occasion`.
pub fn applies(step: &Step, occasion: Occasion) -> bool {
    match occasion {
        // 12.5: the Initial Scenario is always played, so its `#` steps too.
        Occasion::Initial => step.initial || step.scenario_only,
        Occasion::AfterScenario => true,
        Occasion::BeforeCounterattack => !step.skipped_before_counterattack,
        Occasion::IdleDayLoop => step.repeated || step.scenario_only,
    }
}

/// The steps of one RePh, in order, for `occasion`.
pub fn steps_for(occasion: Occasion) -> Vec<&'static Step> {
    SEQUENCE.iter().filter(|s| applies(s, occasion)).collect()
}

/// The step after `id` for `occasion`, or `None` at the end.
pub fn next(occasion: Occasion, id: StepId) -> Option<StepId> {
    SEQUENCE[id.index() + 1..]
        .iter()
        .find(|s| applies(s, occasion))
        .map(|s| s.id)
}

/// The first step of `occasion`.
pub fn first(occasion: Occasion) -> StepId {
    steps_for(occasion)
        .first()
        .map(|s| s.id)
        .expect("every occasion has steps")
}

/// The first step of the `*` loop an Idle Day repeats (12.614, C23).
pub fn idle_day_loop_start() -> StepId {
    first(Occasion::IdleDayLoop)
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut marks = String::new();
        if self.skipped_before_counterattack {
            marks.push('‡');
        }
        if self.initial {
            marks.push('†');
        }
        if self.repeated {
            marks.push('*');
        }
        if self.scenario_only {
            marks.push('#');
        }
        write!(f, "{marks}{} {}", self.rule(), self.title)
    }
}

#[cfg(test)]
mod tests;
