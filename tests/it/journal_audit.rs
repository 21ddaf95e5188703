//! On load the journal is checked against the CG Roster (12.621) by its
//! typed fields: a purchase's journal row `concerns` the RG Purchase Record
//! row it wrote (`row:N`), never by re-reading its rendered `what` text.

use votg::model::state::CampaignState;
use votg::rules::tables::Tables;

/// The files of a campaign written by the previous votg (schema 2, its
/// journal the truth then), with `journal.csv` passed through `edit`: what
/// importing such a campaign checks.
fn walkthrough_with_journal(edit: impl Fn(&str) -> String) -> votg::model::state::Files {
    let mut files = crate::common::old_files("schema-2-cg-i-partway");
    let journal = String::from_utf8(files["journal.csv"].to_vec()).unwrap();
    let edited = edit(&journal);
    assert_ne!(edited, journal, "the edit changes the journal");
    files.insert("journal.csv".into(), edited.into_bytes());
    files
}

fn load(files: &votg::model::state::Files) -> Result<CampaignState, String> {
    let tables = Tables::embedded().unwrap();
    CampaignState::load_old(files, &|s| s.check(&tables))
        .map(|(s, _, _)| s)
        .map_err(|e| e.to_string())
}

#[test]
fn rule_12_621_the_journal_check_ignores_the_rendered_purchase_text() {
    // The German A1 row's text now names another RG; its `row:5` still
    // names the record row of the A1 the roster paid for.
    let files =
        walkthrough_with_journal(|j| j.replacen(",Purchase A1,", ",Purchase Z9 reserve,", 1));
    assert!(load(&files).is_ok(), "{:?}", load(&files).err());
}

#[test]
fn rule_12_621_a_journal_purchase_row_naming_another_record_row_is_refused() {
    // The German A1 row (record row 5) made to concern row 6 (the I2): the
    // text still says A1, the typed link does not.
    let files = walkthrough_with_journal(|j| {
        j.replacen(",Purchase A1,", ",Purchase A1 ,", 1).replacen(
            "decision,,,,,,row:5\n",
            "decision,,,,,,row:6\n",
            1,
        )
    });
    let err = load(&files).unwrap_err();
    assert!(err.contains("journal.csv"), "{err}");
    assert!(
        err.contains("the journal and the CG Roster must agree"),
        "{err}"
    );
}

#[test]
fn rule_12_621_a_journal_row_concerning_a_missing_record_row_is_refused() {
    let files = walkthrough_with_journal(|j| {
        j.replacen("decision,,,,,,row:5\n", "decision,,,,,,row:99\n", 1)
    });
    let err = load(&files).unwrap_err();
    assert!(err.contains("row:99"), "{err}");
    assert!(err.contains("german/purchases.csv"), "{err}");
}

/// A journal written before purchase rows carried `concerns` (the old format).
fn without_purchase_concerns(j: &str) -> String {
    j.lines()
        .map(|l| match l.rfind(",row:") {
            Some(at) if l.contains(",12.621,") && l.contains(",Purchase ") => &l[..=at],
            _ => l,
        })
        .map(|l| format!("{l}\n"))
        .collect()
}

#[test]
fn rule_12_621_an_old_journal_without_concerns_is_checked_by_its_text() {
    let files = walkthrough_with_journal(without_purchase_concerns);
    assert!(load(&files).is_ok(), "{:?}", load(&files).err());
    let files = walkthrough_with_journal(|j| {
        without_purchase_concerns(j).replacen(",Purchase A1,", ",Purchase Z9,", 1)
    });
    let err = load(&files).unwrap_err();
    assert!(
        err.contains("the journal and the CG Roster must agree"),
        "{err}"
    );
}
