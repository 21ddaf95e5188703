//! Driving the store's fault hook (`VOTG_STORE_FAULT`, debug builds only;
//! `src/store/fault.rs`): every write, sync, rename and truncation of the
//! store, and a writer's tail check, is a numbered point; a test kills,
//! tears or pauses a writer at one, counted, never timed.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use crate::common::{snapshot, votg};

/// One point a command reached: its number, what it does, on which file.
#[derive(Debug, Clone)]
pub struct Point {
    pub n: u64,
    pub op: String,
    pub path: String,
}

/// `votg ARGS` in `dir` (`DIR` in an argument is the folder) with the
/// fault `spec` (`kill=7`, `tear=3` …; empty: none).
pub fn run(dir: &Path, args: &[&str], spec: &str) -> Output {
    let args: Vec<String> = args
        .iter()
        .map(|a| a.replace("DIR", dir.to_str().unwrap()))
        .collect();
    let mut cmd = votg();
    cmd.args(&args);
    if !spec.is_empty() {
        cmd.env("VOTG_STORE_FAULT", spec);
    }
    cmd.output().unwrap()
}

/// `votg ARGS`, which must succeed; its standard error.
pub fn ok(dir: &Path, args: &[&str]) -> String {
    let out = run(dir, args, "");
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "votg {args:?}: {err}");
    err
}

/// Whether the process was killed (by the hook's SIGKILL).
pub fn killed(out: &Output) -> bool {
    use std::os::unix::process::ExitStatusExt;
    out.status.signal() == Some(9)
}

/// The points `votg ARGS` reaches, run on `dir` (which it changes).
pub fn points(dir: &Path, args: &[&str]) -> Vec<Point> {
    let trace = dir.with_extension("trace");
    let _ = std::fs::remove_file(&trace);
    let out = run(dir, args, &format!("trace={}", trace.display()));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&trace).unwrap_or_default();
    let _ = std::fs::remove_file(&trace);
    text.lines()
        .map(|l| {
            let mut w = l.splitn(3, ' ');
            Point {
                n: w.next().unwrap().parse().unwrap(),
                op: w.next().unwrap().to_string(),
                path: w.next().unwrap_or("").to_string(),
            }
        })
        .collect()
}

/// The first point of `op` on a file whose path ends with `file`.
pub fn first(points: &[Point], op: &str, file: &str) -> u64 {
    points
        .iter()
        .find(|p| p.op == op && p.path.ends_with(file))
        .unwrap_or_else(|| panic!("no {op} of {file} in {points:?}"))
        .n
}

/// Every file of `dir` but the lock (a writer makes it if missing).
pub fn files(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    snapshot(dir)
}

/// The FIFOs a paused writer talks through (`fifo=PATH`).
pub struct Pause {
    pub fifo: PathBuf,
}

impl Pause {
    pub fn new(dir: &Path) -> Pause {
        let fifo = dir.join("pause");
        for end in ["paused", "go"] {
            let path = fifo.with_extension(end);
            let made = Command::new("mkfifo").arg(&path).status().unwrap();
            assert!(made.success());
        }
        Pause { fifo }
    }

    /// The fault spec pausing the writer at point `n`.
    pub fn at(&self, n: u64) -> String {
        format!("pause={n},fifo={}", self.fifo.display())
    }

    /// Waits until the writer has paused (it writes a line).
    pub fn reached(&self) {
        let said = std::fs::read_to_string(self.fifo.with_extension("paused")).unwrap();
        assert!(!said.is_empty());
    }

    /// Lets the writer go on.
    pub fn go(&self) {
        std::fs::write(self.fifo.with_extension("go"), "go\n").unwrap();
    }
}
