//! Asking for a side's 12.623 orders: at a terminal each is checked as it is
//! typed; from an answers file the list is read whole.

use super::plan::{Plan, plan};
use crate::error::Error;
use crate::model::side::Side;
use crate::rules::reph::session::Session;

/// The side's orders, as typed (`<side>.fortify`): at a terminal several
/// in one answer, separated by commas, checked together (a refused line
/// buys nothing and is asked again); asked again only while FPP are left,
/// since what is not spent is forfeit.
pub fn ask(s: &mut Session, side: Side, available: i64) -> Result<Vec<String>, Error> {
    if !s.prompter.interactive() {
        // With no FPP there is nothing to choose: the terminal asks nothing
        // (nor need an answers file say `fortify = []`).
        if available <= 0 && !s.prompter.has_answer(side, "fortify") {
            return Ok(vec![]);
        }
        // A line typed at the terminal, replayed, holds several.
        return Ok(split(&s.prompter.list(side, "fortify", "")?));
    }
    let mut orders_text: Vec<String> = Vec::new();
    while available - plan(s, side, &orders_text)?.spent > 0 {
        let left = available - plan(s, side, &orders_text)?.spent;
        show_market(s, side, left, left < available);
        let question = if orders_text.is_empty() {
            "Fortifications (e.g. `trench, dummy 3`; Enter: none)"
        } else {
            "More fortifications (Enter: done; FPP left are forfeit)"
        };
        let got = split(&s.prompter.list(side, "fortify", question)?);
        if got.is_empty() {
            break;
        }
        let mut trial = orders_text.clone();
        trial.extend(got);
        match plan(s, side, &trial) {
            Ok(p) => {
                orders_text = trial;
                s.say(bought_echo(&p, available));
            }
            Err(e) => s.say(e.to_string()),
        }
    }
    Ok(orders_text)
}

/// What the side may buy with the FPP `left`, and what each costs it, as
/// the RG prompt shows CPP (12.623: the side's own column of the table).
fn show_market(s: &mut Session, side: Side, left: i64, again: bool) {
    let cells = s
        .tables
        .fortification_purchase
        .items
        .iter()
        .filter(|item| !(item.russian_only && side == Side::German))
        .filter(|item| item.side_cost(side).is_none_or(|c| i64::from(c) <= left))
        .map(|item| format!("{}: {}", item.keyword, cost(item, side)))
        .collect();
    let t = crate::rules::roll_text::two_up(cells);
    // The step has just said how many FPP the side has.
    let what = match again {
        true => format!(
            "What the {} can buy with the {left} FPP left:\n",
            side.name()
        ),
        false => String::new(),
    };
    s.say(format!("{what}{t}"));
}

/// One item's FPP cost to `side`, as the table prices it.
fn cost(item: &crate::rules::fortification_table::FortificationItem, side: Side) -> String {
    if let Some(c) = item.side_cost(side) {
        return format!("{c} per {}", item.per);
    }
    if !item.cost_by.is_empty() {
        // Foxholes cost their size: `N for `foxhole N` (1/2/3)`.
        if item.cost_by.iter().all(|(k, v)| k.parse() == Ok(*v)) {
            let sizes: Vec<&str> = item.cost_by.keys().map(String::as_str).collect();
            return format!("its size ({})", sizes.join("/"));
        }
        return item
            .cost_by
            .iter()
            .map(|(k, v)| format!("{k} {v}"))
            .collect::<Vec<_>>()
            .join(", ");
    }
    item.formula
        .clone()
        .unwrap_or_else(|| item.cost_text.clone())
}

/// The orders of one answer: `wire, dummy 3`.
fn split(items: &[String]) -> Vec<String> {
    items
        .iter()
        .flat_map(|l| l.split(','))
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(str::to_string)
        .collect()
}

/// What the wizard says after each order: what it bought, its cost, and
/// the FPP left (12.623).
pub(super) fn bought_echo(p: &Plan, available: i64) -> String {
    let bought: Vec<String> = p
        .bought
        .iter()
        .map(|o| format!("`{}` for {} FPP", o.text, o.cost))
        .collect();
    if bought.is_empty() {
        return format!("  {} FPP left.", available - p.spent);
    }
    format!(
        "  Bought {}; {} FPP left.",
        bought.join(", "),
        available - p.spent
    )
}
