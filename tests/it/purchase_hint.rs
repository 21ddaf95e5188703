//! What `votg buy` says when it refuses: the rule, the CPP the side really
//! has (a refused batch buys nothing), and a short list of what it can still
//! buy, counted by every limit.

use crate::common::{Camp, votg};

fn refused(c: &Camp, side: &str, what: &[&str]) -> String {
    let mut args = vec!["buy", c.path(), "--side", side];
    args.extend(what);
    let out = votg()
        .args(&args)
        .assert()
        .code(1)
        .get_output()
        .stderr
        .clone();
    String::from_utf8(out).unwrap()
}

#[test]
fn rule_12_621_a_refused_batch_reports_the_cpp_left_before_it() {
    let c = Camp::new("I");
    // I1 + I1 would spend 14 CPP; the third is refused, so nothing is spent.
    let text = refused(&c, "german", &["I1", "I1", "I1"]);
    assert!(text.contains("Daily Max is 2"), "{text}");
    assert!(
        text.contains("Nothing was bought. 14 CPP left, 4 Support CPP left."),
        "{text}"
    );
}

#[test]
fn rule_12_6215_the_hint_counts_daily_max_and_stays_short() {
    let c = Camp::new("I");
    let text = refused(&c, "german", &["I4", "I4"]);
    // I1: Daily Max 2 and 14 CPP (7 each), though CG Max has more left.
    assert!(
        text.contains("\n  I1 Rifle Coy (2 now, 4 left in CG) 7 CPP"),
        "{text}"
    );
    // Note u: one Stuka a scenario, whatever its CG Max.
    assert!(text.contains("S1 Stuka I (1 now,"), "{text}");
    let listed = text.lines().filter(|l| l.starts_with("  ")).count();
    assert!(listed <= 7, "{text}");
    assert!(text.contains("`votg table show german-rg`"), "{text}");
}

/// 12.6216, C24: the Russian A3 of CG I is `1 s/1`, one T-34 M41 Pltn for
/// the Initial Scenario only and one for any day. In the Initial Scenario
/// both are left in the CG; after it, unused, the first has expired: one is
/// left in the CG, not two.
#[test]
fn rule_12_6216_c24_an_expired_initial_only_slot_is_not_left_in_the_cg() {
    let c = Camp::new("I");
    let text = refused(&c, "russian", &["A3", "A3", "A3"]);
    assert!(
        text.contains("\n  A3 T-34 M41 Pltn (2 now, 2 left in CG) 5 CPP"),
        "{text}"
    );
    let nothing = "buy = []\nfortify = []\nrecon = 0\n";
    let answers = format!(
        "{}[german]\n{nothing}[russian]\n{nothing}",
        crate::play::scenario("german", 0, 0, false)
    );
    let c = crate::play::initial("I", nothing, nothing);
    crate::play::refit_until(&c, &answers, 3, "12.620").success();
    let text = refused(&c, "russian", &["A3", "A3"]);
    assert!(
        text.contains("\n  A3 T-34 M41 Pltn (1 now, 1 left in CG) 5 CPP"),
        "{text}"
    );
}
