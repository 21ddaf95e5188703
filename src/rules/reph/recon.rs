//! 12.624 Reconnaissance: 0, 1 or 2 CPP for a Recon dr.

use crate::error::Error;
use crate::model::drm::Drm;
use crate::model::journal::Entry;
use crate::model::side::Side;
use crate::rules::reph::session::Session;

pub const STEP: &str = "12.624";

/// The Recon drm (12.624): +3 for 2 CPP, +1 Russian, +1 Stealthy, -1 Lax
/// (by the side's Majority Squad Type).
pub fn recon_drms(side: Side, cpp: i64, squad_type: &str) -> Vec<Drm> {
    let mut d = Vec::new();
    if cpp == 2 {
        d.push(Drm::new(3, "Spent 2 CPP", "12.624"));
    }
    if side == Side::Russian {
        d.push(Drm::new(1, "Russian", "12.624"));
    }
    match squad_type {
        "stealthy" => d.push(Drm::new(1, "Stealthy (Majority Squad Type)", "12.624")),
        "lax" => d.push(Drm::new(-1, "Lax (Majority Squad Type)", "12.624")),
        _ => {}
    }
    d
}

/// The number of Locations reconnoitred: the Final dr, doubled for the
/// Russian in a Night scenario (12.624), never below 0.
pub fn locations(side: Side, final_dr: i32, night: bool) -> u32 {
    let n = final_dr.max(0) as u32;
    if night && side == Side::Russian {
        n * 2
    } else {
        n
    }
}

/// The side's Majority Squad Type (12.624), from its force: the German's
/// non-Heroic Personnel are Lax at night (VotG25), else Normal; the
/// Russian's Elite and 1st Line Infantry are Stealthy (VotG16), so his type
/// is Stealthy where they are most of his squads (each squad's class from
/// its type, C16; an NKVD 6-2-8 is Second Line, C42), else Normal. The
/// default of the question, which the player may still change.
pub fn majority_squad_type(s: &Session, side: Side, night: bool) -> &'static str {
    use crate::model::force::{Condition, ForceBox, UnitKind};
    match side {
        Side::German if night => "lax",
        Side::German => "normal",
        Side::Russian => {
            let ladders = &s.tables.ladders;
            let squads: Vec<bool> = s
                .state
                .side(side)
                .force
                .counters
                .iter()
                .filter(|c| c.kind == UnitKind::Squad && c.place != ForceBox::Casualties)
                .filter(|c| c.prisoner_of().is_none())
                .map(|c| {
                    ladders
                        .unit(side, &c.unit, c.has(&Condition::Nkvd))
                        .is_some_and(|u| matches!(u.class.as_str(), "elite" | "first-line"))
                })
                .collect();
            let stealthy = squads.iter().filter(|&&s| s).count();
            if 2 * stealthy > squads.len() {
                "stealthy"
            } else {
                "normal"
            }
        }
    }
}

pub fn run(s: &mut Session, side: Side) -> Result<(), Error> {
    let left = s.state.line(side).cpp.left;
    let max = left.min(2);
    let cpp = s.prompter.number(
        side,
        "recon",
        &format!("Spend 0, 1 or 2 CPP on Recon ({left} CPP left)?"),
        0,
        // At the terminal the question itself refuses what cannot be paid.
        if s.prompter.interactive() {
            max.max(0)
        } else {
            2
        },
        None,
    )?;
    if cpp > max {
        return Err(Error::Refused(format!(
            "Recon costs {cpp} CPP but only {left} CPP are left (12.624). Nothing was changed."
        )));
    }
    let line = s.state.line_mut(side);
    line.recon_cpp = cpp;
    if cpp == 0 {
        line.recon = Some(0);
        s.say(format!(
            "{} makes no Recon; {left} CPP carry to the next CG Day (12.624).",
            side.name()
        ));
        s.journal(Entry::decision(
            STEP,
            Some(side),
            true,
            "Recon",
            "none",
            "12.624",
        ));
        return Ok(());
    }
    let night = s.state.campaign.night;
    let default = majority_squad_type(s, side, night);
    let squad_type = s.prompter.choice(
        side,
        "squad_type",
        "Majority Squad Type for the Recon drm (12.624)",
        &["normal", "stealthy", "lax"],
        Some(default),
    )?;
    let drms = recon_drms(side, cpp, &squad_type);
    let r = s.roll(
        side,
        STEP,
        "recon",
        None,
        &drms,
        &format!("{} Recon ({cpp} CPP)", side.name()),
        true,
    )?;
    let n = locations(side, r.final_result, night);
    if night && side == Side::Russian {
        s.say(format!(
            "  Night scenario: the Russian Final dr is doubled: {n} Locations (12.624)."
        ));
    }
    let line = s.state.line_mut(side);
    line.recon = Some(n);
    line.recon_lax = squad_type == "lax";
    let next_start = line.cpp.left - cpp;
    s.say(format!(
        "{} may reconnoitre {n} Location(s) after set-up (12.6265); next CG Day starts with {next_start} CPP (READINGS.md C20).",
        side.name()
    ));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_12_624_recon_drm() {
        let total = |side, cpp, t| {
            recon_drms(side, cpp, t)
                .iter()
                .map(|d| d.value)
                .sum::<i32>()
        };
        assert_eq!(total(Side::German, 1, "normal"), 0);
        assert_eq!(total(Side::German, 2, "normal"), 3);
        assert_eq!(total(Side::Russian, 1, "normal"), 1);
        assert_eq!(total(Side::Russian, 2, "stealthy"), 5);
        assert_eq!(total(Side::German, 1, "lax"), -1);
    }

    #[test]
    fn rule_12_624_russian_night_recon_doubled() {
        assert_eq!(locations(Side::Russian, 4, true), 8);
        assert_eq!(locations(Side::Russian, 4, false), 4);
        assert_eq!(locations(Side::German, 4, true), 4);
        assert_eq!(locations(Side::German, -1, false), 0);
    }
}
