//! DESIGN §3, §5: nothing the other side can read depends on a side's
//! secrets: not a value, a count, a size or an unkeyed digest. The German
//! buys one RG or three, by `votg buy` and in `votg refit`: every file
//! outside `german/` (`.votg/` too) is the same, but for the salted
//! commitments and chain hashes (each 64 hex digits).
#![cfg(unix)]

use std::collections::BTreeMap;
use std::path::Path;

use crate::common::{Camp, snapshot};
use crate::store_hook::ok;

/// Every file outside `german/`, each 64-hex-digit hash made `#`.
fn shared(dir: &Path) -> BTreeMap<String, String> {
    snapshot(dir)
        .into_iter()
        .filter(|(k, _)| !k.starts_with("german/"))
        .map(|(k, v)| (k, hashes_out(&String::from_utf8_lossy(&v))))
        .collect()
}

fn hashes_out(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut run = String::new();
    for c in text.chars() {
        if c.is_ascii_hexdigit() {
            run.push(c);
            continue;
        }
        out.push_str(if run.len() == 64 { "#" } else { &run });
        run.clear();
        out.push(c);
    }
    out.push_str(if run.len() == 64 { "#" } else { &run });
    out
}

fn same(a: &BTreeMap<String, String>, b: &BTreeMap<String, String>) {
    let names: Vec<&String> = a.keys().chain(b.keys()).collect();
    for n in names {
        assert_eq!(a.get(n), b.get(n), "{n} tells what the German bought");
    }
}

const ONE: &[&str] = &["I1"];
const THREE: &[&str] = &["I1", "I2", "A1"];

#[test]
fn store_what_a_side_buys_with_votg_buy_leaves_no_trace_in_a_shared_file() {
    let base = Camp::new("I");
    let (a, b) = (base.copy(), base.copy());
    for (c, buys) in [(&a, ONE), (&b, THREE)] {
        let mut args = vec!["buy", "DIR", "--side", "german"];
        args.extend(buys);
        ok(&c.dir, &args);
    }
    same(&shared(&a.dir), &shared(&b.dir));
    // The German's own files say what he bought; the public log does not.
    let log = std::fs::read_to_string(b.dir.join("log.jsonl")).unwrap();
    assert!(!log.contains("A1") && !log.contains("purchases"), "{log}");
    let purchases = std::fs::read_to_string(b.dir.join("german/purchases.csv")).unwrap();
    assert!(purchases.contains("A1"));
    for c in [&a, &b] {
        ok(&c.dir, &["verify", "DIR"]);
    }
}

#[test]
fn store_what_a_side_buys_in_refit_leaves_no_trace_in_a_shared_file() {
    let base = Camp::new("I");
    let mut got = Vec::new();
    for buys in [ONE, THREE] {
        let c = base.copy();
        let list: Vec<String> = buys.iter().map(|b| format!("\"{b}\"")).collect();
        let answers = c.file(
            "a.toml",
            &format!(
                "[german]\nbuy = [{}]\nfortify = []\nrecon = 0\n",
                list.join(", ")
            ),
        );
        ok(
            &c.dir,
            &[
                "refit",
                "DIR",
                "--side",
                "german",
                "--until",
                "12.622",
                "--answers",
                &answers,
            ],
        );
        got.push(shared(&c.dir));
        ok(&c.dir, &["verify", "DIR"]);
    }
    same(&got[0], &got[1]);
}

#[test]
fn store_no_digest_of_a_view_is_kept_where_the_other_side_reads() {
    let c = Camp::new("I");
    ok(&c.dir, &["buy", "DIR", "--side", "german", "I1"]);
    assert!(!c.dir.join(".votg/views.toml").exists());
    let old = c.copy();
    // A campaign of an older votg kept them: the first writer removes them.
    std::fs::write(
        old.dir.join(".votg/views.toml"),
        "event = 2\n[written]\n\"german/purchases.csv\" = \"00\"\n",
    )
    .unwrap();
    ok(&old.dir, &["buy", "DIR", "--side", "russian", "I5"]);
    assert!(!old.dir.join(".votg/views.toml").exists());
}

#[test]
fn store_a_campaign_whose_old_buys_are_in_clear_says_so_when_split() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("old");
    crate::common::copy_campaign(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/schema-3-buy-in-clear"),
        &dir,
    );
    ok(&dir, &["verify", "DIR"]);
    // A purchase made now is committed, not named.
    ok(&dir, &["buy", "DIR", "--side", "german", "A1"]);
    let log = std::fs::read_to_string(dir.join("log.jsonl")).unwrap();
    let last = log.lines().last().unwrap();
    assert!(
        !last.contains("A1") && !last.contains("purchases"),
        "{last}"
    );
    ok(&dir, &["verify", "DIR"]);
    let out = crate::store_hook::run(
        &dir,
        &[
            "split",
            "DIR",
            "--side",
            "german",
            "--out",
            tmp.path().join("his").to_str().unwrap(),
        ],
        "",
    );
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        said.contains("purchases of `votg buy` in the public log"),
        "{said}"
    );
    assert!(said.contains("event(s) 2, 3"), "{said}");
}
