//! `votg verify`: the campaign re-derived from `votg new` and its journal
//! agrees with every file, and a hand edit or an edited journal is named.

use crate::common::{Camp, EACH_CG_I_SCENARIO, copy_all, snapshot, votg};
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
    for name in [
        "cg-i-new",
        "cg-i-walkthrough",
        "cg-i-aftermath",
        "cg-i-partway",
    ] {
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

/// A whole CG I played unattended from `votg new` to its end.
fn whole_cg_i() -> Camp {
    let c = Camp::new("I");
    let a = c.file("scenario.toml", EACH_CG_I_SCENARIO);
    for _ in 0..12 {
        if c.state().campaign.result.is_some() {
            break;
        }
        votg()
            .args(["refit", c.path(), "--answers", &a])
            .assert()
            .success();
    }
    assert!(
        c.state().campaign.result.is_some(),
        "CG I played to its end"
    );
    c
}

/// Rewrites one field of the first journal row `pick` chooses with
/// `to`; returns the row as it was.
fn edit_journal(
    d: &Path,
    pick: impl Fn(&csv::StringRecord) -> bool,
    field: usize,
    to: impl Fn(&str) -> String,
) -> csv::StringRecord {
    let path = d.join("journal.csv");
    let mut r = csv::Reader::from_path(&path).unwrap();
    let header = r.headers().unwrap().clone();
    let mut rows: Vec<csv::StringRecord> = r.records().map(Result::unwrap).collect();
    let row = rows
        .iter_mut()
        .find(|rec| pick(rec))
        .expect("a row to edit");
    let before = row.clone();
    let new = to(&before[field]);
    *row = before
        .iter()
        .enumerate()
        .map(|(i, f)| if i == field { new.as_str() } else { f })
        .collect();
    let mut w = csv::Writer::from_path(&path).unwrap();
    w.write_record(&header).unwrap();
    for rec in &rows {
        w.write_record(rec).unwrap();
    }
    w.flush().unwrap();
    before
}

#[test]
fn issue_10_a_whole_cg_i_played_to_its_end_verifies_and_a_later_edit_is_placed() {
    let c = whole_cg_i();
    let before = snapshot(&c.dir);
    votg()
        .args(["verify", c.path()])
        .assert()
        .success()
        .stdout(predicates::str::contains("verified"));
    assert_eq!(snapshot(&c.dir), before, "verify only reads");

    // A die of a roll on a later CG Day (the German ELR roll of 19 Sep):
    // named with that CG Day and step.
    let days = c.copy();
    let elr = |r: &csv::StringRecord| {
        &r[2] == "19/9" && &r[4] == "german" && &r[13] == "roll" && &r[14] == "elr-loss-gain"
    };
    edit_journal(&days.dir, elr, 7, |dice| {
        let other = if dice.starts_with('1') { "2" } else { "1" };
        format!("{other}{}", &dice[1..])
    });
    let msg = refused(&days.dir);
    assert!(msg.contains("journal.csv"), "{msg}");
    assert!(msg.contains("CG Day 19/9"), "{msg}");
    assert!(msg.contains("step 12.619"), "{msg}");

    // One figure of a later CG Day's roster line (20 Sep's ELR).
    let roster = c.copy();
    let path = roster.dir.join("german/roster.toml");
    let text = std::fs::read_to_string(&path).unwrap();
    let at = text.find("date = 20").expect("a line for 20 Sep");
    let (head, tail) = text.split_at(at);
    let elr_now = tail.split("elr = ").nth(1).unwrap().chars().next().unwrap();
    let other = if elr_now == '3' { "elr = 2" } else { "elr = 3" };
    let tail = tail.replacen(&format!("elr = {elr_now}"), other, 1);
    std::fs::write(&path, format!("{head}{tail}")).unwrap();
    let msg = refused(&roster.dir);
    assert!(msg.contains("german/roster.toml"), "{msg}");
    assert!(msg.contains("`elr`"), "{msg}");
}

#[test]
fn issue_10_an_answer_edited_on_a_later_cg_day_is_caught() {
    let tmp = sample("cg-i-partway");
    let d = dir(&tmp);
    // The German's count for the ELR roll of 17 Sep (the default taken)
    // made a different answer.
    let row = edit_journal(
        &d,
        |r| &r[2] == "17/9" && &r[17] == "german.elr_count_from",
        18,
        |_| "\"start\"".into(),
    );
    assert_eq!(&row[18], "\"idle-day\"");
    let msg = refused(&d);
    assert!(msg.contains("CG Day 17/9"), "{msg}");
    assert!(msg.contains("step 12.619"), "{msg}");
}

#[test]
fn issue_10_purchases_by_votg_buy_then_refit_verify_and_an_edit_is_caught() {
    let c = Camp::new("I");
    votg()
        .args(["buy", c.path(), "--side", "russian", "I5", "A3"])
        .assert()
        .success();
    // `russian.buy` is answered twice: by `votg buy`, then (none more) here.
    let a = c.file(
        "a.toml",
        "[german]\nbuy = []\nfortify = []\nrecon = 0\n\n[russian]\nbuy = []\nfortify = []\nrecon = 0\n",
    );
    votg()
        .args(["refit", c.path(), "--answers", &a])
        .assert()
        .success();
    votg().args(["verify", c.path()]).assert().success();
    // The first purchase answer says I5 only: the A3 Pltn no longer follows.
    edit_journal(
        &c.dir,
        |r| &r[17] == "russian.buy",
        18,
        |_| "[\"I5\"]".into(),
    );
    let msg = refused(&c.dir);
    assert!(msg.contains("differs"), "{msg}");
    assert!(msg.contains("step 12.621"), "{msg}");
}

#[test]
fn issue_10_a_journal_from_before_the_scenario_record_row_still_verifies() {
    // cg-i-partway without its `scenario.record` rows, as votg wrote it
    // before them: each record is read back from the rows it wrote.
    let tmp = sample("cg-i-partway");
    let d = dir(&tmp);
    let path = d.join("journal.csv");
    let mut r = csv::Reader::from_path(&path).unwrap();
    let header = r.headers().unwrap().clone();
    let rows: Vec<csv::StringRecord> = r
        .records()
        .map(Result::unwrap)
        .filter(|rec| &rec[17] != "scenario.record")
        .collect();
    let mut w = csv::Writer::from_path(&path).unwrap();
    w.write_record(&header).unwrap();
    for (i, rec) in rows.iter().enumerate() {
        let seq = (i + 1).to_string();
        let rec: csv::StringRecord = rec
            .iter()
            .enumerate()
            .map(|(n, f)| if n == 0 { seq.as_str() } else { f })
            .collect();
        w.write_record(&rec).unwrap();
    }
    w.flush().unwrap();
    votg()
        .args(["verify", d.to_str().unwrap()])
        .assert()
        .success()
        .stdout(predicates::str::contains("verified"));
    // And a changed victor in such a record is still caught.
    edit(
        &path,
        "victor german; CVP German 8",
        "victor russian; CVP German 8",
    );
    let msg = refused(&d);
    assert!(msg.contains("differs"), "{msg}");
}
