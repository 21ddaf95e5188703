//! The CG's end: at the conclusion of each CG Day the CG's Victory
//! Conditions (12.51-12.54) are checked from what the players report; after
//! the last CG Day the CG ends whether or not a scenario was played (C23).

use crate::error::Error;
use crate::model::journal::Entry;
use crate::model::side::{Cg, Side};
use crate::rules::reph::session::Session;

pub const STEP: &str = "12.614";

pub use crate::model::campaign::{CgResult, verdict};

/// What the players report at the conclusion of a CG Day: only the facts
/// the CG's conditions need are asked (`None` = not asked).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DayEnd {
    /// CG I: the German Controls all hexes of building F36.
    pub f36: Option<bool>,
    /// CG I: Stone Hexes the German Controls.
    pub german_stone_hexes: Option<u32>,
    /// CG II/III/IV: Stone Hexes the Russian Controls (CG III counts
    /// non-stone non-river map-edge hexes as one and Ferry Landings as five).
    pub russian_stone_hexes: Option<u32>,
    /// CG II/IV: every existing Ferry Landing is German-Controlled/Interdicted.
    pub ferry_landings: Option<bool>,
    /// CG II/III/IV: the Russians have a single Perimeter loop (12.606) with
    /// both north and south map-edge hexes.
    pub perimeter_loop: Option<bool>,
    /// CG II, last day: all Stone Hexes west of Row J are German Controlled.
    pub west_of_j: Option<bool>,
}

/// The CG's Victory Conditions (12.51-12.54) applied to a CG Day's end:
/// the winner and why, or `None` when the CG goes on.
pub fn judge(cg: Cg, last_day: bool, r: &DayEnd) -> Option<(Side, String)> {
    let german = |why: String| Some((Side::German, why));
    let yes = |b: Option<bool>| b == Some(true);
    let verdict = match cg {
        Cg::I => {
            let stone = r.german_stone_hexes.unwrap_or(0);
            if yes(r.f36) && stone >= 75 {
                german(format!(
                    "the Germans Control all of F36 and {stone} (>= 75) Stone Hexes (12.51)"
                ))
            } else if yes(r.f36) && last_day && stone >= 66 {
                german(format!(
                    "at the end of 22 Sep the Germans Control all of F36 and {stone} (>= 66) Stone Hexes (12.51)"
                ))
            } else {
                None
            }
        }
        Cg::II => {
            let held = r.russian_stone_hexes.unwrap_or(u32::MAX);
            if !yes(r.ferry_landings) || yes(r.perimeter_loop) {
                None
            } else if held <= 10 {
                german(format!(
                    "the Russians Control only {held} (<= 10) Stone Hexes, every Ferry Landing is German-Controlled/Interdicted and the Russians have no north-south Perimeter loop (12.52)"
                ))
            } else if last_day && yes(r.west_of_j) {
                german("at the end of 22 Sep all Stone Hexes west of Row J are German Controlled, every Ferry Landing is German-Controlled/Interdicted and the Russians have no north-south Perimeter loop (12.52)".into())
            } else {
                None
            }
        }
        Cg::III => {
            let held = r.russian_stone_hexes.unwrap_or(u32::MAX);
            if yes(r.perimeter_loop) {
                return Some((Side::Russian, "the Russians have a single Perimeter loop with both north and south map-edge hexes (12.53)".into()));
            }
            if held <= 10 {
                german(format!(
                    "the Russians Control only {held} (<= 10) Stone Hexes (12.53)"
                ))
            } else if last_day && held <= 70 {
                german(format!(
                    "at the end of 27 Sep the Russians Control {held} (<= 70) Stone Hexes (12.53)"
                ))
            } else {
                None
            }
        }
        Cg::IV => {
            let held = r.russian_stone_hexes.unwrap_or(u32::MAX);
            if !yes(r.perimeter_loop) && yes(r.ferry_landings) && held <= 70 {
                german(format!(
                    "the Russians Control {held} (<= 70) Stone Hexes, every Ferry Landing is German-Controlled/Interdicted and the Russians have no north-south Perimeter loop (12.54)"
                ))
            } else {
                None
            }
        }
    };
    verdict.or_else(|| {
        last_day.then(|| {
            (
                Side::Russian,
                format!("the Germans did not meet CG {}'s Victory Conditions by the end of its last CG Day (12.5{}, READINGS.md C23)", cg.roman(), cg_rule_digit(cg)),
            )
        })
    })
}

/// F36's Control at the end of this CG Day (12.51): as recorded with its
/// scenario (None: asked); on an Idle Day (no scenario today), as last
/// given (with a scenario's record or at an earlier 12.614), for nothing
/// was played to change it.
fn last_f36(state: &crate::model::state::CampaignState) -> Option<bool> {
    let c = &state.campaign;
    if let Some(d) = c.today().filter(|d| d.scenario.is_some()) {
        return d.f36;
    }
    state
        .journal
        .iter()
        .rev()
        .filter(|r| r.answer_id == "german.f36")
        .find_map(|r| r.answer_value().and_then(|v| v.as_bool()))
        .or_else(|| c.days.iter().rev().find_map(|d| d.f36))
}

fn cg_rule_digit(cg: Cg) -> u8 {
    match cg {
        Cg::I => 1,
        Cg::II => 2,
        Cg::III => 3,
        Cg::IV => 4,
    }
}

/// Asks what the CG's conditions need, as the German reports it (the
/// Perimeter loop, as the Russian reports it). Questions whose answer
/// cannot change the verdict are not asked. Unanswered, each takes the
/// value that meets no condition: a side that has won says so.
fn report(s: &mut Session, last_day: bool) -> Result<DayEnd, Error> {
    let cg = s.def.cg;
    let day = s.state.campaign.cg_day().long();
    let mut r = DayEnd::default();
    // The F36 Control the players gave when they recorded the day's
    // scenario (it decided its victor) is not asked again; on an Idle Day
    // nothing was played, so the last Control recorded stands.
    let recorded = last_f36(&s.state);
    let p = &mut s.prompter;
    // A campaign recorded when an Idle Day's F36 was still asked replays
    // its answer (`votg verify`).
    let asked_then =
        matches!(&**p, crate::rules::prompt::Prompter::Scripted(a) if a.replays("german.f36"));
    match cg {
        Cg::I => {
            r.f36 = Some(match recorded {
                Some(f36) if !asked_then => f36,
                _ => p.yes_no(
                    Side::German,
                    "f36",
                    &format!(
                        "End of {day}: do the Germans Control all hexes of building F36 (12.51)?"
                    ),
                    Some(false),
                )?,
            });
            if r.f36 == Some(true) {
                r.german_stone_hexes = Some(stone(
                    p,
                    Side::German,
                    "german_stone_hexes",
                    &format!("End of {day}: how many Stone Hexes do the Germans Control (12.51)?"),
                )?);
            }
        }
        Cg::II | Cg::IV => {
            r.perimeter_loop = Some(loop_question(p, &day)?);
            if r.perimeter_loop == Some(false) {
                r.ferry_landings = Some(p.yes_no(
                    Side::German,
                    "ferry_landings",
                    &format!("End of {day}: is every existing Ferry Landing German-Controlled or Interdicted (CG12)?"),
                    Some(false),
                )?);
            }
            if r.ferry_landings == Some(true) {
                r.russian_stone_hexes = Some(stone(
                    p,
                    Side::German,
                    "russian_stone_hexes",
                    &format!("End of {day}: how many Stone Hexes do the Russians Control?"),
                )?);
                if cg == Cg::II && last_day && r.russian_stone_hexes > Some(10) {
                    r.west_of_j = Some(p.yes_no(
                        Side::German,
                        "west_of_j",
                        "End of 22 Sep: are all Stone Hexes west of Row J German Controlled (12.52)?",
                        Some(false),
                    )?);
                }
            }
        }
        Cg::III => {
            r.perimeter_loop = Some(loop_question(p, &day)?);
            if r.perimeter_loop == Some(false) {
                r.russian_stone_hexes = Some(stone(
                    p,
                    Side::German,
                    "russian_stone_hexes",
                    &format!(
                        "End of {day}: how many Stone Hexes do the Russians Control (each non-stone, non-river map-edge hex counts one, each Ferry Landing five; 12.53)?"
                    ),
                )?);
            }
        }
    }
    Ok(r)
}

/// A count of Stone Hexes; unanswered, one that meets no condition (the
/// German claims no win: 0 of his own in CG I, 2000 Russian ones otherwise).
fn stone(
    p: &mut crate::rules::prompt::Prompter,
    side: Side,
    name: &str,
    q: &str,
) -> Result<u32, Error> {
    let default = if name == "german_stone_hexes" {
        0
    } else {
        MAX_STONE
    };
    Ok(p.number(side, name, q, 0, MAX_STONE, Some(default))? as u32)
}

/// The largest count the Stone Hex questions take.
pub const MAX_STONE: i64 = 2000;

fn loop_question(p: &mut crate::rules::prompt::Prompter, day: &str) -> Result<bool, Error> {
    p.yes_no(
        Side::Russian,
        "perimeter_loop",
        &format!("End of {day}: do the Russians have a single Perimeter loop (12.606) containing both north and south map-edge hexes?"),
        Some(false),
    )
}

/// At the conclusion of the CG Day the campaign stands on: checks the CG's
/// Victory Conditions and, when the CG is over, records who won. Returns
/// whether it ended.
pub fn check(s: &mut Session) -> Result<bool, Error> {
    let date = s.state.campaign.date;
    let last_day = date >= s.def.last_date;
    let r = report(s, last_day)?;
    let Some((winner, why)) = judge(s.def.cg, last_day, &r) else {
        s.journal(Entry::decision(
            STEP,
            None,
            false,
            "CG Victory Conditions",
            "not met: the CG goes on",
            &s.def.rule.clone(),
        ));
        return Ok(false);
    };
    s.say(format!(
        "The CG is over: the {} win — {why}.",
        if winner == Side::German {
            "Germans"
        } else {
            "Russians"
        }
    ));
    s.journal(Entry::decision(
        STEP,
        None,
        false,
        "CG Victory Conditions",
        format!("{} win: {why}", winner.name()),
        &s.def.rule.clone(),
    ));
    s.state.campaign.result = Some(CgResult { winner, date, why });
    rephs_end(s);
    Ok(true)
}

/// The CG over, its last RePh ends here, at 12.614: what lives to the end
/// of a RePh ends with it (C48), as it would at 12.626 had a scenario
/// followed: "Battle Hardened this RePh" (12.6123) and the TI of the units
/// Interdicting a Ferry Landing, TI "for the remainder of the RePh" (CG12.12,
/// 12.602).
fn rephs_end(s: &mut Session) {
    super::scenario_start::reph_statuses_end(
        s,
        STEP,
        "ends with the RePh, the CG over",
        "the RePh ends, the CG over",
        "CG12.12",
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_12_51_cg_i_f36_and_75_stone_hexes_any_day_66_on_the_last() {
        let r = |f36, stone| DayEnd {
            f36: Some(f36),
            german_stone_hexes: Some(stone),
            ..Default::default()
        };
        assert_eq!(judge(Cg::I, false, &r(true, 75)).unwrap().0, Side::German);
        assert_eq!(judge(Cg::I, false, &r(true, 74)), None);
        assert_eq!(judge(Cg::I, false, &r(false, 90)), None);
        assert_eq!(judge(Cg::I, true, &r(true, 66)).unwrap().0, Side::German);
        assert_eq!(judge(Cg::I, true, &r(true, 65)).unwrap().0, Side::Russian);
        assert_eq!(judge(Cg::I, true, &r(false, 80)).unwrap().0, Side::Russian);
    }

    #[test]
    fn rule_12_52_to_12_54_perimeter_loop_ferry_landings_and_stone_hexes() {
        let r = |lp, ferry, held| DayEnd {
            perimeter_loop: Some(lp),
            ferry_landings: Some(ferry),
            russian_stone_hexes: Some(held),
            ..Default::default()
        };
        assert_eq!(
            judge(Cg::II, false, &r(false, true, 10)).unwrap().0,
            Side::German
        );
        assert_eq!(judge(Cg::II, false, &r(true, true, 10)), None);
        assert_eq!(judge(Cg::II, false, &r(false, false, 5)), None);
        let mut west = r(false, true, 40);
        west.west_of_j = Some(true);
        assert_eq!(judge(Cg::II, true, &west).unwrap().0, Side::German);
        assert_eq!(judge(Cg::II, false, &west), None);
        assert_eq!(
            judge(Cg::III, false, &r(true, false, 5)).unwrap().0,
            Side::Russian
        );
        assert_eq!(
            judge(Cg::III, true, &r(false, false, 70)).unwrap().0,
            Side::German
        );
        assert_eq!(judge(Cg::III, false, &r(false, false, 70)), None);
        assert_eq!(
            judge(Cg::IV, false, &r(false, true, 70)).unwrap().0,
            Side::German
        );
        assert_eq!(judge(Cg::IV, false, &r(false, true, 71)), None);
        assert_eq!(
            judge(Cg::IV, true, &r(false, true, 71)).unwrap().0,
            Side::Russian
        );
    }
}
