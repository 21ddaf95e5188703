//! What every RePh step works with: the campaign being changed, the dice, the
//! answers, and a roll that shows its odds, applies its DRMs and is journaled.

use crate::cg_def::CgDef;
use crate::dice::{DiceKind, DiceSource, ListedDice, ManualDice, Roll, SeededDice};
use crate::drm::{self, Drm};
use crate::error::Error;
use crate::journal::{self, Entry};
use crate::output::Output;
use crate::prompt::Prompter;
use crate::render;
use crate::side::Side;
use crate::state::CampaignState;
use crate::tables::Tables;

/// The campaign's dice: its own seeded stream unless the player brings dice.
pub enum CampaignDice {
    Seeded(Box<SeededDice>),
    Listed(ListedDice),
    Manual(ManualDice),
}

impl CampaignDice {
    pub fn roll(&mut self, kind: DiceKind, purpose: &str) -> Result<Roll, Error> {
        match self {
            CampaignDice::Seeded(d) => d.roll(kind, purpose),
            CampaignDice::Listed(d) => d.roll(kind, purpose),
            CampaignDice::Manual(d) => d.roll(kind, purpose),
        }
    }

    /// Faces drawn from the campaign's stream (kept in campaign.toml).
    pub fn used(&self) -> Option<u64> {
        match self {
            CampaignDice::Seeded(d) => Some(d.used),
            _ => None,
        }
    }
}

/// A roll looked up, in owned form for the step code.
#[derive(Debug, Clone)]
pub struct Rolled {
    pub roll: Roll,
    pub final_result: i32,
    pub result: String,
    pub key: Option<String>,
    pub value: Option<i32>,
    pub notes: Vec<String>,
}

impl Rolled {
    pub fn key(&self) -> &str {
        self.key.as_deref().unwrap_or(&self.result)
    }
}

pub struct Session<'a> {
    pub tables: &'a Tables,
    pub def: &'a CgDef,
    pub state: CampaignState,
    pub dice: &'a mut CampaignDice,
    pub prompter: &'a mut Prompter,
    pub out: &'a mut Output,
}

impl Session<'_> {
    /// Through the one output sink: shown as it happens at a terminal, and
    /// otherwise written once the step has been committed.
    pub fn say(&mut self, text: impl AsRef<str>) {
        self.out.say(text.as_ref());
    }

    pub fn journal(&mut self, entry: Entry) {
        let day = self.state.campaign.cg_day().to_string();
        journal::append(&mut self.state.journal, &day, entry);
    }

    /// Rolls on a table: shows the odds first (at the terminal), applies the
    /// DRMs, says the result with each DRM's reason and rule, and journals it.
    #[allow(clippy::too_many_arguments)]
    pub fn roll(
        &mut self,
        side: Side,
        step: &str,
        table_id: &str,
        column: Option<&str>,
        drms: &[Drm],
        what: &str,
        secret: bool,
    ) -> Result<Rolled, Error> {
        let table = self.tables.dice_table(table_id)?;
        let column = match column {
            Some(c) => table.column(c).ok_or_else(|| Error::UnknownColumn {
                table: table.id.clone(),
                column: c.into(),
                choices: table.column_ids().join(", "),
            })?,
            None => &table.columns[0],
        };
        let drms: Vec<Drm> = if table.no_drm { vec![] } else { drms.to_vec() };
        if self.prompter.interactive() {
            // Before the dice: what is rolled for, every DRM with its reason
            // and rule, and the chance of each row.
            self.out.say(&format!("\n{what}:"));
            for d in &drms {
                self.out.say(&format!("  {d}"));
            }
            self.out
                .show(&render::odds(table, column, drm::total(&drms)));
        }
        let roll = self
            .dice
            .roll(table.dice, &format!("{what} ({})", table.title))?;
        let r = table.resolve(column, &roll, &drms);
        let rolled = Rolled {
            roll: roll.clone(),
            final_result: r.final_result,
            result: r.row.result.clone(),
            key: r.row.key.clone(),
            value: r.row.value,
            notes: r
                .notes
                .iter()
                .map(|f| format!("{} {}", f.mark, f.text))
                .collect(),
        };
        let text = format!("{what}: {}", render::resolution(&r).trim_end());
        self.say(text);
        self.journal(Entry::roll(
            step,
            Some(side),
            secret,
            what,
            &roll,
            &drms,
            r.row.result.clone(),
            &table.rule,
        ));
        Ok(rolled)
    }

    /// A plain die or dice roll that is not a table look-up (e.g. the † and
    /// ‡ SW choice drs of 12.6222).
    #[allow(clippy::too_many_arguments)]
    pub fn raw(
        &mut self,
        side: Side,
        step: &str,
        kind: DiceKind,
        what: &str,
        secret: bool,
        result: impl Fn(i32) -> String,
        rule: &str,
    ) -> Result<Roll, Error> {
        let roll = self.dice.roll(kind, what)?;
        let text = result(roll.original());
        self.say(format!(
            "{what}: {kind} {} = {}: {text}",
            roll.faces(),
            roll.original()
        ));
        self.journal(Entry::roll(
            step,
            Some(side),
            secret,
            what,
            &roll,
            &[],
            text,
            rule,
        ));
        Ok(roll)
    }
}

/// The dice the global flags ask for, or the campaign's own stream.
pub fn campaign_dice(
    global: &crate::cli::Global,
    seed: u64,
    used: u64,
) -> Result<CampaignDice, Error> {
    if let Some(path) = &global.dice_file {
        return Ok(CampaignDice::Listed(ListedDice::from_file(path)?));
    }
    if global.manual_dice {
        return Ok(CampaignDice::Manual(ManualDice));
    }
    if let Some(s) = global.seed {
        return Ok(CampaignDice::Seeded(Box::new(SeededDice::new(s))));
    }
    Ok(CampaignDice::Seeded(Box::new(SeededDice::resume(
        seed, used,
    ))))
}
