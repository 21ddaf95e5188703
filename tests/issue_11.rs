//! Issue 11: fixes from an independent rules check and a new user's trial
//! (OBA limit, optional DRMs, Bombardment spacing, clear messages, wording).
//! Each test is named after its item.

mod common;
use common::{Camp, votg};

/// `votg buy` for `side`: its exit code and its stdout + stderr.
fn buy(c: &Camp, side: &str, what: &[&str]) -> (i32, String) {
    let mut args = vec!["buy", c.path(), "--side", side];
    args.extend(what);
    let out = votg().args(&args).output().unwrap();
    let text =
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    (out.status.code().unwrap_or(-1), text)
}

#[test]
fn issue_11_1_c39_cg_i_a_second_oba_module_is_bought_with_a_warning() {
    let c = Camp::new("I");
    let (code, text) = buy(&c, "german", &["O4", "O1"]);
    assert_eq!(code, 0, "{text}");
    assert!(text.contains("German bought O1"), "{text}");
    assert!(
        text.contains("2 OBA modules on hand")
            && text.contains("at most 1 per CG scenario (CGI-2)")
            && text.contains("READINGS.md C39"),
        "{text}"
    );
    let rows = c.state().german.purchases;
    assert_eq!(rows.iter().filter(|r| r.rg_id.starts_with('O')).count(), 2);
}

#[test]
fn issue_11_1_c39_cg_ii_the_given_module_counts_on_hand() {
    let c = Camp::new("II");
    // The given Med Arty and O1 make two: CG6 allows two, so no warning.
    let (code, text) = buy(&c, "german", &["O1"]);
    assert_eq!(code, 0, "{text}");
    assert!(!text.contains("OBA modules on hand"), "{text}");
    // O3 makes three on hand for the Initial Scenario.
    let (code, text) = buy(&c, "german", &["O3"]);
    assert_eq!(code, 0, "{text}");
    assert!(
        text.contains("3 OBA modules on hand") && text.contains("at most 2 per CG scenario (CG6)"),
        "{text}"
    );
}

#[test]
fn issue_11_3_c40_a_second_bombardment_reminds_of_its_spacing() {
    let c = Camp::new("III");
    let (code, text) = buy(&c, "german", &["B1"]);
    assert_eq!(code, 0, "{text}");
    assert!(!text.contains("5 hexes"), "one Bombardment: {text}");
    let (code, text) = buy(&c, "german", &["B1"]);
    assert_eq!(code, 0, "{text}");
    assert!(
        text.contains("at least 5 hexes from every other") && text.contains("READINGS.md C40"),
        "{text}"
    );
}

#[test]
fn issue_11_8_the_journal_records_the_normalised_purchase() {
    let c = Camp::new("III");
    let (code, text) = buy(&c, "german", &["i2  Code=Blue On-Map"]);
    assert_eq!(code, 0, "{text}");
    let s = c.state();
    let row = s
        .journal
        .iter()
        .find(|j| j.what.starts_with("Purchase "))
        .expect("journalled");
    assert_eq!(row.what, "Purchase I2 on-map code=blue");
}
