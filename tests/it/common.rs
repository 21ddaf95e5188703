//! Helpers for the integration tests: run the real binary on a temporary
//! campaign, with fixed clock, answers and dice.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use assert_cmd::Command;
use votg::model::state::CampaignState;
use votg::rules::tables::Tables;

/// The answers for each CG I scenario and the RePh after it when the
/// German wins and attacks every day, the Russian stays Idle and nobody
/// buys (a whole CG played unattended).
pub const EACH_CG_I_SCENARIO: &str = include_str!("../data/each-scenario.cg-i.answers.toml");

pub fn votg() -> Command {
    let mut c = Command::cargo_bin("votg").unwrap();
    c.env("COLUMNS", "200")
        .env("VOTG_NOW", "2026-01-01T00:00:00Z")
        .env_remove("VOTG_CRASH_AT");
    c
}

/// A new campaign of `cg` in a temporary folder.
pub struct Camp {
    pub tmp: tempfile::TempDir,
    pub dir: PathBuf,
}

impl Camp {
    pub fn new(cg: &str) -> Camp {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("campaign");
        votg()
            .args(["new", dir.to_str().unwrap(), "--cg", cg, "--seed", "7"])
            .assert()
            .success();
        Camp { tmp, dir }
    }

    pub fn path(&self) -> &str {
        self.dir.to_str().unwrap()
    }

    pub fn file(&self, name: &str, text: &str) -> String {
        let p = self.tmp.path().join(name);
        std::fs::write(&p, text).unwrap();
        p.to_str().unwrap().to_string()
    }

    /// Edits the campaign as a player would by hand, in its views, and
    /// records the edit with `votg adjust` (one event a side), so the test
    /// can set up a standing the steps before it would make.
    pub fn edit(&self, f: impl FnOnce(&mut CampaignState)) {
        edit(&self.dir, f)
    }

    pub fn state(&self) -> CampaignState {
        load(&self.dir)
    }

    /// Every file of the campaign folder (the `.votg` lock and history too).
    pub fn snapshot(&self) -> BTreeMap<String, Vec<u8>> {
        snapshot(&self.dir)
    }

    /// The views (and dice keys) on disk: what undo then redo, or a step
    /// done again, gives back byte for byte (the logs grow).
    pub fn views(&self) -> BTreeMap<String, Vec<u8>> {
        views(&self.dir)
    }

    pub fn campaign_files(&self) -> BTreeMap<String, Vec<u8>> {
        self.snapshot()
            .into_iter()
            .filter(|(k, _)| !k.starts_with(".votg"))
            .collect()
    }
}

/// The campaign as its logs derive it (what every command reads).
pub fn load(dir: &Path) -> CampaignState {
    votg::commands::campaign::read(dir, &Tables::embedded().unwrap()).unwrap()
}

/// Every file of a campaign folder but the writers' empty lock file (which
/// a writer makes if it is missing, and which holds nothing).
pub fn snapshot(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    let mut out = BTreeMap::new();
    fn walk(base: &Path, dir: &Path, out: &mut BTreeMap<String, Vec<u8>>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                walk(base, &p, out);
            } else {
                out.insert(
                    p.strip_prefix(base).unwrap().to_string_lossy().to_string(),
                    std::fs::read(&p).unwrap(),
                );
            }
        }
    }
    walk(dir, dir, &mut out);
    out.remove(".votg/lock");
    out
}

/// Copies a campaign folder with everything in it (`.votg` too).
pub fn copy_all(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let p = e.unwrap().path();
        let target = to.join(p.file_name().unwrap());
        if p.is_dir() {
            copy_all(&p, &target);
        } else {
            std::fs::copy(&p, &target).unwrap();
        }
    }
}

/// Copies a campaign folder without its `.votg` (the lock and the views'
/// hashes): the files as a player would hand them over.
pub fn copy_campaign(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let p = e.unwrap().path();
        let target = to.join(p.file_name().unwrap());
        if p.is_dir() {
            if p.file_name().unwrap() != ".votg" {
                copy_campaign(&p, &target);
            }
        } else {
            std::fs::copy(&p, &target).unwrap();
        }
    }
}

impl Camp {
    /// A copy of this campaign, `.votg` included, in a new temporary folder.
    pub fn copy(&self) -> Camp {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("campaign");
        copy_all(&self.dir, &dir);
        Camp { tmp, dir }
    }

    /// `votg --dice-file d.txt refit CAMP --until STEP --answers a.toml`,
    /// with `d.txt` holding `dice` and `a.toml` holding `answers`.
    pub fn refit_until(
        &self,
        until: &str,
        answers: &str,
        dice: &str,
    ) -> assert_cmd::assert::Assert {
        let a = self.file("a.toml", answers);
        let d = self.file("d.txt", dice);
        votg()
            .args([
                "--dice-file",
                &d,
                "refit",
                self.path(),
                "--until",
                until,
                "--answers",
                &a,
            ])
            .assert()
    }

    /// `votg --dice-file DICE refit DIR --answers ANSWERS --side SIDE`, with
    /// the two files already written (`Camp::file`).
    pub fn refit_side(&self, side: &str, answers: &str, dice: &str) -> assert_cmd::assert::Assert {
        votg()
            .args(["--dice-file", dice, "refit", self.path()])
            .args(["--answers", answers, "--side", side])
            .assert()
    }
}

/// The files of a campaign the previous votg wrote (schema 1 or 2), kept in
/// `tests/data/NAME`.
pub fn old_files(name: &str) -> votg::model::state::Files {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name);
    [
        "campaign.toml",
        "journal.csv",
        "german/roster.toml",
        "german/purchases.csv",
        "german/force.toml",
        "german/dice.toml",
        "russian/roster.toml",
        "russian/purchases.csv",
        "russian/force.toml",
        "russian/dice.toml",
    ]
    .iter()
    .filter_map(|n| Some((n.to_string(), std::fs::read(dir.join(n)).ok()?)))
    .collect()
}

/// [`Camp::edit`] for any campaign folder (an older campaign is imported
/// by the first `votg adjust`).
pub fn edit(dir: &Path, f: impl FnOnce(&mut CampaignState)) {
    let d = dir.to_str().unwrap();
    votg()
        .args(["adjust", d, "--side", "both", "--discard"])
        .assert()
        .success();
    let before = load(dir);
    let mut s = before.clone();
    f(&mut s);
    let old = before.views();
    for (name, bytes) in &s.views() {
        if !name.ends_with("journal.csv") && old.get(name) != Some(bytes) {
            std::fs::write(dir.join(name), bytes).unwrap();
        }
    }
    votg()
        .args(["adjust", d, "--side", "both", "--reason", "test set-up"])
        .assert()
        .success();
}

/// Every journal view of a campaign, public rows then each side's secret
/// ones: the whole audit log as text (as `votg log --reveal` shows it).
pub fn all_journals(dir: &Path) -> String {
    ["journal.csv", "german/journal.csv", "russian/journal.csv"]
        .iter()
        .map(|n| std::fs::read_to_string(dir.join(n)).unwrap_or_default())
        .collect()
}

/// The views and dice keys of a campaign folder, as on disk, each view
/// without its first line (which names the event it was written for: an
/// undo and a redo are events). What a killed command moved aside
/// (`interrupted/`) is no view.
pub fn views(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    snapshot(dir)
        .into_iter()
        .filter(|(k, _)| {
            !k.starts_with(".votg") && !k.ends_with("log.jsonl") && !k.contains("interrupted/")
        })
        .map(|(k, v)| (k, unmarked(&v).to_vec()))
        .collect()
}

/// A view's bytes without the line naming the event it was written for.
pub fn unmarked(bytes: &[u8]) -> &[u8] {
    votg::store::views::unmark(bytes).1
}

/// Reading a campaign back through the binary only (`votg force`, `votg
/// log`), as a player would: the tests of the rules across a campaign
/// neither set up nor read state through the library.
impl Camp {
    /// A copy of the sample campaign `rosters/<name>` (its files only).
    pub fn sample(name: &str) -> Camp {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("campaign");
        copy_all(
            &Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("rosters")
                .join(name),
            &dir,
        );
        Camp { tmp, dir }
    }

    /// `votg [--dice-file D] refit CAMP --answers A ARGS…`; without dice the
    /// campaign's own streams roll.
    pub fn refit(
        &self,
        args: &[&str],
        answers: &str,
        dice: Option<&str>,
    ) -> assert_cmd::assert::Assert {
        let a = self.file("answers.toml", answers);
        let mut cmd = votg();
        if let Some(faces) = dice {
            cmd.args(["--dice-file", &self.file("dice.txt", faces)]);
        }
        cmd.args(["refit", self.path(), "--answers", &a])
            .args(args)
            .assert()
    }

    /// `votg force CAMP --side SIDE --format json`.
    pub fn force_json(&self, side: &str) -> serde_json::Value {
        let out = votg()
            .args(["force", self.path(), "--side", side, "--format", "json"])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        serde_json::from_slice(&out.stdout).unwrap()
    }

    /// One counter of `votg force --format json`, by id.
    pub fn counter(&self, side: &str, id: &str) -> serde_json::Value {
        self.force_json(side)["counters"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["id"] == id)
            .unwrap_or_else(|| panic!("no counter {id}"))
            .clone()
    }

    /// The box a counter is in (`votg force`).
    pub fn box_of(&self, side: &str, id: &str) -> String {
        self.counter(side, id)["box"].as_str().unwrap().to_string()
    }

    /// Its conditions as `votg force` names them in JSON.
    pub fn conditions(&self, side: &str, id: &str) -> Vec<String> {
        match self.counter(side, id).get("condition") {
            Some(serde_json::Value::Array(items)) => items
                .iter()
                .map(|c| c.to_string().replace('"', ""))
                .collect(),
            _ => vec![],
        }
    }

    /// Every journal row, secrets revealed (`votg log --reveal --format json`).
    pub fn log(&self) -> Vec<serde_json::Value> {
        let out = votg()
            .args(["log", self.path(), "--reveal", "--format", "json"])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        serde_json::from_slice::<Vec<serde_json::Value>>(&out.stdout).unwrap()
    }

    /// The journal rows whose `What` contains `what`, as "What => Result".
    pub fn rows(&self, what: &str) -> Vec<String> {
        self.log()
            .iter()
            .filter(|r| r["What"].as_str().unwrap_or_default().contains(what))
            .map(|r| {
                format!(
                    "{} => {}",
                    r["What"].as_str().unwrap(),
                    r["Result"].as_str().unwrap()
                )
            })
            .collect()
    }
}
