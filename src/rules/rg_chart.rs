//! The German and Russian Reinforcement Group Charts (12.621–12.6217).

use serde::{Deserialize, Serialize};

use crate::model::side::{Cg, Side};
use crate::rules::table::Reading;

/// What kind of RG a chart row is; the rules treat these groups differently
/// (on-map surcharges, Reserve, Support CPP, strength tables).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RgClass {
    InfantryCoy,
    InfantryPltn,
    HwPltn,
    MolpPltn,
    AfvPltn,
    Oba,
    Observer,
    Spotter,
    Stuka,
    Bombardment,
    GunBattery,
    Fortifications,
    Sniper,
    MolCapability,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct EntryCode {
    pub id: String,
    pub name: String,
    pub from_date: u8,
    #[serde(default)]
    pub from_night: bool,
    #[serde(default)]
    pub date_available: String,
    pub formation: String,
    pub entry_area: String,
    pub on_map_setup: String,
    pub rule: String,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct ChartNote {
    pub letter: String,
    /// Russian chart: the letter the transcription prints before the note (C4).
    pub transcribed: Option<String>,
    pub text: String,
    #[serde(default)]
    pub designer_notes: Vec<String>,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct UnitLine {
    pub unit: String,
    /// Coy: Reinforced/Full/Lightly/Moderately/Heavily Depleted; Pltn: Full/Depleted.
    pub strength: Vec<u32>,
    #[serde(default)]
    pub elr_replaced: Vec<u32>,
    /// NKVD MMC (VotG22), as the 6-2-8s of a NKVD Militia Coy (note n/h).
    #[serde(default)]
    pub nkvd: bool,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct WeaponLine {
    pub weapon: String,
    pub count: u32,
    pub crew: Option<String>,
}

/// One slot of a CG Max cell (C24): a count, its notes, its Entry Code.
#[derive(Debug, Clone, Deserialize, Serialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Slot {
    pub count: u32,
    #[serde(default)]
    pub notes: Vec<String>,
    pub code: Option<String>,
}

impl Slot {
    /// `3 g`, `5 (blue)`: the cell as a player reads it.
    pub fn describe(&self) -> String {
        let mut s = self.count.to_string();
        if !self.notes.is_empty() {
            s.push(' ');
            s.push_str(&self.notes.join(""));
        }
        if let Some(code) = &self.code {
            s.push_str(&format!(" ({code})"));
        }
        s
    }
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
#[allow(non_snake_case)]
pub struct CgMax {
    pub I: Vec<Slot>,
    pub II: Vec<Slot>,
    pub III: Vec<Slot>,
    pub IV: Vec<Slot>,
}

impl CgMax {
    pub fn slots(&self, cg: Cg) -> &[Slot] {
        match cg {
            Cg::I => &self.I,
            Cg::II => &self.II,
            Cg::III => &self.III,
            Cg::IV => &self.IV,
        }
    }

    pub fn total(&self, cg: Cg) -> u32 {
        self.slots(cg).iter().map(|s| s.count).sum()
    }

    pub fn describe(&self, cg: Cg) -> String {
        let slots = self.slots(cg);
        if slots.is_empty() {
            "0".into()
        } else {
            slots
                .iter()
                .map(Slot::describe)
                .collect::<Vec<_>>()
                .join(" / ")
        }
    }
}

/// One row of an RG chart.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct RgDef {
    pub id: String,
    pub group_type: String,
    pub class: RgClass,
    pub unit_type: Option<String>,
    pub unit_strength: Option<String>,
    #[serde(default)]
    pub notes: Vec<String>,
    #[serde(default)]
    pub designer_notes: Vec<String>,
    pub cost: u32,
    #[serde(default)]
    pub cost_notes: Vec<String>,
    pub daily_max: u32,
    #[serde(default)]
    pub daily_max_notes: Vec<String>,
    pub module: Option<String>,
    pub fpp: Option<u32>,
    #[serde(default)]
    pub units: Vec<UnitLine>,
    #[serde(default)]
    pub weapons: Vec<WeaponLine>,
    pub cg_max: CgMax,
}

impl RgDef {
    pub fn has_note(&self, letter: &str) -> bool {
        self.notes.iter().any(|n| n == letter)
    }

    /// The Unit Strength cell as printed: `15/12/12³/9/9³`, `3/2`.
    pub fn strength_text(&self) -> String {
        if let Some(s) = &self.unit_strength {
            return s.clone();
        }
        self.units
            .iter()
            .map(|u| {
                u.strength
                    .iter()
                    .enumerate()
                    .map(|(i, n)| match u.elr_replaced.get(i) {
                        Some(&r) if r > 0 => format!("{n}{}", superscript(r)),
                        _ => n.to_string(),
                    })
                    .collect::<Vec<_>>()
                    .join("/")
            })
            .collect::<Vec<_>>()
            .join(" + ")
    }

    /// The Unit Type(s) cell: unit types, weapons or module.
    pub fn units_text(&self) -> String {
        if !self.weapons.is_empty() {
            return self
                .weapons
                .iter()
                .map(|w| {
                    if w.count == 1 {
                        w.weapon.clone()
                    } else {
                        format!("{} x{}", w.weapon, w.count)
                    }
                })
                .collect::<Vec<_>>()
                .join(", ");
        }
        if self.units.len() > 1 {
            return self
                .units
                .iter()
                .map(|u| u.unit.clone())
                .collect::<Vec<_>>()
                .join(" + ");
        }
        self.unit_type
            .clone()
            .or_else(|| self.module.clone())
            .unwrap_or_default()
    }
}

fn superscript(n: u32) -> String {
    const DIGITS: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    n.to_string()
        .chars()
        .map(|c| DIGITS[c.to_digit(10).unwrap_or(0) as usize])
        .collect()
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct RgChart {
    pub schema: u32,
    pub kind: String,
    pub id: String,
    pub title: String,
    pub rule: String,
    pub side: Side,
    pub unit_strength_note: Option<String>,
    #[serde(default)]
    pub readings: Vec<Reading>,
    pub entry_codes: Vec<EntryCode>,
    pub notes: Vec<ChartNote>,
    pub rgs: Vec<RgDef>,
}

impl RgChart {
    pub fn rg(&self, id: &str) -> Option<&RgDef> {
        self.rgs.iter().find(|r| r.id.eq_ignore_ascii_case(id))
    }

    pub fn entry_code(&self, id: &str) -> Option<&EntryCode> {
        self.entry_codes
            .iter()
            .find(|c| c.id.eq_ignore_ascii_case(id))
    }

    pub fn note(&self, letter: &str) -> Option<&ChartNote> {
        self.notes.iter().find(|n| n.letter == letter)
    }

    /// Every letter used in a cell has a note, every code a definition, every
    /// strength line the right number of levels.
    pub fn validate(&self) -> Result<(), String> {
        let mut seen = std::collections::BTreeSet::new();
        for rg in &self.rgs {
            let at = format!("{} RG `{}`", self.id, rg.id);
            if !seen.insert(rg.id.to_ascii_uppercase()) {
                return Err(format!("{at} is listed twice"));
            }
            let letters = rg
                .notes
                .iter()
                .chain(&rg.cost_notes)
                .chain(&rg.daily_max_notes);
            let slot_letters = Cg::ALL
                .iter()
                .flat_map(|&cg| rg.cg_max.slots(cg))
                .flat_map(|s| &s.notes);
            for letter in letters.chain(slot_letters) {
                if self.note(letter).is_none() {
                    return Err(format!(
                        "{at}: note `{letter}` is not among the chart's [[notes]]"
                    ));
                }
            }
            for cg in Cg::ALL {
                for slot in rg.cg_max.slots(cg) {
                    if let Some(code) = &slot.code
                        && self.entry_code(code).is_none()
                    {
                        return Err(format!(
                            "{at}: CG {cg} names Entry Code `{code}`, which has no [[entry_codes]]"
                        ));
                    }
                    if slot.count == 0 {
                        return Err(format!(
                            "{at}: CG {cg} has a slot of 0; write an empty list for none"
                        ));
                    }
                }
            }
            let levels = match rg.class {
                RgClass::InfantryCoy => 5,
                _ => 2,
            };
            for line in &rg.units {
                if line.strength.len() != levels {
                    return Err(format!(
                        "{at}: unit `{}` has {} strength levels, expected {levels}",
                        line.unit,
                        line.strength.len()
                    ));
                }
                if !line.elr_replaced.is_empty() && line.elr_replaced.len() != levels {
                    return Err(format!(
                        "{at}: unit `{}`: elr_replaced needs {levels} numbers",
                        line.unit
                    ));
                }
            }
        }
        Ok(())
    }
}
