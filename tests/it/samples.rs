//! The sample campaigns in rosters/ (the README walkthrough) stay valid and
//! are exactly what `rosters/make-samples.sh` makes with this votg.

use crate::common::{copy_campaign, load, snapshot, votg};
use std::path::{Path, PathBuf};

fn sample(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("rosters")
        .join(name)
}

fn files(dir: &Path) -> std::collections::BTreeMap<String, Vec<u8>> {
    snapshot(dir)
        .into_iter()
        .filter(|(k, _)| !k.starts_with(".votg"))
        .collect()
}

#[test]
fn samples_load_and_read() {
    for name in ["cg-i-new", "cg-i-walkthrough", "cg-i-aftermath"] {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join(name);
        copy_campaign(&sample(name), &dir);
        let state = load(&dir);
        assert_eq!(state.campaign.cg, votg::model::side::Cg::I);
        let d = dir.to_str().unwrap();
        votg().args(["status", d]).assert().success();
        for side in ["german", "russian"] {
            votg()
                .args(["roster", d, "--side", side])
                .assert()
                .success();
            votg()
                .args(["purchases", d, "--side", side])
                .assert()
                .success();
            votg().args(["force", d, "--side", side]).assert().success();
            votg().args(["log", d, "--side", side]).assert().success();
        }
    }
}

#[test]
fn samples_are_what_make_samples_makes() {
    let tmp = tempfile::tempdir().unwrap();
    let new = tmp.path().join("cg-i-new");
    let walk = tmp.path().join("cg-i-walkthrough");
    votg()
        .args(["new", new.to_str().unwrap(), "--cg", "I", "--seed", "1942"])
        .assert()
        .success();
    votg()
        .args(["new", walk.to_str().unwrap(), "--cg", "I", "--seed", "1942"])
        .assert()
        .success();
    let refit = |dir: &Path, name: &str, until: &[&str]| {
        let answers = sample(&format!("{name}.answers.toml"));
        let dice = sample(&format!("{name}.dice"));
        votg()
            .args([
                "--dice-file",
                dice.to_str().unwrap(),
                "refit",
                dir.to_str().unwrap(),
            ])
            .args(["--answers", answers.to_str().unwrap()])
            .args(until)
            .assert()
            .success();
    };
    refit(&walk, "cg-i-walkthrough", &[]);
    let after = tmp.path().join("cg-i-aftermath");
    copy_campaign(&walk, &after);
    refit(&after, "cg-i-aftermath", &["--until", "12.613"]);
    assert_eq!(
        files(&after),
        files(&sample("cg-i-aftermath")),
        "rosters/cg-i-aftermath is stale: run rosters/make-samples.sh"
    );
    let partway = tmp.path().join("cg-i-partway");
    copy_campaign(&walk, &partway);
    for n in 1..=2 {
        refit(&partway, &format!("cg-i-partway.{n}"), &[]);
    }
    assert_eq!(
        files(&partway),
        files(&sample("cg-i-partway")),
        "rosters/cg-i-partway is stale: run rosters/make-samples.sh"
    );
    assert_eq!(
        files(&new),
        files(&sample("cg-i-new")),
        "rosters/cg-i-new is stale: run rosters/make-samples.sh"
    );
    assert_eq!(
        files(&walk),
        files(&sample("cg-i-walkthrough")),
        "rosters/cg-i-walkthrough is stale: run rosters/make-samples.sh"
    );
}
