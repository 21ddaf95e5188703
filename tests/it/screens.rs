//! What the screens say (at a real terminal, read back as the player sees
//! it): manual-dice prompts that name what is rolled, a long question shown
//! once with its error under it, the fortifications' FPP costs, the marks
//! of the charts in words, "recorded" said only once it is, and `explain`
//! citing the purchase that bought a row.
#![cfg(unix)]

use crate::common::{Camp, votg};
use crate::tmux::Screen;

/// The lines of `shown` that begin with `start`.
fn count_lines(shown: &str, start: &str) -> usize {
    shown.lines().filter(|l| l.starts_with(start)).count()
}

#[test]
fn a_manual_dice_prompt_names_which_rg_it_is_for_and_shows_once_with_its_error() {
    let c = Camp::new("I");
    let Some(s) = Screen::votg(
        &["--manual-dice", "refit", c.path(), "--side", "german"],
        80,
    ) else {
        return;
    };
    s.wait_for("RGs to buy");
    s.line("I1");
    // The German's Initial OB gives an I1 too: the prompt says which.
    let given = "Roll DR for I1 Rifle Coy strength — the I1 given in the Initial OB";
    let shown = s.wait_for("(1-6)");
    assert!(shown.contains(given), "{shown}");
    assert!(
        shown.replace('\n', " ").contains("(purchase row 1)"),
        "{shown}"
    );
    // A wrong answer: the question stays once, its error under it, at 80
    // columns where the question takes two lines.
    s.line("9");
    let shown = s.wait_for("error:");
    assert_eq!(count_lines(&shown, given), 1, "{shown}");
    assert!(shown.contains("`9` is not a die face"), "{shown}");
    assert!(shown.lines().all(|l| l.chars().count() <= 80), "{shown}");
    s.line("7");
    let shown = s.wait_for("`7` is not a die face");
    assert_eq!(count_lines(&shown, given), 1, "{shown}");
    assert!(shown.contains("error:"), "the error stays:\n{shown}");
    // Accepted: the question once, with the answer; the error gone.
    s.line("34");
    let shown = s.wait_for("I1 Rifle Coy leaders —");
    assert_eq!(count_lines(&shown, given), 1, "{shown}");
    assert!(!shown.contains("error:"), "{shown}");
    // On to the bought I1, named as such: one throw at a time.
    let bought = "the I1 bought on 15/9";
    for _ in 0..60 {
        if s.shown().contains(bought) {
            break;
        }
        let prompts = count_lines(&s.shown(), "Roll ");
        s.line("34");
        let end = std::time::Instant::now() + std::time::Duration::from_secs(30);
        while count_lines(&s.shown(), "Roll ") == prompts && !s.shown().contains(bought) {
            assert!(std::time::Instant::now() < end, "{}", s.shown());
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
    }
    let shown = s.wait_for(bought);
    assert!(
        shown.contains("Roll DR for I1 Rifle Coy strength — the I1 bought on 15/9"),
        "{shown}"
    );
}

#[test]
fn the_fortification_prompt_shows_each_fortifications_fpp_cost() {
    let c = Camp::new("I");
    let Some(s) = Screen::votg(&["refit", c.path(), "--side", "german"], 80) else {
        return;
    };
    s.wait_for("RGs to buy");
    // M1 (Fortifications RG) gives the German FPP to spend at 12.623.
    s.line("M1");
    let shown = s.wait_for("Fortifications (e.g.");
    // The orders two to a line: `order: cost` in a cell.
    let row = |shown: &str, order: &str| {
        shown
            .lines()
            .rev()
            .flat_map(|l| l.split(['│', '┆']))
            .map(str::trim)
            .find(|cell| cell.starts_with(&format!("{order}: ")))
            .map(str::to_string)
    };
    assert!(shown.contains("German has 20 FPP to spend"), "{shown}");
    assert!(
        row(&shown, "trench").unwrap().contains("7 per counter"),
        "{shown}"
    );
    assert!(
        row(&shown, "ap-mine").unwrap().contains("1 per factor"),
        "{shown}"
    );
    assert!(row(&shown, "at-ditch").is_none(), "Russian only:\n{shown}");
    s.line("trench");
    let shown = s.wait_for("13 FPP left");
    assert!(
        shown.contains("What the German can buy with the 13 FPP left"),
        "{shown}"
    );
    // Wire (15 FPP) is beyond what is left.
    let last = shown.rsplit("buy with the 13 FPP").next().unwrap();
    assert!(row(last, "wire").is_none(), "{last}");
}

#[test]
fn a_scenario_is_said_recorded_only_once_it_is() {
    let c = Camp::sample("cg-i-walkthrough");
    let Some(s) = Screen::votg(&["refit", c.path()], 80) else {
        return;
    };
    s.wait_for("Record it now?");
    s.line("y");
    // The German's block, then the Russian's at once (one hand-over).
    s.wait_for("German player ready?");
    s.line("y");
    for side in ["German", "Russian"] {
        s.wait_for(&format!("What happened to the {side} force?"));
        s.line("");
        s.wait_for(&format!("{side} player done?"));
        s.line("y");
    }
    s.wait_for("Control all hexes of building F36");
    s.line("y");
    s.wait_for("Casualty VP each side suffered");
    s.line("10 10");
    let shown = s.wait_for("SAN at scenario end");
    assert!(!shown.contains("Scenario 1 recorded"), "not yet:\n{shown}");
    s.line("");
    let shown = s.wait_for("Scenario 1 recorded");
    assert!(
        shown.contains("Scenario 1 recorded: the Refit Phase after it begins"),
        "{shown}"
    );
    let day = c.state();
    assert_eq!(
        day.campaign.days[0].victor,
        Some(votg::model::side::Side::German)
    );
}

#[test]
fn explain_cites_the_purchase_that_bought_the_row_not_a_refused_one() {
    let c = Camp::new("I");
    let Some(s) = Screen::votg(&["refit", c.path(), "--side", "german"], 80) else {
        return;
    };
    s.wait_for("RGs to buy");
    s.line("I2 dug-in");
    s.wait_for("refused");
    s.wait_for("RGs to buy");
    s.line("I2");
    // 12.621 and 12.622 are on record once 12.624 asks for Recon.
    s.wait_for("on Recon");
    let rows = c.state().german.purchases.len();
    let out = votg()
        .args(["explain", c.path(), "--side", "german", &rows.to_string()])
        .assert()
        .success();
    let text = String::from_utf8_lossy(&out.get_output().stdout);
    assert!(text.contains("answer german.buy = [\"I2\"]"), "{text}");
    assert!(!text.contains("dug-in"), "{text}");
}

/// The output of `votg refit DIR --side S --answers A` on a new campaign
/// of `cg` with nothing bought.
fn refit_output(cg: &str, side: &str) -> String {
    let c = Camp::new(cg);
    let a = c.file(
        "a.toml",
        &format!("[{side}]\nbuy = []\nfortify = []\nrecon = 0\n"),
    );
    let out = votg()
        .args(["refit", c.path(), "--side", side, "--answers", &a])
        .assert()
        .success();
    String::from_utf8_lossy(&out.get_output().stdout).into_owned()
}

#[test]
fn rule_12_6222_the_sw_choice_mark_is_said_in_words() {
    // CG I's Russian Initial OB gives an NKVD Militia Coy (I5): one SW by
    // a dr, MMG or Lt MTR (Russian SW Chart note ‡, READINGS.md C38).
    let out = refit_output("I", "russian");
    assert!(
        out.contains(
            "I5 SW choice (‡): the RG receives one SW, MMG on a dr of 1-3 or Lt MTR on 4-6 (Russian SW Chart note ‡)."
        ),
        "{out}"
    );
}

#[test]
fn rule_12_6225_the_leader_gate_mark_is_said_in_words() {
    // CG III's Russian Initial OB gives Storm Group Pltns (I6).
    let out = refit_output("III", "russian");
    assert!(
        out.contains(
            "I6 leader gate (@): a Russian Infantry Pltn rolls on the Platoon Leader Table only after a dr of ≤ 4 (12.6225 @)."
        ),
        "{out}"
    );
}

#[test]
fn journal_marks_read_as_words_in_log_and_explain() {
    let d = format!("{}/rosters/cg-i-partway", env!("CARGO_MANIFEST_DIR"));
    let log = votg()
        .args(["log", &d, "--side", "german", "--step", "12.616"])
        .assert()
        .success();
    let log = String::from_utf8_lossy(&log.get_output().stdout).into_owned();
    assert!(log.contains("purchase row 4"), "{log}");
    assert!(!log.contains("row:"), "{log}");
    // 12.6162's question says what to name, not "(one AFV each)".
    assert!(!log.contains("one AFV each"), "{log}");
    let explain = votg()
        .args(["explain", &d, "--side", "german", "1"])
        .assert()
        .success();
    let explain = String::from_utf8_lossy(&explain.get_output().stdout).into_owned();
    assert!(explain.contains("1 Lt MTR"), "{explain}");
    assert!(!explain.contains("LT_MTR"), "{explain}");
    let explain = votg()
        .args(["explain", &d, "--side", "german", "4"])
        .assert()
        .success();
    let explain = String::from_utf8_lossy(&explain.get_output().stdout).into_owned();
    assert!(!explain.contains("row:"), "{explain}");
}

/// A typed answer longer than the line, wrapped by the terminal at 80
/// columns, is cleared with its question when it is refused or taken: the
/// question stays on screen once (the rows the answer wrapped onto were
/// left behind, so it showed two or three times).
#[test]
fn a_long_answer_wrapped_at_80_columns_leaves_its_question_shown_once() {
    let c = Camp::new("I");
    let Some(s) = Screen::votg(&["refit", c.path(), "--side", "german"], 80) else {
        return;
    };
    s.wait_for("RGs to buy");
    s.line("");
    let asked = "CPP on Recon";
    s.wait_for(asked);
    let long = "a long wrong answer to a number question, one that wraps past the eighty columns";
    s.line(long);
    let shown = s.wait_for("is not a whole number");
    assert_eq!(shown.matches(asked).count(), 1, "{shown}");
    s.line(&long.replace("long", "longer"));
    let shown = s.wait_for("a longer wrong answer");
    assert_eq!(shown.matches(asked).count(), 1, "{shown}");
    assert_eq!(shown.matches("is not a whole number").count(), 1, "{shown}");
    // Taken: the question once, with its answer.
    s.line("0");
    let shown = s.wait_for("makes no Recon");
    assert_eq!(shown.matches(asked).count(), 1, "{shown}");
}
