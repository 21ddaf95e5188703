//! The command line of DESIGN §4.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

use crate::commands::{self, Config};
use crate::error::Error;
use crate::model::side::{Cg, Side};

mod process;
use process::{output_failed, report, stdout_closed, write_out};

#[derive(Debug, Parser)]
#[command(
    name = "votg",
    version,
    about = "Refit Phase assistant for ASL Valor of the Guards Campaign Games",
    long_about = "Walks both sides through the VotG Campaign Game Refit Phase (rules 12.601-12.627), \
rolls or takes physical dice, applies every DRM with its reason and rule, and keeps the CG Roster, \
RG Purchase Record and Force Organizer on disk.\n\nLook up any table with `votg table list`."
)]
pub struct Cli {
    #[command(flatten)]
    pub global: Global,
    #[command(subcommand)]
    pub command: Command,
}

/// The dice options are global, so every command's help lists them; their
/// heading says which commands roll.
const DICE_HEADING: &str = "Dice (only for the commands that roll: new, refit, table roll)";

#[derive(Debug, Args)]
pub struct Global {
    /// Take die faces from FILE (whitespace-separated, one face per dr, two per DR)
    #[arg(long, global = true, help_heading = DICE_HEADING, value_name = "FILE", conflicts_with_all = ["seed", "manual_dice"])]
    pub dice_file: Option<PathBuf>,
    /// Roll with ChaCha streams derived from N (the same N replays the same dice; for tests: anyone who knows N can predict every roll); with `new`, the campaign's streams
    #[arg(long, global = true, help_heading = DICE_HEADING, value_name = "N", conflicts_with = "manual_dice")]
    pub seed: Option<u64>,
    /// Type in the dice you throw at the table instead of letting votg roll
    #[arg(long, global = true, help_heading = DICE_HEADING)]
    pub manual_dice: bool,
    /// Load tables from DIR (an edited copy of `tables/`); files it lacks come from the built-in copy
    #[arg(long, global = true, value_name = "DIR")]
    pub tables: Option<PathBuf>,
}

impl Global {
    /// The options as the library takes them.
    pub fn config(&self) -> Config {
        Config {
            dice_file: self.dice_file.clone(),
            seed: self.seed,
            manual_dice: self.manual_dice,
            tables: self.tables.clone(),
            odds: false,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    Text,
    Csv,
    Json,
}

/// How a sheet is shown (`roster`, `purchases`, `force`, `log`).
#[derive(Debug, Clone, Copy, Args)]
pub struct ShownArgs {
    #[arg(long, value_enum, default_value = "text")]
    pub format: Format,
    /// Text: one full-width table, however wide (by default the sheet fits the terminal, COLUMNS or at least 80)
    #[arg(long)]
    pub wide: bool,
}

impl ShownArgs {
    pub fn shown(self) -> commands::campaign::Shown {
        commands::campaign::Shown {
            format: match self.format {
                Format::Text => commands::Format::Text,
                Format::Csv => commands::Format::Csv,
                Format::Json => commands::Format::Json,
            },
            wide: self.wide,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum StatsFormat {
    Text,
    Json,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum SideChoice {
    German,
    Russian,
    Both,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Start a Campaign Game in a new folder, at its Initial Scenario (12.5)
    New {
        /// The folder to create (must be new or empty)
        dir: PathBuf,
        /// Which Campaign Game: I, II, III or IV (12.51-12.54)
        #[arg(long)]
        cg: Cg,
        /// Two machines: this folder keeps only this side's half; writes the first packet for the other side
        #[arg(long)]
        side: Option<Side>,
        /// With --side: an answers file for your first steps, done before the first packet is written
        #[arg(long, value_name = "FILE", requires = "side")]
        answers: Option<PathBuf>,
    },
    /// Two machines: start your half of a campaign from the other side's first packet (or take your seat in the half `votg split` wrote for you); writes your reply
    Join {
        /// The folder to create (must be new or empty); without PACKET, the half `votg split` wrote for you
        dir: PathBuf,
        /// The other side's first packet (`votg new --side` wrote it); none after `votg split`
        packet: Option<PathBuf>,
        /// Your side: german or russian
        #[arg(long)]
        side: Side,
        /// An answers file for your first steps, done before your reply is written
        #[arg(long, value_name = "FILE")]
        answers: Option<PathBuf>,
    },
    /// Two machines: split a campaign played at one keyboard into two halves: DIR keeps SIDE's, DIR2 (--out) gets the other side's (he takes it to his machine and runs `votg join DIR2 --side S`)
    Split {
        /// The campaign (played at one keyboard); it becomes SIDE's half
        dir: PathBuf,
        /// The side that keeps DIR: german or russian
        #[arg(long)]
        side: Side,
        /// The folder to create (must be new or empty) for the other side's half
        #[arg(long, value_name = "DIR2")]
        out: PathBuf,
    },
    /// Two machines: join the other side's half (OTHER, his folder brought to the table) back into DIR, for play at one keyboard
    Merge {
        /// Your half; it becomes the whole campaign
        dir: PathBuf,
        /// The other side's half (left as it is)
        other: PathBuf,
    },
    /// Two machines: end your turn and write the packet of every public event of it for the other side (safe to run again)
    Send {
        #[arg(default_value = ".")]
        dir: PathBuf,
        /// Write the packet here (default: DIR/packets/<side>-<n>.votg)
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
    },
    /// Two machines: resign (in your turn); the campaign is over and your half is revealed with the packet
    Concede {
        #[arg(default_value = ".")]
        dir: PathBuf,
    },
    /// Two machines, after the reveal: re-derive every roll and choice of the other side and check it
    Audit {
        #[arg(default_value = ".")]
        dir: PathBuf,
    },
    /// Two machines: apply the other side's packet(s), all or none
    Receive {
        /// [DIR] then the packet file(s), oldest first
        #[arg(required = true, value_name = "[DIR] PACKET")]
        args: Vec<PathBuf>,
    },
    /// Run the Refit Phase from where the campaign stands (guided, or unattended with --answers)
    Refit {
        /// Campaign folder (default: the current folder)
        #[arg(default_value = ".")]
        dir: PathBuf,
        /// Which side(s) to run; `both` shares one keyboard and hides each side's secrets from the other
        #[arg(long, value_enum, default_value = "both")]
        side: SideChoice,
        /// Answers file (TOML) so the Refit Phase runs without questions
        #[arg(long, value_name = "FILE")]
        answers: Option<PathBuf>,
        /// Stop before any step numbered after STEP (e.g. 12.613: the aftermath now, the rest later)
        #[arg(long, value_name = "STEP", value_parser = parse_step)]
        until: Option<crate::rules::reph::sequence::StepId>,
        /// Show each roll's whole odds table before it (by default a roll is one line, with the chance of its row; `votg table odds` shows any table's)
        #[arg(long)]
        odds: bool,
    },
    /// Buy RGs for one side at step 12.621: one quoted argument per purchase, all or none
    Buy {
        /// The side buying: german or russian
        #[arg(long)]
        side: Side,
        /// [DIR] then the purchases, e.g. "I1 code=red" "I2 reserve" "O2 prereg=2 creeping"
        #[arg(required = true, value_name = "PURCHASE")]
        purchases: Vec<String>,
    },
    /// What is public: CG, CG Day, each side's RePh step, weather, scenarios
    Status {
        /// Campaign folder (default: the current folder)
        #[arg(default_value = ".")]
        dir: PathBuf,
    },
    /// A side's CG Roster (private to that side)
    Roster {
        /// Campaign folder (default: the current folder)
        #[arg(default_value = ".")]
        dir: PathBuf,
        /// Whose sheet: german or russian (private to that side)
        #[arg(long)]
        side: Side,
        #[command(flatten)]
        shown: ShownArgs,
    },
    /// A side's RG Purchase Record (private to that side)
    Purchases {
        /// Campaign folder (default: the current folder)
        #[arg(default_value = ".")]
        dir: PathBuf,
        /// Whose sheet: german or russian (private to that side)
        #[arg(long)]
        side: Side,
        #[command(flatten)]
        shown: ShownArgs,
    },
    /// A side's Force Organizer: every counter with its id, by box (private to that side)
    Force {
        /// Campaign folder (default: the current folder)
        #[arg(default_value = ".")]
        dir: PathBuf,
        /// Whose sheet: german or russian (private to that side)
        #[arg(long)]
        side: Side,
        #[command(flatten)]
        shown: ShownArgs,
    },
    /// The journal of rolls and decisions; secret rows only for their side
    Log {
        #[arg(default_value = ".")]
        dir: PathBuf,
        /// Show this side's rows, its secret ones included
        #[arg(long)]
        side: Option<Side>,
        /// Only rows of this RePh step (e.g. 12.618)
        #[arg(long)]
        step: Option<String>,
        /// Only rows of this CG Day: its date (16), or 14N for the Night scenario of 14 Sep
        #[arg(long, value_name = "DAY", value_parser = parse_day)]
        day: Option<crate::model::cg_day::CgDay>,
        /// Show every row, secret ones of both sides too (post-game review)
        #[arg(long)]
        reveal: bool,
        #[command(flatten)]
        shown: ShownArgs,
    },
    /// Print a side's sheets (CG Roster, RG Purchase Record, Force Organizer) as one HTML file, one sheet per landscape page (private to that side); with --scenario, the next scenario's card
    Print {
        #[arg(default_value = ".")]
        dir: PathBuf,
        #[arg(long)]
        side: Side,
        /// The next scenario's card instead: type, Victory Conditions, ELR and SAN, weather, EC and wind, set-up and first move, and this side's entry, OBA and air
        #[arg(long)]
        scenario: bool,
        /// Write the HTML here (default: standard output)
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
    },
    /// The story of one RG Purchase Record row: purchase, cost, every roll, answers, and what happened to its counters
    Explain {
        #[arg(long)]
        side: Side,
        /// [DIR] then the row's number (1-based, as `votg purchases` shows it)
        #[arg(required = true, num_args = 1..=2, value_name = "[DIR] ROW")]
        args: Vec<String>,
    },
    /// Dice statistics of the whole CG, per side and per table, against fair dice (public rolls; a side's secret ones with --side, until the CG ends)
    Stats {
        #[arg(default_value = ".")]
        dir: PathBuf,
        /// Add this side's secret rolls (its own; every roll is counted once the CG is over)
        #[arg(long)]
        side: Option<Side>,
        /// text, or json (one document)
        #[arg(long, value_enum, default_value = "text")]
        format: StatsFormat,
    },
    /// Run every step again on its recorded answers and dice, and compare the facts with those recorded
    Verify {
        #[arg(default_value = ".")]
        dir: PathBuf,
    },
    /// Take back the last step (an event of its own: nothing is deleted, and `redo` brings it back)
    Undo {
        #[arg(default_value = ".")]
        dir: PathBuf,
        /// Only this side's last step (refused, without saying what it was, if the last step is the other side's); with --request, that side's last step and every step after it
        #[arg(long)]
        side: Option<Side>,
        /// Two machines: ask the other side to take back a step he has received (sent with `votg send`)
        #[arg(long, conflicts_with_all = ["accept", "refuse"])]
        request: bool,
        /// With --request: the last step of this number that counts (e.g. 12.624; `record`: the scenario record), and every step after it
        #[arg(long, requires = "request")]
        step: Option<String>,
        /// Two machines: take back the steps the other side asked to undo, on both halves
        #[arg(long, conflicts_with_all = ["refuse", "side"])]
        accept: bool,
        /// Two machines: keep the steps the other side asked to undo
        #[arg(long, conflicts_with = "side")]
        refuse: bool,
    },
    /// Restore the step the last `undo` took back, exactly as it was (same answers, same dice)
    Redo {
        #[arg(default_value = ".")]
        dir: PathBuf,
        /// Only if it is this side's step (or a public one)
        #[arg(long)]
        side: Option<Side>,
    },
    /// Record a hand edit of a view (roster, purchases, force, campaign.toml) as an audited event, or discard it
    Adjust {
        #[arg(default_value = ".")]
        dir: PathBuf,
        /// Whose views were edited (campaign.toml goes with either); both at one keyboard
        #[arg(long, value_enum)]
        side: SideChoice,
        /// Why: kept with the adjustment in the log
        #[arg(long, required_unless_present = "discard")]
        reason: Option<String>,
        /// Write the views again from the log instead, dropping the edit
        #[arg(long, conflicts_with = "reason")]
        discard: bool,
    },
    /// Look up, roll on, and compute odds for the rules' tables and charts
    #[command(subcommand)]
    Table(TableCommand),
}

#[derive(Debug, Clone, Subcommand)]
pub enum TableCommand {
    /// List every table and chart with its rule
    List {
        /// Print machine-readable JSON
        #[arg(long)]
        json: bool,
    },
    /// Print a table or chart as printed in the rules, with its DRMs and footnotes
    Show {
        /// Table id (see `votg table list`)
        id: String,
        /// Only this column
        #[arg(long, conflicts_with = "side")]
        column: Option<String>,
        /// Only this side's column (tables chosen by side)
        #[arg(long)]
        side: Option<Side>,
        /// Print machine-readable JSON
        #[arg(long)]
        json: bool,
    },
    /// Roll on a table (or look up dice already thrown with --dice)
    Roll {
        /// Table id (see `votg table list`)
        id: String,
        /// The die faces thrown, e.g. 3,4 (for a gated column, the gate die first)
        #[arg(long, value_name = "FACES")]
        dice: Option<String>,
        /// A DRM to apply; repeat for several (negative: --drm=-2)
        #[arg(long, value_name = "N", allow_negative_numbers = true)]
        drm: Vec<String>,
        /// The column to roll on (multi-column tables)
        #[arg(long, conflicts_with = "side")]
        column: Option<String>,
        /// The side whose column to roll on (tables chosen by side)
        #[arg(long)]
        side: Option<Side>,
        /// Print one JSON object
        #[arg(long)]
        json: bool,
    },
    /// Exact chance of each row for a DRM total
    Odds {
        /// Table id (see `votg table list`)
        id: String,
        /// A DRM to apply; repeat for several (negative: --drm=-2)
        #[arg(long, value_name = "N", allow_negative_numbers = true)]
        drm: Vec<String>,
        /// Only this column (default: every column)
        #[arg(long, conflicts_with = "side")]
        column: Option<String>,
        /// Only this side's column (tables chosen by side)
        #[arg(long)]
        side: Option<Side>,
        /// Print machine-readable JSON
        #[arg(long)]
        json: bool,
    },
}

/// A RePh step number, as `--until` takes it.
fn parse_step(text: &str) -> Result<crate::rules::reph::sequence::StepId, String> {
    crate::rules::reph::sequence::StepId::parse(text).ok_or_else(|| {
        format!("`{text}` is not a Refit Phase step; write one of 12.601 … 12.627 (e.g. 12.613)")
    })
}

/// A CG Day, as `--day` takes it.
fn parse_day(text: &str) -> Result<crate::model::cg_day::CgDay, String> {
    crate::rules::answers::parse_day(text).ok_or_else(|| {
        format!("`{text}` is not a CG Day; write its September date (e.g. 16), or 14N for the Night scenario of 14 Sep")
    })
}

/// Runs the command line; returns the process exit status.
pub fn main() -> i32 {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            return match e.print() {
                Ok(()) => code,
                Err(io) => output_failed(&io, false),
            };
        }
    };
    if stdout_closed() {
        report(
            "error: standard output is closed (`>&-`), so what votg has to say could not be written anywhere. Nothing was changed. Run the command again with its output going to the terminal, a file or a pipe (`> /dev/null` to drop it).",
        );
        return 1;
    }
    let writes = cli.command.writes();
    match run(cli) {
        Ok(text) => match write_out(&text) {
            Ok(()) => 0,
            Err(io) => output_failed(&io, writes),
        },
        Err(e) => {
            report(&format!("error: {e}"));
            e.exit_code()
        }
    }
}

/// Runs a parsed command; returns what it prints.
pub fn run(cli: Cli) -> Result<String, Error> {
    use crate::commands::campaign as c;
    let config = cli.global.config();
    let g = &config;
    match &cli.command {
        Command::New {
            dir,
            cg,
            side: None,
            ..
        } => c::new(dir, *cg, g),
        Command::New {
            dir,
            cg,
            side: Some(side),
            answers,
        } => crate::commands::exchange::new(dir, *cg, *side, answers.as_deref(), g),
        Command::Join {
            dir,
            packet,
            side,
            answers,
        } => crate::commands::exchange::join(dir, packet.as_deref(), *side, answers.as_deref(), g),
        Command::Split { dir, side, out } => crate::commands::exchange::split(dir, *side, out, g),
        Command::Merge { dir, other } => crate::commands::exchange::merge(dir, other, g),
        Command::Send { dir, out } => crate::commands::exchange::send(dir, out.as_deref(), g),
        Command::Concede { dir } => crate::commands::exchange::concede(dir, g),
        Command::Audit { dir } => crate::commands::audit::run(dir, g),
        Command::Receive { args } => {
            let (dir, packets) = receive_args(args);
            crate::commands::exchange::receive(&dir, packets, g)
        }
        Command::Refit {
            dir,
            side,
            answers,
            until,
            odds,
        } => {
            let g = &Config {
                odds: *odds,
                ..g.clone()
            };
            crate::commands::refit::refit(dir, sides(*side), answers.as_deref(), *until, g)
        }
        Command::Buy { side, purchases } => crate::commands::refit::buy(purchases, *side, g),
        Command::Status { dir } => c::status(dir, g),
        Command::Roster { dir, side, shown } => c::roster(dir, *side, shown.shown(), g),
        Command::Purchases { dir, side, shown } => c::purchases(dir, *side, shown.shown(), g),
        Command::Force { dir, side, shown } => c::force(dir, *side, shown.shown(), g),
        Command::Log {
            dir,
            side,
            step,
            day,
            reveal,
            shown,
        } => c::log(
            dir,
            c::LogView {
                side: *side,
                step: step.as_deref(),
                day: *day,
                reveal: *reveal,
                shown: shown.shown(),
            },
            g,
        ),
        Command::Print {
            dir,
            side,
            scenario,
            out,
        } => {
            use crate::commands::print::Printed;
            let printed = if *scenario {
                Printed::ScenarioCard
            } else {
                Printed::Sheets
            };
            crate::commands::print::run(dir, *side, printed, out.as_deref(), g)
        }
        Command::Explain { side, args } => {
            let (dir, row) = explain_args(args)?;
            crate::commands::explain::run(&dir, *side, row, g)
        }
        Command::Stats { dir, side, format } => {
            let format = match format {
                StatsFormat::Text => commands::Format::Text,
                StatsFormat::Json => commands::Format::Json,
            };
            crate::commands::stats::run(dir, *side, format, g)
        }
        Command::Verify { dir } => crate::commands::verify::run(dir, g),
        Command::Undo {
            dir,
            side,
            request,
            step,
            accept,
            refuse,
        } => {
            use crate::commands::undo_request::{self, Answer};
            if *request {
                undo_request::request(dir, *side, step.as_deref(), g)
            } else if *accept || *refuse {
                let answer = if *accept {
                    Answer::Accept
                } else {
                    Answer::Refuse
                };
                undo_request::answer(dir, answer, g)
            } else {
                crate::commands::history::undo(dir, *side, g)
            }
        }
        Command::Redo { dir, side } => crate::commands::history::redo(dir, *side, g),
        Command::Adjust {
            dir,
            side,
            reason,
            discard,
        } => {
            let side = match side {
                SideChoice::German => Some(Side::German),
                SideChoice::Russian => Some(Side::Russian),
                SideChoice::Both => None,
            };
            crate::commands::history::adjust(dir, side, reason.as_deref(), *discard, g)
        }
        Command::Table(cmd) => crate::commands::table::run(&table_command(cmd), g),
    }
}

impl Command {
    /// Whether the command changes a campaign (or makes one); `refit`
    /// reports a failed output itself, between steps.
    fn writes(&self) -> bool {
        matches!(
            self,
            Command::New { .. }
                | Command::Refit { .. }
                | Command::Buy { .. }
                | Command::Undo { .. }
                | Command::Redo { .. }
                | Command::Adjust { .. }
        )
    }
}

fn sides(choice: SideChoice) -> commands::Sides {
    match choice {
        SideChoice::German => commands::Sides::German,
        SideChoice::Russian => commands::Sides::Russian,
        SideChoice::Both => commands::Sides::Both,
    }
}

fn table_command(cmd: &TableCommand) -> commands::table::TableCommand {
    use commands::table::TableCommand as T;
    match cmd.clone() {
        TableCommand::List { json } => T::List { json },
        TableCommand::Show {
            id,
            column,
            side,
            json,
        } => T::Show {
            id,
            column,
            side,
            json,
        },
        TableCommand::Roll {
            id,
            dice,
            drm,
            column,
            side,
            json,
        } => T::Roll {
            id,
            dice,
            drm,
            column,
            side,
            json,
        },
        TableCommand::Odds {
            id,
            drm,
            column,
            side,
            json,
        } => T::Odds {
            id,
            drm,
            column,
            side,
            json,
        },
    }
}

/// `votg receive [DIR] PACKET...`: a first word that is a folder is the
/// campaign's.
fn receive_args(args: &[PathBuf]) -> (PathBuf, &[PathBuf]) {
    match args.split_first() {
        Some((first, rest)) if first.is_dir() => (first.clone(), rest),
        _ => (PathBuf::from("."), args),
    }
}

/// `votg explain [DIR] <ROW>`: the folder is optional before the row.
fn explain_args(args: &[String]) -> Result<(PathBuf, usize), Error> {
    let (dir, row) = match args {
        [row] => (PathBuf::from("."), row),
        [dir, row] => (PathBuf::from(dir), row),
        _ => {
            return Err(Error::Usage(
                "write `votg explain [DIR] --side S ROW`".into(),
            ));
        }
    };
    let row = row
        .parse::<usize>()
        .ok()
        .filter(|&n| n > 0)
        .ok_or_else(|| {
            Error::Usage(format!(
                "`{row}` is not a row number: ROW is 1, 2, ... as `votg purchases` numbers the rows"
            ))
        })?;
    Ok((dir, row))
}

#[cfg(test)]
mod tests {
    #[test]
    fn clap_definition_is_consistent() {
        use clap::CommandFactory;
        super::Cli::command().debug_assert();
    }
}
