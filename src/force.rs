//! The Force Organizer (the Chapter V divider, 12.15): every unit and item of
//! a side with the box it sits in.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::side::Side;

/// The boxes of the Chapter V divider.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ForceBox {
    Retained,
    /// Reinforcements: an RG bought today that enters (SSR CG9).
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

impl ForceBox {
    pub const ALL: [ForceBox; 13] = [
        ForceBox::Retained,
        ForceBox::Entering,
        ForceBox::OnMapSetup,
        ForceBox::Reserve,
        ForceBox::DugInAfv,
        ForceBox::Casualties,
        ForceBox::WoundedLeaders,
        ForceBox::HeroicSmc,
        ForceBox::Malfunctioned,
        ForceBox::Captured,
        ForceBox::RedeployedAfv,
        ForceBox::RetainedWreck,
        ForceBox::Fortifications,
    ];

    pub fn title(self) -> &'static str {
        match self {
            ForceBox::Retained => "Retained",
            ForceBox::Entering => "Entering RG (Reinforcements)",
            ForceBox::OnMapSetup => "On-Map Setup RG",
            ForceBox::Reserve => "Reserve RG",
            ForceBox::DugInAfv => "Dug-In AFV",
            ForceBox::Casualties => "Casualties",
            ForceBox::WoundedLeaders => "Wounded Leaders",
            ForceBox::HeroicSmc => "Heroic SMC",
            ForceBox::Malfunctioned => "Malfunctioned Weapons",
            ForceBox::Captured => "Captured Weapons",
            ForceBox::RedeployedAfv => "Redeployed AFV RG",
            ForceBox::RetainedWreck => "Retained Wreck/Immobile AFV",
            ForceBox::Fortifications => "Fortification counters",
        }
    }
}

impl fmt::Display for ForceBox {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.title())
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
    Vehicle,
    Fortification,
    Capability,
}

/// One line of the Force Organizer: `count` identical counters.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ForceItem {
    pub unit: String,
    pub kind: UnitKind,
    pub count: u32,
    #[serde(rename = "box")]
    pub place: ForceBox,
    /// The RG it came with: its RG ID and its row in purchases.csv (1-based).
    pub rg: Option<String>,
    pub rg_row: Option<usize>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub nkvd: bool,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub isolated: bool,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub ammo_shortage: bool,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub fanatic_next_scenario: bool,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub note: String,
}

impl ForceItem {
    pub fn new(unit: impl Into<String>, kind: UnitKind, count: u32, place: ForceBox) -> Self {
        ForceItem {
            unit: unit.into(),
            kind,
            count,
            place,
            rg: None,
            rg_row: None,
            nkvd: false,
            isolated: false,
            ammo_shortage: false,
            fanatic_next_scenario: false,
            note: String::new(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Force {
    pub schema: u32,
    pub side: Side,
    #[serde(default)]
    pub items: Vec<ForceItem>,
}

impl Force {
    pub fn new(side: Side) -> Self {
        Force {
            schema: 1,
            side,
            items: Vec::new(),
        }
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
        for (i, item) in self.items.iter().enumerate() {
            if item.count == 0 {
                return Err((
                    format!("items[{i}].count"),
                    "0".into(),
                    "a line holds at least one counter".into(),
                ));
            }
            if let Some(r) = item.rg_row
                && (r == 0 || r > purchase_rows)
            {
                return Err((
                    format!("items[{i}].rg_row"),
                    r.to_string(),
                    format!("purchases.csv has {purchase_rows} rows"),
                ));
            }
        }
        Ok(())
    }
}
