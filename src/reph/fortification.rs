//! 12.623 Purchasing Fortifications: FPP spent on the Fortification Purchase
//! Table with the side's costs and every limit of its footnotes.

use crate::error::Error;
use crate::force::{ForceBox, NewCounter, UnitKind};
use crate::fortification_table::FortificationItem;
use crate::fraction::fru;
use crate::journal::Entry;
use crate::reph::session::Session;
use crate::side::Side;

pub const STEP: &str = "12.623";

pub const GRAMMAR: &str = "foxhole <1|2|3>, trench, at-ditch, ap-mine <factors>, at-mine <factors>, roadblock, wire, pillbox <a+b+c>, fortified-building <locations>, tunnel, hip <afv|squad|hs|crew|smc> <n>, dummy <n>, booby-trap, set-dc, strongpoint <hexes>; each may end with at=<location>";

/// One fortification order, priced.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Order {
    pub text: String,
    pub keyword: String,
    /// Counters, factors, Locations, hexes or units bought.
    pub amount: u32,
    /// The HIP unit type or foxhole capacity.
    pub variant: Option<String>,
    pub at: Option<String>,
    pub cost: i64,
    pub flags: String,
}

/// Parses and prices one order (12.623 and its footnotes 1-10).
pub fn price(
    text: &str,
    item_of: impl Fn(&str) -> Option<FortificationItem>,
    side: Side,
) -> Result<Order, String> {
    let mut words: Vec<&str> = text.split_whitespace().collect();
    let at = words
        .iter()
        .position(|w| w.starts_with("at="))
        .map(|i| words.remove(i)[3..].to_string());
    let Some(&keyword) = words.first() else {
        return Err(format!("an empty fortification; write one of: {GRAMMAR}"));
    };
    let keyword = keyword.to_ascii_lowercase();
    let item = item_of(&keyword)
        .ok_or_else(|| format!("`{keyword}` is not a fortification; write one of: {GRAMMAR}"))?;
    if item.russian_only && side == Side::German {
        return Err(format!(
            "only the Russian may purchase {} (12.623 R)",
            item.name
        ));
    }
    let arg = words.get(1).copied();
    let extra = words.get(if keyword == "hip" { 3 } else { 2 });
    if let Some(x) = extra {
        return Err(format!(
            "`{x}` in `{text}` is not understood; write one of: {GRAMMAR}"
        ));
    }
    let number = |a: Option<&str>, what: &str| -> Result<u32, String> {
        a.and_then(|a| a.parse::<u32>().ok())
            .filter(|n| *n > 0)
            .ok_or_else(|| format!("`{text}`: {keyword} needs the number of {what}"))
    };
    let per_unit = item.side_cost(side);
    let (amount, variant, cost) = match keyword.as_str() {
        "foxhole" => {
            let cap = arg.unwrap_or("");
            let c = item.cost_by.get(cap).ok_or_else(|| {
                format!("`{text}`: a foxhole is for 1, 2 or 3 squads (12.623 footnote 1)")
            })?;
            (1, Some(cap.to_string()), *c as i64)
        }
        "hip" => {
            let kind = arg.unwrap_or("").to_ascii_lowercase();
            let c = *item.cost_by.get(&kind).ok_or_else(|| {
                format!("`{text}`: HIP is bought for afv, squad, hs, crew or smc (footnote 6)")
            })?;
            let n = number(words.get(2).copied(), "units")?;
            (n, Some(kind), c as i64 * n as i64)
        }
        "pillbox" => {
            let parts: Vec<i64> = arg
                .unwrap_or("")
                .split('+')
                .map(|p| p.trim().parse::<i64>())
                .collect::<Result<_, _>>()
                .map_err(|_| format!("`{text}`: a pillbox is priced from its Capacity + CA DRM + NCA DRM, e.g. `pillbox 2+1+2` (footnote 4)"))?;
            if parts.len() != 3 {
                return Err(format!(
                    "`{text}`: give the three numbers a+b+c (Capacity, CA DRM, NCA DRM; footnote 4)"
                ));
            }
            let sum: i64 = parts.iter().sum();
            if sum <= 0 {
                return Err(format!("`{text}`: a+b+c must be positive"));
            }
            (1, Some(arg.unwrap_or("").to_string()), sum * 3)
        }
        "ap-mine" | "at-mine" => {
            let n = number(arg, "factors")?;
            (n, None, per_unit.unwrap_or(0) as i64 * n as i64)
        }
        "fortified-building" => {
            let n = number(arg, "Locations")?;
            (n, None, per_unit.unwrap_or(0) as i64 * n as i64)
        }
        "strongpoint" => {
            let n = number(arg, "hexes the building occupies")?;
            (n, None, per_unit.unwrap_or(0) as i64 * n as i64)
        }
        "dummy" => {
            let n = number(arg, "\"?\" counters")?;
            (n, None, per_unit.unwrap_or(0) as i64 * n as i64)
        }
        _ => {
            if let Some(a) = arg {
                return Err(format!(
                    "`{a}` in `{text}` is not understood; write one of: {GRAMMAR}"
                ));
            }
            (1, None, per_unit.unwrap_or(0) as i64)
        }
    };
    Ok(Order {
        text: text.split_whitespace().collect::<Vec<_>>().join(" "),
        keyword,
        amount,
        variant,
        at,
        cost,
        flags: item.flags(),
    })
}

/// Non-Reserve Infantry squads of the side, for the HIP limit (footnote 6).
fn non_reserve_squads(s: &Session, side: Side) -> u32 {
    s.state
        .side(side)
        .force
        .counters
        .iter()
        .filter(|i| {
            i.kind == UnitKind::Squad
                && !matches!(
                    i.place,
                    ForceBox::Reserve | ForceBox::Casualties | ForceBox::RedeployedAfv
                )
        })
        .count() as u32
}

/// The orders checked together against every limit of 12.623: what they buy,
/// the FPP they spend, and the Booby Trap Level they leave.
pub struct Plan {
    pub bought: Vec<Order>,
    pub spent: i64,
    pub booby: Option<String>,
}

/// What the wizard says after each order: what it bought, its cost, and
/// the FPP left (12.623).
fn bought_echo(p: &Plan, available: i64) -> String {
    let last = p.bought.last().map_or(String::new(), |o| {
        format!("Bought `{}` for {} FPP; ", o.text, o.cost)
    });
    format!("  {last}{} FPP left.", available - p.spent)
}

/// The Fortification Purchase Table's superscripts in words (12.623): F,
/// I and R as the Force Organizer's note says them.
fn flag_words(flags: &str) -> Vec<String> {
    flags
        .chars()
        .filter_map(|c| match c {
            'F' => Some("may set up in a Front Line Location (12.623 F)"),
            'I' => Some("may be added to an Isolated Location (12.623 I)"),
            'R' => Some("Russian only (12.623 R)"),
            _ => None,
        })
        .map(str::to_string)
        .collect()
}

pub fn plan(s: &Session, side: Side, orders_text: &[String]) -> Result<Plan, Error> {
    let line = s.state.line(side).clone();
    let available = line.fpp - line.fpp_spent;
    let table = &s.tables.fortification_purchase;
    let night = s.state.campaign.night;
    let restrictions = s.def.restrictions();
    let mut spent = 0i64;
    // Footnote 2 counts mines per CG Day: earlier RePhs of this date too.
    let date = s.state.campaign.date;
    let roster = &s.state.side(side).roster;
    let mut mines: i64 = roster.lines[..roster.lines.len() - 1]
        .iter()
        .filter(|l| l.date == date)
        .map(|l| l.mine_fpp)
        .sum();
    let mut hip_squads = 0u32;
    let mut booby = line.booby_trap.clone();
    let mut bought: Vec<Order> = Vec::new();
    for text in orders_text {
        let order = price(text, |k| table.item(k).cloned(), side)
            .map_err(|e| Error::Refused(format!("{e}. Nothing was bought.")))?;
        let refuse = |why: String| {
            Error::Refused(format!(
                "Fortification `{text}` refused: {why}. Nothing was bought; {} FPP of {available} would be left.",
                available - spent
            ))
        };
        if s.state.campaign.is_initial()
            && side == Side::German
            && let Some(only) = &restrictions.german_fortifications
            && !only.contains(&order.keyword)
        {
            return Err(refuse(format!(
                "the only fortifications the German may purchase in this Initial Scenario are {} (SSR {})",
                only.join(", "),
                restrictions
                    .rules
                    .iter()
                    .find(|r| r.contains("II-3"))
                    .cloned()
                    .unwrap_or_else(|| "II-3".into())
            )));
        }
        if spent + order.cost > available {
            return Err(refuse(format!(
                "it costs {} FPP and only {} are left (12.623)",
                order.cost,
                available - spent
            )));
        }
        if matches!(order.keyword.as_str(), "ap-mine" | "at-mine") {
            if mines + order.cost > table.mine_cap_per_day as i64 {
                return Err(refuse(format!(
                    "at most {} FPP per CG Day may be spent on mines (footnote 2); {mines} already are",
                    table.mine_cap_per_day
                )));
            }
            mines += order.cost;
        }
        if order.keyword == "hip" {
            let kind = order.variant.as_deref().unwrap_or("");
            if kind == "afv" && side == Side::German {
                return Err(refuse(
                    "only the Russian may set up AFV using HIP, Dug-In as per D9.5 (footnote 6)"
                        .into(),
                ));
            }
            if kind == "afv" {
                let dug_in: u32 = s
                    .state
                    .side(side)
                    .force
                    .counters
                    .iter()
                    // A Dug-In AFV, or any Retained AFV, which the Russian may Dig In at will (12.6214c).
                    .filter(|i| {
                        i.kind == UnitKind::Vehicle
                            && matches!(i.place, ForceBox::DugInAfv | ForceBox::Retained)
                    })
                    .count() as u32;
                let hip_afv: u32 = bought
                    .iter()
                    .filter(|o| o.keyword == "hip" && o.variant.as_deref() == Some("afv"))
                    .map(|o| o.amount)
                    .sum();
                if hip_afv + order.amount > dug_in {
                    return Err(refuse(format!(
                        "a HIP AFV must be a Dug-In AFV, bought Dug-In or a Retained AFV Dug In at will (12.6214c, footnote 6); there are {dug_in}"
                    )));
                }
            }
            if matches!(kind, "squad" | "hs") {
                if night && side == Side::Russian {
                    return Err(refuse("in a Night scenario the Russian sets up <= 10% of his squads using HIP freely: no FPP are needed (footnote 6)".into()));
                }
                let squads = non_reserve_squads(s, side);
                let cap = fru(squads as i64 * table.hip_percent as i64, 100) as u32;
                // Counted in half-squads, so two HS are one squad.
                let halves = if kind == "hs" {
                    order.amount
                } else {
                    2 * order.amount
                };
                if !night && (hip_squads + halves).div_ceil(2) > cap {
                    return Err(refuse(format!(
                        "no more than {}% (FRU) of the non-Reserve Infantry squads may set up using HIP by day: {cap} of {squads} (footnote 6)",
                        table.hip_percent
                    )));
                }
                hip_squads += halves;
            }
        }
        if order.keyword == "booby-trap" {
            let next = match booby.as_deref() {
                Some("C") | None => "B",
                Some("B") => "A",
                _ => {
                    return Err(refuse(
                        "the Booby Trap Level is already A, the highest (footnote 8)".into(),
                    ));
                }
            };
            booby = Some(next.to_string());
        }
        spent += order.cost;
        bought.push(order);
    }
    Ok(Plan {
        bought,
        spent,
        booby,
    })
}

pub fn run(s: &mut Session, side: Side) -> Result<(), Error> {
    let line = s.state.line(side).clone();
    let available = line.fpp - line.fpp_spent;
    let table = s.tables.fortification_purchase.clone();
    s.say(format!(
        "{} has {available} FPP to spend (12.623); what is not spent is forfeit.",
        side.name()
    ));
    let mut orders_text: Vec<String> = Vec::new();
    if s.prompter.interactive() {
        // Each order is checked as it is typed; a refused one is dropped and
        // the question asked again.
        while available - plan(s, side, &orders_text)?.spent > 0 {
            let got = s.prompter.list(
                side,
                "fortify",
                "Fortification (e.g. `trench`, `dummy 3`, `ap-mine 6`), or Enter when done",
            )?;
            let Some(text) = got.into_iter().next() else {
                break;
            };
            let mut trial = orders_text.clone();
            trial.push(text);
            match plan(s, side, &trial) {
                Ok(p) => {
                    orders_text = trial;
                    s.say(bought_echo(&p, available));
                }
                Err(e) => s.say(e.to_string()),
            }
        }
    } else {
        orders_text = s.prompter.list(side, "fortify", "")?;
    }
    let Plan {
        bought,
        spent,
        booby,
    } = plan(s, side, &orders_text)?;
    let files = s.state.side_mut(side);
    let roster_line = files.roster.current_mut().expect("validated");
    roster_line.fpp_spent += spent;
    roster_line.mine_fpp += bought
        .iter()
        .filter(|o| matches!(o.keyword.as_str(), "ap-mine" | "at-mine"))
        .map(|o| o.cost)
        .sum::<i64>();
    roster_line.booby_trap = booby.clone();
    for o in &bought {
        let name = table
            .item(&o.keyword)
            .map_or(o.keyword.clone(), |i| i.name.clone());
        // The counter's name, and how many counters (or Locations, hexes,
        // units) it stands for.
        let (described, count) = match (&o.variant, o.keyword.as_str()) {
            (Some(v), "hip") => (format!("HIP ({v})"), o.amount),
            (Some(v), "foxhole") => (format!("Foxhole ({v}-squad)"), 1),
            (Some(v), "pillbox") => (format!("Pillbox {v}"), 1),
            (None, "ap-mine" | "at-mine") => (format!("{name} {} factors", o.amount), 1),
            (None, "fortified-building") => ("Fortified Building Location".to_string(), o.amount),
            (None, "strongpoint") => ("Battalion Strongpoint hex".to_string(), o.amount),
            (None, "dummy") => ("\"?\"".to_string(), o.amount),
            _ => (name.clone(), 1),
        };
        let at = o.at.as_ref().map_or(String::new(), |a| format!(" at {a}"));
        let times = if count > 1 {
            format!(" x{count}")
        } else {
            String::new()
        };
        roster_line
            .fortifications
            .push(format!("{described}{times}{at} ({} FPP)", o.cost));
        if o.keyword != "booby-trap" {
            let mut item = NewCounter::new(
                described.clone(),
                UnitKind::Fortification,
                ForceBox::Fortifications,
            );
            let mut notes = Vec::new();
            notes.extend(flag_words(&o.flags));
            if let Some(a) = &o.at {
                notes.push(format!("at {a}"));
            }
            item.note = notes.join("; ");
            files.force.add_n(&item, count);
        }
    }
    for o in &bought {
        s.journal(Entry::decision(
            STEP,
            Some(side),
            true,
            format!("Fortification {}", o.text),
            format!("{} FPP", o.cost),
            "12.623",
        ));
    }
    let forfeit = available - spent;
    let level = booby.map_or(String::new(), |b| format!("; Booby Trap Level {b}"));
    s.say(format!(
        "{} 12.623 done: {spent} FPP spent, {forfeit} FPP forfeit{level}.",
        side.name()
    ));
    if forfeit > 0 {
        s.journal(Entry::decision(
            STEP,
            Some(side),
            true,
            "Unspent FPP forfeit",
            format!("{forfeit} FPP"),
            "12.623",
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tables::Tables;

    fn p(text: &str, side: Side) -> Result<i64, String> {
        let t = Tables::embedded().unwrap();
        price(text, |k| t.fortification_purchase.item(k).cloned(), side).map(|o| o.cost)
    }

    #[test]
    fn issue_11_8_the_wizard_says_what_was_bought_and_flags_are_words() {
        let t = Tables::embedded().unwrap();
        let o = price(
            "fortified-building 4",
            |k| t.fortification_purchase.item(k).cloned(),
            Side::Russian,
        )
        .unwrap();
        let plan = Plan {
            bought: vec![o],
            spent: 40,
            booby: None,
        };
        assert_eq!(
            bought_echo(&plan, 80),
            "  Bought `fortified-building 4` for 40 FPP; 40 FPP left."
        );
        assert_eq!(
            flag_words("FI"),
            [
                "may set up in a Front Line Location (12.623 F)",
                "may be added to an Isolated Location (12.623 I)"
            ]
        );
    }

    #[test]
    fn rule_12_623_costs_per_side() {
        assert_eq!(p("foxhole 3", Side::German), Ok(3));
        assert_eq!(p("foxhole 1", Side::Russian), Ok(1));
        assert_eq!(p("trench", Side::German), Ok(7));
        assert_eq!(p("at-ditch", Side::Russian), Ok(21));
        assert!(p("at-ditch", Side::German).is_err(), "R: Russian only");
        assert_eq!(p("ap-mine 6", Side::German), Ok(6));
        assert_eq!(p("ap-mine 6", Side::Russian), Ok(18));
        assert_eq!(p("at-mine 2", Side::German), Ok(6));
        assert_eq!(p("at-mine 2", Side::Russian), Ok(18));
        assert_eq!(p("roadblock", Side::Russian), Ok(12));
        assert_eq!(p("wire at=K37", Side::German), Ok(15));
        assert_eq!(p("pillbox 2+1+2", Side::Russian), Ok(15), "(a+b+c) x3");
        assert_eq!(p("fortified-building 4", Side::Russian), Ok(40));
        assert_eq!(p("tunnel", Side::Russian), Ok(30));
        assert_eq!(p("hip squad 2", Side::German), Ok(6));
        assert_eq!(p("hip afv 1", Side::Russian), Ok(5));
        assert_eq!(p("hip hs 1", Side::Russian), Ok(2));
        assert_eq!(p("hip crew 3", Side::Russian), Ok(3));
        assert_eq!(p("hip smc 1", Side::Russian), Ok(1));
        assert_eq!(p("dummy 3", Side::German), Ok(3));
        assert_eq!(p("booby-trap", Side::Russian), Ok(40));
        assert!(p("booby-trap", Side::German).is_err());
        assert_eq!(p("set-dc", Side::German), Ok(15));
        assert_eq!(p("strongpoint 2", Side::Russian), Ok(60));
        assert!(p("strongpoint 2", Side::German).is_err());
        assert!(p("foxhole 4", Side::German).is_err());
        assert!(p("ap-mine", Side::German).is_err());
        assert!(p("castle", Side::German).is_err());
        assert!(p("trench 3", Side::German).is_err());
    }
}
