//! `cargo bench`: wall-clock time of votg commands (DESIGN §7 budgets: any
//! command on a CG IV campaign under 50 ms, startup under 10 ms). It reports;
//! it never fails, since timings belong to a benchmark, not to a test.

use std::process::Command;
use std::time::{Duration, Instant};

const RUNS: usize = 30;

fn time(label: &str, budget_ms: u128, args: &[&str]) {
    let exe = env!("CARGO_BIN_EXE_votg");
    let mut samples: Vec<Duration> = (0..RUNS)
        .map(|_| {
            let start = Instant::now();
            let out = Command::new(exe).args(args).output().expect("votg runs");
            assert!(
                out.status.success(),
                "{label}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            start.elapsed()
        })
        .collect();
    samples.sort();
    let median = samples[RUNS / 2];
    let worst = samples[RUNS - 1];
    let verdict = if median.as_millis() < budget_ms {
        "ok"
    } else {
        "OVER BUDGET"
    };
    println!(
        "{label:<40} median {:>7.2} ms   max {:>7.2} ms   budget {budget_ms} ms   {verdict}",
        median.as_secs_f64() * 1e3,
        worst.as_secs_f64() * 1e3
    );
}

fn main() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = tmp.path().join("cg-iv");
    let d = dir.to_str().expect("utf-8 path");
    let status = Command::new(env!("CARGO_BIN_EXE_votg"))
        .args(["new", d, "--cg", "IV", "--seed", "1"])
        .output()
        .expect("new");
    assert!(status.status.success());
    time("startup (votg --version)", 10, &["--version"]);
    time("table list", 50, &["table", "list"]);
    time("table odds escape", 50, &["table", "odds", "escape"]);
    time(
        "table roll cpp-replenishment",
        50,
        &["table", "roll", "cpp-replenishment", "--seed", "1"],
    );
    time("status (CG IV)", 50, &["status", d]);
    time(
        "roster --side russian (CG IV)",
        50,
        &["roster", d, "--side", "russian"],
    );
    time(
        "purchases --side german (CG IV)",
        50,
        &["purchases", d, "--side", "german"],
    );
    time(
        "force --side russian (CG IV)",
        50,
        &["force", d, "--side", "russian"],
    );
    time("log --reveal (CG IV)", 50, &["log", d, "--reveal"]);
}
