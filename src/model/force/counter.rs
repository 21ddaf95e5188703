//! One counter of the Force Organizer: its stable id, what it is, the RG it
//! came with, where it is and, apart from where it is, its condition.

use std::collections::BTreeSet;
use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::ForceBox;
use crate::model::side::Side;

/// A counter's id, e.g. `G-17` (German) or `R-5` (Russian): shown on every
/// sheet, never reused, kept when the counter changes (Battle Hardening,
/// Casualty Reduction) so a player can follow one counter through a CG.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct CounterId {
    pub side: Side,
    pub n: u32,
}

impl CounterId {
    pub fn new(side: Side, n: u32) -> Self {
        CounterId { side, n }
    }

    /// The letter of a side's ids: `G` German, `R` Russian.
    pub fn letter(side: Side) -> char {
        match side {
            Side::German => 'G',
            Side::Russian => 'R',
        }
    }
}

impl fmt::Display for CounterId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", CounterId::letter(self.side), self.n)
    }
}

impl FromStr for CounterId {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad =
            || format!("`{s}` is not a counter id: G-<number> (German) or R-<number> (Russian)");
        let (letter, n) = s.split_once('-').ok_or_else(bad)?;
        let side = match letter {
            "G" | "g" => Side::German,
            "R" | "r" => Side::Russian,
            _ => return Err(bad()),
        };
        let n: u32 = n.parse().map_err(|_| bad())?;
        if n == 0 {
            return Err(bad());
        }
        Ok(CounterId { side, n })
    }
}

impl Serialize for CounterId {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for CounterId {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum UnitKind {
    Squad,
    Hs,
    Crew,
    Leader,
    Commissar,
    ArmorLeader,
    Sw,
    Gun,
    /// A hero created in play (A15.2): an SMC that is not a leader.
    Hero,
    Vehicle,
    Fortification,
    Capability,
}

impl UnitKind {
    pub fn id(self) -> &'static str {
        match self {
            UnitKind::Squad => "squad",
            UnitKind::Hs => "hs",
            UnitKind::Crew => "crew",
            UnitKind::Leader => "leader",
            UnitKind::Commissar => "commissar",
            UnitKind::ArmorLeader => "armor-leader",
            UnitKind::Sw => "sw",
            UnitKind::Gun => "gun",
            UnitKind::Hero => "hero",
            UnitKind::Vehicle => "vehicle",
            UnitKind::Fortification => "fortification",
            UnitKind::Capability => "capability",
        }
    }
}

/// What may be true of a counter wherever it is (DESIGN §3). A set of these
/// is the counter's condition; the box it sits in is kept apart.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Condition {
    /// A wounded leader (12.6073, the Wounded Leader Table).
    Wounded,
    /// A Heroic SMC (A15.2).
    Heroic,
    Malfunctioned,
    Disabled,
    /// A weapon captured from the enemy.
    Captured,
    Immobilized,
    Shocked,
    Abandoned,
    Bogged,
    /// An AFV under Recall (D5.341).
    Recall,
    /// Labor Status at its -1 level: a -1 Labor counter (12.6151e/f). Written
    /// `labor-1`; the plain `labor` of earlier files loads as this level.
    #[serde(rename = "labor-1", alias = "labor")]
    Labor,
    /// Labor Status at its -2 level: the Labor counter flipped to its -2
    /// side after a further failure (12.6151e/f).
    #[serde(rename = "labor-2")]
    Labor2,
    /// Ammunition Shortage (A19.131).
    AmmoShortage,
    /// Isolated, in the named Isolated Area.
    Isolated(String),
    /// Fanatic in the next scenario.
    FanaticNextScenario,
    /// An AFV platoon's Inexperienced Crews (D3.45, 12.6227).
    InexperiencedCrew,
    /// Battle Hardened in this RePh (so not again in it).
    BattleHardened,
    /// NKVD (A25.22).
    Nkvd,
    /// Encircled at scenario end (A7.7): a 1TC at 12.6051.
    Encircled,
    /// Infantry in an A-P minefield hex at scenario end: an NTC at 12.6052.
    ApMinefield,
    /// A prisoner (A20.5) Guarded by the named enemy counter; settled at 12.609.
    PrisonerOf(CounterId),
    /// A German unit Interdicting a Ferry Landing (12.602): it keeps its TI
    /// counter until the next scenario starts (12.6264) and is not cleared
    /// from the map (12.608).
    Interdicting,
    /// The leader whose DRM applies to this unit's 12.605 TC (A10.7): the
    /// leader it stood with.
    LedBy(CounterId),
    /// A Russian Assault Engineer that was Replaced: it keeps no Assault
    /// Engineer capabilities for the rest of the CG, even if it Battle
    /// Hardens back to its type (VotG24).
    LostAssaultEngineer,
    /// A FT or DC removed from play, with the Original effects DR of its
    /// removal (12.6154).
    RemovedFromPlay(u8),
    /// A captured AFV (or weapon) taken from this enemy counter: its enemy
    /// Pltn is that counter's (12.6162, C47).
    CapturedFrom(CounterId),
    /// An AFV that is a wreck (CG7): on the map until Recovered (12.6151d),
    /// then in the Retained Wreck box until Repaired (12.6151f).
    Wreck,
    /// One weapon of a vehicle malfunctioned, by its name on the counter
    /// (`MA`, `BMG`, `CMG`, `AAMG` …; 12.6152).
    MalfunctionedWeapon(String),
    /// One weapon of a vehicle Disabled (12.6152, 12.6153, 12.6161).
    DisabledWeapon(String),
    /// A Wreck or abandoned AFV the players reported outside its side's
    /// Perimeter Area at 12.606 (no -2 for its Recovery, 12.6151d); as
    /// reported at each 12.606, until it leaves the map.
    OutsidePerimeter,
}

impl Condition {
    /// How the sheets name it.
    pub fn label(&self) -> String {
        match self {
            Condition::Wounded => "Wounded".into(),
            Condition::Heroic => "Heroic".into(),
            Condition::Malfunctioned => "Malfunctioned".into(),
            Condition::Disabled => "Disabled".into(),
            Condition::Captured => "Captured".into(),
            Condition::Immobilized => "Immobilized".into(),
            Condition::Shocked => "Shocked".into(),
            Condition::Abandoned => "Abandoned".into(),
            Condition::Bogged => "Bogged".into(),
            Condition::Recall => "under Recall".into(),
            Condition::Labor => "Labor Status -1".into(),
            Condition::Labor2 => "Labor Status -2".into(),
            Condition::AmmoShortage => "Ammo Shortage".into(),
            Condition::Isolated(area) if area.is_empty() => "Isolated".into(),
            Condition::Isolated(area) => format!("Isolated ({area})"),
            Condition::FanaticNextScenario => "Fanatic next scenario".into(),
            Condition::InexperiencedCrew => "Inexperienced Crew (D3.45, 12.6227)".into(),
            Condition::BattleHardened => "Battle Hardened this RePh".into(),
            Condition::Nkvd => "NKVD".into(),
            Condition::Encircled => "Encircled".into(),
            Condition::ApMinefield => "in an A-P minefield".into(),
            Condition::PrisonerOf(guard) => format!("prisoner of {guard}"),
            Condition::Interdicting => "Interdicting (TI, 12.602)".into(),
            Condition::LedBy(leader) => format!("with leader {leader}"),
            Condition::LostAssaultEngineer => {
                "Replaced: no Assault Engineer capabilities for the rest of the CG (VotG24)".into()
            }
            Condition::RemovedFromPlay(dr) => {
                format!("removed from play, Original effects DR {dr} (12.6154)")
            }
            Condition::CapturedFrom(enemy) => format!("captured from {enemy}"),
            Condition::Wreck => "Wreck".into(),
            Condition::MalfunctionedWeapon(w) => format!("{w} Malfunctioned"),
            Condition::DisabledWeapon(w) => format!("{w} Disabled"),
            Condition::OutsidePerimeter => "outside the friendly Perimeter".into(),
        }
    }

    /// Two conditions of the same kind replace each other (one Isolated
    /// Area; one Labor counter, on its -1 or its -2 side). Each weapon of a
    /// vehicle has its own: its MA's malfunction is not its BMG's.
    pub fn same_kind(&self, other: &Condition) -> bool {
        if let (
            Condition::MalfunctionedWeapon(a) | Condition::DisabledWeapon(a),
            Condition::MalfunctionedWeapon(b) | Condition::DisabledWeapon(b),
        ) = (self, other)
        {
            return std::mem::discriminant(self) == std::mem::discriminant(other) && a == b;
        }
        std::mem::discriminant(self) == std::mem::discriminant(other)
            || (self.labor_drm().is_some() && other.labor_drm().is_some())
    }

    /// The drm of a Labor counter (12.6151e/f: "-1/-2 Per Labor Status").
    pub fn labor_drm(&self) -> Option<i32> {
        match self {
            Condition::Labor => Some(-1),
            Condition::Labor2 => Some(-2),
            _ => None,
        }
    }
}

/// A counter about to join the Force Organizer: everything but its id,
/// which the Force gives it (`Force::add`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewCounter {
    pub unit: String,
    pub kind: UnitKind,
    pub place: ForceBox,
    pub rg: Option<String>,
    pub rg_row: Option<usize>,
    pub condition: BTreeSet<Condition>,
    pub note: String,
}

impl NewCounter {
    pub fn new(unit: impl Into<String>, kind: UnitKind, place: ForceBox) -> Self {
        NewCounter {
            unit: unit.into(),
            kind,
            place,
            rg: None,
            rg_row: None,
            condition: BTreeSet::new(),
            note: String::new(),
        }
    }

    pub fn with_note(mut self, note: impl Into<String>) -> Self {
        self.note = note.into();
        self
    }

    pub fn with(mut self, condition: Condition) -> Self {
        self.condition.insert(condition);
        self
    }
}

/// One counter (squad, HS, crew, SMC, SW, Gun, vehicle, Fortification) or
/// one capability (an OBA module, a Stuka) of the Force Organizer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Counter {
    pub id: CounterId,
    pub unit: String,
    pub kind: UnitKind,
    #[serde(rename = "box")]
    pub place: ForceBox,
    /// The RG it came with: its RG ID and its row in purchases.csv (1-based).
    pub rg: Option<String>,
    pub rg_row: Option<usize>,
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub condition: BTreeSet<Condition>,
    /// Words for the players (where it came from, what it may do); never
    /// read back by votg.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub note: String,
    /// A weapon's Repair Number (A9.72) as printed on its counter, once
    /// the players have entered it (12.6152); none until then.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub repair: Option<u8>,
}

impl Counter {
    pub fn from_new(id: CounterId, c: NewCounter) -> Self {
        Counter {
            id,
            unit: c.unit,
            kind: c.kind,
            place: c.place,
            rg: c.rg,
            rg_row: c.rg_row,
            condition: c.condition,
            note: c.note,
            repair: None,
        }
    }

    pub fn has(&self, condition: &Condition) -> bool {
        self.condition.contains(condition)
    }

    /// The Isolated Area it is in, if it is Isolated.
    pub fn isolated_area(&self) -> Option<&str> {
        self.condition.iter().find_map(|c| match c {
            Condition::Isolated(area) => Some(area.as_str()),
            _ => None,
        })
    }

    /// The enemy guard it is a prisoner of (A20.5, 12.609), if it is one:
    /// such a unit is not Retained by its own side until freed (the
    /// definition of Retained, READINGS.md C48).
    pub fn prisoner_of(&self) -> Option<CounterId> {
        self.condition.iter().find_map(|c| match c {
            Condition::PrisonerOf(guard) => Some(*guard),
            _ => None,
        })
    }

    /// Whether nothing but the id tells the two apart (the sheets show such
    /// counters on one line).
    pub fn same_as(&self, other: &Counter) -> bool {
        self.unit == other.unit
            && self.kind == other.kind
            && self.place == other.place
            && self.rg == other.rg
            && self.rg_row == other.rg_row
            && self.condition == other.condition
            && self.note == other.note
            && self.repair == other.repair
    }

    /// `Repair #2` when the players entered the counter's Repair Number.
    pub fn repair_label(&self) -> Option<String> {
        self.repair.map(|n| format!("Repair #{n}"))
    }

    /// The condition as one line of text (sheets, CSV).
    pub fn condition_text(&self) -> String {
        self.condition
            .iter()
            .map(Condition::label)
            .collect::<Vec<_>>()
            .join("; ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn design_3_counter_ids_read_and_print_alike() {
        let id: CounterId = "G-17".parse().unwrap();
        assert_eq!(id, CounterId::new(Side::German, 17));
        assert_eq!(id.to_string(), "G-17");
        assert_eq!(CounterId::new(Side::Russian, 5).to_string(), "R-5");
        for bad in ["G17", "X-1", "G-0", "G-", "R-x", ""] {
            assert!(bad.parse::<CounterId>().is_err(), "{bad}");
        }
    }

    #[test]
    fn an_isolated_area_replaces_another() {
        let a = Condition::Isolated("A".into());
        assert!(a.same_kind(&Condition::Isolated("B".into())));
        assert!(!a.same_kind(&Condition::Nkvd));
        assert!(Condition::Labor.same_kind(&Condition::Labor2));
        assert!(!Condition::Labor.same_kind(&Condition::Nkvd));
    }
}
