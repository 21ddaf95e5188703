//! 12.625 Initiative Determination, 12.626 set-up order and 12.627 Scenario
//! Commencement: the chits, the Initiative Matrix, the scenario type, the
//! Russian night option, the Dual Attack drs, and the Victory Conditions.

use crate::error::Error;
use crate::model::campaign::Campaign;
use crate::model::journal::Entry;
use crate::model::side::Side;
use crate::rules::cg_def::CgDef;
use crate::rules::initiative_matrix::{Chit, ScenarioType};
use crate::rules::reph::session::Session;

pub const STEP: &str = "12.625";
/// The chits revealed: a step of its own in the sequence.
const REVEAL: &str = "12.6252";

pub fn chit_name(c: Chit) -> &'static str {
    c.id()
}

pub fn parse_chit(s: &str) -> Option<Chit> {
    [Chit::Attack, Chit::Idle].into_iter().find(|c| c.id() == s)
}

/// 12.6254: the Russian declares a Russian Assault (or Counterattack) a
/// Night scenario: the CG Day's facts and both sides' roster lines of the
/// scenario are the Night's, with the Night's Historical DRM (12.6182).
pub fn declare_night(s: &mut Session) {
    if let Some(d) = s.state.campaign.today_mut() {
        d.night = true;
    }
    s.state.campaign.night = true;
    let date = s.state.campaign.date;
    for side in Side::BOTH {
        let hist = s.tables.historical_drm.drm(side, date, true).unwrap_or(0);
        let line = s.state.line_mut(side);
        line.night = true;
        line.hist_drm = hist;
    }
    s.journal(Entry::decision(
        "12.6254",
        Some(Side::Russian),
        false,
        "Russian Night Assault",
        "declared a Night scenario",
        "12.6254",
    ));
    // The German's line of this CG Day holds the ELR it plays the Night
    // scenario with.
    let g = s.state.line_mut(Side::German);
    let (elr, night_elr) = (g.elr, crate::model::roster::german_night_elr(g.elr));
    g.night_elr = Some(night_elr);
    s.journal(Entry::decision(
        "12.6254",
        Some(Side::German),
        false,
        "German ELR in the Night scenario",
        format!("{night_elr} (one less than the CG Roster's {elr})"),
        "12.6254",
    ));
    s.say("The Russian declares a Night scenario (12.6254): the Russians are the Scenario Defender; the German ELR is one less; Cloud Cover and base NVR per E1.11 with the historical Moon Phase.");
    // 12.624: the Recon drs were made before the scenario was known to be a
    // Night scenario: the Russian Final dr is doubled, the German is Lax
    // (VotG25). Both sides' roster lines are the current CG Day's.
    let german_lax = s.state.line(Side::German).recon_lax;
    let g = s.state.line_mut(Side::German);
    if g.recon_cpp > 0 && !german_lax {
        let n = g.recon.unwrap_or(0).saturating_sub(1);
        g.recon = Some(n);
        s.say(format!(
            "  German Recon: -1 Lax at night (VotG25): {n} Location(s) (12.624)."
        ));
    }
    let r = s.state.line_mut(Side::Russian);
    if r.recon_cpp > 0 {
        let n = r.recon.unwrap_or(0) * 2;
        r.recon = Some(n);
        s.say(format!(
            "  Russian Recon: the Final dr is doubled at night: {n} Location(s) (12.624)."
        ));
    }
}

/// 12.6251: the Russian has a finite number of Attack chits per CG, at most
/// one per CG Day. The Initial Scenario's chits are fixed and use none (C15).
pub fn russian_attack_allowed(campaign: &Campaign, def: &CgDef) -> Result<(), String> {
    if campaign.russian_attack_chits_used >= def.russian_attack_chits {
        return Err(format!(
            "the Russian has used all {} Attack chits of CG {} (12.6251)",
            def.russian_attack_chits, def.cg
        ));
    }
    let today = campaign
        .days
        .iter()
        .filter(|d| d.date == campaign.date && d.scenario != Some(1))
        .filter(|d| d.russian_chit == Some(Chit::Attack))
        .count();
    if today >= 1 {
        return Err(format!(
            "the Russian may use only one Attack chit per CG Day (12.6251); one was used on {} Sep",
            campaign.date
        ));
    }
    Ok(())
}

/// The Victory Conditions of a CG scenario type (12.6255).
pub fn victory_conditions(t: ScenarioType) -> &'static str {
    match t {
        ScenarioType::DualAttack => {
            "Dual Attack (12.6255): the Germans win if at scenario end they have amassed more VP than the Russians. Each side receives Casualty VP, and one VP for each Stone Hex it Controls that was Controlled by the opponent at scenario start."
        }
        ScenarioType::GermanAssault | ScenarioType::RussianAssault => {
            "Assault (12.6255): the Russian wins if he Controls all Stone Hexes and all existing Ferry Landings. Otherwise the Attacker wins if at scenario end he Controls >= 20 (German) or >= 10 (Russian) more Stone Hexes than he started with, or has amassed at least twice as many Casualty VP as his opponent."
        }
        ScenarioType::IdleDay => "Idle Day: no scenario is played (12.6253).",
    }
}

/// Who sets up first, and who moves first when it is fixed (12.6253).
pub fn set_up_order(t: ScenarioType) -> (Option<Side>, Option<Side>) {
    match t {
        ScenarioType::GermanAssault => (Some(Side::Russian), Some(Side::German)),
        ScenarioType::RussianAssault => (Some(Side::German), Some(Side::Russian)),
        ScenarioType::DualAttack | ScenarioType::IdleDay => (None, None),
    }
}

/// 12.625 for one side: the secret chit.
pub fn choose(s: &mut Session, side: Side) -> Result<(), Error> {
    // 12.625, 12.6252 EXC: before a declared Russian Counterattack the German
    // is automatically Idle and a Russian Assault is generated.
    let counterattack =
        s.state.campaign.occasion == crate::model::campaign::OccasionName::BeforeCounterattack;
    let chit = if counterattack {
        let chit = if side == Side::German {
            "idle"
        } else {
            "attack"
        };
        s.say(format!(
            "Russian Counterattack declared (12.613): the {} chit is {chit} (12.625).",
            side.name()
        ));
        chit.to_string()
    } else {
        s.prompter.choice(
            side,
            "initiative",
            "Initiative chit (12.625)",
            &["attack", "idle"],
            None,
        )?
    };
    if side == Side::Russian && chit == "attack" {
        russian_attack_allowed(&s.state.campaign, s.def)
            .map_err(|e| Error::Refused(format!("{e}. Choose idle. Nothing was changed.")))?;
    }
    s.state.line_mut(side).initiative = Some(chit.clone());
    s.journal(Entry::decision(
        STEP,
        Some(side),
        true,
        "Initiative chit",
        chit,
        "12.6252",
    ));
    s.say(format!(
        "{} has placed its Initiative chit (secret until both are revealed).",
        side.name()
    ));
    Ok(())
}

/// 12.6252: both chits revealed together and cross-indexed.
pub fn reveal(s: &mut Session) -> Result<ScenarioType, Error> {
    let chit = |s: &Session, side: Side| {
        s.state
            .side(side)
            .roster
            .current()
            .and_then(|l| l.initiative.clone())
            .and_then(|c| parse_chit(&c))
    };
    let (Some(g), Some(r)) = (chit(s, Side::German), chit(s, Side::Russian)) else {
        return Err(Error::Refused(
            "both sides must choose their Initiative chit before they are revealed (12.6252)"
                .into(),
        ));
    };
    let cell = s.tables.initiative_matrix.cell(g, r).clone();
    if r == Chit::Attack {
        s.state.campaign.russian_attack_chits_used += 1;
    }
    let (date, night, scenario) = (
        s.state.campaign.date,
        s.state.campaign.night,
        s.state.campaign.scenario,
    );
    if s.state.campaign.today().is_none() {
        s.state
            .campaign
            .days
            .push(crate::model::campaign::DayFacts {
                date,
                night,
                ..Default::default()
            });
    }
    let generated = cell.scenario != ScenarioType::IdleDay;
    if let Some(d) = s.state.campaign.today_mut() {
        d.german_chit = Some(g);
        d.russian_chit = Some(r);
        d.scenario_type = Some(cell.scenario);
        d.scenario = generated.then_some(scenario);
    }
    if !generated {
        // C23: the CG Roster gets a line for the Idle Day with no scenario.
        for side in Side::BOTH {
            s.state.line_mut(side).scenario = None;
        }
    }
    s.journal(Entry::decision(
        REVEAL,
        None,
        false,
        "Initiative chits revealed",
        format!(
            "German {}, Russian {}: {}",
            chit_name(g),
            chit_name(r),
            cell.result
        ),
        "12.6252",
    ));
    s.say(format!(
        "Initiative chits revealed: German {}, Russian {} -> {} (12.6252).",
        chit_name(g),
        chit_name(r),
        cell.result
    ));
    Ok(cell.scenario)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_12_6253_set_up_order_by_scenario_type() {
        assert_eq!(
            set_up_order(ScenarioType::GermanAssault),
            (Some(Side::Russian), Some(Side::German))
        );
        assert_eq!(
            set_up_order(ScenarioType::RussianAssault),
            (Some(Side::German), Some(Side::Russian))
        );
        assert_eq!(
            set_up_order(ScenarioType::DualAttack),
            (None, None),
            "decided by drs"
        );
    }

    #[test]
    fn rule_12_6255_victory_conditions_by_type() {
        assert!(victory_conditions(ScenarioType::DualAttack).contains("more VP"));
        assert!(victory_conditions(ScenarioType::GermanAssault).contains(">= 20"));
        assert!(victory_conditions(ScenarioType::RussianAssault).contains(">= 10"));
    }
}
