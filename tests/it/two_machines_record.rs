//! Two machines (DESIGN §9, docs/two-machines.md §8): the public record of
//! a scenario (12.6041) is entered by the side whose turn it is and
//! confirmed by the other from his own answers; a disagreement is shown side
//! by side and stops both until one side amends.

use crate::halves::{GERMAN_INITIAL, RUSSIAN_INITIAL, initial};

fn record(side: &str, cvp: u32) -> String {
    format!(
        "[scenario]\nvictor = \"german\"\ncvp = {{ german = 10, russian = {cvp} }}\n\n[{side}]\nbuy = []\nfortify = []\nrecon = 0\ninitiative = \"idle\"\n"
    )
}

#[test]
fn design_9_the_scenario_record_is_confirmed_by_the_other_side_or_both_stop() {
    let mut h = initial("I", GERMAN_INITIAL, RUSSIAN_INITIAL);
    // The last to say the scenario was ready holds the turn: he records it.
    let recorder = h.sent.last().map(|(s, _)| crate::halves::other(s)).unwrap();
    let confirmer = crate::halves::other(recorder);
    let out = h.refit(recorder, &record(recorder, 12));
    assert!(out.contains("Scenario 1 recorded"), "{out}");
    h.send(recorder);
    h.deliver(confirmer);
    // The other side entered other CVP: shown side by side, nothing changed.
    let before = h.files(confirmer);
    let a = h.answers(confirmer, &record(confirmer, 13));
    let o = crate::common::votg()
        .args(["refit", &h.path(confirmer), "--answers", &a])
        .output()
        .unwrap();
    assert!(!o.status.success());
    let e = String::from_utf8_lossy(&o.stderr);
    assert!(e.contains("differs from the one the"), "{e}");
    assert!(e.contains("day.cvp.russian: his 12, yours 13"), "{e}");
    assert!(
        e.contains("Both halves stop here until one side amends"),
        "{e}"
    );
    assert_eq!(h.files(confirmer), before);
    // He amends: the same record, confirmed; the views agree again.
    let out = h.refit(confirmer, &record(confirmer, 12));
    assert!(out.contains("Scenario 1 recorded"), "{out}");
    h.send(confirmer);
    h.deliver(recorder);
    let log = std::fs::read_to_string(h.dir(recorder).join("log.jsonl")).unwrap();
    let half = format!("\"by\":\"half\",\"side\":\"{confirmer}\",\"step\":\"record 1\"");
    assert!(log.contains(&half), "no confirmation in the log");
}

/// A capture by the other side's counter id alone (READINGS.md C47): his
/// half holds his counters, so on two machines the unit the map shows is
/// named after the id, and the answers file is refused before anything is
/// done, saying so.
#[test]
fn design_9_a_capture_by_id_alone_is_refused_on_two_machines_naming_the_form() {
    let h = initial("I", GERMAN_INITIAL, RUSSIAN_INITIAL);
    let recorder = h.sent.last().map(|(s, _)| crate::halves::other(s)).unwrap();
    let (captured, form) = if recorder == "german" {
        ("afv R-3", "\"afv R-3 T-34 M41\"")
    } else {
        ("afv G-33", "\"afv G-33 StuG IIIB\"")
    };
    let text = format!(
        "{}[{recorder}.outcome]\ncaptured = [\"{captured}\"]\n",
        record(recorder, 12)
    );
    let e = h.refused(recorder, &text);
    assert!(e.contains("name the"), "{e}");
    assert!(e.contains(form), "{e}");
}

/// A weapon captured in play, named by its name, changes only the
/// capturer's force: carried out on two machines, the other side's half
/// agreeing (he records his loss on his own half).
#[test]
fn design_9_a_capture_named_by_its_name_is_recorded_on_two_machines() {
    let mut h = initial("I", GERMAN_INITIAL, RUSSIAN_INITIAL);
    let recorder = h.sent.last().map(|(s, _)| crate::halves::other(s)).unwrap();
    let confirmer = crate::halves::other(recorder);
    let weapon = if recorder == "german" {
        "afv T-34 M41"
    } else {
        "afv StuG IIIG"
    };
    let text = format!(
        "{}[{recorder}.outcome]\ncaptured = [\"{weapon}\"]\n",
        record(recorder, 12)
    );
    let out = h.refit(recorder, &text);
    assert!(out.contains("Scenario 1 recorded"), "{out}");
    h.send(recorder);
    h.deliver(confirmer);
    let out = h.refit(confirmer, &record(confirmer, 12));
    assert!(out.contains("Scenario 1 recorded"), "{out}");
    h.send(confirmer);
    h.deliver(recorder);
    let force = std::fs::read_to_string(h.dir(recorder).join(recorder).join("force.toml")).unwrap();
    assert!(force.contains("captured in play"), "{force}");
}

/// Both halves recorded the scenario, and then found it wrong: the side
/// holding the turn asks to take the record back (`--step record`), the
/// other accepts, and the scenario is recorded again on both halves with
/// the right CVP.
#[test]
fn design_9_a_scenario_record_is_taken_back_by_agreement_and_recorded_again() {
    let mut h = initial("I", GERMAN_INITIAL, RUSSIAN_INITIAL);
    let recorder = h.sent.last().map(|(s, _)| crate::halves::other(s)).unwrap();
    let confirmer = crate::halves::other(recorder);
    assert!(
        h.refit(recorder, &record(recorder, 12))
            .contains("Scenario 1 recorded")
    );
    h.send(recorder);
    h.deliver(confirmer);
    assert!(
        h.refit(confirmer, &record(confirmer, 12))
            .contains("Scenario 1 recorded")
    );
    let ok = |o: std::process::Output| {
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        String::from_utf8_lossy(&o.stdout).to_string()
    };
    let asked = ok(h.run(confirmer, &["undo", "--request", "--step", "record"]));
    assert!(asked.contains("scenario 1 recorded"), "{asked}");
    h.send(confirmer);
    h.deliver(recorder);
    let said = ok(h.run(recorder, &["undo", "--accept"]));
    assert!(said.contains("Taken back"), "{said}");
    h.send(recorder);
    h.deliver(confirmer);
    let again = h.refit(confirmer, &record(confirmer, 11));
    assert!(again.contains("Scenario 1 recorded"), "{again}");
    h.send(confirmer);
    h.deliver(recorder);
    let out = h.refit(recorder, &record(recorder, 11));
    assert!(out.contains("Scenario 1 recorded"), "{out}");
    h.send(recorder);
    h.deliver(confirmer);
    for side in [recorder, confirmer] {
        let c = std::fs::read_to_string(h.dir(side).join("campaign.toml")).unwrap();
        assert!(c.contains("russian = 11"), "{c}");
        assert!(!c.contains("russian = 12"), "{c}");
        ok(h.run(side, &["verify"]));
    }
}
