//! Two machines (docs/two-machines.md §8): Isolated Areas and Escape
//! (12.606-12.607). Each side reports only its own counters, committed
//! before it sees the other's; both reports make the step's `[isolation]`
//! on each half, and each half records what became of its own counters.

use crate::halves::{GERMAN_INITIAL, Halves, RUSSIAN_INITIAL, counter, initial, other};

fn record(side: &str, isolation: &str) -> String {
    let initiative = if side == "german" { "attack" } else { "idle" };
    format!(
        "[scenario]\nvictor = \"german\"\ncvp = {{ german = 10, russian = 12 }}\n\n{isolation}[{side}]\nbuy = []\nfortify = []\nrecon = 0\ninitiative = \"{initiative}\"\n"
    )
}

/// The German's report: a Pocket at K5 he tries to leave, and a 4-6-7
/// holding H8 over a Russian leader.
const GERMAN: &str = "[isolation]\n[[isolation.area]]\nname = \"K5\"\ngerman = [\"G-6\", \"G-7\", \"G-19\", \"G-14\"]\n\n[[isolation.area]]\nname = \"H8\"\ngerman = [\"G-1\"]\n\n[[isolation.escape]]\narea = \"K5\"\ncounters = [\"G-6\", \"G-7\", \"G-19\", \"G-14\"]\nwithin_2 = true\n\n";

/// The Russian's: a 4-4-7 and a 7-0 in K5 (no Escape), a 9-1 in H8.
const RUSSIAN: &str = "[isolation]\n[[isolation.area]]\nname = \"K5\"\nrussian = [\"R-5\", \"R-10\"]\n\n[[isolation.area]]\nname = \"H8\"\nrussian = [\"R-40\"]\n\n";

/// Plays turns from the record of scenario 1 until both halves have said
/// the next scenario is ready (the public views compared after every
/// exchange); what each turn said.
fn play(h: &mut Halves, german: &str, russian: &str) -> Vec<(String, String)> {
    play_with(h, german, russian, |_, _| {})
}

/// The same, `cheat` called on each half after its turn, before it sends.
fn play_with(
    h: &mut Halves,
    german: &str,
    russian: &str,
    cheat: impl FnMut(&Halves, &str),
) -> Vec<(String, String)> {
    h.play_reph(
        |turn, ready_before| {
            let answers = if turn == "german" { german } else { russian };
            // Once one side has said the scenario is ready, the other only
            // does his halves (a `[scenario]` would record the next one).
            let text = record(turn, answers);
            match ready_before {
                true => text[text.find(&format!("[{turn}]")).unwrap()..].to_string(),
                false => text,
            }
        },
        cheat,
    )
}

#[test]
fn rule_12_607_isolated_areas_and_escape_on_two_machines() {
    let mut h = initial("I", GERMAN_INITIAL, RUSSIAN_INITIAL);
    let said = play(&mut h, GERMAN, RUSSIAN);
    let all: String = said.iter().map(|(_, o)| o.as_str()).collect();
    // Nine turns from the record to the next scenario, as without Isolation
    // (answers files on both sides): the second report goes with his public
    // nonce, so the first side performs 12.607's Escapes when he unseals his.
    assert_eq!(said.len(), 9, "{said:#?}");
    // Each report was committed before its side saw the other's.
    assert!(all.contains("your isolation report"), "{all}");
    // Both halves ran 12.607 on both reports: the same types and dice.
    for side in ["german", "russian"] {
        let j = std::fs::read_to_string(h.dir(side).join("journal.csv")).unwrap();
        assert!(j.contains("Isolated Area K5"), "{side}: {j}");
        assert!(j.contains("type D (MMC/vehicles of both sides)"), "{side}");
        assert!(
            j.contains("now type C (Russian MMC/vehicles only)"),
            "{side}"
        );
        assert!(j.contains("type C (German MMC/vehicles only)"), "{side}");
    }
    // The dice Replace G-6 and G-7 by 4-4-7s (Random Selection), which
    // then come last.
    assert!(
        all.contains("12.6074: G-19, G-14, G-6, G-7 Escape(s) and are Retained."),
        "{all}"
    );
    assert!(all.contains("Escape from H8 of R-40 9-1 (must Escape, 12.6071)"));
    // Each half keeps what became of its own counters.
    let g = h.force("german");
    assert!(
        counter(&g, "G-1").contains("isolated"),
        "{}",
        counter(&g, "G-1")
    );
    assert!(
        counter(&g, "G-1").contains("ammo-shortage"),
        "{}",
        counter(&g, "G-1")
    );
    assert!(
        !counter(&g, "G-6").contains("isolated"),
        "{}",
        counter(&g, "G-6")
    );
    let r = h.force("russian");
    for id in ["R-5", "R-10"] {
        assert!(
            counter(&r, id).contains("ammo-shortage"),
            "{}",
            counter(&r, id)
        );
    }
    assert!(
        !counter(&r, "R-40").contains("isolated"),
        "{}",
        counter(&r, "R-40")
    );
    assert!(
        !r.contains("G-1\""),
        "the German's counters stay off the Russian's half"
    );
    // Resigned and revealed: both audits re-run the other's part of 12.607.
    let last = said.last().unwrap().0.clone();
    h.reveal_both(&last);
    h.audits_honest();
}

#[test]
fn rule_12_606_on_two_machines_each_side_reports_only_its_own_counters() {
    let h = initial("I", GERMAN_INITIAL, RUSSIAN_INITIAL);
    let recorder = h.sent.last().map(|(s, _)| other(s)).unwrap();
    let theirs = if recorder == "german" { "R-5" } else { "G-6" };
    let text = record(
        recorder,
        &format!(
            "[isolation]\n[[isolation.area]]\nname = \"K5\"\n{} = [\"{theirs}\"]\n\n",
            other(recorder)
        ),
    );
    let e = h.refused(recorder, &text);
    assert!(e.contains(&format!("names {theirs}")), "{e}");
    assert!(e.contains("reports only his own counters"), "{e}");
}

/// A cheater's votg rewrites his report before he sends it: his 9-1 shown
/// as a 10-2 (his commitment made again to match). The other half ran its
/// steps on it, and nothing public differed; his audit names it.
#[test]
fn rule_12_607_a_report_that_misdescribes_a_counter_fails_the_audit() {
    let mut h = initial("I", GERMAN_INITIAL, RUSSIAN_INITIAL);
    let mut done = false;
    let said = play_with(&mut h, GERMAN, RUSSIAN, |h, side| {
        if side == "russian" && !done {
            done = lie(&h.dir("russian"));
        }
    });
    assert!(done, "no report to rewrite");
    let last = said.last().unwrap().0.clone();
    h.reveal_both(&last);
    let out = h.audit_fails("german");
    assert!(out.contains("the Russian's isolation report"), "{out}");
    assert!(out.contains("it describes R-40 as 10-2"), "{out}");
}

/// Rewrites the Russian's unsealed report in his folder (the lines as his
/// votg writes them); whether there was one.
fn lie(dir: &std::path::Path) -> bool {
    let read = |p: &std::path::Path| -> Vec<String> {
        std::fs::read_to_string(p)
            .unwrap()
            .lines()
            .map(str::to_string)
            .collect()
    };
    // The report is JSON inside a JSON string: its quotes are escaped.
    let (truth, lie) = (r#"\"9-1\""#, r#"\"10-2\""#);
    let private_path = dir.join("russian").join("log.jsonl");
    let mut private = read(&private_path);
    let Some(i) = private.iter().position(|l| l.contains("isolation.report")) else {
        return false;
    };
    assert!(private[i].contains(truth), "{}", private[i]);
    private[i] = private[i].replace(truth, lie);
    let line: serde_json::Value = serde_json::from_str(&private[i]).unwrap();
    let of = line["for"].as_u64().unwrap() as usize;
    let public_path = dir.join("log.jsonl");
    let mut public = read(&public_path);
    let pledge: serde_json::Value = serde_json::from_str(&public[of - 1]).unwrap();
    let commit = pledge["commit"]["russian"].as_str().unwrap().to_string();
    let new = votg::model::exchange::sha256_hex(&votg::model::chain::open(&private[i]).1);
    public[of - 1] = public[of - 1].replace(&commit, &new);
    for l in public.iter_mut() {
        if l.contains("\"what\":\"unsealed\"") && l.contains(&format!("\"of\":{of},")) {
            *l = l.replace(truth, lie);
        }
    }
    std::fs::write(&private_path, private.join("\n") + "\n").unwrap();
    std::fs::write(&public_path, public.join("\n") + "\n").unwrap();
    // His votg chains his logs anew.
    crate::reseal::reseal(dir);
    true
}

/// A report the step would refuse is refused before it is committed (it
/// could not be amended once both are unsealed): here an Escape stack of
/// Infantry with an AFV (12.6073).
#[test]
fn rule_12_6073_a_report_the_step_would_refuse_is_refused_before_it_is_committed() {
    let h = initial("I", GERMAN_INITIAL, RUSSIAN_INITIAL);
    let recorder = h.sent.last().map(|(s, _)| other(s)).unwrap();
    let bad = if recorder == "german" {
        "[isolation]\n[[isolation.area]]\nname = \"K5\"\ngerman = [\"G-6\", \"G-33\"]\n\n[[isolation.escape]]\narea = \"K5\"\ncounters = [\"G-6\", \"G-33\"]\n\n"
    } else {
        "[isolation]\n[[isolation.area]]\nname = \"K5\"\nrussian = [\"R-5\", \"R-3\"]\n\n[[isolation.escape]]\narea = \"K5\"\ncounters = [\"R-5\", \"R-3\"]\n\n"
    };
    let a = h.answers(recorder, &record(recorder, bad));
    let o = crate::common::votg()
        .args(["refit", &h.path(recorder), "--answers", &a])
        .output()
        .unwrap();
    let e = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success(), "{e}");
    assert!(e.contains("12.6073"), "{e}");
    let own = std::fs::read_to_string(h.dir(recorder).join(recorder).join("log.jsonl")).unwrap();
    assert!(!own.contains("isolation.report"), "a report was committed");
}

/// At a terminal each player is asked for his own report only: another
/// side's id is refused where it is typed, and asked again; the German's
/// Escape stack typed there is rolled with both sides' public nonces on
/// both halves, which agree.
#[cfg(unix)]
#[test]
fn rule_12_607_a_report_typed_at_a_terminal_on_two_machines() {
    use crate::two_machines_terminal::{at_a_terminal, enter_to_the_end, enter_until};
    let mut h = initial("I", GERMAN_INITIAL, RUSSIAN_INITIAL);
    assert_eq!(h.sent.last().unwrap().0, "russian", "the German records");
    let mut p = at_a_terminal(&h, "german");
    p.exp_string("What happened to the German force?").unwrap();
    p.send_line("").unwrap();
    p.exp_string("building F36 at scenario end").unwrap();
    p.send_line("n").unwrap();
    p.exp_string("Casualty VP each side suffered").unwrap();
    p.send_line("3 4").unwrap();
    let seen = enter_until(&mut p, "Isolated Areas (12.607) with your counters");
    assert!(seen.contains("report your own counters only"), "{seen}");
    p.send_line("K5: G-6 R-5").unwrap();
    let seen = enter_until(&mut p, "R-5 is a Russian counter: report only your own");
    assert!(!seen.contains("Escape stacks"), "{seen}");
    p.send_line("K5: G-6 G-7 G-19").unwrap();
    p.exp_string("Your Escape stacks (12.6073)").unwrap();
    p.send_line("G-6 G-7 G-19 within-2").unwrap();
    let seen = enter_to_the_end(&mut p);
    assert!(seen.contains("your isolation report"), "{seen}");
    h.send("german");
    h.deliver("russian");
    let russian = format!(
        "[scenario]\nvictor = \"russian\"\ncvp = {{ german = 3, russian = 4 }}\n\n{RUSSIAN}[russian]\nbuy = []\nfortify = []\nrecon = 0\ninitiative = \"idle\"\n"
    );
    let mut all = String::new();
    for _ in 0..6 {
        all.push_str(&h.refit("russian", &russian));
        h.send("russian");
        h.deliver("german");
        h.agree();
        let mut p = at_a_terminal(&h, "german");
        all.push_str(&enter_to_the_end(&mut p));
        h.send("german");
        h.deliver("russian");
        h.agree();
        if all.contains("12.611") && all.matches("Escape from K5").count() >= 2 {
            break;
        }
    }
    assert!(
        all.contains("Escape from K5 of G-6 4-6-7, G-7 4-6-7, G-19 8-1"),
        "{all}"
    );
    for side in ["german", "russian"] {
        let j = std::fs::read_to_string(h.dir(side).join("journal.csv")).unwrap();
        assert!(j.contains("type D (MMC/vehicles of both sides)"), "{side}");
        let v = h.run(side, &["verify"]);
        assert!(v.status.success(), "{}", String::from_utf8_lossy(&v.stderr));
    }
}

/// An undo accepted that takes back 12.606-12.607 reopens the reports
/// (docs/two-machines.md §10): each side reports again, the second with
/// what the first committed still sealed, and the steps run on the new
/// reports.
#[test]
fn rule_12_607_an_accepted_undo_of_the_isolation_steps_reopens_the_reports() {
    let mut h = initial("I", GERMAN_INITIAL, RUSSIAN_INITIAL);
    let mut turn = h.sent.last().map(|(s, _)| other(s)).unwrap();
    // Record, both reports, and 12.606-12.607 done by the first reporter.
    for _ in 0..3 {
        let answers = if turn == "german" { GERMAN } else { RUSSIAN };
        h.refit(turn, &record(turn, answers));
        h.send(turn);
        h.deliver(other(turn));
        turn = other(turn);
    }
    let log = std::fs::read_to_string(h.dir(turn).join("log.jsonl")).unwrap();
    assert!(log.contains("\"step\":\"12.607\""), "12.607 not done yet");
    let asked = h.run(turn, &["undo", "--request", "--step", "12.606"]);
    assert!(
        asked.status.success(),
        "{}",
        String::from_utf8_lossy(&asked.stderr)
    );
    h.send(turn);
    h.deliver(other(turn));
    let accepted = h.run(other(turn), &["undo", "--accept"]);
    assert!(
        accepted.status.success(),
        "{}",
        String::from_utf8_lossy(&accepted.stderr)
    );
    h.send(other(turn));
    h.deliver(turn);
    // The Russian's 9-1 was in K5 after all, not in H8.
    let russian = RUSSIAN
        .replace("[\"R-5\", \"R-10\"]", "[\"R-5\", \"R-10\", \"R-40\"]")
        .replace(
            "[[isolation.area]]\nname = \"H8\"\nrussian = [\"R-40\"]\n\n",
            "",
        );
    let mut all = String::new();
    for _ in 0..4 {
        let answers = if turn == "german" {
            GERMAN
        } else {
            russian.as_str()
        };
        let text = record(turn, answers);
        let text = text[text.find("[isolation]").unwrap()..].to_string();
        all.push_str(&h.refit(turn, &text));
        h.send(turn);
        h.deliver(other(turn));
        h.agree();
        turn = other(turn);
    }
    assert!(
        all.contains("your isolation report"),
        "reported again: {all}"
    );
    assert_eq!(all.matches("Escape from H8 of R-40").count(), 0, "{all}");
    let r = h.force("russian");
    assert!(
        counter(&r, "R-40").contains("K5"),
        "{}",
        counter(&r, "R-40")
    );
    for side in ["german", "russian"] {
        let v = h.run(side, &["verify"]);
        assert!(v.status.success(), "{}", String::from_utf8_lossy(&v.stderr));
    }
}

/// A report unsealed otherwise than it was committed (its value changed, or
/// pointing at no event) is refused on receipt, nothing changed, no panic.
#[test]
fn rule_12_606_a_report_unsealed_otherwise_than_committed_is_refused() {
    let mut h = initial("I", GERMAN_INITIAL, RUSSIAN_INITIAL);
    let mut turn = h.sent.last().map(|(s, _)| other(s)).unwrap();
    for _ in 0..2 {
        let answers = if turn == "german" { GERMAN } else { RUSSIAN };
        h.refit(turn, &record(turn, answers));
        h.send(turn);
        if turn == "russian" {
            break;
        }
        h.deliver(other(turn));
        turn = other(turn);
    }
    let status = String::from_utf8_lossy(&h.run("german", &["status"]).stdout).to_string();
    let status = status.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        status.contains(
            "Isolation reports (12.606): yours committed, sealed, the Russian's not committed yet."
        ),
        "{status}"
    );
    let packet = h.sent.last().unwrap().1.clone();
    for (how, said) in [
        ("value", "unseals a value other than the one sealed"),
        ("of", "unseals a value other than the one sealed"),
    ] {
        let bad = packet.with_extension(format!("{how}.votg"));
        std::fs::copy(&packet, &bad).unwrap();
        crate::halves::tamper_packet(&bad, |events| {
            for e in events
                .iter_mut()
                .filter(|e| e.contains("\"what\":\"unsealed\""))
            {
                let mut v: serde_json::Value = serde_json::from_str(e).unwrap();
                match how {
                    "value" => {
                        v["value"] =
                            serde_json::json!(v["value"].as_str().unwrap().replace("R-5", "R-6"))
                    }
                    _ => v["of"] = serde_json::json!(0),
                }
                *e = v.to_string();
            }
        });
        let before = h.files("german");
        let o = h.run("german", &["receive", bad.to_str().unwrap()]);
        let e = String::from_utf8_lossy(&o.stderr);
        assert!(!o.status.success(), "{how}: {e}");
        assert!(e.contains(said), "{how}: {e}");
        assert!(!e.contains("panicked"), "{e}");
        assert_eq!(h.files("german"), before);
    }
}
