//! DESIGN §6: writers cannot race (each log locked, not only `.votg/lock`),
//! readers never judge a view a writer is rewriting, nothing is read that
//! is no plain file, `print --out` replaces no campaign file, and every
//! fault message says what was kept.
#![cfg(unix)]

use std::path::Path;

use crate::common::Camp;
use crate::store_hook::{Pause, files, first, ok, points, run};

fn events(dir: &Path) -> usize {
    std::fs::read_to_string(dir.join("log.jsonl")).map_or(0, |t| t.lines().count())
}

#[test]
fn store_writers_cannot_race_past_a_deleted_lock_file() {
    let base = Camp::new("I");
    let german = ["buy", "DIR", "--side", "german", "I2"];
    let p = points(&base.copy().dir, &german);
    let checked = first(&p, "Checked", "log.jsonl");
    let c = base.copy();
    let pause = Pause::new(c.tmp.path());
    let dir = c.dir.clone();
    let spec = pause.at(checked);
    let writer = std::thread::spawn(move || run(&dir, &german, &spec));
    pause.reached();
    // Paused after its tail check: the lock file deleted, a second writer
    // is refused all the same, and readers read on.
    std::fs::remove_file(c.dir.join(".votg/lock")).unwrap();
    let before = files(&c.dir);
    let second = run(&c.dir, &["buy", "DIR", "--side", "russian", "I5"], "");
    let err = String::from_utf8_lossy(&second.stderr);
    assert_eq!(second.status.code(), Some(1), "{err}");
    assert!(err.contains("another votg is working"), "{err}");
    let mut after = files(&c.dir);
    after.remove(".votg/lock");
    let mut was = before.clone();
    was.remove(".votg/lock");
    assert_eq!(after, was, "the refused writer changed nothing");
    ok(&c.dir, &["status", "DIR"]);
    pause.go();
    let first_writer = writer.join().unwrap();
    assert!(first_writer.status.success());
    // One writer's step, whole: the German's.
    assert_eq!(events(&c.dir), 2);
    let state = crate::common::load(&c.dir);
    assert_eq!(state.german.purchases.len(), 5);
    assert_eq!(state.russian.purchases.len(), 2);
    ok(&c.dir, &["verify", "DIR"]);
    ok(&c.dir, &["buy", "DIR", "--side", "russian", "I5"]);
}

#[test]
fn store_a_reader_beside_a_writer_rewriting_its_views_sees_no_hand_edit() {
    let base = Camp::new("I");
    let answers = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/rosters/cg-i-walkthrough.answers.toml"
    );
    let refit = ["refit", "DIR", "--answers", answers];
    let p = points(&base.copy().dir, &refit);
    // Every view the writer rewrites, paused before its rename: the logs
    // are whole, some views are new and some old.
    for view in ["campaign.toml", "german/roster.toml", "russian/journal.csv"] {
        let at = first(&p, "Rename", view);
        let c = base.copy();
        let pause = Pause::new(c.tmp.path());
        let (dir, spec) = (c.dir.clone(), pause.at(at));
        let writer = std::thread::spawn(move || run(&dir, &refit, &spec));
        pause.reached();
        let out = run(&c.dir, &["verify", "DIR"], "");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "paused before {view}: {err}");
        pause.go();
        assert!(writer.join().unwrap().status.success());
    }
}

#[test]
fn store_print_out_never_replaces_a_campaign_file_nor_what_is_no_plain_file() {
    let c = Camp::new("I");
    let before = files(&c.dir);
    let fifo = c.tmp.path().join("fifo.html");
    assert!(
        std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    let link = c.tmp.path().join("stdout.html");
    std::os::unix::fs::symlink("/dev/stdout", &link).unwrap();
    for out in [
        c.dir.join("log.jsonl"),
        c.dir.join("german/sheet.html"),
        fifo.clone(),
        link,
        c.tmp.path().to_path_buf(),
    ] {
        let o = run(
            &c.dir,
            &[
                "print",
                "DIR",
                "--side",
                "german",
                "--out",
                out.to_str().unwrap(),
            ],
            "",
        );
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(1), "{}: {err}", out.display());
        assert!(err.contains("Nothing was changed"), "{err}");
    }
    assert_eq!(files(&c.dir), before);
    assert!(
        std::fs::symlink_metadata(&fifo)
            .unwrap()
            .file_type()
            .is_fifo()
    );
    let o = run(
        &c.dir,
        &["print", "DIR", "--side", "german", "--out", "-"],
        "",
    );
    assert!(o.status.success());
    assert!(String::from_utf8_lossy(&o.stdout).contains("<html"));
}

use std::os::unix::fs::FileTypeExt;

#[test]
fn store_a_fifo_or_a_device_in_a_files_place_never_hangs_a_command() {
    let c = Camp::new("I");
    std::fs::remove_file(c.dir.join(".votg/lock")).ok();
    std::fs::create_dir_all(c.dir.join(".votg")).unwrap();
    let lock = c.dir.join(".votg/lock");
    assert!(
        std::process::Command::new("mkfifo")
            .arg(&lock)
            .status()
            .unwrap()
            .success()
    );
    let out = crate::common::votg()
        .args(["buy", c.path(), "--side", "german", "I2"])
        .timeout(std::time::Duration::from_secs(60))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("the writers' lock is not a plain file"),
        "{err}"
    );
    // A table folder with a FIFO, a device or a sparse giant in it.
    let tables = c.tmp.path().join("tables");
    std::fs::create_dir_all(&tables).unwrap();
    let file = tables.join("escape.toml");
    for (why, make) in [
        ("a FIFO", "fifo"),
        ("a device", "zero"),
        ("larger than", "sparse"),
    ] {
        match make {
            "fifo" => assert!(
                std::process::Command::new("mkfifo")
                    .arg(&file)
                    .status()
                    .unwrap()
                    .success()
            ),
            "zero" => std::os::unix::fs::symlink("/dev/zero", &file).unwrap(),
            _ => std::fs::File::create(&file)
                .unwrap()
                .set_len(100 << 20)
                .unwrap(),
        }
        for args in [&["table", "list"][..], &["verify", c.path()]] {
            let out = crate::common::votg()
                .arg("--tables")
                .arg(&tables)
                .args(args)
                .timeout(std::time::Duration::from_secs(60))
                .output()
                .unwrap();
            let err = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(1), "{err}");
            assert!(err.contains(why), "{err}");
        }
        std::fs::remove_file(&file).unwrap();
    }
}
