//! The CG IV campaign of `rosters/cg-iv/` (DESIGN §7: the campaign the
//! benchmark times), built as `rosters/cg-iv/make.sh` builds it: `votg new
//! --cg IV --seed 1`, then one `votg refit --answers NN.answers.toml` per
//! file in order. It must still play to CG IV's last CG Day (27 Sep, 12.54)
//! and verify whole; a rules change that refuses one of its answers fails
//! here, naming the file.

use std::path::{Path, PathBuf};

use crate::common::{load, votg};
use votg::model::chit::ScenarioType;
use votg::model::force::ForceBox;
use votg::model::side::Side;

/// `rosters/cg-iv/NN.answers.toml`, in order.
fn answers_files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("rosters/cg-iv");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with(".answers.toml"))
        .collect();
    files.sort();
    files
}

#[test]
fn cg_iv_campaign_reaches_its_last_cg_day_and_verifies_12_54() {
    let files = answers_files();
    // 00 (the Initial Scenario's RePh), 01, 02 … with no gap, each saying
    // at its top what happened that day.
    assert!(files.len() > 14, "{files:?}");
    for (i, f) in files.iter().enumerate() {
        let name = f.file_name().unwrap().to_string_lossy();
        assert_eq!(name, format!("{i:02}.answers.toml"));
        let text = std::fs::read_to_string(f).unwrap();
        assert!(text.starts_with("# "), "{name}: no comment at its top");
    }

    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("cg-iv");
    let d = dir.to_str().unwrap();
    votg()
        .args(["new", d, "--cg", "IV", "--seed", "1"])
        .assert()
        .success();
    for f in &files {
        let out = votg()
            .args(["refit", d, "--answers", f.to_str().unwrap()])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}: {}",
            f.display(),
            String::from_utf8_lossy(&out.stderr)
        );
    }

    // The last CG Day (12.54: 14-27 Sep), its scenario set up; the CG goes on.
    let s = load(&dir);
    assert_eq!(s.campaign.date, 27);
    assert!(s.campaign.result.is_none(), "{:?}", s.campaign.result);
    let status = votg().args(["status", d]).output().unwrap();
    let status = String::from_utf8_lossy(&status.stdout).to_string();
    assert!(status.contains("on 27 Sep"), "{status}");
    assert_eq!(
        status.matches("has finished the Refit Phase").count(),
        2,
        "{status}"
    );

    // A campaign as players make one: every kind of CG Day, every Attack
    // chit of the Russian (12.6251), purchases and losses on both sides.
    let days = &s.campaign.days;
    let kinds = |t: ScenarioType| days.iter().filter(|d| d.scenario_type == Some(t)).count();
    assert!(kinds(ScenarioType::GermanAssault) >= 4, "{days:?}");
    assert!(kinds(ScenarioType::RussianAssault) >= 3, "{days:?}");
    assert!(kinds(ScenarioType::DualAttack) >= 3, "{days:?}");
    assert!(kinds(ScenarioType::IdleDay) >= 2, "{days:?}");
    assert!(days.iter().any(|d| d.night), "a Night scenario (12.6254)");
    assert_eq!(s.campaign.russian_attack_chits_used, 8);
    for side in Side::BOTH {
        let lines = &s.side(side).roster.lines;
        let buying = lines.iter().filter(|l| !l.rgs.is_empty()).count();
        let fortifying = lines.iter().filter(|l| l.fpp_spent > 0).count();
        assert!(
            buying * 3 >= lines.len() * 2,
            "{side}: RGs bought on {buying} of {} lines",
            lines.len()
        );
        assert!(
            fortifying * 2 >= lines.len(),
            "{side}: fortified on {fortifying} of {} lines",
            lines.len()
        );
        let force = &s.side(side).force.counters;
        let lost = force
            .iter()
            .filter(|c| c.place == ForceBox::Casualties)
            .count();
        assert!(lost >= 40, "{side}: {lost} counters lost");
    }
    let journal = crate::common::all_journals(&dir);
    for what in [
        "Battle Hardens",
        "Escape",
        "Wreck Repair",
        "Fortification Removal",
        "Counterattack",
    ] {
        assert!(journal.contains(what), "no {what} in the journal");
    }

    let out = votg().args(["verify", d]).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("verified"), "{text}");
}
