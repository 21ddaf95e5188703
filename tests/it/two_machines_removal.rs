//! Two machines (docs/two-machines.md §8): 12.617 Fortification Removal of
//! the other side's Known wire, minefields, Entrenchments and Roadblocks.
//! Each side's isolation report names its own Known ones; the other side
//! rolls for them in his own 12.617, and his half takes those Eliminated
//! out of his force.

use crate::halves::{GERMAN_INITIAL, Halves, initial, other};

/// The Russian buys wire and a minefield in the Initial RePh.
const RUSSIAN_INITIAL: &str =
    "[russian]\nbuy = [\"I5\"]\nfortify = [\"wire\", \"ap-mine 5\"]\nrecon = 2\n";

/// `side`'s answers after scenario 1: the record, then its RePh.
fn answers(side: &str, with_scenario: bool, german: &str, russian: &str) -> String {
    let scenario = "[scenario]\nvictor = \"german\"\ncvp = { german = 10, russian = 12 }\n\n";
    let (initiative, mine) = match side {
        "german" => ("attack", german),
        _ => ("idle", russian),
    };
    format!(
        "{}{mine}[{side}]\nbuy = []\nfortify = []\nrecon = 0\ninitiative = \"{initiative}\"\n{}",
        if with_scenario { scenario } else { "" },
        if side == "german" {
            "remove_fortifications = [\"R-55 front-line\", \"R-56 behind\"]\n"
        } else {
            ""
        }
    )
}

/// From the record of scenario 1 until both halves say the next is ready.
fn play(h: &mut Halves, russian: &str) -> String {
    play_with(h, russian, |_, _| {})
}

/// The same, `cheat` called on each half after its turn, before it sends.
fn play_with(h: &mut Halves, russian: &str, cheat: impl FnMut(&Halves, &str)) -> String {
    h.play_reph(|turn, ready| answers(turn, !ready, "", russian), cheat)
        .into_iter()
        .map(|(_, out)| out)
        .collect()
}

/// The box of counter `id` in a force.toml.
fn place(force: &str, id: &str) -> String {
    let at = force.find(&format!("id = \"{id}\"")).unwrap();
    let b = force[at..].find("box = \"").unwrap() + at + 7;
    force[b..b + force[b..].find('"').unwrap()].to_string()
}

#[test]
fn rule_12_617_the_other_sides_known_fortifications_are_removed_on_two_machines() {
    let mut h = initial("I", GERMAN_INITIAL, RUSSIAN_INITIAL);
    let all = play(
        &mut h,
        "[isolation]\nfortifications = [\"R-55\", \"R-56\"]\n\n",
    );
    assert!(
        all.contains("German Fortification Removal of the Russian's R-55 Wire"),
        "{all}"
    );
    assert!(
        all.contains("German Fortification Removal of the Russian's R-56 Known minefield"),
        "{all}"
    );
    let r = h.force("russian");
    // The seeds give: the wire stands (dr 5 +2 in a Front Line Location),
    // the minefield behind it goes (dr 3).
    assert!(
        all.contains("the Russian's R-56 Known minefield Eliminated by the German"),
        "{all}"
    );
    assert_eq!(place(&r, "R-56"), "casualties");
    assert_ne!(place(&r, "R-55"), "casualties");
    // The minefield's strength was never told to the German's half.
    for (path, bytes) in h.files("german") {
        assert!(
            !String::from_utf8_lossy(&bytes).contains("5 factors"),
            "{path}"
        );
    }
    let last = h.sent.last().unwrap().0.clone();
    let last = other(&last).to_string();
    for side in ["german", "russian"] {
        for args in [
            &["verify"][..],
            &["log"],
            &["status"],
            &["force", "--side", side],
        ] {
            let o = h.run(side, args);
            assert!(
                o.status.success(),
                "{side} {args:?}: {}",
                String::from_utf8_lossy(&o.stderr)
            );
        }
    }
    h.reveal_both(&last);
    h.audits_honest();
}

/// A cheater's votg makes public a removal his DR did not give (the wire
/// too): the other half takes it out as told, and his audit names it.
#[test]
fn rule_12_617_a_removal_the_dice_did_not_give_fails_the_audit() {
    let mut h = initial("I", GERMAN_INITIAL, RUSSIAN_INITIAL);
    let mut done = false;
    play_with(
        &mut h,
        "[isolation]\nfortifications = [\"R-55\", \"R-56\"]\n\n",
        |h, side| {
            let path = h.dir(side).join("log.jsonl");
            let log = std::fs::read_to_string(&path).unwrap();
            if side == "german" && !done && log.contains("\"eliminated\":[\"R-56\"]") {
                let log = log.replace(
                    "\"eliminated\":[\"R-56\"]",
                    "\"eliminated\":[\"R-55\",\"R-56\"]",
                );
                std::fs::write(&path, log).unwrap();
                // His votg chains his log anew.
                crate::reseal::reseal(&h.dir(side));
                done = true;
            }
        },
    );
    assert!(done, "no removal to forge");
    assert_eq!(place(&h.force("russian"), "R-55"), "casualties");
    let last = other(&h.sent.last().unwrap().0).to_string();
    h.reveal_both(&last);
    let out = h.audit_fails("russian");
    assert!(
        out.contains("recorded [R-55, R-56], the rules give [R-56]"),
        "{out}"
    );
}

/// Only a fortification its owner reported Known may be rolled for on two
/// machines: one of his Initial OB or not reported is none to roll for.
#[test]
fn rule_12_617_an_unreported_fortification_is_not_rolled_for_on_two_machines() {
    let mut h = initial("I", GERMAN_INITIAL, RUSSIAN_INITIAL);
    let turn = h.sent.last().map(|(s, _)| other(s)).unwrap();
    assert_eq!(turn, "german");
    let mut t = turn;
    let mut said = String::new();
    for _ in 0..8 {
        let text = answers(t, true, "", "[isolation]\nfortifications = [\"R-56\"]\n\n");
        let a = h.answers(t, &text);
        let o = crate::common::votg()
            .args(["refit", &h.path(t), "--answers", &a])
            .output()
            .unwrap();
        said.push_str(&String::from_utf8_lossy(&o.stdout));
        said.push_str(&String::from_utf8_lossy(&o.stderr));
        if !o.status.success() {
            break;
        }
        h.send(t);
        h.deliver(other(t));
        t = other(t);
    }
    assert!(said.contains("R-55 is not a wire, minefield"), "{said}");
}
