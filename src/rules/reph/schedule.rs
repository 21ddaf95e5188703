//! How each side's own steps are played on two machines (DESIGN §9,
//! docs/two-machines.md §6): where a choice comes before a roll, the roll's
//! nonce must arrive after the choice. Every step of the table below is
//! played the same way whatever its answers, so the public log (which shows
//! when a side waited for a nonce) tells nothing of them.

use crate::model::step::StepId;

/// How a side's own step is played on two machines.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Schedule {
    /// It may roll on choices made before it in the turn: it begins only in
    /// a turn in which the side has not answered yet.
    pub clean: bool,
    /// It asks, then rolls on the answers (12.612 promotion, 12.617 removal
    /// attempts, 12.624 Recon CPP): its answers are always pledged first and
    /// the step is done in the next turn, whether a roll follows or not.
    pub pledge: bool,
}

/// The schedule of `id` (a step of one side).
pub fn schedule(id: StepId) -> Schedule {
    match id.as_str() {
        // Choices only, rolled on by the next step.
        "12.621" | "12.623" | "12.625" => Schedule::default(),
        // Choices first, then rolls on them.
        "12.612" | "12.617" | "12.624" => Schedule {
            clean: true,
            pledge: true,
        },
        // Rolls (on choices made before).
        _ => Schedule {
            clean: true,
            pledge: false,
        },
    }
}
