//! 12.623 Purchasing Fortifications: FPP spent on the Fortification Purchase
//! Table with the side's costs and every limit of its footnotes.

mod hip;
mod order;
mod plan;
mod record;
mod wizard;

pub use order::{Order, price};
pub use plan::{Plan, plan};

use crate::error::Error;
use crate::model::journal::Entry;
use crate::model::side::Side;
use crate::rules::reph::session::Session;

pub const STEP: &str = "12.623";

pub const GRAMMAR: &str = "foxhole <1|2|3>, trench, at-ditch, ap-mine <factors>, at-mine <factors>, roadblock, wire, pillbox <a+b+c>, fortified-building <locations>, tunnel, hip <afv|squad|hs|crew|smc> <n>, dummy <n>, booby-trap, set-dc, strongpoint <hexes>; each may end with at=<location>";

/// The step: ask (or read) the side's orders, check them together, record
/// them; the FPP not spent are forfeit (12.623).
pub fn run(s: &mut Session, side: Side) -> Result<(), Error> {
    let line = s.state.line(side).clone();
    let available = line.fpp - line.fpp_spent;
    let tables = s.tables;
    let table = &tables.fortification_purchase;
    s.say(format!(
        "{} has {available} FPP to spend (12.623); what is not spent is forfeit.",
        side.name()
    ));
    let orders_text = wizard::ask(s, side, available)?;
    let plan = plan(s, side, &orders_text)?;
    record::write(s, side, &plan, table);
    for o in &plan.bought {
        s.journal(Entry::decision(
            STEP,
            Some(side),
            true,
            format!("Fortification {}", o.text),
            format!("{} FPP", o.cost),
            "12.623",
        ));
    }
    let forfeit = available - plan.spent;
    let level = plan
        .booby
        .map_or(String::new(), |b| format!("; Booby Trap Level {b}"));
    s.say(format!(
        "{} 12.623 done: {} FPP spent, {forfeit} FPP forfeit{level}.",
        side.name(),
        plan.spent
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
    use super::record::flag_words;
    use super::wizard::bought_echo;
    use super::*;
    use crate::rules::tables::Tables;

    fn p(text: &str, side: Side) -> Result<i64, String> {
        let t = Tables::embedded().unwrap();
        price(text, |k| t.fortification_purchase.item(k).cloned(), side).map(|o| o.cost)
    }

    #[test]
    fn the_wizard_says_what_was_bought_and_flags_are_words() {
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
