//! Where a counter is: the boxes of the Chapter V divider (12.15). Its
//! condition (wounded, malfunctioned, captured …) is kept apart, on the
//! counter.

use std::fmt;

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ForceBox {
    Retained,
    /// Reinforcements: an RG bought today that enters (SSR CG9).
    Entering,
    OnMapSetup,
    Reserve,
    DugInAfv,
    Casualties,
    RedeployedAfv,
    RetainedWreck,
    /// Left on the map at the end of a scenario (Fortifications, wrecks not
    /// recovered), where it stays for the next one.
    LeftOnMap,
    /// Fortification counters bought or given, waiting to be set up.
    Fortifications,
}

impl ForceBox {
    pub const ALL: [ForceBox; 10] = [
        ForceBox::Retained,
        ForceBox::Entering,
        ForceBox::OnMapSetup,
        ForceBox::Reserve,
        ForceBox::DugInAfv,
        ForceBox::Casualties,
        ForceBox::RedeployedAfv,
        ForceBox::RetainedWreck,
        ForceBox::LeftOnMap,
        ForceBox::Fortifications,
    ];

    /// The name in the files (`box = "on-map-setup"`) and the CSV.
    pub fn id(self) -> &'static str {
        match self {
            ForceBox::Retained => "retained",
            ForceBox::Entering => "entering",
            ForceBox::OnMapSetup => "on-map-setup",
            ForceBox::Reserve => "reserve",
            ForceBox::DugInAfv => "dug-in-afv",
            ForceBox::Casualties => "casualties",
            ForceBox::RedeployedAfv => "redeployed-afv",
            ForceBox::RetainedWreck => "retained-wreck",
            ForceBox::LeftOnMap => "left-on-map",
            ForceBox::Fortifications => "fortifications",
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            ForceBox::Retained => "Retained",
            ForceBox::Entering => "Entering RG (Reinforcements)",
            ForceBox::OnMapSetup => "On-Map Setup RG",
            ForceBox::Reserve => "Reserve RG",
            ForceBox::DugInAfv => "Dug-In AFV",
            ForceBox::Casualties => "Casualties",
            ForceBox::RedeployedAfv => "Redeployed AFV RG",
            ForceBox::RetainedWreck => "Retained Wreck/Immobile AFV",
            ForceBox::LeftOnMap => "Left on map",
            ForceBox::Fortifications => "Fortification counters",
        }
    }
}

impl fmt::Display for ForceBox {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.title())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn box_ids_are_the_file_names() {
        for b in ForceBox::ALL {
            let text = toml::to_string(&std::collections::BTreeMap::from([("box", b)])).unwrap();
            assert_eq!(text.trim(), format!("box = \"{}\"", b.id()));
        }
    }
}
