//! Running 12.621 for one side: the purchases asked for, each priced,
//! checked and recorded, or the whole step refused.

use crate::error::Error;
use crate::model::journal::Entry;
use crate::model::side::Side;
use crate::model::weather::Weather;
use crate::rules::reph::purchase::{self, Market, Purchase, Quote, RefusedPurchase};
use crate::rules::reph::session::Session;
use crate::rules::rg_chart::RgClass;

pub const STEP: &str = "12.621";

/// Quotes every purchase in order against the campaign as it stands; the
/// first refusal refuses them all (a refused purchase changes nothing).
pub fn quote_all(s: &Session, side: Side, texts: &[String]) -> Result<Vec<Quote>, Error> {
    quote_each(s, side, texts).map_err(|(_, e)| e)
}

/// As [`quote_all`], the refusal with the place in `texts` of the purchase
/// refused.
fn quote_each(s: &Session, side: Side, texts: &[String]) -> Result<Vec<Quote>, (usize, Error)> {
    let market = Market {
        tables: s.tables,
        def: s.def,
        state: &s.state,
        side,
    };
    let mut quotes: Vec<Quote> = Vec::new();
    for (i, text) in texts.iter().enumerate() {
        let p = Purchase::parse(text).map_err(|e| (i, Error::Usage(e)))?;
        match market.quote(&p, &quotes) {
            Ok(q) => quotes.push(q),
            Err(why) => {
                let refused = RefusedPurchase::new(&market, text, &p, why);
                let r = crate::error::Refusal {
                    full: refused.to_string(),
                    summary: refused.summary(),
                };
                return Err((i, Error::PurchaseRefused(Box::new(r))));
            }
        }
    }
    Ok(quotes)
}

pub fn apply(s: &mut Session, side: Side, quotes: &[Quote]) {
    let night = s.state.campaign.night;
    let overcast = s.state.campaign.today().and_then(|d| d.weather) == Some(Weather::Overcast);
    for q in quotes {
        apply_one(s, side, q, night || overcast);
    }
    s.concerning([]);
    let market = Market {
        tables: s.tables,
        def: s.def,
        state: &s.state,
        side,
    };
    let mut after = Vec::new();
    if quotes.iter().any(|q| q.rg.class == RgClass::Oba) {
        after.extend(market.oba_warning(&[]));
    }
    if quotes.iter().any(|q| q.rg.class == RgClass::Bombardment) {
        after.extend(market.bombardment_spacing());
    }
    for text in after {
        s.say(text);
    }
}

/// Records one quoted purchase and says what was bought.
fn apply_one(s: &mut Session, side: Side, q: &Quote, no_air: bool) {
    // Allowed, but wasted: the rules say so, and so does votg.
    match q.rg.class {
        RgClass::Bombardment if no_air => s.say(
            "Warning: an Aerial Bombardment is NA in Overcast weather and is never resolved in a Night scenario (note b); it stays Retained until it can be.",
        ),
        RgClass::Stuka if no_air => s.say(
            "Warning: a Stuka RG must be used on its CG Day of purchase or is forfeit; it should not be bought for Overcast weather or a Night scenario (note t).",
        ),
        _ => {}
    }
    purchase::record(&mut s.state, side, q);
    // The row just written is the one this purchase's journal row is about
    // (`votg explain` finds it so).
    let row = s.state.side(side).purchases.len();
    s.concerning([format!("row:{row}")]);
    let pools = match (q.from_support, q.from_cpp) {
        (0, c) => format!("{c} CPP"),
        (s, 0) => format!("{s} Support CPP"),
        (s, c) => format!("{s} Support CPP + {c} CPP"),
    };

    let code = q
        .code
        .as_deref()
        .map_or(String::new(), |c| format!(", Entry Code {c}"));
    // Paid from CPP alone, the cost says it all.
    let paid = match q.from_support {
        0 => String::new(),
        _ => format!(" paid from {pools}"),
    };
    s.say(format!(
        "{} bought {} {}{code}: {} CPP ({}){paid}.",
        side.name(),
        q.rg.id,
        q.rg.group_type,
        q.cost,
        q.breakdown.join("; ")
    ));
    s.journal(Entry::decision(
        STEP,
        Some(side),
        true,
        format!("Purchase {}", q.purchase.canonical()),
        format!(
            "{} {}{code}; {} CPP ({})",
            q.rg.id,
            q.rg.group_type,
            q.cost,
            q.breakdown.join("; ")
        ),
        "12.621",
    ));
}

/// The step: ask (or read) the purchases, then record them all. Before a
/// Counterattack on 14 Sep (CG II, IV) the Russian first says whether it
/// will be a Night scenario: it decides what he may buy (night_purchases).
pub fn run(s: &mut Session, side: Side) -> Result<(), Error> {
    if side == Side::Russian {
        crate::rules::reph::night_purchases::ask(s)?;
    }
    if s.prompter.interactive() {
        // Every RG of the day in one answer, as an answers file's `buy`
        // (one question, not one per RG and one more to end); a refused
        // line buys nothing and is asked again with the market.
        loop {
            show_market(s, side);
            let line = s.prompter.list(side, "buy", &buy_prompt(side))?;
            let texts = split_purchases(&line);
            if texts.is_empty() {
                break;
            }
            match quote_all(s, side, &texts) {
                Ok(quotes) => {
                    apply(s, side, &quotes);
                    break;
                }
                // The menu follows, so the refusal's own list is left out.
                Err(Error::PurchaseRefused(r)) => s.say(format!("{}.", r.summary)),
                Err(e) => s.say(e.to_string()),
            }
        }
    } else {
        // A line typed at the terminal, replayed, holds several.
        let texts = split_purchases(&s.prompter.list(side, "buy", "")?);
        // What the dice made impossible (the CPP a roll gave): the run
        // stops before this step, naming the answer.
        let quotes = quote_each(s, side, &texts).map_err(|(i, e)| match e {
            Error::PurchaseRefused(mut r) => {
                r.full = format!("`{}.buy[{i}]`: {}", side.id(), r.full);
                Error::PurchaseRefused(r)
            }
            e => e,
        })?;
        apply(s, side, &quotes);
    }
    let line = s.state.line(side).clone();
    let mut summary = format!(
        "{} 12.621 done: Spent {} CPP, Left {}",
        side.name(),
        line.cpp.spent,
        line.cpp.left
    );
    if let Some(p) = line.support_cpp {
        summary.push_str(&format!("; Support CPP Spent {}, Left {}", p.spent, p.left));
    }
    s.say(summary);
    Ok(())
}

/// The purchases of one typed line: `A1, I2 on-map` (a purchase holds no
/// comma, DESIGN §4).
fn split_purchases(line: &[String]) -> Vec<String> {
    line.iter()
        .flat_map(|l| l.split(','))
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(str::to_string)
        .collect()
}

/// The wizard's question, its example in the side's own Entry Codes.
fn buy_prompt(side: Side) -> String {
    let example = match side {
        Side::German => "`I1 code=blue, I2 reserve`",
        Side::Russian => "`I3 code=red, I5 reserve`",
    };
    format!("RGs to buy ({example}; Enter: none)")
}

fn show_market(s: &mut Session, side: Side) {
    let market = Market {
        tables: s.tables,
        def: s.def,
        state: &s.state,
        side,
    };
    let line = s.state.line(side);
    let possible = market.still_possible(&[]);
    let support = line
        .support_cpp
        .map_or(String::new(), |p| format!(" + {} Support CPP", p.left));
    let has = format!("{} has {} CPP{support}.", side.name(), line.cpp.left);
    // No empty table: say so, and how to go on.
    if possible.is_empty() {
        s.say(format!(
            "{has} Nothing more can be bought now (every RG is beyond the CPP left or a limit); press Enter to go on."
        ));
        return;
    }
    let cells = possible.iter().map(|p| p.cell()).collect();
    let t = crate::rules::roll_text::two_up(cells);
    s.say(format!(
        "{has} Can be bought now (CPP; how many now/left in CG):\n{t}"
    ));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_empty_rg_table_when_nothing_can_be_bought() {
        use crate::rules::prompt::Prompter;
        use crate::rules::reph::session::CampaignDice;
        let tables = crate::rules::tables::Tables::embedded().unwrap();
        let def = crate::rules::cg_def::load(&tables, crate::model::side::Cg::I).unwrap();
        let mut state = crate::rules::new_campaign::initial_state(&def, &tables);
        let mut dice = CampaignDice::seeded(
            crate::rules::dice::Seeds::from_number(1),
            crate::model::event::DiceUsed::Seed(1),
        );
        let line = state.side_mut(Side::German).roster.current_mut().unwrap();
        line.cpp.left = 0;
        line.support_cpp.as_mut().unwrap().left = 0;
        let mut prompter = Prompter::Scripted(Default::default());
        let mut out = crate::rules::output::Output::memory();
        let mut s = Session::new((&tables, &def), state, &mut dice, &mut prompter, &mut out);
        show_market(&mut s, Side::German);
        let said = out.take();
        assert!(said.contains("Nothing more can be bought now"), "{said}");
        assert!(!said.contains("Group Type"), "no empty table: {said}");
    }

    #[test]
    fn the_buy_prompt_uses_the_sides_own_entry_codes() {
        assert!(buy_prompt(Side::German).contains("code=blue"));
        assert!(!buy_prompt(Side::German).contains("code=red"));
        assert!(buy_prompt(Side::Russian).contains("code=red"));
    }
}
