//! One policy for an answers file's answer that cannot be used: what is
//! wrong whatever the dice (its grammar, an RG the side's chart does not
//! have) is refused before the first step, naming the answer by its key and
//! place (`german.buy[1]`), and every file of the campaign stays as it was.

use crate::common::{Camp, votg};

const AFTER_SCENARIO: &str = r#"
[scenario]
victor = "german"
cvp = { german = 14, russian = 22 }

[german]
buy = ["I1", "Z9"]
fortify = []
recon = 0
initiative = "attack"
f36 = false

[russian]
buy = []
fortify = []
recon = 0
initiative = "idle"
"#;

#[test]
fn an_rg_no_chart_has_is_refused_before_the_first_step_naming_its_key() {
    let c = Camp::sample("cg-i-walkthrough");
    let before = c.snapshot();
    let a = c.file("a.toml", AFTER_SCENARIO);
    let out = votg()
        .args(["refit", c.path(), "--answers", &a])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("`german.buy[1]`"), "{err}");
    assert!(err.contains("Z9 is no RG of the German RG Chart"), "{err}");
    assert!(err.contains("nothing was changed"), "{err}");
    assert_eq!(c.snapshot(), before, "every file byte-identical");
}

#[test]
fn a_purchase_out_of_grammar_is_named_by_its_place_in_the_list() {
    let c = Camp::sample("cg-i-walkthrough");
    let before = c.snapshot();
    let a = c.file(
        "a.toml",
        &AFTER_SCENARIO.replace(r#"["I1", "Z9"]"#, r#"["I1", "I2 sideways"]"#),
    );
    let out = votg()
        .args(["refit", c.path(), "--answers", &a])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("`german.buy[1]` `I2 sideways`"), "{err}");
    assert_eq!(c.snapshot(), before);
}

/// What a roll made impossible (buying over the CPP 12.618's roll gave) is
/// known only then: the run stops before 12.621, naming the answer and the
/// steps kept, which stay done.
#[test]
fn a_purchase_the_rolled_cpp_cannot_pay_stops_before_its_step_naming_its_key() {
    let c = Camp::sample("cg-i-walkthrough");
    let a = c.file(
        "a.toml",
        &AFTER_SCENARIO.replace(r#"["I1", "Z9"]"#, r#"["I1", "I1", "I3", "I3", "O2", "O3"]"#),
    );
    let d = c.file("d.txt", &"3 ".repeat(400));
    let out = votg()
        .args(["--dice-file", &d, "refit", c.path(), "--answers", &a])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("`german.buy[2]`: Purchase `I3` refused"),
        "{err}"
    );
    let said = format!("{err}{}", String::from_utf8_lossy(&out.stdout));
    assert!(said.contains("Kept (on record) before it:"), "{said}");
    assert!(said.contains("12.620 (public)"), "{said}");
    let s = c.state();
    assert_eq!(s.campaign.step.german.to_string(), "12.621");
    assert!(
        s.german
            .purchases
            .iter()
            .all(|r| r.cg_day.to_string() != "16/9")
    );
}

/// A unit the rules have just removed is left out of the answers given
/// before, with a note: G-26, Encircled, fails its 1TC at 12.6051 and is
/// Eliminated; `[isolation]` (given before the dice) still names it in an
/// Isolated Area and an Escape stack. The run goes on (it stopped after
/// 12.605, its steps kept).
#[test]
fn a_unit_eliminated_by_a_roll_is_left_out_of_the_isolation_answers_with_a_note() {
    let c = Camp::sample("cg-i-walkthrough");
    let answers = format!(
        "{}\n[isolation]\n[[isolation.area]]\nname = \"K5\"\ngerman = [\"G-26\", \"G-27\", \"G-30\"]\n[[isolation.escape]]\narea = \"K5\"\ncounters = [\"G-26\"]\n",
        include_str!("../../rosters/cg-i-aftermath.answers.toml")
    );
    let a = c.file("a.toml", &answers);
    // The 1TC: 6 6 fails; every other roll 3s.
    let d = c.file("d.txt", &format!("6 6 {}", "3 ".repeat(200)));
    let out = votg()
        .args(["--dice-file", &d, "refit", c.path(), "--answers", &a])
        .args(["--until", "12.607"])
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{said}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        said.contains("G-26 5-4-8 Eliminated (failed its 1TC"),
        "{said}"
    );
    assert!(
        said.contains("[isolation] names G-26 5-4-8, no longer in play"),
        "{said}"
    );
    let s = c.state();
    assert_eq!(s.campaign.step.german.to_string(), "12.608");
    votg().args(["verify", c.path()]).assert().success();
}
