//! DESIGN §6: damaged files give a clear message and change nothing; a crash
//! in the middle of a commit leaves the old or the new campaign, never a mix;
//! undo restores files byte for byte; a second process is refused.

mod common;
use common::{Camp, votg};
use predicates::prelude::*;

/// Damage one file, run commands that load the campaign: each fails with a
/// message naming the file, and nothing on disk changes.
fn damaged(c: &Camp, file: &str, bytes: &[u8], needle: &str) {
    let path = c.dir.join(file);
    let original = std::fs::read(&path).unwrap();
    std::fs::write(&path, bytes).unwrap();
    let before = c.snapshot();
    for args in [
        vec!["status", c.path()],
        vec!["roster", c.path(), "--side", "german"],
        vec!["buy", c.path(), "--side", "german", "I2"],
        vec!["refit", c.path(), "--side", "german"],
    ] {
        let out = votg()
            .args(&args)
            .assert()
            .code(1)
            .get_output()
            .stderr
            .clone();
        let text = String::from_utf8_lossy(&out).to_string();
        assert!(text.contains(file), "{args:?} on damaged {file}: {text}");
        assert!(
            text.contains(needle),
            "{args:?} on damaged {file}: expected `{needle}` in {text}"
        );
        assert_eq!(c.snapshot(), before, "{args:?} changed files");
    }
    std::fs::write(&path, original).unwrap();
}

#[test]
fn design_6_damaged_files_are_reported_and_left_alone() {
    let c = Camp::new("II");
    let files = votg::store::CAMPAIGN_FILES;
    for file in files {
        let good = std::fs::read(c.dir.join(file)).unwrap();
        damaged(
            &c,
            file,
            b"\xff\xfe\x00garbage\x01",
            if file.ends_with(".csv") { "" } else { "UTF-8" },
        );
        damaged(&c, file, &good[..good.len() / 2], "");
        damaged(&c, file, b"", "");
    }
    // Syntax errors name line and column.
    damaged(
        &c,
        "campaign.toml",
        b"schema = 1\ncg = = \"II\"\n",
        "campaign.toml:2:",
    );
    // Wrong types and values name the field.
    let text = std::fs::read_to_string(c.dir.join("campaign.toml")).unwrap();
    damaged(
        &c,
        "campaign.toml",
        text.replace("date = 14", "date = \"x\"").as_bytes(),
        "campaign.toml:",
    );
    damaged(
        &c,
        "campaign.toml",
        text.replace("date = 14", "date = 31").as_bytes(),
        "date = 31",
    );
    damaged(
        &c,
        "campaign.toml",
        text.replace("schema = 2", "schema = 9").as_bytes(),
        "schema = 9",
    );
    damaged(
        &c,
        "campaign.toml",
        text.replace("german = \"12.621\"", "german = \"12.999\"")
            .as_bytes(),
        "12.999",
    );
    let roster = std::fs::read_to_string(c.dir.join("russian/roster.toml")).unwrap();
    damaged(
        &c,
        "russian/roster.toml",
        roster.replace("left = 19", "left = -3").as_bytes(),
        "negative",
    );
    damaged(
        &c,
        "russian/roster.toml",
        roster.replace("left = 19", "left = 18").as_bytes(),
        "C20",
    );
    let purchases = std::fs::read_to_string(c.dir.join("russian/purchases.csv")).unwrap();
    damaged(
        &c,
        "russian/purchases.csv",
        purchases.replacen("I5,NKVD", "Z9,NKVD", 1).as_bytes(),
        "Z9",
    );
    damaged(
        &c,
        "russian/purchases.csv",
        purchases.replacen(",2,,,", ",x,,,", 1).as_bytes(),
        "purchases.csv:2:",
    );
    // An RG over its CG Max: a third bought A3 in CG II (max 3) is fine, a 4th is not.
    let mut over = purchases.clone();
    for _ in 0..4 {
        // The row's other columns blank, however many the schema has.
        let blanks = ",".repeat(votg::purchase_record::COLUMNS.len() - 4);
        over.push_str(&format!("14/9,A3,T-34 M41 Pltn,1{blanks}\n"));
    }
    damaged(
        &c,
        "russian/purchases.csv",
        over.as_bytes(),
        "CG II Max is 3",
    );
    let force = std::fs::read_to_string(c.dir.join("german/force.toml")).unwrap();
    damaged(
        &c,
        "german/force.toml",
        format!(
            "{force}\n[[counters]]\nid = \"G-999\"\nunit = \"x\"\nkind = \"tank\"\nbox = \"retained\"\n"
        )
        .as_bytes(),
        "german/force.toml:",
    );
    let journal = std::fs::read_to_string(c.dir.join("journal.csv")).unwrap();
    damaged(
        &c,
        "journal.csv",
        journal.replacen("\n1,", "\n7,", 1).as_bytes(),
        "journal",
    );
    // A missing file.
    let keep = std::fs::read(c.dir.join("german/force.toml")).unwrap();
    std::fs::remove_file(c.dir.join("german/force.toml")).unwrap();
    votg()
        .args(["status", c.path()])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("german/force.toml"));
    std::fs::write(c.dir.join("german/force.toml"), keep).unwrap();
    votg().args(["status", c.path()]).assert().success();
}

#[test]
fn design_6_a_crash_leaves_the_old_or_the_new_campaign() {
    let c = Camp::new("I");
    let old = c.campaign_files();
    // The finished purchase: the new state.
    let done = Camp::new("I");
    votg()
        .args(["buy", done.path(), "--side", "russian", "I3", "M1"])
        .assert()
        .success();
    let new = done.campaign_files();
    let strip = |m: std::collections::BTreeMap<String, Vec<u8>>| m;
    let mut saw_old = false;
    let mut saw_new = false;
    for n in 1..=12 {
        let out = votg()
            .env("VOTG_CRASH_AT", n.to_string())
            .args(["buy", c.path(), "--side", "russian", "I3", "M1"])
            .output()
            .unwrap();
        // Readers see the committed state without writing; opening the
        // campaign for writing recovers it: it loads and is wholly old or
        // wholly new.
        votg().args(["status", c.path()]).assert().success();
        drop(common::open_store(&c.dir));
        let now = strip(c.campaign_files());
        if now == old {
            saw_old = true;
            assert!(
                !out.status.success(),
                "crash point {n} did not crash yet left the old state"
            );
        } else {
            assert_eq!(now, new, "crash point {n}: a mix of old and new files");
            saw_new = true;
            // Back to the old state for the next crash point.
            votg().args(["undo", c.path()]).assert().success();
            assert_eq!(c.campaign_files(), old, "undo after crash point {n}");
        }
    }
    assert!(
        saw_old && saw_new,
        "the crash points cover both sides of the commit point"
    );
}

#[test]
fn design_6_undo_walks_back_every_step_byte_for_byte() {
    let c = Camp::new("II");
    let answers = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/cg-ii-initial.answers.toml"
    );
    let dice = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/cg-ii-initial.dice");
    let mut states = vec![c.campaign_files()];
    // One step at a time: German only, then Russian only, then both (set-up order).
    for (side, steps) in [("german", 4), ("russian", 4)] {
        let _ = steps;
        votg()
            .args([
                "--dice-file",
                dice,
                "refit",
                c.path(),
                "--answers",
                answers,
                "--side",
                side,
            ])
            .output()
            .unwrap();
    }
    // Replay the history: each snapshot must equal what the files were.
    let history = c.dir.join(".votg/history");
    let mut numbers: Vec<u32> = std::fs::read_dir(&history)
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().to_str()?.parse().ok())
        .collect();
    numbers.sort();
    assert!(
        numbers.len() >= 8,
        "a snapshot per side per step: {numbers:?}"
    );
    let last = c.campaign_files();
    states.push(last);
    for _ in &numbers {
        votg()
            .args(["undo", c.path()])
            .assert()
            .success()
            .stdout(predicate::str::contains("Undone"));
    }
    assert_eq!(
        c.campaign_files(),
        states[0],
        "undone all the way back to `votg new`"
    );
    votg()
        .args(["undo", c.path()])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("nothing to undo"));
}

#[test]
fn design_6_undo_restores_the_previous_files_exactly() {
    let c = Camp::new("I");
    let before = c.campaign_files();
    votg()
        .args(["buy", c.path(), "--side", "german", "I1", "A1"])
        .assert()
        .success();
    let middle = c.campaign_files();
    assert_ne!(before, middle);
    votg()
        .args(["buy", c.path(), "--side", "german", "O1"])
        .assert()
        .success();
    votg().args(["undo", c.path()]).assert().success();
    assert_eq!(c.campaign_files(), middle);
    votg().args(["undo", c.path()]).assert().success();
    assert_eq!(c.campaign_files(), before);
}

#[test]
fn design_6_a_second_process_is_refused() {
    let c = Camp::new("I");
    let held = votg::store::Store::open(&c.dir).unwrap();
    let before = c.snapshot();
    votg()
        .args(["buy", c.path(), "--side", "german", "I1"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("another votg is working"));
    assert_eq!(c.snapshot(), before);
    drop(held);
    votg()
        .args(["buy", c.path(), "--side", "german", "I1"])
        .assert()
        .success();
}

#[test]
fn refit_without_answers_off_a_terminal_names_the_missing_prompt() {
    let c = Camp::new("I");
    let before = c.campaign_files();
    votg()
        .args(["refit", c.path()])
        .write_stdin("")
        .assert()
        .code(1)
        .stderr(predicate::str::contains("german.buy"));
    assert_eq!(c.campaign_files(), before);
    let bad = c.file("b.toml", "[german]\nbuy = 3\n");
    votg()
        .args(["refit", c.path(), "--answers", &bad])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("german.buy"));
    let unknown = c.file("c.toml", "[german]\nbuyy = []\n");
    votg()
        .args(["refit", c.path(), "--answers", &unknown])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("buyy"));
    assert_eq!(c.campaign_files(), before);
    let partial = c.file("a.toml", "[german]\nbuy = []\n");
    votg()
        .args(["refit", c.path(), "--answers", &partial, "--side", "german"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("german.fortify"));
}
