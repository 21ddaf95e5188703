//! Two machines (docs/two-machines.md §10): a step the other side has
//! received is taken back only with his agreement. `votg undo --request`
//! asks, `--accept` or `--refuse` answers, `send`/`receive` carry both; the
//! public logs stay the same bytes, a step done again keeps the dice it
//! drew, and both audits pass at the end. A hand edit of a side's own
//! views (`votg adjust`) is its secret: committed, sent, revealed at the end
//! with its reason.

use std::collections::BTreeMap;

use serde_json::Value;

use crate::halves::{GERMAN_INITIAL, Halves, RUSSIAN_INITIAL, other, tamper_packet, tamper_part};

fn stdout(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stdout).to_string()
}

fn stderr(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stderr).to_string()
}

/// The views of a half (the logs, packets and lock left out).
fn views(h: &Halves, side: &str) -> BTreeMap<String, Vec<u8>> {
    h.files(side)
        .into_iter()
        .filter(|(k, _)| {
            !k.starts_with(".votg") && !k.starts_with("packets") && !k.ends_with("log.jsonl")
        })
        .map(|(k, v)| (k, crate::common::unmarked(&v).to_vec()))
        .collect()
}

fn ok(o: std::process::Output) -> String {
    assert!(o.status.success(), "{}", stderr(&o));
    stdout(&o)
}

/// The files of two snapshots that differ, by name.
fn differ(a: &BTreeMap<String, Vec<u8>>, b: &BTreeMap<String, Vec<u8>>) -> Vec<String> {
    let mut names: Vec<String> = a.keys().chain(b.keys()).cloned().collect();
    names.dedup();
    names.retain(|k| a.get(k) != b.get(k));
    names
}

/// The German's 12.622 to 12.624 (Recon) done, his views as they were
/// before 12.624 kept (an undo of his own turn, then a redo); sent; the
/// Russian receives it and passes his turn: the German may ask to take back
/// his 12.624, which the Russian has.
fn recon_received() -> (Halves, BTreeMap<String, Vec<u8>>) {
    recon_received_with(|_| {})
}

/// The same, `cheat` done to the German's half just before he sends.
fn recon_received_with(cheat: impl FnOnce(&Halves)) -> (Halves, BTreeMap<String, Vec<u8>>) {
    let mut h = Halves::new("I", GERMAN_INITIAL);
    h.join(RUSSIAN_INITIAL);
    h.deliver("german");
    h.refit("german", GERMAN_INITIAL);
    let mut undone = 0;
    while !ok(h.run("german", &["undo"])).contains("German 12.624") {
        undone += 1;
        assert!(undone < 5, "no German 12.624 to undo");
    }
    let before = views(&h, "german");
    for _ in 0..=undone {
        ok(h.run("german", &["redo"]));
    }
    cheat(&h);
    h.send("german");
    h.deliver("russian");
    h.send("russian");
    h.deliver("german");
    (h, before)
}

/// Every roll row of `side`'s step `step` in its half's logs: (label, dice).
fn rolls(h: &Halves, side: &str, step: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for log in ["log.jsonl", &format!("{side}/log.jsonl")] {
        let text = std::fs::read_to_string(h.dir(side).join(log)).unwrap();
        for line in text.lines() {
            let e: Value = serde_json::from_str(line).unwrap();
            for r in e["rows"].as_array().into_iter().flatten() {
                if r["kind"] == "roll" && r["label"].as_str().unwrap().contains(step) {
                    let label = r["label"].as_str().unwrap().to_string();
                    out.push((label, r["dice"].as_str().unwrap().to_string()));
                }
            }
        }
    }
    out
}

#[test]
fn undo_of_a_received_step_asked_accepted_and_done_again_keeps_both_halves_equal() {
    let (mut h, before) = recon_received();
    let asked = ok(h.run("german", &["undo", "--request", "--step", "12.624"]));
    assert!(asked.contains("German 12.624"), "{asked}");
    assert!(asked.contains("awaits the Russian's answer"), "{asked}");
    // Asked, not done: the German's views are those with his 12.624.
    assert!(!differ(&views(&h, "german"), &before).is_empty());
    h.send("german");
    h.deliver("russian");
    // The Russian is told, and goes no further until he answers.
    let status = ok(h.run("russian", &["status"]));
    assert!(
        status.contains("The German asks to take back German 12.624"),
        "{status}"
    );
    let a = h.answers("russian", RUSSIAN_INITIAL);
    let o = h.run("russian", &["refit", "--answers", &a]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("--accept"), "{}", stderr(&o));
    let said = ok(h.run("russian", &["undo", "--accept"]));
    assert!(said.contains("Taken back"), "{said}");
    h.send("russian");
    h.deliver("german");
    // Both halves: the same public bytes (deliver compared them), and the
    // campaign as it was before the German's 12.624.
    let now = views(&h, "german");
    assert_eq!(differ(&now, &before), Vec::<String>::new());
    let first = rolls(&h, "german", "german 12.624");
    assert!(!first.is_empty(), "no Recon roll recorded");
    // Done again with another answer (a stealthy Majority Squad Type, a
    // -1 drm): his answers committed afresh, and the roll made before (the
    // same roll: 1 CPP of Recon) keeps its dice, now with the drm.
    let other_answers = format!("{GERMAN_INITIAL}squad_type = \"stealthy\"\n");
    let said = h.refit("german", &other_answers);
    assert!(said.contains("German Recon (1 CPP)"), "{said}");
    assert!(said.contains("Stealthy"), "{said}");
    let again = rolls(&h, "german", "german 12.624");
    assert_eq!(again.len(), first.len() * 2, "{again:?}");
    assert_eq!(again[..first.len()], again[first.len()..], "{again:?}");
    // Play goes on to the scenario, both halves agreeing at every exchange;
    // then the Russian resigns, both reveal, and each audit passes.
    play_to_reveal(&mut h, &other_answers);
    for side in ["german", "russian"] {
        let said = ok(h.audit(side));
        assert!(said.contains("all honest"), "{said}");
        ok(h.run(side, &["verify"]));
    }
}

/// The German asks to take back his 12.624; the Russian accepts; the
/// German has the answer back, in his turn.
fn undo_recon_accepted(h: &mut Halves) {
    ok(h.run("german", &["undo", "--request", "--step", "12.624"]));
    h.send("german");
    h.deliver("russian");
    ok(h.run("russian", &["undo", "--accept"]));
    h.send("russian");
    h.deliver("german");
}

/// From the German's turn, play on to the scenario (the views compared at
/// every exchange); then the Russian resigns and both halves reveal.
fn play_to_reveal(h: &mut Halves, german: &str) {
    let mut turn = "german";
    for _ in 0..10 {
        let answers = if turn == "german" {
            german
        } else {
            RUSSIAN_INITIAL
        };
        if h.refit(turn, answers)
            .contains("the scenario is ready to play")
            && turn == "russian"
        {
            break;
        }
        h.send(turn);
        h.deliver(other(turn));
        turn = other(turn);
    }
    assert_eq!(turn, "russian", "the Initial RePh did not end");
    h.concede("russian");
    h.deliver("german");
    h.send("german");
    h.deliver("russian");
}

#[test]
fn a_step_done_again_with_an_answer_that_changes_its_roll_waits_for_a_new_nonce() {
    let (mut h, _) = recon_received();
    undo_recon_accepted(&mut h);
    // 2 CPP of Recon, not 1: another roll, whose dice nobody has seen; it
    // waits for a nonce the Russian sends after this answer.
    let two = GERMAN_INITIAL.replace("recon = 1", "recon = 2");
    let said = h.refit("german", &two);
    assert!(
        said.contains("German 12.624: your answers are committed"),
        "{said}"
    );
    assert!(!said.contains("German Recon (2 CPP)"), "{said}");
    h.send("german");
    h.deliver("russian");
    h.send("russian");
    h.deliver("german");
    play_to_reveal(&mut h, &two);
    let csv = std::fs::read_to_string(h.dir("german").join("german/journal.csv")).unwrap();
    assert!(csv.contains("German Recon (2 CPP)"), "{csv}");
    for side in ["german", "russian"] {
        let said = ok(h.audit(side));
        assert!(said.contains("all honest"), "{said}");
    }
}

#[test]
fn audit_names_dice_forged_in_a_step_later_taken_back() {
    // The German's Recon dr changed in his private log before he sent it
    // (his commitment made again to match): taken back and done again, the
    // step keeps those dice, so only the audit of the step taken back
    // finds them.
    let (mut h, _) = recon_received_with(|h| {
        tamper_part(&h.dir("german"), "german", "12.624", |part| {
            let rows = part["rows"].as_array_mut().unwrap();
            let roll = rows.iter_mut().find(|r| r["kind"] == "roll").unwrap();
            let forged = if roll["dice"] == "6" { "1" } else { "6" };
            roll["dice"] = Value::from(forged);
        })
    });
    undo_recon_accepted(&mut h);
    play_to_reveal(&mut h, GERMAN_INITIAL);
    let o = h.audit("russian");
    assert!(!o.status.success(), "{}", stdout(&o));
    let e = stderr(&o);
    assert!(e.contains("the German's half is not honest"), "{e}");
    assert!(e.contains("taken back"), "{e}");
    assert!(ok(h.audit("german")).contains("all honest"));
}

#[test]
fn a_packet_taking_back_more_than_the_accepted_request_asked_is_refused() {
    let (mut h, _) = recon_received();
    ok(h.run("german", &["undo", "--request", "--step", "12.624"]));
    h.send("german");
    h.deliver("russian");
    ok(h.run("russian", &["undo", "--accept"]));
    let packet = h.send("russian");
    let log = std::fs::read_to_string(h.dir("german").join("log.jsonl")).unwrap();
    let target = log
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .find(|e| e["event"] == "step" && e["step"]["step"] == "12.623")
        .unwrap()["n"]
        .as_u64()
        .unwrap();
    // The Russian's answer, as a cheater's votg would write it: the
    // German's 12.623 taken back too, which nobody asked for, before his pass.
    tamper_packet(&packet, |events| {
        let mut pass: Value = serde_json::from_str(events.last().unwrap()).unwrap();
        let n = pass["n"].as_u64().unwrap();
        let undone =
            serde_json::json!({"n": n, "at": pass["at"], "event": "undone", "target": target});
        pass["n"] = Value::from(n + 1);
        events.pop();
        events.push(undone.to_string());
        events.push(pass.to_string());
    });
    let before = h.files("german");
    let o = h.receive("german");
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("is not one a packet carries"),
        "{}",
        stderr(&o)
    );
    assert_eq!(differ(&h.files("german"), &before), Vec::<String>::new());
}

#[test]
fn undo_request_refused_leaves_both_halves_as_they_were() {
    let (mut h, _) = recon_received();
    let german = views(&h, "german");
    let russian = views(&h, "russian");
    ok(h.run("german", &["undo", "--request", "--step", "12.624"]));
    h.send("german");
    h.deliver("russian");
    let said = ok(h.run("russian", &["undo", "--refuse"]));
    assert!(said.contains("Refused"), "{said}");
    h.send("russian");
    h.deliver("german");
    assert_eq!(differ(&views(&h, "german"), &german), Vec::<String>::new());
    assert_eq!(
        differ(&views(&h, "russian"), &russian),
        Vec::<String>::new()
    );
    // Answered, the request no longer stops anyone: the German plays on.
    h.refit("german", GERMAN_INITIAL);
}

#[test]
fn a_second_undo_request_while_one_is_pending_is_refused() {
    let (mut h, _) = recon_received();
    ok(h.run("german", &["undo", "--request", "--step", "12.624"]));
    let before = h.files("german");
    let o = h.run("german", &["undo", "--request", "--step", "12.624"]);
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("an undo request is already awaiting its answer"),
        "{}",
        stderr(&o)
    );
    assert_eq!(differ(&h.files("german"), &before), Vec::<String>::new());
    // Nor may the German undo, redo or refit meanwhile, nor answer his own.
    for args in [vec!["undo"], vec!["redo"], vec!["undo", "--accept"]] {
        assert!(!h.run("german", &args).status.success(), "{args:?}");
    }
    h.send("german");
    h.deliver("russian");
    // The Russian may not ask in his turn either, before he answers.
    let o = h.run("russian", &["undo", "--request", "--step", "12.624"]);
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("already awaiting its answer"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn an_undo_request_received_twice_changes_nothing_the_second_time() {
    let (mut h, _) = recon_received();
    ok(h.run("german", &["undo", "--request", "--step", "12.624"]));
    h.send("german");
    h.deliver("russian");
    let before = h.files("russian");
    let said = ok(h.receive("russian"));
    assert!(said.contains("received before; nothing to do"), "{said}");
    assert_eq!(differ(&h.files("russian"), &before), Vec::<String>::new());
    // Answered once, the same packet again still changes nothing.
    ok(h.run("russian", &["undo", "--accept"]));
    let before = h.files("russian");
    assert!(h.receive("russian").status.success());
    assert_eq!(differ(&h.files("russian"), &before), Vec::<String>::new());
    // Nor may he answer twice.
    assert!(!h.run("russian", &["undo", "--refuse"]).status.success());
}

#[test]
fn a_hand_edit_of_a_sides_own_views_on_a_half_is_committed_and_shown_to_the_others_audit() {
    let mut h = Halves::new("I", GERMAN_INITIAL);
    h.join(RUSSIAN_INITIAL);
    h.deliver("german");
    // campaign.toml is public, the same on both halves: not adjusted on one.
    let campaign = h.dir("german").join("campaign.toml");
    let text = std::fs::read_to_string(&campaign).unwrap();
    std::fs::write(&campaign, text.replacen("night = false", "night = true", 1)).unwrap();
    let o = h.run(
        "german",
        &["adjust", "--side", "german", "--reason", "night"],
    );
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("only your own side's views are adjusted"),
        "{}",
        stderr(&o)
    );
    ok(h.run("german", &["adjust", "--side", "german", "--discard"]));
    // His own roster: recorded, with its reason, in his turn.
    let roster = h.dir("german").join("german/roster.toml");
    let text = std::fs::read_to_string(&roster).unwrap();
    std::fs::write(&roster, text.replacen("elr = 4", "elr = 5", 1)).unwrap();
    let said = ok(h.run(
        "german",
        &[
            "adjust",
            "--side",
            "german",
            "--reason",
            "ELR misprinted on the card",
        ],
    ));
    assert!(said.contains("Adjusted by hand"), "{said}");
    h.refit("german", GERMAN_INITIAL);
    h.send("german");
    h.deliver("russian");
    // The Russian sees that an edit was made, not what or why.
    let journal = std::fs::read_to_string(h.dir("russian").join("journal.csv")).unwrap();
    assert!(journal.contains("adjusted his views by hand"), "{journal}");
    assert!(!journal.contains("misprinted"), "{journal}");
    h.refit("russian", RUSSIAN_INITIAL);
    h.concede("russian");
    h.deliver("german");
    h.send("german");
    h.deliver("russian");
    let said = ok(h.audit("russian"));
    assert!(said.contains("all honest"), "{said}");
    assert!(said.contains("ELR misprinted on the card"), "{said}");
}

#[test]
fn a_side_may_ask_to_take_back_the_other_sides_step_and_he_answers() {
    let (mut h, before) = recon_received();
    h.send("german");
    h.deliver("russian");
    // The Russian does his steps, then asks to take back the German's last
    // one (his 12.624): his own steps after it go with it, and the message
    // names them.
    let russian = views(&h, "russian");
    h.refit("russian", RUSSIAN_INITIAL);
    let russian_rolls = rolls(&h, "russian", "russian 12.622");
    assert!(!russian_rolls.is_empty());
    let said = ok(h.run("russian", &["undo", "--request", "--side", "german"]));
    assert!(said.contains("take back German 12.624"), "{said}");
    assert!(
        said.contains("the steps after it go with it: Russian 12.622"),
        "{said}"
    );
    // He may not answer his own request.
    assert!(!h.run("russian", &["undo", "--accept"]).status.success());
    h.send("russian");
    h.deliver("german");
    let said = ok(h.run("german", &["undo", "--accept"]));
    assert!(said.contains("German 12.624"), "{said}");
    assert_eq!(differ(&views(&h, "german"), &before), Vec::<String>::new());
    // Taken back by agreement, the steps are not redone: they are done again.
    let o = h.run("german", &["redo"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("is not redone"), "{}", stderr(&o));
    let said = h.refit("german", GERMAN_INITIAL);
    assert!(said.contains("German Recon (1 CPP)"), "{said}");
    h.send("german");
    h.deliver("russian");
    // The Russian's half is as before his steps; done again, they draw the
    // dice they drew before.
    assert_eq!(
        differ(&views(&h, "russian"), &russian),
        Vec::<String>::new()
    );
    h.refit("russian", RUSSIAN_INITIAL);
    let again = rolls(&h, "russian", "russian 12.622");
    assert_eq!(again.len(), russian_rolls.len() * 2, "{again:?}");
    assert_eq!(again[russian_rolls.len()..], russian_rolls[..]);
}
