//! Two machines (DESIGN §9, docs/two-machines.md §9): `votg concede`, the
//! reveal, and `votg audit`, which names the first dishonest roll or
//! choice of the other side: a die changed, a re-roll, a purchase changed
//! after it was committed, a seed swapped.

use serde_json::Value;

use crate::halves::{GERMAN_INITIAL, Halves, RUSSIAN_INITIAL, tamper_packet, tamper_part};

fn stdout(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stdout).to_string()
}

fn stderr(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stderr).to_string()
}

/// The Initial RePh of CG I, `cheat` done to the German's half just
/// before he sends his strength rolls; then the Russian resigns, both
/// reveal, and each audits the other.
fn play(cheat: impl FnOnce(&Halves)) -> Halves {
    let h = play_until_reveal(cheat);
    h.deliver("russian");
    h
}

/// The same, up to the German's reveal written, not yet received.
fn play_until_reveal(cheat: impl FnOnce(&Halves)) -> Halves {
    let mut h = Halves::new("I", GERMAN_INITIAL);
    h.join(RUSSIAN_INITIAL);
    h.deliver("german");
    h.refit("german", GERMAN_INITIAL);
    cheat(&h);
    h.send("german");
    h.deliver("russian");
    h.refit("russian", RUSSIAN_INITIAL);
    h.concede("russian");
    h.deliver("german");
    h.send("german");
    h
}

/// The German's reveal, as his own votg could have written it, received by
/// the Russian.
fn tampered_reveal(f: impl FnOnce(&mut String)) -> Halves {
    let h = play_until_reveal(|_| {});
    tamper_packet(&h.sent.last().unwrap().1, |events| {
        let e = events
            .iter_mut()
            .find(|e| e.contains("\"what\":\"revealed\""))
            .unwrap();
        f(e);
    });
    let o = h.receive("russian");
    assert!(o.status.success(), "{}", stderr(&o));
    h
}

#[test]
fn design_9_after_the_reveal_each_audit_finds_the_other_honest() {
    let h = play(|_| {});
    for (side, other) in [("german", "Russian"), ("russian", "German")] {
        let o = h.audit(side);
        assert!(o.status.success(), "{}", stderr(&o));
        let said = stdout(&o);
        assert!(
            said.contains(&format!(
                "secret choices of the {other} checked: all honest"
            )),
            "{said}"
        );
        let rolls: usize = said.split_whitespace().next().unwrap().parse().unwrap();
        assert!(rolls >= 5, "{said}");
    }
    // Before the other side revealed, there is nothing to audit.
    let mut h = Halves::new("I", GERMAN_INITIAL);
    h.join(RUSSIAN_INITIAL);
    h.deliver("german");
    let o = h.audit("german");
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("has not revealed his half yet"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn design_9_audit_names_a_die_changed() {
    let h = play(|h| {
        tamper_part(&h.dir("german"), "german", "12.622", |part| {
            let rows = part["rows"].as_array_mut().unwrap();
            let roll = rows.iter_mut().find(|r| r["kind"] == "roll").unwrap();
            let changed = if roll["dice"] == "6,6" { "1,1" } else { "6,6" };
            roll["dice"] = Value::from(changed);
        })
    });
    let o = h.audit("russian");
    assert!(!o.status.success());
    let e = stderr(&o);
    assert!(e.contains("the German's half is not honest"), "{e}");
    assert!(e.contains("German 12.622") && e.contains("dice"), "{e}");
    assert!(e.contains("his revealed seed"), "{e}");
    // The German's own audit of the Russian still passes.
    assert!(h.audit("german").status.success());
}

#[test]
fn design_9_audit_names_a_re_roll() {
    let h = play(|h| {
        tamper_part(&h.dir("german"), "german", "12.622", |part| {
            let rows = part["rows"].as_array_mut().unwrap();
            let i = rows.iter().position(|r| r["kind"] == "roll").unwrap();
            // Rolled twice, the second kept: the same roll number twice.
            let mut first = rows[i].clone();
            first["dice"] = Value::from("1,1");
            rows.insert(i, first);
        })
    });
    let e = stderr(&h.audit("russian"));
    assert!(e.contains("not honest"), "{e}");
    assert!(e.contains("a roll repeated or left out (a re-roll)"), "{e}");
}

#[test]
fn design_9_audit_names_a_purchase_changed_after_it_was_committed() {
    // His 12.621 purchase changed in his private log after it was committed:
    // I1 became I2.
    let h = tampered_reveal(|e| {
        *e = e.replace("I1 Rifle Coy", "I2 Stosstruppe Pltn");
    });
    let e = stderr(&h.audit("russian"));
    assert!(e.contains("the German's half is not honest"), "{e}");
    assert!(e.contains("German 12.621"), "{e}");
    assert!(e.contains("changed after it was committed"), "{e}");
}

#[test]
fn design_9_audit_names_a_seed_swapped() {
    let h = tampered_reveal(|e| {
        let mut v: Value = serde_json::from_str(e).unwrap();
        v["seed"] = Value::from("11".repeat(32));
        *e = serde_json::to_string(&v).unwrap();
    });
    let e = stderr(&h.audit("russian"));
    assert!(e.contains("not honest"), "{e}");
    assert!(e.contains("a seed swapped"), "{e}");
}
