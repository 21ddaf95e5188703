//! Two machines (DESIGN §9): a campaign played at one keyboard split into
//! two halves mid-CG (`votg split`), the other side taking his seat with a
//! fresh seed on his own machine (`votg join DIR --side S`), a Refit Phase
//! played by packets to the next scenario, and the halves merged back into
//! one folder (`votg merge`) that verifies and goes on at one keyboard.

use std::path::{Path, PathBuf};

use crate::common::{copy_all, snapshot, votg};
use crate::halves::{Halves, other};

/// The scenario record both sides give after scenario 3 of the sample,
/// then each side's answers for the RePh after it (the German attacks:
/// scenario 4 follows).
pub(crate) fn answers(side: &str, record: bool) -> String {
    let scenario = "[scenario]\nvictor = \"german\"\ncvp = { german = 8, russian = 11 }\n";
    let mine = match side {
        "german" => "buy = []\nfortify = []\nrecon = 0\ninitiative = \"attack\"\nf36 = false\n",
        _ => "buy = []\nfortify = []\nrecon = 0\ninitiative = \"idle\"\n",
    };
    format!("{}[{side}]\n{mine}", if record { scenario } else { "" })
}

/// A folder the other player carries home (a USB stick).
pub(crate) fn carried(h: &Halves) -> PathBuf {
    h.tmp.path().join("usb").join("russian-half")
}

/// rosters/cg-i-partway (scenario 3 ready, at one keyboard) on the
/// German's machine, split there: the Russian's half carried to his
/// machine, where he takes his seat; his reply received by the German.
fn split_partway() -> Halves {
    let h = at_one_keyboard("cg-i-partway", "german");
    let out = votg()
        .args(["split", &h.path("german"), "--side", "german", "--out"])
        .arg(carried(&h))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    h
}

/// The sample `rosters/NAME` played at one keyboard, in `side`'s folder
/// (no split yet), its views written once (and their hashes noted).
pub(crate) fn at_one_keyboard(name: &str, side: &str) -> Halves {
    let h = Halves {
        tmp: tempfile::tempdir().unwrap(),
        sent: Vec::new(),
        seeds: (7, 7),
    };
    copy_all(
        &Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("rosters")
            .join(name),
        &h.dir(side),
    );
    ok(&h.run(side, &["adjust", "--side", "russian", "--discard"]));
    h
}

/// The Russian copies the carried folder to his machine and takes his seat.
pub(crate) fn russian_sits(h: &mut Halves) {
    copy_all(&carried(h), &h.dir("russian"));
    let out = votg()
        .args(["join", &h.path("russian"), "--side", "russian"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let p = h.dir("russian").join("packets").join("russian-1.votg");
    let to = h.tmp.path().join("mail").join("1-russian.votg");
    std::fs::create_dir_all(to.parent().unwrap()).unwrap();
    std::fs::copy(&p, &to).unwrap();
    h.sent.push(("russian".into(), to));
    h.deliver("german");
}

/// Turns from `first` on, each side's `refit` with `answers(side)`, until
/// `status` says both have finished the Refit Phase; all the turns said.
pub(crate) fn until_both_finish(
    h: &mut Halves,
    first: &str,
    answers: impl Fn(&str) -> String,
) -> String {
    let mut turn = if first == "german" {
        "german"
    } else {
        "russian"
    };
    let mut said = String::new();
    for _ in 0..16 {
        said.push_str(&ok(&h.run(
            turn,
            &["refit", "--answers", &h.answers(turn, &answers(turn))],
        )));
        h.send(turn);
        h.deliver(other(turn));
        turn = other(turn);
        let s = ok(&h.run(turn, &["status"]));
        if s.contains("German has finished") && s.contains("Russian has finished") {
            return said;
        }
    }
    panic!("the Refit Phase did not end: {said}");
}

fn every_file_text(dir: &Path) -> String {
    snapshot(dir)
        .into_iter()
        .map(|(k, v)| format!("{k}\n{}\n", String::from_utf8_lossy(&v)))
        .collect()
}

pub(crate) fn ok(out: &std::process::Output) -> String {
    assert!(
        out.status.success(),
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).to_string()
}

fn seed_of(dir: &Path, side: &str) -> String {
    let text = std::fs::read_to_string(dir.join(side).join("dice.toml")).unwrap();
    text.lines()
        .find_map(|l| l.strip_prefix("seed = "))
        .unwrap()
        .trim_matches('"')
        .to_string()
}

#[test]
fn design_9_split_leaves_neither_half_a_secret_or_key_of_the_other_side() {
    let sample = Path::new(env!("CARGO_MANIFEST_DIR")).join("rosters/cg-i-partway");
    let (old_g, old_r) = (seed_of(&sample, "german"), seed_of(&sample, "russian"));
    let russian_log = std::fs::read_to_string(sample.join("russian/log.jsonl")).unwrap();
    let mut h = split_partway();
    let g = every_file_text(&h.dir("german"));
    assert!(!h.dir("german").join("russian").exists(), "his folder left");
    assert!(!g.contains("russian/"), "a file names one of his: {g}");
    assert!(!g.contains(&old_r), "the Russian's old seed is still here");
    for line in russian_log.lines() {
        assert!(!g.contains(line), "a line of his private log is here");
    }
    assert_ne!(seed_of(&h.dir("german"), "german"), old_g, "a fresh seed");
    // The carried half: his private log, no seed to play with, nothing of
    // the German's.
    let r = every_file_text(&carried(&h));
    assert!(!carried(&h).join("german").exists());
    assert!(!carried(&h).join("russian/dice.toml").exists());
    assert!(!r.contains(&old_g) && !r.contains(&seed_of(&h.dir("german"), "german")));
    let status = votg().args(["status"]).arg(carried(&h)).output().unwrap();
    assert!(
        String::from_utf8_lossy(&status.stderr).contains("has not taken his seat yet"),
        "{}",
        String::from_utf8_lossy(&status.stderr)
    );
    russian_sits(&mut h);
    assert_ne!(seed_of(&h.dir("russian"), "russian"), old_r, "a fresh seed");
    // A half cannot be split again; `verify` on each half says what it
    // takes as recorded.
    let again = h.run(
        "german",
        &["split", "--side", "german", "--out", "/nonexistent/x"],
    );
    assert!(!again.status.success());
    assert!(String::from_utf8_lossy(&again.stderr).contains("split already"));
    let v = ok(&h.run("russian", &["verify"]));
    assert!(v.contains("Split from one keyboard at event"), "{v}");
    // The sample's --seed predicts the rolls before the split only.
    let s = ok(&h.run("german", &["status"]));
    assert!(s.contains("until its split at event"), "{s}");
}

#[test]
fn design_9_a_campaign_split_mid_cg_plays_a_reph_on_two_machines_and_merges_back() {
    let mut h = split_partway();
    russian_sits(&mut h);
    // Each side records scenario 3 and plays the RePh after it, turn by
    // turn, the public views the same bytes after every exchange.
    let mut turn = "german";
    for _ in 0..16 {
        ok(&h.run(
            turn,
            &["refit", "--answers", &h.answers(turn, &answers(turn, true))],
        ));
        h.send(turn);
        h.deliver(other(turn));
        turn = other(turn);
        let s = ok(&h.run(turn, &["status"]));
        if s.contains("German has finished") && s.contains("Russian has finished") {
            break;
        }
    }
    assert_eq!(turn, "german", "the Russian made scenario 4 ready");
    // At the table for scenario 4: the German does his half of the last
    // step (no record yet), and brings his half to the Russian's.
    ok(&h.run(
        "german",
        &[
            "refit",
            "--answers",
            &h.answers("german", &answers("german", false)),
        ],
    ));
    let theirs = snapshot(&h.dir("russian"));
    let out = ok(&votg()
        .args(["merge", &h.path("german"), &h.path("russian")])
        .output()
        .unwrap());
    assert!(out.contains("goes on at one keyboard"), "{out}");
    assert_eq!(
        snapshot(&h.dir("russian")),
        theirs,
        "his half left as it was"
    );
    let v = ok(&h.run("german", &["verify"]));
    assert!(
        v.contains("re-derived with both keys of before the split"),
        "{v}"
    );
    // Scenario 4 recorded, and the RePh after it, at one keyboard.
    let both = format!(
        "[scenario]\nvictor = \"russian\"\ncvp = {{ german = 9, russian = 7 }}\n{}{}",
        answers("german", false),
        answers("russian", false)
    );
    let a = h.answers("german", &both);
    let said = ok(&h.run("german", &["refit", "--side", "both", "--answers", &a]));
    assert!(said.contains("The scenario is ready to play"), "{said}");
    let s = ok(&h.run("german", &["status"]));
    assert!(s.contains("Preparing scenario 5"), "{s}");
    ok(&h.run("german", &["verify"]));
    ok(&h.run("german", &["roster", "--side", "russian"]));
}

#[test]
fn design_9_halves_of_two_different_campaigns_are_not_merged() {
    let mut h = split_partway();
    russian_sits(&mut h);
    // Another campaign (a CG II at one keyboard), split too: its Russian
    // half.
    let c = crate::common::Camp::new("II");
    let theirs = c.tmp.path().join("other-russian");
    ok(&votg()
        .args(["split", c.path()])
        .args(["--side", "german", "--out"])
        .arg(&theirs)
        .output()
        .unwrap());
    ok(&votg()
        .args(["join"])
        .arg(&theirs)
        .args(["--side", "russian"])
        .output()
        .unwrap());
    let (mine, his) = (snapshot(&h.dir("german")), snapshot(&theirs));
    let out = votg()
        .args(["merge", &h.path("german")])
        .arg(&theirs)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("two different campaigns"), "{err}");
    assert_eq!(snapshot(&h.dir("german")), mine);
    assert_eq!(snapshot(&theirs), his);
    // Nor into a half that has not received the other's last turn: his
    // log goes further.
    ok(&h.run(
        "german",
        &[
            "refit",
            "--answers",
            &h.answers("german", &answers("german", true)),
        ],
    ));
    let (mine, his) = (snapshot(&h.dir("german")), snapshot(&h.dir("russian")));
    let out = votg()
        .args(["merge", &h.path("russian"), &h.path("german")])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("receive his last packet"));
    assert_eq!(snapshot(&h.dir("german")), mine);
    assert_eq!(snapshot(&h.dir("russian")), his);
}

#[test]
fn design_9_a_merge_waits_for_each_side_s_half_of_a_joint_step() {
    let mut h = split_partway();
    russian_sits(&mut h);
    // The German records scenario 3 (a joint step): the Russian's half of
    // it is still to do when his packet arrives.
    ok(&h.run(
        "german",
        &[
            "refit",
            "--answers",
            &h.answers("german", &answers("german", true)),
        ],
    ));
    h.send("german");
    h.deliver("russian");
    let (mine, his) = (snapshot(&h.dir("russian")), snapshot(&h.dir("german")));
    let out = votg()
        .args(["merge", &h.path("russian"), &h.path("german")])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("has not done his half of record 3"), "{err}");
    assert_eq!(snapshot(&h.dir("russian")), mine);
    assert_eq!(snapshot(&h.dir("german")), his);
}

#[cfg(unix)]
#[test]
fn design_9_a_split_in_the_middle_of_a_step_is_refused_naming_it() {
    use rexpect::reader::Options;
    let c = crate::common::Camp::new("I");
    // The German answers 12.621 and 12.624's first question at a terminal;
    // Ctrl-C stops him in the middle of 12.624 (his answers kept as drafts).
    let mut cmd = std::process::Command::new(assert_cmd::cargo::cargo_bin!("votg"));
    cmd.arg("refit")
        .arg(c.path())
        .env("VOTG_NOW", "2026-01-01T00:00:00Z")
        .env("TERM", "xterm")
        .env("COLUMNS", "200");
    let options = Options::new()
        .timeout_ms(Some(30_000))
        .strip_ansi_escape_codes(true);
    let mut p = rexpect::session::spawn_with_options(cmd, options).unwrap();
    p.exp_string("German player ready?").unwrap();
    p.send_line("y").unwrap();
    p.exp_string("RGs to buy").unwrap();
    p.send_line("I2").unwrap();
    p.exp_string("on Recon").unwrap();
    p.send_line("1").unwrap();
    p.exp_string("Majority Squad Type").unwrap();
    p.send_control('c').unwrap();
    p.exp_eof().unwrap();
    let before = c.snapshot();
    let out_dir = c.tmp.path().join("russian-half");
    let out = votg()
        .args(["split", c.path(), "--side", "german", "--out"])
        .arg(&out_dir)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("the German is in the middle of a step") && err.contains("12.624"),
        "{err}"
    );
    assert_eq!(c.snapshot(), before, "nothing changed");
    assert!(!out_dir.exists());
}

#[test]
fn design_9_audit_of_a_split_campaign_checks_what_was_played_on_two_machines_and_says_what_not() {
    let mut h = split_partway();
    russian_sits(&mut h);
    ok(&h.run(
        "german",
        &[
            "refit",
            "--answers",
            &h.answers("german", &answers("german", true)),
        ],
    ));
    h.send("german");
    h.deliver("russian");
    ok(&h.run(
        "russian",
        &[
            "refit",
            "--answers",
            &h.answers("russian", &answers("russian", true)),
        ],
    ));
    ok(&h.run("russian", &["concede"]));
    let p = h.dir("russian").join("packets").join("russian-2.votg");
    let out = votg()
        .args(["receive", &h.path("german")])
        .arg(&p)
        .output()
        .unwrap();
    ok(&out);
    h.send("german");
    h.deliver("russian");
    for side in ["german", "russian"] {
        let said = ok(&h.run(side, &["audit"]));
        assert!(said.contains("all honest"), "{said}");
        assert!(
            said.contains("played at one keyboard until its split")
                && said.contains("cannot be audited"),
            "{said}"
        );
    }
}

#[test]
fn design_9_a_campaign_split_in_the_middle_of_a_refit_phase_finishes_it_on_two_machines() {
    // rosters/cg-i-aftermath: both sides at 12.614 after scenario 1, at
    // one keyboard. The Russian keeps the folder; the German takes his
    // half home and sits without an answers file.
    let tmp = tempfile::tempdir().unwrap();
    let mut h = Halves {
        tmp,
        sent: Vec::new(),
        seeds: (7, 7),
    };
    copy_all(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("rosters/cg-i-aftermath"),
        &h.dir("russian"),
    );
    let usb = h.tmp.path().join("usb");
    ok(&votg()
        .args(["split", &h.path("russian"), "--side", "russian", "--out"])
        .arg(&usb)
        .output()
        .unwrap());
    copy_all(&usb, &h.dir("german"));
    ok(&votg()
        .args(["join", &h.path("german"), "--side", "german"])
        .output()
        .unwrap());
    let to = h.tmp.path().join("mail").join("1-german.votg");
    std::fs::create_dir_all(to.parent().unwrap()).unwrap();
    std::fs::copy(h.dir("german").join("packets/german-1.votg"), &to).unwrap();
    h.sent.push(("german".into(), to));
    h.deliver("russian");
    let record = "[scenario]\nvictor = \"german\"\ncvp = { german = 14, russian = 22 }\n";
    let mine = |side: &str| {
        let extra = match side {
            "german" => "initiative = \"attack\"\nf36 = false\nrepair_numbers = [\"G-14 2\"]\n",
            _ => "initiative = \"idle\"\n",
        };
        format!("{record}[{side}]\nbuy = []\nfortify = []\nrecon = 0\n{extra}")
    };
    let said = until_both_finish(&mut h, "russian", mine);
    // The Russian did not reveal his public nonce for 12.614 before the
    // German's answers for the RePh were committed (12.614 asks his).
    assert!(
        said.contains("the German commits his answers for it first")
            || said.contains("12.614 asks the German (his own questions) before its public dice: he answers them first"),
        "{said}"
    );
    let s = ok(&h.run("russian", &["status"]));
    assert!(s.contains("Russian has finished"), "{s}");
    for side in ["german", "russian"] {
        ok(&h.run(side, &["verify"]));
    }
}

#[test]
fn design_9_a_campaign_over_is_not_split() {
    use crate::play::*;
    let c = initial("I", NOTHING, NOTHING);
    let idle = format!("{NOTHING}initiative = \"idle\"\n");
    refit(
        &c,
        &format!(
            "{}[german]\n{idle}f36 = false\n[russian]\n{idle}",
            scenario("german", 0, 0, false)
        ),
        3,
    )
    .success();
    let before = c.snapshot();
    let out_dir = c.tmp.path().join("russian-half");
    let out = votg()
        .args(["split", c.path(), "--side", "german", "--out"])
        .arg(&out_dir)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("the campaign is over"));
    assert_eq!(c.snapshot(), before);
    assert!(!out_dir.exists());
}
