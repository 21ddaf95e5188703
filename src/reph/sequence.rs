//! The Refit Phase as the rules' own sequence (12.6), with the markers of
//! CLARIFICATIONS C1:
//! - `†` Initial Scenario steps (12.5): 12.621–12.624;
//! - `*` repeated until a scenario is generated: 12.614–12.625;
//! - `#` only if a scenario will be played today: 12.626, 12.627;
//! - `‡` skipped before a Russian Counterattack (12.613, 12.6253): 12.614,
//!   12.615 d–f, 12.619, 12.620.

use std::fmt;

/// One step (or sub-step group) of the RePh.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Step {
    /// The rule number, e.g. "12.621"; sub-steps carry a letter, e.g. "12.615d".
    pub id: &'static str,
    pub title: &'static str,
    /// `†`: performed before an Initial Scenario.
    pub initial: bool,
    /// `*`: part of the loop repeated on an Idle Day.
    pub repeated: bool,
    /// `#`: only when a scenario will be played on the current CG Day.
    pub scenario_only: bool,
    /// `‡`: skipped before a Russian Counterattack scenario.
    pub skipped_before_counterattack: bool,
}

const fn step(id: &'static str, title: &'static str) -> Step {
    Step {
        id,
        title,
        initial: false,
        repeated: false,
        scenario_only: false,
        skipped_before_counterattack: false,
    }
}

const fn flags(
    mut s: Step,
    initial: bool,
    repeated: bool,
    scenario_only: bool,
    skipped: bool,
) -> Step {
    s.initial = initial;
    s.repeated = repeated;
    s.scenario_only = scenario_only;
    s.skipped_before_counterattack = skipped;
    s
}

/// Every step in the rules' order. 12.615 is split at the sub-steps C1 names,
/// because only d–f are skipped before a Counterattack.
pub const SEQUENCE: &[Step] = &[
    step("12.601", "Conclusion of Melee"),
    step("12.602", "Ferry Landing Interdiction"),
    step("12.603", "Marker Removal"),
    step("12.604", "Victory Determination & Rally"),
    step("12.605", "Encirclement & Minefields"),
    step("12.606", "Perimeter Determination"),
    step("12.607", "Isolation"),
    step("12.608", "Clearing the Map"),
    step("12.609", "Prisoners"),
    step("12.610", "Extinguishing Blazes"),
    step("12.611", "Wounded Leaders"),
    step("12.612", "Battle Hardening & Promotion"),
    step("12.613", "Russian Counterattack Declaration"),
    flags(
        step("12.614", "New CG Day & SAN Adjustment"),
        false,
        true,
        false,
        true,
    ),
    flags(
        step("12.615a", "Equipment Repair & Replenishment (a-c)"),
        false,
        true,
        false,
        false,
    ),
    flags(
        step(
            "12.615d",
            "AFV/Wreck Recovery, Immobilization Removal, Wreck Repair (d-f)",
        ),
        false,
        true,
        false,
        true,
    ),
    flags(
        step(
            "12.615g",
            "Equipment Repair & Replenishment (12.6152-.6159)",
        ),
        false,
        true,
        false,
        false,
    ),
    flags(
        step("12.616", "Armor Recall & Redeployment"),
        false,
        true,
        false,
        false,
    ),
    flags(
        step("12.617", "Fortification Removal"),
        false,
        true,
        false,
        false,
    ),
    flags(
        step("12.618", "CPP Replenishment"),
        false,
        true,
        false,
        false,
    ),
    flags(step("12.619", "ELR Loss/Gain"), false, true, false, true),
    flags(
        step("12.620", "Weather & EC Determination"),
        false,
        true,
        false,
        true,
    ),
    flags(
        step("12.621", "Purchasing Reinforcement Groups"),
        true,
        true,
        false,
        false,
    ),
    flags(
        step("12.622", "RG Strength, Weapons & Leaders"),
        true,
        true,
        false,
        false,
    ),
    flags(
        step("12.623", "Purchasing Fortifications"),
        true,
        true,
        false,
        false,
    ),
    flags(step("12.624", "Reconnaissance"), true, true, false, false),
    flags(
        step("12.625", "Initiative Determination"),
        false,
        true,
        false,
        false,
    ),
    flags(
        step("12.626", "Wind & Unit Setup"),
        false,
        false,
        true,
        false,
    ),
    flags(
        step("12.627", "Scenario Commencement"),
        false,
        false,
        true,
        false,
    ),
];

/// Why a RePh is being run: it decides which steps apply.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Occasion {
    /// Before a CG's Initial Scenario (12.5): the `†` steps only.
    Initial,
    /// After a scenario, the full sequence.
    AfterScenario,
    /// After a scenario, before a declared Russian Counterattack: `‡` skipped.
    BeforeCounterattack,
    /// An Idle Day was generated: the `*` loop again (C23).
    IdleDayLoop,
}

pub fn find(id: &str) -> Option<&'static Step> {
    SEQUENCE.iter().find(|s| s.id == id)
}

/// The steps of one RePh, in order, for `occasion`.
pub fn steps_for(occasion: Occasion) -> Vec<&'static Step> {
    SEQUENCE
        .iter()
        .filter(|s| match occasion {
            Occasion::Initial => s.initial,
            Occasion::AfterScenario => true,
            Occasion::BeforeCounterattack => !s.skipped_before_counterattack,
            Occasion::IdleDayLoop => s.repeated || s.scenario_only,
        })
        .collect()
}

/// The step after `id` for `occasion`, or `None` at the end.
pub fn next(occasion: Occasion, id: &str) -> Option<&'static Step> {
    let steps = steps_for(occasion);
    let i = steps.iter().position(|s| s.id == id)?;
    steps.get(i + 1).copied()
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
        write!(f, "{marks}{} {}", self.id, self.title)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(o: Occasion) -> Vec<&'static str> {
        steps_for(o).iter().map(|s| s.id).collect()
    }

    #[test]
    fn c1_initial_scenario_runs_the_dagger_steps_only() {
        assert_eq!(
            ids(Occasion::Initial),
            vec!["12.621", "12.622", "12.623", "12.624"]
        );
        assert_eq!(next(Occasion::Initial, "12.624"), None);
    }

    #[test]
    fn c1_counterattack_skips_614_615def_619_620() {
        let ids = ids(Occasion::BeforeCounterattack);
        for skipped in ["12.614", "12.615d", "12.619", "12.620"] {
            assert!(!ids.contains(&skipped), "{skipped}");
        }
        for kept in [
            "12.615a", "12.615g", "12.616", "12.617", "12.618", "12.621", "12.626",
        ] {
            assert!(ids.contains(&kept), "{kept}");
        }
    }

    #[test]
    fn c1_c23_idle_day_loops_614_to_625() {
        let ids = ids(Occasion::IdleDayLoop);
        assert_eq!(ids.first(), Some(&"12.614"));
        assert!(ids.contains(&"12.625"));
        assert!(!ids.contains(&"12.613"));
    }

    #[test]
    fn sequence_is_in_rule_order() {
        let all = ids(Occasion::AfterScenario);
        assert_eq!(all.len(), SEQUENCE.len());
        assert_eq!(all.first(), Some(&"12.601"));
        assert_eq!(all.last(), Some(&"12.627"));
    }
}
