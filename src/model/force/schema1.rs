//! `force.toml` schema 1, as the first releases wrote it: lines of identical
//! counters with a `count`, and boxes that mixed where a counter is with its
//! condition (Wounded Leaders, Heroic SMC, Malfunctioned, Captured). Read
//! only, to migrate a campaign to schema 2 (DESIGN §3: a newer votg opens an
//! older campaign, never refuses it).

use serde::Deserialize;

use super::{Condition, Force, ForceBox, NewCounter, SCHEMA, UnitKind};
use crate::model::side::Side;

/// The note schema 1 gave an AFV platoon with Inexperienced Crews: then the
/// only record of that fact, now a typed condition.
const INEXPERIENCED_NOTE: &str = "Inexperienced Crews (D3.45, 12.6227 *)";

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ForceV1 {
    pub schema: u32,
    pub side: Side,
    #[serde(default)]
    items: Vec<ItemV1>,
}

#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(rename_all = "kebab-case")]
enum BoxV1 {
    Retained,
    Entering,
    OnMapSetup,
    Reserve,
    DugInAfv,
    Casualties,
    WoundedLeaders,
    HeroicSmc,
    Malfunctioned,
    Captured,
    RedeployedAfv,
    RetainedWreck,
    Fortifications,
}

impl BoxV1 {
    /// The schema-2 box, and the condition a pseudo-box stood for.
    fn split(self) -> (ForceBox, Option<Condition>) {
        match self {
            BoxV1::Retained => (ForceBox::Retained, None),
            BoxV1::Entering => (ForceBox::Entering, None),
            BoxV1::OnMapSetup => (ForceBox::OnMapSetup, None),
            BoxV1::Reserve => (ForceBox::Reserve, None),
            BoxV1::DugInAfv => (ForceBox::DugInAfv, None),
            BoxV1::Casualties => (ForceBox::Casualties, None),
            BoxV1::WoundedLeaders => (ForceBox::Retained, Some(Condition::Wounded)),
            BoxV1::HeroicSmc => (ForceBox::Retained, Some(Condition::Heroic)),
            BoxV1::Malfunctioned => (ForceBox::Retained, Some(Condition::Malfunctioned)),
            BoxV1::Captured => (ForceBox::Retained, Some(Condition::Captured)),
            BoxV1::RedeployedAfv => (ForceBox::RedeployedAfv, None),
            BoxV1::RetainedWreck => (ForceBox::RetainedWreck, None),
            BoxV1::Fortifications => (ForceBox::Fortifications, None),
        }
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct ItemV1 {
    unit: String,
    kind: UnitKind,
    count: u32,
    #[serde(rename = "box")]
    place: BoxV1,
    rg: Option<String>,
    rg_row: Option<usize>,
    #[serde(default)]
    nkvd: bool,
    #[serde(default)]
    isolated: bool,
    #[serde(default)]
    ammo_shortage: bool,
    #[serde(default)]
    fanatic_next_scenario: bool,
    #[serde(default)]
    note: String,
}

impl ItemV1 {
    fn counter(&self) -> NewCounter {
        let (place, pseudo) = self.place.split();
        let mut c = NewCounter::new(self.unit.clone(), self.kind, place);
        c.rg = self.rg.clone();
        c.rg_row = self.rg_row;
        c.condition.extend(pseudo);
        let flags = [
            (self.nkvd, Condition::Nkvd),
            // Schema 1 did not name Isolated Areas.
            (self.isolated, Condition::Isolated(String::new())),
            (self.ammo_shortage, Condition::AmmoShortage),
            (self.fanatic_next_scenario, Condition::FanaticNextScenario),
        ];
        c.condition
            .extend(flags.into_iter().filter(|(on, _)| *on).map(|(_, f)| f));
        if self.note == INEXPERIENCED_NOTE {
            c.condition.insert(Condition::InexperiencedCrew);
        } else {
            c.note = self.note.clone();
        }
        c
    }
}

/// What a migration did, for the message that says so.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Migration {
    pub lines: usize,
    pub counters: usize,
    /// Counters of the Wounded Leaders, Heroic SMC, Malfunctioned and
    /// Captured boxes, now Retained with that condition.
    pub from_pseudo_boxes: usize,
}

impl Migration {
    /// What the command says about it, once.
    pub fn notice(&self, file: &str) -> String {
        let mut what = format!(
            "{} lines became {} counters, ids in file order",
            self.lines, self.counters
        );
        if self.from_pseudo_boxes > 0 {
            what.push_str(&format!(
                "; {} in the Wounded Leaders, Heroic SMC, Malfunctioned or Captured boxes are Retained with that condition",
                self.from_pseudo_boxes
            ));
        }
        format!(
            "{file} is schema 1: read by migration as schema {SCHEMA} (the counter-level Force Organizer: {what}). The next command that changes the campaign writes it in schema {SCHEMA}."
        )
    }
}

impl ForceV1 {
    /// One counter per `count`, with fresh ids in file order (the same ids
    /// every time the same file is read, until it is written in schema 2).
    pub fn migrate(&self) -> Result<(Force, Migration), (String, String, String)> {
        let mut force = Force::new(self.side);
        let mut from_pseudo_boxes = 0;
        for (i, item) in self.items.iter().enumerate() {
            if item.count == 0 {
                return Err((
                    format!("items[{i}].count"),
                    "0".into(),
                    "a line holds at least one counter".into(),
                ));
            }
            force.add_n(&item.counter(), item.count);
            if item.place.split().1.is_some() {
                from_pseudo_boxes += item.count as usize;
            }
        }
        let m = Migration {
            lines: self.items.len(),
            counters: force.counters.len(),
            from_pseudo_boxes,
        };
        Ok((force, m))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const OLD: &str = r#"
schema = 1
side = "russian"

[[items]]
unit = "6-2-8"
kind = "squad"
count = 2
box = "retained"
rg = "I5"
rg_row = 1
nkvd = true

[[items]]
unit = "8-1"
kind = "leader"
count = 1
box = "wounded-leaders"

[[items]]
unit = "MMG"
kind = "sw"
count = 1
box = "captured"
isolated = true
ammo_shortage = true
note = "taken at the station"

[[items]]
unit = "T-34 M41"
kind = "vehicle"
count = 2
box = "entering"
note = "Inexperienced Crews (D3.45, 12.6227 *)"
"#;

    #[test]
    fn design_3_schema_1_lines_become_counters_with_ids_in_order() {
        let old: ForceV1 = toml::from_str(OLD).unwrap();
        let (f, m) = old.migrate().unwrap();
        assert_eq!(
            m,
            Migration {
                lines: 4,
                counters: 6,
                from_pseudo_boxes: 2,
            }
        );
        let ids: Vec<String> = f.counters.iter().map(|c| c.id.to_string()).collect();
        assert_eq!(ids, ["R-1", "R-2", "R-3", "R-4", "R-5", "R-6"]);
        assert_eq!(f.next_id, 7);
        assert_eq!(f.schema, SCHEMA);
        assert!(
            m.notice("russian/force.toml")
                .contains("2 in the Wounded Leaders")
        );
        assert!(
            f.counters[..2]
                .iter()
                .all(|c| c.has(&Condition::Nkvd) && c.rg_row == Some(1) && c.unit == "6-2-8")
        );
        assert!(f.validate(Side::Russian, 1).is_ok());
    }

    #[test]
    fn design_3_schema_1_pseudo_boxes_become_conditions() {
        let (f, _) = ForceV1::migrate(&toml::from_str(OLD).unwrap()).unwrap();
        let leader = &f.counters[2];
        assert_eq!(leader.place, ForceBox::Retained);
        assert!(leader.has(&Condition::Wounded));
        let mmg = &f.counters[3];
        assert_eq!(mmg.place, ForceBox::Retained);
        assert!(mmg.has(&Condition::Captured) && mmg.has(&Condition::AmmoShortage));
        assert_eq!(mmg.isolated_area(), Some(""));
        assert_eq!(mmg.note, "taken at the station");
        let t34 = &f.counters[4];
        assert!(t34.has(&Condition::InexperiencedCrew));
        assert!(t34.note.is_empty());
    }

    #[test]
    fn a_schema_1_line_of_no_counters_is_refused() {
        let text = OLD.replacen("count = 2", "count = 0", 1);
        let old: ForceV1 = toml::from_str(&text).unwrap();
        assert_eq!(old.migrate().unwrap_err().0, "items[0].count");
    }
}
