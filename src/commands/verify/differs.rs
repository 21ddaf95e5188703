//! How a step run again differs from its record, in words: a public row
//! or fact shown, a side's secret part named as that side's and never
//! shown, nor its rows counted (DESIGN §5).

use super::exchanged::Part;
use crate::model::facts::{self, Fact};
use crate::model::row::LoggedRow;
use crate::model::side::Side;
use crate::model::state::CampaignState;

/// How a step's re-run differs from its record, in words.
pub(super) fn differs(
    before: &CampaignState,
    again: &Result<CampaignState, String>,
    recorded: &[&Fact],
    rows: &[&LoggedRow],
    reveal: bool,
    part: Part,
) -> Option<String> {
    // Only the part of a joint step a side holds is compared (`audit`).
    let rows: Vec<&LoggedRow> = rows
        .iter()
        .filter(|r| part.keeps_row(&r.side))
        .copied()
        .collect();
    let recorded: Vec<&Fact> = recorded
        .iter()
        .filter(|f| part.keeps(f.side()))
        .copied()
        .collect();
    // What differs in a side's secret rows or facts is that side's secret
    // (DESIGN §5): named as the side's, never shown, nor counted; unless
    // `reveal` (an audit of a half its side revealed, DESIGN §9).
    let secret: Vec<Side> = Side::BOTH
        .into_iter()
        .filter(|_| !reveal)
        .filter(|side| {
            rows.iter().any(|r| r.secret && r.side == side.id())
                || recorded.iter().any(|f| f.side() == Some(*side))
        })
        .collect();
    let after = match again {
        Ok(s) => s,
        Err(_) if !secret.is_empty() => {
            return Some(format!(
                "run again, the step stops, for a reason in {}",
                secrets_of(&secret)
            ));
        }
        Err(e) => return Some(format!("run again, the step stops: {e}")),
    };
    // The re-run's state holds only the rows it added.
    let mut journal = after.journal.clone();
    if let Part::Joint { by } = part {
        crate::model::journal::answers_carried_by(&mut journal, by);
    }
    let derived_rows: Vec<LoggedRow> = journal
        .iter()
        .map(|r| LoggedRow::of(r, ""))
        .filter(|r| part.keeps_row(&r.side))
        .collect();
    // Each log's rows in their order (public, then each side's).
    let order = |r: &&LoggedRow| {
        if r.secret {
            r.side.clone()
        } else {
            String::new()
        }
    };
    let mut want: Vec<&LoggedRow> = rows.to_vec();
    want.sort_by_key(order);
    let mut got: Vec<&LoggedRow> = derived_rows.iter().collect();
    got.sort_by_key(order);
    for (i, (w, g)) in want.iter().zip(&got).enumerate() {
        if let Some(field) = row_difference(w, g) {
            if let Some(side) = [w, g]
                .iter()
                .find(|r| r.secret && !reveal)
                .map(|r| r.side.as_str())
            {
                return Some(format!("a row differs in {}", secrets_of(&sides(side))));
            }
            return Some(format!("its row {} ({}) has {field}", i + 1, w.what));
        }
    }
    let public = |rows: &[&LoggedRow]| rows.iter().filter(|r| !r.secret).count();
    if public(&want) != public(&got) {
        return Some(format!(
            "it records {} public row(s), and run again makes {}",
            public(&want),
            public(&got)
        ));
    }
    if want.len() != got.len() {
        return Some(format!(
            "its rows differ in number in {}",
            secrets_of(&secret)
        ));
    }
    let mut derived = facts::between(before, after);
    derived.retain(|f| part.keeps(f.side()));
    let mut recorded: Vec<Fact> = recorded.iter().map(|f| (*f).clone()).collect();
    let key = |f: &Fact| serde_json::to_string(f).unwrap_or_default();
    derived.sort_by_key(key);
    recorded.sort_by_key(key);
    if derived != recorded && reveal {
        return Some(revealed_difference(&recorded, &derived));
    }
    if derived != recorded {
        let first = recorded
            .iter()
            .zip(&derived)
            .find(|(a, b)| a != b)
            .map(|(a, b)| (a.side().or(b.side()), a));
        return Some(match first {
            Some((Some(side), _)) if !reveal => {
                format!("a fact differs in {}", secrets_of(&[side]))
            }
            Some((_, f)) => format!(
                "its facts differ from those recorded ({})",
                crate::store::views::describe(f)
            ),
            None if !secret.is_empty() => {
                format!("a fact more or less, in {}", secrets_of(&secret))
            }
            None => "its facts differ from those recorded (a fact more or less)".into(),
        });
    }
    None
}

/// The sides a row's `side` column names.
fn sides(side: &str) -> Vec<Side> {
    side.parse::<Side>()
        .map_or(Side::BOTH.to_vec(), |s| vec![s])
}

/// Where a difference lies that only its side may see, and how it looks.
fn secrets_of(sides: &[Side]) -> String {
    let names: Vec<&str> = sides.iter().map(|s| s.name()).collect();
    let see: Vec<String> = sides
        .iter()
        .map(|s| format!("`votg log DIR --side {}`", s.id()))
        .collect();
    format!(
        "the {}'s secret part of it (not shown here: only its side may see it, with {})",
        names.join(" and the "),
        see.join(" or ")
    )
}

/// What differs between a recorded row and the one made again, if it is
/// more than words: the dice, the result, the DRMs, the answer.
fn row_difference(w: &LoggedRow, g: &LoggedRow) -> Option<String> {
    let fields: [(&str, &String, &String); 10] = [
        ("step", &w.step, &g.step),
        ("side", &w.side, &g.side),
        ("dice", &w.dice, &g.dice),
        ("original", &w.original, &g.original),
        ("DRMs", &w.drms, &g.drms),
        ("final", &w.final_result, &g.final_result),
        ("table", &w.table, &g.table),
        ("result key", &w.key, &g.key),
        ("answer to", &w.answer_id, &g.answer_id),
        ("answer", &w.answer, &g.answer),
    ];
    for (name, a, b) in fields {
        if a != b {
            return Some(format!("{name} `{a}` recorded and `{b}` made again"));
        }
    }
    if w.kind != g.kind {
        return Some("another kind of row".into());
    }
    None
}

/// How the facts of a revealed side (`audit`) differ from the rules': the
/// first he committed that they do not give, and the first they give that
/// he did not commit, field by field where both are about one thing.
fn revealed_difference(recorded: &[Fact], derived: &[Fact]) -> String {
    use crate::store::views::describe;
    let extra = recorded.iter().find(|f| !derived.contains(f));
    let missing = derived.iter().find(|f| !recorded.contains(f));
    let what = match (extra, missing) {
        (Some(a), Some(b)) if describe(a) == describe(b) => {
            format!("{}{}", describe(a), fields_differ(a, b))
        }
        (Some(a), Some(b)) => format!(
            "he committed {}, which the rules do not give; they give {}",
            describe(a),
            describe(b)
        ),
        (Some(a), None) => format!("he committed {}, which the rules do not give", describe(a)),
        (None, Some(b)) => format!("the rules give {}, which he did not commit", describe(b)),
        (None, None) => "a fact more or less".into(),
    };
    format!("its facts differ from those recorded ({what})")
}

/// Where a fact recorded and the one the rules give differ, field by field
/// (`audit`: both are the revealed side's, shown to the other).
fn fields_differ(recorded: &Fact, derived: &Fact) -> String {
    let (Ok(a), Ok(b)) = (
        serde_json::to_value(recorded),
        serde_json::to_value(derived),
    ) else {
        return String::new();
    };
    let null = serde_json::Value::Null;
    let out: Vec<String> = crate::model::field_diff::field_diffs(&a, &b)
        .into_iter()
        // A field absent on one side and null on the other is no difference.
        .filter(|(_, x, y)| x.unwrap_or(&null) != y.unwrap_or(&null))
        .map(|(at, x, y)| {
            format!(
                "{at}: he committed {}, the rules give {}",
                x.unwrap_or(&null),
                y.unwrap_or(&null)
            )
        })
        .collect();
    if out.is_empty() {
        return String::new();
    }
    format!(": {}", out.join("; "))
}
