//! The Force Organizer as players read it (`votg force`): text box by box,
//! with ids, consecutive identical counters on one line; CSV one row per
//! counter (first column `id`, DESIGN §4); JSON one document.

use super::{Counter, CounterId, Force, ForceBox};

/// The CSV columns of `votg force --format csv`.
pub const CSV_COLUMNS: &[&str] = &[
    "id",
    "unit",
    "kind",
    "box",
    "rg",
    "rg_row",
    "condition",
    "note",
    "repair",
];

/// Consecutive counters that nothing but their (consecutive) ids tells
/// apart: one line of a sheet.
#[derive(Debug, Clone, Copy)]
pub struct Run<'a> {
    pub first: &'a Counter,
    pub last: CounterId,
    pub count: usize,
}

impl Run<'_> {
    /// `G-1..G-12`, or `G-13` for one counter.
    pub fn ids(&self) -> String {
        if self.count == 1 {
            self.first.id.to_string()
        } else {
            format!("{}..{}", self.first.id, self.last)
        }
    }
}

/// Groups counters, in the order given, into runs.
pub fn runs<'a>(counters: impl IntoIterator<Item = &'a Counter>) -> Vec<Run<'a>> {
    let mut out: Vec<Run<'a>> = Vec::new();
    for c in counters {
        if let Some(r) = out.last_mut()
            && r.first.same_as(c)
            && r.last.n + 1 == c.id.n
        {
            r.last = c.id;
            r.count += 1;
            continue;
        }
        out.push(Run {
            first: c,
            last: c.id,
            count: 1,
        });
    }
    out
}

/// What the text sheet says after the unit: RG, condition, note.
fn remarks(c: &Counter) -> String {
    let mut parts = Vec::new();
    if let Some(rg) = &c.rg {
        parts.push(match c.rg_row {
            Some(row) => format!("RG {rg} (purchase row {row})"),
            None => format!("RG {rg}"),
        });
    }
    parts.extend(c.condition.iter().map(|x| x.label()));
    parts.extend(c.repair_label());
    if !c.note.is_empty() {
        parts.push(c.note.to_string());
    }
    if parts.is_empty() {
        String::new()
    } else {
        format!("  [{}]", parts.join("; "))
    }
}

/// The text sheet: each box of the divider with its counters.
pub fn text(force: &Force) -> String {
    let boxes: Vec<(ForceBox, Vec<Run>)> = ForceBox::ALL
        .iter()
        .map(|&b| (b, runs(force.in_box(b))))
        .filter(|(_, r)| !r.is_empty())
        .collect();
    let width = boxes
        .iter()
        .flat_map(|(_, r)| r.iter().map(|r| r.ids().len()))
        .max()
        .unwrap_or(0);
    let mut out = String::new();
    for (b, runs) in boxes {
        out.push_str(&format!("{}:\n", b.title()));
        for r in runs {
            out.push_str(&format!(
                "  {:<width$}  {} x {}{}\n",
                r.ids(),
                r.count,
                r.first.unit,
                remarks(r.first)
            ));
        }
    }
    if force.counters.is_empty() {
        out.push_str("  (empty)\n");
    }
    out
}

/// One row per counter, header first.
pub fn csv(force: &Force) -> String {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(CSV_COLUMNS).expect("in-memory write");
    for c in force.counters.iter() {
        w.write_record([
            c.id.to_string(),
            c.unit.to_string(),
            c.kind.id().to_string(),
            c.place.id().to_string(),
            c.rg.as_deref().unwrap_or_default().to_string(),
            c.rg_row.map_or(String::new(), |r| r.to_string()),
            c.condition_text(),
            c.note.to_string(),
            c.repair.map_or(String::new(), |n| n.to_string()),
        ])
        .expect("in-memory write");
    }
    String::from_utf8(w.into_inner().expect("in-memory write")).expect("UTF-8 in, UTF-8 out")
}

/// The whole Force Organizer as one JSON document (the `force.toml` data).
pub fn json(force: &Force) -> String {
    let mut text = serde_json::to_string_pretty(force).expect("a Force serialises");
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::super::{Condition, NewCounter, UnitKind};
    use super::*;
    use crate::model::side::Side;

    fn force() -> Force {
        let mut f = Force::new(Side::German);
        let mut squad = NewCounter::new("4-6-7", UnitKind::Squad, ForceBox::Retained);
        squad.rg = Some("I1".into());
        squad.rg_row = Some(1);
        f.add_n(&squad, 3);
        f.add(NewCounter::new("LMG", UnitKind::Sw, ForceBox::Retained));
        f.add_n(&squad, 1);
        let id = f.add(NewCounter::new("8-1", UnitKind::Leader, ForceBox::Retained));
        f.set_condition(id, Condition::Wounded).unwrap();
        f
    }

    #[test]
    fn design_3_text_groups_consecutive_identical_counters() {
        let text = text(&force());
        assert_eq!(
            text,
            "Retained:\n  G-1..G-3  3 x 4-6-7  [RG I1 (purchase row 1)]\n  G-4       1 x LMG\n  G-5       1 x 4-6-7  [RG I1 (purchase row 1)]\n  G-6       1 x 8-1  [Wounded]\n"
        );
    }

    #[test]
    fn design_4_force_csv_starts_with_id() {
        let csv = csv(&force());
        let mut lines = csv.lines();
        assert_eq!(
            lines.next(),
            Some("id,unit,kind,box,rg,rg_row,condition,note,repair")
        );
        assert_eq!(lines.next(), Some("G-1,4-6-7,squad,retained,I1,1,,,"));
        assert_eq!(lines.last(), Some("G-6,8-1,leader,retained,,,Wounded,,"));
    }

    #[test]
    fn rule_a9_72_entered_repair_number_shows_on_the_sheets() {
        let mut f = force();
        let lmg = f
            .counters_mut()
            .iter_mut()
            .find(|c| c.unit == "LMG")
            .unwrap();
        lmg.repair = Some(2);
        assert!(
            text(&f).contains("G-4       1 x LMG  [Repair #2]"),
            "{}",
            text(&f)
        );
        assert!(
            csv(&f).contains("\nG-4,LMG,sw,retained,,,,,2\n"),
            "{}",
            csv(&f)
        );
    }

    #[test]
    fn design_4_force_json_is_one_document() {
        let v: serde_json::Value = serde_json::from_str(&json(&force())).unwrap();
        assert_eq!(v["counters"][5]["id"], "G-6");
        assert_eq!(v["counters"][5]["condition"][0], "wounded");
        assert_eq!(v["next_id"], 7);
    }
}
