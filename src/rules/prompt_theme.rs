//! How a question looks at the terminal: dialoguer's own look, folded to
//! the terminal's width with line ends of its own. dialoguer clears a
//! question by counting its line ends, so a question the terminal wrapped
//! by itself was cleared only in part and shown again under its own
//! remains, and the error under it was cleared with the wrong lines.
//! Folded here, every line is counted: a question is shown once, and an
//! error stays under it until the next answer is accepted.

use std::fmt;

use dialoguer::theme::Theme;

/// The look of every question votg asks.
pub struct Fitted;

/// The theme to ask with.
pub const FITTED: Fitted = Fitted;

/// Room kept on a question's last line for the answer typed after it.
const ANSWER_ROOM: usize = 24;

/// The terminal's width: `COLUMNS` when set, else the terminal's (the
/// questions are asked on standard error), else 80.
pub fn width() -> usize {
    std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.trim().parse::<usize>().ok())
        .or_else(|| {
            console::Term::stderr()
                .size_checked()
                .map(|(_, cols)| cols as usize)
        })
        .unwrap_or(80)
        .max(24)
}

/// `text` as lines of at most `width` characters, broken at spaces (a word
/// longer than a line is cut), its own line ends kept.
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    for para in text.split('\n') {
        let mut line = String::new();
        for word in para.split(' ') {
            let mut word = word.to_string();
            let used = line.chars().count();
            if used > 0 && used + 1 + word.chars().count() > width {
                lines.push(std::mem::take(&mut line));
            }
            while word.chars().count() > width {
                let cut: String = word.chars().take(width).collect();
                word = word.chars().skip(width).collect();
                if !line.is_empty() {
                    lines.push(std::mem::take(&mut line));
                }
                lines.push(cut);
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&word);
        }
        lines.push(line);
    }
    lines
}

/// Commentary for the terminal: each line wider than `width` folded at
/// spaces, its continuation lines indented two past its own indent; the
/// lines of a drawn table are left to the table.
pub fn fold_lines(text: &str, width: usize) -> String {
    let mut out = String::with_capacity(text.len());
    for (i, line) in text.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let drawn = line.starts_with(['┌', '│', '╞', '├', '└']);
        if drawn || line.chars().count() <= width {
            out.push_str(line);
            continue;
        }
        let indent = line.len() - line.trim_start().len();
        let pad = " ".repeat((indent + 2).min(width / 2));
        let body = wrap(line.trim_start(), width - pad.len());
        for (j, l) in body.iter().enumerate() {
            match j {
                0 => out.push_str(&format!("{}{l}", &line[..indent])),
                _ => out.push_str(&format!("\n{pad}{l}")),
            }
        }
    }
    out
}

/// Room kept after a yes-or-no question: the `y` or `n` typed.
const YES_NO_ROOM: usize = 4;

/// `text` folded to the terminal, the last line short enough to type
/// `room` characters after (else the answer goes on a line of its own,
/// after `> `).
fn question(f: &mut dyn fmt::Write, text: &str, end: &str, room: usize) -> fmt::Result {
    let w = width() - 1;
    let lines = wrap(text, w);
    let last = lines.last().map_or(0, |l| l.chars().count());
    if last + end.chars().count() + room <= w {
        write!(f, "{}{end}", lines.join("\n"))
    } else {
        write!(f, "{}\n> ", lines.join("\n"))
    }
}

impl Theme for Fitted {
    fn format_prompt(&self, f: &mut dyn fmt::Write, prompt: &str) -> fmt::Result {
        write!(f, "{}:", wrap(prompt, width() - 2).join("\n"))
    }

    fn format_error(&self, f: &mut dyn fmt::Write, err: &str) -> fmt::Result {
        write!(
            f,
            "{}",
            wrap(&format!("error: {err}"), width() - 1).join("\n")
        )
    }

    fn format_confirm_prompt(
        &self,
        f: &mut dyn fmt::Write,
        prompt: &str,
        default: Option<bool>,
    ) -> fmt::Result {
        let hint = match default {
            None => "[y/n]",
            Some(true) => "[Y/n]",
            Some(false) => "[y/N]",
        };
        question(f, &format!("{prompt} {hint}"), " ", YES_NO_ROOM)
    }

    fn format_confirm_prompt_selection(
        &self,
        f: &mut dyn fmt::Write,
        prompt: &str,
        selection: Option<bool>,
    ) -> fmt::Result {
        let answer = selection.map_or("", |b| if b { " yes" } else { " no" });
        write!(
            f,
            "{}",
            wrap(&format!("{prompt}{answer}"), width() - 1).join("\n")
        )
    }

    fn format_input_prompt(
        &self,
        f: &mut dyn fmt::Write,
        prompt: &str,
        default: Option<&str>,
    ) -> fmt::Result {
        match default {
            Some(d) => question(f, &format!("{prompt} [{d}]"), ": ", ANSWER_ROOM),
            None => question(f, prompt, ": ", ANSWER_ROOM),
        }
    }

    fn format_input_prompt_selection(
        &self,
        f: &mut dyn fmt::Write,
        prompt: &str,
        sel: &str,
    ) -> fmt::Result {
        write!(
            f,
            "{}",
            wrap(&format!("{prompt}: {sel}"), width() - 1).join("\n")
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrap_breaks_at_spaces_and_cuts_only_a_word_longer_than_a_line() {
        assert_eq!(wrap("a bb ccc dddd", 6), ["a bb", "ccc", "dddd"]);
        assert_eq!(wrap("abcdefgh x", 4), ["abcd", "efgh", "x"]);
        assert_eq!(wrap("one\ntwo three", 5), ["one", "two", "three"]);
        assert!(
            wrap(&"word ".repeat(40), 30)
                .iter()
                .all(|l| l.chars().count() <= 30)
        );
    }
}
