//! The RG Purchase Record checked against the side's RG chart on every load.

use crate::error::Error;
use crate::model::campaign::Campaign;
use crate::model::purchase_record::PurchaseRow;
use crate::rules::rg_chart::RgChart;

use crate::error::data;

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::side::Side;
    use crate::model::state::CampaignState;
    use crate::rules::tables::Tables;

    /// CG I as `votg new` makes it: the Initial OBs' rows.
    fn walkthrough(tables: &Tables) -> CampaignState {
        let def = crate::rules::cg_def::load(tables, crate::model::side::Cg::I).unwrap();
        crate::rules::new_campaign::initial_state(&def, tables)
    }

    /// The German record `rows` checked against the German chart, as a
    /// load checks it: the refusal's message, or `None`.
    fn refusal(tables: &Tables, state: &CampaignState, rows: &[PurchaseRow]) -> Option<String> {
        check_purchases(
            "german/purchases.csv",
            rows,
            &tables.german_rg,
            &state.campaign,
        )
        .err()
        .map(|e| e.to_string())
    }

    /// A row like `like`, bought (not given) for the RG `rg`.
    fn bought(like: &PurchaseRow, rg: &str) -> PurchaseRow {
        let mut row = like.clone();
        row.rg_id = rg.into();
        row.given_group = None;
        row
    }

    #[test]
    fn rule_12_6216_a_record_past_the_cg_max_is_refused_on_load_given_rgs_not_counted() {
        let tables = Tables::load(None).unwrap();
        let state = walkthrough(&tables);
        let chart = &tables.german_rg;
        let campaign = &state.campaign;
        let mut rows = state.side(Side::German).purchases.to_vec();
        let max = chart.rg("I4").unwrap().cg_max.total(campaign.cg);
        let already = rows
            .iter()
            .filter(|r| r.rg_id == "I4" && !r.is_given())
            .count() as u32;
        assert!(already <= max);
        let like = rows[0].clone();
        // Given rows never count (the Initial OB's I4 is one).
        let mut given = bought(&like, "I4");
        given.given_group = Some(1);
        rows.push(given);
        for _ in already..max {
            rows.push(bought(&like, "I4"));
        }
        assert_eq!(refusal(&tables, &state, &rows), None);
        rows.push(bought(&like, "I4"));
        let e = refusal(&tables, &state, &rows).unwrap();
        assert!(e.contains(&format!("CG I Max is {max} (12.6216)")), "{e}");
        assert!(e.contains("german/purchases.csv"), "{e}");
    }

    #[test]
    fn rule_12_6211_an_rg_id_not_on_the_sides_chart_is_refused_on_load() {
        let tables = Tables::load(None).unwrap();
        let state = walkthrough(&tables);
        let mut rows = state.side(Side::German).purchases.to_vec();
        rows[0].rg_id = "Z9".into();
        let e = refusal(&tables, &state, &rows).unwrap();
        assert!(e.contains("Z9") && e.contains("not an RG of the"), "{e}");
    }

    #[test]
    fn rule_12_6218_a_strength_not_of_the_record_is_refused_on_load() {
        let tables = Tables::load(None).unwrap();
        let state = walkthrough(&tables);
        let mut rows = state.side(Side::German).purchases.to_vec();
        for ok in ["", "RS", "FS", "LD", "MD", "HD", "F", "D", "P", "N", "S"] {
            rows[0].strength = ok.into();
            assert_eq!(refusal(&tables, &state, &rows), None, "{ok}");
        }
        rows[0].strength = "X".into();
        let e = refusal(&tables, &state, &rows).unwrap();
        assert!(e.contains("(12.6218)"), "{e}");
    }

    #[test]
    fn rule_12_6217_an_entry_code_not_of_the_side_is_refused_on_load() {
        let tables = Tables::load(None).unwrap();
        let state = walkthrough(&tables);
        let mut rows = state.side(Side::German).purchases.to_vec();
        rows[0].entry_code = "Q".into();
        let e = refusal(&tables, &state, &rows).unwrap();
        assert!(e.contains("(12.6217)"), "{e}");
    }
}
