//! One fortification order of 12.623, as typed (`pillbox 2+1+2 at=K37`),
//! parsed and priced from the Fortification Purchase Table.

use super::GRAMMAR;
use crate::model::side::Side;
use crate::rules::fortification_table::FortificationItem;

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
    let extra = words.get(if keyword == "hip" { 3 } else { 2 });
    if let Some(x) = extra {
        return Err(format!(
            "`{x}` in `{text}` is not understood; write one of: {GRAMMAR}"
        ));
    }
    let (amount, variant, cost) = amount_and_cost(text, &keyword, &words, &item, side)?;
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

/// What an order of `keyword` buys (amount, HIP type or foxhole capacity or
/// pillbox sum) and its FPP, from its words after the keyword (12.623
/// footnotes 1, 4, 6).
fn amount_and_cost(
    text: &str,
    keyword: &str,
    words: &[&str],
    item: &FortificationItem,
    side: Side,
) -> Result<(u32, Option<String>, i64), String> {
    let arg = words.get(1).copied();
    let number = |a: Option<&str>, what: &str| -> Result<u32, String> {
        a.and_then(|a| a.parse::<u32>().ok())
            .filter(|n| *n > 0)
            .ok_or_else(|| format!("`{text}`: {keyword} needs the number of {what}"))
    };
    let per_unit = item.side_cost(side).unwrap_or(0) as i64;
    let counted = |what: &str| number(arg, what).map(|n| (n, None, per_unit * n as i64));
    match keyword {
        "foxhole" => {
            let cap = arg.unwrap_or("");
            let c = item.cost_by.get(cap).ok_or_else(|| {
                format!("`{text}`: a foxhole is for 1, 2 or 3 squads (12.623 footnote 1)")
            })?;
            Ok((1, Some(cap.to_string()), *c as i64))
        }
        "hip" => {
            let kind = arg.unwrap_or("").to_ascii_lowercase();
            let c = *item.cost_by.get(&kind).ok_or_else(|| {
                format!("`{text}`: HIP is bought for afv, squad, hs, crew or smc (footnote 6)")
            })?;
            let n = number(words.get(2).copied(), "units")?;
            Ok((n, Some(kind), c as i64 * n as i64))
        }
        "pillbox" => pillbox(text, arg.unwrap_or("")),
        "ap-mine" | "at-mine" => counted("factors"),
        "fortified-building" => counted("Locations"),
        "strongpoint" => counted("hexes the building occupies"),
        "dummy" => counted("\"?\" counters"),
        _ => {
            if let Some(a) = arg {
                return Err(format!(
                    "`{a}` in `{text}` is not understood; write one of: {GRAMMAR}"
                ));
            }
            Ok((1, None, per_unit))
        }
    }
}

/// A pillbox costs 3 FPP per point of its Capacity + CA DRM + NCA DRM
/// (`pillbox 2+1+2`, 12.623 footnote 4).
fn pillbox(text: &str, sum_text: &str) -> Result<(u32, Option<String>, i64), String> {
    let parts: Vec<i64> = sum_text
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
    Ok((1, Some(sum_text.to_string()), sum * 3))
}
