//! 12.6252 the Initiative chits revealed, 12.626 Wind and set-up order, and
//! 12.627 Scenario Commencement: the public steps that end a RePh when a
//! scenario is generated (12.5 and III-2 for the Initial Scenario).

use crate::error::Error;
use crate::model::campaign::OccasionName;
use crate::model::force::Condition;
use crate::model::journal::Entry;
use crate::model::side::Side;
use crate::rules::initiative_matrix::ScenarioType;
use crate::rules::reph::initiative;
use crate::rules::reph::sequence::Flow;
use crate::rules::reph::session::Session;

const SETUP: &str = "12.626";
const COMMENCE: &str = "12.627";

/// 12.6252: the chits revealed together; an Idle Day (12.6253, READINGS.md C23) or a
/// scenario, with the Russian's night option (12.6254).
pub fn reveal(s: &mut Session) -> Result<Flow, Error> {
    let t = initiative::reveal(s)?;
    if t == ScenarioType::IdleDay {
        s.say(
            "Idle Day (12.6253, READINGS.md C23): no scenario is played on this CG Day. Steps 12.614-12.625 are repeated for the next CG Day.",
        );
        s.state.campaign.occasion = OccasionName::IdleDayLoop;
        return Ok(Flow::IdleDay);
    }
    if t == ScenarioType::RussianAssault {
        // The Russian's word at his 12.621, where it decided his purchases
        // (night_purchases), is not asked again.
        let night = match crate::rules::reph::night_purchases::intent(&s.state) {
            Some(night) => night,
            None => s.prompter.yes_no(
                Side::Russian,
                "night",
                "Russian Assault: make it a Night scenario (12.6254)?",
                Some(false),
            )?,
        };
        if night {
            initiative::declare_night(s);
        }
    }
    Ok(Flow::Next)
}
/// 12.626 (12.6253; 12.5 and III-2 for the Initial Scenario): who sets up
/// first, and who moves first where that is fixed; both sides announce ELR
/// and SAN (12.627); the scenario's Victory Conditions.
pub fn set_up_order(s: &mut Session) -> Result<Flow, Error> {
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
            .and_then(|d| d.scenario_type)
            .ok_or_else(|| {
                Error::Refused("no scenario type is recorded for this CG Day (12.6252)".into())
            })?;
        let (setup, moves) = initiative::set_up_order(t);
        // Only those that apply: CG I's own in place of the type's.
        let victory = crate::rules::scenario_card::victory(s.def, false, t);
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
    // On two machines each side's ELR and SAN are on its own half: each
    // half says its own.
    let elr_san: Vec<String> = Side::BOTH
        .iter()
        .filter(|&&side| s.holds(side))
        .map(|&side| {
            let l = s.state.line(side);
            // 12.6254: at night the German ELR is one less (kept on the
            // German's line when the Night scenario was declared).
            let elr = match l.night_elr {
                Some(n) => n,
                None if side == Side::German && s.state.campaign.night => {
                    crate::model::roster::german_night_elr(l.elr)
                }
                None => l.elr,
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
    set_up_ends(s);
    match fixed_move {
        Some(m) => {
            s.say(format!(
                "The {} moves first ({rule}). Victory Conditions: {victory}",
                m.name()
            ));
            Ok(Flow::Finish)
        }
        None => {
            s.say(format!(
                "Victory Conditions: {victory}\nSet up now. The side moving first is determined after all set-up is complete (12.627): run `votg refit` again then."
            ));
            Ok(Flow::Pause)
        }
    }
}

/// What ends as the scenario is set up: "Battle Hardened this RePh" at the
/// end of the RePh, its 12.626 included (12.6123, READINGS.md C48), so an
/// MMC may harden again in a later RePh; and the TI counter of each unit
/// Interdicting a Ferry Landing (12.602, 12.6264).
fn set_up_ends(s: &mut Session) {
    reph_statuses_end(
        s,
        SETUP,
        "ends with the RePh",
        "the scenario starts",
        "12.6264",
    );
}

/// The statuses that last to the end of a RePh end (READINGS.md C48):
/// "Battle Hardened this RePh" (12.6123) and the TI of the units
/// Interdicting a Ferry Landing (12.602, `ti_rule`), journaled at `step`
/// with `bh_said` and `ti_said` saying when.
pub(super) fn reph_statuses_end(
    s: &mut Session,
    step: &str,
    bh_said: &str,
    ti_said: &str,
    ti_rule: &str,
) {
    for side in Side::BOTH {
        let ids = s
            .state
            .side_mut(side)
            .force
            .clear_all(&Condition::BattleHardened);
        let list: Vec<String> = ids.iter().map(ToString::to_string).collect();
        s.counters_changed(
            step,
            side,
            true,
            list.clone(),
            "Battle Hardened this RePh",
            format!("{bh_said}: {}", list.join(", ")),
            "12.6123",
        );
    }
    let ti = s.state.german.force.clear_all(&Condition::Interdicting);
    let list: Vec<String> = ti.iter().map(ToString::to_string).collect();
    s.counters_changed(
        step,
        Side::German,
        false,
        list.clone(),
        "TI counters removed",
        format!("{ti_said}: {} no longer Interdicting", list.join(", ")),
        ti_rule,
    );
}

/// 12.627: in a Dual Attack the side moving first is a dr made after set-up.
pub fn first_move(s: &mut Session) -> Result<Flow, Error> {
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
    Ok(Flow::Next)
}
