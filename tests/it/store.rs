//! The store's guarantees (DESIGN §6): a damaged line is named; a second
//! writer is refused, also with the lock file deleted; readers never lock;
//! the public files hold no secret; no file but a plain one is read; views
//! are derived. (Kills, tears and races by the fault hook: `store_*.rs`.)

use std::path::Path;
use std::process::Command;

use crate::common::{Camp, copy_all, snapshot, votg};

const WALKTHROUGH: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/rosters/cg-i-walkthrough.answers.toml"
);

fn run(dir: &Path, args: &[&str]) -> std::process::Output {
    votg()
        .args(args.iter().map(|a| a.replace("DIR", dir.to_str().unwrap())))
        .output()
        .unwrap()
}

fn ok(dir: &Path, args: &[&str]) -> String {
    let out = run(dir, args);
    assert!(
        out.status.success(),
        "votg {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// How many public events the campaign's log holds.
fn events(dir: &Path) -> usize {
    std::fs::read_to_string(dir.join("log.jsonl")).map_or(0, |t| t.lines().count())
}

#[test]
fn design_6_a_damaged_log_line_is_named_and_nothing_is_changed() {
    let c = Camp::new("I");
    ok(&c.dir, &["refit", "DIR", "--answers", WALKTHROUGH]);
    let path = c.dir.join("log.jsonl");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    lines[2] = "{\"n\":3,\"at\":\"x\",\"event\":\"no such event\"}";
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    let before = snapshot(&c.dir);
    for args in [&["status", "DIR"][..], &["undo", "DIR"], &["verify", "DIR"]] {
        let out = run(&c.dir, args);
        assert_eq!(out.status.code(), Some(1));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("log.jsonl, line 3"), "{err}");
        assert!(!err.contains("panicked"), "{err}");
    }
    assert_eq!(snapshot(&c.dir), before);
}

#[test]
fn design_6_a_second_writer_is_refused_and_readers_need_no_lock() {
    let c = Camp::new("I");
    // The lock held by another process (a wizard waiting at a prompt).
    let lock = std::fs::OpenOptions::new()
        .write(true)
        .open(c.dir.join(".votg/lock"))
        .unwrap();
    lock.lock().unwrap();
    let before = snapshot(&c.dir);
    let out = run(&c.dir, &["buy", "DIR", "--side", "russian", "I5"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("another votg is working"));
    for args in [
        &["status", "DIR"][..],
        &["roster", "DIR", "--side", "german"],
        &["log", "DIR", "--side", "german"],
        &["verify", "DIR"],
    ] {
        ok(&c.dir, args);
    }
    assert_eq!(snapshot(&c.dir), before);
}

#[cfg(unix)]
#[test]
fn design_6_a_writer_at_a_prompt_keeps_its_logs_when_the_lock_file_is_deleted() {
    use rexpect::reader::Options;
    use rexpect::session::spawn_with_options;
    let c = Camp::new("I");
    let mut cmd = Command::new(assert_cmd::cargo::cargo_bin!("votg"));
    cmd.args(["refit", c.path(), "--side", "german"])
        .env("VOTG_NOW", "2026-01-01T00:00:00Z")
        .env("TERM", "xterm")
        .env("COLUMNS", "200");
    let options = Options::new()
        .timeout_ms(Some(30_000))
        .strip_ansi_escape_codes(true);
    let mut p = spawn_with_options(cmd, options).unwrap();
    p.exp_string("RGs to buy").unwrap();
    // While the German types, a reader runs, then someone deletes the lock
    // file: a second votg is refused all the same (the logs are locked).
    ok(&c.dir, &["status", "DIR"]);
    std::fs::remove_file(c.dir.join(".votg/lock")).unwrap();
    let out = run(&c.dir, &["buy", "DIR", "--side", "russian", "I5"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("another votg is working"));
    p.send_line("I2").unwrap();
    p.exp_string("German bought I2").unwrap();
    p.send_control('c').unwrap();
    p.exp_eof().unwrap();
    // The German's purchase stands; the Russian may buy now.
    assert_eq!(crate::common::load(&c.dir).german.purchases.len(), 5);
    ok(&c.dir, &["buy", "DIR", "--side", "russian", "I5"]);
    ok(&c.dir, &["verify", "DIR"]);
}

#[test]
fn design_5_the_public_files_hold_no_secret_of_either_side() {
    let c = Camp::new("I");
    ok(&c.dir, &["refit", "DIR", "--answers", WALKTHROUGH]);
    let public: String = ["log.jsonl", "journal.csv", "campaign.toml"]
        .iter()
        .map(|n| std::fs::read_to_string(c.dir.join(n)).unwrap())
        .collect();
    // What each side chose and rolled in secret (rosters/cg-i-walkthrough).
    for secret in [
        "german.buy",
        "russian.buy",
        "I2 on-map",
        "O1 prereg=1",
        "german.recon",
        "russian.fortify",
        "fortified-building 4",
        "infantry-coy-strength",
        "platoon-strength",
    ] {
        assert!(!public.contains(secret), "`{secret}` is in a public file");
    }
    // Each side's own folder holds its own secrets and none of the other's.
    let german: String = std::fs::read_to_string(c.dir.join("german/log.jsonl")).unwrap()
        + &std::fs::read_to_string(c.dir.join("german/journal.csv")).unwrap();
    assert!(german.contains("german.buy") && !german.contains("russian.buy"));
    let russian: String = std::fs::read_to_string(c.dir.join("russian/log.jsonl")).unwrap()
        + &std::fs::read_to_string(c.dir.join("russian/journal.csv")).unwrap();
    assert!(russian.contains("russian.buy") && !russian.contains("german.buy"));
    // The public log counts no secret row: its rows are numbered on their
    // own, and the German's secret rows change nothing in it.
    let other = Camp::new("I");
    let more = other.file(
        "a.toml",
        "[german]\nbuy = [\"I2 on-map\", \"I3\", \"O1 prereg=1\"]\nfortify = []\nrecon = 2\n[russian]\nbuy = [\"I5\", \"A3\", \"M1\"]\nmortar_deploy = true\nfortify = [\"fortified-building 4\", \"ap-mine 5\", \"wire\", \"dummy 10\"]\nrecon = 0\n",
    );
    ok(&other.dir, &["refit", "DIR", "--answers", &more]);
    let public_rows = |dir: &Path| {
        std::fs::read_to_string(dir.join("journal.csv"))
            .unwrap()
            .lines()
            .count()
    };
    assert_eq!(public_rows(&c.dir), public_rows(&other.dir));
}

#[test]
fn design_6_a_fifo_a_device_or_a_huge_file_is_refused_not_read() {
    let c = Camp::new("I");
    let big = c.dir.join("log.jsonl");
    let f = std::fs::OpenOptions::new().write(true).open(&big).unwrap();
    f.set_len(65 * 1024 * 1024).unwrap();
    let out = run(&c.dir, &["status", "DIR"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("larger than"));
    #[cfg(unix)]
    {
        let d = Camp::new("I");
        let log = d.dir.join("german/log.jsonl");
        std::fs::remove_file(&log).unwrap();
        let made = std::process::Command::new("mkfifo").arg(&log).status();
        assert!(made.unwrap().success());
        let out = run(&d.dir, &["status", "DIR"]);
        assert_eq!(out.status.code(), Some(1));
        assert!(String::from_utf8_lossy(&out.stderr).contains("not a regular file"));
        // A device linked into its place leads out of the campaign folder:
        // refused before anything is read.
        std::fs::remove_file(&log).unwrap();
        std::os::unix::fs::symlink("/dev/zero", &log).unwrap();
        let out = run(&d.dir, &["status", "DIR"]);
        assert_eq!(out.status.code(), Some(1));
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains("outside the campaign folder"), "{stderr}");
    }
}

#[test]
fn design_3_a_missing_or_damaged_view_is_simply_written_again() {
    let c = Camp::new("I");
    ok(&c.dir, &["refit", "DIR", "--answers", WALKTHROUGH]);
    let want = c.views();
    std::fs::remove_file(c.dir.join("german/force.toml")).unwrap();
    std::fs::write(c.dir.join("russian/roster.toml"), "not = [toml").unwrap();
    // Readers read the logs: the sheets are whole.
    let force = ok(&c.dir, &["force", "DIR", "--side", "german"]);
    assert!(force.contains("G-1"), "{force}");
    // The next writer writes them again.
    ok(&c.dir, &["undo", "DIR"]);
    ok(&c.dir, &["redo", "DIR"]);
    assert_eq!(c.views(), want);
}

#[test]
fn design_3_undo_and_redo_are_events_and_each_side_undoes_its_own() {
    let c = Camp::new("I");
    ok(&c.dir, &["buy", "DIR", "--side", "german", "I2"]);
    ok(&c.dir, &["buy", "DIR", "--side", "russian", "I5"]);
    let n = events(&c.dir);
    // The German may not undo the Russian's secret step, nor learn what it was.
    let out = run(&c.dir, &["undo", "DIR", "--side", "german"]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("the Russian player must undo it first") && !err.contains("I5"),
        "{err}"
    );
    let out = ok(&c.dir, &["undo", "DIR", "--side", "russian"]);
    assert!(out.contains("I5"), "{out}");
    let out = ok(&c.dir, &["undo", "DIR"]);
    assert!(
        out.contains("a secret German step") && !out.contains("I2"),
        "{out}"
    );
    assert_eq!(events(&c.dir), n + 2, "each undo is an event");
    // Redo brings back the last undone first, exactly as it was.
    ok(&c.dir, &["redo", "DIR"]);
    assert_eq!(crate::common::load(&c.dir).german.purchases.len(), 5);
    // A new step since: nothing left to redo.
    ok(&c.dir, &["buy", "DIR", "--side", "russian", "I3"]);
    let out = run(&c.dir, &["redo", "DIR"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("nothing to redo"));
    ok(&c.dir, &["verify", "DIR"]);
}

#[test]
fn design_6_a_copy_without_its_dot_votg_folder_is_the_same_campaign() {
    let c = Camp::new("I");
    ok(&c.dir, &["refit", "DIR", "--answers", WALKTHROUGH]);
    let tmp = tempfile::tempdir().unwrap();
    let to = tmp.path().join("copy");
    crate::common::copy_campaign(&c.dir, &to);
    assert!(!to.join(".votg").exists());
    ok(&to, &["verify", "DIR"]);
    ok(&to, &["undo", "DIR"]);
    let back = tmp.path().join("back");
    copy_all(&to, &back);
    ok(&back, &["redo", "DIR"]);
    assert_eq!(crate::common::views(&back), c.views());
}

#[cfg(unix)]
#[test]
fn design_6_views_left_behind_by_a_killed_command_are_written_by_the_next_writer() {
    use crate::store_hook::{first, points, run as hooked};
    // A command killed after its last event was written and before its
    // views were.
    let base = Camp::new("I");
    let refit = ["refit", "DIR", "--answers", WALKTHROUGH];
    let done = base.copy();
    ok(&done.dir, &refit);
    let p = points(&base.copy().dir, &refit);
    let behind = base.copy();
    let at = first(&p, "Write", "campaign.toml");
    assert!(crate::store_hook::killed(&hooked(
        &behind.dir,
        &refit,
        &format!("kill={at}")
    )));
    assert_ne!(behind.views(), done.views());
    // Readers read the logs; the next writer writes the views, even with
    // nothing else to do, and calls none of them edited.
    let status = ok(&behind.dir, &["status", "DIR"]);
    assert!(status.contains("has finished the Refit Phase"), "{status}");
    let out = run(&behind.dir, &refit);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success() && !err.contains("edited"), "{err}");
    assert!(String::from_utf8_lossy(&out.stdout).contains("ready to play"));
    assert_eq!(behind.views(), done.views());
}
