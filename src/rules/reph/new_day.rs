//! 12.614 New CG Day & SAN Adjustment: the CG Day that concludes is judged
//! against the CG's Victory Conditions (cg_end); then the new CG Day (12.6141)
//! with each side's CG Roster line (C20), SAN Adjustment (12.6142) and
//! Booby Trap deactivation (12.6143).

use crate::error::Error;
use crate::model::campaign::DayFacts;
use crate::model::journal::Entry;
use crate::model::roster::{Pool, RosterLine};
use crate::model::side::Side;
use crate::rules::reph::cg_end;
use crate::rules::reph::sequence::Flow;
use crate::rules::reph::session::Session;

pub const STEP: &str = "12.614";

/// 12.614 (Joint): the end of the CG Day, then the new one.
pub fn run(s: &mut Session) -> Result<Flow, Error> {
    if cg_end::check(s)? {
        return Ok(Flow::Finish);
    }
    new_cg_day(s);
    for side in Side::BOTH {
        // On two machines each side's CG Roster (its SAN, the Booby Trap
        // Level) is on its own half only: the other side adjusts his there,
        // with the same public dice.
        if !s.holds(side) {
            s.say(format!(
                "The {} makes his SAN Adjustment (12.6142){} on his half.",
                side.name(),
                if side == Side::Russian {
                    " and Booby Trap dr (12.6143)"
                } else {
                    ""
                }
            ));
            continue;
        }
        ensure_line(s, side);
        san_adjustment(s, side)?;
    }
    if s.holds(Side::Russian) {
        booby_trap(s)?;
    }
    Ok(Flow::Next)
}

/// 12.6141: the next date; the scenario number moves on only if the day
/// that concluded had one (an Idle Day has none, C23).
fn new_cg_day(s: &mut Session) {
    let c = &mut s.state.campaign;
    let played = c.today().is_some_and(|d| d.scenario.is_some());
    if played {
        c.scenario += 1;
    }
    c.date += 1;
    c.night = false;
    c.days.push(DayFacts {
        date: c.date,
        ..Default::default()
    });
    let day = c.cg_day().long();
    let n = c.scenario;
    s.say(format!(
        "New CG Day: {day}, preparing CG scenario {n} (12.6141)."
    ));
    s.journal(Entry::decision(
        STEP,
        None,
        false,
        "New CG Day",
        day,
        "12.6141",
    ));
}

/// Before a Counterattack (12.6253) 12.614 is skipped and the second
/// scenario is played on the same CG Day: its facts and roster lines start
/// at the first step that runs (12.615). Does nothing once done.
pub fn counterattack_scenario(s: &mut Session) {
    let c = &mut s.state.campaign;
    if c.today().is_none_or(|d| d.victor.is_none()) {
        return;
    }
    c.scenario += 1;
    c.days.push(DayFacts {
        date: c.date,
        night: c.night,
        ..Default::default()
    });
    let skipped: Vec<String> = crate::rules::reph::sequence::SEQUENCE
        .iter()
        .filter(|st| st.skipped_before_counterattack)
        .map(|st| st.rule().to_string())
        .collect();
    let n = c.scenario;
    s.say(format!(
        "Russian Counterattack (12.613, 12.6253): CG scenario {n} is played on the same CG Day; steps {} are skipped (12.615d also stands for e and f).",
        skipped.join(", ")
    ));
    s.journal(Entry::decision(
        "12.615a",
        None,
        false,
        "Counterattack: steps skipped",
        skipped.join(", "),
        "12.613",
    ));
}

/// The side's CG Roster line for the CG Day being prepared: made here if it
/// is not there yet. Start = Left - Recon of the last line (C20); ELR, SAN
/// and the Booby Trap Level carry over; the Historical DRM is the new day's.
/// Nothing is said: the CPP it carries are the side's secret (12.621), told
/// only in its own block ([`announce_line`]).
pub fn ensure_line(s: &mut Session, side: Side) {
    let c = &s.state.campaign;
    let (date, night, scenario) = (c.date, c.night, c.scenario);
    let last = s.state.line(side).clone();
    if last.date == date && last.night == night && last.scenario == Some(scenario) {
        return;
    }
    let hist_drm = s.tables.historical_drm.drm(side, date, night).unwrap_or(0);
    let start = last.cpp.left - last.recon_cpp;
    let line = RosterLine {
        date,
        night,
        scenario: Some(scenario),
        hist_drm,
        cpp: Pool::opening(start.max(0)),
        support_cpp: last.support_cpp.map(|p| Pool::opening(p.left)),
        rgs: vec![],
        fpp: 0,
        fpp_spent: 0,
        mine_fpp: 0,
        fortifications: vec![],
        elr: last.elr,
        night_elr: None,
        san: last.san,
        recon: None,
        recon_cpp: 0,
        recon_lax: false,
        night_declared: None,
        initiative: None,
        booby_trap: last.booby_trap.clone(),
        ssr_commissar_dr: false,
    };
    s.state.side_mut(side).roster.lines.push(line);
}

/// Tells the side its new CG Roster line (C20: Start = Left - Recon of the
/// line before), in its own block: never in a public block nor in a public
/// row (12.621: CPP left and Recon spent may be kept secret).
pub fn announce_line(s: &mut Session, side: Side) {
    let lines = &s.state.side(side).roster.lines;
    let [.., last, line] = lines.as_slice() else {
        return;
    };
    let text = format!(
        "{} CG Roster: new line {}/9{}, Start {} CPP (Left {} - Recon {}, READINGS.md C20).",
        side.name(),
        line.date,
        if line.night { " N" } else { "" },
        line.cpp.start,
        last.cpp.left,
        last.recon_cpp
    );
    s.out.aside(&text);
}

/// The SAN Adjustment dr (12.6142) for a side whose SAN is `san`: its DRM,
/// or none when the side does not roll.
pub fn san_drm(san: u32) -> Option<i32> {
    (san >= 4).then(|| san as i32 - 4)
}

/// 12.6142: SAN >= 4 rolls (dr + SAN - 4, >= 5 lowers it by one); SAN 0
/// becomes 2 with no dr.
fn san_adjustment(s: &mut Session, side: Side) -> Result<(), Error> {
    let san = s.state.line(side).san;
    if san == 0 {
        s.state.line_mut(side).san = 2;
        s.say(format!("{} SAN 0 is raised to 2 (12.6142).", side.name()));
        s.journal(Entry::decision(
            STEP,
            Some(side),
            false,
            "SAN Adjustment",
            "SAN 0 raised to 2",
            "12.6142",
        ));
        return Ok(());
    }
    let Some(v) = san_drm(san) else {
        return Ok(());
    };
    let drms = [crate::model::drm::Drm::new(
        v,
        format!("Current SAN {san} minus 4"),
        "12.6142",
    )];
    let r = s.roll(
        side,
        STEP,
        "san-adjustment",
        None,
        &drms,
        &format!("{} SAN Adjustment (SAN {san})", side.name()),
        false,
    )?;
    if r.key() == "reduced" {
        s.state.line_mut(side).san = san - 1;
        s.say(format!("  {} SAN is now {}.", side.name(), san - 1));
    }
    Ok(())
}

/// 12.6143: with Booby Trap Level A or B in effect the Russian rolls; an
/// Original 6 lowers it by one (A to B, B to C).
fn booby_trap(s: &mut Session) -> Result<(), Error> {
    let level = s.state.line(Side::Russian).booby_trap.clone();
    let next = match level.as_deref() {
        Some("A") => "B",
        Some("B") => "C",
        _ => return Ok(()),
    };
    let r = s.roll(
        Side::Russian,
        STEP,
        "booby-trap-deactivation",
        None,
        &[],
        &format!(
            "Booby Trap Deactivation (Level {})",
            level.as_deref().unwrap_or("")
        ),
        false,
    )?;
    if r.roll.original() == 6 {
        s.state.line_mut(Side::Russian).booby_trap = Some(next.to_string());
        s.say(format!("  Booby Trap Level is now {next} (12.6143)."));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_12_6142_san_drm_is_san_minus_4_only_from_4() {
        assert_eq!(san_drm(3), None);
        assert_eq!(san_drm(4), Some(0));
        assert_eq!(san_drm(6), Some(2));
    }
}
