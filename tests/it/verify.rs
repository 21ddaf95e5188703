//! `votg verify`: every step run again on its recorded answers and dice
//! gives the facts recorded; a log changed outside votg is named (event,
//! step, CG Day, what differs); a view edited by hand is named, and once
//! recorded with `votg adjust` the campaign verifies, the adjustment shown.

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

fn verified(d: &Path) -> String {
    let out = votg()
        .args(["verify", d.to_str().unwrap()])
        .assert()
        .success();
    String::from_utf8(out.get_output().stdout.clone()).unwrap()
}

/// Changes the first event of log `name` that `pick` chooses with
/// `change`, as someone editing the file outside votg would. A side's
/// line changed, its public event's commitment is changed to match (a
/// cheat that knows the format); returns the event's number.
fn edit_log(
    d: &Path,
    name: &str,
    pick: impl Fn(&serde_json::Value) -> bool,
    change: impl Fn(&mut serde_json::Value),
) -> u64 {
    edit_log_dyn(d, name, &pick, &change)
}

fn edit_log_dyn(
    d: &Path,
    name: &str,
    pick: &dyn Fn(&serde_json::Value) -> bool,
    change: &dyn Fn(&mut serde_json::Value),
) -> u64 {
    let path = d.join(name);
    let text = std::fs::read_to_string(&path).unwrap();
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let i = lines
        .iter()
        .position(|l| pick(&crate::reseal::body(l)))
        .expect("a line to change");
    let mut v = crate::reseal::body(&lines[i]);
    change(&mut v);
    lines[i] = crate::reseal::to_body(&v);
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    crate::reseal::reseal(d);
    let Some(of) = v.get("for").and_then(|n| n.as_u64()) else {
        return v["n"].as_u64().unwrap();
    };
    // The side's commitment in the public event, made to match.
    use sha2::Digest;
    let hash: String = sha2::Sha256::digest(crate::reseal::to_body(&v).as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    let side = name.split('/').next().unwrap().to_string();
    edit_log_dyn(d, "log.jsonl", &|e| e["n"] == of, &|e| {
        e["commit"][&side] = hash.clone().into()
    });
    of
}

/// Whether a logged row (of an event's `rows`) is the one.
fn has_row(e: &serde_json::Value, f: impl Fn(&serde_json::Value) -> bool) -> bool {
    e["rows"].as_array().is_some_and(|rows| rows.iter().any(f))
}

fn change_row(
    e: &mut serde_json::Value,
    pick: impl Fn(&serde_json::Value) -> bool,
    field: &str,
    to: serde_json::Value,
) {
    let row = e["rows"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|r| pick(r))
        .unwrap();
    row[field] = to;
}

#[test]
fn design_3_the_samples_in_rosters_verify() {
    for name in [
        "cg-i-new",
        "cg-i-walkthrough",
        "cg-i-aftermath",
        "cg-i-partway",
    ] {
        let tmp = sample(name);
        let d = dir(&tmp);
        let before = snapshot(&d);
        assert!(verified(&d).contains("verified"));
        assert_eq!(snapshot(&d), before, "verify only reads");
    }
}

#[test]
fn design_3_a_hand_edit_of_a_view_is_named_adjusted_shown_in_the_log_and_verifies() {
    let tmp = sample("cg-i-walkthrough");
    let d = dir(&tmp);
    let ds = d.to_str().unwrap();
    // Row 1, the I5 Coy of the Initial OB: 1 LMG made 2.
    edit(
        &d.join("russian/purchases.csv"),
        "15/9,I5,NKVD Militia Coy,,,2,MD,7,,,1,",
        "15/9,I5,NKVD Militia Coy,,,2,MD,7,,,2,",
    );
    let msg = refused(&d);
    assert!(msg.contains("russian/purchases.csv"), "{msg}");
    // What changed in a side's view is its secret (DESIGN §5): verify,
    // which either side may run, names the file and shows nothing of it.
    assert!(msg.contains("the Russian's secret"), "{msg}");
    assert!(!msg.contains("purchase-record row 1"), "{msg}");
    assert!(msg.contains("votg adjust"), "{msg}");
    // A command that changes the campaign refuses too, changing nothing.
    let before = snapshot(&d);
    votg()
        .args(["buy", ds, "--side", "russian", "I5"])
        .assert()
        .code(1)
        .stderr(predicates::str::contains("russian/purchases.csv"));
    assert_eq!(snapshot(&d), before);
    // Recorded with a reason: an event of its own, which verify takes as
    // recorded and names; the Russian's log shows why.
    votg()
        .args([
            "adjust",
            ds,
            "--side",
            "russian",
            "--reason",
            "a second LMG found under the counter tray",
        ])
        .assert()
        .success();
    let out = verified(&d);
    assert!(out.contains("the Russian's hand adjustment"), "{out}");
    let log = votg()
        .args(["log", ds, "--side", "russian"])
        .assert()
        .success();
    let log = String::from_utf8(log.get_output().stdout.clone()).unwrap();
    assert!(log.contains("a second LMG found"), "{log}");
    let public = votg().args(["log", ds]).assert().success();
    let public = String::from_utf8(public.get_output().stdout.clone()).unwrap();
    assert!(public.contains("adjusted his views by hand"), "{public}");
    assert!(
        !public.contains("LMG found"),
        "the reason is the Russian's: {public}"
    );
    let s = crate::common::load(&d);
    assert_eq!(s.russian.purchases[0].lmg, Some(2));
    // And taken back like any step.
    votg().args(["undo", ds]).assert().success();
    assert_eq!(crate::common::load(&d).russian.purchases[0].lmg, Some(1));
}

#[test]
fn design_3_an_edited_journal_view_is_named_and_discarded() {
    let tmp = sample("cg-i-walkthrough");
    let d = dir(&tmp);
    edit(
        &d.join("german/journal.csv"),
        "A1 StuG B Pltn strength,\"4,1\",5,",
        "A1 StuG B Pltn strength,\"3,1\",4,",
    );
    let msg = refused(&d);
    assert!(msg.contains("german/journal.csv"), "{msg}");
    votg()
        .args([
            "adjust",
            d.to_str().unwrap(),
            "--side",
            "german",
            "--reason",
            "x",
        ])
        .assert()
        .code(1)
        .stderr(predicates::str::contains("--discard"));
    votg()
        .args([
            "adjust",
            d.to_str().unwrap(),
            "--side",
            "german",
            "--discard",
        ])
        .assert()
        .success();
    verified(&d);
}

#[test]
fn design_3_a_die_changed_in_a_sides_log_is_caught() {
    let c = Camp::new("I");
    let a = c.file(
        "a.toml",
        "[german]\nbuy = [\"I2\"]\nfortify = []\nrecon = 1\n[russian]\nbuy = []\nfortify = []\nrecon = 0\n",
    );
    votg()
        .args(["refit", c.path(), "--answers", &a])
        .assert()
        .success();
    verified(&c.dir);
    // Edited alone, the line no longer matches its commitment: refused on
    // reading, naming the file and line.
    let plain = c.copy();
    let strength =
        |r: &serde_json::Value| r["what"].as_str().is_some_and(|w| w.contains("strength"));
    let path = plain.dir.join("german/log.jsonl");
    let text = std::fs::read_to_string(&path).unwrap();
    let at = text.find("\"dice\":\"").unwrap() + 8;
    let mut bytes = text.into_bytes();
    bytes[at] = if bytes[at] == b'1' { b'2' } else { b'1' };
    std::fs::write(&path, bytes).unwrap();
    let msg = refused(&plain.dir);
    assert!(
        msg.contains("german/log.jsonl") && msg.contains("line"),
        "{msg}"
    );
    assert!(msg.contains("committed"), "{msg}");
    // Edited with its commitment made to match: verify finds the dice are
    // not what the German's key gives.
    let n = edit_log(
        &c.dir,
        "german/log.jsonl",
        |e| has_row(e, strength),
        |e| change_row(e, strength, "dice", "1,1".into()),
    );
    let msg = refused(&c.dir);
    assert!(msg.contains(&format!("event {n}")), "{msg}");
    assert!(msg.contains("German 12.622"), "{msg}");
    // What differs is the German's secret: named as his, not shown.
    assert!(msg.contains("the German's secret part"), "{msg}");
    assert!(!msg.contains("1,1"), "{msg}");
}

#[test]
fn design_3_a_campaign_played_with_a_dice_file_verifies_from_its_recorded_dice() {
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
    verified(&d);
    // A changed die of the file's: the result recorded no longer follows.
    let platoon = |r: &serde_json::Value| r["table"] == "platoon-strength";
    let side = ["german", "russian"]
        .into_iter()
        .find(|s| {
            std::fs::read_to_string(d.join(s).join("log.jsonl"))
                .unwrap()
                .contains("platoon-strength")
        })
        .unwrap();
    edit_log(
        &d,
        &format!("{side}/log.jsonl"),
        |e| has_row(e, platoon),
        |e| {
            let pick = |r: &serde_json::Value| r["table"] == "platoon-strength";
            let row = e["rows"]
                .as_array()
                .unwrap()
                .iter()
                .find(|r| pick(r))
                .unwrap()
                .clone();
            let dice = row["dice"].as_str().unwrap();
            let first = if dice.starts_with('1') { "2" } else { "1" };
            change_row(e, pick, "dice", format!("{first}{}", &dice[1..]).into());
        },
    );
    let msg = refused(&d);
    assert!(msg.contains("re-derives differently"), "{msg}");
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

#[test]
fn a_whole_cg_i_played_to_its_end_verifies_and_a_later_edit_is_placed() {
    let c = whole_cg_i();
    let before = snapshot(&c.dir);
    assert!(verified(&c.dir).contains("verified"));
    assert_eq!(snapshot(&c.dir), before, "verify only reads");
    // The German ELR roll of 19 Sep (the German's secret DR of a public
    // step) made another: named with its event, step and CG Day.
    let elr = |r: &serde_json::Value| {
        r["table"] == "elr-loss-gain" && r["cg_day"] == "19/9" && r["side"] == "german"
    };
    let n = edit_log(
        &c.dir,
        "german/log.jsonl",
        |e| has_row(e, elr),
        |e| {
            let row = e["rows"]
                .as_array()
                .unwrap()
                .iter()
                .find(|r| elr(r))
                .unwrap()
                .clone();
            let dice = row["dice"].as_str().unwrap();
            let other = if dice.starts_with('1') { "2" } else { "1" };
            change_row(e, elr, "dice", format!("{other}{}", &dice[1..]).into());
        },
    );
    let msg = refused(&c.dir);
    assert!(msg.contains(&format!("event {n}")), "{msg}");
    assert!(msg.contains("German 12.619"), "{msg}");
    assert!(msg.contains("CG Day 19 Sep"), "{msg}");
}

#[test]
fn an_answer_edited_on_a_later_cg_day_is_caught() {
    let tmp = sample("cg-i-partway");
    let d = dir(&tmp);
    // The German's count for the ELR roll of 17 Sep (the default taken)
    // made a different answer.
    let count =
        |r: &serde_json::Value| r["cg_day"] == "17/9" && r["answer_id"] == "german.elr_count_from";
    edit_log(
        &d,
        "log.jsonl",
        |e| has_row(e, count),
        |e| {
            change_row(e, count, "answer", "\"start\"".into());
            change_row(e, count, "defaulted", false.into());
        },
    );
    let msg = refused(&d);
    assert!(msg.contains("CG Day 17 Sep"), "{msg}");
    assert!(msg.contains("12.619"), "{msg}");
}

#[test]
fn purchases_by_votg_buy_then_refit_verify_and_an_edit_is_caught() {
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
    verified(&c.dir);
    // The purchase answer made I5 only (its commitment made to match): the
    // A3 Pltn no longer follows.
    let buy = |r: &serde_json::Value| r["answer_id"] == "russian.buy";
    edit_log(
        &c.dir,
        "russian/log.jsonl",
        |e| has_row(e, buy),
        |e| change_row(e, buy, "answer", "[\"I5\"]".into()),
    );
    let msg = refused(&c.dir);
    assert!(msg.contains("re-derives differently"), "{msg}");
    assert!(msg.contains("12.621"), "{msg}");
}

#[test]
fn design_3_an_imported_campaign_verifies_what_came_after_its_import() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path().join("c");
    copy_all(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/schema-2-cg-i-partway"),
        &d,
    );
    let ds = d.to_str().unwrap();
    // Read in memory, verified as imported; nothing written.
    let before = snapshot(&d);
    assert!(verified(&d).contains("0 step(s)"));
    assert_eq!(snapshot(&d), before);
    let a = tmp.path().join("a.toml");
    std::fs::write(&a, EACH_CG_I_SCENARIO).unwrap();
    votg()
        .args(["refit", ds, "--answers", a.to_str().unwrap()])
        .assert()
        .success();
    let out = verified(&d);
    assert!(
        out.contains("event 1"),
        "the import taken as recorded: {out}"
    );
    assert!(!out.contains(" 0 step(s)"), "{out}");
}

/// DESIGN §5: nothing `votg verify` prints depends on a side's secrets. A
/// German secret row edited (his strength roll's dice at 12.622): verify
/// names the event, the step and the CG Day, which are public, and says the
/// difference is in the German's secret part, without showing it.
#[test]
fn design_5_verify_shows_nothing_of_a_sides_secret_rows() {
    let tmp = sample("cg-i-partway");
    let d = dir(&tmp);
    let strength = |r: &serde_json::Value| r["table"] == "infantry-coy-strength";
    let mut secret = String::new();
    edit_log(
        &d,
        "german/log.jsonl",
        |e| has_row(e, strength),
        |e| {
            let row = e["rows"]
                .as_array()
                .unwrap()
                .iter()
                .find(|r| strength(r))
                .unwrap()
                .clone();
            let dice = row["dice"].as_str().unwrap();
            let other = if dice.starts_with('1') { "2" } else { "1" };
            change_row(e, strength, "dice", format!("{other}{}", &dice[1..]).into());
        },
    );
    for line in std::fs::read_to_string(d.join("german/log.jsonl"))
        .unwrap()
        .lines()
    {
        let e: serde_json::Value = serde_json::from_str(line).unwrap();
        if let Some(row) = e["rows"]
            .as_array()
            .and_then(|r| r.iter().find(|r| strength(r)))
        {
            secret = row["what"].as_str().unwrap().to_string();
        }
    }
    let msg = refused(&d);
    assert!(msg.contains("German 12.622"), "{msg}");
    assert!(msg.contains("the German's secret part"), "{msg}");
    assert!(!secret.is_empty() && !msg.contains(&secret), "{msg}");
    assert!(
        !msg.contains("dice `") && !msg.contains("strength"),
        "{msg}"
    );
}
