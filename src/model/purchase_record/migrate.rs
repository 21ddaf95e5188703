//! Schema 1 to schema 2: a purchase record written before the typed columns
//! existed keeps its facts only in the words of `other`. They are read from
//! those words here, once, on load; the next step writes schema 2. Nothing
//! else reads `other`.

use super::{GIVEN, PurchaseRow};

/// Fills each row's typed facts from the words votg wrote in its `other`
/// column. A row that says it was given but names no Initial OB group is an
/// error: (row index, what is wrong).
pub fn migrate(rows: &mut [PurchaseRow]) -> Result<(), (usize, String)> {
    for (i, row) in rows.iter_mut().enumerate() {
        read_facts(row).map_err(|e| (i, e))?;
    }
    Ok(())
}

fn read_facts(row: &mut PurchaseRow) -> Result<(), String> {
    let other = row.other.clone();
    let parts: Vec<&str> = other.split("; ").map(str::trim).collect();
    if let Some(first) = parts.first()
        && let Some(rest) = first.strip_prefix(GIVEN)
    {
        let group = rest
            .trim()
            .strip_prefix("(group ")
            .and_then(|g| g.strip_suffix(')'))
            .and_then(|g| g.parse::<u32>().ok())
            .filter(|&g| g > 0)
            .ok_or_else(|| {
                format!("`{first}`: an Initial OB RG names its group, as `{GIVEN} (group 1)`")
            })?;
        row.given_group = Some(group);
    }
    for part in parts {
        if part.starts_with("@ NA") {
            row.gate_na = true;
        } else if part == "Boats" {
            row.boats = true;
        } else if part == "Creeping Barrage" {
            row.creeping = true;
        } else if part == "-2 Turn of Entry dr" {
            row.cpp = Some(2);
        } else if let Some(n) = part.strip_prefix("Pre-Reg hex x") {
            row.prereg = n.parse().map_err(|_| format!("`{part}`: not a count"))?;
        } else if let Some(h) = part
            .strip_prefix("Pre-Reg ")
            .or_else(|| part.strip_prefix("Observer at "))
        {
            row.hexes.extend(
                h.split(',')
                    .map(str::trim)
                    .filter(|h| !h.is_empty())
                    .map(str::to_string),
            );
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(other: &str) -> PurchaseRow {
        PurchaseRow {
            other: other.into(),
            ..PurchaseRow::default()
        }
    }

    #[test]
    fn schema_1_other_is_read_once_into_the_typed_facts() {
        let mut rows = vec![
            row("Initial OB (group 2); +4 Strength DRM (II-4); @ NA (II-4)"),
            row("Pre-Reg hex x2; Pre-Reg G40, K41; Creeping Barrage"),
            row("Observer at A45"),
            row("Boats; -2 Turn of Entry dr; 6 Assault Boats"),
            row("3 x 6-2-8 + 6 x 4-2-6"),
        ];
        migrate(&mut rows).unwrap();
        assert_eq!((rows[0].given_group, rows[0].gate_na), (Some(2), true));
        assert_eq!(
            (rows[1].prereg, rows[1].hexes.clone(), rows[1].creeping),
            (2, vec!["G40".to_string(), "K41".to_string()], true)
        );
        assert_eq!(rows[2].hexes, ["A45"]);
        assert!(rows[3].boats && rows[3].cpp == Some(2) && !rows[3].is_given());
        assert_eq!(rows[4], row("3 x 6-2-8 + 6 x 4-2-6"));
        // The words stay as they were: `other` is for people.
        assert_eq!(
            rows[1].other,
            "Pre-Reg hex x2; Pre-Reg G40, K41; Creeping Barrage"
        );
    }

    #[test]
    fn schema_1_given_row_without_its_group_is_an_error() {
        let mut rows = vec![row(""), row("Initial OB")];
        let (i, why) = migrate(&mut rows).unwrap_err();
        assert_eq!(i, 1);
        assert!(why.contains("(group 1)"), "{why}");
    }
}
