//! At a terminal, answers typed in a step that was stopped (Ctrl-C, an
//! error) are offered to resume it with, or set aside (DESIGN §6).

use super::Run;
use crate::error::Error;
use crate::model::event::StepRef;
use crate::model::side::Side;

impl Run<'_> {
    /// At a terminal: answers typed earlier for `step` (a run that was
    /// stopped, Ctrl-C) are offered to resume with, or set aside.
    pub(super) fn resume(&mut self, step: &StepRef) -> Result<(), Error> {
        let drafts = self.writer.live_drafts(&step.label());
        if drafts.is_empty() || !std::io::IsTerminal::is_terminal(&std::io::stdin()) {
            return Ok(());
        }
        // In a side's own step the answers are shown in its block; in a
        // step both sides do (the scenario record) a side's are its secret,
        // so the shared screen says only that he has some, never how many.
        // On a half campaign every draft is this machine's player's own.
        let half = self.two.is_some();
        let shown = |side: Side| half || step.side() == Some(side);
        let mut listed: Vec<String> = drafts
            .iter()
            .filter(|(side, _, _)| shown(*side))
            .map(|(_, id, v)| format!("{id} = {v}"))
            .collect();
        for side in Side::BOTH.into_iter().filter(|s| !shown(*s)) {
            if drafts.iter().any(|(s, _, _)| *s == side) {
                listed.push(format!(
                    "some of the {} (not shown here: they are given again in his block)",
                    side.name()
                ));
            }
        }
        self.out.say(&format!(
            "Answers typed earlier for {} (the run stopped before the step was done): {}.",
            step.label(),
            listed.join("; ")
        ));
        self.out.flush()?;
        let resume = dialoguer::Confirm::with_theme(&crate::rules::prompt_theme::FITTED)
            .with_prompt("Resume with them? (No sets them aside and starts the step afresh)")
            .default(true)
            .wait_for_newline(true)
            .interact()
            .map_err(|e| Error::Terminal(e.to_string()))?;
        if resume {
            let answers: Vec<(String, toml::Value)> =
                drafts.into_iter().map(|(_, id, v)| (id, v)).collect();
            self.prompter.offer(&answers, None);
            self.out
                .say("Resumed: those answers are given again, and the step goes on from there.");
        } else {
            self.writer.abandon_drafts()?;
            self.out.say("Set aside: the step starts afresh.");
        }
        self.out.flush()
    }
}
