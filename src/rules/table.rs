//! Dice tables as data: rows keyed by Final-result ranges, per column, with the
//! DRMs the rules list and the footnotes that fire on an Original roll.

use serde::{Deserialize, Serialize};
use toml::Spanned;

use crate::model::drm::{self, Drm};
use crate::rules::dice::{DiceKind, Roll};
use crate::rules::range::Range;

/// A reading of a garbled or ambiguous place (CLARIFICATIONS C-number).
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Reading {
    pub clarification: String,
    pub kind: String,
    pub text: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum Select {
    #[default]
    Column,
    Side,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum Layout {
    /// Final-result ranges down the left, one result column per table column.
    #[default]
    ByRange,
    /// Results down the left, each column giving the range that yields it
    /// (the Leader Battle Hardening Table).
    ByResult,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Row {
    range: Spanned<Range>,
    pub result: String,
    #[serde(default)]
    pub marks: Vec<String>,
    pub key: Option<String>,
    pub value: Option<i32>,
}

impl Row {
    pub fn range(&self) -> Range {
        *self.range.get_ref()
    }

    /// The result as printed, with its footnote marks.
    pub fn marked_result(&self) -> String {
        if self.marks.is_empty() {
            self.result.clone()
        } else {
            format!("{} [{}]", self.result, self.marks.join(","))
        }
    }
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Column {
    pub id: String,
    pub title: String,
    pub rows: Vec<Row>,
}

impl Column {
    /// The row a Final result lands on. Validation guarantees exactly one.
    pub fn row_for(&self, final_result: i32) -> &Row {
        self.rows
            .iter()
            .find(|r| r.range().contains(final_result))
            .expect("validated columns cover every integer")
    }
}

/// A DRM as the chart lists it. `value` is present only for fixed DRMs; the
/// others ("±x Historical DRM", "-y Balance") are computed by the step code.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct ListedDrm {
    pub drm: String,
    pub value: Option<i32>,
    pub reason: String,
    pub rule: String,
    #[serde(default)]
    pub columns: Vec<String>,
    #[serde(default)]
    pub marks: Vec<String>,
    /// Where the DRM is a fact of the unit, the units (as printed on the
    /// counter) it applies to: votg applies it without asking (e.g. the
    /// partially armored vehicles of 12.6151f).
    #[serde(default)]
    pub units: Vec<String>,
}

impl ListedDrm {
    pub fn applies_to(&self, column: &str) -> bool {
        self.columns.is_empty() || self.columns.iter().any(|c| c == column)
    }

    /// This DRM with its value, for a roll.
    pub fn with_value(&self, value: i32) -> Drm {
        Drm::new(value, self.reason.clone(), self.rule.clone())
    }
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Footnote {
    pub mark: String,
    pub text: String,
    pub on_original: Option<Range>,
    #[serde(default)]
    pub columns: Vec<String>,
}

/// A roll needed before a side may roll on the table (the Russian "@" dr <= 4
/// of the Platoon Leader Table, 12.6225).
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Gate {
    pub columns: Vec<String>,
    pub dice: DiceKind,
    pub pass: Range,
    pub mark: String,
    pub text: String,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct DiceTable {
    pub schema: u32,
    pub kind: String,
    pub id: String,
    pub title: String,
    pub rule: String,
    pub dice: DiceKind,
    #[serde(default)]
    pub select: Select,
    #[serde(default)]
    pub layout: Layout,
    #[serde(default)]
    pub no_drm: bool,
    #[serde(default)]
    pub description: String,
    pub columns: Vec<Column>,
    #[serde(default)]
    pub drms: Vec<ListedDrm>,
    #[serde(default)]
    pub footnotes: Vec<Footnote>,
    pub gate: Option<Gate>,
    #[serde(default)]
    pub readings: Vec<Reading>,
}

/// A table-data defect found after parsing, with the byte span to point at.
#[derive(Debug)]
pub struct DataDefect {
    pub message: String,
    pub span: Option<std::ops::Range<usize>>,
}

impl DiceTable {
    pub fn column(&self, id: &str) -> Option<&Column> {
        self.columns.iter().find(|c| c.id == id)
    }

    pub fn column_ids(&self) -> Vec<&str> {
        self.columns.iter().map(|c| c.id.as_str()).collect()
    }

    /// Checks what serde cannot: every column covers every integer exactly
    /// once, marks and columns referred to exist.
    pub fn validate(&self) -> Result<(), DataDefect> {
        let defect = |message: String| DataDefect {
            message,
            span: None,
        };
        if self.columns.is_empty() {
            return Err(defect(format!("table `{}` has no [[columns]]", self.id)));
        }
        for column in &self.columns {
            check_coverage(column).map_err(|(message, span)| DataDefect {
                message: format!("table `{}`, column `{}`: {message}", self.id, column.id),
                span,
            })?;
            for row in &column.rows {
                for mark in &row.marks {
                    if !self.footnotes.iter().any(|f| &f.mark == mark) {
                        return Err(DataDefect {
                            message: format!(
                                "table `{}`, column `{}`, row `{}`: footnote mark `{mark}` has no [[footnotes]] entry",
                                self.id,
                                column.id,
                                row.range()
                            ),
                            span: Some(row.range.span()),
                        });
                    }
                }
            }
        }
        let known = self.column_ids();
        let check_columns = |what: &str, columns: &[String]| {
            columns
                .iter()
                .find(|c| !known.contains(&c.as_str()))
                .map_or(Ok(()), |c| {
                    Err(defect(format!(
                        "table `{}`: {what} names column `{c}`, but the table's columns are {}",
                        self.id,
                        known.join(", ")
                    )))
                })
        };
        for d in &self.drms {
            check_columns(&format!("DRM `{} {}`", d.drm, d.reason), &d.columns)?;
        }
        for f in &self.footnotes {
            check_columns(&format!("footnote `{}`", f.mark), &f.columns)?;
        }
        if let Some(g) = &self.gate {
            check_columns("the gate", &g.columns)?;
        }
        Ok(())
    }

    /// Looks a roll up: the row for `original + DRM total`, with the footnotes
    /// that fire (by the Original roll, or by a mark in the result cell).
    pub fn resolve<'a>(&'a self, column: &'a Column, roll: &Roll, drms: &[Drm]) -> Resolution<'a> {
        let original = roll.original();
        let final_result = original + drm::total(drms);
        let row = column.row_for(final_result);
        let notes = self
            .footnotes
            .iter()
            .filter(|f| f.columns.is_empty() || f.columns.contains(&column.id))
            .filter(|f| {
                f.on_original.is_some_and(|r| r.contains(original)) || row.marks.contains(&f.mark)
            })
            .collect();
        Resolution {
            table: self,
            column,
            roll: roll.clone(),
            drms: drms.to_vec(),
            final_result,
            row,
            notes,
        }
    }
}

/// Each integer from the open low end to the open high end in exactly one row,
/// in increasing order.
fn check_coverage(column: &Column) -> Result<(), (String, Option<std::ops::Range<usize>>)> {
    let rows = &column.rows;
    let Some(first) = rows.first() else {
        return Err(("has no rows".into(), None));
    };
    if first.range().min.is_some() {
        return Err((
            format!(
                "the first row `{}` must be open-ended (`<= N`)",
                first.range()
            ),
            Some(first.range.span()),
        ));
    }
    let last = rows.last().expect("non-empty");
    if last.range().max.is_some() {
        return Err((
            format!(
                "the last row `{}` must be open-ended (`>= N`)",
                last.range()
            ),
            Some(last.range.span()),
        ));
    }
    for pair in rows.windows(2) {
        let (a, b) = (pair[0].range(), pair[1].range());
        let (Some(end), Some(start)) = (a.max, b.min) else {
            return Err((
                format!("row `{b}` after `{a}`: only the first and last rows may be open-ended"),
                Some(pair[1].range.span()),
            ));
        };
        if start != end + 1 {
            let what = if start <= end {
                "overlaps"
            } else {
                "leaves a gap after"
            };
            return Err((
                format!("row `{b}` {what} row `{a}`"),
                Some(pair[1].range.span()),
            ));
        }
    }
    Ok(())
}

/// One roll looked up on a table.
#[derive(Debug)]
pub struct Resolution<'a> {
    pub table: &'a DiceTable,
    pub column: &'a Column,
    pub roll: Roll,
    pub drms: Vec<Drm>,
    pub final_result: i32,
    pub row: &'a Row,
    pub notes: Vec<&'a Footnote>,
}

impl Resolution<'_> {
    /// The `votg table roll --json` object of DESIGN §4.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::json!({
            "table": self.table.id,
            "column": self.column.id,
            "dice": self.roll.dice,
            "original": self.roll.original(),
            "drm": self.drms.iter().map(|d| serde_json::json!({
                "value": d.value, "reason": d.reason, "rule": d.rule,
            })).collect::<Vec<_>>(),
            "final": self.final_result,
            "result": self.row.result,
            "key": self.row.key,
            "value": self.row.value,
            "notes": self.notes.iter().map(|f| format!("{} {}", f.mark, f.text)).collect::<Vec<_>>(),
            "rule": self.table.rule,
        })
    }
}
