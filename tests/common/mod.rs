//! Helpers for the integration tests: run the real binary on a temporary
//! campaign, with fixed clock, answers and dice.
#![allow(dead_code)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use assert_cmd::Command;
use votg::state::CampaignState;
use votg::store::Store;
use votg::tables::Tables;

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

    /// Edits the campaign in place, as a player would by hand (one commit,
    /// so the test can set up a standing the steps before it would make).
    pub fn edit(&self, f: impl FnOnce(&mut CampaignState)) {
        let store = open_store(&self.dir);
        let tables = Tables::embedded().unwrap();
        let mut s = CampaignState::from_files(&store.read_files().unwrap(), &tables).unwrap();
        f(&mut s);
        store.commit(&s.to_files(), None).unwrap();
    }

    pub fn state(&self) -> CampaignState {
        load(&self.dir)
    }

    /// Every file of the campaign folder (the `.votg` lock and history too).
    pub fn snapshot(&self) -> BTreeMap<String, Vec<u8>> {
        snapshot(&self.dir)
    }

    pub fn campaign_files(&self) -> BTreeMap<String, Vec<u8>> {
        self.snapshot()
            .into_iter()
            .filter(|(k, _)| !k.starts_with(".votg"))
            .collect()
    }
}

pub fn load(dir: &Path) -> CampaignState {
    let store = open_store(dir);
    CampaignState::from_files(&store.read_files().unwrap(), &Tables::embedded().unwrap()).unwrap()
}

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

/// Copies a campaign folder without its `.votg` (history, lock, sealed
/// copies): the files as a player would hand them over.
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

/// The campaign files only (not `.votg`).
pub fn campaign_files(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    snapshot(dir)
        .into_iter()
        .filter(|(k, _)| !k.starts_with(".votg"))
        .collect()
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

    pub fn history_len(&self) -> usize {
        match std::fs::read_dir(self.dir.join(".votg/history")) {
            Ok(entries) => entries
                .filter(|e| {
                    e.as_ref()
                        .is_ok_and(|e| e.file_name().to_string_lossy().parse::<u32>().is_ok())
                })
                .count(),
            Err(_) => 0,
        }
    }
}

/// Opens a campaign's store from a test. Tests run on parallel threads that
/// also start `votg` processes: a process forked at the moment another
/// thread holds a campaign's lock file inherits that descriptor until its
/// `exec` closes it, so the lock can look held for a moment after the
/// thread let it go. Retry briefly rather than fail on that race (no votg
/// process opens a campaign twice, so votg itself never meets it).
#[allow(dead_code)]
pub fn open_store(dir: &Path) -> Store {
    for _ in 0..200 {
        match Store::open(dir) {
            Err(votg::error::Error::Locked { .. }) => {
                std::thread::sleep(std::time::Duration::from_millis(5))
            }
            other => return other.unwrap(),
        }
    }
    Store::open(dir).unwrap()
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
