//! Two machines (docs/two-machines.md §8): prisoners played at the
//! German's terminal — the record typed, bad claims and 12.609 choices
//! refused and asked again — and a wrong prisoner id recovered by an undo
//! request.

use crate::halves::counter;
use crate::halves::{GERMAN_INITIAL, Halves, RUSSIAN_INITIAL, initial};
use crate::two_machines_prisoners::{answers, last_turn};

/// One turn of the German's at his terminal: each reply of `script` typed
/// at its prompt, in order (a refused one asked again), Enter at any other
/// (0 CPP at Recon, an Attack chit: they have no default); all the run
/// showed.
fn german_at_his_terminal(h: &Halves, script: &mut Vec<(&str, &str)>) -> String {
    use crate::two_machines_terminal::at_a_terminal;
    let mut p = at_a_terminal(h, "german");
    let mut seen = String::new();
    let mut fresh = String::new();
    for _ in 0..60 {
        let now = crate::two_players::shown_in_a_moment(&mut p);
        seen.push_str(&now);
        fresh.push_str(&now);
        if p.process().status() != Some(rexpect::process::WaitStatus::StillAlive) {
            return seen;
        }
        let reply = match script.first() {
            Some((prompt, reply)) if fresh.contains(prompt) => {
                let reply = *reply;
                script.remove(0);
                reply
            }
            _ => match fresh.lines().last().unwrap_or_default() {
                l if l.contains("on Recon") => "0",
                l if l.contains("Initiative chit") => "attack",
                _ => "",
            },
        };
        fresh.clear();
        p.send_line(reply).unwrap();
    }
    panic!("the run did not end: {seen}")
}

/// At the German's terminal: G-3, Encircled, guards the Russian's R-1 and
/// fails its 1TC; a claim naming a counter that is not its prisoner, or a
/// claimant that cannot guard, is refused and asked again (before, a claim
/// of another counter was passed over and R-1 Rearmed without a word);
/// G-4 claims R-1 and is Isolated, and at 12.609 a choice naming another
/// counter is refused the same way before R-1 is freed. The Russian's half
/// applies each fate to R-1 (his half of the German's 12.609 names it
/// rather than saying that no prisoner was recorded); both halves verify
/// and audit honest.
#[test]
fn rule_12_6051_and_12_609_claims_and_choices_typed_at_a_terminal_name_the_guards_prisoners() {
    let mut h = initial("I", GERMAN_INITIAL, RUSSIAN_INITIAL);
    assert_eq!(last_turn(&h), "german", "the sample's recorder");
    // (R-4 Encircled too: see the report, 12.605 when only one side has
    // Encircled units.)
    let russian = "[scenario]\nvictor = \"russian\"\ncvp = { german = 10, russian = 12 }\n\n[russian.outcome]\nencircled = [\"R-4\"]\n\n[russian]\nbuy = []\nfortify = []\nrecon = 0\ninitiative = \"idle\"\n";
    let mut script = vec![
        (
            "What happened to the German force?",
            "encircled: G-3; prisoners: R-1 by G-3",
        ),
        ("building F36", "n"),
        ("Casualty VP each side suffered", "10 12"),
        ("claims each of its prisoners (R-1)", "R-2 by G-4"),
        ("claims each of its prisoners (R-1)", "R-1 by G-13"),
        ("claims each of its prisoners (R-1)", "R-1 by G-4"),
        ("Isolated Areas (12.607) with your counters", "K5: G-4"),
        ("Isolated guards hold R-1 (guarded by G-4)", "R-2 execute"),
        ("Isolated guards hold R-1 (guarded by G-4)", "R-1 free"),
    ];
    let (mut german, mut russian_said) = (String::new(), String::new());
    for _ in 0..12 {
        german.push_str(&german_at_his_terminal(&h, &mut script));
        h.send("german");
        h.deliver("russian");
        let out = h.refit("russian", russian);
        russian_said.push_str(&out);
        h.send("russian");
        h.deliver("german");
        if out.contains("the scenario is ready to play") {
            break;
        }
    }
    assert!(script.is_empty(), "not asked: {script:?}\n{german}");
    for said in [
        "german.claim: `R-2 by G-4`: R-2 is not a prisoner of a German unit (the prisoners of G-3: R-1)",
        "german.claim: G-13 is not a unit that can guard a prisoner (A20.5)",
        "The Russian's R-1 is claimed by G-4 (12.6051)",
        "german.prisoners: `R-2 execute`: R-2 is not held by an Isolated guard of the German (they hold R-1)",
        "The Russian's R-1 is freed by G-4",
    ] {
        assert!(german.contains(said), "{said}: {german}");
    }
    for said in [
        "Prisoner R-1 is claimed by G-4 (12.6051)",
        // His half of the German's 12.609 names the prisoner whose fate the
        // German's step decided (before, it said none was recorded).
        "Your units the German holds as prisoners: their fate is his to decide (12.609)",
        "Prisoner R-1 2-2-8 freed and Retained (12.609)",
    ] {
        assert!(russian_said.contains(said), "{said}: {russian_said}");
    }
    assert!(
        !russian_said.contains("No prisoner was recorded"),
        "{russian_said}"
    );
    let r = h.force("russian");
    assert!(!counter(&r, "R-1").contains("prisoner-of"), "{r}");
    for side in ["german", "russian"] {
        let o = h.run(side, &["verify"]);
        assert!(
            o.status.success(),
            "{side}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
    }
    h.reveal_both("german");
    h.audits_honest();
}

/// A prisoner's guard is a unit (A20.5): an outcome naming a support
/// weapon as the guard is refused before anything is recorded (before, the
/// HMG G-13 was recorded guarding R-1).
#[test]
fn rule_12_6041_a_prisoner_guarded_by_a_support_weapon_is_refused() {
    let h = initial("I", GERMAN_INITIAL, RUSSIAN_INITIAL);
    let e = h.refused(
        "german",
        &answers(
            "german",
            true,
            "[german.outcome]\nprisoners = [\"R-1 by G-13\"]\n\n",
        ),
    );
    assert!(
        e.contains("G-13 HMG is not a unit that can guard a prisoner (A20.5)"),
        "{e}"
    );
}

/// The guard's half cannot check the prisoner's id (the Russian's counters
/// are on his half): a wrong one stops the Russian's half, which
/// says what it is and what to do; his undo request, accepted, lets the
/// German record it again, and both go on.
#[test]
fn rule_12_6041_a_prisoner_id_his_force_does_not_have_stops_both_halves_until_recorded_again() {
    let mut h = initial("I", GERMAN_INITIAL, RUSSIAN_INITIAL);
    assert_eq!(last_turn(&h), "german", "the sample's recorder");
    let wrong = "[german.outcome]\nprisoners = [\"R-99 by G-3\"]\n\n";
    let out = h.refit("german", &answers("german", true, wrong));
    assert!(out.contains("Russian: R-99 is a prisoner of G-3"), "{out}");
    h.send("german");
    h.deliver("russian");
    let a = h.answers("russian", &answers("russian", true, ""));
    let o = h.run("russian", &["refit", "--answers", &a]);
    let e = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success(), "{e}");
    assert!(
        e.contains("the German says R-99 is his prisoner (guard G-3), which your force does not allow: it must be a counter of yours in play, not a prisoner already. Both halves stop here: tell him (a wrong id in his record?); `votg undo --request --side german` asks him"),
        "{e}"
    );
    let u = h.run("russian", &["undo", "--request", "--side", "german"]);
    assert!(u.status.success(), "{}", String::from_utf8_lossy(&u.stderr));
    h.send("russian");
    h.deliver("german");
    let u = h.run("german", &["undo", "--accept"]);
    assert!(u.status.success(), "{}", String::from_utf8_lossy(&u.stderr));
    let right = "[german.outcome]\nprisoners = [\"R-1 by G-3\"]\n\n";
    let out = h.refit("german", &answers("german", true, right));
    assert!(out.contains("Russian: R-1 is a prisoner of G-3"), "{out}");
    h.send("german");
    h.deliver("russian");
    let out = h.refit("russian", &answers("russian", true, ""));
    assert!(
        out.contains("R-1 2-2-8 is a prisoner of G-3 (12.6041)"),
        "{out}"
    );
    let f = h.force("russian");
    assert!(f.contains("prisoner-of = \"G-3\""), "{f}");
}
