//! 12.607 at the terminal: the players report each Isolated Area, its
//! units and the Escape stacks, one question at a time (the same facts as
//! the answers file's `[isolation]` table).

use crate::error::Error;
use crate::model::force::{ForceBox, UnitKind};
use crate::model::side::Side;
use crate::rules::reph::isolation_record::{AreaAnswer, IsolationAnswers, StackAnswer};
use crate::rules::reph::session::Session;

fn line(s: &mut Session, side: Side, name: &str, question: &str) -> Result<String, Error> {
    Ok(s.prompter
        .optional_list(side, name, question)?
        .join(" ")
        .trim()
        .to_string())
}

/// Asks for every Isolated Area, then every Escape stack.
pub fn ask(s: &mut Session) -> Result<IsolationAnswers, Error> {
    let mut a = IsolationAnswers::default();
    s.say("12.607: name each Isolated Area (overlapping Perimeter Areas with units, and Pockets) and list the counters of both sides in it.");
    for side in Side::BOTH {
        let listed: Vec<String> = s
            .state
            .side(side)
            .force
            .live()
            .filter(|c| c.place != ForceBox::Fortifications && c.kind != UnitKind::Capability)
            .map(|c| format!("{} {}", c.id, c.unit))
            .collect();
        s.say(format!("  {}: {}", side.name(), listed.join(", ")));
    }
    while let Some(area) = ask_area(s)? {
        a.area.push(area);
    }
    for side in Side::BOTH {
        while let Some(stack) = ask_stack(s, side)? {
            a.escape.push(stack);
        }
    }
    Ok(a)
}

/// One Isolated Area, its counters and whether it is a Pocket; `None` when
/// the players have no more.
fn ask_area(s: &mut Session) -> Result<Option<AreaAnswer>, Error> {
    let name = line(
        s,
        Side::German,
        "area",
        "Isolated Area name (Enter: no more)",
    )?;
    if name.is_empty() {
        return Ok(None);
    }
    let mut area = AreaAnswer {
        name: name.clone(),
        ..Default::default()
    };
    area.german = vec![line(
        s,
        Side::German,
        "area_german",
        &format!("German counter ids in {name}"),
    )?];
    area.russian = vec![line(
        s,
        Side::Russian,
        "area_russian",
        &format!("Russian counter ids in {name}"),
    )?];
    area.pocket = s.prompter.yes_no(
        Side::German,
        "pocket",
        &format!("Is {name} a Pocket (12.6066)?"),
        Some(false),
    )?;
    if area.pocket {
        let c = s.prompter.choice(
            Side::German,
            "adjacent_control",
            "Are all Controlled Locations ADJACENT to it Controlled by one side (12.6072)?",
            &["german", "russian", "no"],
            Some("no"),
        )?;
        area.adjacent_control = c.parse().ok();
    }
    Ok(Some(area))
}

/// One of the side's Escape stacks (12.6073); `None` when it has no more.
fn ask_stack(s: &mut Session, side: Side) -> Result<Option<StackAnswer>, Error> {
    let ids = line(
        s,
        side,
        "escape",
        &format!(
            "{} Escape stack: counter ids, with the SW they portage (Enter: no more)",
            side.name()
        ),
    )?;
    if ids.is_empty() {
        return Ok(None);
    }
    let area = line(s, side, "escape_area", "In which Isolated Area?")?;
    let yes = |s: &mut Session, n: &str, q: &str| s.prompter.yes_no(side, n, q, Some(false));
    // Not asked: the Encircled +2 follows the units the scenario's outcome
    // recorded Encircled (12.6073, READINGS.md C48).
    let adjacent = yes(
        s,
        "adjacent",
        "ADJACENT to a friendly-Controlled, non-Isolated hex?",
    )?;
    let within_2 = adjacent
        || yes(
            s,
            "within_2",
            "Within 2 hexes of a friendly-Controlled, non-Isolated hex?",
        )?;
    let excess_pp = s.prompter.number(
        side,
        "excess_pp",
        "PP carried beyond IPC (the unit with most)",
        0,
        20,
        Some(0),
    )? as u32;
    Ok(Some(StackAnswer {
        area,
        counters: vec![ids],
        encircled: None,
        within_2,
        adjacent,
        excess_pp,
        heat_of_battle: None,
    }))
}
