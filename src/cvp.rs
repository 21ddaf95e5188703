//! Casualty VP of a counter (A26.2), for the sums of 12.12 and C26.
//!
//! Kept minimal on this branch: the aftermath work ships the A26.2 values
//! as editable data; the lead reconciles the two behind this one name.

use crate::force::{Counter, UnitKind};

/// The Casualty VP (A26.2) a counter is worth when it is Eliminated: a
/// squad 2, a half-squad or crew 1, a leader 1 plus his negative leadership
/// modifier (a 9-2 is 3), any other SMC (hero, commissar) 1. Other kinds
/// (Guns, vehicles, SW) are not valued here: 0.
pub fn cvp_of(c: &Counter) -> u32 {
    if hero_unit(&c.unit) {
        return 1;
    }
    match c.kind {
        UnitKind::Squad => 2,
        UnitKind::Hs | UnitKind::Crew => 1,
        UnitKind::Leader | UnitKind::ArmorLeader | UnitKind::Commissar => {
            1 + leadership(&c.unit).map_or(0, |m| m.unsigned_abs())
        }
        _ => 0,
    }
}

/// A hero's counter: three factors, FP 1 ("1-4-9").
pub fn hero_unit(unit: &str) -> bool {
    let parts: Vec<&str> = unit.split('-').collect();
    parts.len() == 3 && parts[0] == "1"
}

/// The leadership modifier of a leader counter "9-2" (−2) or "8+1" (+1
/// counts as 0: only a negative modifier adds).
fn leadership(unit: &str) -> Option<i32> {
    let at = unit.rfind(['-', '+'])?;
    let n: i32 = unit[at + 1..].trim().parse().ok()?;
    Some(if unit.as_bytes()[at] == b'-' { -n } else { 0 })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::force::{ForceBox, NewCounter};
    use crate::side::Side;

    fn counter(unit: &str, kind: UnitKind) -> Counter {
        Counter::from_new(
            crate::force::CounterId::new(Side::German, 1),
            NewCounter::new(unit, kind, ForceBox::Retained),
        )
    }

    #[test]
    fn a26_2_personnel_values() {
        assert_eq!(cvp_of(&counter("4-6-7", UnitKind::Squad)), 2);
        assert_eq!(cvp_of(&counter("2-4-7", UnitKind::Hs)), 1);
        assert_eq!(cvp_of(&counter("9-2", UnitKind::Leader)), 3);
        assert_eq!(cvp_of(&counter("8-0", UnitKind::Leader)), 1);
        assert_eq!(cvp_of(&counter("8+1", UnitKind::Leader)), 1);
        assert_eq!(cvp_of(&counter("1-4-9", UnitKind::Leader)), 1);
    }
}
