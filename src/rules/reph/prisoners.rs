//! 12.609 Prisoners: a prisoner Guarded by a non-Isolated unit is
//! Eliminated; an Isolated guard keeps, executes (Massacre, A20.4, in the
//! next CG scenario) or frees each (`<side>.prisoners`, default keep).

use crate::error::Error;
use crate::model::exchange::Fate;
use crate::model::force::CounterId;
use crate::model::journal::Entry;
use crate::model::side::Side;
use crate::rules::reph::prisoner_fate;
use crate::rules::reph::sequence::Flow;
use crate::rules::reph::session::Session;

pub const STEP: &str = "12.609";

pub fn run(s: &mut Session) -> Result<Flow, Error> {
    s.say("== 12.609 Prisoners (public) ==");
    let mut any = false;
    for guard_side in Side::BOTH {
        let held = prisoner_fate::held_by(s, guard_side);
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
                None => prisoner_fate::decide(s, p, g, Fate::Eliminated)?,
                Some(_) => isolated.push((p, g)),
            }
        }
        if !isolated.is_empty() {
            isolated_guards(s, guard_side, &isolated)?;
        }
    }
    s.concerning([]);
    if !any {
        s.say(match s.half.as_ref() {
            Some(h) if h.prisoners.iter().any(|(x, _)| x.side == h.me) => format!(
                "Your units the {} holds as prisoners: their fate is his to decide (12.609), and your half applies it.",
                h.me.other().name()
            ),
            _ => "No prisoner was recorded.".to_string(),
        });
    }
    Ok(Flow::Next)
}

/// The choices of an Isolated guard's side: `"R-12 keep|execute|free"`.
fn isolated_guards(
    s: &mut Session,
    guard_side: Side,
    held: &[(CounterId, CounterId)],
) -> Result<(), Error> {
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
    // Every item names, by its id, a prisoner an Isolated guard of the side
    // holds, and what becomes of it: an item that does not is refused, not
    // passed over (the prisoner would be kept without a word).
    let mut chosen: Vec<(CounterId, &str)> = Vec::new();
    for t in answers.iter().flat_map(|t| t.split(',')).map(str::trim) {
        if t.is_empty() {
            continue;
        }
        let refused = |why: String| {
            Error::Refused(format!(
                "{}.prisoners: `{t}`: {why} (12.609). Nothing was changed.",
                guard_side.id()
            ))
        };
        let mut w = t.split_whitespace();
        let p = w.next().and_then(|id| id.parse::<CounterId>().ok());
        let (Some(p), Some(c @ ("keep" | "execute" | "free")), None) = (p, w.next(), w.next())
        else {
            let p = p.unwrap_or(held[0].0);
            return Err(refused(format!(
                "write `{p} keep`, `{p} execute` or `{p} free`"
            )));
        };
        if !held.iter().any(|(x, _)| *x == p) {
            return Err(refused(format!(
                "{p} is not held by an Isolated guard of the {} (they hold {})",
                guard_side.name(),
                held.iter()
                    .map(|(x, _)| x.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            )));
        }
        chosen.push((p, c));
    }
    let choice = |p: CounterId| -> Result<&str, Error> {
        Ok(chosen
            .iter()
            .find(|(x, _)| *x == p)
            .map_or("keep", |(_, c)| *c))
    };
    for &(p, g) in held {
        match choice(p)? {
            "keep" => s.say(format!(
                "  {g} keeps prisoner {p} (Isolated guard, 12.609)."
            )),
            "execute" => {
                prisoner_fate::decide(s, p, g, Fate::Executed)?;
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
            _ => prisoner_fate::decide(s, p, g, Fate::Freed)?,
        }
    }
    Ok(())
}
