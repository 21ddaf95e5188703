//! Reading one answer at the terminal (dialoguer, the theme of
//! `prompt_theme`): typed-ahead keys thrown away, a yes or no, a line or a
//! list; Enter on an empty line always takes the question's own default, an
//! answer refused is only offered to change (↑), and a long answer the
//! terminal wrapped is cleared with its question.

use crate::error::Error;
use crate::rules::prompt_theme::FITTED;

/// Keys pressed before a question is shown are thrown away, so a keystroke
/// meant for one prompt can never answer the next (two players, one
/// keyboard: a `y` typed twice must not say "ready" for the other side).
pub(crate) fn discard_typed_ahead() {
    #[cfg(unix)]
    // SAFETY: tcflush on standard input only drops its pending input.
    unsafe {
        libc::tcflush(libc::STDIN_FILENO, libc::TCIFLUSH);
    }
}

/// Asked until answered Yes (No by default): a hand-over of the keyboard.
pub(crate) fn until_yes(question: &str) -> Result<(), Error> {
    while !confirm(question, Some(false))? {}
    Ok(())
}

/// Yes or no, always closed by Enter; Enter alone takes `default`.
pub(crate) fn confirm(question: &str, default: Option<bool>) -> Result<bool, Error> {
    discard_typed_ahead();
    let mut c = dialoguer::Confirm::with_theme(&FITTED)
        .with_prompt(question)
        .wait_for_newline(true);
    if let Some(d) = default {
        c = c.default(d);
    }
    c.interact().map_err(crate::error::terminal)
}

/// What typing `back` does: takes back the step's last answer (the step
/// starts again with those before it), or why it cannot.
pub const BACK: &str = "back";

/// How wide the last line of `question` is as the theme draws it (where
/// the answer is typed).
pub(crate) fn last_line(question: &str, default: Option<&str>) -> usize {
    use dialoguer::theme::Theme;
    let mut drawn = String::new();
    let _ = FITTED.format_input_prompt(&mut drawn, question, default);
    console::measure_text_width(drawn.rsplit('\n').next().unwrap_or(""))
}

/// dialoguer clears a question's own lines once its answer is read, but
/// not the rows the terminal wrapped a long typed answer onto: they stayed
/// on screen above the question drawn again (an error) or its answer, so
/// a question was shown two or three times. Cleared here, as the answer is
/// checked (dialoguer checks it right after its own clearing, before it
/// draws again). Gives `typed` back.
pub(crate) fn clear_wrapped(last: usize, typed: &str) -> &str {
    let term = console::Term::stderr();
    if let Some((_, cols)) = term.size_checked() {
        let used = last + console::measure_text_width(typed);
        let rows = used.saturating_sub(1) / usize::from(cols).max(1);
        if rows > 0 {
            let _ = term.clear_last_lines(rows);
        }
    }
    typed
}

/// What a question offers at the terminal: its own default, which Enter on
/// an empty line takes (as the question says), and an answer refused a
/// moment ago, offered to edit (↑) but never taken by Enter alone: a
/// refused answer must not become the default and trap the player.
pub(crate) struct Asked {
    pub default: Option<String>,
    pub again: Option<String>,
}

/// The refused answer, brought back by ↑ (dialoguer's history of one).
pub(crate) struct Recall(Option<String>);

impl<T: ToString> dialoguer::History<T> for Recall {
    fn read(&self, pos: usize) -> Option<String> {
        self.0.clone().filter(|_| pos == 0)
    }

    fn write(&mut self, _: &T) {}
}

/// Says, above a question asked again, how to bring back what was refused.
pub(crate) fn say_recall(again: &Option<String>) {
    if let Some(a) = again.as_deref().filter(|a| !a.is_empty()) {
        let text =
            format!("(↑ brings back `{a}` to change it; Enter alone: the question's default.)");
        let _ = console::Term::stderr().write_line(&crate::rules::prompt_theme::fold_lines(
            &text,
            crate::rules::prompt_theme::width() - 1,
        ));
    }
}

/// A list typed on one line (empty: none, where `empty` allows it, which
/// the question's own words turn into its default), asked again until
/// `valid` passes; `again` (an answer refused) is offered by ↑, and `back`
/// takes back the last answer if `back` allows it.
pub(crate) fn typed_list(
    question: &str,
    again: Option<String>,
    valid: &dyn Fn(&str) -> Result<(), String>,
    empty: bool,
    back: &Result<(), String>,
) -> Result<Vec<String>, Error> {
    discard_typed_ahead();
    say_recall(&again);
    let mut recall = Recall(again);
    let last = last_line(question, None);
    let text: String = dialoguer::Input::<String>::with_theme(&FITTED)
        .with_prompt(question)
        .allow_empty(true)
        .history_with(&mut recall)
        .validate_with(|t: &String| match clear_wrapped(last, t).trim() {
            "" if empty => Ok(()),
            "-" if empty => Ok(()),
            BACK => back.clone(),
            t => valid(t),
        })
        .interact_text()
        .map_err(crate::error::terminal)?;
    Ok(match text.trim() {
        BACK => return Err(Error::TakeBack),
        "" | "-" => vec![],
        t => vec![t.to_string()],
    })
}

/// A line of text checked by `valid`, asked again with its message until it
/// passes; Enter alone takes the question's default when it has one; an
/// answer refused is offered by ↑; `back` as in [`typed_list`].
pub(crate) fn ask_line(
    question: &str,
    asked: Asked,
    valid: impl Fn(&str) -> Result<(), String>,
    back: &Result<(), String>,
) -> Result<String, Error> {
    discard_typed_ahead();
    say_recall(&asked.again);
    let mut recall = Recall(asked.again);
    let last = last_line(question, asked.default.as_deref());
    let default = asked.default.clone();
    let mut input = dialoguer::Input::<String>::with_theme(&FITTED)
        .with_prompt(question)
        .history_with(&mut recall);
    if let Some(d) = asked.default {
        input = input.default(d);
    }
    let text = input
        .validate_with(|t: &String| {
            // The default taken by Enter alone was not typed.
            if default.as_ref() != Some(t) {
                clear_wrapped(last, t);
            }
            match t.trim() {
                BACK => back.clone(),
                t => valid(t),
            }
        })
        .interact_text()
        .map_err(crate::error::terminal)?;
    match text.trim() {
        BACK => Err(Error::TakeBack),
        t => Ok(t.to_string()),
    }
}
