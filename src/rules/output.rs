//! The one way a RePh step speaks to the players. At a terminal the text is
//! shown as it happens (the odds before a roll, the result after it); into a
//! pipe or a file it is held until the step has been committed, so a closed
//! or full output can never stop a step half-way: it stops the run between
//! two steps, and every step committed before it stays committed.

use std::io::{self, IsTerminal, Write};

use crate::error::Error;

pub struct Output {
    sink: Sink,
    held: String,
    /// What is said only once the step is on record (`say_when_kept`):
    /// written at the next step boundary, dropped if the step fails.
    kept: String,
    /// The first write error met while showing text at once; reported at the
    /// next step boundary.
    failed: Option<io::Error>,
    /// What [`Output::take_gist`] gives for the lines said since it was
    /// last called (headings `== … ==` aside), so a step that journals
    /// nothing can be journalled with what it said: the first line, and the
    /// first saying there was nothing to do.
    first: Option<String>,
    nothing: Option<String>,
    /// Each roll's whole odds table before it (`refit --odds`); by default
    /// a roll is one line, with the chance of the row it landed on.
    odds: bool,
}

enum Sink {
    /// Standard output: immediate at a terminal, held otherwise.
    Stdout { immediate: bool },
    /// Kept in memory (library callers and tests read it back).
    Memory(String),
    /// Said to no one: a replay (`votg verify`) re-derives what was said
    /// long ago; only each step's gist is kept (it is journalled).
    Nowhere,
}

/// Whether a line says there was nothing to do ("Nothing", "nothing" …).
pub fn says_nothing(line: &str) -> bool {
    line.to_ascii_lowercase().contains("nothing")
}

impl Output {
    /// Standard output, shown at once when it is a terminal.
    pub fn stdout() -> Output {
        Output::new(Sink::Stdout {
            immediate: io::stdout().is_terminal(),
        })
    }

    /// Collected in memory; [`Output::take`] reads it.
    pub fn memory() -> Output {
        Output::new(Sink::Memory(String::new()))
    }

    /// Kept nowhere (see [`Sink::Nowhere`]).
    pub fn nowhere() -> Output {
        Output::new(Sink::Nowhere)
    }

    fn new(sink: Sink) -> Output {
        Output {
            sink,
            held: String::new(),
            kept: String::new(),
            failed: None,
            first: None,
            nothing: None,
            odds: false,
        }
    }

    /// Shows each roll's whole odds table before it (`refit --odds`).
    pub fn show_odds(&mut self, on: bool) {
        self.odds = on;
    }

    /// Whether each roll's whole odds table is shown before it.
    pub fn odds(&self) -> bool {
        self.odds
    }

    /// Whether anyone will read what is said (not so in a replay).
    pub fn listening(&self) -> bool {
        !matches!(self.sink, Sink::Nowhere)
    }

    /// One line (or several) of commentary.
    pub fn say(&mut self, text: &str) {
        self.note_gist(text);
        self.aside(text);
    }

    /// Commentary that is never a step's gist: a side's secret told in a
    /// step whose rows are public (its new CG Roster line at 12.615a), so
    /// the public row that journals the step cannot carry it.
    pub fn aside(&mut self, text: &str) {
        if let Sink::Nowhere = self.sink {
            return;
        }
        if let Sink::Stdout { immediate: true } = self.sink {
            // At a terminal, folded at spaces rather than by the terminal
            // inside a word; a reading named by its number alone (C20 is
            // READINGS.md's, as README says), so a block fits one screen.
            let width = crate::rules::prompt_theme::width() - 1;
            let text = text.replace("READINGS.md C", "C");
            self.held
                .push_str(&crate::rules::prompt_theme::fold_lines(&text, width));
        } else {
            self.held.push_str(text);
        }
        if !text.ends_with('\n') {
            self.held.push('\n');
        }
        if let Sink::Stdout { immediate: true } = self.sink {
            self.write_held();
        }
    }

    fn note_gist(&mut self, text: &str) {
        for line in text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with("=="))
        {
            if self.first.is_none() {
                self.first = Some(line.to_string());
            }
            if self.nothing.is_none() && says_nothing(line) {
                self.nothing = Some(line.to_string());
            }
        }
    }

    /// Text without a line end of its own (a rendered table that carries one).
    pub fn show(&mut self, text: &str) {
        if let Sink::Nowhere = self.sink {
            return;
        }
        self.held.push_str(text);
        if let Sink::Stdout { immediate: true } = self.sink {
            self.write_held();
        }
    }

    fn write_held(&mut self) {
        if self.failed.is_some() {
            self.held.clear();
            return;
        }
        let text = std::mem::take(&mut self.held);
        match &mut self.sink {
            Sink::Memory(m) => m.push_str(&text),
            Sink::Nowhere => {}
            Sink::Stdout { .. } => {
                let mut out = io::stdout().lock();
                if let Err(e) = out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
                    self.failed = Some(e);
                }
            }
        }
    }

    /// Said once the step is on record, and not before, even at a
    /// terminal ("Scenario 1 recorded"); dropped if the step fails.
    pub fn say_when_kept(&mut self, text: &str) {
        if let Sink::Nowhere = self.sink {
            return;
        }
        self.kept.push_str(text);
        if !text.ends_with('\n') {
            self.kept.push('\n');
        }
    }

    /// Writes what a committed step said. Called only between steps: an
    /// error here leaves every committed step as it is.
    pub fn flush(&mut self) -> Result<(), Error> {
        let kept = std::mem::take(&mut self.kept);
        self.held.push_str(&kept);
        self.write_held();
        match self.failed.take() {
            None => Ok(()),
            Some(e) => Err(Error::Output(e)),
        }
    }

    /// Drops what the step said: it failed and was not committed, and its
    /// refusal will say why.
    pub fn discard(&mut self) {
        self.kept.clear();
        if let Sink::Stdout { immediate: false } | Sink::Memory(_) | Sink::Nowhere = self.sink {
            self.held.clear();
        }
    }

    /// The gist of what was said since the previous call: the line saying
    /// there was nothing to do, else the first line (headings aside).
    pub fn take_gist(&mut self) -> Option<String> {
        let first = self.first.take();
        self.nothing.take().or(first)
    }

    /// What a memory output has collected so far.
    pub fn take(&mut self) -> String {
        self.write_held();
        match &mut self.sink {
            Sink::Memory(m) => std::mem::take(m),
            Sink::Stdout { .. } | Sink::Nowhere => String::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn held_text_is_written_only_at_a_step_boundary() {
        let mut out = Output::memory();
        out.say("12.621 German buys I1");
        out.discard();
        out.say("12.622 strength");
        out.flush().unwrap();
        assert_eq!(out.take(), "12.622 strength\n");
    }

    #[test]
    fn what_is_said_when_kept_comes_only_with_the_step_boundary() {
        let mut out = Output::memory();
        out.say_when_kept("Scenario 1 recorded.");
        out.say("Victor: German.");
        out.discard();
        out.flush().unwrap();
        assert_eq!(out.take(), "", "a failed step says nothing of it");
        out.say("Victor: German.");
        out.say_when_kept("Scenario 1 recorded.");
        assert_eq!(out.take(), "Victor: German.\n");
        out.flush().unwrap();
        assert_eq!(out.take(), "Scenario 1 recorded.\n");
    }

    #[test]
    fn the_gist_is_the_nothing_to_do_line_else_the_first_line() {
        let mut out = Output::memory();
        out.say("== 12.6154 ==\n12.6154: FT/DC kept\n  G-3 kept");
        out.say("Nothing else to do for the Russian.");
        assert_eq!(
            out.take_gist().as_deref(),
            Some("Nothing else to do for the Russian.")
        );
        out.say("== heading only ==");
        assert_eq!(out.take_gist(), None);
        out.say("12.617: G-5 removed\n12.617: nothing more");
        assert_eq!(out.take_gist().as_deref(), Some("12.617: nothing more"));
        out.say("12.618: DR 7");
        assert_eq!(out.take_gist().as_deref(), Some("12.618: DR 7"));
        out.say("NOTHING to do: nothin' at all, n");
        assert_eq!(
            out.take_gist().as_deref(),
            Some("NOTHING to do: nothin' at all, n")
        );
        out.say("12.617: nothin'\n12.617: no fortification");
        assert_eq!(out.take_gist().as_deref(), Some("12.617: nothin'"));
        // Said to no one, the gist is kept all the same.
        let mut nowhere = Output::nowhere();
        nowhere.say("12.612: nothing to do");
        nowhere.flush().unwrap();
        assert_eq!(nowhere.take(), "");
        assert_eq!(
            nowhere.take_gist().as_deref(),
            Some("12.612: nothing to do")
        );
    }
}
