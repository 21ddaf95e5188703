//! Two machines (DESIGN §9, docs/two-machines.md §4–5): secret dice from a
//! side's seed and the other side's nonce, sent after every choice they
//! roll on was committed; public dice from both sides' public nonces; one
//! salted commitment per side and step.

use serde_json::Value;
use votg::model::exchange::{nonce_commitment, own_label, public_key, sha256_hex};
use votg::model::seed::Seed;
use votg::rules::labelled_dice::faces;

use crate::halves::{GERMAN_INITIAL, Halves, RUSSIAN_INITIAL, initial, play_initial};

/// A log's events, one JSON value a line.
fn events(path: &std::path::Path) -> Vec<Value> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn seed(h: &Halves, side: &str) -> Seed {
    let text = std::fs::read_to_string(h.dir(side).join(side).join("dice.toml")).unwrap();
    let t: toml::Table = toml::from_str(&text).unwrap();
    Seed::from_hex(t["seed"].as_str().unwrap()).unwrap()
}

/// The public event numbered `n`.
fn event(log: &[Value], n: u64) -> &Value {
    &log[n as usize - 1]
}

#[test]
fn design_9_a_secret_roll_comes_from_the_seed_and_a_nonce_sent_after_its_choices() {
    let h = initial("I", GERMAN_INITIAL, RUSSIAN_INITIAL);
    let public = events(&h.dir("german").join("log.jsonl"));
    let private = events(&h.dir("german").join("german/log.jsonl"));
    let g = seed(&h, "german");
    let n_of = |e: &Value| e["n"].as_u64().unwrap();
    let seat = n_of(
        public
            .iter()
            .find(|e| e["what"] == "seat" && e["side"] == "german")
            .unwrap(),
    );
    let russian_passes: Vec<u64> = public
        .iter()
        .filter(|e| e["what"] == "pass" && e["side"] == "russian")
        .map(n_of)
        .collect();
    // The latest event that committed a German answer so far.
    let mut committed = seat;
    let mut rolls = 0;
    for part in private.iter().filter(|p| p["event"] == "part") {
        let n = part["for"].as_u64().unwrap();
        let answered = part["answered_at"].as_u64();
        // His answers were committed before the step (a standing pledge of
        // his answers file): the rolls take the first Russian nonce after.
        let at = answered
            .filter(|a| *a < n)
            .map_or(committed, |a| committed.max(a));
        let first = *russian_passes.iter().find(|p| **p > at).unwrap();
        for row in part["rows"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|r| r["kind"] == "roll")
        {
            assert!(first < n, "the nonce came before the step");
            let nonce = event(&public, first)["nonce"].as_str().unwrap();
            let label = row["label"].as_str().unwrap();
            let dice = row["dice"].as_str().unwrap();
            let want: Vec<String> = faces(g, &own_label(nonce, label), dice.split(',').count())
                .iter()
                .map(u8::to_string)
                .collect();
            assert_eq!(dice, want.join(","), "{label}");
            rolls += 1;
        }
        if let Some(a) = answered {
            committed = committed.max(a);
        }
    }
    assert!(rolls >= 10, "{rolls} German rolls checked");
    // His answers were committed (a standing pledge) before the Russian's
    // first pass, whose nonce his first rolls used.
    let pledge = n_of(
        public
            .iter()
            .find(|e| e["what"] == "pledge" && e["side"] == "german")
            .unwrap(),
    );
    assert!(pledge < russian_passes[0]);
}

#[test]
fn design_9_neither_side_can_predict_the_others_dice_they_hang_on_both_seeds() {
    // The same German seed and answers, two Russians with other seeds: the
    // German's own strength rolls differ, since they hang on the Russian's
    // nonces, which only the Russian's seed gives.
    let rolls = |russian_seed: u64| {
        let h = play_initial(
            Halves::seeded("I", GERMAN_INITIAL, (7, russian_seed)),
            GERMAN_INITIAL,
            RUSSIAN_INITIAL,
        );
        let private = events(&h.dir("german").join("german/log.jsonl"));
        let dice: Vec<String> = private
            .iter()
            .filter_map(|p| p["rows"].as_array())
            .flatten()
            .filter(|r| r["kind"] == "roll")
            .map(|r| r["dice"].as_str().unwrap().to_string())
            .collect();
        assert!(!dice.is_empty());
        dice
    };
    assert_ne!(rolls(8), rolls(9));
}

#[test]
fn design_9_one_salted_commitment_per_side_and_step() {
    let h = initial("I", GERMAN_INITIAL, RUSSIAN_INITIAL);
    let public = events(&h.dir("russian").join("log.jsonl"));
    for side in ["german", "russian"] {
        let lines: Vec<String> = std::fs::read_to_string(h.dir(side).join(side).join("log.jsonl"))
            .unwrap()
            .lines()
            .map(str::to_string)
            .collect();
        let mut steps = 0;
        for e in public
            .iter()
            .filter(|e| e["event"] == "step" && e["step"]["side"] == side)
        {
            let commit = e["commit"].as_object().unwrap();
            // One commitment, the side's own, to one line of its log.
            assert_eq!(commit.keys().collect::<Vec<_>>(), vec![side]);
            let mine: Vec<&String> = lines
                .iter()
                .filter(|l| serde_json::from_str::<Value>(l).unwrap()["for"] == e["n"])
                .collect();
            assert_eq!(mine.len(), 1);
            // Of the line's body: its chain envelope is no part of it.
            let body = votg::model::chain::open(mine[0]).1;
            assert_eq!(commit[side].as_str().unwrap(), sha256_hex(&body));
            // The public event holds no secret row, and no count of them.
            assert!(
                e["rows"]
                    .as_array()
                    .is_none_or(|r| r.iter().all(|r| r["secret"].is_null()))
            );
            steps += 1;
        }
        assert!(steps >= 4, "{side}: {steps} steps");
    }
}

#[test]
fn design_9_public_dice_come_from_both_sides_public_nonces_revealed_after_commitment() {
    // CG III's Initial Scenario is a Dual Attack (III-2): who sets up first
    // and who moves first are public drs.
    let answers = |side: &str| format!("[{side}]\nbuy = []\nfortify = []\nrecon = 0\n");
    let h = initial("III", &answers("german"), &answers("russian"));
    let log = events(&h.dir("german").join("log.jsonl"));
    let reveal = |side: &str, k: u64| {
        log.iter()
            .find(|e| e["what"] == "public-nonce" && e["side"] == side && e["k"] == k)
            .unwrap_or_else(|| panic!("{side} public nonce {k}"))
    };
    let seat = |side: &str| {
        log.iter()
            .find(|e| e["what"] == "seat" && e["side"] == side)
            .unwrap()
    };
    for k in [1, 2] {
        let (g, r) = (reveal("german", k), reveal("russian", k));
        // Each nonce was committed (by the seat, or the reveal before it)
        // before either was revealed.
        for (side, e) in [("german", g), ("russian", r)] {
            let committed = if k == 1 {
                seat(side)["public"].clone()
            } else {
                reveal(side, k - 1)["next"].clone()
            };
            assert_eq!(
                committed.as_str().unwrap(),
                nonce_commitment(e["nonce"].as_str().unwrap())
            );
            let first = g["n"].as_u64().unwrap().min(r["n"].as_u64().unwrap());
            assert!(seat(side)["n"].as_u64().unwrap() < first);
        }
        // The step's public roll is drawn from both (its row is in the
        // step, or in the half of the side it is about).
        let row = log
            .iter()
            .filter(|e| e["event"] == "step" && e["two"]["public"] == k)
            .flat_map(|e| e["rows"].as_array().into_iter().flatten())
            .find(|r| r["kind"] == "roll")
            .unwrap_or_else(|| panic!("no public roll {k}"));
        let key = public_key(g["nonce"].as_str().unwrap(), r["nonce"].as_str().unwrap());
        let want = faces(key, row["label"].as_str().unwrap(), 1);
        assert_eq!(row["dice"].as_str().unwrap(), want[0].to_string());
    }
}
