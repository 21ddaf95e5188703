//! `cargo bench`: wall-clock time of votg commands on a CG IV campaign at its
//! last CG Day (27 Sep), as ratios against `votg --version` measured in the
//! same run (so the figures do not depend on the machine). The campaign is
//! made only by votg commands (`votg new`, then `votg refit --answers` per
//! scenario), so `votg verify` replays it whole. Budgets (README): every read
//! command <= 2x, one whole scripted RePh <= 5x, verify <= 5x. It reports; it
//! never fails on a timing, since timings belong to a benchmark, not to a
//! test (a command that fails, or a verify that does not say "verified", is
//! a broken campaign and stops it).

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

const RUNS: usize = 20;

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

/// The median of `RUNS` runs of `f`.
fn median(mut f: impl FnMut()) -> Duration {
    median_after(|_| (), |()| f())
}

/// The median of `RUNS` runs of `f`, each after an untimed `prepare` (the
/// run's number given) whose result `f` takes.
fn median_after<T>(mut prepare: impl FnMut(usize) -> T, mut f: impl FnMut(T)) -> Duration {
    let mut samples: Vec<Duration> = (0..RUNS)
        .map(|n| {
            let input = prepare(n);
            let start = Instant::now();
            f(input);
            start.elapsed()
        })
        .collect();
    samples.sort();
    samples[RUNS / 2]
}

fn report(label: &str, t: Duration, base: Duration, budget: f64) {
    let ratio = t.as_secs_f64() / base.as_secs_f64();
    let verdict = if ratio <= budget { "ok" } else { "OVER BUDGET" };
    println!(
        "{label:<44} {:>8.2} ms   {ratio:>5.2}x   budget {budget}x   {verdict}",
        t.as_secs_f64() * 1e3
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

/// The median time of the scripted RePh from `setup`, each run on its own
/// copy of it made under `root` before the clock starts.
fn time_reph(root: &Path, setup: &Path, answers: &str) -> Duration {
    median_after(
        |n| {
            let d = root.join(format!("reph-{}", n + 1));
            copy_all(setup, &d);
            // The copy's few megabytes (mostly the history) are written out
            // before the clock starts: the refit's own sync would otherwise
            // wait for them, timing the benchmark's copy as the RePh's work.
            // (A player's campaign has no such backlog: each refit syncs.)
            sync_everything();
            d
        },
        |d| {
            votg(&["refit", d.to_str().expect("utf-8"), "--answers", answers]);
        },
    )
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
    let base = median(|| {
        votg(&["--version"]);
    });
    report("votg --version (the unit)", base, base, 1.0);
    // Each run on its own copy of `setup`, made before the clock starts.
    let reph = time_reph(tmp.path(), &setup, a);
    report(
        "refit: scenario record + RePh (26->27 Sep)",
        reph,
        base,
        5.0,
    );
    // The same RePh on a RAM file system, where a sync and a new file cost
    // next to nothing: what is left is votg's own work (the steps, writing
    // the files, the load check). Not a budget: it tells how much of the
    // figure above is the disk's and how much the program's.
    if let Some(ram) = ram_dir() {
        let t = time_reph(ram.path(), &setup, a);
        let ratio = t.as_secs_f64() / base.as_secs_f64();
        println!(
            "{:<44} {:>8.2} ms   {ratio:>5.2}x   (no budget: the RePh without the disk)",
            "  the same RePh on a RAM file system",
            t.as_secs_f64() * 1e3
        );
    }
    let last = tmp.path().join("reph-1");
    let d = last.to_str().expect("utf-8 path");
    let reads: &[(&str, Vec<&str>)] = &[
        ("status", vec!["status", d]),
        (
            "roster --side german",
            vec!["roster", d, "--side", "german"],
        ),
        (
            "roster --side russian",
            vec!["roster", d, "--side", "russian"],
        ),
        (
            "purchases --side german",
            vec!["purchases", d, "--side", "german"],
        ),
        (
            "force --side russian",
            vec!["force", d, "--side", "russian"],
        ),
        ("log --reveal", vec!["log", d, "--reveal"]),
        ("table list", vec!["table", "list"]),
        (
            "table show cpp-replenishment",
            vec!["table", "show", "cpp-replenishment"],
        ),
    ];
    for (label, args) in reads {
        let t = median(|| {
            votg(args);
        });
        report(label, t, base, 2.0);
    }
    // The sheets and the audits (issue 10): print and explain against the
    // same budget as the read commands; verify of a whole campaign 5x.
    let sheet = tmp.path().join("sheets.html");
    let sheet = sheet.to_str().expect("utf-8 path");
    let t = median(|| {
        votg(&["print", d, "--side", "german", "--out", sheet]);
    });
    report("print --side german", t, base, 2.0);
    let t = median(|| {
        votg(&["explain", d, "--side", "german", "1"]);
    });
    report("explain --side german 1", t, base, 2.0);
    // verify replays the whole campaign from `votg new`: 14 scenarios and
    // the RePh after each.
    let t = median(|| {
        let out = votg(&["verify", d]);
        assert!(
            String::from_utf8_lossy(&out.stdout).contains("verified"),
            "verify: {}",
            String::from_utf8_lossy(&out.stdout)
        );
    });
    report("verify (whole campaign, 14 Sep-27 Sep)", t, base, 5.0);
}
