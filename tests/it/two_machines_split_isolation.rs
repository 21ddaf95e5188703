//! Two machines (DESIGN §9): Isolated Areas after a campaign split from
//! one keyboard between 12.606 and 12.607 (docs/two-machines.md §8, §11).

use crate::common::votg;
use crate::halves::other;
use crate::two_machines_split::{answers, at_one_keyboard, carried, ok, russian_sits};

/// A campaign split where 12.606 was done at one keyboard and 12.607 is
/// next: each side reports his own counters at 12.607, and both halves run
/// 12.607 (its Escape included) on both reports (docs/two-machines.md §8).
#[test]
fn rule_12_607_a_split_between_12_606_and_12_607_reports_at_12_607() {
    let mut h = at_one_keyboard("cg-i-partway", "german");
    let both = format!("{}{}", answers("german", true), answers("russian", false));
    let a = h.answers("german", &both);
    ok(&h.run(
        "german",
        &[
            "refit",
            "--side",
            "both",
            "--answers",
            &a,
            "--until",
            "12.606",
        ],
    ));
    ok(&votg()
        .args(["split", &h.path("german"), "--side", "german", "--out"])
        .arg(carried(&h))
        .output()
        .unwrap());
    russian_sits(&mut h);
    let isolation = |side: &str| match side {
        "german" => {
            "[isolation]\n[[isolation.area]]\nname = \"K5\"\ngerman = [\"G-1\", \"G-2\"]\n\n[[isolation.escape]]\narea = \"K5\"\ncounters = [\"G-1\"]\n\n"
        }
        _ => "[isolation]\n[[isolation.area]]\nname = \"K5\"\nrussian = [\"R-5\"]\n\n",
    };
    let mut turn = "german";
    let mut said = String::new();
    for _ in 0..4 {
        let text = format!("{}{}", isolation(turn), answers(turn, false));
        said.push_str(&ok(
            &h.run(turn, &["refit", "--answers", &h.answers(turn, &text)])
        ));
        h.send(turn);
        h.deliver(other(turn));
        turn = other(turn);
    }
    assert!(said.contains("your isolation report"), "{said}");
    assert_eq!(
        said.matches("Isolated Area K5 is type D").count(),
        2,
        "{said}"
    );
    assert_eq!(said.matches("Escape from K5 of G-1").count(), 2, "{said}");
}
