//! 12.609 Prisoners: a prisoner Guarded by a non-Isolated unit is
//! Eliminated; an Isolated guard keeps, executes (Massacre, A20.4, in the
//! next CG scenario) or frees each (`<side>.prisoners`, default keep).

use crate::error::Error;
use crate::model::force::{Condition, CounterId, UnitKind};
use crate::model::journal::Entry;
use crate::model::side::Side;
use crate::rules::reph::casualty_vp;
use crate::rules::reph::sequence::Flow;
use crate::rules::reph::session::Session;

pub const STEP: &str = "12.609";

pub fn run(s: &mut Session) -> Result<Flow, Error> {
    s.say("== 12.609 Prisoners (public) ==");
    let mut any = false;
    for guard_side in Side::BOTH {
        let side = guard_side.other();
        let held: Vec<(CounterId, CounterId)> = s
            .state
            .side(side)
            .force
            .live()
            .filter_map(|c| c.prisoner_of().map(|g| (c.id, g)))
            .collect();
        let mut isolated = Vec::new();
        for (p, g) in held {
            any = true;
            s.concerning([p.to_string(), g.to_string()]);
            let guard_isolated = s
                .state
                .side(guard_side)
                .force
                .get(g)
                .and_then(|c| c.isolated_area().map(str::to_string));
            match guard_isolated {
                None => casualty_vp::eliminate(
                    s,
                    side,
                    p,
                    &format!("prisoner of non-Isolated {g}, 12.609"),
                )?,
                Some(_) => isolated.push((p, g)),
            }
        }
        if !isolated.is_empty() {
            isolated_guards(s, guard_side, &isolated)?;
        }
    }
    s.concerning([]);
    if !any {
        s.say("No prisoner was recorded.");
    }
    Ok(Flow::Next)
}

/// The choices of an Isolated guard's side: `"R-12 keep|execute|free"`.
fn isolated_guards(
    s: &mut Session,
    guard_side: Side,
    held: &[(CounterId, CounterId)],
) -> Result<(), Error> {
    let side = guard_side.other();
    let listed: Vec<String> = held
        .iter()
        .map(|(p, g)| format!("{p} (guarded by {g})"))
        .collect();
    let answers = s.prompter.optional_list(
        guard_side,
        "prisoners",
        &format!(
            "Isolated guards hold {}: `<prisoner> keep|execute|free`, comma-separated (Enter: keep all)",
            listed.join(", ")
        ),
    )?;
    let choice = |p: CounterId| -> Result<&str, Error> {
        for t in answers.iter().flat_map(|t| t.split(',')) {
            let mut w = t.split_whitespace();
            if w.next().and_then(|id| id.parse::<CounterId>().ok()) == Some(p) {
                return match w.next() {
                    Some(c @ ("keep" | "execute" | "free")) => Ok(c),
                    _ => Err(Error::Refused(format!(
                        "{}.prisoners: `{}`: write `{p} keep`, `{p} execute` or `{p} free` (12.609). Nothing was changed.",
                        guard_side.id(),
                        t.trim()
                    ))),
                };
            }
        }
        Ok("keep")
    };
    for &(p, g) in held {
        match choice(p)? {
            "keep" => s.say(format!(
                "  {g} keeps prisoner {p} (Isolated guard, 12.609)."
            )),
            "execute" => {
                casualty_vp::eliminate(s, side, p, &format!("executed by {g}, 12.609"))?;
                s.journal(Entry::decision(
                    STEP,
                    Some(guard_side),
                    false,
                    "Massacre (A20.4)",
                    format!("in effect during the next CG scenario: {g} executed {p}"),
                    "12.609, CG14",
                ));
                s.say("  Massacre (A20.4) will be in effect during the next CG scenario (12.609, CG14).");
            }
            _ => free(s, side, p)?,
        }
    }
    Ok(())
}

/// A freed prisoner is Retained by its own side; an unarmed MMC is Replaced
/// by a Conscript MMC of the same size (the lowest class of its side's
/// ladder when it has no Conscript, C16); an SMC by its original type.
fn free(s: &mut Session, side: Side, p: CounterId) -> Result<(), Error> {
    let force = &mut s.state.side_mut(side).force;
    let c = force.get(p).cloned().expect("listed");
    force
        .clear_condition(p, &Condition::PrisonerOf(CounterId::new(side.other(), 1)))
        .map_err(|e| Error::Refused(e.to_string()))?;
    let lowest = |ladders: &crate::rules::ladder::Ladders| {
        ["conscript", "green", "second-line"]
            .iter()
            .find_map(|class| {
                ladders
                    .units
                    .iter()
                    .find(|u| u.side == side && u.class == *class && !u.nkvd)
            })
            .cloned()
    };
    let to = match c.kind {
        UnitKind::Squad => lowest(&s.tables.ladders).map(|u| u.squad),
        UnitKind::Hs => lowest(&s.tables.ladders).map(|u| u.half_squad),
        _ => None,
    };
    if let Some(to) = to {
        s.state
            .side_mut(side)
            .force
            .replace_unit(p, &to, c.kind)
            .map_err(|e| Error::Refused(e.to_string()))?;
        let text = format!("{p} {} freed and Retained, Replaced by a {to}", c.unit);
        s.counters_changed(
            STEP,
            side,
            false,
            [p.to_string()],
            "Prisoner freed",
            text.clone(),
            "12.609",
        );
        s.say(format!("  Prisoner {text} (12.609)."));
    } else {
        let text = format!("{p} {} freed and Retained", c.unit);
        s.counters_changed(
            STEP,
            side,
            false,
            [p.to_string()],
            "Prisoner freed",
            text.clone(),
            "12.609",
        );
        s.say(format!("  Prisoner {text} (12.609)."));
    }
    Ok(())
}
