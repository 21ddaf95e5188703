//! `votg refit` and `votg buy`: the RePh from where the campaign stands, one
//! committed (and undoable) step per side at a time.

use std::path::Path;

use crate::campaign::DONE;
use crate::campaign_cmd::open;
use crate::cg_def::{self, CgDef};
use crate::cli::{Global, SideChoice};
use crate::error::Error;
use crate::journal::Entry;
use crate::prompt::Prompter;
use crate::reph::session::{CampaignDice, Session, campaign_dice};
use crate::reph::{fortification, purchase_step, recon, sequence, strength};
use crate::side::Side;
use crate::state::CampaignState;
use crate::store::Store;
use crate::tables::Tables;

/// The Initial Scenario's steps (C1 †), then its set-up order (12.5, III-2)
/// and commencement.
const INITIAL_STEPS: &[&str] = &["12.621", "12.622", "12.623", "12.624"];
const SETUP: &str = "12.626";
const COMMENCE: &str = "12.627";

struct Run<'a> {
    store: &'a Store,
    tables: &'a Tables,
    def: &'a CgDef,
    state: CampaignState,
    dice: CampaignDice,
    own_dice: bool,
    prompter: Prompter,
    out: String,
}

impl Run<'_> {
    /// Runs `f` on a copy of the campaign; commits it (with a snapshot for
    /// undo) only if it succeeds, so a failed step changes nothing.
    fn step(
        &mut self,
        label: &str,
        f: impl FnOnce(&mut Session) -> Result<(), Error>,
    ) -> Result<(), Error> {
        let mut session = Session {
            tables: self.tables,
            def: self.def,
            state: self.state.clone(),
            dice: &mut self.dice,
            prompter: &mut self.prompter,
            out: String::new(),
        };
        f(&mut session)?;
        let mut next = session.state;
        if self.own_dice
            && let Some(used) = self.dice.used()
        {
            next.campaign.dice.used = used;
        }
        let files = next.to_files();
        // Never write a campaign that would not load again.
        CampaignState::from_files(&files, self.tables)?;
        self.store.commit(&files, Some(label))?;
        self.state = next;
        Ok(())
    }
}

fn sides_of(choice: SideChoice) -> Vec<Side> {
    match choice {
        SideChoice::German => vec![Side::German],
        SideChoice::Russian => vec![Side::Russian],
        SideChoice::Both => Side::BOTH.to_vec(),
    }
}

fn after(step: &str) -> &'static str {
    match INITIAL_STEPS.iter().position(|s| *s == step) {
        Some(i) if i + 1 < INITIAL_STEPS.len() => INITIAL_STEPS[i + 1],
        Some(_) => SETUP,
        None => DONE,
    }
}

pub fn refit(
    dir: &Path,
    side: SideChoice,
    answers: Option<&Path>,
    global: &Global,
) -> Result<String, Error> {
    let tables = global.load_tables()?;
    let (store, state) = open(dir, &tables)?;
    let def = cg_def::load(&tables, state.campaign.cg)?;
    let prompter = Prompter::new(answers, side == SideChoice::Both)?;
    let dice = campaign_dice(global, state.campaign.dice.seed, state.campaign.dice.used)?;
    let own_dice = global.dice_file.is_none() && !global.manual_dice && global.seed.is_none();
    let mut run = Run {
        store: &store,
        tables: &tables,
        def: &def,
        state,
        dice,
        own_dice,
        prompter,
        out: String::new(),
    };
    let sides = sides_of(side);
    if !run.state.campaign.is_initial() {
        return Err(Error::Refused(format!(
            "this campaign stands at a Refit Phase after a scenario (German at {}, Russian at {}). votg does not yet carry out steps 12.601-12.620 (perimeter, isolation, escape, battle hardening, repair, replenishment, ELR, weather): do them at the table, then edit campaign.toml and the rosters by hand.",
            run.state.campaign.step.german, run.state.campaign.step.russian
        )));
    }
    // In the Initial Scenario the † steps of one side never depend on the
    // other's, so each side does all of its steps in one secret block: one
    // hand-over of the keyboard per side. Each step is still its own commit.
    for &side in &sides {
        let pending: Vec<&str> = INITIAL_STEPS
            .iter()
            .copied()
            .skip_while(|s| *s != run.state.campaign.step.of(side))
            .collect();
        if pending.is_empty() {
            continue;
        }
        run.prompter.begin_secret(side)?;
        for step in pending {
            let title = sequence::find(step).map_or("", |s| s.title);
            let label = format!("{} {step} {title}", side.name());
            run.step(&label, |s| {
                s.say(format!("== {} — {step} {title} ==", side.name()));
                match step {
                    "12.621" => purchase_step::run(s, side)?,
                    "12.622" => strength::run(s, side)?,
                    "12.623" => fortification::run(s, side)?,
                    "12.624" => recon::run(s, side)?,
                    _ => unreachable!("INITIAL_STEPS"),
                }
                s.state.campaign.step.set(side, after(step));
                Ok(())
            })?;
        }
        run.prompter.end_secret(side)?;
    }
    let standing = |run: &Run, side: Side| run.state.campaign.step.of(side).to_string();
    let both_at = |run: &Run, step: &str| Side::BOTH.iter().all(|&s| standing(run, s) == step);
    let mut set_up_now = false;
    if both_at(&run, SETUP) {
        run.step(
            "12.626 Initial Scenario set-up order (public)",
            initial_setup,
        )?;
        set_up_now = true;
    } else if Side::BOTH.iter().any(|&s| standing(&run, s) == SETUP) {
        let waiting: Vec<String> = Side::BOTH
            .iter()
            .filter(|&&s| standing(&run, s) != SETUP)
            .map(|s| format!("the {} side (at {})", s.name(), standing(&run, *s)))
            .collect();
        run.out.push_str(&format!(
            "Waiting for {} to finish its Refit Phase.\n",
            waiting.join(" and ")
        ));
    }
    // The first-move dr is made only after all set-up is complete (12.627),
    // so never in the same run that decided who sets up first.
    if both_at(&run, COMMENCE) && !set_up_now {
        run.step("12.627 first-move dr (public)", first_move)?;
    }
    if both_at(&run, DONE) {
        run.out.push_str(
            "The Initial Scenario is ready to play. After it, the Refit Phase begins at 12.601; votg does not yet carry out steps 12.601-12.620, so those must be done at the table.\n",
        );
    }
    Ok(run.out)
}

/// 12.5 (and 12.6253, III-2): who sets up first and who moves first in the
/// Initial Scenario; both sides announce ELR and SAN (12.627).
fn initial_setup(s: &mut Session) -> Result<(), Error> {
    let init = &s.def.initial;
    let fixed_setup: Option<Side> = init.sets_up_first.as_deref().and_then(|x| x.parse().ok());
    let fixed_move: Option<Side> = init.moves_first.as_deref().and_then(|x| x.parse().ok());
    let sets_up = match fixed_setup {
        Some(side) => {
            s.say(format!(
                "Initial Scenario: the {} sets up first (12.5).",
                side.name()
            ));
            side
        }
        None => {
            let r = s.roll(
                Side::Russian,
                SETUP,
                "dual-attack-setup",
                None,
                &[],
                "Dual Attack: side setting up first",
                false,
            )?;
            let side: Side = r.key().parse().map_err(Error::Usage)?;
            s.say("  (III-2, 12.6253: dr <= 3 the Russians set up first; otherwise the Germans.)");

            side
        }
    };
    let victory = init.victory.clone().unwrap_or_default();
    let today = s.state.campaign.date;
    let elr_san: Vec<String> = Side::BOTH
        .iter()
        .map(|&side| {
            let l = s.state.side(side).roster.current().expect("validated");
            format!("{} ELR {} SAN {}", side.name(), l.elr, l.san)
        })
        .collect();
    if let Some(d) = s
        .state
        .campaign
        .days
        .iter_mut()
        .rev()
        .find(|d| d.date == today)
    {
        d.sets_up_first = Some(sets_up);
        d.moves_first = fixed_move;
    }
    s.journal(Entry::decision(
        SETUP,
        None,
        false,
        "Initial Scenario set-up order",
        format!("{} sets up first", sets_up.name()),
        "12.5",
    ));
    s.say(format!(
        "{}. The {} sets up first.",
        elr_san.join("; "),
        sets_up.name()
    ));
    match fixed_move {
        Some(m) => {
            s.say(format!(
                "The {} moves first (12.5). Victory Conditions: {victory}",
                m.name()
            ));
            for side in Side::BOTH {
                s.state.campaign.step.set(side, DONE);
            }
        }
        None => {
            s.say(format!(
                "Victory Conditions: {victory}\nSet up now. The side moving first is determined after all set-up is complete (12.627): run `votg refit` again then."
            ));
            for side in Side::BOTH {
                s.state.campaign.step.set(side, COMMENCE);
            }
        }
    }
    Ok(())
}

/// 12.627: in a Dual Attack the side moving first is a dr made after set-up.
fn first_move(s: &mut Session) -> Result<(), Error> {
    let r = s.roll(
        Side::Russian,
        COMMENCE,
        "first-move",
        None,
        &[],
        "Dual Attack: side moving first",
        false,
    )?;
    let side: Side = r.key().parse().map_err(Error::Usage)?;
    let today = s.state.campaign.date;
    if let Some(d) = s
        .state
        .campaign
        .days
        .iter_mut()
        .rev()
        .find(|d| d.date == today)
    {
        d.moves_first = Some(side);
    }
    s.journal(Entry::decision(
        COMMENCE,
        None,
        false,
        "Dual Attack first move",
        format!("{} moves first", side.name()),
        "12.627",
    ));
    for side in Side::BOTH {
        s.state.campaign.step.set(side, DONE);
    }
    Ok(())
}

/// `votg buy`: purchases for one side at step 12.621, all or none.
pub fn buy(args: &[String], side: Side, global: &Global) -> Result<String, Error> {
    // `votg buy [DIR] --side S PURCHASE...`: the first word is the campaign
    // folder when it is one.
    let (dir, purchases) = match args.first() {
        Some(first) if Path::new(first).join("campaign.toml").is_file() => {
            (Path::new(first), &args[1..])
        }
        _ => (Path::new("."), args),
    };
    if purchases.is_empty() {
        return Err(Error::Usage(format!(
            "no purchase given; write {}",
            crate::reph::purchase::GRAMMAR
        )));
    }
    let tables = global.load_tables()?;
    let (store, state) = open(dir, &tables)?;
    let def = cg_def::load(&tables, state.campaign.cg)?;
    let at = state.campaign.step.of(side).to_string();
    if at != purchase_step::STEP {
        return Err(Error::Refused(format!(
            "the {} side is at step {at}; `votg buy` is for step 12.621 (Purchasing Reinforcement Groups) only. Nothing was changed.",
            side.name()
        )));
    }
    let dice = campaign_dice(global, state.campaign.dice.seed, state.campaign.dice.used)?;
    let prompter = Prompter::Scripted(Default::default());
    let mut run = Run {
        store: &store,
        tables: &tables,
        def: &def,
        state,
        dice,
        own_dice: false,
        prompter,
        out: String::new(),
    };
    let label = format!("{} 12.621 buy {}", side.name(), purchases.join(", "));
    run.step(&label, |s| {
        let quotes = purchase_step::quote_all(s, side, purchases)?;
        purchase_step::apply(s, side, &quotes);
        let line = s
            .state
            .side(side)
            .roster
            .current()
            .expect("validated")
            .clone();
        let support = line
            .support_cpp
            .map_or(String::new(), |p| format!(", {} Support CPP", p.left));
        s.say(format!(
            "{} CPP left{support}. `votg undo` takes these purchases back.",
            line.cpp.left
        ));
        Ok(())
    })?;
    Ok(run.out)
}
