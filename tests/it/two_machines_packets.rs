//! Two machines (DESIGN §9, docs/two-machines.md §3): a packet altered,
//! truncated, replayed, out of order, of another campaign or of one's own
//! side, or from another votg or other tables, is refused saying which and
//! what to do, and nothing changes; the latest packet received again is
//! harmless; no packet holds a secret of its side in plain text.

use std::path::{Path, PathBuf};

use crate::halves::{GERMAN_INITIAL, Halves, RUSSIAN_INITIAL, initial, tamper_body};

fn stderr(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stderr).to_string()
}

/// The German's half after the Russian joined, his first packet not yet
/// received: the halves, and that packet.
fn joined() -> (Halves, PathBuf) {
    let mut h = Halves::new("I", GERMAN_INITIAL);
    h.join(RUSSIAN_INITIAL);
    let p = h.sent.last().unwrap().1.clone();
    (h, p)
}

/// A copy of `packet` in the test's folder, changed by `f`.
fn copy(h: &Halves, packet: &Path, name: &str, f: impl FnOnce(&Path)) -> PathBuf {
    let to = h.tmp.path().join(name);
    std::fs::copy(packet, &to).unwrap();
    f(&to);
    to
}

/// `votg receive` of `packet` on the German's half is refused saying
/// `why`, and changes nothing.
fn refused(h: &Halves, packet: &Path, why: &str) {
    let before = h.files("german");
    let o = crate::common::votg()
        .args(["receive", &h.path("german")])
        .arg(packet)
        .output()
        .unwrap();
    assert!(!o.status.success(), "{why}: received");
    let e = stderr(&o);
    assert!(e.contains(why), "expected `{why}`: {e}");
    assert!(e.contains("Nothing was changed"), "{e}");
    assert_eq!(h.files("german"), before, "{why}: the half changed");
}

#[test]
fn design_9_an_altered_packet_is_refused() {
    let (h, p) = joined();
    let bad = copy(&h, &p, "altered.votg", |q| {
        let text = std::fs::read_to_string(q).unwrap();
        std::fs::write(q, text.replacen("russian", "german", 1)).unwrap();
    });
    refused(&h, &bad, "altered");
}

#[test]
fn design_9_a_truncated_packet_is_refused() {
    let (h, p) = joined();
    let bad = copy(&h, &p, "cut.votg", |q| {
        let text = std::fs::read(q).unwrap();
        std::fs::write(q, &text[..text.len() * 2 / 3]).unwrap();
    });
    refused(&h, &bad, "truncated");
}

#[test]
fn design_9_a_packet_of_ones_own_side_is_refused() {
    let (h, _) = joined();
    let own = h.sent[0].1.clone();
    refused(&h, &own, "a packet of your own side");
}

#[test]
fn design_9_a_packet_of_another_campaign_is_refused() {
    let (h, _) = joined();
    let mut other = Halves::seeded("I", GERMAN_INITIAL, (8, 8));
    other.join(RUSSIAN_INITIAL);
    let foreign = other.sent.last().unwrap().1.clone();
    refused(&h, &foreign, "of another campaign");
}

#[test]
fn design_9_a_packet_from_another_votg_or_other_tables_is_refused() {
    let (h, p) = joined();
    let old = copy(&h, &p, "old.votg", |q| {
        tamper_body(q, |b| b["votg"] = serde_json::json!("0.0.9"));
    });
    refused(&h, &old, "written by votg 0.0.9");
    let tables = copy(&h, &p, "tables.votg", |q| {
        tamper_body(q, |b| b["tables"] = serde_json::json!("0".repeat(64)));
    });
    refused(&h, &tables, "other tables");
}

#[test]
fn design_9_a_replayed_or_out_of_order_packet_is_refused_and_the_latest_again_is_harmless() {
    let (mut h, p1) = joined();
    // Packet 2 of the Russian before his packet 1: out of order.
    h.deliver("german");
    h.refit("german", GERMAN_INITIAL);
    h.send("german");
    h.deliver("russian");
    h.refit("russian", RUSSIAN_INITIAL);
    let p2 = h.send("russian");
    let p2 = copy(&h, &p2, "russian-2.votg", |_| {});
    // The German received packet 1: packet 1 again is a replay once packet
    // 2 is in; packet 2 again is harmless.
    let fresh = {
        let (g, _) = joined();
        g
    };
    let early = copy(&fresh, &p2, "early.votg", |_| {});
    refused(&fresh, &early, "out of order");
    h.deliver("german");
    let before = h.files("german");
    let o = crate::common::votg()
        .args(["receive", &h.path("german")])
        .arg(&p2)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(String::from_utf8_lossy(&o.stdout).contains("received before; nothing to do"));
    assert_eq!(h.files("german"), before);
    refused(&h, &p1, "replayed");
}

#[test]
fn design_9_no_packet_holds_a_secret_of_its_side() {
    let h = initial("I", GERMAN_INITIAL, RUSSIAN_INITIAL);
    for side in ["german", "russian"] {
        let dir = h.dir(side);
        let dice = std::fs::read_to_string(dir.join(side).join("dice.toml")).unwrap();
        let t: toml::Table = toml::from_str(&dice).unwrap();
        let mut secrets = vec![t["seed"].as_str().unwrap().to_string()];
        for line in std::fs::read_to_string(dir.join(side).join("log.jsonl"))
            .unwrap()
            .lines()
        {
            let p: serde_json::Value = serde_json::from_str(line).unwrap();
            if let Some(salt) = p["salt"].as_str() {
                secrets.push(salt.to_string());
            }
            for r in p["rows"].as_array().into_iter().flatten() {
                if let Some(label) = r["label"].as_str() {
                    secrets.push(label.to_string());
                }
            }
            // The answers file committed: each line without quotes (as a
            // packet would carry it, inside an event's text).
            if let Some(standing) = p["standing"].as_str() {
                let lines = standing
                    .lines()
                    .filter(|l| l.contains(" = ") && !l.contains('"'));
                secrets.extend(lines.map(str::to_string));
            }
        }
        assert!(secrets.len() > 10, "{side}: {} secrets", secrets.len());
        for (_, packet) in &h.sent {
            let text = std::fs::read_to_string(packet).unwrap();
            for s in &secrets {
                assert!(
                    !text.contains(s.as_str()),
                    "{packet:?} holds a {side} secret: {s}"
                );
            }
            // A side's facts (its roster, purchases, counters) travel only
            // inside its commitments: an event's text quotes them as \".
            for fact in ["purchase", "counter", "roster-line"] {
                let quoted = format!("\\\"fact\\\":\\\"{fact}\\\"");
                assert!(
                    !text.contains(&quoted),
                    "{packet:?} holds a private fact {fact}"
                );
            }
        }
    }
}

#[test]
fn design_9_a_packet_that_would_change_the_receivers_own_files_is_refused() {
    let (h, p) = joined();
    // The Russian's 12.621 made to carry, in the open, a fact of the
    // German's Force Organizer.
    let bad = copy(&h, &p, "meddling.votg", |q| {
        crate::halves::tamper_packet(q, |events| {
            let e = events
                .iter_mut()
                .find(|e| e.contains("\"event\":\"step\""))
                .unwrap();
            let mut v: serde_json::Value = serde_json::from_str(e).unwrap();
            let facts = v["facts"].as_array_mut().unwrap();
            facts.push(serde_json::json!({"fact": "next-id", "side": "german", "next_id": 99}));
            *e = serde_json::to_string(&v).unwrap();
        });
    });
    refused(&h, &bad, "carries a side's private facts in the open");
}
