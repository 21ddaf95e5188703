//! DESIGN §3: a newer votg opens an older campaign by migrating it, and says
//! so; it never refuses it. tests/data/schema-1-cg-i-walkthrough is the README
//! walkthrough as votg wrote it before private dice: one seed in
//! campaign.toml (and printed in the journal), a 13-column journal.

use crate::common::{snapshot, votg};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use votg::model::journal::Kind;
use votg::model::roster::{Pool, Roster};
use votg::model::side::Side;

fn old_campaign(tmp: &tempfile::TempDir) -> PathBuf {
    let from = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/schema-1-cg-i-walkthrough");
    let dir = tmp.path().join("old");
    for side in ["german", "russian"] {
        std::fs::create_dir_all(dir.join(side)).unwrap();
    }
    for name in [
        "campaign.toml",
        "journal.csv",
        "german/roster.toml",
        "german/purchases.csv",
        "german/force.toml",
        "russian/roster.toml",
        "russian/purchases.csv",
        "russian/force.toml",
    ] {
        std::fs::copy(from.join(name), dir.join(name)).unwrap();
    }
    dir
}

fn files(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    snapshot(dir)
        .into_iter()
        .filter(|(k, _)| !k.starts_with(".votg"))
        .collect()
}

/// (stdout, stderr) of a command that must succeed.
fn ok(args: &[&str]) -> (String, String) {
    let out = votg().args(args).assert().success().get_output().clone();
    (
        String::from_utf8_lossy(&out.stdout).to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

/// The next CG Day set up by hand, as refit tells players to do while votg
/// does not carry out 12.601-12.620; campaign.toml stays in its old form.
fn next_day(dir: &Path) {
    let path = dir.join("campaign.toml");
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("schema = 1") && text.contains("seed = 1942"));
    let text = text
        .replacen("date = 15\n", "date = 16\n", 1)
        .replacen("scenario = 1\n", "scenario = 2\n", 1)
        .replace("occasion = \"initial\"", "occasion = \"after-scenario\"")
        .replace("german = \"done\"", "german = \"12.621\"")
        .replace("russian = \"done\"", "russian = \"12.621\"")
        + "victor = \"german\"\n\n[[days]]\ndate = 16\nscenario = 2\nweather = \"clear\"\nec = \"dry\"\n";
    std::fs::write(&path, text).unwrap();
    for side in Side::BOTH {
        let path = dir.join(format!("{side}/roster.toml"));
        let mut roster: Roster = toml::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let mut line = roster.lines.last().unwrap().clone();
        line.date = 16;
        line.scenario = Some(2);
        line.hist_drm = 0;
        line.cpp = Pool::opening(line.cpp.left - line.recon_cpp + 6);
        line.support_cpp = line.support_cpp.map(|p| Pool::opening(p.left));
        line.rgs.clear();
        line.fortifications.clear();
        line.fpp = 0;
        line.fpp_spent = 0;
        line.mine_fpp = 0;
        line.recon = None;
        line.recon_cpp = 0;
        line.initiative = None;
        roster.lines.push(line);
        std::fs::write(&path, toml::to_string_pretty(&roster).unwrap()).unwrap();
    }
}

const ANSWERS: &str =
    "[german]\nbuy = [\"I3\"]\nfortify = []\nrecon = 1\ninitiative = \"attack\"\n";

#[test]
fn design_3_a_schema_1_campaign_opens_and_reads_without_being_written() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = old_campaign(&tmp);
    let d = dir.to_str().unwrap();
    let before = files(&dir);
    let (status, note) = ok(&["status", d]);
    assert!(status.contains("The Central Railway Station"));
    assert!(
        note.contains("schema 1") && note.contains("dice.toml"),
        "{note}"
    );
    assert!(note.contains("journal.csv"), "{note}");
    for side in ["german", "russian"] {
        let (roster, _) = ok(&["roster", d, "--side", side]);
        assert!(roster.contains("CG Roster"));
        ok(&["purchases", d, "--side", side]);
        let (force, _) = ok(&["force", d, "--side", side]);
        assert!(force.contains("Force Organizer"));
        let (log, _) = ok(&["log", d, "--side", side]);
        assert!(log.contains("Purchase"), "{log}");
    }
    let (log, _) = ok(&["log", d, "--reveal"]);
    assert!(log.contains("Campaign Game I created"));
    // The old seed predicted every secret roll; the log no longer shows it.
    assert!(!log.contains("1942"), "{log}");
    // Reading changed nothing on disk.
    assert_eq!(files(&dir), before);
    // The old rows read as typed data.
    let s = crate::common::load(&dir);
    assert_eq!(s.campaign.schema, votg::model::state::CAMPAIGN_SCHEMA);
    assert!(s.journal.iter().any(|r| r.kind == Kind::Roll));
    assert!(
        s.journal
            .iter()
            .all(|r| (r.kind == Kind::Roll) != r.dice.is_empty())
    );
}

#[test]
fn design_3_a_schema_1_campaign_is_imported_by_its_first_writer() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = old_campaign(&tmp);
    let d = dir.to_str().unwrap();
    next_day(&dir);
    let old_journal = crate::common::load(&dir).journal;
    let answers = tmp.path().join("a.toml");
    std::fs::write(&answers, ANSWERS).unwrap();
    let a = answers.to_str().unwrap();
    let (out, note) = ok(&["refit", d, "--side", "german", "--answers", a]);
    assert!(out.contains("12.622"), "{out}");
    assert_eq!(
        note.matches("imported from").count(),
        1,
        "said once: {note}"
    );
    let after = files(&dir);
    // campaign.toml keeps no seed; each side has its own dice file; the
    // logs are the campaign now.
    let campaign = String::from_utf8(after["campaign.toml"].clone()).unwrap();
    assert!(campaign.contains("schema = 3") && !campaign.contains("seed"));
    for side in Side::BOTH {
        assert!(after.contains_key(&format!("{side}/dice.toml")));
        assert!(after.contains_key(&format!("{side}/log.jsonl")));
    }
    assert!(after.contains_key("log.jsonl"));
    let s = crate::common::load(&dir);
    // The journal has its new columns, its old rows kept (as history).
    let journal =
        String::from_utf8(crate::common::unmarked(&after["journal.csv"]).to_vec()).unwrap();
    assert!(journal.starts_with(&votg::model::journal::COLUMNS.join(",")));
    let what = |rows: &[votg::model::journal::JournalRow]| -> Vec<String> {
        rows.iter().map(|r| r.what.clone()).collect()
    };
    for r in what(&old_journal) {
        assert!(what(&s.journal).contains(&r), "{r} kept");
    }
    assert!(s.journal.iter().any(|r| r.answer_id == "german.buy"));
    assert!(
        s.german
            .purchases
            .iter()
            .any(|r| r.rg_id == "I3" && !r.strength.is_empty())
    );
    // Said once: the campaign is now in the new form.
    let (_, note) = ok(&["status", d]);
    assert!(note.is_empty(), "{note}");
    let views = |dir: &std::path::Path| crate::common::load(dir).views();
    let done = views(&dir);
    // Undo back to the import, then again: the same dice.
    for _ in 0..5 {
        ok(&["undo", d]);
    }
    ok(&["refit", d, "--side", "german", "--answers", a]);
    assert_eq!(views(&dir), done);
    ok(&["verify", d]);
}
