//! `votg refit` and `votg buy`: the RePh from where the campaign stands, one
//! committed (and undoable) step per side at a time.

use std::path::Path;

use crate::campaign::{DONE, OccasionName};
use crate::campaign_cmd::open;
use crate::cg_def::{self, CgDef};
use crate::cli::{Global, SideChoice};
use crate::error::Error;
use crate::initiative_matrix::ScenarioType;
use crate::journal::Entry;
use crate::prompt::Prompter;
use crate::reph::session::{CampaignDice, Session, campaign_dice};
use crate::reph::{fortification, initiative, purchase_step, recon, sequence, strength};
use crate::side::Side;
use crate::state::CampaignState;
use crate::store::{Snapshot, Store};
use crate::tables::Tables;

/// The Initial Scenario's steps (C1 †), then its set-up order (12.5, III-2)
/// and commencement.
const INITIAL_STEPS: &[&str] = &["12.621", "12.622", "12.623", "12.624"];
/// After a scenario, the steps votg carries out (12.621-12.625).
const LATER_STEPS: &[&str] = &["12.621", "12.622", "12.623", "12.624", "12.625"];
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
        snapshot: Snapshot,
        f: impl FnOnce(&mut Session) -> Result<(), Error>,
    ) -> Result<(), Error> {
        let mut session = Session {
            tables: self.tables,
            def: self.def,
            state: self.state.clone(),
            dice: &mut self.dice,
            prompter: &mut self.prompter,
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
        self.store.commit(&files, Some(&snapshot))?;
        self.state = next;
        Ok(())
    }
}

impl<'a> Run<'a> {
    fn new(
        store: &'a Store,
        tables: &'a Tables,
        def: &'a CgDef,
        state: CampaignState,
        prompter: Prompter,
        global: &Global,
    ) -> Result<Run<'a>, Error> {
        let dice = campaign_dice(global, state.campaign.dice.seed, state.campaign.dice.used)?;
        // Only the campaign's own stream advances its `dice.used`.
        let own_dice = global.dice_file.is_none() && !global.manual_dice && global.seed.is_none();
        Ok(Run {
            store,
            tables,
            def,
            state,
            dice,
            own_dice,
            prompter,
            out: String::new(),
        })
    }
}

fn sides_of(choice: SideChoice) -> Vec<Side> {
    match choice {
        SideChoice::German => vec![Side::German],
        SideChoice::Russian => vec![Side::Russian],
        SideChoice::Both => Side::BOTH.to_vec(),
    }
}

fn next_step(steps: &[&'static str], step: &str) -> &'static str {
    match steps.iter().position(|s| *s == step) {
        Some(i) if i + 1 < steps.len() => steps[i + 1],
        _ => SETUP,
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
    let mut run = Run::new(&store, &tables, &def, state, prompter, global)?;
    let sides = sides_of(side);
    let initial = run.state.campaign.is_initial();
    let steps: &[&str] = if initial { INITIAL_STEPS } else { LATER_STEPS };
    // 12.601-12.620 are not carried out by votg yet: say so, do not pretend.
    for &side in &sides {
        let at = run.state.campaign.step.of(side).to_string();
        if let Some(step) = sequence::find(&at)
            && sequence::SEQUENCE.iter().position(|s| s.id == at)
                < sequence::SEQUENCE.iter().position(|s| s.id == "12.621")
        {
            return Err(Error::Refused(format!(
                "the {} side is at {step}. votg does not yet carry out steps 12.601-12.620 (perimeter, isolation, escape, battle hardening, repair, replenishment, ELR, weather). Do them at the table and record their results by hand: in each roster the new CG Day's line (Start = Left - Recon of the last line, C20; Received; ELR; SAN); in campaign.toml the new `date`/`night`/`scenario`, that CG Day's `[[days]]` entry (weather, EC), `occasion = \"after-scenario\"` (or `\"before-counterattack\"`), and `step` = 12.621 for both sides. Then run `votg refit` again.",
                side.name()
            )));
        }
    }
    // Each side does all of its secret steps in one block: one hand-over of
    // the keyboard per side (12.621-12.624 of one side never depend on the
    // other's; 12.625's chits are revealed together afterwards). Each step is
    // still its own commit.
    for &side in &sides {
        let pending: Vec<&str> = steps
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
            let next = next_step(steps, step);
            run.step(Snapshot::secret(side, label), |s| {
                s.say(format!("== {} — {step} {title} ==", side.name()));
                match step {
                    "12.621" => {
                        check_roster_line(s, side)?;
                        purchase_step::run(s, side)?
                    }
                    "12.622" => strength::run(s, side)?,
                    "12.623" => fortification::run(s, side)?,
                    "12.624" => recon::run(s, side)?,
                    "12.625" => initiative::choose(s, side)?,
                    _ => unreachable!("the steps listed above"),
                }
                s.state.campaign.step.set(side, next);
                Ok(())
            })?;
        }
        run.prompter.end_secret(side)?;
    }
    let standing = |run: &Run, side: Side| run.state.campaign.step.of(side).to_string();
    let both_at = |run: &Run, step: &str| Side::BOTH.iter().all(|&s| standing(run, s) == step);
    let mut set_up_now = false;
    if both_at(&run, SETUP) {
        if !initial {
            let mut generated = true;
            run.step(Snapshot::public("12.6252 Initiative chits revealed"), |s| {
                generated = reveal(s)?;
                Ok(())
            })?;
            if !generated {
                return Ok(run.out);
            }
        }
        run.step(Snapshot::public("12.626 set-up order"), set_up_order)?;
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
        run.step(Snapshot::public("12.627 first-move dr"), first_move)?;
    }
    if both_at(&run, DONE) {
        run.out.push_str(
            "The scenario is ready to play. After it, the Refit Phase begins at 12.601; votg does not yet carry out steps 12.601-12.620, so those must be done at the table. Then, in campaign.toml, set `occasion = \"after-scenario\"`, the scenario's victor in its `[[days]]` entry, the new `date` (and `night`), `scenario` (the next number), the new CG Day's `[[days]]` entry (weather, EC), and `step` to 12.621 for both sides; add each side's new CG Roster line (C20); then run `votg refit` again.\n",
        );
    }
    Ok(run.out)
}

/// After the Initial Scenario, 12.621 buys on the new CG Day's roster line,
/// which 12.614 makes; votg does not carry out 12.614 yet.
fn check_roster_line(s: &Session, side: Side) -> Result<(), Error> {
    let day = s.state.campaign.cg_day();
    let line = s.state.line(side);
    if line.date != day.date || line.night != day.night {
        return Err(Error::Refused(format!(
            "the {} CG Roster has no line for {} (its last is {}/9): 12.614 (New CG Day) makes it, and votg does not carry that step out yet. Add the line by hand (Start = Left - Recon of the last line, C20; Received from 12.618; ELR; SAN) and run `votg refit` again.",
            side.name(),
            day.long(),
            line.date
        )));
    }
    Ok(())
}

/// 12.6252: the chits revealed together; an Idle Day (C23) or a scenario.
/// Returns whether a scenario was generated.
fn reveal(s: &mut Session) -> Result<bool, Error> {
    let t = initiative::reveal(s)?;
    if t == ScenarioType::IdleDay {
        s.say(
            "Idle Day (12.6253, C23): no scenario is played on this CG Day. Steps 12.614-12.625 are repeated for the next CG Day; votg does not yet carry out 12.614-12.620: do them at the table, record their results by hand, set `step` to 12.621 and run `votg refit` again.",
        );
        s.state.campaign.occasion = OccasionName::IdleDayLoop;
        for side in Side::BOTH {
            s.state.campaign.step.set(side, "12.614");
        }
        return Ok(false);
    }
    if t == ScenarioType::RussianAssault {
        let night = s.prompter.yes_no(
            Side::Russian,
            "night",
            "Russian Assault: make it a Night scenario (12.6254)?",
            Some(false),
        )?;
        if night {
            initiative::declare_night(s);
        }
    }
    Ok(true)
}
/// 12.626 (12.6253; 12.5 and III-2 for the Initial Scenario): who sets up
/// first, and who moves first where that is fixed; both sides announce ELR
/// and SAN (12.627); the scenario's Victory Conditions.
fn set_up_order(s: &mut Session) -> Result<(), Error> {
    let initial = s.state.campaign.is_initial();
    let (fixed_setup, fixed_move, victory, rule) = if initial {
        let init = &s.def.initial;
        let parse = |x: &Option<String>| x.as_deref().and_then(|x| x.parse::<Side>().ok());
        (
            parse(&init.sets_up_first),
            parse(&init.moves_first),
            init.victory.clone().unwrap_or_default(),
            "12.5",
        )
    } else {
        let t = s
            .state
            .campaign
            .today()
            .and_then(|d| d.scenario_type.as_deref())
            .and_then(initiative::parse_scenario_type)
            .ok_or_else(|| {
                Error::Refused("no scenario type is recorded for this CG Day (12.6252)".into())
            })?;
        let (setup, moves) = initiative::set_up_order(t);
        let mut victory = initiative::victory_conditions(t).to_string();
        if let Some(cg) = &s.def.scenario_victory {
            victory.push_str(&format!(" CG {} (12.51): {cg}", s.def.cg));
        }
        // 12.6261: the Wind roll uses the ASLRB's B25.63-.64, which this
        // module does not reprint: votg reminds, the players roll.
        s.say("Before set-up, roll for Wind Force and direction (B25.63-.64; 12.6261); with a Mild Breeze and a Blaze on the map, place Drifting Smoke.");
        (setup, moves, victory, "12.6253")
    };
    let sets_up = match fixed_setup {
        Some(side) => {
            s.say(format!("The {} sets up first ({rule}).", side.name()));
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
            s.say("  (12.6253: dr <= 3 the Russians set up first; otherwise the Germans.)");
            r.key().parse().map_err(Error::Usage)?
        }
    };
    let elr_san: Vec<String> = Side::BOTH
        .iter()
        .map(|&side| {
            let l = s.state.line(side);
            // 12.6254: at night the German ELR is one less.
            let elr = if side == Side::German && s.state.campaign.night {
                l.elr.saturating_sub(1)
            } else {
                l.elr
            };
            format!("{} ELR {elr} SAN {}", side.name(), l.san)
        })
        .collect();
    if let Some(d) = s.state.campaign.today_mut() {
        d.sets_up_first = Some(sets_up);
        d.moves_first = fixed_move;
    }
    s.journal(Entry::decision(
        SETUP,
        None,
        false,
        "Set-up order",
        format!("{} sets up first", sets_up.name()),
        rule,
    ));
    s.say(format!(
        "{} (12.627). The {} sets up first.",
        elr_san.join("; "),
        sets_up.name()
    ));
    match fixed_move {
        Some(m) => {
            s.say(format!(
                "The {} moves first ({rule}). Victory Conditions: {victory}",
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
    if let Some(d) = s.state.campaign.today_mut() {
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
    let mut run = Run::new(
        &store,
        &tables,
        &def,
        state,
        Prompter::Scripted(Default::default()),
        global,
    )?;
    let label = format!("{} 12.621 buy {}", side.name(), purchases.join(", "));
    run.step(Snapshot::secret(side, label), |s| {
        check_roster_line(s, side)?;
        let quotes = purchase_step::quote_all(s, side, purchases)?;
        purchase_step::apply(s, side, &quotes);
        let line = s.state.line(side).clone();
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
