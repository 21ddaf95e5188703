//! 12.610 Extinguishing Blazes: each Location marked with a Blaze is fully
//! consumed. The players list the burning terrain (`[scenario] blazes`);
//! votg rolls the Non-Factory Building Table for each stone building (with
//! its +2 single-hex drm), says what to place on the map, and Eliminates the
//! Isolated units confined to setting up again there.

use crate::drm::Drm;
use crate::error::Error;
use crate::force::{ForceBox, UnitKind};
use crate::reph::casualty_vp;
use crate::reph::sequence::Flow;
use crate::reph::session::Session;
use crate::side::Side;

pub const STEP: &str = "12.610";

pub const GRAMMAR: &str = "a list of burning terrain, each \"<hex> <terrain>\" with terrain stone, stone single-hex, wooden, factory, railcar, wreck, brush, orchard, wooden-rubble or stone-rubble, and `isolated=<area>` for the Isolated Area confined to it, e.g. [\"F36 stone single-hex\", \"G12 wooden isolated=A\"] (12.610)";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Terrain {
    /// A non-Factory stone building (12.6104): the Non-Factory Building Table.
    Stone {
        single_hex: bool,
    },
    /// A non-Factory wooden building (12.6104): wooden rubble.
    Wooden,
    Factory,
    Railcar,
    Wreck,
    /// Brush, orchard or wooden rubble (12.6102): a Shellhole.
    Shellhole,
    StoneRubble,
}

/// One burning building or Location.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Blaze {
    pub hex: String,
    pub terrain: Terrain,
    /// The Isolated Area whose units are confined to setting up there.
    pub isolated: Option<String>,
}

impl Blaze {
    pub fn parse(text: &str) -> Result<Blaze, String> {
        let mut words = text.split_whitespace();
        let hex = words.next().ok_or("the hex is missing")?.to_string();
        let mut terrain = None;
        let mut single = false;
        let mut isolated = None;
        for w in words {
            match w.to_ascii_lowercase().as_str() {
                "single-hex" => single = true,
                "stone" => terrain = Some(Terrain::Stone { single_hex: false }),
                "wooden" => terrain = Some(Terrain::Wooden),
                "factory" => terrain = Some(Terrain::Factory),
                "railcar" => terrain = Some(Terrain::Railcar),
                "wreck" => terrain = Some(Terrain::Wreck),
                "brush" | "orchard" | "wooden-rubble" => terrain = Some(Terrain::Shellhole),
                "stone-rubble" => terrain = Some(Terrain::StoneRubble),
                w if w.starts_with("isolated=") => {
                    isolated = Some(w["isolated=".len()..].to_string())
                }
                other => return Err(format!("`{other}` is not a terrain")),
            }
        }
        let mut terrain = terrain.ok_or("the terrain is missing")?;
        if single {
            match &mut terrain {
                Terrain::Stone { single_hex } => *single_hex = true,
                _ => return Err("single-hex is for a stone building".into()),
            }
        }
        Ok(Blaze {
            hex,
            terrain,
            isolated,
        })
    }
}

/// The blazes recorded for this RePh: from the answers file, or asked.
fn listed(s: &mut Session) -> Result<Vec<Blaze>, Error> {
    let texts = crate::reph::scenario_record::scenario_list(
        s,
        STEP,
        "blazes",
        "Buildings/terrain marked with a Blaze (e.g. `F36 stone single-hex, G12 wooden`; Enter for none)",
    )?;
    texts
        .iter()
        .map(|t| {
            Blaze::parse(t)
                .map_err(|why| Error::Refused(format!("`{t}`: {why}. Expected {GRAMMAR}")))
        })
        .collect()
}

/// 12.610 (12.6101-.6108).
pub fn run(s: &mut Session) -> Result<Flow, Error> {
    s.say("== 12.610 Extinguishing Blazes (public) ==");
    let blazes = listed(s)?;
    if blazes.is_empty() {
        s.say("No Blaze on the map: nothing to do (12.6).");
        return Ok(Flow::Next);
    }
    for b in &blazes {
        extinguish(s, b)?;
    }
    s.say("12.6107 Flame spread: flip each Flame to its Blaze side (a Flame in a now-Gutted non-rubble building is removed) and place a Blaze in each adjacent Burnable Terrain hex without one; Isolated units confined to a Location now ablaze are Eliminated (an AFV becomes a Burnt-Out Wreck).");
    s.say("12.6108 Fortifications: each Fortification and item of Equipment in a non-Factory Blaze Location (a building just rubbled included) is Eliminated [EXC: Entrenchments and pillboxes, though their Equipment is]; Equipment (not Fortifications) in a newly-Gutted building is Eliminated.");
    Ok(Flow::Next)
}

fn extinguish(s: &mut Session, b: &Blaze) -> Result<(), Error> {
    let hex = &b.hex;
    let confined = match b.terrain {
        Terrain::Stone { single_hex } => {
            let drms: Vec<Drm> = s
                .tables
                .dice_table("non-factory-building")?
                .drms
                .iter()
                .filter(|d| single_hex && d.rule == "12.6104")
                .map(|d| {
                    Drm::new(
                        d.value.unwrap_or_default(),
                        d.reason.clone(),
                        d.rule.clone(),
                    )
                })
                .collect();
            let what = format!("Stone building {hex} (12.6104)");
            let r = s.roll(
                Side::German,
                STEP,
                "non-factory-building",
                None,
                &drms,
                &what,
                false,
            )?;
            s.say(match r.key() {
                "gutted" => format!("  Place a Gutted marker in building {hex} (7.)."),
                _ => format!("  Place Rubble in every ground-level Location of building {hex}."),
            });
            true
        }
        Terrain::Wooden => {
            s.say(format!("Wooden building {hex}: place wooden rubble in all its ground-level Locations (12.6104)."));
            true
        }
        Terrain::Factory => {
            s.say(format!(
                "Factory {hex}: place a Gutted marker in any hex of it (12.6105, O5.5)."
            ));
            true
        }
        Terrain::Railcar => {
            s.say(format!(
                "Rail car {hex}: place a Gutted marker (12.6106, 4.8)."
            ));
            false
        }
        Terrain::Wreck => {
            s.say(format!("Burning wreck {hex}: its Blaze goes to the Burnable Terrain of the Location (if any, resolve that Blaze too); the wreck becomes a Burnt-Out Wreck [EXC: a burning armored cupola is removed] (12.6101)."));
            false
        }
        Terrain::Shellhole => {
            s.say(format!("{hex}: place a Shellhole counter; the brush/orchard/wooden rubble no longer exists (12.6102)."));
            false
        }
        Terrain::StoneRubble => {
            s.say(format!(
                "{hex}: the stone rubble still exists and may catch Fire again (12.6103)."
            ));
            false
        }
    };
    if let (true, Some(area)) = (confined, &b.isolated) {
        eliminate_confined(s, hex, area)?;
    }
    Ok(())
}

/// 12.6104/12.6105: each Isolated unit/Equipment confined to setting up
/// again in the consumed building is Eliminated; its hexes become
/// Controlled by the opponent.
fn eliminate_confined(s: &mut Session, hex: &str, area: &str) -> Result<(), Error> {
    for side in Side::BOTH {
        let ids: Vec<_> = s
            .state
            .side(side)
            .force
            .live()
            .filter(|c| {
                c.isolated_area()
                    .is_some_and(|a| a.eq_ignore_ascii_case(area))
            })
            .filter(|c| c.kind != UnitKind::Fortification)
            .filter(|c| c.place != ForceBox::Fortifications)
            .map(|c| c.id)
            .collect();
        for id in ids {
            s.concerning([id.to_string()]);
            casualty_vp::eliminate(
                s,
                side,
                id,
                &format!("Isolated in {hex}, consumed by fire, 12.6104"),
            )?;
        }
        s.concerning([]);
    }
    s.say(format!(
        "  The formerly Isolated hexes of {hex} become Controlled by the opponent (12.6104)."
    ));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blaze_grammar_12_610() {
        let b = Blaze::parse("F36 stone single-hex isolated=a").unwrap();
        assert_eq!(b.terrain, Terrain::Stone { single_hex: true });
        assert_eq!(b.isolated.as_deref(), Some("a"));
        assert_eq!(Blaze::parse("G12 wooden").unwrap().terrain, Terrain::Wooden);
        assert!(Blaze::parse("G12 wooden single-hex").is_err());
        assert!(Blaze::parse("G12 marsh").is_err());
        assert!(Blaze::parse("G12").is_err());
    }
}
