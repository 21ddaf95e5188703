//! Two machines (docs/two-machines.md §8): prisoners (12.6041, 12.6051,
//! 12.609) and weapons captured by id (12.6041, C47), decided by one side
//! about counters only the other side's half holds.

use crate::halves::{GERMAN_INITIAL, Halves, RUSSIAN_INITIAL, counter, initial, other};

/// `side`'s answers after scenario 1: the record with its own `outcome`
/// (and its other tables), then its RePh; `own` may end with keys of the
/// side's own table after a line `[side]`.
pub(crate) fn answers(side: &str, with_scenario: bool, own: &str) -> String {
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
pub(crate) fn play(h: &mut Halves, german: &str, russian: &str) -> String {
    play_with(h, german, russian, |_, _| {})
}

/// The same, `cheat` called on each half after its turn, before it sends.
fn play_with(
    h: &mut Halves,
    german: &str,
    russian: &str,
    cheat: impl FnMut(&Halves, &str),
) -> String {
    let own = |turn: &str| if turn == "german" { german } else { russian };
    h.play_reph(|turn, ready| answers(turn, !ready, own(turn)), cheat)
        .into_iter()
        .map(|(turn, out)| format!("=== {turn}\n{out}"))
        .collect()
}

pub(crate) fn campaign(h: &Halves, side: &str) -> String {
    std::fs::read_to_string(h.dir(side).join("campaign.toml")).unwrap()
}

pub(crate) fn last_turn(h: &Halves) -> String {
    other(&h.sent.last().unwrap().0).to_string()
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
    let r = h.force("russian");
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
    let r = h.force("russian");
    assert!(counter(&r, "R-1").contains("box = \"casualties\""), "{r}");
    assert!(!counter(&r, "R-2").contains("box = \"casualties\""), "{r}");
    assert!(!counter(&r, "R-2").contains("prisoner"), "{r}");
    let last = last_turn(&h);
    h.reveal_both(&last);
    h.audits_honest();
}

/// The German's isolation report puts G-3 in an Isolated Area; at 12.609
/// the German executes R-4 (Massacre in the next scenario) and frees R-7
/// (a 4-2-6 freed is Replaced by a Conscript squad, C16), and keeps R-10.
/// The Russian's half applies each; the German's choices are his, checked
/// by the Russian's audit.
#[test]
fn rule_12_609_an_isolated_guards_side_keeps_executes_or_frees_on_two_machines() {
    let mut h = initial("I", GERMAN_INITIAL, RUSSIAN_INITIAL);
    let all = play(
        &mut h,
        "[german.outcome]\nprisoners = [\"R-4 by G-3\", \"R-7 by G-3\", \"R-10 by G-3\"]\n\n[isolation]\n[[isolation.area]]\nname = \"K5\"\ngerman = [\"G-3\"]\n\n[side]\nprisoners = [\"R-4 execute\", \"R-7 free\"]\n",
        "",
    );
    assert!(
        all.contains("The Russian's R-4 is executed by G-3 (12.609)"),
        "{all}"
    );
    assert!(all.contains("Massacre (A20.4) will be in effect"), "{all}");
    assert!(all.contains("G-3 keeps prisoner R-10"), "{all}");
    assert!(
        all.contains("R-4 4-4-7 Eliminated (executed by G-3, 12.609)"),
        "{all}"
    );
    assert!(
        all.contains("Prisoner R-7 4-2-6 freed and Retained, Replaced by a"),
        "{all}"
    );
    let r = h.force("russian");
    assert!(counter(&r, "R-4").contains("box = \"casualties\""), "{r}");
    assert!(!counter(&r, "R-7").contains("prisoner"), "{r}");
    assert!(counter(&r, "R-10").contains("prisoner-of = \"G-3\""), "{r}");
    for side in ["german", "russian"] {
        let j = std::fs::read_to_string(h.dir(side).join("journal.csv")).unwrap();
        assert!(j.contains("Massacre (A20.4)"), "{side}");
    }
    let last = last_turn(&h);
    h.reveal_both(&last);
    h.audits_honest();
}

/// A cheater's votg makes public another fate than the rules give (R-1
/// freed, though its guard is not Isolated): the Russian's half applies it
/// as told, and his audit names it.
#[test]
fn rule_12_609_a_fate_the_rules_do_not_give_fails_the_audit() {
    let mut h = initial("I", GERMAN_INITIAL, RUSSIAN_INITIAL);
    let eliminated = r#""prisoners":[{"prisoner":"R-1","guard":"G-3","fate":"eliminated"}]"#;
    let mut done = false;
    play_with(
        &mut h,
        "[german.outcome]\nprisoners = [\"R-1 by G-3\"]\n\n",
        "",
        |h, side| {
            let path = h.dir(side).join("log.jsonl");
            let log = std::fs::read_to_string(&path).unwrap();
            if side == "german" && !done && log.contains(eliminated) {
                std::fs::write(
                    &path,
                    log.replace(eliminated, &eliminated.replace("eliminated", "freed")),
                )
                .unwrap();
                // His votg chains his log anew.
                crate::reseal::reseal(&h.dir(side));
                done = true;
            }
        },
    );
    assert!(done, "no fate to forge");
    assert!(!counter(&h.force("russian"), "R-1").contains("casualties"));
    let last = last_turn(&h);
    h.reveal_both(&last);
    let out = h.audit_fails("russian");
    assert!(
        out.contains("recorded [R-1 Freed by G-3], the rules give [R-1 Eliminated by G-3]"),
        "{out}"
    );
}

/// A packet whose step says what became of a prisoner of the sender's own
/// side, or gives a fate outside its step, is refused; nothing changes.
#[test]
fn rule_12_609_a_packet_giving_a_fate_outside_its_step_is_refused() {
    let taken = r#""prisoners":[{"prisoner":"R-1","guard":"G-3","fate":"taken"}]"#;
    for forged in [
        taken.replace("R-1", "G-1"),
        taken.replace("taken", "eliminated"),
    ] {
        let mut hh = initial("I", GERMAN_INITIAL, RUSSIAN_INITIAL);
        let out = hh.refit(
            "german",
            &answers(
                "german",
                true,
                "[german.outcome]\nprisoners = [\"R-1 by G-3\"]\n\n",
            ),
        );
        assert!(out.contains("prisoner of G-3"), "{out}");
        hh.send("german");
        let p = hh.sent.last().unwrap().1.clone();
        crate::halves::tamper_packet(&p, |events| {
            for e in events.iter_mut() {
                *e = e.replace(taken, &forged);
            }
        });
        let before = hh.files("russian");
        let o = hh.receive("russian");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(!o.status.success(), "{forged}");
        assert!(err.contains("which no step of the German's may"), "{err}");
        assert_eq!(hh.files("russian"), before);
    }
}

/// A campaign split in the middle of a Refit Phase with a prisoner held
/// (taken in the scenario at one keyboard): the split says who guards whom
/// in public, so at 12.609 the German's half Eliminates the Russian's R-4
/// (its guard G-1 is not Isolated) and the Russian's half applies it.
#[test]
fn rule_12_609_a_prisoner_held_at_a_split_is_settled_on_two_machines() {
    use crate::common::copy_all;
    use crate::two_machines_split::ok;
    let mut h = Halves {
        tmp: tempfile::tempdir().unwrap(),
        sent: Vec::new(),
        seeds: (7, 7),
    };
    copy_all(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("rosters/cg-i-partway"),
        &h.dir("german"),
    );
    let record = "[scenario]\nvictor = \"german\"\ncvp = { german = 8, russian = 11 }\n\n[german.outcome]\nprisoners = [\"R-4 by G-1\"]\n\n";
    let mine = |side: &str| {
        let extra = match side {
            "german" => "initiative = \"attack\"\nf36 = false\n",
            _ => "initiative = \"idle\"\n",
        };
        format!("{record}[{side}]\nbuy = []\nfortify = []\nrecon = 0\n{extra}")
    };
    let both = format!(
        "{}\n[russian]\nbuy = []\nfortify = []\nrecon = 0\ninitiative = \"idle\"\n",
        mine("german")
    );
    ok(&h.run(
        "german",
        &[
            "refit",
            "--answers",
            &h.answers("german", &both),
            "--until",
            "12.605",
        ],
    ));
    let usb = h.tmp.path().join("usb");
    ok(&crate::common::votg()
        .args(["split", &h.path("german"), "--side", "german", "--out"])
        .arg(&usb)
        .output()
        .unwrap());
    copy_all(&usb, &h.dir("russian"));
    ok(&crate::common::votg()
        .args(["join", &h.path("russian"), "--side", "russian"])
        .output()
        .unwrap());
    let to = h.tmp.path().join("mail").join("1-russian.votg");
    std::fs::create_dir_all(to.parent().unwrap()).unwrap();
    std::fs::copy(h.dir("russian").join("packets/russian-1.votg"), &to).unwrap();
    h.sent.push(("russian".into(), to));
    h.deliver("german");
    let said = crate::two_machines_split::until_both_finish(&mut h, "german", mine);
    assert!(
        said.contains("The Russian's R-4 (prisoner of non-Isolated G-1) is Eliminated (12.609)"),
        "{said}"
    );
    assert!(
        said.contains("R-4 4-5-8 Eliminated (prisoner of non-Isolated G-1, 12.609)"),
        "{said}"
    );
    assert!(counter(&h.force("russian"), "R-4").contains("box = \"casualties\""));
    for side in ["german", "russian"] {
        ok(&h.run(side, &["verify"]));
    }
}

/// The README walkthrough (CG I's Initial Scenario set up; the Russian's
/// T-34 Pltn A3 is R-50 and R-51) split onto two machines. The German
/// captures both T-34 by their ids: his half makes them his, the Russian's
/// half takes them out of his force and tells that they were of one Pltn,
/// and the German's 12.6162 rolls once for that captured Pltn (C47); both
/// audits pass.
#[test]
fn c47_afv_captured_by_id_on_two_machines_one_dr_per_captured_enemy_pltn_12_6162() {
    use crate::two_machines_split::{
        at_one_keyboard, carried, ok, russian_sits, until_both_finish,
    };
    let mut h = at_one_keyboard("cg-i-walkthrough", "german");
    ok(&crate::common::votg()
        .args(["split", &h.path("german"), "--side", "german", "--out"])
        .arg(carried(&h))
        .output()
        .unwrap());
    russian_sits(&mut h);
    let record = "[scenario]\nvictor = \"german\"\ncvp = { german = 10, russian = 12 }\n\n";
    let mine = |side: &str| match side {
        "german" => format!(
            "{record}[german.outcome]\ncaptured = [\"afv R-50 T-34 M41\", \"afv R-51 T-34 M41\"]\n\n[german]\nbuy = []\nfortify = []\nrecon = 0\ninitiative = \"attack\"\nf36 = false\n"
        ),
        _ => {
            format!("{record}[russian]\nbuy = []\nfortify = []\nrecon = 0\ninitiative = \"idle\"\n")
        }
    };
    let said = until_both_finish(&mut h, "german", mine);
    assert!(
        said.contains("R-50 T-34 M41 captured by the German (12.6041)"),
        "{said}"
    );
    assert!(
        said.contains("R-51 T-34 M41 captured by the German (12.6041)"),
        "{said}"
    );
    let r = h.force("russian");
    assert!(counter(&r, "R-50").contains("box = \"casualties\""), "{r}");
    assert!(counter(&r, "R-51").contains("box = \"casualties\""), "{r}");
    let g = std::fs::read_to_string(h.dir("german").join("german/journal.csv")).unwrap();
    let rows: Vec<&str> = g
        .lines()
        .filter(|l| l.contains("German AFV Platoon Redeployment captured"))
        .collect();
    assert_eq!(rows.len(), 1, "one dr for the captured Pltn: {rows:#?}");
    assert!(
        rows[0].contains("captured Russian Pltn of R-50"),
        "{rows:#?}"
    );
    for side in ["german", "russian"] {
        ok(&h.run(side, &["verify"]));
    }
    let last = last_turn(&h);
    h.reveal_both(&last);
    h.audits_honest();
}

/// The German performs 12.609 while the Russian's Isolated R-4 holds his
/// G-5 prisoner: G-5's fate is the Russian's to decide in his half of it,
/// so the German's own steps (12.612's Battle Hardening first) wait for it
/// rather than be answered blind; G-5 is freed and the German's half
/// applies that before his 12.612.
#[test]
fn rule_12_609_the_prisoners_side_waits_for_the_guards_half_before_its_own_steps() {
    let mut h = initial("I", GERMAN_INITIAL, RUSSIAN_INITIAL);
    let all = play(
        &mut h,
        "",
        "[russian.outcome]\nprisoners = [\"G-5 by R-4\"]\n\n[isolation]\n[[isolation.area]]\nname = \"K5\"\nrussian = [\"R-4\"]\n\n[side]\nprisoners = [\"G-5 free\"]\n",
    );
    let wait = all
        .find("Your own steps wait: the Russian holds units of yours as prisoners")
        .unwrap_or_else(|| panic!("{all}"));
    let freed = all.find("Prisoner G-5 4-6-7 freed and Retained").unwrap();
    let hardening = all.find("== German — 12.612").unwrap();
    assert!(wait < freed && freed < hardening, "{all}");
    assert!(!counter(&h.force("german"), "G-5").contains("prisoner-of"));
    let last = last_turn(&h);
    h.reveal_both(&last);
    h.audits_honest();
}

/// The guard's side naming one of its own counters as its prisoner is
/// refused before anything is recorded, saying so.
#[test]
fn rule_12_6041_a_prisoner_of_ones_own_side_is_refused_on_two_machines() {
    let h = initial("I", GERMAN_INITIAL, RUSSIAN_INITIAL);
    let turn = other(&h.sent.last().unwrap().0);
    assert_eq!(turn, "german");
    let e = h.refused(
        "german",
        &answers(
            "german",
            true,
            "[german.outcome]\nprisoners = [\"G-5 by G-3\"]\n\n",
        ),
    );
    assert!(e.contains("G-5 is your own counter"), "{e}");
}
