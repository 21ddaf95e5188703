//! Two machines (docs/two-machines.md §8): the joint steps that act on both
//! sides' counters after a scenario — 12.605's Encirclement 1TCs and the
//! prisoners of 12.605 and 12.609 — where each half holds only its own.

use crate::halves::{GERMAN_INITIAL, Halves, RUSSIAN_INITIAL, initial, other};

const READY: &str = "the scenario is ready to play";

/// `side`'s answers after scenario 1: the record with its own `outcome`
/// (and its other tables), then its RePh.
fn answers(side: &str, with_scenario: bool, own: &str) -> String {
    let scenario = "[scenario]\nvictor = \"german\"\ncvp = { german = 10, russian = 12 }\n\n";
    let initiative = if side == "german" { "attack" } else { "idle" };
    format!(
        "{}{own}[{side}]\nbuy = []\nfortify = []\nrecon = 0\ninitiative = \"{initiative}\"\n",
        if with_scenario { scenario } else { "" },
    )
}

/// From the record of scenario 1 until both halves say the next is ready,
/// the views agreeing at every exchange; all both said.
fn play(h: &mut Halves, german: &str, russian: &str) -> String {
    let mut turn = h.sent.last().map(|(s, _)| other(s)).unwrap();
    let mut all = String::new();
    let mut ready_before = false;
    for _ in 0..14 {
        let own = if turn == "german" { german } else { russian };
        let out = h.refit(turn, &answers(turn, !ready_before, own));
        all.push_str(&format!("=== {turn}\n{out}"));
        let ready = out.contains(READY);
        if ready && ready_before {
            return all;
        }
        ready_before = ready;
        h.send(turn);
        h.deliver(other(turn));
        h.agree();
        turn = other(turn);
    }
    panic!("the RePh did not end: {all}");
}

fn campaign(h: &Halves, side: &str) -> String {
    std::fs::read_to_string(h.dir(side).join("campaign.toml")).unwrap()
}

fn last_turn(h: &Halves) -> String {
    other(&h.sent.last().unwrap().0).to_string()
}

/// Each side's Encircled units take their 1TC on its own half; each half
/// adds its own side's RePh Casualty VP to the public record (the
/// performer's run cannot count the other side's), and the records agree.
#[test]
fn rule_12_6051_encircled_units_of_both_sides_take_their_1tc_on_two_machines() {
    let mut h = initial("I", GERMAN_INITIAL, RUSSIAN_INITIAL);
    let all = play(
        &mut h,
        "[german.outcome]\nencircled = [\"G-1\", \"G-2\", \"G-3\"]\n\n",
        "[russian.outcome]\nencircled = [\"R-1\", \"R-2\", \"R-3\"]\n\n",
    );
    // The seeds give: G-1 and G-3 fail (2 CVP each), R-1 fails (1 CVP).
    assert!(
        all.contains("G-1 4-6-7 Eliminated (failed its 1TC, 12.6051)"),
        "{all}"
    );
    assert!(
        all.contains("R-1 2-2-8 Eliminated (failed its 1TC, 12.6051)"),
        "{all}"
    );
    for side in ["german", "russian"] {
        assert!(
            campaign(&h, side).contains("[days.reph_cvp]\ngerman = 4\nrussian = 1\n"),
            "{}",
            campaign(&h, side)
        );
    }
    let last = last_turn(&h);
    h.reveal_both(&last);
    h.audits_honest();
}

fn force(h: &Halves, side: &str) -> String {
    std::fs::read_to_string(h.dir(side).join(side).join("force.toml")).unwrap()
}

/// The part of force.toml about counter `id`.
fn counter(force: &str, id: &str) -> String {
    let at = force.find(&format!("id = \"{id}\"")).unwrap();
    let end = force[at..].find("\n[[").map_or(force.len(), |e| at + e);
    force[at..end].to_string()
}

/// The German's G-3 takes the Russian's R-1 prisoner; G-3 is not Isolated,
/// so at 12.609 R-1 is Eliminated: the German's step says so in public, and
/// the Russian's half applies it to R-1 and counts its Casualty VP.
#[test]
fn rule_12_609_a_prisoner_of_a_non_isolated_guard_is_eliminated_on_two_machines() {
    let mut h = initial("I", GERMAN_INITIAL, RUSSIAN_INITIAL);
    let all = play(
        &mut h,
        "[german.outcome]\nprisoners = [\"R-1 by G-3\"]\n\n",
        "",
    );
    assert!(all.contains("R-1 2-2-8 is a prisoner of G-3"), "{all}");
    assert!(
        all.contains("The Russian's R-1 (prisoner of non-Isolated G-3) is Eliminated (12.609)"),
        "{all}"
    );
    assert!(
        all.contains("R-1 2-2-8 Eliminated (prisoner of non-Isolated G-3, 12.609)"),
        "{all}"
    );
    let r = force(&h, "russian");
    assert!(counter(&r, "R-1").contains("box = \"casualties\""), "{r}");
    for side in ["german", "russian"] {
        assert!(
            campaign(&h, side).contains("[days.reph_cvp]\ngerman = 0\nrussian = 1\n"),
            "{}",
            campaign(&h, side)
        );
        let o = h.run(side, &["verify"]);
        assert!(
            o.status.success(),
            "{side}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
    }
    let last = last_turn(&h);
    h.reveal_both(&last);
    h.audits_honest();
}

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
    let r = force(&h, "russian");
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
    let f = force(&h, "russian");
    assert!(f.contains("prisoner-of = \"G-3\""), "{f}");
}
