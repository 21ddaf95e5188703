//! 12.619 ELR Loss/Gain: a DR per side with every DRM of the list
//! (READINGS.md C27-C29); 0 <= ELR <= 4 after a change. The DR is the
//! side's secret (its DRMs count the RGs it bought); the new ELR is public.

use crate::error::Error;
use crate::model::drm::Drm;
use crate::model::journal::Entry;
use crate::model::side::Side;
use crate::rules::reph::cg_days;
use crate::rules::reph::drms;
use crate::rules::reph::session::Session;
use crate::rules::rg_chart::RgClass;

pub const STEP: &str = "12.619";

/// What the side bought in 12.621 on the previous CG Day, as 12.619 counts
/// it (C28).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Bought {
    pub elite_coys: u32,
    pub first_line_coys: u32,
    pub afv_pltns: u32,
    /// Infantry Pltns other than MOL-P and HW.
    pub infantry_pltns: u32,
}

/// C28: an Infantry Coy's class by the class of its squads' type (C16):
/// the I5 NKVD Militia Coy is neither, its NKVD 6-2-8s being Second Line
/// whatever their printed factors (C42).
pub fn coy_class(side: Side, rg: &str) -> Option<&'static str> {
    match (side, rg) {
        (Side::German, "I1") => Some("first-line"),
        (Side::Russian, "I1") => Some("elite"),
        (Side::Russian, "I3" | "I4") => Some("first-line"),
        _ => None,
    }
}

/// The previous CG Day's purchases (12.621, not Initial OB gifts, C27):
/// every line of that date, so on a day with a Counterattack, by day or by
/// Night, the RGs of both RePhs that bought for it (C45).
pub fn bought_previous_day(s: &Session, side: Side) -> Bought {
    let mut b = Bought::default();
    let Some(prev) = cg_days::previous_day(&s.state.campaign)
        .first()
        .map(|d| d.date)
    else {
        return b;
    };
    let chart = match side {
        Side::German => &s.tables.german_rg,
        Side::Russian => &s.tables.russian_rg,
    };
    let lines = &s.state.side(side).roster.lines;
    for line in lines.iter().filter(|l| l.date == prev) {
        for rg in &line.rgs {
            let Some(def) = chart.rg(&rg.rg) else {
                continue;
            };
            match def.class {
                RgClass::InfantryCoy => match coy_class(side, &rg.rg) {
                    Some("elite") => b.elite_coys += 1,
                    Some(_) => b.first_line_coys += 1,
                    None => {}
                },
                RgClass::InfantryPltn => b.infantry_pltns += 1,
                RgClass::AfvPltn => b.afv_pltns += 1,
                _ => {}
            }
        }
    }
    b
}

/// Every DRM of 12.619 for `side` (C27-C29; a day with a Counterattack
/// counts both its scenarios, C45). `from_idle_day`: count the
/// completed scenarios since the last Idle Day instead of since the start
/// of the CG (C29: by default, whichever is smaller).
pub fn elr_drms(s: &Session, side: Side, bought: Bought, from_idle_day: Option<bool>) -> Vec<Drm> {
    let c = &s.state.campaign;
    let mut d = Vec::new();
    let mut push = |v: i32, why: String| {
        if v != 0 {
            d.push(Drm::new(v, why, STEP));
        }
    };
    let won = cg_days::won_previous_day(c, side);
    push(
        -(won as i32),
        format!("{won} scenario(s) won on the previous CG Day (READINGS.md C27)"),
    );
    let idle = cg_days::idle_days_since_last_scenario(c);
    push(
        -2 * idle as i32,
        format!("{idle} Idle Day(s) since the last-completed CG scenario"),
    );
    push(
        -2 * bought.elite_coys as i32,
        format!(
            "{} elite Infantry Coy bought on the previous CG Day (READINGS.md C28)",
            bought.elite_coys
        ),
    );
    push(
        -(bought.infantry_pltns.div_ceil(2) as i32),
        format!(
            "{} Infantry Pltn bought on the previous CG Day, per two FRU (READINGS.md C28)",
            bought.infantry_pltns
        ),
    );
    let fl = bought.first_line_coys + bought.afv_pltns;
    push(
        -(fl as i32),
        format!(
            "{} first-line Infantry Coy / AFV Pltn bought on the previous CG Day (READINGS.md C28)",
            fl
        ),
    );
    if cg_days::attacked_previous_day(c, side) {
        push(
            1,
            "Selected the Attack chit on the previous CG Day (READINGS.md C27)".into(),
        );
    }
    let n = cg_days::completed(c);
    let idle_count = from_idle_day.unwrap_or(n.since_idle < n.since_start);
    let (done, night, from) = if idle_count {
        (n.since_idle, n.night_since_idle, "since the last Idle Day")
    } else {
        (
            n.since_start,
            n.night_since_start,
            "since the start of the CG",
        )
    };
    push(
        2 * done as i32,
        format!("{done} scenario(s) completed {from} (READINGS.md C29)"),
    );
    if let Some(h) = drms::historical(s.tables, side, c.cg_day(), STEP) {
        d.push(h);
    }
    if side == Side::German {
        let mut p = |v: i32, why: String| {
            if v != 0 {
                d.push(Drm::new(v, why, STEP));
            }
        };
        p(
            night as i32,
            format!("{night} Night scenario(s) completed {from} (note 18)"),
        );
    }
    d
}

/// The new ELR after a Final DR's row value (+1 gain, -1 loss), 0..=4.
pub fn changed(elr: u32, change: i32) -> u32 {
    match change {
        1 if elr < 4 => elr + 1,
        -1 => elr.saturating_sub(1),
        _ => elr,
    }
}

/// 12.619 (PerSide, open).
pub fn run(s: &mut Session, side: Side) -> Result<(), Error> {
    let bought = bought_previous_day(s, side);
    let n = cg_days::completed(&s.state.campaign);
    let from_idle = if n.since_idle == n.since_start {
        None
    } else {
        let choice = s.prompter.choice(
            side,
            "elr_count_from",
            &format!(
                "Count completed scenarios since the start of the CG ({}) or since the last Idle Day ({}) (12.619, READINGS.md C29)?",
                n.since_start, n.since_idle
            ),
            &["start", "idle-day"],
            Some("idle-day"),
        )?;
        Some(choice == "idle-day")
    };
    let drms = elr_drms(s, side, bought, from_idle);
    let elr = s.state.line(side).elr;
    let r = s.roll(
        side,
        STEP,
        "elr-loss-gain",
        None,
        &drms,
        &format!("{} ELR Loss/Gain (ELR {elr})", side.name()),
        // Its DRMs count the RGs the side bought (12.621: secret): the DR
        // is the side's, and only the new ELR is public.
        true,
    )?;
    let new = changed(elr, r.value.unwrap_or(0));
    s.state.line_mut(side).elr = new;
    let result = match new.cmp(&elr) {
        std::cmp::Ordering::Equal => format!("ELR stays {elr}"),
        _ => format!("ELR {elr} -> {new}"),
    };
    s.journal(Entry::decision(
        STEP,
        Some(side),
        false,
        format!("{} ELR Loss/Gain", side.name()),
        result,
        "12.619",
    ));
    let night = if side == Side::German {
        format!("; in a Night scenario {} (12.6254)", new.saturating_sub(1))
    } else {
        String::new()
    };
    s.say(format!("{} ELR is {new}{night}.", side.name()));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_12_619_elr_stays_within_0_and_4() {
        assert_eq!(changed(3, 1), 4);
        assert_eq!(changed(4, 1), 4);
        assert_eq!(changed(0, -1), 0);
        assert_eq!(changed(2, -1), 1);
        assert_eq!(changed(2, 0), 2);
    }

    #[test]
    fn rule_12_619_c28_coy_classes() {
        assert_eq!(coy_class(Side::German, "I1"), Some("first-line"));
        assert_eq!(coy_class(Side::Russian, "I1"), Some("elite"));
        assert_eq!(coy_class(Side::Russian, "I4"), Some("first-line"));
        assert_eq!(coy_class(Side::Russian, "I5"), None);
    }
}
