//! The Force Organizer (the Chapter V divider, 12.15) at counter level: every
//! counter of a side with a stable id, the RG it came with, the box it sits
//! in and its condition (DESIGN §3, `force.toml` schema 2).
//!
//! The operations here are what the RePh steps do to counters: add new ones,
//! move one to another box, change its condition or its unit (Battle
//! Hardening, Casualty Reduction keep its id), split a squad into half-squads
//! (new ids), eliminate one (to Casualties).

mod counter;
mod place;
pub mod schema1;
pub mod sheet;

use std::fmt;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

pub use counter::{Condition, Counter, CounterId, NewCounter, UnitKind};
pub use place::ForceBox;

use crate::model::side::Side;

/// The `schema` of `force.toml` this votg writes. Schema 1 (lines of
/// identical counters with a count) is read by migration (`schema1`).
pub const SCHEMA: u32 = 2;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Force {
    pub schema: u32,
    pub side: Side,
    /// The number the next new counter gets: ids are never reused, not even
    /// those of counters gone from the file (a Deployed squad).
    pub next_id: u32,
    /// Shared between the copies a run makes of the campaign step by step
    /// (a change copies it, `Arc::make_mut`): telling an unchanged Force
    /// Organizer from the last one written is one pointer comparison.
    #[serde(default)]
    pub counters: Arc<Vec<Counter>>,
}

/// An operation on a counter the Force Organizer cannot carry out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ForceError {
    UnknownCounter(CounterId),
}

impl fmt::Display for ForceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ForceError::UnknownCounter(id) => write!(
                f,
                "there is no counter {id} in the {} Force Organizer (`votg force --side {}` lists them)",
                id.side.name(),
                id.side.id()
            ),
        }
    }
}

impl std::error::Error for ForceError {}

impl Force {
    pub fn new(side: Side) -> Self {
        Force {
            schema: SCHEMA,
            side,
            next_id: 1,
            counters: Arc::default(),
        }
    }

    /// The counters, to change: copied first if another copy of the
    /// campaign shares them (see [`Force::counters`]).
    pub fn counters_mut(&mut self) -> &mut Vec<Counter> {
        Arc::make_mut(&mut self.counters)
    }

    /// Adds one counter with a fresh id, at the end.
    pub fn add(&mut self, c: NewCounter) -> CounterId {
        let id = self.fresh_id();
        self.counters_mut().push(Counter::from_new(id, c));
        id
    }

    /// Adds `n` identical counters, each with its own fresh id.
    pub fn add_n(&mut self, c: &NewCounter, n: u32) -> Vec<CounterId> {
        (0..n).map(|_| self.add(c.clone())).collect()
    }

    fn fresh_id(&mut self) -> CounterId {
        let id = CounterId::new(self.side, self.next_id);
        self.next_id += 1;
        id
    }

    pub fn get(&self, id: CounterId) -> Option<&Counter> {
        self.counters.iter().find(|c| c.id == id)
    }

    pub fn get_mut(&mut self, id: CounterId) -> Option<&mut Counter> {
        self.counters_mut().iter_mut().find(|c| c.id == id)
    }

    fn find_mut(&mut self, id: CounterId) -> Result<&mut Counter, ForceError> {
        self.get_mut(id).ok_or(ForceError::UnknownCounter(id))
    }

    fn index(&self, id: CounterId) -> Result<usize, ForceError> {
        self.counters
            .iter()
            .position(|c| c.id == id)
            .ok_or(ForceError::UnknownCounter(id))
    }

    /// Puts a counter in another box; its condition goes with it.
    pub fn move_to(&mut self, id: CounterId, place: ForceBox) -> Result<(), ForceError> {
        self.find_mut(id)?.place = place;
        Ok(())
    }

    /// Gives a counter a condition; one of the same kind (another Isolated
    /// Area) is replaced.
    pub fn set_condition(&mut self, id: CounterId, condition: Condition) -> Result<(), ForceError> {
        let c = self.find_mut(id)?;
        c.condition.retain(|x| !x.same_kind(&condition));
        c.condition.insert(condition);
        Ok(())
    }

    /// Takes a condition (of that kind) off a counter; whether it had one.
    pub fn clear_condition(
        &mut self,
        id: CounterId,
        condition: &Condition,
    ) -> Result<bool, ForceError> {
        let c = self.find_mut(id)?;
        let before = c.condition.len();
        c.condition.retain(|x| !x.same_kind(condition));
        Ok(c.condition.len() != before)
    }

    /// Takes a condition (of that kind) off every counter that has one (a
    /// status whose rule ends it for all at once); the ids of those that
    /// had it, in file order.
    pub fn clear_all(&mut self, condition: &Condition) -> Vec<CounterId> {
        let ids: Vec<CounterId> = self
            .counters
            .iter()
            .filter(|c| c.condition.iter().any(|x| x.same_kind(condition)))
            .map(|c| c.id)
            .collect();
        if !ids.is_empty() {
            for c in self.counters_mut() {
                c.condition.retain(|x| !x.same_kind(condition));
            }
        }
        ids
    }

    /// The counter becomes another unit (a 4-4-7 Battle Hardened to a 4-5-8,
    /// a leader exchanged for a Commissar) and keeps its id.
    pub fn replace_unit(
        &mut self,
        id: CounterId,
        unit: impl Into<String>,
        kind: UnitKind,
    ) -> Result<(), ForceError> {
        let c = self.find_mut(id)?;
        c.unit = unit.into();
        c.kind = kind;
        Ok(())
    }

    /// Replaces a counter by `n` counters of `unit` (a squad Deployed or
    /// Casualty-Reduced into half-squads), in its place in the file, with its
    /// box, RG and condition, and fresh ids. The old id is retired.
    pub fn split(
        &mut self,
        id: CounterId,
        unit: &str,
        kind: UnitKind,
        n: u32,
    ) -> Result<Vec<CounterId>, ForceError> {
        let at = self.index(id)?;
        let old = self.counters_mut().remove(at);
        let mut ids = Vec::new();
        for k in 0..n as usize {
            let new_id = self.fresh_id();
            let mut c = old.clone();
            c.id = new_id;
            c.unit = unit.into();
            c.kind = kind;
            self.counters_mut().insert(at + k, c);
            ids.push(new_id);
        }
        Ok(ids)
    }

    /// Takes a counter out of the Force Organizer altogether (it was never
    /// a casualty: a Deployed squad's counter, an exchanged leader). Its id
    /// is not given again.
    pub fn remove(&mut self, id: CounterId) -> Result<Counter, ForceError> {
        let at = self.index(id)?;
        Ok(self.counters_mut().remove(at))
    }

    /// The counter is eliminated: it goes to the Casualties box.
    pub fn eliminate(&mut self, id: CounterId) -> Result<(), ForceError> {
        self.move_to(id, ForceBox::Casualties)
    }

    /// The counters in one box, in file order.
    pub fn in_box(&self, place: ForceBox) -> impl Iterator<Item = &Counter> {
        self.counters.iter().filter(move |c| c.place == place)
    }

    /// The counters that came with one purchase-record row (1-based).
    pub fn of_rg_row(&self, row: usize) -> impl Iterator<Item = &Counter> {
        self.counters.iter().filter(move |c| c.rg_row == Some(row))
    }

    /// The counters not in the Casualties box.
    pub fn live(&self) -> impl Iterator<Item = &Counter> {
        self.counters
            .iter()
            .filter(|c| c.place != ForceBox::Casualties)
    }

    pub fn validate(
        &self,
        side: Side,
        purchase_rows: usize,
    ) -> Result<(), (String, String, String)> {
        if self.side != side {
            return Err((
                "side".into(),
                self.side.to_string(),
                format!("this is the {side} Force Organizer"),
            ));
        }
        let mut seen = std::collections::BTreeSet::new();
        for (i, c) in self.counters.iter().enumerate() {
            let field = |f: &str| format!("counters[{i}].{f}");
            if c.id.side != side {
                return Err((
                    field("id"),
                    c.id.to_string(),
                    format!(
                        "{} counters have ids {}-<number>",
                        side.name(),
                        CounterId::letter(side)
                    ),
                ));
            }
            if c.id.n >= self.next_id {
                return Err((
                    field("id"),
                    c.id.to_string(),
                    format!(
                        "next_id is {}: every id is below it (raise next_id above the highest id)",
                        self.next_id
                    ),
                ));
            }
            if !seen.insert(c.id) {
                return Err((
                    field("id"),
                    c.id.to_string(),
                    "two counters have this id; give one a new id (next_id, then raise next_id)"
                        .into(),
                ));
            }
            if let Some(r) = c.rg_row
                && (r == 0 || r > purchase_rows)
            {
                return Err((
                    field("rg_row"),
                    r.to_string(),
                    format!("purchases.csv has {purchase_rows} rows"),
                ));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn squads(force: &mut Force, n: u32) -> Vec<CounterId> {
        let mut c = NewCounter::new("4-4-7", UnitKind::Squad, ForceBox::Retained);
        c.rg = Some("I1".into());
        c.rg_row = Some(1);
        force.add_n(&c, n)
    }

    #[test]
    fn design_3_new_counters_get_fresh_ids_in_order() {
        let mut f = Force::new(Side::Russian);
        let ids = squads(&mut f, 3);
        let names: Vec<String> = ids.iter().map(ToString::to_string).collect();
        assert_eq!(names, ["R-1", "R-2", "R-3"]);
        assert_eq!(f.next_id, 4);
        assert_eq!(f.get(ids[1]).unwrap().unit, "4-4-7");
    }

    #[test]
    fn design_3_ids_are_never_reused() {
        let mut f = Force::new(Side::German);
        let ids = squads(&mut f, 2);
        f.remove(ids[1]).unwrap();
        let next = f.add(NewCounter::new("LMG", UnitKind::Sw, ForceBox::Retained));
        assert_eq!(next.to_string(), "G-3");
        assert!(f.get(ids[1]).is_none());
    }

    #[test]
    fn move_and_eliminate_keep_id_and_condition() {
        let mut f = Force::new(Side::Russian);
        let id = squads(&mut f, 1)[0];
        f.set_condition(id, Condition::Nkvd).unwrap();
        f.move_to(id, ForceBox::Reserve).unwrap();
        assert_eq!(f.in_box(ForceBox::Reserve).count(), 1);
        f.eliminate(id).unwrap();
        let c = f.get(id).unwrap();
        assert_eq!(
            (c.place, c.has(&Condition::Nkvd)),
            (ForceBox::Casualties, true)
        );
        assert_eq!(f.live().count(), 0);
    }

    #[test]
    fn a_condition_replaces_one_of_its_kind() {
        let mut f = Force::new(Side::Russian);
        let id = squads(&mut f, 1)[0];
        f.set_condition(id, Condition::Isolated("A".into()))
            .unwrap();
        f.set_condition(id, Condition::Isolated("B".into()))
            .unwrap();
        f.set_condition(id, Condition::AmmoShortage).unwrap();
        assert_eq!(f.get(id).unwrap().isolated_area(), Some("B"));
        assert_eq!(f.get(id).unwrap().condition.len(), 2);
        assert!(
            f.clear_condition(id, &Condition::Isolated(String::new()))
                .unwrap()
        );
        assert!(
            !f.clear_condition(id, &Condition::Isolated(String::new()))
                .unwrap()
        );
        assert_eq!(f.get(id).unwrap().isolated_area(), None);
    }

    #[test]
    fn clear_all_takes_a_status_off_every_counter_and_names_them() {
        let mut f = Force::new(Side::German);
        let ids = squads(&mut f, 3);
        for id in [ids[0], ids[2]] {
            f.set_condition(id, Condition::Isolated(format!("{id}")))
                .unwrap();
        }
        f.set_condition(ids[1], Condition::Nkvd).unwrap();
        let before = f.counters.clone();
        assert_eq!(f.clear_all(&Condition::Encircled), vec![]);
        assert!(Arc::ptr_eq(&before, &f.counters), "nothing copied");
        assert_eq!(
            f.clear_all(&Condition::Isolated(String::new())),
            vec![ids[0], ids[2]]
        );
        assert!(f.counters.iter().all(|c| c.isolated_area().is_none()));
        assert!(f.get(ids[1]).unwrap().has(&Condition::Nkvd));
    }

    #[test]
    fn battle_hardening_keeps_the_id() {
        let mut f = Force::new(Side::Russian);
        let id = squads(&mut f, 1)[0];
        f.replace_unit(id, "4-5-8", UnitKind::Squad).unwrap();
        let c = f.get(id).unwrap();
        assert_eq!((c.unit.as_str(), c.rg_row), ("4-5-8", Some(1)));
    }

    #[test]
    fn a_split_squad_becomes_two_half_squads_with_new_ids_in_its_place() {
        let mut f = Force::new(Side::Russian);
        let ids = squads(&mut f, 3);
        f.set_condition(ids[1], Condition::Nkvd).unwrap();
        let hs = f.split(ids[1], "2-2-7", UnitKind::Hs, 2).unwrap();
        let order: Vec<String> = f.counters.iter().map(|c| c.id.to_string()).collect();
        assert_eq!(order, ["R-1", "R-4", "R-5", "R-3"]);
        for id in hs {
            let c = f.get(id).unwrap();
            assert_eq!((c.unit.as_str(), c.kind), ("2-2-7", UnitKind::Hs));
            assert!(c.has(&Condition::Nkvd));
            assert_eq!(c.rg_row, Some(1));
        }
        assert!(f.get(ids[1]).is_none());
        assert_eq!(f.of_rg_row(1).count(), 4);
    }

    #[test]
    fn an_unknown_id_is_refused_by_name() {
        let mut f = Force::new(Side::German);
        let id = CounterId::new(Side::German, 9);
        let e = f.eliminate(id).unwrap_err();
        assert_eq!(e, ForceError::UnknownCounter(id));
        assert!(e.to_string().contains("G-9"));
        assert!(f.replace_unit(id, "x", UnitKind::Sw).is_err());
        assert!(f.split(id, "x", UnitKind::Hs, 2).is_err());
        assert!(f.set_condition(id, Condition::Wounded).is_err());
    }

    #[test]
    fn design_3_validation_finds_duplicate_foreign_and_future_ids() {
        let mut f = Force::new(Side::German);
        squads(&mut f, 2);
        assert!(f.validate(Side::German, 1).is_ok());
        let mut dup = f.clone();
        dup.counters_mut()[1].id = dup.counters[0].id;
        assert_eq!(
            dup.validate(Side::German, 1).unwrap_err().0,
            "counters[1].id"
        );
        let mut foreign = f.clone();
        foreign.counters_mut()[0].id = CounterId::new(Side::Russian, 1);
        assert_eq!(foreign.validate(Side::German, 1).unwrap_err().1, "R-1");
        let mut future = f.clone();
        future.next_id = 2;
        assert_eq!(future.validate(Side::German, 1).unwrap_err().1, "G-2");
        assert_eq!(
            f.validate(Side::German, 0).unwrap_err().0,
            "counters[0].rg_row"
        );
    }

    #[test]
    fn design_3_force_toml_round_trips_with_conditions() {
        let mut f = Force::new(Side::Russian);
        let id = squads(&mut f, 1)[0];
        f.set_condition(id, Condition::Nkvd).unwrap();
        f.set_condition(id, Condition::Isolated("Pocket 1".into()))
            .unwrap();
        let text = toml::to_string_pretty(&f).unwrap();
        assert!(text.contains("id = \"R-1\""), "{text}");
        let back: Force = toml::from_str(&text).unwrap();
        assert_eq!(back, f);
    }
}
