//! Two machines (docs/two-machines.md §8): the joint steps that act on both
//! sides' counters after a scenario — 12.605's Encirclement 1TCs and the
//! prisoners of 12.605 and 12.609 — where each half holds only its own.

use crate::halves::{GERMAN_INITIAL, Halves, RUSSIAN_INITIAL, initial, other};

const READY: &str = "the scenario is ready to play";

/// `side`'s answers after scenario 1: the record with its own `outcome`
/// (and its other tables), then its RePh; `own` may end with keys of the
/// side's own table after a line `[side]`.
fn answers(side: &str, with_scenario: bool, own: &str) -> String {
    let scenario = "[scenario]\nvictor = \"german\"\ncvp = { german = 10, russian = 12 }\n\n";
    let initiative = if side == "german" { "attack" } else { "idle" };
    let (tables, keys) = own.split_once("[side]\n").unwrap_or((own, ""));
    format!(
        "{}{tables}[{side}]\nbuy = []\nfortify = []\nrecon = 0\ninitiative = \"{initiative}\"\n{keys}",
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
        all.contains("The Russian's R-1 prisoner of non-Isolated G-3, is Eliminated (12.609)"),
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

/// 12.6051: the German's Encircled guards G-1 and G-3 fail their 1TC. G-3's
/// prisoner R-1 is claimed by G-2 (in its Location); G-1's R-2 is claimed
/// by none and Rearmed. At 12.609 R-1, guarded by the non-Isolated G-2, is
/// Eliminated; R-2 is no prisoner any more and stays. (The Russian has no
/// Encircled unit: his run of 12.605 rolls nothing, and the German's half
/// rolls with the public nonces his event carries all the same.)
#[test]
fn rule_12_6051_an_eliminated_guards_prisoners_are_claimed_or_rearmed_on_two_machines() {
    let mut h = initial("I", GERMAN_INITIAL, RUSSIAN_INITIAL);
    let all = play(
        &mut h,
        "[german.outcome]\nencircled = [\"G-1\", \"G-2\", \"G-3\"]\nprisoners = [\"R-1 by G-3\", \"R-2 by G-1\"]\n\n[side]\nclaim = [\"R-1 by G-2\"]\n",
        "",
    );
    assert!(
        all.contains("G-3 4-6-7 Eliminated (failed its 1TC, 12.6051)"),
        "{all}"
    );
    assert!(
        all.contains("The Russian's R-1 is claimed by G-2 (12.6051)"),
        "{all}"
    );
    assert!(
        all.contains("Prisoner R-1 is claimed by G-2 (12.6051)."),
        "{all}"
    );
    assert!(all.contains("Prisoner R-2 is not claimed"), "{all}");
    assert!(
        all.contains("R-1 2-2-8 Eliminated (prisoner of non-Isolated G-2, 12.609)"),
        "{all}"
    );
    let r = force(&h, "russian");
    assert!(counter(&r, "R-1").contains("box = \"casualties\""), "{r}");
    assert!(!counter(&r, "R-2").contains("box = \"casualties\""), "{r}");
    assert!(!counter(&r, "R-2").contains("prisoner"), "{r}");
    let last = last_turn(&h);
    h.reveal_both(&last);
    h.audits_honest();
}
