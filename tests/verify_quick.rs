//! `votg verify`'s quick path (`src/verify/quick.rs`): a campaign as votg
//! left it verifies without its every journal row made, and whatever the
//! quick path cannot vouch for is left to the full path, which names the
//! difference.

mod common;
use common::{Camp, EACH_CG_I_SCENARIO, votg};
use std::path::Path;
use votg::parsed_copy;
use votg::state::CampaignState;
use votg::store::Store;
use votg::tables::Tables;
use votg::verify::quick::verified;

/// A CG I campaign three scenarios in, as votg left it.
fn played() -> Camp {
    let c = Camp::new("I");
    let a = c.file("scenario.toml", EACH_CG_I_SCENARIO);
    for _ in 0..3 {
        votg()
            .args(["refit", c.path(), "--answers", &a])
            .assert()
            .success();
    }
    c
}

/// `votg verify`: its standard output on success, its error otherwise.
fn verify(d: &Path) -> Result<String, String> {
    let out = votg()
        .args(["verify", d.to_str().unwrap()])
        .output()
        .unwrap();
    let text = |b: &[u8]| String::from_utf8(b.to_vec()).unwrap();
    if out.status.success() {
        Ok(text(&out.stdout))
    } else {
        Err(text(&out.stderr))
    }
}

fn tables() -> Tables {
    Tables::load(None).unwrap()
}

fn journal_rows(d: &Path) -> usize {
    csv::Reader::from_path(d.join("journal.csv"))
        .unwrap()
        .records()
        .count()
}

/// Rewrites `from` as `to` in `file`, then leaves the parsed copy of what
/// the files now are, as a writer would have (so the quick path reads them).
fn edit_and_keep(d: &Path, file: &str, from: &str, to: &str) {
    let path = d.join(file);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains(from), "{from} in {file}");
    std::fs::write(&path, text.replacen(from, to, 1)).unwrap();
    let tables = tables();
    let files = Store::read_committed(d).unwrap();
    let state = CampaignState::from_files(&files, &tables).unwrap();
    parsed_copy::keep(d, &files, &state, &tables, None);
}

#[test]
fn issue_10_a_campaign_as_votg_left_it_verifies_without_reading_every_row() {
    let c = played();
    let d = c.dir.clone();
    let n = journal_rows(&d);
    assert!(n > 100, "three scenarios' rows: {n}");
    assert_eq!(verified(&d, &tables()).unwrap(), Some(n));
    let said = verify(&d).unwrap();
    assert!(said.contains(&format!("journal's {n} row(s)")), "{said}");
}

#[test]
fn issue_10_a_journal_edited_and_read_quickly_is_left_to_the_full_path() {
    let c = played();
    let d = c.dir.clone();
    // A roll's dice, changed where the loader accepts it; the parsed copy
    // made anew, so only the comparison can tell.
    let text = std::fs::read_to_string(d.join("journal.csv")).unwrap();
    let row = text
        .lines()
        .find(|l| l.contains(",roll,") && l.contains("\"1,"))
        .expect("a roll with a die of 1");
    let edited = row.replacen("\"1,", "\"2,", 1);
    edit_and_keep(&d, "journal.csv", row, &edited);
    assert_eq!(verified(&d, &tables()).unwrap(), None);
    let e = verify(&d).unwrap_err();
    assert!(e.contains("journal.csv"), "{e}");
    assert!(e.contains("`dice`"), "{e}");
}

#[test]
fn issue_10_an_edited_file_read_quickly_is_left_to_the_full_path() {
    let c = played();
    let d = c.dir.clone();
    let text = std::fs::read_to_string(d.join("german/roster.toml")).unwrap();
    let at = text.find("elr = ").expect("an ELR") + "elr = ".len();
    let elr = &text[at..=at];
    let other = if elr == "3" { "2" } else { "3" };
    edit_and_keep(
        &d,
        "german/roster.toml",
        &format!("elr = {elr}"),
        &format!("elr = {other}"),
    );
    assert_eq!(verified(&d, &tables()).unwrap(), None);
    let e = verify(&d).unwrap_err();
    assert!(e.contains("german/roster.toml"), "{e}");
}

#[test]
fn issue_10_files_the_parsed_copy_was_not_made_from_take_the_full_path() {
    let c = played();
    let d = c.dir.clone();
    let path = d.join("german/roster.toml");
    let text = std::fs::read_to_string(&path).unwrap();
    // The same campaign, one comment longer: it still verifies, by the
    // full path.
    std::fs::write(&path, format!("# a player's note\n{text}")).unwrap();
    assert_eq!(verified(&d, &tables()).unwrap(), None);
    assert!(verify(&d).unwrap().contains("verified"));
}
