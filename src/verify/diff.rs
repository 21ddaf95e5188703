//! The first difference between two campaigns' files, named as players
//! read them: the file, the field (CSV column and row, or TOML key in its
//! table), the CG Day and the RePh step.

use std::fmt;

use crate::journal::JournalRow;
use crate::store::Files;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Difference {
    pub file: String,
    pub field: String,
    pub cg_day: String,
    pub step: String,
    /// What the file on disk has, and what the journal re-derives.
    pub disk: String,
    pub derived: String,
}

impl fmt::Display for Difference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "  file {}, field {} (CG Day {}, step {}):\n    on disk:     {}\n    re-derived:  {}",
            self.file,
            self.field,
            self.cg_day,
            self.step,
            shown(&self.disk),
            shown(&self.derived)
        )
    }
}

fn shown(text: &str) -> String {
    if text.is_empty() {
        "(nothing)".into()
    } else {
        format!("`{text}`")
    }
}

/// The first file that differs, and where. The journal comes first: where
/// its rows part is where the campaign's history does, and the files that
/// differ because of it follow from there; then the others in name order.
pub fn first(disk: &Files, derived: &Files, journal: &[JournalRow]) -> Option<Difference> {
    let mut names: Vec<&String> = disk.keys().chain(derived.keys()).collect();
    names.sort_by_key(|n| (n.as_str() != "journal.csv", n.as_str()));
    names.dedup();
    for name in names {
        let a = disk
            .get(name)
            .map(|b| String::from_utf8_lossy(b).into_owned());
        let b = derived
            .get(name)
            .map(|b| String::from_utf8_lossy(b).into_owned());
        if a == b {
            continue;
        }
        let (a, b) = (a.unwrap_or_default(), b.unwrap_or_default());
        let found = if name.ends_with(".csv") {
            csv_difference(name, &a, &b, journal)
        } else {
            toml_difference(name, &a, &b, journal)
        };
        return Some(found);
    }
    None
}

fn rows(text: &str) -> (Vec<String>, Vec<Vec<String>>) {
    let mut r = csv::ReaderBuilder::new()
        .has_headers(true)
        .flexible(true)
        .from_reader(text.as_bytes());
    let header = r
        .headers()
        .map(|h| h.iter().map(str::to_string).collect())
        .unwrap_or_default();
    let body = r
        .records()
        .filter_map(Result::ok)
        .map(|rec| rec.iter().map(str::to_string).collect())
        .collect();
    (header, body)
}

fn csv_difference(name: &str, a: &str, b: &str, journal: &[JournalRow]) -> Difference {
    let (ha, ra) = rows(a);
    let (_, rb) = rows(b);
    let col = |h: &str| ha.iter().position(|x| x == h);
    let side = name.split('/').next().unwrap_or("");
    let n = ra.len().max(rb.len());
    for i in 0..n {
        let (x, y) = (ra.get(i), rb.get(i));
        if x == y {
            continue;
        }
        let any = x.or(y).expect("one of them has row i");
        let day = col("cg_day").and_then(|c| any.get(c)).cloned();
        let step = col("step").and_then(|c| any.get(c)).cloned();
        let (field, disk, derived) = match (x, y) {
            (Some(x), Some(y)) => {
                let c = (0..x.len().max(y.len()))
                    .find(|&c| x.get(c) != y.get(c))
                    .unwrap_or(0);
                (
                    format!(
                        "`{}` of row {}",
                        ha.get(c).map_or("?", String::as_str),
                        i + 1
                    ),
                    x.get(c).cloned().unwrap_or_default(),
                    y.get(c).cloned().unwrap_or_default(),
                )
            }
            (Some(x), None) => (
                format!("row {} (only on disk)", i + 1),
                x.join(","),
                String::new(),
            ),
            (None, Some(y)) => (
                format!("row {} (missing on disk)", i + 1),
                String::new(),
                y.join(","),
            ),
            (None, None) => unreachable!("x != y"),
        };
        // A purchase-record row was written by the steps whose journal
        // rows concern it; the last of them is where it stands.
        let step = step.unwrap_or_else(|| {
            let tag = format!("row:{}", i + 1);
            journal
                .iter()
                .rev()
                .find(|r| r.side == side && r.concerns.split_whitespace().any(|c| c == tag))
                .map_or_else(|| last_step(journal, side), |r| r.step.to_string())
        });
        return Difference {
            file: name.into(),
            field,
            cg_day: day.unwrap_or_else(|| last_day(journal)),
            step,
            disk,
            derived,
        };
    }
    Difference {
        file: name.into(),
        field: "its layout (quoting or line ends)".into(),
        cg_day: last_day(journal),
        step: last_step(journal, side),
        disk: String::new(),
        derived: String::new(),
    }
}

fn toml_difference(name: &str, a: &str, b: &str, journal: &[JournalRow]) -> Difference {
    let (la, lb): (Vec<&str>, Vec<&str>) = (a.lines().collect(), b.lines().collect());
    let side = name.split('/').next().unwrap_or("both");
    let i = (0..la.len().max(lb.len()))
        .find(|&i| la.get(i) != lb.get(i))
        .unwrap_or(0);
    // The TOML table the line belongs to, and its key.
    let table = la[..i.min(la.len())]
        .iter()
        .rev()
        .find(|l| l.trim_start().starts_with('['))
        .map(|l| l.trim().to_string());
    let line = la.get(i).or(lb.get(i)).copied().unwrap_or("");
    let key = line.split('=').next().unwrap_or("").trim();
    let field = match table {
        Some(t) => format!("`{key}` in {t} (line {})", i + 1),
        None => format!("`{key}` (line {})", i + 1),
    };
    Difference {
        file: name.into(),
        field,
        cg_day: last_day(journal),
        step: last_step(journal, side),
        disk: la.get(i).map_or(String::new(), |l| l.trim().to_string()),
        derived: lb.get(i).map_or(String::new(), |l| l.trim().to_string()),
    }
}

fn last_day(journal: &[JournalRow]) -> String {
    journal
        .last()
        .map_or(String::new(), |r| r.cg_day.to_string())
}

/// The last step that journaled anything for `side` (or publicly).
fn last_step(journal: &[JournalRow], side: &str) -> String {
    journal
        .iter()
        .rev()
        .find(|r| r.side == side || r.side == "both" || !matches!(side, "german" | "russian"))
        .map_or(String::new(), |r| r.step.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_changed_csv_cell_is_named_by_column_and_row() {
        let mut a = Files::new();
        let mut b = Files::new();
        a.insert(
            "german/purchases.csv".into(),
            b"cg_day,lmg\n15/9,1\n15/9,2\n".to_vec().into(),
        );
        b.insert(
            "german/purchases.csv".into(),
            b"cg_day,lmg\n15/9,1\n15/9,3\n".to_vec().into(),
        );
        let d = first(&a, &b, &[]).expect("differs");
        assert_eq!(d.field, "`lmg` of row 2");
        assert_eq!((d.disk.as_str(), d.derived.as_str()), ("2", "3"));
        assert_eq!(d.cg_day, "15/9");
    }

    #[test]
    fn a_changed_toml_value_is_named_by_key_and_table() {
        let mut a = Files::new();
        let mut b = Files::new();
        a.insert(
            "russian/roster.toml".into(),
            b"[[lines]]\nelr = 3\n".to_vec().into(),
        );
        b.insert(
            "russian/roster.toml".into(),
            b"[[lines]]\nelr = 2\n".to_vec().into(),
        );
        let d = first(&a, &b, &[]).expect("differs");
        assert_eq!(d.field, "`elr` in [[lines]] (line 2)");
        assert!(first(&a, &a, &[]).is_none());
    }
}
