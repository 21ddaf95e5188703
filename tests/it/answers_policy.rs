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
