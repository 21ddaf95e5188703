//! `votg stats` as text: per side, the dr, the DR and every die thrown
//! against fair dice (the counts, the averages, the test in words), then
//! the same per table.

use crate::rules::dice_stats::{SideTally, Tally};
use crate::rules::roll_text::grid;

/// The whole report; `counted` says whose rolls it holds.
pub fn text(title: &str, counted: &str, sides: &[SideTally]) -> String {
    let mut out = format!("{title}\n{counted}\n");
    if sides.is_empty() {
        out.push_str("\nNo dice have been rolled yet.\n");
    }
    for s in sides {
        out.push_str(&side(s));
    }
    out.push_str(
        "\nThe test is Pearson's chi-square of the faces (a DR's Original total, never the Final: DRMs are not the dice) against fair dice; p is the chance that fair dice stray at least this far. A DR's totals are tested in seven classes (2-4, 5, 6, 7, 8, 9, 10-12).\n",
    );
    out
}

fn who(side: &str) -> &str {
    match side {
        "german" => "German",
        "russian" => "Russian",
        _ => "Both sides",
    }
}

fn side(s: &SideTally) -> String {
    let mut out = format!(
        "\n{}: {} roll(s) ({} dr, {} DR), {} dice thrown\n",
        who(&s.side),
        s.dr.rolls + s.two.rolls,
        s.dr.rolls,
        s.two.rolls,
        s.dice.rolls
    );
    let mut t = grid();
    t.set_header(vec!["Dice", "Rolls", "Average (fair)", "Test"]);
    for (name, tally) in [("dr", &s.dr), ("DR", &s.two), ("every die", &s.dice)] {
        if tally.rolls > 0 {
            t.add_row(vec![
                name.to_string(),
                tally.rolls.to_string(),
                average(tally),
                test(tally),
            ]);
        }
    }
    out.push_str(&format!("{t}\n"));
    for (name, tally) in [("dr", &s.dr), ("DR", &s.two), ("every die", &s.dice)] {
        if tally.rolls > 0 {
            out.push_str(&distribution(name, tally));
        }
    }
    let mut t = grid();
    t.set_header(vec!["Table", "Dice", "Rolls", "Average (fair)", "Test"]);
    for x in &s.tables {
        t.add_row(vec![
            x.table.clone(),
            x.tally.kind.to_string(),
            x.tally.rolls.to_string(),
            average(&x.tally),
            test(&x.tally),
        ]);
    }
    // The table ids stay whole; the test's words wrap.
    for i in 0..4 {
        if let Some(c) = t.column_mut(i) {
            c.set_constraint(comfy_table::ColumnConstraint::ContentWidth);
        }
    }
    out.push_str(&format!("By table:\n{t}\n"));
    out
}

fn average(t: &Tally) -> String {
    t.average.map_or_else(
        || "—".into(),
        |a| format!("{a:.2} ({:.1})", t.expected_average),
    )
}

fn test(t: &Tally) -> String {
    match &t.test {
        Some(c) => format!(
            "χ² {:.2}, {} df, p {:.3}: {}",
            c.statistic,
            c.df,
            c.p,
            c.meaning()
        ),
        None => format!("too few rolls to test ({} needed)", t.needs),
    }
}

/// Each outcome's count, and what fair dice give in as many rolls.
fn distribution(name: &str, t: &Tally) -> String {
    let cell = |s: String| format!("{s:>5}");
    let outcomes: String = t.outcomes.iter().map(|o| cell(o.to_string())).collect();
    let seen: String = t.seen.iter().map(|n| cell(n.to_string())).collect();
    let fair: String = t.expected.iter().map(|e| cell(format!("{e:.1}"))).collect();
    let what = if name == "DR" { "totals" } else { "faces" };
    format!(
        "  {:<16}{outcomes}\n  {:<16}{seen}\n  {:<16}{fair}\n",
        format!("{name} {what}"),
        "seen",
        "fair dice"
    )
}
