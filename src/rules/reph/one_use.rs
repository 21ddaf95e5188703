//! RGs used once, settled by each side at the first step of its own after
//! a scenario or an Idle Day (12.615a): a Stuka RG is used on its CG Day of
//! purchase or forfeit (German RG Chart note t; CG10 EXC); an Aerial
//! Bombardment is Eliminated once resolved, and stays Retained while it
//! cannot be (note b: Overcast, a Night scenario, an Idle Date); a MOL
//! Capability is for the next CG scenario only (Russian RG Chart note m).
//! Each says, on screen and in the side's journal, where it went.

use crate::error::Error;
use crate::model::campaign::{Campaign, DayFacts};
use crate::model::force::{Counter, CounterId, ForceBox, UnitKind};
use crate::model::journal::Entry;
use crate::model::side::Side;
use crate::model::weather::Weather;
use crate::rules::reph::cg_days;
use crate::rules::reph::counters::{describe, force_op};
use crate::rules::reph::session::Session;
use crate::rules::rg_chart::RgClass;

const STEP: &str = "12.615a";

/// What became of one such RG: Eliminated or kept, and why.
struct Settled {
    id: CounterId,
    gone: bool,
    why: String,
    rule: &'static str,
}

/// Notes t, b and m for each of the side's live Stuka, Bombardment and MOL
/// Capability counters, after `last`, the CG Day (or scenario) that ended.
pub fn settle(s: &mut Session, side: Side) -> Result<(), Error> {
    let c = &s.state.campaign;
    let Some(last) = cg_days::before_today(c).last() else {
        return Ok(());
    };
    let mut settled = Vec::new();
    for counter in s.state.side(side).force.live() {
        let Some(class) = class_of(s, side, counter) else {
            continue;
        };
        let one = match class {
            RgClass::Stuka => stuka(s, side, counter, last),
            RgClass::Bombardment => Some(bombardment(c, counter.id, last)),
            RgClass::MolCapability => Some(mol(counter.id, last)),
            _ => None,
        };
        settled.extend(one);
    }
    for one in settled {
        let d = describe(s, one.id);
        let result = if one.gone {
            "Eliminated"
        } else {
            "stays Retained"
        };
        s.say(format!("  {d}: {}: {result} ({}).", one.why, one.rule));
        s.journal(
            Entry::decision(
                STEP,
                Some(side),
                true,
                "RG used once",
                format!("{d}: {}: {result}", one.why),
                one.rule,
            )
            .concerning([one.id.to_string()]),
        );
        if one.gone {
            force_op(s.state.side_mut(side).force.eliminate(one.id))?;
        }
    }
    Ok(())
}

/// The RG class of a capability counter (a Stuka, a Bombardment …).
fn class_of(s: &Session, side: Side, c: &Counter) -> Option<RgClass> {
    if c.kind != UnitKind::Capability || c.place == ForceBox::Casualties {
        return None;
    }
    let chart = match side {
        Side::German => &s.tables.german_rg,
        Side::Russian => &s.tables.russian_rg,
    };
    Some(chart.rg(c.rg.as_deref()?)?.class)
}

/// Note t: a Stuka RG must be used on its CG Day of purchase or is forfeit;
/// so once that date is over it is gone (used, or forfeit). A Stuka whose
/// date of purchase is not recorded (given in an OB) is gone after any
/// scenario or Idle Day.
fn stuka(s: &Session, side: Side, c: &Counter, last: &DayFacts) -> Option<Settled> {
    let bought = c
        .rg_row
        .and_then(|r| s.state.side(side).purchases.get(r - 1))
        .map(|row| row.cg_day.date);
    let campaign = &s.state.campaign;
    if bought == Some(campaign.date) {
        return None;
    }
    let date = bought.unwrap_or(last.date);
    let played = campaign
        .days
        .iter()
        .any(|d| d.date == date && cg_days::played(d));
    let why = if played {
        format!("used on its CG Day of purchase ({date} Sep), or forfeit if it did not come")
    } else {
        format!(
            "forfeit: no scenario was played on its CG Day of purchase ({date} Sep, an Idle Day)"
        )
    };
    Some(Settled {
        id: c.id,
        gone: true,
        why,
        rule: "German RG Chart note t; CG10",
    })
}

/// Note b: after a scenario played by day in weather other than Overcast
/// the Bombardment was resolved (after all set-up) and is Eliminated; after
/// a Night or Overcast scenario, or an Idle Date, it stays Retained (CG10).
fn bombardment(c: &Campaign, id: CounterId, last: &DayFacts) -> Settled {
    let day = last.cg_day().long();
    let weather = weather_of(c, last);
    let (gone, why) = if !cg_days::played(last) {
        (false, format!("not resolved on the Idle Date {day}"))
    } else if last.night {
        (false, format!("never resolved in a Night scenario ({day})"))
    } else if weather == Some(Weather::Overcast) {
        (false, format!("NA in Overcast weather ({day})"))
    } else {
        (true, format!("resolved in the {day} scenario"))
    };
    Settled {
        id,
        gone,
        why,
        rule: "German RG Chart note b; CG10",
    }
}

/// Note m: a MOL Capability is for the next CG scenario only: used in the
/// scenario just played, kept over an Idle Day.
fn mol(id: CounterId, last: &DayFacts) -> Settled {
    let day = last.cg_day().long();
    let (gone, why) = if cg_days::played(last) {
        (
            true,
            format!("for the next CG scenario only, the {day} scenario"),
        )
    } else {
        (
            false,
            format!("for the next CG scenario, none played on the Idle Day {day}"),
        )
    };
    Settled {
        id,
        gone,
        why,
        rule: "Russian RG Chart note m",
    }
}

/// The weather of the CG Day of `day` (a Counterattack scenario's facts
/// carry none of their own: its date's first facts do).
fn weather_of(c: &Campaign, day: &DayFacts) -> Option<Weather> {
    day.weather.or_else(|| {
        c.days
            .iter()
            .rev()
            .find(|d| d.date == day.date && d.weather.is_some())
            .and_then(|d| d.weather)
    })
}
