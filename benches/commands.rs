//! `cargo bench`: wall-clock time of votg commands on a CG IV campaign at its
//! last CG Day (27 Sep), as ratios against `votg --version` measured in the
//! same run (so the figures do not depend on the machine). Each timing of a
//! command is paired with a timing of `votg --version` just before it, and
//! a command's ratio is the median of its pairs' ratios: on a shared machine
//! a slow spell then slows the unit and the command alike, rather than
//! falling on one command's runs and not on the unit's. The campaign is
//! made only by votg commands (`votg new`, then `votg refit --answers` per
//! scenario), so `votg verify` replays it whole. Budgets (README): every read
//! command <= 2x, one whole scripted RePh <= 5x, verify <= 5x. It reports; it
//! never fails on a timing, since timings belong to a benchmark, not to a
//! test (a command that fails, or a verify that does not say "verified", is
//! a broken campaign and stops it).

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

/// Runs of the scripted RePh (each on its own copy of the campaign).
const RUNS: usize = 20;

/// Rounds of the read commands, each running every one of them once.
const ROUNDS: usize = 31;

/// The answers for each scenario and the RePh after it, as tests/whole_cg.rs
/// plays CG I, with CG IV's own question at the end of each CG Day (12.54):
/// the Russians keep their north-south Perimeter loop, so the CG goes on to
/// its last CG Day.
const EACH_SCENARIO: &str = r#"
[scenario]
victor = "german"
cvp = { german = 10, russian = 12 }

[german]
buy = []
fortify = []
recon = 0
initiative = "attack"

[russian]
buy = []
fortify = []
recon = 0
initiative = "idle"
perimeter_loop = true
"#;

fn votg(args: &[&str]) -> std::process::Output {
    let out = Command::new(env!("CARGO_BIN_EXE_votg"))
        .args(args)
        .output()
        .expect("votg runs");
    assert!(
        out.status.success(),
        "votg {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// The timings of one command, each paired with one of the unit.
#[derive(Default)]
struct Pairs {
    times: Vec<Duration>,
    ratios: Vec<f64>,
}

impl Pairs {
    /// Times `--version`, then `f`, and keeps both.
    fn time(&mut self, units: &mut Vec<Duration>, f: impl FnOnce()) {
        self.time_after(units, || (), |()| f());
    }

    /// Times `--version`, runs `prepare` (untimed), then times `f` on what
    /// it made, and keeps both timings.
    fn time_after<T>(
        &mut self,
        units: &mut Vec<Duration>,
        prepare: impl FnOnce() -> T,
        f: impl FnOnce(T),
    ) {
        let unit = time(|| {
            votg(&["--version"]);
        });
        let input = prepare();
        let t = time(|| f(input));
        units.push(unit);
        self.times.push(t);
        self.ratios.push(t.as_secs_f64() / unit.as_secs_f64());
    }

    fn median_time(&self) -> Duration {
        median(self.times.clone())
    }

    fn median_ratio(&self) -> f64 {
        let mut r = self.ratios.clone();
        r.sort_by(f64::total_cmp);
        r[r.len() / 2]
    }
}

fn time(f: impl FnOnce()) -> Duration {
    let start = Instant::now();
    f();
    start.elapsed()
}

fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples[samples.len() / 2]
}

fn report(label: &str, pairs: &Pairs, budget: Option<f64>) {
    let ratio = pairs.median_ratio();
    let verdict = match budget {
        Some(b) if ratio <= b => format!("budget {b}x   ok"),
        Some(b) => format!("budget {b}x   OVER BUDGET"),
        None => "(no budget: the RePh without the disk)".into(),
    };
    println!(
        "{label:<44} {:>8.2} ms   {ratio:>5.2}x   {verdict}",
        pairs.median_time().as_secs_f64() * 1e3
    );
}

fn copy_all(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("dir");
    for e in std::fs::read_dir(from).expect("read dir") {
        let p = e.expect("entry").path();
        let target = to.join(p.file_name().expect("name"));
        if p.is_dir() {
            copy_all(&p, &target);
        } else {
            std::fs::copy(&p, &target).expect("copy");
        }
    }
}

/// `RUNS` timings of the scripted RePh from `setup`, each run on its own
/// copy of it made under `root` before the clock starts.
fn time_reph(root: &Path, setup: &Path, answers: &str, units: &mut Vec<Duration>) -> Pairs {
    let mut pairs = Pairs::default();
    for n in 0..RUNS {
        // The unit is timed before the copy: a process started just after
        // a sync of the copy's megabytes is slowed by it.
        pairs.time_after(
            units,
            || {
                let d = root.join(format!("reph-{}", n + 1));
                copy_all(setup, &d);
                // The copy's few megabytes (mostly the history) are written
                // out before the clock starts: the refit's own sync would
                // otherwise wait for them, timing the benchmark's copy as
                // the RePh's work. (A player's campaign has no such
                // backlog: each refit syncs.)
                sync_everything();
                d
            },
            |d| {
                votg(&["refit", d.to_str().expect("utf-8"), "--answers", answers]);
            },
        );
    }
    pairs
}

/// A folder on a RAM file system (`/dev/shm` on Linux), if there is one.
fn ram_dir() -> Option<tempfile::TempDir> {
    tempfile::Builder::new()
        .prefix("votg-bench")
        .tempdir_in("/dev/shm")
        .ok()
}

/// Every file system's dirty data written out (sync(2)).
fn sync_everything() {
    // SAFETY: sync(2) takes no arguments and cannot fail.
    #[cfg(unix)]
    unsafe {
        libc::sync()
    };
}

fn main() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let setup = tmp.path().join("setup");
    let s = setup.to_str().expect("utf-8 path");
    votg(&["new", s, "--cg", "IV", "--seed", "1"]);
    // Every scenario is recorded from the answers file, as a player would
    // (README: Recording a scenario): the German wins it, attacks every CG
    // Day; the Russian stays Idle; nobody buys. So every file is what votg
    // made, and `votg verify` can replay the whole campaign.
    let answers = tmp.path().join("answers.toml");
    std::fs::write(&answers, EACH_SCENARIO).expect("answers");
    let a = answers.to_str().expect("utf-8 path");
    // The Initial Scenario's RePh (14 Sep), then one run per scenario: it
    // records the scenario, runs the RePh after it and sets up the next CG
    // Day's, up to 26 Sep's scenario (13 runs in all).
    for _ in 0..13 {
        votg(&["refit", s, "--answers", a]);
    }
    // `setup` now has 26 Sep's scenario set up and played: the RePh after
    // it makes 27 Sep, the CG's last CG Day.
    let mut units = Vec::new();
    // Each run on its own copy of `setup`, made before the clock starts.
    let reph = time_reph(tmp.path(), &setup, a, &mut units);
    // The same RePh on a RAM file system, where a sync and a new file cost
    // next to nothing: what is left is votg's own work (the steps, writing
    // the files, the load check). Not a budget: it tells how much of the
    // figure above is the disk's and how much the program's.
    let ram = ram_dir().map(|ram| time_reph(ram.path(), &setup, a, &mut units));
    let last = tmp.path().join("reph-1");
    let d = last.to_str().expect("utf-8 path");
    let sheet = tmp.path().join("sheets.html");
    let sheet = sheet.to_str().expect("utf-8 path");
    // verify replays the whole campaign from `votg new`: 14 scenarios and
    // the RePh after each. A campaign it does not verify is broken.
    let out = votg(&["verify", d]);
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("verified"),
        "verify: {}",
        String::from_utf8_lossy(&out.stdout)
    );
    // The read commands (budget 2x); the sheets and the audits (issue 10):
    // print and explain against the same budget, verify of a whole
    // campaign 5x.
    let reads: &[(&str, Vec<&str>, f64)] = &[
        ("status", vec!["status", d], 2.0),
        (
            "roster --side german",
            vec!["roster", d, "--side", "german"],
            2.0,
        ),
        (
            "roster --side russian",
            vec!["roster", d, "--side", "russian"],
            2.0,
        ),
        (
            "purchases --side german",
            vec!["purchases", d, "--side", "german"],
            2.0,
        ),
        (
            "force --side russian",
            vec!["force", d, "--side", "russian"],
            2.0,
        ),
        ("log --reveal", vec!["log", d, "--reveal"], 2.0),
        ("table list", vec!["table", "list"], 2.0),
        (
            "table show cpp-replenishment",
            vec!["table", "show", "cpp-replenishment"],
            2.0,
        ),
        (
            "print --side german",
            vec!["print", d, "--side", "german", "--out", sheet],
            2.0,
        ),
        (
            "explain --side german 1",
            vec!["explain", d, "--side", "german", "1"],
            2.0,
        ),
        (
            "verify (whole campaign, 14 Sep-27 Sep)",
            vec!["verify", d],
            5.0,
        ),
    ];
    // Round after round, every command once: a slow spell of the machine
    // falls on all of them, not on one command's runs.
    let mut timed: Vec<Pairs> = reads.iter().map(|_| Pairs::default()).collect();
    for _ in 0..ROUNDS {
        for ((_, args, _), pairs) in reads.iter().zip(&mut timed) {
            pairs.time(&mut units, || {
                votg(args);
            });
        }
    }
    let unit = median(units);
    println!(
        "{:<44} {:>8.2} ms    1.00x   (each timing below is paired with one of it)",
        "votg --version (the unit)",
        unit.as_secs_f64() * 1e3
    );
    report(
        "refit: scenario record + RePh (26->27 Sep)",
        &reph,
        Some(5.0),
    );
    if let Some(ram) = &ram {
        report("  the same RePh on a RAM file system", ram, None);
    }
    for ((label, _, budget), pairs) in reads.iter().zip(&timed) {
        report(label, pairs, Some(*budget));
    }
}
