//! Issue 12: the campaign store under faults — a process killed at any
//! point of a commit (`VOTG_CRASH_AT`, debug builds only), a write that
//! fails (`VOTG_FAIL_AT`), damaged history, hostile commit records, files
//! replaced by FIFOs and devices, closed outputs — and the lock-free readers
//! and per-side undo of issue 7.

mod common;
use common::{Camp, campaign_files, snapshot, votg};
use predicates::prelude::*;
use std::path::Path;
use std::process::Output;

fn run(env: &[(&str, String)], args: &[&str]) -> Output {
    let mut cmd = votg();
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd.args(args).output().unwrap()
}

/// The binary as a plain `std::process::Command`, for custom outputs.
fn plain() -> std::process::Command {
    let mut c = std::process::Command::new(assert_cmd::cargo::cargo_bin("votg"));
    c.env("COLUMNS", "200")
        .env("VOTG_NOW", "2026-01-01T00:00:00Z")
        .env_remove("VOTG_CRASH_AT");
    c
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).to_string()
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).to_string()
}

/// Finishes an interrupted commit the way every writing command does.
fn recover(dir: &Path) {
    drop(common::open_store(dir));
}

/// Runs `args` with `VOTG_CRASH_AT=n` on a fresh copy of `from`, for n = 1,
/// 2, … until the command runs through; calls `check` after each crash.
fn at_every_crash_point(from: &Camp, args: &[&str], mut check: impl FnMut(u32, &Camp)) -> u32 {
    for n in 1..100 {
        let c = from.copy();
        let mut args: Vec<&str> = args.to_vec();
        for a in args.iter_mut() {
            if *a == "C" {
                *a = c.path();
            }
        }
        let out = run(&[("VOTG_CRASH_AT", n.to_string())], &args);
        if out.status.success() {
            return n;
        }
        assert_eq!(out.status.code(), None, "point {n}: {}", stderr(&out));
        check(n, &c);
    }
    panic!("the command never ran through");
}

#[test]
fn issue_12_1_a_crash_while_committing_a_step_never_leaves_an_undo_that_undoes_nothing() {
    let c = Camp::new("I");
    let old = c.campaign_files();
    let done = c.copy();
    votg()
        .args(["buy", done.path(), "--side", "german", "I1"])
        .assert()
        .success();
    let new = done.campaign_files();
    let (mut saw_old, mut saw_new) = (false, false);
    let points = at_every_crash_point(&c, &["buy", "C", "--side", "german", "I1"], |n, c| {
        recover(&c.dir);
        let now = c.campaign_files();
        let undo = run(&[], &["undo", c.path()]);
        if now == old {
            saw_old = true;
            // The step never happened: nothing to undo, and nothing changes.
            assert_eq!(undo.status.code(), Some(1), "point {n}: {}", stdout(&undo));
            assert!(stderr(&undo).contains("nothing to undo"), "point {n}");
            assert_eq!(c.campaign_files(), old, "point {n}");
        } else {
            saw_new = true;
            assert_eq!(now, new, "point {n}: a mix of old and new files");
            assert!(undo.status.success(), "point {n}: {}", stderr(&undo));
            assert_eq!(c.campaign_files(), old, "point {n}: undo restored");
        }
        assert_eq!(c.history_len(), 0, "point {n}: no snapshot left behind");
    });
    assert!(points > 4 && saw_old && saw_new, "{points} points");
}

#[test]
fn issue_12_1_a_crash_while_undoing_removes_the_snapshot_with_the_restore_or_not_at_all() {
    let s0 = Camp::new("I");
    let s1 = s0.copy();
    votg()
        .args(["buy", s1.path(), "--side", "german", "I1"])
        .assert()
        .success();
    let s2 = s1.copy();
    votg()
        .args(["buy", s2.path(), "--side", "russian", "I3"])
        .assert()
        .success();
    let states = [
        s0.campaign_files(),
        s1.campaign_files(),
        s2.campaign_files(),
    ];
    let (mut undone, mut kept) = (false, false);
    at_every_crash_point(&s2, &["undo", "C"], |n, c| {
        recover(&c.dir);
        let now = c.campaign_files();
        let at = states.iter().position(|s| *s == now);
        // Either the undo happened (state 1, one snapshot left) or not at all.
        match at {
            Some(2) => kept = true,
            Some(1) => undone = true,
            _ => panic!("point {n}: not a state the campaign had"),
        }
        let at = at.unwrap();
        assert_eq!(c.history_len(), at, "point {n}");
        // Every further undo takes back one real step, down to the start.
        for back in (0..at).rev() {
            votg().args(["undo", c.path()]).assert().success();
            assert_eq!(
                c.campaign_files(),
                states[back],
                "point {n}, undo to {back}"
            );
        }
        votg()
            .args(["undo", c.path()])
            .assert()
            .code(1)
            .stderr(predicate::str::contains("nothing to undo"));
    });
    assert!(undone && kept);
}

#[test]
fn issue_12_2_new_killed_anywhere_leaves_a_campaign_or_a_folder_new_accepts() {
    let reference = Camp::new("I");
    let tmp = tempfile::tempdir().unwrap();
    let (mut made, mut not_made) = (false, false);
    for n in 1..100 {
        let dir = tmp.path().join(format!("c{n}"));
        let d = dir.to_str().unwrap();
        let out = run(
            &[("VOTG_CRASH_AT", n.to_string())],
            &["new", d, "--cg", "I", "--seed", "7"],
        );
        if out.status.success() {
            assert!(made && not_made, "crash points on both sides of the commit");
            return;
        }
        let before = snapshot(&dir);
        let status = run(&[], &["status", d]);
        assert_eq!(snapshot(&dir), before, "point {n}: status wrote nothing");
        if status.status.success() {
            made = true;
            // Past the commit point: a campaign, read before and after recovery.
            votg()
                .args(["new", d, "--cg", "I", "--seed", "7"])
                .assert()
                .code(1)
                .stderr(predicate::str::contains("not empty"));
            recover(&dir);
            assert_eq!(
                campaign_files(&dir),
                reference.campaign_files(),
                "point {n}"
            );
        } else {
            not_made = true;
            assert!(stderr(&status).contains("not a votg campaign"), "point {n}");
            // Before it: `new` starts again in the same folder.
            votg()
                .args(["new", d, "--cg", "I", "--seed", "7"])
                .assert()
                .success();
            assert_eq!(
                campaign_files(&dir),
                reference.campaign_files(),
                "point {n}"
            );
        }
    }
    panic!("`new` never ran through");
}

fn bought() -> Camp {
    let c = Camp::new("I");
    votg()
        .args(["buy", c.path(), "--side", "german", "I1"])
        .assert()
        .success();
    c
}

#[test]
fn issue_12_3_undo_onto_a_damaged_snapshot_refuses_and_changes_nothing() {
    let c = bought();
    // The entry's copy of the German roster (its last bytes) cut short.
    let copy = c.dir.join(".votg/history/1");
    let good = std::fs::read(&copy).unwrap();
    std::fs::write(&copy, &good[..good.len() - 40]).unwrap();
    let before = c.snapshot();
    votg()
        .args(["undo", c.path()])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("damaged"))
        .stderr(predicate::str::contains("Nothing was changed"));
    assert_eq!(c.snapshot(), before);
    std::fs::write(&copy, &good).unwrap();
    votg().args(["undo", c.path()]).assert().success();
}

#[test]
fn issue_12_3_an_old_style_snapshot_that_would_not_load_is_refused() {
    // Entries of older votg versions (full copies, no hashes) are still
    // undone, but only onto a campaign that loads.
    let c = bought();
    let entry = c.dir.join(".votg/history/2");
    let old = Camp::new("I");
    for (name, bytes) in old.campaign_files() {
        let path = entry.join(&name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, bytes).unwrap();
    }
    std::fs::write(entry.join(".label"), "German 12.621 buy A1").unwrap();
    let roster = entry.join("german/roster.toml");
    let text = std::fs::read_to_string(&roster).unwrap();
    let cut = &text[..text.find("[lines.support_cpp]").unwrap()];
    std::fs::write(&roster, cut).unwrap();
    let before = c.snapshot();
    votg()
        .args(["undo", c.path()])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("does not load"))
        .stderr(predicate::str::contains("support_cpp"));
    assert_eq!(c.snapshot(), before);
    std::fs::write(&roster, text).unwrap();
    votg()
        .args(["undo", c.path(), "--side", "german"])
        .assert()
        .success()
        .stdout(predicate::str::contains("German 12.621 buy A1"));
    assert_eq!(c.campaign_files(), old.campaign_files());
}

/// Whether this process can be kept out of a read-only folder (root cannot).
fn permissions_apply(dir: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    let probe = dir.join("probe");
    std::fs::create_dir(&probe).unwrap();
    std::fs::set_permissions(&probe, std::fs::Permissions::from_mode(0o555)).unwrap();
    let applies = std::fs::write(probe.join("x"), b"").is_err();
    std::fs::set_permissions(&probe, std::fs::Permissions::from_mode(0o755)).unwrap();
    std::fs::remove_dir_all(&probe).unwrap();
    applies
}

#[test]
fn issue_12_3_undo_with_a_read_only_history_fails_and_changes_nothing() {
    use std::os::unix::fs::PermissionsExt;
    let c = bought();
    if !permissions_apply(c.tmp.path()) {
        // Privileged: the injected failures below cover the same moment.
        return;
    }
    let history = c.dir.join(".votg/history");
    let files = c.campaign_files();
    std::fs::set_permissions(&history, std::fs::Permissions::from_mode(0o555)).unwrap();
    let out = run(&[], &["undo", c.path()]);
    std::fs::set_permissions(&history, std::fs::Permissions::from_mode(0o755)).unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(c.campaign_files(), files, "{}", stderr(&out));
    votg().args(["undo", c.path()]).assert().success();
}

#[test]
fn issue_12_3_a_write_failing_anywhere_is_reported_truthfully() {
    // Before the commit point a failure changes nothing; after it the
    // command says the step was committed, and it is.
    for (args, setup) in [
        (vec!["undo", "C"], bought()),
        (vec!["buy", "C", "--side", "russian", "I3"], Camp::new("I")),
    ] {
        let reference = setup.copy();
        let mut a = args.clone();
        a[1] = reference.path();
        votg().args(&a).assert().success();
        let (old, new) = (setup.campaign_files(), reference.campaign_files());
        let (mut failed, mut committed) = (false, false);
        for n in 1..100 {
            let c = setup.copy();
            let mut a = args.clone();
            a[1] = c.path();
            let out = run(&[("VOTG_FAIL_AT", n.to_string())], &a);
            if out.status.success() {
                break;
            }
            assert_eq!(out.status.code(), Some(1), "{args:?} point {n}");
            assert!(stderr(&out).contains("injected failure"), "{args:?} {n}");
            if stderr(&out).contains("was committed") {
                committed = true;
                recover(&c.dir);
                assert_eq!(c.campaign_files(), new, "{args:?} point {n}");
            } else {
                failed = true;
                assert_eq!(c.campaign_files(), old, "{args:?} point {n}");
                assert_eq!(c.history_len(), setup.history_len(), "{args:?} {n}");
            }
        }
        assert!(failed && committed, "{args:?}");
    }
}

#[test]
fn issue_12_4_a_commit_record_naming_other_files_is_refused() {
    let c = Camp::new("I");
    let outside = c.tmp.path().join("victim");
    std::fs::write(&outside, b"precious").unwrap();
    std::fs::write(c.dir.join("victim"), b"planted").unwrap();
    let txn = c.dir.join(".votg/txn");
    for marker in [
        "../victim\n".to_string(),
        "format = 2\n[[files]]\nname = \"../victim\"\nlen = 7\nhash = \"0\"\n".to_string(),
        "format = 2\n[[files]]\nname = \".votg/lock\"\nremove = true\n".to_string(),
    ] {
        std::fs::create_dir_all(txn.join("files")).unwrap();
        std::fs::write(txn.join("COMMIT"), &marker).unwrap();
        let before = c.snapshot();
        for args in [
            vec!["buy", c.path(), "--side", "german", "I1"],
            vec!["status", c.path()],
        ] {
            votg()
                .args(&args)
                .assert()
                .code(1)
                .stderr(predicate::str::contains("not a campaign file"));
            assert_eq!(c.snapshot(), before, "{marker}");
            assert_eq!(std::fs::read(&outside).unwrap(), b"precious");
        }
    }
    std::fs::remove_dir_all(&txn).unwrap();
    std::fs::remove_file(c.dir.join("victim")).unwrap();
    votg().args(["status", c.path()]).assert().success();
}

#[test]
fn issue_12_4_the_sides_dice_files_are_campaign_files() {
    // Another helper adds german/dice.toml and russian/dice.toml: a commit
    // record naming them is accepted, and recovery puts them in place.
    for name in ["german/dice.toml", "russian/dice.toml"] {
        assert!(votg::store::is_campaign_file(name));
        let c = Camp::new("I");
        let store = common::open_store(&c.dir);
        let mut files = votg::store::Files::new();
        files.insert(name.to_string(), b"seed = 1\n".to_vec().into());
        store.commit(&files, None).unwrap();
        drop(store);
        assert_eq!(std::fs::read(c.dir.join(name)).unwrap(), b"seed = 1\n");
    }
    assert!(!votg::store::is_campaign_file("../german/dice.toml"));
}

fn refuses_quickly(c: &Camp, needle: &str) {
    let before = c.snapshot_shallow();
    for args in [
        vec!["status", c.path()],
        vec!["log", c.path(), "--reveal"],
        vec!["roster", c.path(), "--side", "german"],
        vec!["buy", c.path(), "--side", "german", "I1"],
        vec!["undo", c.path()],
        vec!["refit", c.path(), "--side", "german"],
    ] {
        votg()
            .args(&args)
            .timeout(std::time::Duration::from_secs(60))
            .assert()
            .code(1)
            .stderr(predicate::str::contains("journal.csv"))
            .stderr(predicate::str::contains(needle));
        assert_eq!(c.snapshot_shallow(), before, "{args:?}");
    }
}

trait Shallow {
    fn snapshot_shallow(&self) -> Vec<(String, u64)>;
}

impl Shallow for Camp {
    /// Names and sizes (a FIFO cannot be read to compare).
    fn snapshot_shallow(&self) -> Vec<(String, u64)> {
        let mut out = Vec::new();
        fn walk(base: &Path, dir: &Path, out: &mut Vec<(String, u64)>) {
            for e in std::fs::read_dir(dir).unwrap() {
                let p = e.unwrap().path();
                let m = std::fs::symlink_metadata(&p).unwrap();
                if m.is_dir() {
                    walk(base, &p, out);
                } else {
                    let name = p.strip_prefix(base).unwrap().to_string_lossy().to_string();
                    out.push((name, m.len()));
                }
            }
        }
        walk(&self.dir, &self.dir, &mut out);
        out.sort();
        out
    }
}

#[test]
fn issue_12_5_a_fifo_a_device_or_a_huge_file_is_refused_not_read() {
    let c = bought();
    let journal = c.dir.join("journal.csv");
    std::fs::remove_file(&journal).unwrap();
    let path = std::ffi::CString::new(journal.to_str().unwrap()).unwrap();
    assert_eq!(unsafe { libc::mkfifo(path.as_ptr(), 0o644) }, 0);
    refuses_quickly(&c, "not a regular file");
    std::fs::remove_file(&journal).unwrap();
    std::os::unix::fs::symlink("/dev/zero", &journal).unwrap();
    refuses_quickly(&c, "not a regular file");
    std::fs::remove_file(&journal).unwrap();
    let f = std::fs::File::create(&journal).unwrap();
    f.set_len(votg::store::MAX_FILE_BYTES + 1).unwrap();
    refuses_quickly(&c, "larger than");
}

#[test]
fn issue_12_6_a_full_or_closed_output_is_an_error_or_a_quiet_exit_never_a_panic() {
    let full = || {
        std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap()
    };
    let out = plain()
        .args(["table", "list"])
        .stdout(full())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("could not write the output"));
    assert!(!stderr(&out).contains("panicked"));
    // An error message to a full stderr: still the error's status.
    let out = plain()
        .args(["status", "/nonexistent/votg"])
        .stderr(full())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    // `votg log C --reveal | true`: the reader is gone before votg writes.
    let c = bought();
    let mut child = plain()
        .args(["log", c.path(), "--reveal"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stderr(&out), "");
}

#[test]
fn issue_12_8_a_roster_cut_before_its_support_cpp_is_refused_not_written_back() {
    let c = Camp::new("I");
    let path = c.dir.join("german/roster.toml");
    let text = std::fs::read_to_string(&path).unwrap();
    let cut = &text[..text.find("[lines.support_cpp]").unwrap()];
    std::fs::write(&path, cut).unwrap();
    // The sealed copy (what votg last wrote) shows it was cut short…
    let before = c.snapshot();
    votg()
        .args(["buy", c.path(), "--side", "german", "I2"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("cut short"))
        .stderr(predicate::str::contains(".votg/sealed/german/roster.toml"));
    assert_eq!(c.snapshot(), before);
    // …and without it (a copied campaign) the roster itself is refused.
    std::fs::remove_dir_all(c.dir.join(".votg/sealed")).unwrap();
    let before = c.snapshot();
    for args in [
        vec!["buy", c.path(), "--side", "german", "I2"],
        vec!["status", c.path()],
    ] {
        votg()
            .args(&args)
            .assert()
            .code(1)
            .stderr(predicate::str::contains("german/roster.toml"))
            .stderr(predicate::str::contains("support_cpp"));
        assert_eq!(c.snapshot(), before);
    }
}

#[test]
fn issue_12_8_rows_of_one_file_must_agree_with_the_others() {
    let c = bought();
    std::fs::remove_dir_all(c.dir.join(".votg/sealed")).unwrap();
    let cases = [
        // The purchase record lost its last row: the roster still lists I1.
        ("german/purchases.csv", "purchases.csv", "I1"),
        // The journal lost its purchase row.
        ("journal.csv", "journal", "I1"),
    ];
    for (file, needle, rg) in cases {
        let path = c.dir.join(file);
        let good = std::fs::read_to_string(&path).unwrap();
        let lines: Vec<&str> = good.lines().collect();
        std::fs::write(&path, lines[..lines.len() - 1].join("\n") + "\n").unwrap();
        let before = c.snapshot();
        votg()
            .args(["buy", c.path(), "--side", "german", "I2"])
            .assert()
            .code(1)
            .stderr(predicate::str::contains(needle))
            .stderr(predicate::str::contains(rg));
        assert_eq!(c.snapshot(), before);
        std::fs::write(&path, good).unwrap();
    }
    // Spent that is not what the RGs cost.
    let path = c.dir.join("german/roster.toml");
    let good = std::fs::read_to_string(&path).unwrap();
    let i = good.find("[[lines.rgs]]").unwrap();
    std::fs::write(&path, &good[..i]).unwrap();
    votg()
        .args(["status", c.path()])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("cpp.spent"));
    std::fs::write(&path, good).unwrap();
    votg().args(["status", c.path()]).assert().success();
}

#[test]
fn issue_12_10_readers_need_no_lock_and_write_nothing() {
    let c = bought();
    // A refit waiting for input holds the lock: readers still read.
    let held = votg::store::Store::open(&c.dir).unwrap();
    let before = c.snapshot();
    for args in [
        vec!["status", c.path()],
        vec!["roster", c.path(), "--side", "german"],
        vec!["purchases", c.path(), "--side", "german"],
        vec!["force", c.path(), "--side", "german"],
        vec!["log", c.path(), "--side", "german"],
    ] {
        votg().args(&args).assert().success();
    }
    assert_eq!(c.snapshot(), before);
    drop(held);
    // A sample without `.votg` (as in rosters/): nothing is created.
    let sample = Path::new(env!("CARGO_MANIFEST_DIR")).join("rosters/cg-i-walkthrough");
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("s");
    common::copy_all(&sample, &dir);
    let before = snapshot(&dir);
    votg()
        .args(["status", dir.to_str().unwrap()])
        .assert()
        .success();
    assert_eq!(snapshot(&dir), before);
    assert!(!dir.join(".votg").exists());
}

#[test]
fn issue_12_10_readers_of_a_read_only_campaign_succeed() {
    use std::os::unix::fs::PermissionsExt;
    let c = bought();
    if !permissions_apply(c.tmp.path()) {
        return; // privileged: the previous test shows readers write nothing
    }
    let mode = |m| std::fs::Permissions::from_mode(m);
    let dirs = [c.dir.clone(), c.dir.join("german"), c.dir.join(".votg")];
    for d in &dirs {
        std::fs::set_permissions(d, mode(0o555)).unwrap();
    }
    let out = run(&[], &["status", c.path()]);
    for d in &dirs {
        std::fs::set_permissions(d, mode(0o755)).unwrap();
    }
    assert!(out.status.success(), "{}", stderr(&out));
}

#[test]
fn issue_12_10_readers_see_an_interrupted_commit_as_recovery_will_finish_it() {
    let c = Camp::new("I");
    let csv = |c: &Camp| {
        stdout(&run(
            &[],
            &["roster", c.path(), "--side", "russian", "--format", "csv"],
        ))
    };
    let old = csv(&c);
    let done = c.copy();
    votg()
        .args(["buy", done.path(), "--side", "russian", "I3", "M1"])
        .assert()
        .success();
    let new = csv(&done);
    let mut halfway = false;
    at_every_crash_point(
        &c,
        &["buy", "C", "--side", "russian", "I3", "M1"],
        |n, c| {
            let before = c.snapshot();
            let read = csv(c);
            assert_eq!(c.snapshot(), before, "point {n}: the reader wrote");
            halfway |= c.dir.join(".votg/txn/COMMIT").exists();
            recover(&c.dir);
            assert_eq!(read, csv(c), "point {n}: read before recovery = after");
            assert!(read == old || read == new, "point {n}");
        },
    );
    assert!(
        halfway,
        "some crash points fall between commit point and end"
    );
}

#[test]
fn issue_12_11_history_keeps_only_what_each_step_changed() {
    let c = Camp::new("I");
    let answers = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/rosters/cg-i-walkthrough.answers.toml"
    );
    votg()
        .args(["refit", c.path(), "--answers", answers])
        .assert()
        .success();
    let files = c.campaign_files();
    let campaign: usize = files.values().map(Vec::len).sum();
    let history: usize = snapshot(&c.dir.join(".votg/history"))
        .values()
        .map(Vec::len)
        .sum();
    let steps = c.history_len();
    assert!(steps >= 8, "{steps}");
    // One file per step, and none copies the (append-only) journal.
    let entries = snapshot(&c.dir.join(".votg/history"));
    assert_eq!(entries.len(), steps);
    let journal = &files["journal.csv"][..40];
    for bytes in entries.values() {
        assert!(!bytes.windows(journal.len()).any(|w| w == journal));
    }
    // A full copy per step would be `steps` times the campaign.
    assert!(
        history < campaign * 3,
        "{steps} steps: history {history} bytes, campaign {campaign}"
    );
    // Undo still walks all the way back.
    for _ in 0..steps {
        votg().args(["undo", c.path()]).assert().success();
    }
    assert_eq!(c.campaign_files(), Camp::new("I").campaign_files());
}

#[test]
#[cfg(not(debug_assertions))]
fn issue_12_11_a_release_build_has_no_crash_hook() {
    let c = Camp::new("I");
    votg()
        .env("VOTG_CRASH_AT", "1")
        .env("VOTG_FAIL_AT", "1")
        .args(["buy", c.path(), "--side", "german", "I1"])
        .assert()
        .success();
}

#[test]
fn issue_7_undo_by_side_never_tells_one_side_the_others_step() {
    let c = bought();
    let german = c.campaign_files();
    votg()
        .args(["buy", c.path(), "--side", "russian", "I3"])
        .assert()
        .success();
    let russian = c.campaign_files();
    let out = run(&[], &["undo", c.path(), "--side", "german"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains(
        "the last step is the Russian's; the Russian player must undo it first (votg undo --side russian)"
    ));
    assert!(!stderr(&out).contains("I3"), "{}", stderr(&out));
    assert_eq!(c.campaign_files(), russian);
    // Without --side: taken back, but what it was stays secret.
    let out = run(&[], &["undo", c.path()]);
    assert!(out.status.success());
    assert_eq!(
        stdout(&out),
        "Undone: a secret Russian step. The campaign is as it was before that step.\n"
    );
    assert_eq!(c.campaign_files(), german);
    votg()
        .args(["undo", c.path(), "--side", "russian"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("the last step is the German's"))
        .stderr(predicate::str::contains("I1").not());
    votg()
        .args(["undo", c.path(), "--side", "german"])
        .assert()
        .success()
        .stdout(predicate::str::contains("Undone: German 12.621 buy I1."));
}

#[test]
fn issue_7_a_public_step_is_undone_by_either_side_and_named() {
    let c = Camp::new("I");
    let answers = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/rosters/cg-i-walkthrough.answers.toml"
    );
    votg()
        .args(["refit", c.path(), "--answers", answers])
        .assert()
        .success();
    votg()
        .args(["undo", c.path(), "--side", "german"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "Undone: 12.626 Wind & Unit Setup (public).",
        ));
    votg()
        .args(["undo", c.path(), "--side", "german"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("the last step is the Russian's"))
        .stderr(predicate::str::contains("12.624").not());
}
