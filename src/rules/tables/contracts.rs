//! What the Refit Phase code needs of an edited table (`--tables DIR`).

use std::collections::BTreeMap;

use crate::error::Error;
use crate::rules::table::DiceTable;

/// What the Refit Phase code reads from the tables: the columns it picks and
/// the result keys it acts on. An edited table must keep them (its values,
/// ranges and DRMs are the player's to change).
pub fn check_contracts(dice: &BTreeMap<String, DiceTable>) -> Result<(), Error> {
    const CONTRACTS: &[(&str, &[&str], &[&str])] = &[
        (
            "infantry-coy-strength",
            &[],
            &["RS", "FS", "LD", "MD", "HD"],
        ),
        ("platoon-strength", &[], &["F", "D"]),
        ("gun-battery", &[], &["F", "D"]),
        ("german-oba", &[], &["P", "N", "S"]),
        ("russian-oba", &[], &["P", "N", "S"]),
        ("depleted-sw", &[], &["received", "forfeit"]),
        ("hw-weapon", &[], &["received", "forfeit"]),
        ("dual-attack-setup", &[], &["german", "russian"]),
        ("first-move", &[], &["german", "russian"]),
        ("platoon-leader", &["german", "russian"], &[]),
        ("russian-company-leader", &["regular", "nkvd"], &[]),
        ("escape", &["infantry", "afv"], &[]),
        ("leader-battle-hardening", &["german", "russian"], &[]),
    ];
    for (id, columns, keys) in CONTRACTS {
        let Some(t) = dice.get(*id) else { continue };
        let fail = |message: String| Error::TableData {
            file: format!("{id}.toml"),
            location: String::new(),
            message: format!(
                "{message}; votg's Refit Phase reads it (keep the ids and keys, change the values)"
            ),
        };
        for c in *columns {
            if t.column(c).is_none() {
                return Err(fail(format!("table `{id}` needs a column `{c}`")));
            }
        }
        if !keys.is_empty() {
            for c in &t.columns {
                for r in &c.rows {
                    if !r.key.as_deref().is_some_and(|k| keys.contains(&k)) {
                        return Err(fail(format!(
                            "table `{id}`, row `{}`: key must be one of {}",
                            r.range(),
                            keys.join(", ")
                        )));
                    }
                }
            }
        }
    }
    if dice.get("platoon-leader").is_some_and(|t| {
        t.gate
            .as_ref()
            .is_none_or(|g| !g.columns.iter().any(|c| c == "russian"))
    }) {
        return Err(Error::TableData {
            file: "platoon-leader.toml".into(),
            location: String::new(),
            message: "the Russian column needs its [gate] (the @ dr <= 4 of 12.6225)".into(),
        });
    }
    Ok(())
}
