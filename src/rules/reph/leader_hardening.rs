//! 12.6124–12.6125: heroic leaders, the Leader Battle Hardening secret DR
//! (with C30's optional DRM) or Promotion out of the Ranks (`promotion`).

use crate::error::Error;
use crate::model::drm::Drm;
use crate::model::force::{Condition, Counter, CounterId, UnitKind};
use crate::model::journal::Entry;
use crate::model::side::Side;
use crate::rules::dice::{DiceKind, Stream};
use crate::rules::reph::hardening::{STEP, won_today};
use crate::rules::reph::promotion;
use crate::rules::reph::recombining::{refused, retained};
use crate::rules::reph::session::Session;
use crate::rules::roll_text;

/// What a leader Battle Hardens to (12.6124's footnotes and C17); a 10-3
/// stays a 10-3 (C32); a type the rules give no result for, none.
pub fn hardened(unit: &str) -> Option<&'static str> {
    Some(match unit {
        "6+1" => "7-0",
        "7-0" => "8-0",
        "8+1" => "9-0",
        "8-0" => "8-1",
        "8-1" => "9-1",
        "9-0" => "10-0",
        "9-1" => "9-2",
        "9-2" => "10-2",
        "10-2" | "10-3" => "10-3",
        _ => return None,
    })
}

/// A Retained Infantry leader for 12.6124: a leader or a Commissar
/// (READINGS.md C41), not an armor leader nor a hero.
pub(super) fn infantry_leader(c: &Counter) -> bool {
    retained(c)
        && matches!(c.kind, UnitKind::Leader | UnitKind::Commissar)
        && !crate::rules::reph::hardening::is_hero(c)
}

/// The whole of 12.6124–12.6125 for one side.
pub fn run(s: &mut Session, side: Side) -> Result<(), Error> {
    heroic_leaders(s, side)?;
    // A Promotion the side cannot make (no such leader, or more leaders
    // than 12.6125 allows) is not offered; with none, there is no choice.
    let mut options = vec!["roll"];
    for (from, option) in [("8-0", "promote-8-0"), ("8-1", "promote-8-1")] {
        if promotion::allowed(s, side, from) {
            options.push(option);
        }
    }
    if s.prompter.has_answer(side, "leader") {
        options = vec!["roll", "promote-8-0", "promote-8-1"];
    }
    let choice = if options.len() == 1 {
        "roll".to_string()
    } else {
        s.prompter.choice(
            side,
            "leader",
            "Leader Battle Hardening DR, or Promotion out of the Ranks (12.6125): an 8-0 for two 7-0 (promote-8-0), an 8-1 for an 8-0 and a 7-0 (promote-8-1)?",
            &options,
            Some("roll"),
        )?
    };
    match choice.as_str() {
        "promote-8-0" => promotion::promote(s, side, "8-0", &["7-0", "7-0"]),
        "promote-8-1" => promotion::promote(s, side, "8-1", &["8-0", "7-0"]),
        _ => leader_dr(s, side),
    }
}

/// 12.6124: each Retained heroic leader Battle Hardens and loses his
/// heroic status (a heroic 10-3 or 10-0 only loses it); a heroic Commissar
/// too, by the same footnotes (READINGS.md C41).
fn heroic_leaders(s: &mut Session, side: Side) -> Result<(), Error> {
    let heroic: Vec<(CounterId, String)> = s
        .state
        .side(side)
        .force
        .counters
        .iter()
        .filter(|c| infantry_leader(c) && c.has(&Condition::Heroic))
        .map(|c| (c.id, c.unit.to_string()))
        .collect();
    for (id, unit) in heroic {
        s.state
            .side_mut(side)
            .force
            .clear_condition(id, &Condition::Heroic)
            .map_err(refused)?;
        if unit == "10-3" || unit == "10-0" {
            say_done(
                s,
                side,
                id,
                format!("heroic {unit} loses his heroic status, with no other effect"),
            );
        } else {
            battle_harden(s, side, id, &unit, "heroic leader")?;
        }
    }
    Ok(())
}

fn say_done(s: &mut Session, side: Side, id: CounterId, result: String) {
    s.concerning([id.to_string()]);
    s.journal(Entry::decision(
        STEP,
        Some(side),
        true,
        format!("Leader {id}"),
        result.clone(),
        "12.6124",
    ));
    s.concerning([]);
    s.say(format!("12.6124: {id} {result}"));
}

/// One leader Battle Hardens (C17); a Commissar stays a Commissar (C41).
fn battle_harden(
    s: &mut Session,
    side: Side,
    id: CounterId,
    unit: &str,
    why: &str,
) -> Result<(), Error> {
    let Some(to) = hardened(unit) else {
        say_done(
            s,
            side,
            id,
            format!(
                "{unit} ({why}): the rules give no Battle Hardening result for this type (READINGS.md C17); unchanged"
            ),
        );
        return Ok(());
    };
    let force = &mut s.state.side_mut(side).force;
    let kind = force.get(id).map_or(UnitKind::Leader, |c| c.kind);
    force.replace_unit(id, to, kind).map_err(refused)?;
    say_done(
        s,
        side,
        id,
        if kind == UnitKind::Commissar {
            format!(
                "{unit} Commissar ({why}) Battle Hardens to a {to} Commissar (READINGS.md C17, READINGS.md C41)"
            )
        } else {
            format!("{unit} ({why}) Battle Hardens to {to} (READINGS.md C17)")
        },
    );
    Ok(())
}

/// The leader types of the side's column of the Leader Battle Hardening
/// table, best first (the Russian's 9-0 and 8+1 rows are Commissars, C41).
fn rows(s: &Session, side: Side) -> Result<Vec<String>, Error> {
    let table = s.tables.dice_table("leader-battle-hardening")?;
    let column = table.column(side.id()).expect("a column per side");
    Ok(column
        .rows
        .iter()
        .map(|r| r.key.clone().unwrap_or_else(|| r.result.clone()))
        .collect())
}

/// The leaders that may Battle Harden for a rolled type (12.6124, C32,
/// C41): the Retained non-wounded leaders and Commissars of that type, else
/// of the next row down the side's column that has any; a type the column
/// has no row for (a 10-0, a 10-3) is never selected.
fn leaders_for(s: &Session, side: Side, rolled: &str) -> Result<Vec<(CounterId, String)>, Error> {
    let rows = rows(s, side)?;
    let Some(at) = rows.iter().position(|g| g == rolled) else {
        return Ok(vec![]);
    };
    let force = &s.state.side(side).force;
    for g in &rows[at..] {
        let of_type: Vec<(CounterId, String)> = force
            .counters
            .iter()
            .filter(|c| infantry_leader(c) && !c.has(&Condition::Wounded) && c.unit == *g)
            .map(|c| (c.id, c.unit.to_string()))
            .collect();
        if !of_type.is_empty() {
            return Ok(of_type);
        }
    }
    Ok(vec![])
}

/// The owner's pick among `candidates` (answer `<side>.<name>`, default the
/// first in Force order); asked only when there is more than one and they
/// differ in more than their ids (the same type, box, Isolated Area and
/// statuses: which one is taken changes nothing).
pub(super) fn pick(
    s: &mut Session,
    side: Side,
    name: &str,
    question: &str,
    candidates: &[CounterId],
) -> Result<CounterId, Error> {
    let force = &s.state.side(side).force;
    let looks = |id: &CounterId| {
        force
            .get(*id)
            .map(|c| (c.unit.clone(), c.place, c.condition.clone()))
    };
    let alike = candidates
        .iter()
        .all(|id| looks(id) == looks(&candidates[0]));
    if candidates.len() < 2 || (alike && !s.prompter.has_answer(side, name)) {
        return Ok(candidates[0]);
    }
    let options: Vec<String> = candidates
        .iter()
        .map(|id| id.to_string().to_ascii_lowercase())
        .collect();
    let options: Vec<&str> = options.iter().map(String::as_str).collect();
    let answer = s
        .prompter
        .choice(side, name, question, &options, Some(options[0]))?;
    answer.parse().map_err(Error::Refused)
}

/// 12.6124: the secret DR on the side's column. The −2 for a won scenario
/// is optional after the DR (C30): applied unless declined (answer
/// `<side>.leader_drm`: full, half (−1) or none), the choice journalled.
fn leader_dr(s: &mut Session, side: Side) -> Result<(), Error> {
    let what = "Leader Battle Hardening";
    let roll = s.dice.roll(Stream::Side(side), DiceKind::TwoDice, what)?;
    s.say(format!(
        "{what}: Original DR {} = {}",
        roll.faces(),
        roll.original()
    ));
    let mut drms = Vec::new();
    if won_today(s, side) > 0 {
        // Asked only where the three choices select different leaders.
        let choice = if same_leader_whatever_the_drm(s, side, &roll)?
            && !s.prompter.has_answer(side, "leader_drm")
        {
            "full".to_string()
        } else {
            s.prompter.choice(
                side,
                "leader_drm",
                "Your side won this CG Day's scenario: apply the -2 DRM (full), only -1 (half), or none?",
                &["full", "half", "none"],
                Some("full"),
            )?
        };
        let value = match choice.as_str() {
            "full" => -2,
            "half" => -1,
            _ => 0,
        };
        s.journal(Entry::decision(
            STEP,
            Some(side),
            true,
            "Optional DRM for a won scenario (READINGS.md C30)",
            format!("{choice}: {}", crate::model::drm::signed(value)),
            "12.6124",
        ));
        if value != 0 {
            drms.push(Drm::new(
                value,
                "Friendly side won this CG Day's scenario (READINGS.md C27, READINGS.md C30)",
                "12.6124",
            ));
        }
    }
    let table = s.tables.dice_table("leader-battle-hardening")?;
    let column = table.column(side.id()).expect("a column per side");
    let r = table.resolve(column, &roll, &drms);
    let rolled = r.row.key.clone().unwrap_or_else(|| r.row.result.clone());
    let text = roll_text::one_line(what, &r);
    let entry = Entry::roll(
        STEP,
        Some(side),
        true,
        what,
        &roll,
        &drms,
        r.row.result.clone(),
        &table.rule,
    )
    .on_table(&table.id, &column.id, r.row.key.as_deref());
    s.say(text);
    s.journal(entry);
    let candidates = leaders_for(s, side, &rolled)?;
    match candidates.first() {
        Some((_, unit)) => {
            let unit = unit.clone();
            let ids: Vec<CounterId> = candidates.iter().map(|(id, _)| *id).collect();
            let question = format!(
                "12.6124: the Leader DR selects {unit}: which {unit} Battle Hardens (Enter: the first)?"
            );
            let id = pick(s, side, "hardened_leader", &question, &ids)?;
            battle_harden(s, side, id, &unit, &format!("rolled {rolled}"))
        }
        None => {
            s.say(format!("12.6124: no Retained non-wounded leader of type {rolled} or lower: no leader Battle Hardens."));
            Ok(())
        }
    }
}

/// Whether the -2, -1 and no DRM of C30 select the same leaders for the
/// Original DR `roll` (after the fallback to a lower grade, C32).
fn same_leader_whatever_the_drm(
    s: &Session,
    side: Side,
    roll: &crate::rules::dice::Roll,
) -> Result<bool, Error> {
    let table = s.tables.dice_table("leader-battle-hardening")?;
    let column = table.column(side.id()).expect("a column per side");
    let mut selected = Vec::new();
    for value in [-2, -1, 0] {
        let drms = [Drm::new(value, "READINGS.md C30", "12.6124")];
        let r = table.resolve(column, roll, if value == 0 { &[] } else { &drms });
        let rolled = r.row.key.clone().unwrap_or_else(|| r.row.result.clone());
        selected.push(leaders_for(s, side, &rolled)?);
    }
    Ok(selected.windows(2).all(|w| w[0] == w[1]))
}
