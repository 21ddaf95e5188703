//! Two machines (DESIGN §9, docs/two-machines.md): a campaign played by two
//! halves that share only packet files, the Initial Scenario's RePh.

use crate::halves::{GERMAN_INITIAL, Halves, RUSSIAN_INITIAL, initial};

fn stdout(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stdout).to_string()
}

fn stderr(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stderr).to_string()
}

#[test]
fn design_9_the_initial_reph_on_two_machines_agrees_after_every_exchange() {
    let h = initial("I", GERMAN_INITIAL, RUSSIAN_INITIAL);
    // Every exchange compared the public views (Halves::deliver); with
    // answers files the Initial RePh takes four packets, two round trips
    // (README), the first two being `new`'s and `join`'s.
    assert_eq!(h.sent.len(), 4, "packets: {:?}", h.sent);
    for side in ["german", "russian"] {
        let status = stdout(&h.run(side, &["status"]));
        assert!(
            status.contains("German has finished the Refit Phase"),
            "{status}"
        );
        assert!(
            status.contains("Russian has finished the Refit Phase"),
            "{status}"
        );
        let half = format!(
            "this folder is the {}'s half",
            if side == "german" {
                "German"
            } else {
                "Russian"
            }
        );
        assert!(status.contains(&half), "{status}");
    }
    // Each half holds its own side's folder only.
    let g = h.files("german");
    let r = h.files("russian");
    assert!(
        g.keys().all(|k| !k.starts_with("russian/")),
        "{:?}",
        g.keys()
    );
    assert!(
        r.keys().all(|k| !k.starts_with("german/")),
        "{:?}",
        r.keys()
    );
    assert!(g.contains_key("german/dice.toml") && r.contains_key("russian/dice.toml"));
    // Each side bought and rolled on its own half.
    let roster = stdout(&h.run(
        "german",
        &["purchases", "--side", "german", "--format", "csv"],
    ));
    assert!(roster.contains("I1"), "{roster}");
    let roster = stdout(&h.run(
        "russian",
        &["purchases", "--side", "russian", "--format", "csv"],
    ));
    assert!(roster.contains("I5"), "{roster}");
    // And each verifies its own steps, dice drawn again from its seed and
    // the other side's nonces.
    for side in ["german", "russian"] {
        let v = h.run(side, &["verify"]);
        assert!(v.status.success(), "{}", stderr(&v));
        assert!(stdout(&v).contains("Two machines:"), "{}", stdout(&v));
    }
}

#[test]
fn design_9_refit_stops_where_the_other_side_is_needed_and_says_what_to_send() {
    let mut h = Halves::new("I", GERMAN_INITIAL);
    // Before the Russian has joined, it is not the German's turn.
    let out = h.refit("german", GERMAN_INITIAL);
    assert!(out.contains("has not joined yet"), "{out}");
    let said = h.join(RUSSIAN_INITIAL);
    // The Russian bought, and his strength rolls wait for the German's nonce.
    assert!(
        said.contains("Russian 12.622 waits for your next turn"),
        "{said}"
    );
    assert!(said.contains("votg send"), "{said}");
    h.deliver("german");
    let out = h.refit("german", GERMAN_INITIAL);
    assert!(out.contains("German Recon (1 CPP)"), "{out}");
    assert!(out.contains("Waiting for the Russian (at 12.622)"), "{out}");
    assert!(out.contains("`votg send"), "{out}");
    // Sent, the turn is the Russian's: nothing more on the German's half.
    h.send("german");
    let out = h.refit("german", GERMAN_INITIAL);
    assert!(out.contains("It is the Russian's turn"), "{out}");
    // The same packet again is the same file.
    let first = std::fs::read(&h.sent.last().unwrap().1).unwrap();
    let again = h.send("german");
    assert_eq!(std::fs::read(again).unwrap(), first);
}

#[test]
fn design_9_a_half_shows_only_its_own_sides_sheets() {
    let mut h = Halves::new("I", GERMAN_INITIAL);
    h.join(RUSSIAN_INITIAL);
    for cmd in ["roster", "purchases", "force", "print"] {
        let o = h.run("german", &[cmd, "--side", "russian"]);
        assert!(
            !o.status.success(),
            "{cmd} shows the Russian's sheet on the German's half"
        );
        assert!(stderr(&o).contains("on his machine only"), "{}", stderr(&o));
        assert!(h.run("german", &[cmd, "--side", "german"]).status.success());
    }
}

#[test]
fn design_9_typed_or_filed_dice_are_refused_on_two_machines() {
    let mut h = Halves::new("I", GERMAN_INITIAL);
    h.join(RUSSIAN_INITIAL);
    h.deliver("german");
    let before = h.files("german");
    let a = h.answers("german", GERMAN_INITIAL);
    for flag in [vec!["--manual-dice"], vec!["--seed", "3"]] {
        let o = crate::common::votg()
            .args(["refit", &h.path("german"), "--answers", &a])
            .args(&flag)
            .output()
            .unwrap();
        assert!(!o.status.success());
        assert!(
            stderr(&o).contains("is refused in a two-machine campaign"),
            "{}",
            stderr(&o)
        );
    }
    assert_eq!(h.files("german"), before);
}

#[test]
fn design_9_undo_takes_back_only_what_the_other_side_has_not_received() {
    let mut h = Halves::new("I", GERMAN_INITIAL);
    h.join(RUSSIAN_INITIAL);
    h.deliver("german");
    // The German's 12.621 went in packet 1: he cannot take it back alone.
    let o = h.run("german", &["undo"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("has received"), "{}", stderr(&o));
    // His 12.622 of this turn, not yet sent, he can.
    h.refit("german", GERMAN_INITIAL);
    let o = h.run("german", &["undo"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = h.run("german", &["redo"]);
    assert!(o.status.success(), "{}", stderr(&o));
    h.send("german");
    h.deliver("russian");
}

#[test]
fn design_9_votg_buy_works_on_a_half_in_its_turn() {
    let mut h = Halves::made("I", None, (7, 7));
    h.join(RUSSIAN_INITIAL);
    // Not his turn yet: nothing bought.
    let buy = |h: &Halves| {
        crate::common::votg()
            .args(["buy", &h.path("german"), "--side", "german", "I1"])
            .output()
            .unwrap()
    };
    assert!(!buy(&h).status.success());
    h.deliver("german");
    let o = buy(&h);
    assert!(o.status.success(), "{}", stderr(&o));
    let csv = stdout(&h.run(
        "german",
        &["purchases", "--side", "german", "--format", "csv"],
    ));
    assert!(csv.contains("I1"), "{csv}");
    // His strength rolls wait for a nonce sent after the purchase.
    let out = h.refit("german", "[german]\nbuy = []\nfortify = []\nrecon = 0\n");
    assert!(
        out.contains("German 12.622 waits for your next turn"),
        "{out}"
    );
}

#[test]
fn design_9_a_hand_edit_on_a_half_is_recorded_only_in_its_turn_and_can_be_discarded() {
    let mut h = Halves::new("I", GERMAN_INITIAL);
    h.join(RUSSIAN_INITIAL);
    let roster = h.dir("german").join("german/roster.toml");
    let text = std::fs::read_to_string(&roster).unwrap();
    let edited = text.replacen("elr = 4", "elr = 5", 1);
    assert_ne!(edited, text);
    std::fs::write(&roster, edited).unwrap();
    // Not his turn: it would go in no packet.
    let o = h.run(
        "german",
        &["adjust", "--side", "german", "--reason", "typo"],
    );
    assert!(!o.status.success());
    assert!(stderr(&o).contains("in your turn"), "{}", stderr(&o));
    let o = h.run("german", &["adjust", "--side", "german", "--discard"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let now = std::fs::read(&roster).unwrap();
    assert_eq!(
        crate::common::unmarked(&now),
        crate::common::unmarked(text.as_bytes())
    );
}
