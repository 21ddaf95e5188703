//! Debug builds only, for tests: the store's faults on demand, at a point
//! counted, not timed (DESIGN §6, §7). Every write, sync, rename and
//! truncation of the store, and a writer's tail check, is a numbered point;
//! `VOTG_STORE_FAULT` names what befalls point N:
//!
//! - `kill=N`: the process is killed (SIGKILL) before point N is done;
//! - `tear=N`: point N, a write, writes half its bytes, then the process
//!   is killed;
//! - `full=N`: point N, a write, writes half its bytes, then fails as a
//!   full disk would; `fullfile=NAME`: so does every write of a file
//!   whose path ends with NAME;
//! - `pause=N,fifo=PATH`: before point N the process writes a line to the
//!   FIFO `PATH.paused`, then waits until a line comes through `PATH.go`;
//! - `trace=PATH`: each point is appended to `PATH` as it is reached
//!   ("3 write german/log.jsonl").
//!
//! Never in a release build: there `point` does nothing.

use std::io::Write;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};

/// What a point does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Op {
    Write,
    Sync,
    Rename,
    Truncate,
    /// A writer has checked that every log ends where it read it.
    Checked,
}

static COUNT: AtomicU64 = AtomicU64::new(0);

#[derive(Default)]
struct Spec {
    kill: Option<u64>,
    tear: Option<u64>,
    full: Option<u64>,
    full_file: Option<String>,
    pause: Option<u64>,
    fifo: Option<String>,
    trace: Option<String>,
}

fn spec() -> Option<Spec> {
    if !cfg!(debug_assertions) {
        return None;
    }
    let text = std::env::var("VOTG_STORE_FAULT").ok()?;
    let mut s = Spec::default();
    for part in text.split(',') {
        let (key, value) = part.split_once('=')?;
        let n = value.parse::<u64>().ok();
        match key {
            "kill" => s.kill = n,
            "tear" => s.tear = n,
            "full" => s.full = n,
            "fullfile" => s.full_file = Some(value.to_string()),
            "pause" => s.pause = n,
            "fifo" => s.fifo = Some(value.to_string()),
            "trace" => s.trace = Some(value.to_string()),
            _ => {}
        }
    }
    Some(s)
}

fn kill() -> ! {
    #[cfg(unix)]
    unsafe {
        libc::kill(libc::getpid(), libc::SIGKILL);
    }
    std::process::abort()
}

/// Counts a point and lets its fault befall it; `Err` for a full disk.
fn reach(op: Op, path: &Path) -> Option<u64> {
    let s = spec()?;
    let n = COUNT.fetch_add(1, Ordering::SeqCst) + 1;
    if let Some(trace) = &s.trace
        && let Ok(mut f) = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(trace)
    {
        let _ = writeln!(f, "{n} {op:?} {}", path.display());
    }
    if s.kill == Some(n) {
        kill();
    }
    if s.pause == Some(n)
        && let Some(fifo) = &s.fifo
    {
        if let Ok(mut f) = std::fs::OpenOptions::new()
            .write(true)
            .open(format!("{fifo}.paused"))
        {
            let _ = writeln!(f, "{n}");
        }
        let _ = std::fs::read(format!("{fifo}.go"));
    }
    Some(n)
}

/// Point: `op` on `path` is about to be done.
pub fn point(op: Op, path: &Path) -> std::io::Result<()> {
    reach(op, path);
    Ok(())
}

/// Writes `bytes` to `f` (the file at `path`) as one point.
pub fn write(f: &mut std::fs::File, path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    if let Some(n) = reach(Op::Write, path)
        && let Some(s) = spec()
    {
        let half = &bytes[..bytes.len() / 2];
        if s.tear == Some(n) {
            let _ = f.write_all(half);
            let _ = f.sync_data();
            kill();
        }
        let file_full = s
            .full_file
            .as_ref()
            .is_some_and(|f| path.to_string_lossy().ends_with(f.as_str()));
        if s.full == Some(n) || file_full {
            f.write_all(half)?;
            return Err(std::io::Error::from(std::io::ErrorKind::StorageFull));
        }
    }
    f.write_all(bytes)
}
