//! Asking for a side's 12.623 orders: at a terminal each is checked as it is
//! typed; from an answers file the list is read whole.

use super::GRAMMAR;
use super::plan::{Plan, plan};
use crate::error::Error;
use crate::model::side::Side;
use crate::rules::fortification_table::FortificationItem;
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
        show_market(s, side, left, &orders_text, left < available);
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

/// What the side may buy with the FPP `left` after `orders`, and what each
/// costs it, as the RG prompt shows CPP (12.623: the side's own column of
/// the table), two to a line. Only what `plan` would accept next is
/// offered: nothing the side cannot pay, nothing the rules forbid it
/// (footnote 6: HIP AFV are the Russian's only; footnote 9: a Set DC is a
/// DC the side has), an item with variants written as it must be typed
/// (`hip <squad|hs> <n>`).
fn show_market(s: &mut Session, side: Side, left: i64, orders: &[String], again: bool) {
    let cells = offered(s, side, orders)
        .into_iter()
        .map(|(item, variants)| {
            let typed = match variants.is_empty() {
                true => item.keyword.clone(),
                false => usage(item, &variants),
            };
            format!("{typed}: {}", cost(item, side, &variants))
        })
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

/// Each item the side may order next, with the variants (a foxhole's
/// capacity, a HIP unit type) it may order: each tried, one unit of it,
/// after `orders`, through the same checks as the orders themselves.
fn offered<'t>(
    s: &Session<'t>,
    side: Side,
    orders: &[String],
) -> Vec<(&'t FortificationItem, Vec<String>)> {
    let accepted = |order: String| {
        let mut trial = orders.to_vec();
        trial.push(order);
        plan(s, side, &trial).is_ok()
    };
    let mut out = Vec::new();
    for item in &s.tables.fortification_purchase.items {
        if item.cost_by.is_empty() {
            if accepted(sample(&item.keyword)) {
                out.push((item, Vec::new()));
            }
            continue;
        }
        let mut variants: Vec<(&String, &u32)> = item.cost_by.iter().collect();
        // The table's order: the dearest first (AFV/squad/HS/crew/SMC; 3-,
        // 2- and 1-squad foxholes).
        variants.sort_by_key(|(_, c)| std::cmp::Reverse(**c));
        let allowed: Vec<String> = variants
            .into_iter()
            .map(|(v, _)| v.clone())
            .filter(|v| accepted(variant_sample(&item.keyword, v)))
            .collect();
        if !allowed.is_empty() {
            out.push((item, allowed));
        }
    }
    out
}

/// The least order of an item without variants (one factor, Location,
/// counter or hex; the smallest pillbox).
fn sample(keyword: &str) -> String {
    match keyword {
        "ap-mine" | "at-mine" | "fortified-building" | "strongpoint" | "dummy" => {
            format!("{keyword} 1")
        }
        "pillbox" => "pillbox 1+0+0".into(),
        k => k.to_string(),
    }
}

/// One unit of an item's variant: `hip squad 1`, `foxhole 2`.
fn variant_sample(keyword: &str, variant: &str) -> String {
    match keyword {
        "hip" => format!("hip {variant} 1"),
        k => format!("{k} {variant}"),
    }
}

/// How an order of the item is typed, as the grammar has it, with only
/// the variants offered (`hip <squad|hs|crew|smc> <n>`).
fn usage(item: &FortificationItem, variants: &[String]) -> String {
    let k = item.keyword.as_str();
    if !variants.is_empty() {
        let v = variants.join("|");
        return match k {
            "hip" => format!("hip <{v}> <n>"),
            _ => format!("{k} <{v}>"),
        };
    }
    GRAMMAR
        .split("; ")
        .next()
        .unwrap_or_default()
        .split(", ")
        .find(|g| g.split(' ').next() == Some(k))
        .unwrap_or(k)
        .to_string()
}

/// One item's FPP cost to `side`, as the table prices it: for each variant
/// offered, its cost and how it is typed.
fn cost(item: &FortificationItem, side: Side, variants: &[String]) -> String {
    if let Some(c) = item.side_cost(side) {
        return format!("{c} per {}", item.per);
    }
    if !variants.is_empty() {
        // Foxholes cost their size: `its size (1/2/3)`.
        if variants.iter().all(|v| v.parse() == Ok(item.cost_by[v])) {
            return format!("its size ({})", variants.join("/"));
        }
        return variants
            .iter()
            .map(|v| format!("{v} {}", item.cost_by[v]))
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
