//! Two machines (DESIGN §9): a whole CG I played by two halves that share
//! only packet files — the Initial Scenario's RePh, the RePh after scenario
//! 1, the one after scenario 2 with a Russian Counterattack, then Idle Days
//! to the CG's end — the public views agreeing after every exchange, then
//! both halves revealed and each audit passing. The packets each Refit
//! Phase took are counted (README, "Playing by e-mail").

use crate::halves::{Halves, other};

/// Each side's answers: the Initial RePh's, then for scenario n the record
/// of it (the same `[scenario]` on both machines) with the RePh after it.
fn answers(side: &str, n: usize) -> String {
    let scenario = [
        "",
        "[scenario]\nvictor = \"german\"\ncvp = { german = 10, russian = 12 }\n",
        "[scenario]\nvictor = \"russian\"\ncvp = { german = 14, russian = 9 }\ncounterattack = true\n",
        "[scenario]\nvictor = \"german\"\ncvp = { german = 8, russian = 11 }\n",
    ][n.min(3)];
    let mine = match (side, n.min(3)) {
        ("german", 0) => "buy = [\"I1\"]\nfortify = []\nrecon = 1\n",
        ("russian", 0) => "buy = [\"I5\"]\nfortify = []\nrecon = 2\n",
        ("german", 1) => {
            "buy = []\nfortify = []\nrecon = 0\ninitiative = \"attack\"\nf36 = false\n"
        }
        ("russian", 1) => "buy = []\nfortify = []\nrecon = 0\ninitiative = \"idle\"\n",
        ("german", 2) => "buy = []\nfortify = []\nrecon = 0\nf36 = false\n",
        ("russian", 2) => "buy = [\"I1\"]\nfortify = []\nrecon = 1\n",
        (_, _) => "buy = []\nfortify = []\nrecon = 0\ninitiative = \"idle\"\nf36 = false\n",
    };
    let mine = if side == "russian" {
        mine.replace("f36 = false\n", "")
    } else {
        mine.to_string()
    };
    // After scenario 2 each side has units in an Isolated Area (each
    // reports only his own, 12.606-12.607); the German's try to Escape.
    let isolation = match (side, n) {
        (_, 2) => ISOLATION[usize::from(side == "russian")],
        _ => "",
    };
    format!("{scenario}{isolation}[{side}]\n{mine}")
}

/// Each side's `[isolation]` after scenario 2: the Areas matched by name.
const ISOLATION: [&str; 2] = [
    "[isolation]\n[[isolation.area]]\nname = \"K5 pocket\"\ngerman = [\"G-6\", \"G-7\", \"G-19\"]\n\n[[isolation.escape]]\narea = \"K5 pocket\"\ncounters = [\"G-6\", \"G-7\", \"G-19\"]\nwithin_2 = true\n\n",
    "[isolation]\n[[isolation.area]]\nname = \"K5 pocket\"\nrussian = [\"R-5\", \"R-10\"]\n\n",
];

/// Which answers `side`'s half plays now: those of the scenario it records
/// (both sides done), or of the RePh it is in (after its last record).
fn phase(h: &Halves, side: &str) -> usize {
    let log = std::fs::read_to_string(h.dir(side).join("log.jsonl")).unwrap();
    let records = log.matches("\"by\":\"record\"").count();
    let status = String::from_utf8_lossy(&h.run(side, &["status"]).stdout).to_string();
    let done = status.contains("German has finished") && status.contains("Russian has finished");
    records + usize::from(done)
}

#[test]
fn design_9_a_whole_cg_i_on_two_machines_sharing_only_packets_audits_honest() {
    let mut h = Halves::new("I", &answers("german", 0));
    h.join(&answers("russian", 0));
    h.deliver("german");
    let mut turn = "german";
    let mut said = String::new();
    for _ in 0..80 {
        let n = phase(&h, turn);
        let out = h.refit(turn, &answers(turn, n));
        said.push_str(&out);
        h.send(turn);
        h.deliver(other(turn));
        if out.contains("The campaign is over") {
            break;
        }
        turn = other(turn);
    }
    assert!(said.contains("The campaign is over"), "CG I did not end");
    assert!(
        said.contains("The Russian declares a Counterattack"),
        "no Counterattack"
    );
    assert!(
        said.contains("German idle, Russian idle -> Idle Day"),
        "no Idle Day"
    );
    assert!(
        said.contains("Escape from K5 pocket of G-6 4-6-7, G-7 4-6-7, G-19"),
        "no Escape"
    );
    // The side that saw the end sent its reveal; the other sends his.
    let last = other(turn);
    h.send(last);
    h.deliver(turn);
    for side in ["german", "russian"] {
        let o = h.audit(side);
        assert!(
            o.status.success(),
            "{side}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        let said = String::from_utf8_lossy(&o.stdout).to_string();
        assert!(said.contains("all honest"), "{said}");
        // His records, his joint steps and his halves of yours, every day.
        let (before, _) = said.split_once(" joint step(s) he took part in").unwrap();
        let joint: usize = before.split_whitespace().last().unwrap().parse().unwrap();
        assert!(joint > 40, "{said}");
        let v = h.run(side, &["verify"]);
        assert!(v.status.success(), "{}", String::from_utf8_lossy(&v.stderr));
    }
    chits_revealed_together(&h);
    // The two folders never shared a file: each holds only its own side.
    let g = h.files("german");
    let r = h.files("russian");
    assert!(g.keys().all(|k| !k.starts_with("russian/")));
    assert!(r.keys().all(|k| !k.starts_with("german/")));
    // The Initial RePh in 2 round trips; a RePh after a scenario in 4, before
    // a Counterattack in 3; an Idle Day's loop in 2 (README).
    let counted = round_trips(&h);
    eprintln!("{counted}");
    assert!(
        counted.starts_with("RePhs on two machines: 4 packets, 8 packets, 6 packets, 8 packets (to an Idle Day), 4 packets (to an Idle Day)"),
        "{counted}"
    );
}

/// 12.6252: every unsealed Initiative chit is the one sealed with its
/// 12.625, and each day both were sealed before either was unsealed.
fn chits_revealed_together(h: &Halves) {
    let log: Vec<serde_json::Value> = std::fs::read_to_string(h.dir("russian").join("log.jsonl"))
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let n = |e: &serde_json::Value| e["n"].as_u64().unwrap();
    let mut rounds: Vec<[u64; 4]> = Vec::new();
    // (An isolation report, pledged at 12.606, is unsealed too.)
    let chit =
        |e: &&serde_json::Value| log[e["of"].as_u64().unwrap() as usize - 1]["what"] != "pledge";
    for e in log.iter().filter(|e| e["what"] == "unsealed").filter(chit) {
        let of = e["of"].as_u64().unwrap();
        let sealed = &log[of as usize - 1]["two"]["sealed"];
        let value = e["value"].as_str().unwrap();
        let want = votg::model::exchange::sealed(e["salt"].as_str().unwrap(), value);
        assert_eq!(
            sealed.as_str(),
            Some(want.as_str()),
            "the chit of event {of}"
        );
        // Pair each German unseal with the Russian one that follows it.
        let side = usize::from(e["side"] == "russian");
        match rounds.last_mut() {
            Some(r) if r[2 + side] == 0 => {
                r[side] = of;
                r[2 + side] = n(e);
            }
            _ => {
                let mut r = [0; 4];
                r[side] = of;
                r[2 + side] = n(e);
                rounds.push(r);
            }
        }
    }
    assert!(rounds.len() >= 5, "{} days of chits", rounds.len());
    for [seal_g, seal_r, unseal_g, unseal_r] in rounds {
        assert!(
            seal_g.max(seal_r) < unseal_g.min(unseal_r),
            "a chit unsealed (events {unseal_g}, {unseal_r}) before both were sealed ({seal_g}, {seal_r})"
        );
    }
}

/// The packets each Refit Phase took, from the public log: the Initial's
/// until the scenario was ready (12.626), each later one from its record
/// until the next scenario was ready or an Idle Day was generated (12.6252
/// not followed by 12.626), each Idle Day's loop until the next.
fn round_trips(h: &Halves) -> String {
    let log = std::fs::read_to_string(h.dir("german").join("log.jsonl")).unwrap();
    let mut passes = 0;
    // (what, packet): "record", "12.6252", "12.626".
    let mut marks: Vec<(String, usize)> = Vec::new();
    for line in log.lines() {
        let e: serde_json::Value = serde_json::from_str(line).unwrap();
        if e["what"] == "pass" {
            passes += 1;
        }
        let step = &e["step"];
        let packet = passes + 1;
        if step["by"] == "record" {
            marks.push(("record".into(), packet));
        } else if step["by"] == "joint" && (step["step"] == "12.626" || step["step"] == "12.6252") {
            marks.push((step["step"].as_str().unwrap().to_string(), packet));
        }
    }
    let mut start = 1;
    let mut out = Vec::new();
    for (i, (what, packet)) in marks.iter().enumerate() {
        let next = marks.get(i + 1).map(|m| m.0.as_str());
        match what.as_str() {
            "record" => start = *packet,
            "12.626" => out.push(format!("{} packets", packet - start + 1)),
            _ if next != Some("12.626") => {
                out.push(format!("{} packets (to an Idle Day)", packet - start + 1));
                start = packet + 1;
            }
            _ => {}
        }
    }
    format!("RePhs on two machines: {}", out.join(", "))
}
