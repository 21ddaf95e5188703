//! 12.6221 AFV Pltn: its vehicles, its armor leader or Inexperienced Crews
//! (12.6227), and a Dug-In platoon's LMG (12.6214c).

use super::leaders::{self, ArmorLeader};
use super::pltn_strength;
use super::received::Received;
use crate::error::Error;
use crate::model::force::{Condition, UnitKind};
use crate::model::side::Side;
use crate::rules::reph::session::Session;
use crate::rules::rg_chart::RgDef;

/// 12.6221 AFV Pltn, 12.6227 armor leader (not for leichte FlaK: no note l),
/// 12.6214c Dug-In LMG.
pub(super) fn afv_pltn(
    s: &mut Session,
    side: Side,
    row_index: usize,
    rg: &RgDef,
) -> Result<Received, Error> {
    let full = pltn_strength(s, side, row_index, rg)?;
    let mut got = Received::at(if full { "F" } else { "D" });
    let line = rg.units.first().cloned();
    let n = line
        .as_ref()
        .map_or(0, |l| l.strength[if full { 0 } else { 1 }]);
    let unit = line.map_or(rg.units_text(), |l| l.unit);
    got.units = n;
    got.add(&unit, UnitKind::Vehicle, n, "");
    if rg.has_note("l") {
        match leaders::armor(s, side, rg)? {
            ArmorLeader::None => {}
            ArmorLeader::Inexperienced => {
                if let Some(vehicles) = got.lines.first_mut() {
                    vehicles
                        .counter
                        .condition
                        .insert(Condition::InexperiencedCrew);
                }
                got.leaders.push("Inexperienced".into());
            }
            ArmorLeader::Leader(leader) => {
                got.add(
                    &leader,
                    UnitKind::ArmorLeader,
                    1,
                    "begins each scenario in an AFV of its platoon (12.6227)",
                );
                got.leaders.push(format!("{leader} (armor)"));
            }
        }
    }
    let row = &s.state.side(side).purchases[row_index];
    if row.on_board == "D" {
        got.add(
            "LMG",
            UnitKind::Sw,
            n,
            "scrounged from the Dug-In AFVs' BMG (12.6214c)",
        );
        *got.sw.entry("lmg".into()).or_default() += n;
        got.other
            .push(format!("{n} LMG for the Dug-In AFV BMG (12.6214c)"));
    }
    Ok(got)
}
