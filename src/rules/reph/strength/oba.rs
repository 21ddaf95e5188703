//! 12.6224 OBA module: its ammunition (Plentiful, Normal or Scarce) and the
//! signal device it may use (CG6).

use super::STEP;
use super::origin::strength_drms;
use super::received::Received;
use crate::error::Error;
use crate::model::force::UnitKind;
use crate::model::side::Side;
use crate::rules::reph::session::Session;
use crate::rules::rg_chart::RgDef;

/// 12.6224 OBA module: Plentiful, Normal or Scarce ammunition.
pub(super) fn oba(
    s: &mut Session,
    side: Side,
    row_index: usize,
    rg: &RgDef,
) -> Result<Received, Error> {
    let drms = strength_drms(s, side, row_index, "12.6224");
    let table = match side {
        Side::German => "german-oba",
        Side::Russian => "russian-oba",
    };
    let r = s.roll(
        side,
        STEP,
        table,
        None,
        &drms,
        &format!("{} {} ammunition", rg.id, rg.group_type),
        true,
    )?;
    let mut got = Received::at(r.key());
    let row = &s.state.side(side).purchases[row_index];
    let extras = if row.other.is_empty() {
        String::new()
    } else {
        format!("; {}", row.other)
    };
    got.add(
        &format!("{} ({}), {} ammo", rg.group_type, rg.units_text(), r.result),
        UnitKind::Capability,
        1,
        &format!("{} (CG6){extras}", phone(s, side)),
    );
    Ok(got)
}

/// The signal device an OBA module may use: a radio or a field phone (CG6),
/// but no Field Phone for the German in the CG II/IV Initial Scenario (II-3).
fn phone(s: &Session, side: Side) -> &'static str {
    if side == Side::German
        && s.state.campaign.is_initial()
        && s.def.restrictions().german_no_field_phone
    {
        "radio only: no Field Phone in this Initial Scenario (SSR II-3)"
    } else {
        "radio or field phone"
    }
}
