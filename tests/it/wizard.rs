//! The wizard at a terminal never loses what a player typed (DESIGN §6):
//! every answer is kept as a draft the moment it is typed, a run stopped by
//! Ctrl-C is resumed with them, `back` takes the last answer of a step
//! back, and a refused answer is asked again with the others kept; the
//! campaign so played verifies.
#![cfg(unix)]

use std::process::Command;

use crate::common::{Camp, votg};
use rexpect::reader::Options;
use rexpect::session::{PtySession, spawn_with_options};

fn at_a_terminal(c: &Camp, args: &[&str]) -> PtySession {
    let mut cmd = Command::new(assert_cmd::cargo::cargo_bin!("votg"));
    cmd.args(args)
        .arg(c.path())
        .env("VOTG_NOW", "2026-01-01T00:00:00Z")
        .env("TERM", "xterm")
        .env("COLUMNS", "200");
    let options = Options::new()
        .timeout_ms(Some(30_000))
        .strip_ansi_escape_codes(true);
    spawn_with_options(cmd, options).unwrap()
}

fn drafts(c: &Camp, side: &str) -> usize {
    std::fs::read_to_string(c.dir.join(side).join("log.jsonl"))
        .unwrap()
        .lines()
        .filter(|l| l.contains("\"event\":\"draft\""))
        .count()
}

#[test]
fn design_6_answers_typed_survive_ctrl_c_and_back_takes_one_back_and_the_campaign_verifies() {
    let c = Camp::new("I");
    // The German buys two RGs (12.621, done), answers the Recon question
    // of 12.624, then the run is stopped by Ctrl-C at its next question.
    let mut p = at_a_terminal(&c, &["refit"]);
    p.exp_string("German player ready?").unwrap();
    p.send_line("y").unwrap();
    p.exp_string("RGs to buy").unwrap();
    p.send_line("I2, O1").unwrap();
    p.exp_string("on Recon").unwrap();
    p.send_line("1").unwrap();
    p.exp_string("Majority Squad Type").unwrap();
    p.send_control('c').unwrap();
    p.exp_eof().unwrap();
    assert_eq!(drafts(&c, "german"), 2, "each answer kept as it was typed");
    assert_eq!(crate::common::load(&c.dir).campaign.step.german, "12.624");
    // Run again: offered to resume; the Recon answer is given again, then
    // taken back and answered otherwise.
    let mut p = at_a_terminal(&c, &["refit"]);
    p.exp_string("German player ready?").unwrap();
    p.send_line("y").unwrap();
    p.exp_string("Answers typed earlier for German 12.624")
        .unwrap();
    p.exp_string("german.recon = 1").unwrap();
    p.exp_string("Resume with them?").unwrap();
    p.send_line("").unwrap();
    p.exp_string("1 (kept)").unwrap();
    p.exp_string("Majority Squad Type").unwrap();
    p.send_line("back").unwrap();
    p.exp_string("Taken back: german.recon = 1").unwrap();
    p.exp_string("on Recon").unwrap();
    p.send_line("0").unwrap();
    p.exp_string("German player done?").unwrap();
    p.send_line("y").unwrap();
    p.exp_string("RGs to buy").unwrap();
    p.send_line("I5").unwrap();
    p.exp_string("Fortifications (e.g.").unwrap(); // 12.623: the Russian's FPP
    p.send_line("wire").unwrap();
    p.exp_string("Bought `wire`").unwrap();
    p.exp_string("More fortifications").unwrap();
    p.send_line("").unwrap();
    p.exp_string("on Recon").unwrap();
    p.send_line("0").unwrap();
    p.exp_string("Russian player done?").unwrap();
    p.send_line("y").unwrap();
    p.exp_eof().unwrap();
    let s = crate::common::load(&c.dir);
    let bought: Vec<&str> = s
        .german
        .purchases
        .iter()
        .filter(|r| !r.is_given())
        .map(|r| r.rg_id.as_str())
        .collect();
    assert_eq!(bought, ["I2", "O1"]);
    assert_eq!(
        s.german.roster.current().unwrap().recon_cpp,
        0,
        "1 taken back"
    );
    assert_eq!(s.campaign.step.german, s.campaign.step.russian);
    votg().args(["verify", c.path()]).assert().success();
}

#[test]
fn design_6_a_refused_answer_is_asked_again_and_the_step_verifies() {
    // The walkthrough's Initial Scenario recorded; each side at 12.612.
    let c = crate::played::walkthrough();
    let a = c.file(
        "a.toml",
        include_str!("../../rosters/cg-i-aftermath.answers.toml"),
    );
    let d = concat!(env!("CARGO_MANIFEST_DIR"), "/rosters/cg-i-aftermath.dice");
    votg()
        .args([
            "--dice-file",
            d,
            "refit",
            c.path(),
            "--answers",
            &a,
            "--until",
            "12.611",
        ])
        .assert()
        .success();
    // Seed 6: the MMC Battle Hardening DR lets 5 MMC harden (12.6123).
    let mut p = at_a_terminal(&c, &["--seed", "6", "refit", "--side", "german"]);
    p.exp_string("Up to 5 MMC ids to Battle Harden").unwrap();
    // G-4 named twice: refused by the rules, said, and asked again.
    p.send_line("G-4 G-4").unwrap();
    p.exp_string("names G-4 twice").unwrap();
    p.exp_string("Asked again").unwrap();
    p.exp_string("Up to 5 MMC ids to Battle Harden").unwrap();
    p.send_line("G-4 G-5").unwrap();
    // Every question after it takes its default.
    loop {
        use rexpect::ReadUntil;
        match p.exp_any(vec![ReadUntil::String("]: ".into()), ReadUntil::EOF]) {
            Ok((_, m)) if m.ends_with("]: ") => {
                p.send_line("").unwrap();
            }
            _ => break,
        }
    }
    let s = crate::common::load(&c.dir);
    assert_ne!(s.campaign.step.german, "12.612", "the step is done");
    votg().args(["verify", c.path()]).assert().success();
}

fn edit_purchase_record(c: &Camp) {
    let path = c.dir.join("russian/purchases.csv");
    let text = std::fs::read_to_string(&path).unwrap();
    let (from, to) = (
        "15/9,I5,NKVD Militia Coy,,,2,MD,7,,,1,",
        "15/9,I5,NKVD Militia Coy,,,2,MD,7,,,2,",
    );
    assert!(text.contains(from));
    std::fs::write(&path, text.replacen(from, to, 1)).unwrap();
}

#[test]
fn design_3_at_a_terminal_a_hand_edit_is_offered_for_recording_with_its_reason() {
    let c = Camp::sample("cg-i-walkthrough");
    edit_purchase_record(&c);
    let mut p = at_a_terminal(&c, &["refit"]);
    p.exp_string("edited by hand").unwrap();
    // The Russian's own file: counted on the shared screen, not shown.
    let shown = p.exp_string("not shown here").unwrap();
    assert!(
        shown.contains("russian/purchases.csv: 1 difference(s)"),
        "{shown}"
    );
    assert!(
        !shown.contains("2 LMG") && !shown.contains("LMG"),
        "{shown}"
    );
    p.exp_string("the Russian's correction").unwrap();
    p.send_line("a second LMG found under the counter tray")
        .unwrap();
    p.exp_string("Adjusted by hand").unwrap();
    // The refit goes on with its first question.
    p.exp_string("?").unwrap();
    p.send_control('c').unwrap();
    p.exp_eof().unwrap();
    assert_eq!(
        crate::common::load(&c.dir).russian.purchases[0].lmg,
        Some(2)
    );
    let log = votg()
        .args(["log", c.path(), "--side", "russian"])
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&log.stdout).contains("a second LMG found"));
    let public = votg().args(["log", c.path()]).output().unwrap();
    assert!(!String::from_utf8_lossy(&public.stdout).contains("LMG found"));
    votg().args(["verify", c.path()]).assert().success();
}

#[test]
fn design_3_at_a_terminal_an_empty_reason_records_nothing_and_refuses() {
    let c = Camp::sample("cg-i-walkthrough");
    edit_purchase_record(&c);
    let before = crate::common::snapshot(&c.dir);
    let mut p = at_a_terminal(&c, &["refit"]);
    p.exp_string("press Enter to stop").unwrap();
    p.send_line("").unwrap();
    p.exp_string("votg adjust").unwrap();
    p.exp_eof().unwrap();
    assert_eq!(crate::common::snapshot(&c.dir), before, "nothing changed");
}

#[test]
fn design_6_a_side_outcome_typed_in_its_block_survives_ctrl_c_unseen_by_the_other() {
    let c = Camp::sample("cg-i-walkthrough");
    let mut p = at_a_terminal(&c, &["refit"]);
    p.exp_string("Record it now?").unwrap();
    p.send_line("y").unwrap();
    p.exp_string("German player ready?").unwrap();
    p.send_line("y").unwrap();
    p.exp_string("What happened to the German force?").unwrap();
    p.send_line("eliminated: G-20").unwrap();
    p.exp_string("German player done?").unwrap();
    p.send_line("y").unwrap();
    p.exp_string("What happened to the Russian force?").unwrap();
    p.send_control('c').unwrap();
    p.exp_eof().unwrap();
    assert_eq!(drafts(&c, "german"), 1, "the German's outcome kept");
    // Run again: the shared screen says the German has answers, never shows
    // it; resumed, it is given again in his block.
    let mut p = at_a_terminal(&c, &["refit"]);
    p.exp_string("Record it now?").unwrap();
    p.send_line("y").unwrap();
    let shown = p.exp_string("Resume with them?").unwrap();
    assert!(
        shown.contains("some of the German (not shown here"),
        "{shown}"
    );
    assert!(!shown.contains("G-20"), "the German's secret: {shown}");
    p.send_line("").unwrap();
    p.exp_string("German player ready?").unwrap();
    p.send_line("y").unwrap();
    p.exp_string("eliminated: G-20 (kept)").unwrap();
    p.exp_string("German player done?").unwrap();
    p.send_line("y").unwrap();
    p.exp_string("What happened to the Russian force?").unwrap();
    p.send_line("").unwrap();
    p.exp_string("Russian player done?").unwrap();
    p.send_line("y").unwrap();
    p.exp_string("building F36").unwrap();
    p.send_line("y").unwrap();
    p.exp_string("Casualty VP").unwrap();
    p.send_line("").unwrap();
    p.exp_string("SAN at scenario end").unwrap();
    p.send_line("").unwrap();
    p.exp_string("Scenario 1 recorded").unwrap();
    p.send_control('c').unwrap();
    p.exp_eof().unwrap();
    let s = crate::common::load(&c.dir);
    let g20 = s
        .german
        .force
        .counters
        .iter()
        .find(|x| x.id.to_string() == "G-20")
        .unwrap();
    assert_eq!(format!("{:?}", g20.place), "Casualties");
    votg().args(["verify", c.path()]).assert().success();
}
