//! Recording the scenario just played (12.6041, DESIGN §4 `[scenario]` and
//! `[<side>.outcome]`) and beginning the RePh after it: occasion
//! `after-scenario`, both sides at 12.601. One commit, undoable.

use std::io::IsTerminal;

use crate::error::Error;
use crate::model::campaign::{BySide, OccasionName, Position, Standing};
use crate::model::journal::Entry;
use crate::model::side::Side;
use crate::model::state::CampaignState;
use crate::rules::initiative_matrix::ScenarioType;
use crate::rules::prompt::Prompter;
use crate::rules::reph::outcome::{self, Outcome};
use crate::rules::reph::sequence::{self, Occasion};
use crate::rules::reph::session::Session;

mod force_list;
mod rows;
mod terminal;

/// The step label of the rows made when a scenario is recorded: the
/// occasion, not a rule of the sequence, since they are made before 12.601
/// (their `rule` column names the rule they apply, 12.6041). Journals of
/// earlier versions labelled them 12.604; they load as they are.
pub const STEP: &str = "scenario";

/// What the players record of the scenario.
#[derive(Debug, Clone)]
pub struct ScenarioRecord {
    pub victor: Side,
    pub cvp: BySide<u32>,
    pub outcome: BySide<Outcome>,
    /// Each side's SAN at scenario end, where it changed in play (A14; a
    /// Sniper may leave it at 0, which 12.6142 raises to 2).
    pub san: BySide<Option<u32>>,
    /// CG I: whether the Germans Control all of F36 at scenario end, where
    /// the players said so (it decides the victor, and the CG Day's end at
    /// 12.614 is judged by it without asking again).
    pub f36: Option<bool>,
}

/// The Victory Conditions of the scenario just played: the CG's Initial
/// Scenario conditions (12.51-.54) for scenario 1, else its type's (12.6255).
pub fn conditions(s: &Session) -> String {
    let c = &s.state.campaign;
    if c.scenario == 1 {
        let text = s
            .def
            .initial
            .victory
            .clone()
            .or_else(|| s.def.scenario_victory.clone())
            .unwrap_or_default();
        return format!(
            "Initial Scenario Victory Conditions ({}): {text}",
            s.def.rule
        );
    }
    let t = c
        .today()
        .and_then(|d| d.scenario_type)
        .unwrap_or(ScenarioType::GermanAssault);
    // Only those that apply: CG I's own in place of the type's.
    format!(
        "Victory Conditions: {}",
        crate::rules::scenario_card::victory(s.def, false, t)
    )
}

/// Whether the campaign stands where the aftermath begins: both sides done
/// with the RePh before a scenario that has been set up.
pub fn at_scenario_end(state: &CampaignState) -> bool {
    state.campaign.step == Standing::both(Position::Done)
}

/// A list answer of `[scenario]` (e.g. `blazes`): from the answers file
/// (absent = none), or asked at the terminal as one line, comma-separated;
/// journalled under `step`, the step that reads it.
pub fn scenario_list(
    s: &mut Session,
    step: &str,
    name: &str,
    question: &str,
) -> Result<Vec<String>, Error> {
    let items = match &mut *s.prompter {
        // Replayed (`votg verify`): what was given then, typed at a
        // terminal or from a file alike (its decision row).
        Prompter::Scripted(a) => match name {
            "blazes" => match a.replayed_items(crate::rules::answers::BLAZES_ID) {
                Some(items) => items,
                None => a.blazes()?,
            },
            _ => vec![],
        },
        Prompter::Terminal { .. } => {
            if !std::io::stdin().is_terminal() {
                return Ok(vec![]);
            }
            let line = s.prompter.ask_list(Side::German, name, question)?;
            split_items(line.first().map_or("", String::as_str))
        }
    };
    // Its row is what a replay reads (`answers::BLAZES_ID`).
    s.journal(Entry::decision(
        step,
        None,
        false,
        format!("scenario.{name}"),
        if items.is_empty() {
            "none".into()
        } else {
            items.join(", ")
        },
        "DESIGN §4",
    ));
    Ok(items)
}

fn split_items(line: &str) -> Vec<String> {
    line.split(',')
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(str::to_string)
        .collect()
}

/// `eliminated: G-1, G-2; wounded: G-20` → an Outcome.
pub fn parse_line(line: &str) -> Result<Outcome, String> {
    let mut out = Outcome::new();
    for part in line.split(';').map(str::trim).filter(|p| !p.is_empty()) {
        let (key, items) = part.split_once(':').ok_or_else(|| {
            format!("`{part}`: write <key>: <counters>, e.g. eliminated: G-1, 2 x 4-6-7")
        })?;
        let key = key.trim();
        if outcome::key(key).is_none() {
            return Err(format!("`{key}` is not an outcome key"));
        }
        out.entry(key.to_string())
            .or_default()
            .extend(split_items(items));
    }
    Ok(out)
}

/// The record from the answers file (checked whole before any step).
fn from_answers(a: &crate::rules::answers::Answers) -> Result<ScenarioRecord, Error> {
    Ok(ScenarioRecord {
        victor: a.victor()?,
        cvp: a.cvp()?,
        outcome: BySide {
            german: a.outcome_table(Side::German)?,
            russian: a.outcome_table(Side::Russian)?,
        },
        san: a.san()?,
        f36: None,
    })
}

/// Applies `record` to a copy of the forces: Ok if every item fits.
pub fn try_outcome(
    state: &CampaignState,
    tables: &crate::rules::tables::Tables,
    o: &BySide<Outcome>,
    half: Option<Side>,
) -> Result<Vec<outcome::Said>, (Side, outcome::Bad)> {
    let mut g = state.german.force.clone();
    let mut r = state.russian.force.clone();
    outcome::apply((&mut g, &mut r), (&o.german, &o.russian), tables, half)
}

/// Checks an answers file's record against the campaign before any step
/// runs (unknown counter, a counter eliminated twice …): nothing changes.
pub fn check_answers(
    a: &crate::rules::answers::Answers,
    state: &CampaignState,
    tables: &crate::rules::tables::Tables,
    (def, half): (&crate::rules::cg_def::CgDef, Option<Side>),
) -> Result<(), Error> {
    let record = from_answers(a)?;
    try_outcome(state, tables, &record.outcome, half)
        .map_err(|(side, bad)| a.bad_outcome(side, &bad))?;
    // 12.602: the Interdicting units must be German counters.
    if let Some(items) = a
        .get(Side::German, "interdicting")
        .and_then(toml::Value::as_array)
    {
        for t in items.iter().filter_map(toml::Value::as_str) {
            let known = t
                .parse::<crate::model::force::CounterId>()
                .ok()
                .filter(|id| id.side == Side::German && state.german.force.get(*id).is_some());
            if known.is_none() {
                return Err(a.wrong(
                    Side::German,
                    "interdicting",
                    &format!("a list of German counter ids (`votg force --side german`); `{t}` is not one"),
                ));
            }
        }
    }
    // 12.613 comes after steps that change the campaign: a Counterattack the
    // rules forbid is refused before any of them.
    if a.counterattack() {
        crate::rules::reph::counterattack::allowed_in(&state.campaign, def)
            .map_err(|why| crate::rules::reph::counterattack::refused(&why))?;
    }
    Ok(())
}

/// Records the scenario and begins the RePh after it: the victor and CVP on
/// the day's line, the outcome on the Force Organizers, occasion
/// `after-scenario`, both sides at 12.601.
pub fn record(s: &mut Session) -> Result<(), Error> {
    let n = s.state.campaign.scenario;
    s.say(format!("== Recording scenario {n} (12.604) =="));
    let conditions = conditions(s);
    s.say(conditions);
    let record = match &*s.prompter {
        Prompter::Scripted(a) => {
            let mut record = from_answers(a)?;
            // A record typed at the terminal, replayed (`votg verify`).
            if a.replays("german.f36") {
                record.f36 = Some(s.prompter.yes_no(Side::German, "f36", F36, Some(false))?);
            }
            record
        }
        Prompter::Terminal { .. } => terminal::ask(s)?,
    };
    let said = apply_outcome(s, &record)?;
    s.told.prisoners.extend(said.iter().filter_map(|l| l.taken));
    s.told
        .captured
        .extend(said.iter().filter_map(|l| l.captured.clone()));
    let day = s.state.campaign.today_mut().ok_or_else(|| {
        Error::Refused(format!(
            "campaign.toml has no [[days]] entry for scenario {n}: nothing to record it on"
        ))
    })?;
    day.victor = Some(record.victor);
    day.cvp = Some(record.cvp);
    if record.f36.is_some() {
        day.f36 = record.f36;
    }
    // The SAN the scenario ended with, on its roster line (12.6142 reads it
    // at the next New CG Day).
    for side in Side::BOTH {
        if let Some(n) = *record.san.of(side) {
            s.state.line_mut(side).san = n;
            s.say(format!("{} SAN at scenario end: {n} (A14).", side.name()));
        }
    }
    s.say(format!(
        "Victor: {}. Casualty VP suffered: German {}, Russian {} (12.6041).",
        record.victor.name(),
        record.cvp.german,
        record.cvp.russian
    ));
    // At the terminal each side saw what its outcome did in its own block.
    if !s.prompter.interactive() {
        for line in &said {
            s.say(format!("  {line}"));
        }
    }
    rows::journal_record(s, n, &record, &said);
    s.state.campaign.occasion = OccasionName::AfterScenario;
    let first = sequence::first(Occasion::AfterScenario);
    s.state.campaign.step = Standing::both(Position::At(first));
    // Said once the record is in the logs, not while it is being typed.
    s.out.say_when_kept(&format!(
        "Scenario {n} recorded: the Refit Phase after it begins (12.6). Both sides now stand at 12.601. `votg undo` takes this record back."
    ));
    Ok(())
}

/// The question of F36's Control at scenario end (CG I), as the terminal
/// asks it and a replay answers it.
pub(crate) const F36: &str = "Do the Germans Control all hexes of building F36 at scenario end? It decides the victor (CGI Scenario Victory Conditions)";

/// The outcome on both Force Organizers (12.6041): what changed, counter by
/// counter. Applied to the step's own copy of the campaign: a bad answer
/// fails the step, which changes nothing.
fn apply_outcome(s: &mut Session, record: &ScenarioRecord) -> Result<Vec<outcome::Said>, Error> {
    let o = &record.outcome;
    let half = s.half();
    let forces = (&mut s.state.german.force, &mut s.state.russian.force);
    let applied = outcome::apply(forces, (&o.german, &o.russian), s.tables, half);
    applied.map_err(|(side, bad)| match &*s.prompter {
        // The answers file's own line and column.
        Prompter::Scripted(a) => a.bad_outcome(side, &bad),
        Prompter::Terminal { .. } => Error::Refused(format!(
            "{}.outcome.{} `{}`: {}",
            side.id(),
            bad.key,
            bad.item,
            bad.why
        )),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn design_4_outcome_line_reads_keys_and_counters() {
        let o = parse_line("eliminated: G-1, 2 x 4-6-7; wounded: G-20").unwrap();
        assert_eq!(o["eliminated"], vec!["G-1", "2 x 4-6-7"]);
        assert_eq!(o["wounded"], vec!["G-20"]);
        assert!(parse_line("killed: G-1").is_err());
        assert!(parse_line("").unwrap().is_empty());
    }
}
