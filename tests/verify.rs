//! `votg verify`: the campaign re-derived from `votg new` and its journal
//! agrees with every file, and a hand edit or an edited journal is named.

mod common;
use common::{copy_all, snapshot, votg};
use std::path::{Path, PathBuf};

fn sample(name: &str) -> tempfile::TempDir {
    let tmp = tempfile::tempdir().unwrap();
    let from = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("rosters")
        .join(name);
    copy_all(&from, &tmp.path().join("c"));
    tmp
}

fn dir(tmp: &tempfile::TempDir) -> PathBuf {
    tmp.path().join("c")
}

fn edit(path: &Path, from: &str, to: &str) {
    let text = std::fs::read_to_string(path).unwrap();
    assert!(text.contains(from), "{from} not in {}", path.display());
    std::fs::write(path, text.replacen(from, to, 1)).unwrap();
}

/// Runs verify, expecting exit 1; returns its message.
fn refused(d: &Path) -> String {
    let before = snapshot(d);
    let out = votg()
        .args(["verify", d.to_str().unwrap()])
        .assert()
        .code(1);
    assert_eq!(snapshot(d), before, "verify changed nothing");
    String::from_utf8(out.get_output().stderr.clone()).unwrap()
}

#[test]
fn the_samples_in_rosters_verify() {
    for name in ["cg-i-new", "cg-i-walkthrough"] {
        let tmp = sample(name);
        let d = dir(&tmp);
        let before = snapshot(&d);
        votg()
            .args(["verify", d.to_str().unwrap()])
            .assert()
            .success()
            .stdout(predicates::str::contains("verified"));
        assert_eq!(snapshot(&d), before, "verify only reads");
    }
}

#[test]
fn a_one_figure_edit_to_a_purchase_record_is_caught() {
    let tmp = sample("cg-i-walkthrough");
    let d = dir(&tmp);
    // Row 1, the I5 Coy of the Initial OB: 1 LMG made 2. The loaders accept it.
    edit(
        &d.join("russian/purchases.csv"),
        "15/9,I5,NKVD Militia Coy,,,2,MD,7,,,1,",
        "15/9,I5,NKVD Militia Coy,,,2,MD,7,,,2,",
    );
    votg()
        .args(["purchases", d.to_str().unwrap(), "--side", "russian"])
        .assert()
        .success();
    let msg = refused(&d);
    assert!(msg.contains("russian/purchases.csv"), "{msg}");
    assert!(msg.contains("`lmg` of row 1"), "{msg}");
    assert!(msg.contains("CG Day 15/9"), "{msg}");
    assert!(msg.contains("step 12.622"), "{msg}");
}

#[test]
fn an_edited_roster_figure_is_caught() {
    let tmp = sample("cg-i-walkthrough");
    let d = dir(&tmp);
    edit(&d.join("german/roster.toml"), "elr = 4", "elr = 3");
    let msg = refused(&d);
    assert!(msg.contains("german/roster.toml"), "{msg}");
    assert!(msg.contains("`elr`"), "{msg}");
}

#[test]
fn an_edited_journal_is_caught() {
    let tmp = sample("cg-i-walkthrough");
    let d = dir(&tmp);
    // A better strength DR for the A1 StuG Pltn, its final result kept.
    edit(
        &d.join("journal.csv"),
        "A1 StuG B Pltn strength,\"4,1\",5,",
        "A1 StuG B Pltn strength,\"3,1\",4,",
    );
    let msg = refused(&d);
    assert!(msg.contains("journal.csv"), "{msg}");
    assert!(msg.contains("`dice`"), "{msg}");
}

#[test]
fn an_edited_answer_is_caught() {
    let tmp = sample("cg-i-walkthrough");
    let d = dir(&tmp);
    // The recorded Recon answer no longer matches what the roster says.
    edit(
        &d.join("journal.csv"),
        "german.recon,1,\n",
        "german.recon,2,\n",
    );
    let msg = refused(&d);
    assert!(msg.contains("differs"), "{msg}");
}

#[test]
fn a_campaign_played_with_a_dice_file_verifies_from_its_recorded_dice() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path().join("c");
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let ds = d.to_str().unwrap();
    votg()
        .args(["new", ds, "--cg", "II", "--seed", "3"])
        .assert()
        .success();
    votg()
        .args(["refit", ds, "--answers"])
        .arg(data.join("cg-ii-initial.answers.toml"))
        .arg("--dice-file")
        .arg(data.join("cg-ii-initial.dice"))
        .assert()
        .success();
    votg().args(["verify", ds]).assert().success();
    // A changed die of the file's: the rest of the row no longer follows.
    let path = d.join("journal.csv");
    let mut r = csv::Reader::from_path(&path).unwrap();
    let header = r.headers().unwrap().clone();
    let mut rows: Vec<csv::StringRecord> = r.records().map(Result::unwrap).collect();
    let roll = rows
        .iter_mut()
        .find(|rec| &rec[14] == "platoon-strength")
        .expect("a platoon strength roll");
    let first = if roll[7].starts_with('1') { "2" } else { "1" };
    let dice = format!("{first}{}", &roll[7][1..]);
    *roll = roll
        .iter()
        .enumerate()
        .map(|(i, f)| if i == 7 { dice.as_str() } else { f })
        .collect();
    let mut w = csv::Writer::from_path(&path).unwrap();
    w.write_record(&header).unwrap();
    for rec in &rows {
        w.write_record(rec).unwrap();
    }
    w.flush().unwrap();
    let msg = refused(&d);
    assert!(msg.contains("journal.csv"), "{msg}");
}
