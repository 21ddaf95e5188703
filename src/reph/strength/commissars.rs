//! Russian Commissars: the optional SSR DR on the NKVD Leader Table (SSR
//! II-4, C25) and the exchange of new leaders for Commissars (12.6226, C18).

use super::STEP;
use crate::drm::Drm;
use crate::error::Error;
use crate::force::{ForceBox, NewCounter, UnitKind};
use crate::fraction::frd;
use crate::journal::Entry;
use crate::reph::session::Session;
use crate::rg_chart::RgClass;
use crate::side::Side;

/// SSR II-4: the optional DR on the NKVD Leader Table (C25) for Commissars
/// of the 62nd Army HQ Security Company, once, in the Initial Scenario.
pub(super) fn nkvd_commissars(s: &mut Session, side: Side) -> Result<(), Error> {
    let Some(roll) = s.def.ob(side).commissars.clone() else {
        return Ok(());
    };
    if !s.state.campaign.is_initial()
        || s.state.campaign.cg_day() != s.state.campaign.days[0].cg_day()
        || s.state.line(side).ssr_commissar_dr
    {
        return Ok(());
    }
    s.state.line_mut(side).ssr_commissar_dr = true;
    let take = s.prompter.yes_no(
        side,
        "nkvd_commissars",
        &format!(
            "Make the {} DR on the NKVD Leader Table for the {} ({} DRM)?",
            roll.rule, roll.joins, roll.drm
        ),
        Some(true),
    )?;
    if !take {
        s.journal(Entry::decision(
            STEP,
            Some(side),
            true,
            "SSR II-4 Commissars",
            "declined",
            &roll.rule,
        ));
        return Ok(());
    }
    let drm = [Drm::new(
        roll.drm,
        format!("SSR {} NKVD Leader Table DR", roll.rule),
        format!("SSR {}", roll.rule),
    )];
    let r = s.roll(
        side,
        STEP,
        &roll.table,
        Some(&roll.column),
        &drm,
        "SSR II-4 Commissars",
        true,
    )?;
    for l in r.key().split(',').map(str::trim).filter(|l| !l.is_empty()) {
        let counter =
            NewCounter::new(l, UnitKind::Commissar, ForceBox::Entering).with_note(format!(
                "joins the {} (SSR {}, READINGS.md C25)",
                roll.joins, roll.rule
            ));
        s.state.side_mut(side).force.add(counter);
    }
    Ok(())
}

/// C18: the Commissar a new leader may become (12.6226, A25.22, VotG23).
pub fn commissar_for(leader: &str) -> Option<&'static str> {
    let morale: u32 = leader.split(['-', '+']).next()?.parse().ok()?;
    match morale {
        9 | 10 => Some("10-0"),
        8 => Some("9-0"),
        _ => None,
    }
}

/// 12.6226 Commissar exchange: up to one per Infantry Coy RG purchased this
/// RePh, never above one Commissar per twelve (FRD) squads in the OB; which
/// leader may become which Commissar is C18. `new_leaders` are the (purchase
/// row index, leader) of this RePh's Infantry Coys.
pub(super) fn exchange(
    s: &mut Session,
    side: Side,
    new_leaders: &[(usize, String)],
) -> Result<(), Error> {
    // "Infantry Coy RG purchased in the current CG Day's RePh": this RePh's
    // CG Roster line.
    let purchased_coys = s
        .state
        .line(side)
        .rgs
        .iter()
        .filter(|b| {
            s.tables
                .russian_rg
                .rg(&b.rg)
                .is_some_and(|d| d.class == RgClass::InfantryCoy)
        })
        .count();
    let candidates = new_leaders
        .iter()
        .filter(|(_, l)| commissar_for(l).is_some())
        .count();
    // An answers file is read even when nothing can be exchanged, so that an
    // impossible exchange is refused rather than silently ignored.
    if s.prompter.interactive() && (purchased_coys == 0 || candidates == 0) {
        return Ok(());
    }
    loop {
        let wanted = s.prompter.optional_list(
            side,
            "commissars",
            &format!(
                "Exchange new leaders for Commissars (12.6226, up to {purchased_coys}; 9/10 morale -> 10-0, 8 -> 9-0)? Leaders, comma-separated, or Enter for none"
            ),
        )?;
        let wanted: Vec<String> = wanted
            .iter()
            .flat_map(|w| w.split(','))
            .map(|w| w.trim().to_string())
            .filter(|w| !w.is_empty())
            .collect();
        match plan(s, side, new_leaders, purchased_coys, &wanted) {
            Ok(plan) => {
                apply(s, side, plan);
                return Ok(());
            }
            Err(e) if s.prompter.interactive() => s.say(e.to_string()),
            Err(e) => return Err(e),
        }
    }
}

/// Checks an exchange; returns the (purchase row, leader) pairs to exchange.
fn plan(
    s: &Session,
    side: Side,
    new_leaders: &[(usize, String)],
    purchased_coys: usize,
    wanted: &[String],
) -> Result<Vec<(usize, String)>, Error> {
    if wanted.is_empty() {
        return Ok(vec![]);
    }
    let restrictions = s.def.restrictions();
    if s.state.campaign.is_initial() && restrictions.no_commissar_exchange {
        let rule = restrictions
            .rules
            .iter()
            .find(|r| r.contains("II-4"))
            .cloned()
            .unwrap_or_else(|| "II-4".into());
        return Err(Error::Refused(format!(
            "no leaders may be exchanged for Commissars in this Initial Scenario (SSR {rule}). Remove `commissars` from the answers."
        )));
    }
    let mut pool: Vec<(usize, String)> = new_leaders
        .iter()
        .filter(|(_, l)| commissar_for(l).is_some())
        .cloned()
        .collect();
    if pool.is_empty() || purchased_coys == 0 {
        return Err(Error::Refused(format!(
            "no new Infantry Coy leader of this RePh may become a Commissar (12.6226, READINGS.md C18: morale 9/10 -> 10-0, 8 -> 9-0; none when no Infantry Coy RG was purchased): `{}` cannot be exchanged",
            wanted.join(", ")
        )));
    }
    if wanted.len() > purchased_coys {
        return Err(Error::Refused(format!(
            "at most {purchased_coys} new leader(s) may be exchanged for Commissars: one per Infantry Coy RG purchased this RePh (12.6226)"
        )));
    }
    within_cap(s, side, wanted.len())?;
    let mut plan = Vec::new();
    for w in wanted {
        let Some(at) = pool.iter().position(|(_, l)| l == w) else {
            let offered: Vec<&str> = pool.iter().map(|(_, l)| l.as_str()).collect();
            return Err(Error::Refused(format!(
                "`{w}` is not a new Infantry Coy leader that may become a Commissar (READINGS.md C18: morale 9/10 -> 10-0, 8 -> 9-0; a 7-0 or 6+1 cannot); the new leaders are: {}",
                if offered.is_empty() {
                    "none".to_string()
                } else {
                    offered.join(", ")
                }
            )));
        };
        plan.push(pool.remove(at));
    }
    Ok(plan)
}

/// 12.6226: no more than one Commissar per twelve (FRD) squads in the OB
/// (half-squads count half; Casualties do not count).
fn within_cap(s: &Session, side: Side, more: usize) -> Result<(), Error> {
    let force = &s.state.side(side).force;
    let half_squads: i64 = force
        .live()
        .map(|c| match c.kind {
            UnitKind::Squad => 2,
            UnitKind::Hs => 1,
            _ => 0,
        })
        .sum();
    let commissars = force
        .live()
        .filter(|c| c.kind == UnitKind::Commissar)
        .count() as i64;
    let cap = frd(half_squads, 24);
    if commissars + more as i64 > cap {
        return Err(Error::Refused(format!(
            "Commissar exchange is NA: {} Commissar(s) would exceed one per twelve (FRD) squads ({} squad-equivalents allow {cap}) (12.6226)",
            commissars + more as i64,
            half_squads as f64 / 2.0
        )));
    }
    Ok(())
}

/// The leader's counter becomes the Commissar (it keeps its id).
fn apply(s: &mut Session, side: Side, plan: Vec<(usize, String)>) {
    for (row_index, leader) in plan {
        let Some(commissar) = commissar_for(&leader) else {
            continue;
        };
        s.concerning([format!("row:{}", row_index + 1)]);
        let files = s.state.side_mut(side);
        let counter = files.force.counters.iter_mut().find(|c| {
            c.rg_row == Some(row_index + 1) && c.kind == UnitKind::Leader && c.unit == leader
        });
        if let Some(c) = counter {
            c.unit = commissar.to_string();
            c.kind = UnitKind::Commissar;
            c.note = format!("exchanged for the {leader} (12.6226, READINGS.md C18)");
        }
        let row = &mut files.purchases[row_index];
        row.leaders =
            row.leaders
                .replacen(&leader, &format!("{commissar} Commissar (for {leader})"), 1);
        s.say(format!(
            "  {leader} exchanged for a {commissar} Commissar (12.6226, READINGS.md C18)."
        ));
        s.journal(Entry::decision(
            STEP,
            Some(side),
            true,
            "Commissar exchange",
            format!("{leader} -> {commissar} Commissar"),
            "12.6226",
        ));
    }
    s.concerning([]);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn c18_commissar_exchange_by_morale() {
        assert_eq!(commissar_for("10-2"), Some("10-0"));
        assert_eq!(commissar_for("9-1"), Some("10-0"));
        assert_eq!(commissar_for("8-1"), Some("9-0"));
        assert_eq!(commissar_for("8-0"), Some("9-0"));
        assert_eq!(commissar_for("7-0"), None);
        assert_eq!(commissar_for("6+1"), None);
    }
}
