//! Files a player hands votg (`--answers`, `--dice-file`) and the campaign
//! folder itself: a device, a FIFO or a huge file is refused before it is
//! read, and a link that leads out of the campaign folder is refused
//! (DESIGN §6).
#![cfg(unix)]

use std::time::Duration;

use crate::common::{Camp, votg};
use predicates::prelude::*;

/// Long enough for any refusal, short enough that a command reading
/// `/dev/zero` to its end fails the test instead of hanging it.
const PATIENCE: Duration = Duration::from_secs(30);

fn mkfifo(path: &std::path::Path) {
    let made = std::process::Command::new("mkfifo")
        .arg(path)
        .status()
        .unwrap();
    assert!(made.success());
}

#[test]
fn an_answers_file_that_is_a_device_a_fifo_or_huge_is_refused_before_reading() {
    let c = Camp::new("I");
    let before = c.snapshot();
    let fifo = c.tmp.path().join("answers.fifo");
    mkfifo(&fifo);
    let huge = c.tmp.path().join("huge.toml");
    std::fs::File::create(&huge)
        .unwrap()
        .set_len(5 * 1024 * 1024)
        .unwrap();
    for (path, why) in [
        ("/dev/zero".into(), "not a plain file"),
        (fifo.clone(), "not a plain file"),
        (huge.clone(), "larger than"),
        (c.tmp.path().to_path_buf(), "a folder"),
    ] {
        votg()
            .args(["refit", c.path(), "--answers", path.to_str().unwrap()])
            .timeout(PATIENCE)
            .assert()
            .code(1)
            .stderr(predicate::str::contains(why))
            .stderr(predicate::str::contains(
                "--answers takes a plain text file",
            ))
            .stderr(predicate::str::contains("Nothing was changed"));
        assert_eq!(c.snapshot(), before, "{}", path.display());
    }
}

#[test]
fn a_dice_file_that_is_a_device_or_a_fifo_is_refused_before_reading() {
    let c = Camp::new("I");
    let a = c.file(
        "a.toml",
        "[german]\nbuy = [\"I2\"]\nfortify = []\nrecon = 0\n",
    );
    let before = c.snapshot();
    let fifo = c.tmp.path().join("dice.fifo");
    mkfifo(&fifo);
    for path in ["/dev/zero", fifo.to_str().unwrap()] {
        votg()
            .args(["refit", c.path(), "--side", "german", "--answers", &a])
            .args(["--dice-file", path])
            .timeout(PATIENCE)
            .assert()
            .code(1)
            .stderr(predicate::str::contains("not a plain file"))
            .stderr(predicate::str::contains(
                "--dice-file takes a plain text file",
            ));
        assert_eq!(c.snapshot(), before, "{path}");
    }
    // `table roll` reads its dice file the same way.
    votg()
        .args(["table", "roll", "weather", "--dice-file", "/dev/zero"])
        .timeout(PATIENCE)
        .assert()
        .code(1)
        .stderr(predicate::str::contains("not a plain file"));
}

#[test]
fn a_side_folder_linked_outside_the_campaign_is_refused() {
    let c = Camp::new("I");
    // The German's folder moved elsewhere and linked back into place.
    let elsewhere = c.tmp.path().join("elsewhere");
    std::fs::rename(c.dir.join("german"), &elsewhere).unwrap();
    std::os::unix::fs::symlink(&elsewhere, c.dir.join("german")).unwrap();
    let before = c.snapshot();
    let a = c.file("a.toml", "[german]\nbuy = []\nfortify = []\nrecon = 0\n");
    for args in [
        vec!["status", c.path()],
        vec!["roster", c.path(), "--side", "german"],
        vec!["refit", c.path(), "--answers", &a],
    ] {
        votg()
            .args(&args)
            .assert()
            .code(1)
            .stderr(predicate::str::contains("german: a link to"))
            .stderr(predicate::str::contains("outside the campaign folder"))
            .stderr(predicate::str::contains("Nothing was changed"));
    }
    assert_eq!(c.snapshot(), before);
    // A link that stays inside the campaign folder is no refusal.
    std::fs::remove_file(c.dir.join("german")).unwrap();
    std::fs::rename(&elsewhere, c.dir.join("german-files")).unwrap();
    std::os::unix::fs::symlink(c.dir.join("german-files"), c.dir.join("german")).unwrap();
    votg().args(["status", c.path()]).assert().success();
}
