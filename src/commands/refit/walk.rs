//! How a run walks the RePh sequence: each side's own steps in one block,
//! then the joint step both stand at, until nothing more can be done.

use crate::error::Error;
use crate::model::campaign::Position;
use crate::model::event::StepRef;
use crate::model::side::Side;
use crate::rules::reph::sequence::StepExt;
use crate::rules::reph::sequence::{self, Action, Flow, Scope, StepId};

use super::{Run, not_yet};

impl Run<'_> {
    /// Walks the sequence: each side's own steps in one block (one hand-over
    /// of the keyboard per side), then a joint step once both stand at it,
    /// and round again until nothing more can be done in this run.
    pub(crate) fn walk(&mut self, sides: &[Side]) -> Result<(), Error> {
        loop {
            for (i, &side) in sides.iter().enumerate() {
                self.side_block(side, sides.get(i + 1).copied())?;
            }
            if let Some(next) = self.held_by_until(sides) {
                let until = self.until.map_or(String::new(), |u| u.to_string());
                self.out.say(&format!(
                    "Stopped before {next} as asked (--until {until}); `votg refit` goes on from there."
                ));
                return self.out.flush();
            }
            match (self.at(Side::German), self.at(Side::Russian)) {
                (Position::At(g), Position::At(r)) if g == r && g.step().scope == Scope::Joint => {
                    if self.joint(g)? == Flow::Pause {
                        return Ok(());
                    }
                }
                _ => return self.report_standing(),
            }
        }
    }

    /// The side's consecutive own steps from where it stands; `next`, the
    /// side whose block may follow it at once (one hand-over between).
    fn side_block(&mut self, side: Side, next: Option<Side>) -> Result<(), Error> {
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
            if let Action::NotYet = id.step().action {
                if secret {
                    self.prompter.end_secret(side)?;
                }
                return Err(not_yet(side.name(), id));
            }
            let step = StepRef::Own {
                side,
                step: id.to_string(),
            };
            if let Err(e) = self.step(step) {
                // The block is cleared from the screen however it ends: after
                // the side has read the error, or at once on Ctrl-C.
                return Err(if secret {
                    self.prompter.stop_secret(side, e)
                } else {
                    e
                });
            }
        }
        if secret {
            match next.filter(|&n| self.secret_block_ready(n)) {
                Some(_) => self.prompter.pass_secret(side)?,
                None => self.prompter.end_secret(side)?,
            }
        }
        Ok(())
    }

    /// Whether `side` has a secret block to begin now.
    fn secret_block_ready(&self, side: Side) -> bool {
        let block = self.pending_own_steps(side);
        block
            .first()
            .is_some_and(|first| !matches!(first.step().action, Action::NotYet))
            && block
                .iter()
                .any(|id| id.step().scope == Scope::PerSide { secret: true })
    }

    /// Whether `--until` lets this run start `id`.
    fn allowed(&self, id: StepId) -> bool {
        self.until.is_none_or(|u| id <= u)
    }

    /// The step a side of this run (or both, at a joint step) would do next
    /// that `--until` holds back.
    pub(super) fn held_by_until(&self, sides: &[Side]) -> Option<StepId> {
        sides
            .iter()
            .filter_map(|&s| self.at(s).step())
            .find(|&id| !self.allowed(id))
    }

    pub(super) fn pending_own_steps(&self, side: Side) -> Vec<StepId> {
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
        if let Action::NotYet = id.step().action {
            return Err(not_yet("both sides", id));
        }
        self.step(StepRef::Joint {
            step: id.to_string(),
        })
    }
}
