//! Writing a side's 12.623 purchases: the CG Roster line's FPP, mine FPP,
//! Booby Trap Level and fortifications, and a Force Organizer counter for
//! each fortification bought.

use super::order::Order;
use super::plan::Plan;
use crate::model::force::{ForceBox, NewCounter, UnitKind};
use crate::model::side::Side;
use crate::rules::fortification_table::FortificationTable;
use crate::rules::reph::session::Session;

/// Records `plan` on the side's current roster line and Force Organizer.
pub fn write(s: &mut Session, side: Side, plan: &Plan, table: &FortificationTable) {
    let files = s.state.side_mut(side);
    let roster_line = files.roster.current_mut().expect("validated");
    roster_line.fpp_spent += plan.spent;
    roster_line.mine_fpp += plan
        .bought
        .iter()
        .filter(|o| matches!(o.keyword.as_str(), "ap-mine" | "at-mine"))
        .map(|o| o.cost)
        .sum::<i64>();
    roster_line.booby_trap = plan.booby.clone();
    for o in &plan.bought {
        let name = table
            .item(&o.keyword)
            .map_or(o.keyword.clone(), |i| i.name.clone());
        let (described, count) = described(o, &name);
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
            let mut notes = flag_words(&o.flags);
            if let Some(a) = &o.at {
                notes.push(format!("at {a}"));
            }
            item.note = notes.join("; ");
            files.force.add_n(&item, count);
        }
    }
}

/// The counter's name, and how many counters (or Locations, hexes, units)
/// the order stands for.
fn described(o: &Order, name: &str) -> (String, u32) {
    match (&o.variant, o.keyword.as_str()) {
        (Some(v), "hip") => (format!("HIP ({v})"), o.amount),
        (Some(v), "foxhole") => (format!("Foxhole ({v}-squad)"), 1),
        (Some(v), "pillbox") => (format!("Pillbox {v}"), 1),
        (None, "ap-mine" | "at-mine") => (format!("{name} {} factors", o.amount), 1),
        (None, "fortified-building") => ("Fortified Building Location".to_string(), o.amount),
        (None, "strongpoint") => ("Battalion Strongpoint hex".to_string(), o.amount),
        (None, "dummy") => ("\"?\"".to_string(), o.amount),
        _ => (name.to_string(), 1),
    }
}

/// The Fortification Purchase Table's superscripts in words (12.623): F,
/// I and R as the Force Organizer's note says them.
pub(super) fn flag_words(flags: &str) -> Vec<String> {
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
