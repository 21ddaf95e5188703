//! The counter-level Force Organizer (DESIGN §3, `force.toml` schema 2):
//! stable, unique ids through every step and undo; `votg force` as text,
//! CSV and JSON; a campaign written by the first release (schema 1) opens
//! by migration and goes on.

use crate::common::{Camp, copy_all, load, snapshot, votg};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use votg::model::force::{CounterId, ForceBox, UnitKind};
use votg::model::side::Side;
use votg::model::state::CampaignState;

const WALKTHROUGH: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/rosters/cg-i-walkthrough.answers.toml"
);
const SCHEMA_1: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/schema-1-cg-i-walkthrough"
);

fn campaign_files(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    snapshot(dir)
        .into_iter()
        .filter(|(k, _)| !k.starts_with(".votg"))
        .collect()
}

/// Every counter of both sides by id: (unit, kind, RG row).
fn counters(s: &CampaignState) -> BTreeMap<CounterId, (String, UnitKind, Option<usize>)> {
    Side::BOTH
        .iter()
        .flat_map(|&side| s.side(side).force.counters.iter())
        .map(|c| (c.id, (c.unit.to_string(), c.kind, c.rg_row)))
        .collect()
}

/// Ids are unique, of their side, below `next_id`; ids of `before` are kept
/// by the same counters.
fn check_ids(s: &CampaignState, before: &BTreeMap<CounterId, (String, UnitKind, Option<usize>)>) {
    for side in Side::BOTH {
        let f = &s.side(side).force;
        let ids: BTreeSet<CounterId> = f.counters.iter().map(|c| c.id).collect();
        assert_eq!(ids.len(), f.counters.len(), "{side}: ids are unique");
        assert!(
            ids.iter().all(|id| id.side == side && id.n < f.next_id),
            "{side}: ids are the side's and below next_id"
        );
    }
    let now = counters(s);
    for (id, was) in before {
        assert_eq!(now.get(id), Some(was), "{id} is kept by the same counter");
    }
}

#[test]
fn design_3_counter_ids_stay_stable_and_unique_across_steps_and_undo() {
    let c = Camp::new("I");
    let mut seen = counters(&c.state());
    assert!(!seen.is_empty(), "the Initial OB has counters");
    check_ids(&c.state(), &BTreeMap::new());
    // Every step of each side keeps every id of the steps before it.
    for side in ["german", "russian"] {
        votg()
            .args(["refit", c.path(), "--side", side, "--answers", WALKTHROUGH])
            .assert()
            .success();
        let s = c.state();
        check_ids(&s, &seen);
        assert!(counters(&s).len() > seen.len(), "{side}: new counters");
        seen = counters(&s);
    }
    // Undo back to before the Russian 12.622 and do it again: the same dice
    // (DESIGN §3), so the same counters with the same ids.
    let done = c.views();
    for _ in 0..4 {
        votg().args(["undo", c.path()]).assert().success();
    }
    let back = c.state();
    assert_eq!(back.campaign.step.russian, "12.622");
    assert!(counters(&back).len() < seen.len());
    check_ids(&back, &BTreeMap::new());
    votg()
        .args([
            "refit",
            c.path(),
            "--side",
            "russian",
            "--answers",
            WALKTHROUGH,
        ])
        .assert()
        .success();
    assert_eq!(c.views(), done);
}

#[test]
fn design_4_force_csv_has_one_row_per_counter_with_its_id_first() {
    let c = Camp::new("II");
    let s = c.state();
    let out = votg()
        .args(["force", c.path(), "--side", "russian", "--format", "csv"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some("id,unit,kind,box,rg,rg_row,condition,note,repair")
    );
    let ids: Vec<&str> = lines.map(|l| l.split(',').next().unwrap()).collect();
    let expected: Vec<String> = s
        .russian
        .force
        .counters
        .iter()
        .map(|c| c.id.to_string())
        .collect();
    assert_eq!(ids, expected);
    assert!(ids.iter().all(|id| id.starts_with("R-")));
}

#[test]
fn design_4_force_json_is_one_document_of_the_counters() {
    let c = Camp::new("III");
    let out = votg()
        .args(["force", c.path(), "--side", "russian", "--format", "json"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
    let s = c.state();
    let counters = v["counters"].as_array().unwrap();
    assert_eq!(counters.len(), s.russian.force.counters.len());
    assert_eq!(v["side"], "russian");
    // III-4: a Pocket's counters are Isolated in a named area, with
    // Ammunition Shortage.
    assert!(counters.iter().any(|c| {
        let cond = c["condition"].as_array();
        cond.is_some_and(|x| {
            x.iter().any(|k| k == "ammo-shortage")
                && x.iter().any(|k| k["isolated"].as_str().is_some())
        })
    }));
}

#[test]
fn design_3_text_sheet_shows_ids_box_by_box() {
    let c = Camp::new("I");
    votg()
        .args(["force", c.path(), "--side", "russian"])
        .assert()
        .success()
        .stdout(predicates::str::contains("Retained:\n  R-1 "))
        .stdout(predicates::str::contains("3 x 4-4-7"))
        .stdout(predicates::str::contains("[Immobilized"))
        .stdout(predicates::str::contains("Fortification counters:"));
}

/// The schema-1 campaign, moved by hand to the next CG Day at 12.621, as
/// `votg refit` tells players to do after 12.601-12.620 at the table.
fn next_cg_day(dir: &Path) {
    let edit = |name: &str, f: &dyn Fn(String) -> String| {
        let p = dir.join(name);
        let text = std::fs::read_to_string(&p).unwrap();
        std::fs::write(&p, f(text)).unwrap();
    };
    edit("campaign.toml", &|t| {
        t.replacen(
            "date = 15\nnight = false\nscenario = 1\n",
            "date = 16\nnight = false\nscenario = 2\n",
            1,
        )
        .replace("occasion = \"initial\"", "occasion = \"after-scenario\"")
        .replace(
            "german = \"done\"\nrussian = \"done\"",
            "german = \"12.621\"\nrussian = \"12.621\"",
        )
        .replacen("[[days]]\n", "[[days]]\nvictor = \"german\"\n", 1)
            + "\n[[days]]\ndate = 16\nweather = \"clear\"\nec = \"dry\"\n"
    });
    for (side, extra) in [
        ("german", "[lines.support_cpp]\nstart = 0\nleft = 0\n"),
        ("russian", ""),
    ] {
        edit(&format!("{side}/roster.toml"), &|t| {
            format!(
                "{t}\n[[lines]]\ndate = 16\nscenario = 2\nhist_drm = 0\nelr = 3\nsan = 3\n\n[lines.cpp]\nstart = 5\nleft = 5\n{extra}"
            )
        });
    }
}

#[test]
fn design_3_a_schema_1_campaign_opens_by_migration_and_goes_on() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("campaign");
    copy_all(Path::new(SCHEMA_1), &dir);
    let d = dir.to_str().unwrap();
    assert!(
        std::fs::read_to_string(dir.join("german/force.toml"))
            .unwrap()
            .starts_with("schema = 1\n"),
        "the kept campaign is schema 1"
    );
    let before = campaign_files(&dir);
    let said = votg().args(["status", d]).assert().success();
    let stderr = String::from_utf8(said.get_output().stderr.clone()).unwrap();
    assert_eq!(
        stderr.matches("german/force.toml is schema 1").count(),
        1,
        "said once: {stderr}"
    );
    assert!(stderr.contains("russian/force.toml is schema 1"));
    votg()
        .args(["force", d, "--side", "german"])
        .assert()
        .success()
        .stdout(predicates::str::contains("G-1..G-12   12 x 4-6-7"));
    votg()
        .args(["roster", d, "--side", "russian"])
        .assert()
        .success();
    let json = votg()
        .args(["force", d, "--side", "russian", "--format", "json"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let v: serde_json::Value = serde_json::from_slice(&json).expect("stdout is only JSON");
    assert_eq!(v["schema"], 2);
    assert_eq!(campaign_files(&dir), before, "reading writes nothing");
    let migrated = load(&dir);
    let old_ids = counters(&migrated);
    assert_eq!(migrated.german.force.counters.len(), 48);
    assert_eq!(migrated.german.force.next_id, 49);
    // A step: the German buys an Offboard Observer, which joins the Force
    // Organizer at once. Both files are written in schema 2, the migrated
    // ids kept, the new counter the next id.
    next_cg_day(&dir);
    // Imported (by its first writer), its views in this votg's form.
    votg()
        .args(["adjust", d, "--side", "both", "--discard"])
        .assert()
        .success();
    let edited = crate::common::views(&dir);
    votg()
        .args(["buy", d, "--side", "german", "O5"])
        .assert()
        .success();
    let after = load(&dir);
    check_ids(&after, &old_ids);
    let observer = after.german.force.get(CounterId::new(Side::German, 49));
    assert_eq!(
        observer.map(|c| (c.rg.as_deref(), c.place)),
        Some((Some("O5"), ForceBox::Retained))
    );
    for side in ["german", "russian"] {
        let bytes = std::fs::read(dir.join(format!("{side}/force.toml"))).unwrap();
        let text = String::from_utf8_lossy(crate::common::unmarked(&bytes)).into_owned();
        assert!(text.starts_with("schema = 2\n"), "{side}: {text}");
    }
    votg().args(["status", d]).assert().success().stderr("");
    // Undo gives the imported campaign's views back, byte for byte.
    votg().args(["undo", d]).assert().success();
    assert_eq!(crate::common::views(&dir), edited);
}

#[test]
fn design_3_a_log_of_a_newer_schema_is_refused_unchanged() {
    let c = Camp::new("I");
    let p = c.dir.join("log.jsonl");
    let text = std::fs::read_to_string(&p).unwrap();
    std::fs::write(&p, text.replacen("\"schema\":3", "\"schema\":4", 1)).unwrap();
    let before = c.campaign_files();
    votg()
        .args(["force", c.path(), "--side", "german"])
        .assert()
        .code(1)
        .stderr(predicates::str::contains("log.jsonl"))
        .stderr(predicates::str::contains("schema 4"));
    assert_eq!(c.campaign_files(), before);
}
