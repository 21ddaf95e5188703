//! 12.610 Extinguishing Blazes: each Location marked with a Blaze is fully
//! consumed. The players list the burning terrain (`[scenario] blazes`);
//! votg rolls the Non-Factory Building Table for each stone building (with
//! its +2 single-hex drm), says what to place on the map, and Eliminates the
//! Isolated units confined to setting up again there (the whole Area's, or
//! those named); a Blaze that spread (12.6107) Eliminates the units confined
//! to it; the Fortifications and Equipment named in a Blaze Location follow
//! 12.6108; a burning wreck's counter becomes a Burnt-Out Wreck (12.6101).
//! The counters are checked and Eliminated in `blaze_effects`.

use crate::error::Error;
use crate::model::drm::Drm;
use crate::model::side::Side;
use crate::rules::reph::blaze_effects;
use crate::rules::reph::sequence::Flow;
use crate::rules::reph::session::Session;

pub const STEP: &str = "12.610";

pub const GRAMMAR: &str = "a list of burning terrain, each \"<hex> <terrain>\" with terrain stone, stone single-hex, wooden, factory, railcar, wreck, brush, orchard, wooden-rubble or stone-rubble; then optionally `spread` (a Blaze that spread or a Flame flipped, 12.6107), `isolated=<area>` (every unit of that Isolated Area is confined to it) or `units=<ids>` (only those Isolated units are), `burns=<ids>` (its Fortifications and Equipment, 12.6108), `wreck=<id>` (the burning wreck, 12.6101), ids joined by + (or commas in an answers file); e.g. [\"F36 stone single-hex units=G-5+G-6\", \"G12 wooden spread isolated=A\", \"H3 wreck wreck=R-3\"] (12.610)";

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

impl Terrain {
    /// As the players write it.
    pub fn name(self) -> &'static str {
        match self {
            Terrain::Stone { .. } => "stone building",
            Terrain::Wooden => "wooden building",
            Terrain::Factory => "factory",
            Terrain::Railcar => "rail car",
            Terrain::Wreck => "wreck",
            Terrain::Shellhole => "brush/orchard/wooden rubble",
            Terrain::StoneRubble => "stone rubble",
        }
    }
}

/// One burning building or Location.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Blaze {
    pub hex: String,
    pub terrain: Terrain,
    /// The Isolated Area whose units are confined to setting up there.
    pub isolated: Option<String>,
    /// The Isolated units confined to setting up there (`units=`), when not
    /// the whole Area: one burnt building of an Isolated Area.
    pub units: Vec<String>,
    /// 12.6108: the Fortifications and Equipment in the Location (`burns=`).
    pub burns: Vec<String>,
    /// 12.6101: the burning wreck's counter (`wreck=`).
    pub wreck: Option<String>,
    /// 12.6107: a Blaze that spread (or a Flame flipped to its Blaze side):
    /// not extinguished; it burns at the start of the next CG scenario.
    pub spread: bool,
}

impl Blaze {
    pub fn parse(text: &str) -> Result<Blaze, String> {
        let mut words = text.split_whitespace();
        let hex = words.next().ok_or("the hex is missing")?.to_string();
        let mut terrain = None;
        let mut single = false;
        let mut b = Blaze {
            hex,
            terrain: Terrain::Wreck,
            isolated: None,
            units: vec![],
            burns: vec![],
            wreck: None,
            spread: false,
        };
        for w in words {
            if let Some((key, value)) = w.split_once('=') {
                // Ids joined by `+` (or `,` in an answers file: at a terminal
                // a comma separates the blazes).
                let ids = || {
                    value
                        .split([',', '+'])
                        .filter(|t| !t.is_empty())
                        .map(str::to_string)
                };
                match key.to_ascii_lowercase().as_str() {
                    "isolated" => b.isolated = Some(value.to_string()),
                    "units" => b.units.extend(ids()),
                    "burns" => b.burns.extend(ids()),
                    "wreck" => b.wreck = Some(value.to_string()),
                    other => return Err(format!("`{other}=` is not a blaze key")),
                }
                continue;
            }
            match w.to_ascii_lowercase().as_str() {
                "single-hex" => single = true,
                "spread" => b.spread = true,
                "stone" => terrain = Some(Terrain::Stone { single_hex: false }),
                "wooden" => terrain = Some(Terrain::Wooden),
                "factory" => terrain = Some(Terrain::Factory),
                "railcar" => terrain = Some(Terrain::Railcar),
                "wreck" => terrain = Some(Terrain::Wreck),
                "brush" | "orchard" | "wooden-rubble" => terrain = Some(Terrain::Shellhole),
                "stone-rubble" => terrain = Some(Terrain::StoneRubble),
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
        b.terrain = terrain;
        b.fits()?;
        Ok(b)
    }

    /// The Location is consumed (12.6104-.6105) or now ablaze (12.6107):
    /// the Isolated units confined to it are Eliminated.
    pub fn confines(&self) -> bool {
        self.spread
            || matches!(
                self.terrain,
                Terrain::Stone { .. } | Terrain::Wooden | Terrain::Factory
            )
    }

    /// The keys that make sense for this terrain.
    fn fits(&self) -> Result<(), String> {
        let wreck = self.terrain == Terrain::Wreck;
        if self.wreck.is_some() && !wreck {
            return Err("wreck= names the counter of a burning wreck (terrain `wreck`)".into());
        }
        if wreck && (self.spread || !self.burns.is_empty() || !self.units.is_empty()) {
            return Err("a wreck's Blaze goes to the Burnable Terrain of its Location (12.6101): list that terrain's Blaze with spread, units= or burns=".into());
        }
        if !self.confines() && (!self.units.is_empty() || self.isolated.is_some()) {
            return Err("only a building consumed by fire (12.6104-.6105) or a Blaze that spread (12.6107) confines Isolated units".into());
        }
        if !self.units.is_empty() && self.isolated.is_some() {
            return Err(
                "units= names some units of an Isolated Area, isolated= all of them: give one"
                    .into(),
            );
        }
        Ok(())
    }
}

/// The blazes recorded for this RePh: from the answers file, or asked.
fn listed(s: &mut Session) -> Result<Vec<Blaze>, Error> {
    let texts = crate::rules::reph::scenario_record::scenario_list(
        s,
        STEP,
        "blazes",
        "Buildings/terrain marked with a Blaze (e.g. `F36 stone single-hex units=G-5+G-6, G12 wooden spread, H3 wreck wreck=R-3`; Enter for none)",
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
    // Every counter named is checked before anything changes.
    blaze_effects::check(s, &blazes)?;
    for b in blazes.iter().filter(|b| !b.spread) {
        extinguish(s, b)?;
    }
    s.say("12.6107 Flame spread: flip each Flame to its Blaze side (a Flame in a now-Gutted non-rubble building is removed) and place a Blaze in each adjacent Burnable Terrain hex without one; Isolated units confined to a Location now ablaze are Eliminated (an AFV becomes a Burnt-Out Wreck). List each such Blaze with `spread` (and its units) for votg to apply.");
    for b in blazes.iter().filter(|b| b.spread) {
        s.say(format!("{} {}: a Blaze that spread (12.6107): it burns at the start of the next CG scenario (with a Mild Breeze, place Drifting Smoke, 12.6261).", b.hex, b.terrain.name()));
        blaze_effects::confined(s, b)?;
        blaze_effects::burn(s, b, false)?;
    }
    s.say("12.6108 Fortifications: each Fortification and item of Equipment in a non-Factory Blaze Location (a building just rubbled included) is Eliminated [EXC: Entrenchments and pillboxes, though their Equipment is]; Equipment (not Fortifications) in a newly-Gutted building is Eliminated. Name them with `burns=` for votg to apply.");
    Ok(Flow::Next)
}

fn extinguish(s: &mut Session, b: &Blaze) -> Result<(), Error> {
    let hex = &b.hex;
    let gutted = match b.terrain {
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
            r.key() == "gutted"
        }
        Terrain::Wooden => {
            s.say(format!("Wooden building {hex}: place wooden rubble in all its ground-level Locations (12.6104)."));
            false
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
    if b.isolated.is_some() || !b.units.is_empty() {
        blaze_effects::confined(s, b)?;
    }
    blaze_effects::burn(s, b, gutted)?;
    blaze_effects::burnt_out(s, b)?;
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

    #[test]
    fn blaze_grammar_12_6101_12_6107_12_6108_counters() {
        let b = Blaze::parse("K6 wooden spread units=R-5+R-6 burns=R-13").unwrap();
        assert!(b.spread && b.confines());
        assert_eq!(b.units, ["R-5", "R-6"]);
        assert_eq!(b.burns, ["R-13"]);
        let c = Blaze::parse("K6 wooden units=R-5,R-6").unwrap();
        assert_eq!(c.units, ["R-5", "R-6"], "commas in an answers file");
        let w = Blaze::parse("N10 wreck wreck=R-3").unwrap();
        assert_eq!(w.wreck.as_deref(), Some("R-3"));
        for bad in [
            "N10 wreck units=R-3",
            "N10 wooden wreck=R-3",
            "N10 railcar units=R-3",
            "N10 stone-rubble isolated=A",
            "N10 wooden units=R-3 isolated=A",
            "N10 wooden fire=R-3",
        ] {
            assert!(Blaze::parse(bad).is_err(), "{bad}");
        }
        assert!(Blaze::parse("N10 railcar spread units=R-3").is_ok());
    }
}
