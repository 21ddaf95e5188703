//! Two machines at a terminal (DESIGN §9, docs/two-machines.md §4–5): with
//! no answers file, a roll after a choice of the same turn waits for the
//! next nonce; Recon's CPP is pledged before its dr, given again as it was
//! pledged, and the dr drawn with the first nonce sent after the pledge.
#![cfg(unix)]

use std::process::Command;

use rexpect::reader::Options;
use rexpect::session::{PtySession, spawn_with_options};
use serde_json::Value;

use crate::halves::{Halves, RUSSIAN_INITIAL};

pub(crate) fn at_a_terminal(h: &Halves, side: &str) -> PtySession {
    let mut cmd = Command::new(assert_cmd::cargo::cargo_bin!("votg"));
    cmd.args(["refit", &h.path(side)])
        .env("VOTG_NOW", "2026-01-01T00:00:00Z")
        .env("TERM", "xterm")
        .env("COLUMNS", "200");
    let options = Options::new()
        .timeout_ms(Some(30_000))
        .strip_ansi_escape_codes(true);
    spawn_with_options(cmd, options).unwrap()
}

fn events(path: &std::path::Path) -> Vec<Value> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// The German's packet to the Russian, his turn from his answers file, and
/// his packet back.
fn russian_turn(h: &mut Halves) {
    h.send("german");
    h.deliver("russian");
    h.refit("russian", RUSSIAN_INITIAL);
    h.send("russian");
    h.deliver("german");
}

#[test]
fn design_9_at_a_terminal_recon_is_pledged_before_its_dr_and_drawn_with_the_next_nonce() {
    let mut h = Halves::made("I", None, (7, 7));
    h.join(RUSSIAN_INITIAL);
    h.deliver("german");
    // His purchases, typed: his strength rolls wait for the Russian's nonce.
    let mut p = at_a_terminal(&h, "german");
    p.exp_string("RGs to buy").unwrap();
    p.send_line("I1").unwrap();
    p.exp_string("German 12.622 waits for your next turn")
        .unwrap();
    p.exp_eof().unwrap();
    russian_turn(&mut h);
    // His strength rolls now; then Recon, asked and pledged, not rolled.
    let mut p = at_a_terminal(&h, "german");
    p.exp_string("I1 Rifle Coy strength").unwrap();
    p.exp_string("Spend 0, 1 or 2 CPP on Recon").unwrap();
    p.send_line("1").unwrap();
    p.exp_string("Majority Squad Type").unwrap();
    p.send_line("normal").unwrap();
    p.exp_string("German 12.624: your answers are committed")
        .unwrap();
    p.exp_eof().unwrap();
    russian_turn(&mut h);
    // Next turn: the pledged answers given again, the dr rolled.
    let mut p = at_a_terminal(&h, "german");
    p.exp_string("(kept)").unwrap();
    p.exp_string("German Recon (1 CPP)").unwrap();
    p.exp_eof().unwrap();
    let public = events(&h.dir("german").join("log.jsonl"));
    let private = events(&h.dir("german").join("german/log.jsonl"));
    let pledge = public
        .iter()
        .find(|e| e["what"] == "pledge" && e["step"]["step"] == "12.624")
        .expect("Recon pledged");
    assert!(
        pledge["standing"].is_null(),
        "a pledge of the step's answers"
    );
    let pledged = private.iter().find(|p| p["for"] == pledge["n"]).unwrap();
    assert_eq!(pledged["answers"][0][0], "german.recon");
    let first_after = public
        .iter()
        .find(|e| {
            e["what"] == "pass" && e["side"] == "russian" && e["n"].as_u64() > pledge["n"].as_u64()
        })
        .unwrap()["n"]
        .clone();
    let recon = public
        .iter()
        .rev()
        .find(|e| {
            e["step"]["step"] == "12.624" && e["step"]["side"] == "german" && e["event"] == "step"
        })
        .unwrap();
    let part = private.iter().find(|p| p["for"] == recon["n"]).unwrap();
    assert_eq!(part["epochs"][0]["pass"], first_after, "{part}");
    assert_eq!(part["epochs"][0]["answers"], 2);
    // His own verify draws every roll again.
    let v = h.run("german", &["verify"]);
    assert!(v.status.success(), "{}", String::from_utf8_lossy(&v.stderr));
}

/// Answers every further question with Enter until the run ends; all it
/// showed.
pub(crate) fn enter_to_the_end(p: &mut PtySession) -> String {
    let mut seen = String::new();
    for _ in 0..40 {
        seen.push_str(&crate::two_players::shown_in_a_moment(p));
        if p.process().status() != Some(rexpect::process::WaitStatus::StillAlive) {
            return seen;
        }
        p.send_line("").unwrap();
    }
    panic!("the run did not end: {seen}")
}

/// Enter to every question until `text` is shown; all that was shown.
pub(crate) fn enter_until(p: &mut PtySession, text: &str) -> String {
    let mut seen = String::new();
    for _ in 0..40 {
        seen.push_str(&crate::two_players::shown_in_a_moment(p));
        if seen.contains(text) {
            return seen;
        }
        if p.process().status() != Some(rexpect::process::WaitStatus::StillAlive) {
            break;
        }
        p.send_line("").unwrap();
    }
    panic!("`{text}` was never shown: {seen}")
}

/// Records scenario 1 at `side`'s terminal: its own outcome (nothing),
/// F36 not Controlled, `cvp`, SAN kept; all the run showed.
fn record_typed(h: &Halves, side: &str, cvp: &str) -> String {
    let mut p = at_a_terminal(h, side);
    type_record(&mut p, side, cvp)
}

/// The record typed on `p` from its first question to the run's end.
fn type_record(p: &mut PtySession, side: &str, cvp: &str) -> String {
    let mut seen = p
        .exp_string(&format!("What happened to the {} force?", cap(side)))
        .unwrap();
    p.send_line("").unwrap();
    seen.push_str(&p.exp_string("building F36 at scenario end").unwrap());
    p.send_line("n").unwrap();
    seen.push_str(&p.exp_string("Casualty VP each side suffered").unwrap());
    p.send_line(cvp).unwrap();
    seen.push_str(&p.exp_string("SAN at scenario end").unwrap());
    seen.push_str(&enter_to_the_end(p));
    seen
}

fn cap(side: &str) -> &'static str {
    if side == "german" {
        "German"
    } else {
        "Russian"
    }
}

/// docs/two-machines.md §8: at a terminal on two machines each player
/// records the scenario on his own half: his own force's outcome only (the
/// other's is asked on the other machine), and the public part; the other
/// half confirms it the same way, and a disagreement stops that run, asked
/// again on the next, never in a loop.
#[test]
fn design_9_the_scenario_is_recorded_at_a_terminal_on_each_half() {
    use crate::halves::{GERMAN_INITIAL, initial, other};
    let mut h = initial("I", GERMAN_INITIAL, RUSSIAN_INITIAL);
    let recorder = h.sent.last().map(|(s, _)| other(s)).unwrap();
    let confirmer = other(recorder);
    let seen = record_typed(&h, recorder, "3 4");
    assert!(
        !seen.contains(&format!("What happened to the {} force", cap(confirmer))),
        "the other side's force is asked on his machine: {seen}"
    );
    assert!(seen.contains("Scenario 1 recorded"), "{seen}");
    h.send(recorder);
    h.deliver(confirmer);
    // Other CVP typed: the run stops, saying both values; nothing changed.
    let public = || std::fs::read(h.dir(confirmer).join("log.jsonl")).unwrap();
    let before = public();
    let seen = record_typed(&h, confirmer, "3 5");
    assert!(seen.contains("day.cvp.russian: his 4, yours 5"), "{seen}");
    assert!(
        seen.contains("a counter by id (R-17)"),
        "his own ids: {seen}"
    );
    assert!(
        !seen.contains("(kept)"),
        "he confirms F36 (the victor) himself, not from the other's answer: {seen}"
    );
    assert!(!seen.contains("Asked again"), "{seen}");
    assert_eq!(public(), before, "the public log is unchanged");
    assert!(
        !h.dir(confirmer).join(recorder).exists(),
        "what he typed is kept in his own private log only"
    );
    // Run again: what he typed is offered; set aside, typed as recorded.
    let mut p = at_a_terminal(&h, confirmer);
    p.exp_string("Resume").unwrap();
    p.send_line("n").unwrap();
    let seen = type_record(&mut p, confirmer, "3 4");
    assert!(seen.contains("Scenario 1 recorded"), "{seen}");
    h.send(confirmer);
    h.deliver(recorder);
    for side in [recorder, confirmer] {
        let v = h.run(side, &["verify"]);
        assert!(v.status.success(), "{}", String::from_utf8_lossy(&v.stderr));
    }
    // The recorder's 12.612 (pledged first where a question comes before
    // its first roll) waited in the turn he typed the record; in his next
    // turn it rolls, though no question comes before that roll.
    assert_eq!(recorder, "german", "the sample's recorder");
    // (In between he answers the joint steps' questions, 12.610's Blazes,
    // since his first turn stopped at 12.606 for the isolation reports.)
    let mut p = at_a_terminal(&h, recorder);
    let seen = enter_until(&mut p, "MMC Battle Hardening: DR ");
    assert!(!seen.contains("12.612 waits for your next turn"), "{seen}");
    enter_to_the_end(&mut p);
    // After the reveal each audit runs again the other's part of the record
    // as typed at his terminal, and finds it honest (§9).
    h.concede(recorder);
    h.deliver(confirmer);
    h.send(confirmer);
    h.deliver(recorder);
    for side in [recorder, confirmer] {
        let o = h.audit(side);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let said = String::from_utf8_lossy(&o.stdout);
        assert!(said.contains("joint step(s) he took part in"), "{said}");
    }
}

/// CG I's F36 Control decides the victor: a record typed at a terminal
/// keeps it on the day's line, one from an answers file does not; the two
/// halves still agree when one player types the record and the other gives
/// it in his answers file (docs/two-machines.md §8).
#[test]
fn design_9_a_record_typed_at_a_terminal_is_confirmed_from_an_answers_file() {
    use crate::halves::{GERMAN_INITIAL, initial, other};
    let mut h = initial("I", GERMAN_INITIAL, RUSSIAN_INITIAL);
    let recorder = h.sent.last().map(|(s, _)| other(s)).unwrap();
    let confirmer = other(recorder);
    let seen = record_typed(&h, recorder, "3 4");
    assert!(seen.contains("Scenario 1 recorded"), "{seen}");
    h.send(recorder);
    h.deliver(confirmer);
    let out = h.refit(
        confirmer,
        &format!(
            "[scenario]\nvictor = \"russian\"\ncvp = {{ german = 3, russian = 4 }}\n\n[{confirmer}]\nbuy = []\nfortify = []\nrecon = 0\ninitiative = \"idle\"\n"
        ),
    );
    assert!(out.contains("Scenario 1 recorded"), "{out}");
    h.send(confirmer);
    h.deliver(recorder);
}

/// A joint step that asks at a terminal, then rolls public dice (12.614:
/// with F36 Controlled, the Stone Hexes; then the German's SAN dr, his SAN
/// 5 at scenario end): the player who
/// answers commits his answers in a pledge before either public nonce is
/// known to him, the other side (answers file and all) reveals his nonce
/// and answers nothing, and the first performs the step on his pledged
/// answers; the other side's half is given them again (they were asked
/// anew, and refused, in a loop before).
#[test]
fn design_9_a_joint_step_answered_at_a_terminal_is_performed_on_the_pledged_answers() {
    use crate::halves::{GERMAN_INITIAL, initial};
    let mut h = initial("I", GERMAN_INITIAL, RUSSIAN_INITIAL);
    answer_all(&mut at_a_terminal(&h, "german"), ("attack", "5 5"));
    let russian = "[scenario]\nvictor = \"german\"\ncvp = { german = 2, russian = 3 }\n\n[russian]\nbuy = []\nfortify = []\nrecon = 0\ninitiative = \"idle\"\n";
    let mut seen = String::new();
    for _ in 0..6 {
        h.send("german");
        h.deliver("russian");
        seen.push_str(&h.refit("russian", russian));
        h.send("russian");
        h.deliver("german");
        h.agree();
        let mut p = at_a_terminal(&h, "german");
        seen.push_str(&answer_all(&mut p, ("attack", "5 5")));
        if seen.contains("Control (12.51)?: 12 (kept)") {
            break;
        }
    }
    assert!(!seen.contains("Asked again"), "{seen}");
    assert!(
        seen.contains("how many Stone Hexes do the Germans Control (12.51)?: 12 (kept)"),
        "{seen}"
    );
    h.send("german");
    h.deliver("russian");
    h.refit("russian", russian);
    for side in ["german", "russian"] {
        let v = h.run(side, &["verify"]);
        assert!(v.status.success(), "{}", String::from_utf8_lossy(&v.stderr));
    }
}

/// Answers every question of a run at a terminal as a player in a hurry
/// would: the record (nothing happened, F36 held, CVP 2 and 3, both SAN
/// `san` or Enter), 12 Stone Hexes, no Recon, the Initiative `chit`, Enter
/// elsewhere; all the run showed.
fn answer_all(p: &mut PtySession, (chit, san): (&str, &str)) -> String {
    let mut seen = String::new();
    for _ in 0..60 {
        let shown = crate::two_players::shown_in_a_moment(p);
        seen.push_str(&shown);
        if p.process().status() != Some(rexpect::process::WaitStatus::StillAlive) {
            return seen;
        }
        let last = shown
            .lines()
            .rev()
            .find(|l| !l.trim().is_empty())
            .unwrap_or("");
        let answer = if last.contains("building F36 at scenario end") {
            "y"
        } else if last.contains("Casualty VP each side suffered") {
            "2 3"
        } else if last.contains("how many Stone Hexes do the Germans Control") {
            "12"
        } else if last.contains("SAN at scenario end") {
            san
        } else if last.contains("on Recon") {
            "0"
        } else if last.contains("Initiative chit") {
            chit
        } else {
            ""
        };
        p.send_line(answer).unwrap();
    }
    panic!("the run did not end: {seen}")
}

/// Both players at terminals through an Idle Day: 12.614's questions are
/// the German's, and whichever side reaches the step first, the German
/// answers them before either public nonce is known to him (the Russian
/// keeps his nonce back until then); 12.613's Counterattack declaration is
/// asked of the Russian only; no question is asked again in a loop.
#[test]
fn design_9_a_joint_step_with_the_other_sides_questions_waits_for_his_answers() {
    use crate::halves::{GERMAN_INITIAL, initial, other};
    let mut h = initial("I", GERMAN_INITIAL, RUSSIAN_INITIAL);
    let mut turn = h.sent.last().map(|(s, _)| other(s)).unwrap();
    let mut seen = String::new();
    let mut german_seen = String::new();
    for _ in 0..24 {
        let mut p = at_a_terminal(&h, turn);
        let shown = answer_all(&mut p, ("idle", ""));
        if turn == "german" {
            german_seen.push_str(&shown);
        }
        seen.push_str(&shown);
        h.send(turn);
        h.deliver(other(turn));
        h.agree();
        if seen.contains("New CG Day: 17 Sep") && seen.matches("End of 16 Sep").count() > 0 {
            break;
        }
        turn = other(turn);
    }
    assert!(!seen.contains("Asked again"), "{seen}");
    assert!(
        seen.contains("German idle, Russian idle -> Idle Day"),
        "{seen}"
    );
    assert!(seen.contains("New CG Day: 17 Sep"), "{seen}");
    // 12.613 is the Russian's to declare: asked at his terminal only (the
    // German's half shows his answer).
    let asked =
        "Does the Russian declare a Counterattack scenario to follow this RePh (12.613)? [y/N]";
    assert!(!german_seen.contains(asked), "{german_seen}");
    assert!(seen.contains(asked), "{seen}");
    assert!(
        german_seen.contains("This step asks the Russian first (russian.counterattack)"),
        "{german_seen}"
    );
    for side in ["german", "russian"] {
        let v = h.run(side, &["verify"]);
        assert!(v.status.success(), "{}", String::from_utf8_lossy(&v.stderr));
    }
}

/// docs/two-machines.md §4: an answers file binds the whole Refit Phase,
/// and a question it leaves out is committed as the rules' default. Played
/// on at a terminal, that default accepted (Enter) is that answer: before,
/// the Majority Squad Type's `normal` was refused as differing from the
/// file's "left it out (its default)", asked again for ever.
#[test]
fn design_9_at_a_terminal_the_default_an_answers_file_left_out_is_accepted() {
    let mut h = Halves::new("I", crate::halves::GERMAN_INITIAL);
    h.join(RUSSIAN_INITIAL);
    h.deliver("german");
    let mut p = at_a_terminal(&h, "german");
    p.exp_string("Spend 0, 1 or 2 CPP on Recon").unwrap();
    p.send_line("1").unwrap();
    p.exp_string("Majority Squad Type").unwrap();
    p.send_line("").unwrap();
    let seen = enter_to_the_end(&mut p);
    assert!(!seen.contains("committed answers cannot change"), "{seen}");
    assert!(seen.contains("German Recon (1 CPP)"), "{seen}");
    let v = h.run("german", &["verify"]);
    assert!(v.status.success(), "{}", String::from_utf8_lossy(&v.stderr));
    russian_turn(&mut h);
    h.reveal_both("german");
    h.audits_honest();
}
