//! What the command line asks for, as plain data: the `cli` layer turns
//! clap's arguments into these, and no command sees a flag.

use std::path::PathBuf;

use crate::commands::input::read_input;
use crate::error::Error;
use crate::rules::dice::{DiceChoice, DiceSource, ListedDice, ManualDice, SeededDice};
use crate::rules::tables::Tables;

/// The global options: where the dice come from, which tables rule.
#[derive(Debug, Clone, Default)]
pub struct Config {
    /// `--dice-file FILE`.
    pub dice_file: Option<PathBuf>,
    /// `--seed N`.
    pub seed: Option<u64>,
    /// `--manual-dice`.
    pub manual_dice: bool,
    /// `--tables DIR`.
    pub tables: Option<PathBuf>,
    /// `refit --odds`: each roll's whole odds table before it.
    pub odds: bool,
}

impl Config {
    /// The dice the options ask for (a dice file read and checked here).
    pub fn dice_choice(&self) -> Result<DiceChoice, Error> {
        Ok(match (&self.dice_file, self.manual_dice, self.seed) {
            (Some(path), _, _) => DiceChoice::File {
                text: read_input(path, "--dice-file")?,
                origin: path.display().to_string(),
            },
            (None, true, _) => DiceChoice::Manual,
            (None, false, Some(n)) => DiceChoice::Seed(n),
            (None, false, None) => DiceChoice::Campaign,
        })
    }

    pub fn load_tables(&self) -> Result<Tables, Error> {
        Tables::load(self.tables.as_deref())
    }

    /// The dice source the options ask for, or a fresh seed (a roll outside
    /// a campaign: `votg table roll`).
    pub fn dice(&self) -> Result<Box<dyn DiceSource>, Error> {
        if let Some(path) = &self.dice_file {
            let text = read_input(path, "--dice-file")?;
            return Ok(Box::new(ListedDice::from_text(
                &text,
                &path.display().to_string(),
            )?));
        }
        if self.manual_dice {
            return Ok(Box::new(ManualDice));
        }
        Ok(Box::new(SeededDice::new(
            self.seed.unwrap_or_else(SeededDice::fresh_seed),
        )))
    }
}

/// How a sheet is written: `--format`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Text,
    Csv,
    Json,
}

/// Which side(s) a run is for: `--side german|russian|both`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sides {
    German,
    Russian,
    Both,
}
