//! Casualty VP of a counter (A26.2), for the sums of 12.12 and C26: the
//! values are the editable data of `tables/casualty-vp.toml`
//! (`reph::casualty_vp`); this adds only how a Heroic "1-x-y" counter is
//! told apart from a leader.

use crate::error::Error;
use crate::model::force::{Counter, UnitKind};
use crate::rules::tables::Tables;

/// The Casualty VP (A26.2) a counter is worth when it is Eliminated.
pub fn cvp_of(tables: &Tables, c: &Counter) -> Result<u32, Error> {
    let kind = if hero_unit(&c.unit) {
        UnitKind::Hero
    } else {
        c.kind
    };
    crate::rules::reph::casualty_vp::of(tables, kind, &c.unit)
}

/// A hero's counter: three factors, FP 1 ("1-4-9").
pub fn hero_unit(unit: &str) -> bool {
    let parts: Vec<&str> = unit.split('-').collect();
    parts.len() == 3 && parts[0] == "1"
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::force::{ForceBox, NewCounter};
    use crate::model::side::Side;

    fn counter(unit: &str, kind: UnitKind) -> Counter {
        Counter::from_new(
            crate::model::force::CounterId::new(Side::German, 1),
            NewCounter::new(unit, kind, ForceBox::Retained),
        )
    }

    #[test]
    fn a26_2_personnel_values_from_the_data_and_a_hero_is_no_leader() {
        let t = Tables::embedded().unwrap();
        let v = |unit, kind| cvp_of(&t, &counter(unit, kind)).unwrap();
        assert_eq!(v("4-6-7", UnitKind::Squad), 2);
        assert_eq!(v("2-4-7", UnitKind::Hs), 1);
        assert_eq!(v("9-2", UnitKind::Leader), 3);
        assert_eq!(v("8-0", UnitKind::Leader), 1);
        assert_eq!(v("8+1", UnitKind::Leader), 1);
        // A Heroic 1-4-9 is worth a hero's 1, not 1 + "9" of leadership.
        assert_eq!(v("1-4-9", UnitKind::Leader), 1);
    }
}
