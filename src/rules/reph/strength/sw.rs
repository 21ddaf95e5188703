//! 12.6222 Infantry SW: the SW of an Infantry Coy or Pltn by the SW chart,
//! a choice dr where the chart offers one, a Depleted RG's dr per SW, and
//! a Reinforced Coy's extra SW (@).

use super::received::Received;
use super::{COY_LEVELS, STEP};
use crate::error::Error;
use crate::model::drm::Drm;
use crate::model::force::UnitKind;
use crate::model::side::Side;
use crate::rules::dice::DiceKind;
use crate::rules::reph::session::Session;
use crate::rules::rg_chart::RgDef;

/// The SW kinds as the purchase record keys them, and their counter names.
const NAMES: [(&str, &str); 7] = [
    ("hmg", "HMG"),
    ("mmg", "MMG"),
    ("lmg", "LMG"),
    ("atr", "ATR"),
    ("lt_mtr", "Lt MTR"),
    ("ft", "FT"),
    ("dc", "DC"),
];

/// The counter name of a SW kind as the purchase record keys it
/// (`lt_mtr` → `Lt MTR`): what players read, never the key.
fn sw_name(kind: &str) -> String {
    NAMES
        .iter()
        .find(|(k, _)| *k == kind)
        .map_or_else(|| kind.to_uppercase(), |(_, n)| n.to_string())
}

/// 12.6222: the SW of an Infantry Coy (`coy_level` = its strength) or Pltn
/// (`None`: Depleted when its Str. is D).
pub(super) fn infantry_sw(
    s: &mut Session,
    side: Side,
    rg: &RgDef,
    coy_level: Option<usize>,
    got: &mut Received,
) -> Result<(), Error> {
    let chart = match side {
        Side::German => &s.tables.german_sw,
        Side::Russian => &s.tables.russian_sw,
    };
    let Some(row) = chart.row(&rg.id).cloned() else {
        return Ok(());
    };
    let depleted_drms = chart.depleted_drms.clone();
    let depleted = match coy_level {
        Some(l) => l >= 2,
        None => got.strength == "D",
    };
    let mut listed: Vec<String> = Vec::new();
    for (k, &n) in &row.sw {
        listed.extend(std::iter::repeat_n(k.clone(), n as usize));
    }
    if let Some(c) = &row.choice {
        listed.push(choose(s, side, rg, c)?);
    }
    let mut drm = Vec::new();
    if let Some(l) = coy_level {
        let code = COY_LEVELS[l];
        if let Some(d) = depleted_drms.iter().find(|d| d.strength == code) {
            drm.push(Drm::new(d.value, d.reason.clone(), d.rule.clone()));
        }
    }
    for kind in listed {
        let keep = if depleted {
            let r = s.roll(
                side,
                STEP,
                "depleted-sw",
                None,
                &drm,
                &format!("{} Depleted: {}", rg.id, sw_name(&kind)),
                true,
            )?;
            r.key() == "received"
        } else {
            true
        };
        if keep {
            *got.sw.entry(kind).or_default() += 1;
        }
    }
    if coy_level == Some(0) {
        for (k, &n) in &row.reinforced_extra {
            *got.sw.entry(k.clone()).or_default() += n;
            s.say(format!(
                "  @ Reinforced Strength: {n} extra {} (12.6222).",
                sw_name(k)
            ));
        }
    }
    for (k, name) in NAMES {
        if let Some(&n) = got.sw.get(k) {
            got.add(name, UnitKind::Sw, n, "");
        }
    }
    Ok(())
}

/// The chart's either/or SW (e.g. "LMG or ATR"): an Original dr picks it.
fn choose(
    s: &mut Session,
    side: Side,
    rg: &RgDef,
    c: &crate::rules::sw_chart::SwChoice,
) -> Result<String, Error> {
    let mark = c.mark.clone();
    let (low, high) = (c.low.clone(), c.high.clone());
    let (lr, hr) = (c.low_range, c.high_range);
    // The chart's mark, in words, before a dr thrown at the table and in
    // an unattended run's record (12.6222); rolled at a terminal, the
    // result line names the SW (a secret block fits one screen).
    if s.dice.thrown_by_hand() || s.out.odds() || !s.prompter.at_terminal() {
        s.say(format!(
        "{} SW choice ({mark}): the RG receives one SW, {} on a dr of {lr} or {} on {hr} ({} SW Chart note {mark}).",
        rg.id,
        sw_name(&low),
            sw_name(&high),
            side.name()
        ));
    }
    let roll = s.raw(
        side,
        STEP,
        DiceKind::OneDie,
        &format!("{} SW choice ({mark})", rg.id),
        true,
        |dr| {
            if lr.contains(dr) {
                format!("{} ({lr})", sw_name(&low))
            } else {
                format!("{} ({hr})", sw_name(&high))
            }
        },
        "12.6222",
    )?;
    Ok(c.pick(roll.original()).to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sw_kinds_are_shown_by_their_counter_names() {
        assert_eq!(sw_name("lt_mtr"), "Lt MTR");
        assert_eq!(sw_name("lmg"), "LMG");
    }
}
