//! Casualty VP (A26.2) of the counters Eliminated in the RePh: they count
//! for the side's 12.618 DRM (12.12, READINGS.md C26). The values are the
//! editable data of `tables/casualty-vp.toml`.

use std::collections::BTreeMap;

use serde::Deserialize;

use crate::error::Error;
use crate::model::force::{CounterId, UnitKind};
use crate::model::side::Side;
use crate::rules::reph::session::Session;
use crate::rules::tables::Tables;

const FILE: &str = "casualty-vp.toml";

#[derive(Debug, Deserialize)]
struct CasualtyVp {
    values: BTreeMap<String, u32>,
}

/// The CVP of one counter: its kind's value, plus a leader's negative
/// leadership modifier (a 9-2 adds 2, an 8-0 nothing).
pub fn of(tables: &Tables, kind: UnitKind, unit: &str) -> Result<u32, Error> {
    let source = tables.sources.get(FILE).ok_or_else(|| Error::TableData {
        file: FILE.into(),
        location: String::new(),
        message: "the table `casualty-vp` is missing".into(),
    })?;
    let data: CasualtyVp = crate::rules::tables::parse(source)?;
    let base = *data.values.get(kind.id()).ok_or_else(|| Error::TableData {
        file: source.file.clone(),
        location: "[values]".into(),
        message: format!("no Casualty VP for `{}` counters", kind.id()),
    })?;
    let bonus = match kind {
        UnitKind::Leader | UnitKind::Commissar | UnitKind::ArmorLeader => {
            leadership(unit).map_or(0, |m| (-m).max(0) as u32)
        }
        _ => 0,
    };
    Ok(base + bonus)
}

/// A leader's leadership modifier from its name: `9-2` → −2, `8+1` → +1,
/// `10-0` → 0 (A10.7).
pub fn leadership(unit: &str) -> Option<i32> {
    let name = unit.split_whitespace().next()?;
    let at = name.rfind(['-', '+'])?;
    if at == 0 {
        return None;
    }
    let n: i32 = name[at + 1..].parse().ok()?;
    Some(if &name[at..=at] == "-" { -n } else { n })
}

/// Eliminates `id` of `side` in this RePh: to Casualties, its CVP added to
/// the side's RePh total of the day's line (12.12, C26). Says so.
pub fn eliminate(s: &mut Session<'_>, side: Side, id: CounterId, why: &str) -> Result<(), Error> {
    let force = &mut s.state.side_mut(side).force;
    let c = force
        .get(id)
        .ok_or_else(|| Error::Refused(format!("there is no counter {id}")))?
        .clone();
    let cvp = of(s.tables, c.kind, &c.unit)?;
    force
        .eliminate(id)
        .map_err(|e| Error::Refused(e.to_string()))?;
    if let Some(day) = s.state.campaign.today_mut() {
        *day.reph_cvp.of_mut(side) += cvp;
    }
    // `why` ends with its rule ("…, 12.609"); the journal's step is the
    // RePh step that rule belongs to.
    let rule = why.rsplit(", ").next().unwrap_or(why);
    let step = rule.get(..6).unwrap_or(rule);
    s.counters_changed(
        step,
        side,
        false,
        [id.to_string()],
        format!("{id} {}", c.unit),
        format!("Eliminated ({why}): {cvp} CVP"),
        rule,
    );
    s.say(format!(
        "  {id} {} Eliminated ({why}): {cvp} Casualty VP for the {} (12.12).",
        c.unit,
        side.name()
    ));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a10_7_leadership_from_the_counter_name() {
        assert_eq!(leadership("9-2"), Some(-2));
        assert_eq!(leadership("8-0"), Some(0));
        assert_eq!(leadership("7+1"), Some(1));
        assert_eq!(leadership("10-2 (Commissar)"), Some(-2));
        assert_eq!(leadership("hero"), None);
    }

    #[test]
    fn a26_2_leader_worth_base_plus_its_leadership() {
        let t = Tables::embedded().unwrap();
        assert_eq!(of(&t, UnitKind::Squad, "4-6-7").unwrap(), 2);
        assert_eq!(of(&t, UnitKind::Hs, "2-4-7").unwrap(), 1);
        assert_eq!(of(&t, UnitKind::Leader, "9-2").unwrap(), 3);
        assert_eq!(of(&t, UnitKind::Leader, "8-0").unwrap(), 1);
        assert_eq!(of(&t, UnitKind::Sw, "LMG").unwrap(), 0);
    }
}
