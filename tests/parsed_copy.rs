//! The parsed copy a writing command leaves in `.votg/parsed.json`
//! (src/parsed_copy.rs): read commands use it only for exactly the files it
//! was made from, so it saves time and never changes what votg says.

mod common;

use common::{Camp, votg};
use votg::parsed_copy::{self, Journal};
use votg::state::CampaignState;
use votg::store::{Digests, Store};
use votg::tables::Tables;

const COPY: &str = ".votg/parsed.json";

fn walkthrough() -> Camp {
    let camp = Camp::new("I");
    let answers = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("rosters/cg-i-walkthrough.answers.toml"),
    )
    .unwrap();
    let a = camp.file("walk.toml", &answers);
    votg()
        .args(["refit", camp.path(), "--answers", &a])
        .assert()
        .success();
    camp
}

fn no_digests() -> Digests {
    Digests::new()
}

#[test]
fn each_writing_command_leaves_a_copy_that_reads_as_the_files() {
    let camp = walkthrough();
    let tables = Tables::embedded().unwrap();
    let files = Store::read_committed(&camp.dir).unwrap();
    let loaded = CampaignState::from_files(&files, &tables).unwrap();
    let copied = parsed_copy::read(&camp.dir, &files, &no_digests(), &tables, Journal::Read)
        .expect("the refit left a copy of what it wrote");
    assert_eq!(copied, loaded);
    let sheets =
        parsed_copy::read(&camp.dir, &files, &no_digests(), &tables, Journal::Skip).unwrap();
    assert!(sheets.journal.is_empty());
    assert_eq!(sheets.german, loaded.german);
    // The sheets' quick read hashes the journal without keeping it: the
    // copy matches it the same.
    let (quick, digested) = Store::read_committed_quick(&camp.dir, &["journal.csv"]).unwrap();
    assert!(!quick.contains_key("journal.csv"));
    assert_eq!(digested.len(), 1);
    let sheets = parsed_copy::read(&camp.dir, &quick, &digested, &tables, Journal::Skip).unwrap();
    assert_eq!(sheets.german, loaded.german);
    assert_eq!(sheets.russian, loaded.russian);
    // `undo` leaves the copy of what it restored.
    votg().args(["undo", camp.path()]).assert().success();
    let files = Store::read_committed(&camp.dir).unwrap();
    let restored = parsed_copy::read(&camp.dir, &files, &no_digests(), &tables, Journal::Read)
        .expect("undo left a copy of what it restored");
    assert_eq!(
        restored,
        CampaignState::from_files(&files, &tables).unwrap()
    );
}

#[test]
fn a_hand_edit_is_read_from_the_files_not_from_the_copy() {
    let camp = walkthrough();
    let roster = camp.dir.join("german/roster.toml");
    let before = std::fs::read_to_string(&roster).unwrap();
    let shown = || {
        votg()
            .args(["roster", camp.path(), "--side", "german", "--format", "csv"])
            .assert()
    };
    let out = shown().success();
    let status = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(before.contains("elr = 4"), "{before}");
    // An edit the loader accepts shows at once ...
    std::fs::write(&roster, before.replacen("elr = 4", "elr = 2", 1)).unwrap();
    let tables = Tables::embedded().unwrap();
    let files = Store::read_committed(&camp.dir).unwrap();
    assert!(parsed_copy::read(&camp.dir, &files, &no_digests(), &tables, Journal::Skip).is_none());
    let out = shown().success();
    let edited = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert_ne!(edited, status);
    // A journal edit is seen by the sheets' quick read, which only hashes
    // the journal.
    std::fs::write(&roster, &before).unwrap();
    let journal = camp.dir.join("journal.csv");
    let rows = std::fs::read_to_string(&journal).unwrap();
    std::fs::write(&journal, rows.replacen(",german,", ",russian,", 1)).unwrap();
    let (quick, digested) = Store::read_committed_quick(&camp.dir, &["journal.csv"]).unwrap();
    assert!(parsed_copy::read(&camp.dir, &quick, &digested, &tables, Journal::Skip).is_none());
    std::fs::write(&journal, &rows).unwrap();
    let (quick, digested) = Store::read_committed_quick(&camp.dir, &["journal.csv"]).unwrap();
    assert!(parsed_copy::read(&camp.dir, &quick, &digested, &tables, Journal::Skip).is_some());
    // ... and one it refuses is refused, copy or no copy.
    std::fs::write(&roster, before.replacen("elr = 4", "elr = 9", 1)).unwrap();
    shown()
        .failure()
        .stderr(predicates::str::contains("roster.toml"));
}

#[test]
fn a_copy_from_another_build_or_other_tables_is_not_used() {
    let camp = walkthrough();
    let files = Store::read_committed(&camp.dir).unwrap();
    let built_in = Tables::embedded().unwrap();
    let copy = camp.dir.join(COPY);
    let text = std::fs::read_to_string(&copy).unwrap();
    assert!(
        parsed_copy::read(&camp.dir, &files, &no_digests(), &built_in, Journal::Read).is_some()
    );
    // Another build's copy.
    let other = text.replacen("\"build\":\"", "\"build\":\"0.0.0+", 1);
    assert_ne!(other, text);
    std::fs::write(&copy, other).unwrap();
    assert!(
        parsed_copy::read(&camp.dir, &files, &no_digests(), &built_in, Journal::Read).is_none()
    );
    // A damaged copy.
    std::fs::write(&copy, &text[..text.len() / 2]).unwrap();
    assert!(
        parsed_copy::read(&camp.dir, &files, &no_digests(), &built_in, Journal::Read).is_none()
    );
    // Tables of the player's own.
    std::fs::write(&copy, &text).unwrap();
    let own = Tables::with_overrides(&[]).unwrap();
    assert!(parsed_copy::read(&camp.dir, &files, &no_digests(), &own, Journal::Read).is_none());
    // No copy at all: the files are read as always.
    std::fs::remove_file(&copy).unwrap();
    votg().args(["status", camp.path()]).assert().success();
    assert!(!copy.exists(), "a read command writes nothing");
}

/// `votg log`'s output for `args` on `camp`.
fn log_of(camp: &Camp, args: &[&str]) -> String {
    let out = votg()
        .args(["log", camp.path()])
        .args(args)
        .env("COLUMNS", "80")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

const LOG_VIEWS: &[&[&str]] = &[
    &["--reveal"],
    &["--side", "german"],
    &["--side", "russian"],
    &[],
    &["--step", "12.62"],
    &["--wide", "--reveal"],
    &["--format", "csv", "--reveal"],
    &["--format", "json", "--side", "german"],
];

#[test]
fn log_shows_the_journal_as_written_exactly_as_the_full_read_shows_it() {
    // The copy vouches for the files: `log` shows the records as written.
    let camp = walkthrough();
    let quick: Vec<String> = LOG_VIEWS.iter().map(|a| log_of(&camp, a)).collect();
    // Without the copy, it reads and checks every file and makes every row.
    std::fs::remove_file(camp.dir.join(COPY)).unwrap();
    for (args, quick) in LOG_VIEWS.iter().zip(&quick) {
        assert_eq!(&log_of(&camp, args), quick, "votg log {args:?}");
    }
    assert!(quick[0].contains("(secret)") && quick[0].contains("12.622"));
}

#[test]
fn log_of_a_journal_edited_since_the_copy_reads_the_edit_and_checks_it() {
    let camp = walkthrough();
    let path = camp.dir.join("journal.csv");
    let journal = std::fs::read_to_string(&path).unwrap();
    // A what-text edited by hand: shown as edited, not as the copy knew it.
    let edited = journal.replacen("I1 Rifle Coy strength", "I1 Rifle Coy strength by hand", 1);
    assert_ne!(edited, journal);
    std::fs::write(&path, &edited).unwrap();
    assert!(log_of(&camp, &["--reveal", "--wide"]).contains("strength by hand"));
    // A record that does not read is reported, as by every reader.
    std::fs::write(&path, journal.replacen(",false,", ",maybe,", 1)).unwrap();
    let out = votg().args(["log", camp.path()]).output().unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("journal.csv"));
}

/// FNV-1a, 64 bits, as the store's history writes a file's hash.
fn fnv(bytes: &[u8]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in bytes {
        h ^= u64::from(*b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("{h:016x}")
}

fn copy_field(c: &Camp, field: &str) -> Option<String> {
    let text = std::fs::read(c.dir.join(COPY)).unwrap();
    let copy: serde_json::Value = serde_json::from_slice(&text).unwrap();
    copy.get(field).and_then(|v| v.as_str()).map(str::to_string)
}

/// A CG I after one scripted run, and its answers file for the next.
fn after_one_scripted_run() -> (Camp, String) {
    let c = Camp::new("I");
    let a = c.file("scenario.toml", common::EACH_CG_I_SCENARIO);
    votg()
        .args(["refit", c.path(), "--answers", &a])
        .assert()
        .success();
    (c, a)
}

#[test]
fn design_6_a_scripted_run_hands_the_journal_hash_on_and_the_next_run_undoes_through_it() {
    let (c, a) = after_one_scripted_run();
    let journal = std::fs::read(c.dir.join("journal.csv")).unwrap();
    assert_eq!(
        copy_field(&c, "journal_hash"),
        Some(fnv(&journal)),
        "the copy holds the journal's hash as the history gives it"
    );
    let after_first = c.campaign_files();
    let entries = c.history_len();
    // The next run's batch begins from that hash: each of its steps' entries
    // must restore, one undo at a time, back to where it began.
    votg()
        .args(["refit", c.path(), "--answers", &a])
        .assert()
        .success();
    let steps = c.history_len() - entries;
    assert!(steps > 10, "a whole RePh: {steps} steps");
    for _ in 0..steps {
        votg().args(["undo", c.path()]).assert().success();
    }
    assert_eq!(c.campaign_files(), after_first, "byte for byte");
    // An undo does not know the hash: its copy has none, and the next run
    // hashes the journal itself.
    assert_eq!(copy_field(&c, "journal_hash"), None);
}

#[test]
fn design_6_a_copy_with_a_wrong_journal_hash_makes_undo_refuse_never_restore_wrong() {
    // The copy is votg's own and trusted only with the files it was made
    // from (as its parsed forces and rosters are). One edited by hand to a
    // wrong hash makes the next run's entries name wrong hashes: undo then
    // refuses, changing nothing, rather than restore anything else.
    let (c, a) = after_one_scripted_run();
    let path = c.dir.join(COPY);
    let text = std::fs::read_to_string(&path).unwrap();
    let right = copy_field(&c, "journal_hash").unwrap();
    std::fs::write(&path, text.replace(&right, "0123456789abcdef")).unwrap();
    votg()
        .args(["refit", c.path(), "--answers", &a])
        .assert()
        .success();
    let before = c.campaign_files();
    votg()
        .args(["undo", c.path()])
        .assert()
        .code(1)
        .stderr(predicates::str::contains(
            "journal.csv is not as that step left it",
        ));
    assert_eq!(c.campaign_files(), before, "nothing changed");
}
