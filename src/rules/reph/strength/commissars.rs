//! Russian Commissars: the optional SSR DR on the NKVD Leader Table (SSR
//! II-4, C25) and the exchange of new leaders for Commissars (12.6226, C18).

use super::STEP;
use crate::error::Error;
use crate::model::drm::Drm;
use crate::model::force::{ForceBox, NewCounter, UnitKind};
use crate::model::journal::Entry;
use crate::model::side::Side;
use crate::rules::fraction::frd;
use crate::rules::reph::session::Session;
use crate::rules::rg_chart::RgClass;

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
    // C30: the DRM is optional ("may apply"), and not always better (on the
    // NKVD Leader Table a 7 gives a 10-0, a 6 a 9-0 and an 8+1); asked before
    // the DR, applied unless declined.
    let apply = s.prompter.yes_no(
        side,
        "nkvd_minus_one",
        &format!(
            "Apply the optional {} DRM (SSR {}, READINGS.md C30)? It is not always better: `votg table show {}` shows the results",
            roll.drm, roll.rule, roll.table
        ),
        Some(true),
    )?;
    let drm = if apply {
        vec![Drm::new(
            roll.drm,
            format!("SSR {} NKVD Leader Table DR", roll.rule),
            format!("SSR {}", roll.rule),
        )]
    } else {
        s.journal(Entry::decision(
            STEP,
            Some(side),
            true,
            format!("SSR {} optional {} DRM", roll.rule, roll.drm),
            "declined (READINGS.md C30)",
            &roll.rule,
        ));
        vec![]
    };
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
/// row index, leader) of this RePh's Infantry Coys. At the terminal the
/// question is asked only when an exchange is possible, and lists the
/// leaders that qualify.
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
    let offer = qualifying(s, side, new_leaders, purchased_coys);
    // Asked only when an exchange is possible; but an answers file that
    // answers it anyway is read, so that an impossible exchange is refused
    // rather than silently ignored.
    if offer.is_err() && !s.prompter.has_answer(side, "commissars") {
        return Ok(());
    }
    let question = match &offer {
        Ok((pool, up_to)) => format!(
            "Exchange new leaders for Commissars (12.6226, up to {up_to}; READINGS.md C18)? These qualify: {}. Leaders, comma-separated, or Enter for none",
            offered(pool)
        ),
        Err(_) => String::new(),
    };
    loop {
        let wanted = s.prompter.optional_list(side, "commissars", &question)?;
        let wanted: Vec<String> = wanted
            .iter()
            .flat_map(|w| w.split(','))
            .map(|w| w.trim().to_string())
            .filter(|w| !w.is_empty())
            .collect();
        if wanted.is_empty() {
            return Ok(());
        }
        let checked = match &offer {
            Ok((pool, up_to)) => plan(pool, *up_to, &wanted),
            Err(e) => Err(Error::Refused(format!(
                "`commissars = [{}]`: {e}",
                wanted
                    .iter()
                    .map(|w| format!("\"{w}\""))
                    .collect::<Vec<_>>()
                    .join(", ")
            ))),
        };
        match checked {
            Ok(plan) => {
                apply(s, side, plan);
                return Ok(());
            }
            Err(e) if s.prompter.interactive() => s.say(e.to_string()),
            Err(e) => return Err(e),
        }
    }
}

/// "8-1 (-> 9-0), 9-1 (-> 10-0)": the leaders that qualify, each with the
/// Commissar it would become (C18).
fn offered(pool: &[(usize, String)]) -> String {
    pool.iter()
        .map(|(_, l)| format!("{l} (-> {})", commissar_for(l).unwrap_or("?")))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Whether an exchange is possible now (12.6226, SSR II-4, C18): the new
/// leaders that qualify and how many may be exchanged, or why none may.
fn qualifying(
    s: &Session,
    side: Side,
    new_leaders: &[(usize, String)],
    purchased_coys: usize,
) -> Result<(Vec<(usize, String)>, usize), String> {
    let restrictions = s.def.restrictions();
    if s.state.campaign.is_initial() && restrictions.no_commissar_exchange {
        let rule = restrictions
            .rules
            .iter()
            .find(|r| r.contains("II-4"))
            .cloned()
            .unwrap_or_else(|| "II-4".into());
        return Err(format!(
            "no leaders may be exchanged for Commissars in this Initial Scenario (SSR {rule}). Remove `commissars` from the answers"
        ));
    }
    let pool: Vec<(usize, String)> = new_leaders
        .iter()
        .filter(|(_, l)| commissar_for(l).is_some())
        .cloned()
        .collect();
    if pool.is_empty() || purchased_coys == 0 {
        return Err("no new Infantry Coy leader of this RePh may become a Commissar (12.6226, READINGS.md C18: morale 9/10 -> 10-0, 8 -> 9-0; none when no Infantry Coy RG was purchased, and a NKVD Militia Coy's leaders are Commissars already). Remove `commissars` from the answers".into());
    }
    let room = room_under_cap(s, side);
    if room.left == 0 {
        return Err(format!(
            "Commissar exchange is NA: the OB has {} Commissar(s), and {} squad-equivalents allow at most {} (one per twelve (FRD) squads, 12.6226). Remove `commissars` from the answers",
            room.commissars, room.squads, room.cap
        ));
    }
    Ok((pool, purchased_coys.min(room.left)))
}

/// Checks an exchange against the leaders that qualify; returns the
/// (purchase row, leader) pairs to exchange.
fn plan(
    pool: &[(usize, String)],
    up_to: usize,
    wanted: &[String],
) -> Result<Vec<(usize, String)>, Error> {
    if wanted.len() > up_to {
        return Err(Error::Refused(format!(
            "at most {up_to} new leader(s) may be exchanged for Commissars: one per Infantry Coy RG purchased this RePh, and one Commissar per twelve (FRD) squads in the OB (12.6226); these qualify: {}",
            offered(pool)
        )));
    }
    let mut pool = pool.to_vec();
    let mut plan = Vec::new();
    for w in wanted {
        let Some(at) = pool.iter().position(|(_, l)| l == w) else {
            return Err(Error::Refused(format!(
                "`{w}` is not a new Infantry Coy leader that may become a Commissar (READINGS.md C18: morale 9/10 -> 10-0, 8 -> 9-0; a 7-0 or 6+1 cannot); these qualify: {}",
                if pool.is_empty() {
                    "none left".to_string()
                } else {
                    offered(&pool)
                }
            )));
        };
        plan.push(pool.remove(at));
    }
    Ok(plan)
}

/// The Commissars the OB has, how many its squads allow, and how many more
/// may come.
struct Room {
    commissars: i64,
    squads: f64,
    cap: i64,
    left: usize,
}

/// 12.6226: no more than one Commissar per twelve (FRD) squads "(including
/// HS equivalents)" in the total Russian OB: the Retained units and those
/// just purchased, before the exchange; a squad counts 1, a half-squad or a
/// crew 1/2 (a crew is a HS equivalent, READINGS.md C50). Casualties do not
/// count, nor units the enemy holds as prisoners (READINGS.md C48).
fn room_under_cap(s: &Session, side: Side) -> Room {
    let force = &s.state.side(side).force;
    let half_squads: i64 = force
        .live()
        .filter(|c| c.prisoner_of().is_none())
        .map(|c| match c.kind {
            UnitKind::Squad => 2,
            UnitKind::Hs | UnitKind::Crew => 1,
            _ => 0,
        })
        .sum();
    let commissars = force
        .live()
        .filter(|c| c.kind == UnitKind::Commissar && c.prisoner_of().is_none())
        .count() as i64;
    let cap = frd(half_squads, 24);
    Room {
        commissars,
        squads: half_squads as f64 / 2.0,
        cap,
        left: (cap - commissars).max(0) as usize,
    }
}

/// The leader's counter becomes the Commissar (it keeps its id).
fn apply(s: &mut Session, side: Side, plan: Vec<(usize, String)>) {
    for (row_index, leader) in plan {
        let Some(commissar) = commissar_for(&leader) else {
            continue;
        };
        s.concerning([format!("row:{}", row_index + 1)]);
        let files = s.state.side_mut(side);
        let counter = files.force.counters_mut().iter_mut().find(|c| {
            c.rg_row == Some(row_index + 1) && c.kind == UnitKind::Leader && c.unit == leader
        });
        if let Some(c) = counter {
            c.unit = commissar.into();
            c.kind = UnitKind::Commissar;
            c.note = format!("exchanged for the {leader} (12.6226, READINGS.md C18)");
        }
        let row = &mut std::sync::Arc::make_mut(&mut files.purchases)[row_index];
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

    #[test]
    fn the_exchange_lists_the_leaders_that_qualify() {
        let pool = vec![(3, "8-1".to_string()), (3, "9-1".to_string())];
        assert_eq!(offered(&pool), "8-1 (-> 9-0), 9-1 (-> 10-0)");
        let e = plan(&pool, 1, &["8-1".into(), "9-1".into()]).unwrap_err();
        assert!(e.to_string().contains("at most 1"), "{e}");
        let e = plan(&pool, 2, &["7-0".into()]).unwrap_err();
        assert!(e.to_string().contains("these qualify: 8-1 (-> 9-0)"), "{e}");
        assert_eq!(
            plan(&pool, 1, &["9-1".into()]).unwrap(),
            [(3, "9-1".into())]
        );
    }
}
