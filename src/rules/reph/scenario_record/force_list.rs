//! A side's force in play, as its owner reads it before saying what the
//! scenario did to it: one line per RG (and box), like counters of one
//! type in an id range (`G-1..G-12 4-6-7 x12`), so 72 counters fit on a
//! dozen lines and the player names only what changed.

use crate::model::force::{Counter, Force, ForceBox};

/// The lines of `force`'s counters in play (not Casualties, not its
/// Fortifications), grouped by RG and box in Force order.
pub fn lines(force: &Force) -> Vec<String> {
    let mut groups: Vec<(String, Vec<&Counter>)> = Vec::new();
    for c in force.live().filter(|c| c.place != ForceBox::Fortifications) {
        let key = format!(
            "{} ({})",
            c.rg.clone().unwrap_or_else(|| "Initial OB".into()),
            c.place.id()
        );
        match groups.iter_mut().find(|(k, _)| *k == key) {
            Some((_, list)) => list.push(c),
            None => groups.push((key, vec![c])),
        }
    }
    groups
        .into_iter()
        .map(|(key, list)| format!("  {key}: {}", runs(&list).join(", ")))
        .collect()
}

/// Consecutive counters of one unit and no condition as one run.
fn runs(list: &[&Counter]) -> Vec<String> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < list.len() {
        let first = list[i];
        let mut j = i + 1;
        while j < list.len()
            && plain(first)
            && plain(list[j])
            && list[j].unit == first.unit
            && list[j].id.n == list[j - 1].id.n + 1
        {
            j += 1;
        }
        out.push(if j - i > 1 {
            format!("{}..{} {} x{}", first.id, list[j - 1].id, first.unit, j - i)
        } else {
            one(first)
        });
        i = j;
    }
    out
}

fn plain(c: &Counter) -> bool {
    c.condition.is_empty()
}

fn one(c: &Counter) -> String {
    let cond = c.condition_text();
    if cond.is_empty() {
        format!("{} {}", c.id, c.unit)
    } else {
        format!("{} {} [{cond}]", c.id, c.unit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::force::{Condition, NewCounter, UnitKind};
    use crate::model::side::Side;

    #[test]
    fn design_5_a_force_is_listed_by_rg_with_runs_of_like_counters() {
        let mut f = Force::new(Side::German);
        let rg = |mut c: NewCounter, id: &str| {
            c.rg = Some(id.into());
            c
        };
        let squad = rg(
            NewCounter::new("4-6-7", UnitKind::Squad, ForceBox::Retained),
            "I1",
        );
        f.add_n(&squad, 3);
        f.add_n(
            &rg(
                NewCounter::new("MMG", UnitKind::Sw, ForceBox::Retained),
                "I1",
            )
            .with(Condition::Malfunctioned),
            1,
        );
        f.add_n(
            &rg(
                NewCounter::new("StuG IIIB", UnitKind::Vehicle, ForceBox::Entering),
                "A1",
            ),
            2,
        );
        let l = lines(&f);
        assert_eq!(l.len(), 2, "{l:?}");
        assert!(
            l[0].starts_with("  I1 (retained): G-1..G-3 4-6-7 x3, G-4 MMG ["),
            "{l:?}"
        );
        assert_eq!(l[1], "  A1 (entering): G-5..G-6 StuG IIIB x2");
    }
}
