//! Two machines (docs/two-machines.md §8–§9): a side's private part of a
//! joint step — the scenario record applying his own outcome to his own
//! Force Organizer (12.6041, 12.608), or his half of the record — is run
//! again by the other side's `votg audit` once he reveals it: a fact about
//! one of his counters changed in it (and committed so) is named.

use serde_json::Value;

use crate::halves::{GERMAN_INITIAL, Halves, RUSSIAN_INITIAL, initial, other, tamper_part_of};

fn stdout(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stdout).to_string()
}

fn stderr(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stderr).to_string()
}

/// `side`'s answers for scenario 1's record: his first counter Eliminated.
fn record(side: &str, eliminated: &str) -> String {
    let f36 = if side == "german" {
        "f36 = false\n"
    } else {
        ""
    };
    format!(
        "[scenario]\nvictor = \"german\"\ncvp = {{ german = 10, russian = 12 }}\n\n[{side}]\nbuy = []\nfortify = []\nrecon = 0\ninitiative = \"idle\"\n{f36}\n[{side}.outcome]\neliminated = [\"{eliminated}\"]\n"
    )
}

/// The id of the first counter of `side`'s Force Organizer.
fn first_counter(h: &Halves, side: &str) -> String {
    let o = h.run(side, &["force", "--side", side, "--format", "csv"]);
    let csv = stdout(&o);
    let line = csv.lines().nth(1).expect("a counter");
    line.split(',').next().unwrap().to_string()
}

/// `side` records scenario 1 (or does his half of its record) and stops
/// right after it, the campaign then at 12.601.
fn record_on(h: &Halves, side: &str) {
    let eliminated = first_counter(h, side);
    let a = h.answers(side, &record(side, &eliminated));
    let o = h.run(side, &["refit", "--answers", &a, "--until", "12.601"]);
    assert!(o.status.success(), "{side}: {}", stderr(&o));
}

/// The Eliminated counter of `side` in a part of the record put back in
/// his force (Retained), as his own votg could have committed it.
fn undo_elimination(h: &Halves, side: &str, which: impl Fn(&Value) -> bool) {
    tamper_part_of(&h.dir(side), side, which, |part| {
        let facts = part["facts"].as_array_mut().unwrap();
        let f = facts
            .iter_mut()
            .find(|f| f["counter"]["box"] == "casualties")
            .expect("the counter Eliminated in the record");
        f["counter"]["box"] = Value::from("retained");
    });
}

/// After the Initial RePh: the side holding the turn records scenario 1,
/// `recorder_cheat` done to his half; the other does his half of the
/// record, `confirmer_cheat` done to his; the recorder resigns and both
/// reveal. The halves, and who recorded.
fn record_then_reveal(
    recorder_cheat: impl FnOnce(&Halves, &str),
    confirmer_cheat: impl FnOnce(&Halves, &str),
) -> (Halves, &'static str) {
    let mut h = initial("I", GERMAN_INITIAL, RUSSIAN_INITIAL);
    let recorder = other(&h.sent.last().unwrap().0);
    let confirmer = other(recorder);
    record_on(&h, recorder);
    recorder_cheat(&h, recorder);
    h.send(recorder);
    h.deliver(confirmer);
    record_on(&h, confirmer);
    confirmer_cheat(&h, confirmer);
    h.send(confirmer);
    h.deliver(recorder);
    h.concede(recorder);
    h.deliver(confirmer);
    h.send(confirmer);
    h.deliver(recorder);
    (h, recorder)
}

/// A counter conjured into `side`'s force in a part of the record: the
/// last counter his part records, copied under a new id; that id.
fn conjure(h: &Halves, side: &str, which: impl Fn(&Value) -> bool) -> String {
    let mut id = String::new();
    tamper_part_of(&h.dir(side), side, which, |part| {
        let facts = part["facts"].as_array_mut().unwrap();
        let last = facts.iter().rfind(|f| f["fact"] == "counter").unwrap();
        let mut f = last.clone();
        let prefix = last["id"].as_str().unwrap().split('-').next().unwrap();
        id = format!("{prefix}-900");
        f["id"] = Value::from(id.clone());
        f["counter"]["id"] = Value::from(id.clone());
        f["at"] = Value::from(last["at"].as_u64().unwrap() + 1);
        facts.push(f);
    });
    id
}

/// What audit says of the tampered fact: what he committed, what the rules
/// give.
const ELIMINATION_UNDONE: &str =
    "counter.box: he committed \"retained\", the rules give \"casualties\"";

fn is_record(e: &Value) -> bool {
    e["step"]["by"] == "record"
}

fn is_half_of_record(e: &Value) -> bool {
    e["step"]["by"] == "half" && e["step"]["step"] == "record 1"
}

#[test]
fn design_9_audit_runs_again_both_parts_of_an_honest_scenario_record() {
    let (h, _) = record_then_reveal(|_, _| {}, |_, _| {});
    for side in ["german", "russian"] {
        let o = h.audit(side);
        assert!(o.status.success(), "{side}: {}", stderr(&o));
        let said = stdout(&o);
        assert!(said.contains("all honest"), "{said}");
        // His record (or half of it) and of 12.601 at least, run again.
        let (before, _) = said
            .split_once(" joint step(s) he took part in")
            .unwrap_or_else(|| panic!("{said}"));
        let joint: usize = before.split_whitespace().last().unwrap().parse().unwrap();
        assert!(joint >= 2, "{said}");
    }
}

#[test]
fn c12_6041_audit_names_an_outcome_not_applied_to_his_force_in_his_record() {
    let (h, recorder) =
        record_then_reveal(|h, side| undo_elimination(h, side, is_record), |_, _| {});
    let o = h.audit(other(recorder));
    assert!(!o.status.success(), "{}", stdout(&o));
    let e = stderr(&o);
    let name = if recorder == "german" {
        "German"
    } else {
        "Russian"
    };
    assert!(
        e.contains(&format!("the {name}'s half is not honest")),
        "{e}"
    );
    assert!(e.contains("scenario 1 recorded"), "{e}");
    assert!(e.contains(ELIMINATION_UNDONE), "{e}");
    // His audit of the honest side still passes.
    assert!(h.audit(recorder).status.success());
}

#[test]
fn c12_6041_audit_names_an_outcome_not_applied_to_his_force_in_his_half_of_the_record() {
    let (h, recorder) = record_then_reveal(
        |_, _| {},
        |h, side| undo_elimination(h, side, is_half_of_record),
    );
    let confirmer = other(recorder);
    let o = h.audit(recorder);
    assert!(!o.status.success(), "{}", stdout(&o));
    let e = stderr(&o);
    let name = if confirmer == "german" {
        "German"
    } else {
        "Russian"
    };
    assert!(
        e.contains(&format!("the {name}'s half is not honest")),
        "{e}"
    );
    assert!(e.contains(&format!("{name} half of record 1")), "{e}");
    assert!(e.contains(ELIMINATION_UNDONE), "{e}");
    assert!(h.audit(confirmer).status.success());
}

#[test]
fn c12_6041_audit_names_a_counter_conjured_into_his_force_in_his_record() {
    let conjured = std::cell::RefCell::new(String::new());
    let (h, recorder) = record_then_reveal(
        |h, side| *conjured.borrow_mut() = conjure(h, side, is_record),
        |_, _| {},
    );
    let o = h.audit(other(recorder));
    assert!(!o.status.success(), "{}", stdout(&o));
    let e = stderr(&o);
    assert!(e.contains("scenario 1 recorded"), "{e}");
    let said = format!(
        "he committed counter {}, which the rules do not give",
        conjured.borrow()
    );
    assert!(e.contains(&said), "{e}");
}
