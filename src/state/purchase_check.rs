//! The RG Purchase Record checked against the side's RG chart on every load.

use crate::campaign::Campaign;
use crate::error::Error;
use crate::purchase_record::PurchaseRow;
use crate::rg_chart::RgChart;

use super::file_read::data;

/// Every row names an RG of the side's chart, and no RG type is bought past
/// its CG Max (12.6216; given RGs never count).
pub(super) fn check_purchases(
    file: &str,
    rows: &[PurchaseRow],
    chart: &RgChart,
    campaign: &Campaign,
) -> Result<(), Error> {
    let mut bought: std::collections::BTreeMap<String, u32> = Default::default();
    for (i, row) in rows.iter().enumerate() {
        let field = |f: &str| format!("row {} {f}", i + 2);
        let Some(rg) = chart.rg(&row.rg_id) else {
            let known = chart
                .rgs
                .iter()
                .map(|r| r.id.as_str())
                .collect::<Vec<_>>()
                .join(", ");
            return Err(data(
                file,
                (
                    field("rg_id"),
                    row.rg_id.clone(),
                    format!("not an RG of the {} ({known})", chart.title),
                ),
            ));
        };
        if !["", "RS", "FS", "LD", "MD", "HD", "F", "D", "P", "N", "S"]
            .contains(&row.strength.as_str())
        {
            return Err(data(
                file,
                (
                    field("strength"),
                    row.strength.clone(),
                    "Str. is RS/FS/LD/MD/HD, F/D or P/N/S (12.6218)".into(),
                ),
            ));
        }
        if !row.entry_code.is_empty() && chart.entry_code(&row.entry_code).is_none() {
            return Err(data(
                file,
                (
                    field("entry_code"),
                    row.entry_code.clone(),
                    "not an Entry Code of this side (12.6217)".into(),
                ),
            ));
        }
        if row.is_given() {
            continue;
        }
        let n = bought.entry(rg.id.clone()).or_default();
        *n += 1;
        let max = rg.cg_max.total(campaign.cg);
        if *n > max {
            return Err(data(
                file,
                (
                    field("rg_id"),
                    row.rg_id.clone(),
                    format!(
                        "{} {} bought, but its CG {} Max is {max} (12.6216)",
                        n, rg.group_type, campaign.cg
                    ),
                ),
            ));
        }
    }
    Ok(())
}
