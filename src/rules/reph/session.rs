//! What every RePh step works with: the campaign being changed, the dice, the
//! answers, and a roll that shows its odds, applies its DRMs and is journaled.

use crate::error::Error;
use crate::model::drm::{self, Drm};
use crate::model::journal::{self, Entry};
use crate::model::side::Side;
use crate::model::state::CampaignState;
use crate::rules::cg_def::CgDef;
use crate::rules::dice::{DiceKind, Roll, Stream};
use crate::rules::output::Output;
use crate::rules::prompt::Prompter;
use crate::rules::reph::roll_naming;
use crate::rules::roll_text;
use crate::rules::tables::Tables;
use crate::rules::words::plain;

pub use crate::rules::reph::campaign_dice::{CampaignDice, campaign_dice};

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
    /// What the rows journaled from now on are about (see `concerning`).
    pub concerns: Vec<String>,
    /// Two machines: the Isolated Areas, Escape stacks and SMC outside the
    /// Perimeter that both sides reported, each of his own counters
    /// (12.606-12.607, `isolation_report`); none at one keyboard.
    pub reported: Option<crate::rules::reph::isolation_record::IsolationAnswers>,
    /// Two machines: this side's fortifications the other side's 12.617
    /// Eliminated, which its half takes out of its force.
    pub removed: Vec<crate::model::force::CounterId>,
    /// Two machines: what a run on a half knows beyond its own state; none
    /// at one keyboard.
    pub half: Option<Half>,
    /// Two machines: what this step did to the other side's counters
    /// (public in its event, for his half to apply).
    pub told: crate::model::exchange::Told,
}

/// Two machines: the side a half holds (its state holds the other side's
/// Initial OB at most, stale), and every prisoner with its guard as the
/// public log gives them (`prisoner_fate`).
#[derive(Debug, Clone)]
pub struct Half {
    pub me: Side,
    pub prisoners: Vec<(
        crate::model::force::CounterId,
        crate::model::force::CounterId,
    )>,
    /// For this side's `prisoners` or `captures` half: what the other
    /// side's step did to its counters, to apply.
    pub given: crate::model::exchange::Told,
    /// Which AFV of the other side's this side captured by id were of one
    /// AFV Pltn, as his half told (C47).
    pub platoons: Vec<Vec<crate::model::force::CounterId>>,
}

impl<'a> Session<'a> {
    /// A step's session on `state`: concerning nothing yet, and, at one
    /// keyboard, no two-machine reports or removals.
    pub fn new(
        (tables, def): (&'a Tables, &'a CgDef),
        state: CampaignState,
        dice: &'a mut CampaignDice,
        prompter: &'a mut Prompter,
        out: &'a mut Output,
    ) -> Session<'a> {
        Session {
            tables,
            def,
            state,
            dice,
            prompter,
            out,
            concerns: Vec::new(),
            reported: None,
            removed: Vec::new(),
            half: None,
            told: Default::default(),
        }
    }
}

impl Session<'_> {
    /// On two machines, the side this half holds.
    pub fn half(&self) -> Option<Side> {
        self.half.as_ref().map(|h| h.me)
    }

    /// Whether this run holds `side`'s counters and files: at one keyboard
    /// both sides'; on a half only its own.
    pub fn holds(&self, side: Side) -> bool {
        self.half().is_none_or(|me| me == side)
    }

    /// Through the one output sink: shown as it happens at a terminal, and
    /// otherwise written once the step has been committed.
    pub fn say(&mut self, text: impl AsRef<str>) {
        self.out.say(text.as_ref());
    }

    /// Journals `entry`, after the answers received since the last entry
    /// (they come first: they are what the entry was decided from).
    pub fn journal(&mut self, mut entry: Entry) {
        self.journal_answers(|_| entry.step.clone());
        if entry.kind == journal::Kind::Roll {
            if entry.label.is_empty() {
                entry.label = self.dice.take_label();
            }
            self.prompter.rolled();
        }
        if entry.concerns.is_empty() {
            entry.concerns = self.concerns.clone();
        }
        let day = self.state.campaign.cg_day().to_string();
        journal::append(&mut self.state.journal, &day, entry);
    }

    /// The purchase-record rows (`row:3`, 1-based as `votg explain` counts
    /// them) or counters (`G-17`) that the rows journaled from now on are
    /// about, until it is called again (with none: about nothing in
    /// particular). Step code calls it as it turns to each RG.
    pub fn concerning(&mut self, ids: impl IntoIterator<Item = String>) {
        self.concerns = ids.into_iter().collect();
    }

    /// Journals what a step did to counters `ids` where no roll row tells
    /// it (a decision row about them), so `votg explain` can tell the story
    /// of their purchase row. A `from:<id>` among `ids` names the counter a
    /// new one was split from.
    #[allow(clippy::too_many_arguments)]
    pub fn counters_changed(
        &mut self,
        step: &str,
        side: Side,
        secret: bool,
        ids: impl IntoIterator<Item = String>,
        what: impl Into<String>,
        result: impl Into<String>,
        rule: &str,
    ) {
        let ids: Vec<String> = ids.into_iter().collect();
        if ids.is_empty() {
            return;
        }
        self.journal(Entry::decision(step, Some(side), secret, what, result, rule).concerning(ids));
    }

    /// Journals the answers received and not yet journaled, each under the
    /// step `step_of` its side, public or secret as it was given. The step
    /// runner calls this when a step ends, for answers no row followed.
    pub fn journal_answers(&mut self, step_of: impl Fn(Side) -> String) {
        let answered = self.prompter.take_answered();
        if answered.is_empty() {
            return;
        }
        let day = self.state.campaign.cg_day().to_string();
        for a in answered {
            let entry = Entry::answer(
                &step_of(a.side),
                Some(a.side),
                a.secret,
                &a.id(),
                &a.question,
                &a.value,
                a.defaulted,
            );
            journal::append(&mut self.state.journal, &day, entry);
        }
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
        let name = roll_naming::named(&self.state, self.tables, side, what, &self.concerns);
        if self.prompter.interactive() && self.out.odds() {
            // Asked for (`--odds`), before the dice: what is rolled for,
            // every DRM with its reason and rule, and the chance of each row.
            self.out.say(&format!("\n{name}:"));
            for d in &drms {
                self.out.say(&format!("  {d}"));
            }
            self.out
                .show(&roll_text::odds(table, column, drm::total(&drms)));
        }
        let roll = self.dice.roll_shown(
            stream(side, secret),
            table.dice,
            &format!("{what} ({})", table.title),
            &format!("{name} ({})", table.title),
        )?;
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
        // A roll is always journalled (so a step's gist is never needed
        // for it): its words are made only for someone to read them.
        if self.out.listening() {
            let text = roll_text::one_line(&plain(what), &r);
            self.say(text);
        }
        self.journal(
            Entry::roll(
                step,
                Some(side),
                secret,
                what,
                &roll,
                &drms,
                r.row.result.clone(),
                &table.rule,
            )
            .on_table(&table.id, &column.id, r.row.key.as_deref()),
        );
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
        let name = roll_naming::named(&self.state, self.tables, side, what, &self.concerns);
        let roll = self
            .dice
            .roll_shown(stream(side, secret), kind, what, &name)?;
        let text = result(roll.original());
        self.say(format!(
            "{}: {kind} {} = {}: {text}",
            plain(what),
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

/// DESIGN §3: a side's secret roll comes from that side's own stream, every
/// other roll (what both sides see: weather, initiative, set-up order, the
/// Dual Attack drs) from the public one.
fn stream(side: Side, secret: bool) -> Stream {
    if secret {
        Stream::Side(side)
    } else {
        Stream::Public
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::event::DiceUsed;
    use crate::model::journal::Kind;
    use crate::model::side::Cg;
    use crate::rules::dice::Seeds;

    #[test]
    fn design_3_secret_rolls_use_the_sides_stream_and_journal_as_data() {
        let tables = Tables::embedded().unwrap();
        let def = crate::rules::cg_def::load(&tables, Cg::I).unwrap();
        let state = crate::rules::new_campaign::initial_state(&def, &tables);
        let seeds = Seeds::from_number(1);
        let mut dice = CampaignDice::seeded(seeds, DiceUsed::Seed(1));
        dice.begin_step("s1|15/9|initial|german 12.622");
        let mut prompter = Prompter::Scripted(Default::default());
        let mut out = crate::rules::output::Output::memory();
        let mut s = Session::new((&tables, &def), state, &mut dice, &mut prompter, &mut out);
        s.concerning(["row:3".to_string()]);
        let drms = [Drm::new(-1, "German Historical DRM", "12.6221")];
        let secret = s
            .roll(
                Side::German,
                "12.622",
                "infantry-coy-strength",
                None,
                &drms,
                "I1 strength",
                true,
            )
            .unwrap();
        s.concerning([]);
        s.roll(
            Side::Russian,
            "12.626",
            "dual-attack-setup",
            None,
            &[],
            "set-up",
            false,
        )
        .unwrap();
        let state = s.state;
        // A secret DR from the German key, by its label.
        let row = &state.journal[state.journal.len() - 2];
        assert!(
            row.label
                .starts_with("s1|15/9|initial|german 12.622|I1 strength")
        );
        assert!(row.label.ends_with("|1"), "the step's first such roll");
        let want = crate::rules::labelled_dice::faces(seeds.german, &row.label, 2);
        assert_eq!(secret.roll.dice, want);
        let row = &state.journal[state.journal.len() - 2];
        assert_eq!(row.kind, Kind::Roll);
        assert!(row.secret);
        assert_eq!(
            (
                row.table.as_str(),
                row.column.as_str(),
                row.concerns.as_str()
            ),
            ("infantry-coy-strength", "strength", "row:3")
        );
        assert_eq!(row.key, secret.key.clone().unwrap_or_default());
        assert_eq!(row.drm_list().unwrap(), drms);
        let public = state.journal.last().unwrap();
        assert!(!public.secret && public.concerns.is_empty());
    }
}
