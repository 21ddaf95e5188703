//! The journal's DRM column as written in `journal.csv`: the reasons votg
//! gives (`1 CG scenario(s) won on the current CG Day (READINGS.md C27)`)
//! read there as they are, with no backslash before their brackets, and
//! still read back exactly (`votg verify`, `votg log`).

use crate::common::votg;
use crate::play::*;

/// 12.6123 and 12.619 (C27, C29): after CG I's Initial Scenario, won by the
/// German, the Battle Hardening and ELR DRMs name "scenario(s)" and their
/// READINGS.md reading in brackets; `journal.csv` writes them as they are.
#[test]
fn c27_journal_drm_reasons_are_written_without_stray_backslashes() {
    let c = initial("I", NOTHING, NOTHING);
    refit(
        &c,
        &format!(
            "{}[german]\n{NOTHING}f36 = false\ninitiative = \"attack\"\n[russian]\n{NOTHING}initiative = \"idle\"\n",
            scenario("german", 0, 0, false)
        ),
        3,
    )
    .success();
    let journal = crate::common::all_journals(&c.dir);
    let hardening = journal
        .lines()
        .find(|l| l.contains("12.612") && l.contains("MMC Battle Hardening"))
        .expect("a 12.6123 roll");
    assert!(
        hardening
            .contains("-3 1 CG scenario(s) won on the current CG Day (READINGS.md C27) (12.6123)"),
        "{hardening}"
    );
    assert!(
        !journal.contains('\\'),
        "no backslash in journal.csv: {:?}",
        journal.lines().find(|l| l.contains('\\'))
    );
    let (elr, _, _) = roll(&c, "16/9", "12.619", "german");
    assert!(
        elr.contains(
            "+2 1 scenario(s) completed since the start of the CG (READINGS.md C29) (12.619)"
        ),
        "{elr}"
    );
    votg().args(["verify", c.path()]).assert().success();
}

/// A journal written by an earlier votg, with a `\` before every bracket of
/// a reason, is imported as its history and reads as this votg writes it.
#[test]
fn c27_journal_with_escaped_brackets_from_an_earlier_votg_reads_and_verifies() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("c");
    crate::common::copy_all(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/schema-2-cg-i-partway"),
        &dir,
    );
    let old = std::fs::read_to_string(dir.join("journal.csv")).unwrap();
    assert!(old.contains("scenario\\(s\\)"), "the older form");
    let d = dir.to_str().unwrap();
    let log = votg().args(["log", d, "--reveal"]).assert().success();
    let log = String::from_utf8(log.get_output().stdout.clone()).unwrap();
    assert!(log.contains("scenario(s) won"), "{log}");
    assert!(!log.contains("scenario\\(s"), "{log}");
    votg().args(["verify", d]).assert().success();
}
