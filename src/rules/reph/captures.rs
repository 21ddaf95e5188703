//! Two machines: this side's weapons and AFV the other side captured by id
//! in the scenario (12.6041). At one keyboard the capture takes the counter
//! out of its owner's force at once; on two machines the capturer's record
//! names it (`Told::captured`) and the owner's half takes it out here, after
//! checking it. It then tells which of them were AFV of one AFV Pltn: the
//! capturer rolls once per captured enemy Pltn at 12.6162 (C47).

use std::collections::BTreeMap;

use crate::error::Error;
use crate::model::force::{ForceBox, UnitKind};
use crate::model::side::Side;
use crate::rules::reph::scenario_record::STEP;
use crate::rules::reph::session::Session;

/// This side's `captures` half: each capture the other side's record
/// names, of a weapon or AFV of this side's in play whose unit is the one
/// named, else both halves stop.
pub fn by_enemy(s: &mut Session, side: Side) -> Result<(), Error> {
    let given = s
        .half
        .as_mut()
        .map(|h| std::mem::take(&mut h.given.captured))
        .unwrap_or_default();
    s.say(format!(
        "== The {}'s weapons captured by the {} (12.6041) ==",
        side.name(),
        side.other().name()
    ));
    let mut pltns: BTreeMap<usize, Vec<_>> = BTreeMap::new();
    for c in given {
        let found = s.state.side(side).force.get(c.from).cloned();
        let ok = found.as_ref().is_some_and(|x| {
            c.from.side == side
                && x.place != ForceBox::Casualties
                && matches!(x.kind, UnitKind::Sw | UnitKind::Gun | UnitKind::Vehicle)
                && x.unit == c.unit
        });
        let Some(x) = found.filter(|_| ok) else {
            return Err(Error::Disagreement(format!(
                "the {} says he captured {} {}, which is no weapon or AFV of yours in play by that name. Both halves stop here (docs/two-machines.md §8). Nothing was changed.",
                side.other().name(),
                c.from,
                c.unit
            )));
        };
        if x.kind == UnitKind::Vehicle
            && let Some(row) = x.rg_row
        {
            pltns.entry(row).or_default().push(x.id);
        }
        s.state
            .side_mut(side)
            .force
            .eliminate(x.id)
            .map_err(|e| Error::Refused(e.to_string()))?;
        let text = format!(
            "{} {} captured by the {} (12.6041)",
            x.id,
            x.unit,
            side.other().name()
        );
        s.counters_changed(
            STEP,
            side,
            false,
            [x.id.to_string()],
            "Captured",
            text.clone(),
            "12.6041",
        );
        s.say(format!("  {text}."));
    }
    s.told.platoons = pltns.into_values().filter(|p| p.len() > 1).collect();
    Ok(())
}
