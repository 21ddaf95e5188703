//! Every failure a user can meet, each rendered as a message that says what
//! was wrong and what to do about it.

use std::path::PathBuf;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("{path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },

    #[error(
        "{file}:{line}:{column}: {message}\nThe table file is not valid TOML for a votg table. Fix it by hand, or delete it from your --tables folder to use the built-in copy."
    )]
    TableSyntax {
        file: String,
        line: usize,
        column: usize,
        message: String,
    },

    #[error(
        "{file}{location}: {message}\nFix the table file, or delete it from your --tables folder to use the built-in copy."
    )]
    TableData {
        file: String,
        location: String,
        message: String,
    },

    #[error(
        "there is no table `{id}`. Known tables: {known}. `votg table list` shows them with their rules."
    )]
    UnknownTable { id: String, known: String },

    #[error("table `{table}` has no column `{column}`; choose one of: {choices}.")]
    UnknownColumn {
        table: String,
        column: String,
        choices: String,
    },

    #[error("table `{table}` has several columns: choose one with {flag} ({choices}).")]
    ColumnRequired {
        table: String,
        flag: String,
        choices: String,
    },

    #[error("table `{table}` is chosen by --{wanted}, not --{given}: use --{wanted} ({choices}).")]
    WrongSelector {
        table: String,
        wanted: String,
        given: String,
        choices: String,
    },

    #[error(
        "table `{table}` uses the Original roll only ({rule}): no DRM applies. Roll again without --drm."
    )]
    DrmNotAllowed { table: String, rule: String },

    #[error("{origin}: `{face}` is not a die face; each die is a whole number from 1 to 6.")]
    BadDie { origin: String, face: String },

    /// A face that is no die, where it is known how many dice are asked.
    #[error("{origin}: `{face}` is not a die face. {expected}")]
    BadDieFor {
        origin: String,
        face: String,
        expected: String,
    },

    #[error(
        "table `{table}` is rolled with a {kind}: give {count} die face(s) with --dice, not {given}."
    )]
    WrongDiceCount {
        table: String,
        kind: String,
        count: usize,
        given: usize,
    },

    #[error(
        "{origin} ran out of dice after {used} face(s), at the {purpose}. Add more faces to it, or roll without it."
    )]
    DiceExhausted {
        origin: String,
        used: usize,
        purpose: String,
    },

    #[error("{0}. Type the faces of the dice you threw, 1 to 6 each.")]
    ManualDice(String),

    #[error("the terminal could not be used: {0}")]
    Terminal(String),

    #[error(
        "`{given}` is not a DRM: give a whole number such as 2 or -1 (write negative values as --drm=-1)."
    )]
    BadDrm { given: String },

    #[error("{} is not a votg campaign (no campaign.toml). Create one with `votg new {} --cg I|II|III|IV`, or pass the campaign's folder.", dir.display(), dir.display())]
    NotACampaign { dir: PathBuf },

    #[error("{} is not empty: `votg new` makes a new folder for each campaign. Choose another name.", dir.display())]
    DirNotEmpty { dir: PathBuf },

    #[error("another votg is working on {} right now. Wait for it to finish, then try again.", dir.display())]
    Locked { dir: PathBuf },

    #[error("nothing to undo in {}: no step has been taken since the campaign was created (or every step was undone).", dir.display())]
    NothingToUndo { dir: PathBuf },

    #[error("{}: not a regular file (a folder, a FIFO or a device is in its place). votg reads and writes only plain files: put the campaign's file back.", path.display())]
    NotRegularFile { path: PathBuf },

    #[error("{}: larger than {limit} bytes, far more than any campaign file; it is damaged (or something else is in its place). Nothing was changed.", path.display())]
    FileTooLarge { path: PathBuf, limit: u64 },

    #[error(
        "{file}, line {line}: {message}\nThe campaign's log is damaged. Nothing was changed. Restore the file from your backup; votg never rewrites a log line, so a damaged line was changed outside votg."
    )]
    LogData {
        file: String,
        line: usize,
        message: String,
    },

    #[error(
        "{file} changed while this command was working (another votg wrote to it after the lock file was removed?). Nothing more was written; what was typed is kept. Run the command again."
    )]
    LogMoved { file: String },

    #[error(
        "{}: a view was edited by hand, so it no longer says what the campaign's log says:\n  {list}\nRecord the edit with `votg adjust {} --side SIDE --reason \"why\"` (it becomes an audited event), or undo it with `votg adjust {} --side SIDE --discard` (the views are written again from the log). Nothing was changed.", dir.display(), dir.display(), dir.display()
    )]
    ViewsEdited { dir: PathBuf, list: String },

    #[error(
        "{what} {value} is out of range: a DRM, and the total of all DRMs on a roll, must be from -{limit} to +{limit}."
    )]
    DrmOutOfRange {
        what: String,
        value: i64,
        limit: i32,
    },

    #[error(
        "{file}:{line}:{column}: {message}\nThe campaign file is damaged. Nothing was changed. Fix it by hand (it is plain text), or `votg undo` back to before the last step."
    )]
    CampaignSyntax {
        file: String,
        line: usize,
        column: usize,
        message: String,
    },

    #[error(
        "{file}: {field} = {value}: {message}\nNothing was changed. Fix the value by hand, or `votg undo` back to before the last step."
    )]
    CampaignData {
        file: String,
        field: String,
        value: String,
        message: String,
    },

    #[error(
        "the Campaign Game definition `{id}` is missing from the tables; the built-in copy has cg-i … cg-iv."
    )]
    UnknownCg { id: String },

    #[error("{0}")]
    Refused(String),

    /// 12.621: a purchase refused by a rule, with what is left and possible.
    #[error("{0}")]
    PurchaseRefused(Box<Refusal>),

    #[error("{file}:{line}:{column}: {message}\nFix the answers file; nothing was changed.")]
    AnswersSyntax {
        file: String,
        line: usize,
        column: usize,
        message: String,
    },

    #[error(
        "no answer for `{id}`: expected {expected}. Add it to the answers file, or run `votg refit` at a terminal to be asked. This step was not carried out and changed nothing."
    )]
    MissingAnswer { id: String, expected: String },

    #[error("{0}")]
    Usage(String),

    /// The player took back his last answer of a step (typed `back`): the
    /// step starts again with the answers before it.
    #[error("the last answer was taken back")]
    TakeBack,

    /// The output (a pipe, a file, a full disk) could not be written. Raised
    /// only between two steps, so every step before it stays committed.
    #[error("the output could not be written: {0}")]
    Output(std::io::Error),

    /// A run that committed some steps and was then stopped by `source`.
    #[error(
        "{source}\nThe run stopped there. Committed before it: {}. `votg undo` takes them back one at a time.",
        committed.join("; ")
    )]
    StoppedAfter {
        committed: Vec<String>,
        source: Box<Error>,
    },

    /// A step votg does not carry out (a step a corrected sequence marks so):
    /// said plainly, not pretended.
    #[error(
        "the {who} at {step}, which votg does not carry out. Do it at the table, record its results by hand in the campaign's files, set `step` in campaign.toml to the next step for both sides, and run `votg refit` again."
    )]
    NotYet { who: String, step: String },

    /// Two machines (DESIGN §9): a roll made after a choice of this turn
    /// needs a nonce that arrives after it: the step goes on next turn.
    #[error(
        "this roll comes after a choice made in this turn, so it waits for a nonce the other side sends after it: `votg send`, and go on when his packet comes"
    )]
    NeedsNonce,

    /// Two machines: a joint step's public dice need the other side's
    /// public nonce, revealed in his next packet.
    #[error(
        "this public roll needs the other side's public nonce for the step: `votg send`, and he performs the step"
    )]
    NeedsPublicNonce,
}

/// A purchase refused (12.621): in full (what is left and still possible),
/// and its one-line summary.
#[derive(Debug)]
pub struct Refusal {
    pub full: String,
    pub summary: String,
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.full)
    }
}

impl Error {
    /// DESIGN §4: 2 for usage errors, 1 for everything else.
    pub fn exit_code(&self) -> i32 {
        match self {
            Error::UnknownTable { .. }
            | Error::UnknownColumn { .. }
            | Error::ColumnRequired { .. }
            | Error::WrongSelector { .. }
            | Error::WrongDiceCount { .. }
            | Error::BadDrm { .. }
            | Error::DrmOutOfRange { .. }
            | Error::DrmNotAllowed { .. }
            | Error::Usage(_) => 2,
            Error::StoppedAfter { source, .. } => source.exit_code(),
            _ => 1,
        }
    }
}

/// A value of a campaign file that is wrong: (field, value, message).
pub fn data(file: &str, (field, value, message): (String, String, String)) -> Error {
    Error::CampaignData {
        file: file.into(),
        field,
        value,
        message,
    }
}

/// 1-based line and column of a byte offset.
pub fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(text.len());
    let before = &text[..floor_char_boundary(text, offset)];
    let line = before.matches('\n').count() + 1;
    let column = before
        .rfind('\n')
        .map_or(before.chars().count(), |i| before[i + 1..].chars().count())
        + 1;
    (line, column)
}

pub fn floor_char_boundary(text: &str, mut i: usize) -> usize {
    while i > 0 && !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}
