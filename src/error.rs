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

    /// A write refused for lack of room (ENOSPC, EDQUOT): what was kept, or
    /// that nothing was changed, and what to do.
    #[error(
        "{}: the disk is full ({source}). {} Free some space on that disk (or move the folder to a disk with room), then run the command again.",
        path.display(),
        kept.as_deref().unwrap_or("Nothing was changed.")
    )]
    DiskFull {
        path: PathBuf,
        source: std::io::Error,
        /// What is on record despite the failure; `None`: nothing changed.
        kept: Option<String>,
    },

    /// A file in a `--tables` folder that is no plain table file.
    #[error("{}: {why}. A table in a --tables folder is a plain TOML file of at most 1 MiB (the largest built-in table is a few KiB): remove it, or put a table file in its place. Nothing was changed.", path.display())]
    TableFile { path: PathBuf, why: String },

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
        "interrupted (Ctrl-C): the step in progress is not done, every step before it is; what was typed in it is kept, and `votg refit` offers it again."
    )]
    Interrupted,

    /// A side's secret block at one keyboard stopped on an error: the side
    /// read it in the block, which is now cleared; the shared screen is not
    /// told what it was, as it may name that side's secrets (DESIGN §5).
    #[error(
        "the {side} player's block stopped on an error he has read; the screen was cleared, and the error is not repeated here as it may name his secrets (`votg refit --side {id}` shows it to him again). What he typed is kept: `votg refit` offers it again."
    )]
    SecretBlockStopped { side: String, id: String },

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

    /// A file given on the command line (`--answers`, `--dice-file`) that is
    /// no plain text file of a sensible size: refused before it is read.
    #[error("{}: {why}. {what} takes a plain text file of a sensible size: give the file itself (not a folder, FIFO or device). Nothing was changed.", path.display())]
    BadInputFile {
        path: PathBuf,
        what: String,
        why: String,
    },

    /// A link inside the campaign folder that leads out of it.
    #[error("{}: a link to {}, outside the campaign folder {}. votg keeps a campaign in its one folder and follows no link out of it, so no side's secrets or log are read or written elsewhere. Put the folder itself in the link's place (e.g. move {} there), then run the command again. Nothing was changed.", link.display(), target.display(), dir.display(), target.display())]
    LinkOutside {
        link: PathBuf,
        target: PathBuf,
        dir: PathBuf,
    },

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

    /// Two machines: the public record a half gives differs from the one
    /// the other side recorded; both stop until one amends (not asked again
    /// at the terminal: what was typed is kept for the next `refit`).
    #[error("{0}")]
    Disagreement(String),

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

    /// `votg refit` whose output failed (a reader gone, a full disk):
    /// stopped between two steps, every step before it kept.
    #[error(
        "the output could not be written ({}): the run stopped between two steps. {} Run `votg refit` again to go on from there, with its output going somewhere it can be written.",
        output_trouble(source),
        kept_steps(committed)
    )]
    OutputStopped {
        source: std::io::Error,
        committed: Vec<String>,
    },

    /// A run that committed some steps and was then stopped by `source`.
    #[error(
        "{}\nThe run stopped there: the step it stopped in was not written. Kept (on record) before it: {}. `votg undo` takes them back one at a time.",
        without_nothing_changed(source),
        committed.join("; ")
    )]
    StoppedAfter {
        committed: Vec<String>,
        source: Box<Error>,
    },

    /// A step votg does not carry out (a step a corrected sequence marks so):
    /// said plainly, not pretended.
    #[error(
        "the {who} at {step}, which votg does not carry out. Do it at the table, write its results into the sheets' files by hand with `step` in campaign.toml set to the next step, then run `votg refit` again: at a terminal it offers to record your edit with its reason (elsewhere `votg adjust DIR --side both --reason \"…\"` records it)."
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

    /// Two machines: a joint step asked the player at this terminal only
    /// the other side's questions (the Russian's Counterattack declaration,
    /// say): he answers them himself, performing the step in his turn.
    #[error("{0}")]
    HisToAnswer(String),
}

/// Whether an I/O error says the disk (or the user's quota) is full.
pub fn is_disk_full(e: &std::io::Error) -> bool {
    matches!(
        e.kind(),
        std::io::ErrorKind::StorageFull | std::io::ErrorKind::QuotaExceeded
    )
}

/// What went wrong with an output, in words.
pub fn output_trouble(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::BrokenPipe => format!("its reader went away: {e}"),
        _ if is_disk_full(e) => format!("the disk is full: {e}"),
        _ => e.to_string(),
    }
}

/// `e`'s message without its "Nothing was changed." (said of the step
/// that failed, where steps before it were kept).
fn without_nothing_changed(e: &Error) -> String {
    e.to_string()
        .replace(" Nothing was changed.", "")
        .replace("Nothing was changed. ", "")
}

/// The steps a stopped run kept, in words.
fn kept_steps(committed: &[String]) -> String {
    if committed.is_empty() {
        "Nothing was changed.".into()
    } else {
        format!(
            "Kept (on record): {}; `votg undo` takes them back one at a time.",
            committed.join("; ")
        )
    }
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

/// A terminal prompt's failure: Ctrl-C (read as an interrupted read while
/// a secret block is open, `secret_screen`) or another.
pub fn terminal(e: dialoguer::Error) -> Error {
    match e {
        dialoguer::Error::IO(io) if io.kind() == std::io::ErrorKind::Interrupted => {
            Error::Interrupted
        }
        e => Error::Terminal(e.to_string()),
    }
}

impl Error {
    /// A full disk met after `kept` was put on record: says so instead of
    /// "Nothing was changed". Any other error is returned as it is.
    pub fn kept(self, kept: impl Into<String>) -> Error {
        match self {
            Error::DiskFull { path, source, .. } => Error::DiskFull {
                path,
                source,
                kept: Some(kept.into()),
            },
            e => e,
        }
    }

    /// A full disk: `more` said of what was kept, after what was said
    /// already. Any other error is returned as it is.
    pub fn kept_also(self, more: impl Into<String>) -> Error {
        match self {
            Error::DiskFull { path, source, kept } => Error::DiskFull {
                path,
                source,
                kept: Some(match kept {
                    Some(k) => format!("{k} {}", more.into()),
                    None => more.into(),
                }),
            },
            e => e,
        }
    }

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
