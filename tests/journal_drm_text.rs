//! The journal's DRM column as written in `journal.csv`: the reasons votg
//! gives (`1 CG scenario(s) won on the current CG Day (READINGS.md C27)`)
//! read there as they are, with no backslash before their brackets, and
//! still read back exactly (`votg verify`, `votg log`).

mod common;
mod play;

use common::votg;
use play::*;

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
    let journal = std::fs::read_to_string(c.dir.join("journal.csv")).unwrap();
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
/// a reason, still reads and verifies: the same DRMs, written the older way.
#[test]
fn c27_journal_with_escaped_brackets_from_an_earlier_votg_still_verifies() {
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
    let path = c.dir.join("journal.csv");
    let journal = std::fs::read_to_string(&path).unwrap();
    let older = journal
        .replace("scenario(s)", "scenario\\(s\\)")
        .replace("(READINGS.md C27)", "\\(READINGS.md C27\\)");
    assert_ne!(older, journal);
    std::fs::write(&path, older).unwrap();
    std::fs::remove_file(c.dir.join(".votg/parsed.json")).ok();
    let (elr, _, _) = roll(&c, "16/9", "12.619", "german");
    assert!(
        elr.contains("1 scenario(s) won on the previous CG Day (READINGS.md C27)"),
        "{elr}"
    );
    votg().args(["verify", c.path()]).assert().success();
}
