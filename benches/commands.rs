//! `cargo bench`: the speed ceilings of DESIGN §7, measured on the realistic
//! CG IV campaign of `rosters/cg-iv/` at its last CG Day. The campaign is
//! built as `rosters/cg-iv/make.sh` builds it (`votg new --cg IV --seed 1`,
//! then `votg refit --answers NN.answers.toml` per file), all but the last
//! run; then it times the last run (the scenario before 27 Sep recorded and
//! the whole RePh after it, each run on a fresh copy), every read command,
//! and `verify` of the whole campaign. For each: the median and max wall
//! time, from spawning votg to reaping it, and the peak memory of the
//! process (its maximum resident set, from wait4). Ceilings: a read command
//! 50 ms, the RePh 100 ms, verify 200 ms; 50 MB each. It prints a table and
//! never fails on a figure; it stops only on a command that fails or a
//! verify that does not verify (a broken campaign).

use std::fs::File;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const VOTG: &str = env!("CARGO_BIN_EXE_votg");
/// Timed runs of the RePh, each on its own copy of the campaign.
const REPH_RUNS: usize = 15;
/// Rounds of the read commands and verify: each round runs every one of
/// them once, so a slow spell of this shared machine falls on all alike.
const ROUNDS: usize = 21;
const READ_MS: f64 = 50.0;
const REPH_MS: f64 = 100.0;
const VERIFY_MS: f64 = 200.0;
const MEMORY_MB: f64 = 50.0;

/// One run of votg: its wall time, its peak resident memory in bytes, what
/// it printed.
struct Run {
    wall: Duration,
    peak: u64,
    stdout: String,
}

/// Runs votg with `args`, its output into files under `scratch`; stops the
/// benchmark if it fails.
fn votg(scratch: &Path, args: &[&str]) -> Run {
    let (out, err) = (scratch.join("stdout"), scratch.join("stderr"));
    let start = Instant::now();
    // Reaped by wait4 below, which std's Child::wait cannot replace: only
    // wait4 gives this one child's peak memory.
    #[allow(clippy::zombie_processes)]
    let child = Command::new(VOTG)
        .args(args)
        .env("VOTG_NOW", "2026-01-01T00:00:00Z")
        .stdin(Stdio::null())
        .stdout(File::create(&out).expect("stdout file"))
        .stderr(File::create(&err).expect("stderr file"))
        .spawn()
        .expect("votg starts");
    let pid = child.id() as libc::pid_t;
    let mut status = 0;
    // SAFETY: a zeroed rusage is a valid value; wait4 reaps our own child
    // and writes only into these two locals.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let reaped = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    let wall = start.elapsed();
    assert_eq!(reaped, pid, "wait4 on votg {args:?}");
    assert!(
        libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0,
        "votg {args:?} failed: {}",
        std::fs::read_to_string(&err).unwrap_or_default()
    );
    Run {
        wall,
        // ru_maxrss is in KiB on Linux.
        peak: usage.ru_maxrss as u64 * 1024,
        stdout: std::fs::read_to_string(&out).unwrap_or_default(),
    }
}

/// The timings of one command against its ceiling.
struct Timed {
    label: String,
    ceiling_ms: f64,
    walls: Vec<Duration>,
    peak: u64,
}

impl Timed {
    fn new(label: &str, ceiling_ms: f64) -> Timed {
        Timed {
            label: label.into(),
            ceiling_ms,
            walls: Vec::new(),
            peak: 0,
        }
    }

    fn add(&mut self, run: &Run) {
        self.walls.push(run.wall);
        self.peak = self.peak.max(run.peak);
    }

    fn print(&self) {
        let mut ms: Vec<f64> = self.walls.iter().map(|w| w.as_secs_f64() * 1e3).collect();
        ms.sort_by(f64::total_cmp);
        let (median, max) = (ms[ms.len() / 2], ms[ms.len() - 1]);
        let mb = self.peak as f64 / (1024.0 * 1024.0);
        let time = if max <= self.ceiling_ms {
            "ok"
        } else if median <= self.ceiling_ms {
            "ok (max over)"
        } else {
            "OVER"
        };
        let memory = if mb <= MEMORY_MB { "ok" } else { "OVER" };
        println!(
            "{:<42} {:>4} {:>9.1} {:>8.1} {:>7.0} {:<13} {:>7.1} {}",
            self.label,
            ms.len(),
            median,
            max,
            self.ceiling_ms,
            time,
            mb,
            memory
        );
    }
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

/// Files, bytes and bytes allocated on disk of every file under `dir`.
fn size(dir: &Path) -> (u64, u64, u64) {
    let mut total = (0, 0, 0);
    for e in std::fs::read_dir(dir).expect("read dir") {
        let p = e.expect("entry").path();
        let m = std::fs::metadata(&p).expect("metadata");
        if m.is_dir() {
            let (f, b, d) = size(&p);
            total = (total.0 + f, total.1 + b, total.2 + d);
        } else {
            total = (total.0 + 1, total.1 + m.len(), total.2 + m.blocks() * 512);
        }
    }
    total
}

fn main() {
    let roster = Path::new(env!("CARGO_MANIFEST_DIR")).join("rosters/cg-iv");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&roster)
        .expect("rosters/cg-iv")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.to_string_lossy().ends_with(".answers.toml"))
        .collect();
    files.sort();
    let last = files.pop().expect("answers files");
    let last = last.to_str().expect("utf-8 path");
    let tmp = tempfile::tempdir().expect("temp dir");
    let t = tmp.path();
    let s = |p: &Path| p.to_str().expect("utf-8 path").to_string();

    // The campaign up to its last run: the scenario before 27 Sep set up.
    let setup = t.join("setup");
    votg(t, &["new", &s(&setup), "--cg", "IV", "--seed", "1"]);
    for f in &files {
        votg(t, &["refit", &s(&setup), "--answers", &s(f)]);
    }

    // (a) The last run, each on its own copy made, and written out to disk
    // (sync), before the clock starts: the refit's own syncs would
    // otherwise wait for the copy's megabytes.
    let mut reph = Timed::new("refit: last scenario + whole RePh", REPH_MS);
    for n in 0..REPH_RUNS {
        let copy = t.join(format!("reph-{n}"));
        copy_all(&setup, &copy);
        // SAFETY: sync(2) takes no arguments and cannot fail.
        unsafe { libc::sync() };
        reph.add(&votg(t, &["refit", &s(&copy), "--answers", last]));
    }

    // (b), (c) On the campaign at its last CG Day, round after round.
    let d = s(&t.join("reph-0"));
    let sheet = |side: &str| s(&t.join(format!("{side}.html")));
    let (gs, rs) = (sheet("german"), sheet("russian"));
    let commands: Vec<(String, Vec<&str>, f64)> = [
        (vec!["status", &d], READ_MS),
        (vec!["roster", &d, "--side", "german"], READ_MS),
        (vec!["roster", &d, "--side", "russian"], READ_MS),
        (vec!["purchases", &d, "--side", "german"], READ_MS),
        (vec!["purchases", &d, "--side", "russian"], READ_MS),
        (vec!["force", &d, "--side", "german"], READ_MS),
        (vec!["force", &d, "--side", "russian"], READ_MS),
        (vec!["log", &d], READ_MS),
        (vec!["log", &d, "--reveal"], READ_MS),
        (vec!["table", "list"], READ_MS),
        (vec!["table", "show", "german-rg"], READ_MS),
        (vec!["table", "show", "escape"], READ_MS),
        (vec!["print", &d, "--side", "german", "--out", &gs], READ_MS),
        (
            vec!["print", &d, "--side", "russian", "--out", &rs],
            READ_MS,
        ),
        (vec!["explain", &d, "--side", "german", "1"], READ_MS),
        (vec!["explain", &d, "--side", "russian", "19"], READ_MS),
        (vec!["verify", &d], VERIFY_MS),
    ]
    .into_iter()
    .map(|(args, ceiling)| {
        (
            args.join(" ")
                .replace(&d, "DIR")
                .replace(&gs, "F")
                .replace(&rs, "F"),
            args,
            ceiling,
        )
    })
    .collect();
    let mut timed: Vec<Timed> = commands
        .iter()
        .map(|(label, _, ceiling)| Timed::new(label, *ceiling))
        .collect();
    for _ in 0..ROUNDS {
        for ((_, args, _), timed) in commands.iter().zip(&mut timed) {
            let run = votg(t, args);
            if args[0] == "verify" {
                assert!(run.stdout.contains("verified"), "verify: {}", run.stdout);
            }
            timed.add(&run);
        }
    }

    let (n, bytes, disk) = size(&t.join("reph-0"));
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!(
        "CG IV campaign of rosters/cg-iv at 27 Sep ({} runs): {n} files, {} KB ({} KB allocated on disk); load average now {}",
        files.len() + 1,
        bytes / 1024,
        disk / 1024,
        load.split_whitespace()
            .take(3)
            .collect::<Vec<_>>()
            .join(" ")
    );
    println!(
        "{:<42} {:>4} {:>9} {:>8} {:>7} {:<13} {:>7} memory",
        "command", "runs", "median ms", "max ms", "ceiling", "time", "peak MB"
    );
    reph.print();
    for t in &timed {
        t.print();
    }
}
