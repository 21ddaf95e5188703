//! The steps of the Refit Phase by their rule numbers (12.601 … 12.627),
//! and why a RePh runs: what a campaign records of where each side stands.
//! What each step is and does is the rules' (`rules::reph::sequence`).

use std::fmt;

/// A step of the sequence, by its rule number ("12.621"; sub-steps carry a
/// letter or a further digit, "12.615d", "12.6252"). Only the numbers in
/// the rules' sequence (`rules::reph::sequence`) can be made, so a `StepId` always names a real step.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct StepId(usize);

impl StepId {
    pub fn parse(text: &str) -> Option<StepId> {
        RULES.iter().position(|r| *r == text).map(StepId)
    }

    pub fn as_str(self) -> &'static str {
        RULES[self.0]
    }

    /// Its place in the sequence (0 for 12.601).
    pub fn index(self) -> usize {
        self.0
    }

    /// The step at `index` of the sequence, for the rules' table of steps
    /// (a wrong index fails the build).
    pub const fn nth(index: usize) -> StepId {
        assert!(index < RULES.len());
        StepId(index)
    }

    /// The step at `index` of the sequence, if there is one.
    pub fn at(index: usize) -> Option<StepId> {
        (index < RULES.len()).then_some(StepId(index))
    }
}

impl fmt::Display for StepId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The rule numbers, in the order of the rules' sequence (`rules::reph::sequence`).
const RULES: &[&str] = &[
    "12.601", "12.602", "12.603", "12.604", "12.605", "12.606", "12.607", "12.608", "12.609",
    "12.610", "12.611", "12.612", "12.613", "12.614", "12.615a", "12.615d", "12.615g", "12.616",
    "12.617", "12.618", "12.619", "12.620", "12.621", "12.622", "12.623", "12.624", "12.625",
    "12.6252", "12.626", "12.627",
];

/// Why a RePh is being run: it decides which steps apply.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Occasion {
    /// Before a CG's Initial Scenario (12.5): the `†` steps, then the
    /// scenario's set-up and commencement.
    Initial,
    /// After a scenario, the full sequence.
    AfterScenario,
    /// After a scenario, before a declared Russian Counterattack: `‡` skipped.
    BeforeCounterattack,
    /// An Idle Day was generated: the `*` loop again (C23).
    IdleDayLoop,
}
