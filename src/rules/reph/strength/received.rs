//! What one RG brought (12.622): the purchase-record columns, and its
//! counters as the charts give them, in lines of identical counters ("3 x
//! 5-4-8") until they join the Force Organizer one by one with their ids.

use std::collections::BTreeMap;

use crate::model::force::{ForceBox, NewCounter, UnitKind};

/// Identical counters of one RG, before they get ids.
#[derive(Debug, Clone)]
pub(super) struct Line {
    pub counter: NewCounter,
    pub count: u32,
}

#[derive(Default)]
pub(super) struct Received {
    pub strength: String,
    pub units: u32,
    pub sw: BTreeMap<String, u32>,
    pub guns: Vec<String>,
    pub leaders: Vec<String>,
    pub other: Vec<String>,
    pub lines: Vec<Line>,
}

impl Received {
    /// A received with the Str. column already known.
    pub fn at(strength: &str) -> Self {
        Received {
            strength: strength.to_string(),
            ..Received::default()
        }
    }

    /// `count` counters of `unit`; none when `count` is 0. Their box is set
    /// when the RG's counters join the Force Organizer.
    pub fn add(&mut self, unit: &str, kind: UnitKind, count: u32, note: &str) {
        if count == 0 {
            return;
        }
        let counter = NewCounter::new(unit, kind, ForceBox::Retained).with_note(note);
        self.lines.push(Line { counter, count });
    }

    /// How many counters of these kinds it brought.
    pub fn count_of(&self, kinds: &[UnitKind]) -> u32 {
        self.lines
            .iter()
            .filter(|l| kinds.contains(&l.counter.kind))
            .map(|l| l.count)
            .sum()
    }

    /// Folds identical lines ("1 x 1-2-7" twice) into one, and counts
    /// identical Guns in the Guns column ("45L AT x2").
    pub fn merge(&mut self) {
        let mut merged: Vec<Line> = Vec::new();
        for line in self.lines.drain(..) {
            match merged.iter_mut().find(|m| m.counter == line.counter) {
                Some(m) => m.count += line.count,
                None => merged.push(line),
            }
        }
        self.lines = merged;
        let mut guns: Vec<String> = Vec::new();
        for g in &self.guns {
            if !guns.contains(g) {
                guns.push(g.clone());
            }
        }
        self.guns = guns
            .iter()
            .map(|g| match self.guns.iter().filter(|x| *x == g).count() {
                1 => g.clone(),
                n => format!("{g} x{n}"),
            })
            .collect();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identical_lines_fold_in_order_of_first_appearance() {
        let mut got = Received::default();
        got.add("MMG", UnitKind::Sw, 1, "");
        got.add("1-2-7", UnitKind::Crew, 1, "crew");
        got.add("MMG", UnitKind::Sw, 1, "");
        got.add("1-2-7", UnitKind::Crew, 1, "crew");
        got.add("1-2-7", UnitKind::Crew, 0, "none at all");
        got.guns = vec!["45L AT".into(), "76L ART".into(), "45L AT".into()];
        got.merge();
        let lines: Vec<(&str, u32)> = got
            .lines
            .iter()
            .map(|l| (l.counter.unit.as_str(), l.count))
            .collect();
        assert_eq!(lines, [("MMG", 2), ("1-2-7", 2)]);
        assert_eq!(got.guns, ["45L AT x2", "76L ART"]);
        assert_eq!(got.count_of(&[UnitKind::Crew, UnitKind::Squad]), 2);
    }
}
