//! The scenario record at the terminal (12.6041, DESIGN §5). Each side says
//! what the scenario did to its own force in its own secret block (the
//! other side looking away), then the public part is entered once, by both.
//!
//! The order: both sides' blocks first, then the public part. Each side's
//! Casualty VP is then offered as its default, computed from the counters
//! it recorded as Eliminated (A26.2, `tables/casualty-vp.toml`): the CVP
//! each side suffered are public (both count them at the table), and the
//! default is only a total of what both saw leave the map, so it tells
//! nothing the record does not make public; asked first, the CVP would have
//! no default and both numbers would be typed.

use crate::error::Error;
use crate::model::campaign::BySide;
use crate::model::force::{Condition, ForceBox};
use crate::model::side::{Cg, Side};
use crate::rules::reph::outcome::{self, Outcome};
use crate::rules::reph::session::Session;

use super::{ScenarioRecord, force_list, parse_line, try_outcome};

/// Asks the whole record: each side's outcome in its block, then victor
/// (CG I: the Control of F36 that decides it), CVP and SAN in public.
pub(super) fn ask(s: &mut Session) -> Result<ScenarioRecord, Error> {
    let mut out = BySide::<Outcome>::default();
    // On a half (two machines) only the side it holds says what happened
    // to its force; the other says it on his machine (docs/two-machines.md).
    let asked: Vec<Side> = Side::BOTH
        .into_iter()
        .filter(|&side| s.prompter.asks(side))
        .collect();
    for (i, &side) in asked.iter().enumerate() {
        s.prompter.begin_secret(side)?;
        let o = ask_outcome(s, side, &out);
        let o = match o {
            Ok(o) => o,
            Err(e) => return Err(s.prompter.stop_secret(side, e)),
        };
        *out.of_mut(side) = o;
        // The other side's block follows at once: one hand-over.
        match asked.get(i + 1) {
            Some(_) => s.prompter.pass_secret(side)?,
            None => s.prompter.end_secret(side)?,
        }
    }
    let (victor, f36) = ask_victor(s)?;
    let cvp = ask_cvp(s, &out)?;
    let san = ask_san(s)?;
    Ok(ScenarioRecord {
        victor,
        cvp,
        outcome: out,
        san,
        f36,
    })
}

/// One side's outcome as one line, asked again until every item fits its
/// force (the other side's outcome, given before, applied too: a prisoner
/// or a capture touches both forces). What it does is shown in the block.
fn ask_outcome(s: &mut Session, side: Side, so_far: &BySide<Outcome>) -> Result<Outcome, Error> {
    s.say(format!(
        "The {} force in play (ids by RG and box; `votg force --side {}` has every detail):",
        side.name(),
        side.id()
    ));
    s.say(force_list::lines(&s.state.side(side).force).join("\n"));
    let keys: Vec<&str> = outcome::KEYS.iter().map(|k| k.name).collect();
    // The examples name the side's own counters and RGs.
    let example = match side {
        Side::German => ("G-17", "3 x 4-6-7", "I2"),
        Side::Russian => ("R-17", "3 x 4-4-7", "I5"),
    };
    s.say(format!(
        "Name only what changed: `key: counters; key: counters`, a counter by id ({}), by name and count ({}) or by RG (all of RG {}). Keys: {}.",
        example.0,
        example.1,
        example.2,
        keys.join(", ")
    ));
    let question = format!(
        "What happened to the {} force? (Enter: nothing)",
        side.name()
    );
    loop {
        let line = s.prompter.ask_list(side, "outcome", &question)?;
        let mut both = so_far.clone();
        match parse_line(line.first().map_or("", String::as_str)) {
            Ok(o) => *both.of_mut(side) = o,
            Err(e) => {
                s.say(format!("  {e} — type the line again."));
                continue;
            }
        }
        match try_outcome(&s.state, s.tables, &both, s.half()) {
            Ok(said) => {
                for line in said.iter().filter(|l| l.by == side) {
                    s.say(format!("  {line}"));
                }
                s.prompter.keep_draft(
                    side,
                    "outcome",
                    toml::Value::Array(line.iter().map(|l| l.as_str().into()).collect()),
                );
                return Ok(both.of(side).clone());
            }
            Err((_, bad)) => s.say(format!(
                "  outcome.{} `{}`: {} — type the line again.",
                bad.key, bad.item, bad.why
            )),
        }
    }
}

/// The victor (12.6041). In CG I every scenario is won by the German iff
/// he Controls all of building F36 at its end (CGI Scenario Victory
/// Conditions), so that Control is asked and the victor follows; it is
/// also the F36 Control the CG Day's end is judged by (12.614).
fn ask_victor(s: &mut Session) -> Result<(Side, Option<bool>), Error> {
    if s.def.cg == Cg::I {
        let f36 = s
            .prompter
            .yes_no(Side::German, "f36", super::F36, Some(false))?;
        let victor = if f36 { Side::German } else { Side::Russian };
        s.say(format!("Victor: {} (F36).", victor.name()));
        return Ok((victor, Some(f36)));
    }
    let victor = s.prompter.ask_choice(
        Side::German,
        "victor",
        "Who won the scenario (12.6041)?",
        &["german", "russian"],
        None,
    )?;
    Ok((victor.parse().map_err(Error::Usage)?, None))
}

/// Both sides' Casualty VP in one answer (A26.22), offered as computed.
fn ask_cvp(s: &mut Session, o: &BySide<Outcome>) -> Result<BySide<u32>, Error> {
    let computed = computed_cvp(s, o);
    let pair = ask_pair(
        s,
        "cvp",
        "Casualty VP each side suffered (A26.22), German then Russian",
        computed,
        999,
    )?;
    Ok(pair)
}

/// Each side's SAN at scenario end (A14), Enter keeping both; only a
/// changed one is recorded.
fn ask_san(s: &mut Session) -> Result<BySide<Option<u32>>, Error> {
    let now = BySide {
        german: s.state.line(Side::German).san,
        russian: s.state.line(Side::Russian).san,
    };
    let max = crate::rules::answers::MAX_SAN;
    let got = ask_pair(
        s,
        "san",
        "SAN at scenario end (A14; 0 if a Sniper left it there, 12.6142), German then Russian",
        now,
        max,
    )?;
    let mut san = BySide::<Option<u32>>::default();
    for side in Side::BOTH {
        *san.of_mut(side) = (*got.of(side) != *now.of(side)).then_some(*got.of(side));
    }
    Ok(san)
}

/// Two numbers, the German's then the Russian's, `default` on Enter.
fn ask_pair(
    s: &mut Session,
    name: &str,
    question: &str,
    default: BySide<u32>,
    max: u32,
) -> Result<BySide<u32>, Error> {
    let parse = move |t: &str| -> Result<BySide<u32>, String> {
        let n: Vec<u32> = t
            .split([' ', ',', '/'])
            .filter(|w| !w.is_empty())
            .map(|w| w.parse::<u32>().ok().filter(|n| *n <= max))
            .collect::<Option<_>>()
            .ok_or_else(|| {
                format!("`{t}`: type two whole numbers from 0 to {max}, e.g. `14 22`")
            })?;
        match n.as_slice() {
            [g, r] => Ok(BySide {
                german: *g,
                russian: *r,
            }),
            _ => Err(format!(
                "`{t}`: type two numbers, the German's then the Russian's, e.g. `14 22`"
            )),
        }
    };
    let text = s.prompter.ask_text(
        Side::German,
        name,
        question,
        Some(format!("{} {}", default.german, default.russian)),
        |t| parse(t).map(|_| ()),
    )?;
    s.prompter
        .keep_draft(Side::German, name, toml::Value::String(text.clone()));
    parse(&text).map_err(Error::Usage)
}

/// The CVP of the counters each side's outcome Eliminates (to Casualties,
/// or wrecked), by the values of A26.2.
fn computed_cvp(s: &Session, o: &BySide<Outcome>) -> BySide<u32> {
    let mut g = s.state.german.force.clone();
    let mut r = s.state.russian.force.clone();
    let mut cvp = BySide::<u32>::default();
    let half = s.half();
    if outcome::apply((&mut g, &mut r), (&o.german, &o.russian), s.tables, half).is_err() {
        return cvp;
    }
    for (side, after) in [(Side::German, &g), (Side::Russian, &r)] {
        let before = &s.state.side(side).force;
        for c in after.counters.iter() {
            let Some(was) = before.get(c.id) else {
                continue;
            };
            let lost = (c.place == ForceBox::Casualties && was.place != ForceBox::Casualties)
                || (c.condition.contains(&Condition::Wreck)
                    && !was.condition.contains(&Condition::Wreck));
            if lost {
                *cvp.of_mut(side) += crate::rules::cvp::cvp_of(s.tables, was).unwrap_or(0);
            }
        }
    }
    cvp
}
