//! `votg new` for each CG against the Initial OBs of 12.51–12.54, and the
//! reading commands.

use std::path::Path;

use predicates::prelude::*;
use votg::model::force::{ForceBox, UnitKind};
use votg::model::side::Side;
use votg::model::state::CampaignState;
use votg::model::weather::{Ec, Weather};
use votg::rules::initiative_matrix::Chit;

use crate::common::{load, votg};

fn new(dir: &Path, cg: &str) -> CampaignState {
    votg()
        .args(["new", dir.to_str().unwrap(), "--cg", cg, "--seed", "7"])
        .assert()
        .success();
    load(dir)
}

fn given(state: &CampaignState, side: Side, rg: &str) -> usize {
    state
        .side(side)
        .purchases
        .iter()
        .filter(|r| r.rg_id == rg && r.is_given())
        .count()
}

fn units(state: &CampaignState, side: Side, unit: &str, kind: UnitKind) -> u32 {
    state
        .side(side)
        .force
        .counters
        .iter()
        .filter(|i| i.unit == unit && i.kind == kind)
        .count() as u32
}

fn fortifications(state: &CampaignState, side: Side, name: &str) -> u32 {
    state
        .side(side)
        .force
        .counters
        .iter()
        .filter(|i| i.place == ForceBox::Fortifications && i.unit == name)
        .count() as u32
}

fn line(state: &CampaignState, side: Side) -> &votg::model::roster::RosterLine {
    &state.side(side).roster.lines[0]
}

#[test]
fn rule_12_52_cg_ii_initial_obs() {
    let dir = tempfile::tempdir().unwrap();
    let s = new(&dir.path().join("c"), "II");
    assert_eq!((s.campaign.date, s.campaign.night), (14, false));
    assert_eq!(
        s.campaign.step.german, "12.621",
        "12.5: the Initial Scenario begins at 12.621"
    );
    assert_eq!(s.campaign.step.russian, "12.621");
    let r = line(&s, Side::Russian);
    assert_eq!((r.cpp.left, r.fpp, r.elr, r.san), (19, 40, 3, 5));
    assert_eq!(
        given(&s, Side::Russian, "I5"),
        4,
        "four NKVD Militia Coy RGs"
    );
    assert_eq!(
        (
            given(&s, Side::Russian, "I3"),
            given(&s, Side::Russian, "I4"),
            given(&s, Side::Russian, "A3")
        ),
        (1, 1, 1)
    );
    assert_eq!(
        (
            given(&s, Side::Russian, "I2"),
            given(&s, Side::Russian, "A4")
        ),
        (3, 2)
    );
    assert_eq!(
        fortifications(&s, Side::Russian, "Fortified Building Location"),
        12
    );
    assert_eq!(fortifications(&s, Side::Russian, "Roadblock"), 8);
    assert_eq!(units(&s, Side::Russian, "4-4-7", UnitKind::Squad), 6);
    assert_eq!(units(&s, Side::Russian, "2-2-8", UnitKind::Crew), 2);
    assert_eq!(units(&s, Side::Russian, "82* MTR", UnitKind::Gun), 2);
    assert_eq!(units(&s, Side::Russian, "MMG", UnitKind::Sw), 1);
    // II-4: +4 to the OB-given Rifle Coy.
    let rifle = s
        .russian
        .purchases
        .iter()
        .find(|p| p.rg_id == "I3")
        .unwrap();
    assert!(rifle.other.contains("+4"), "{}", rifle.other);
    let g = line(&s, Side::German);
    assert_eq!(
        (g.cpp.left, g.support_cpp.unwrap().left, g.elr, g.san),
        (20, 6, 4, 3)
    );
    assert_eq!(
        given(&s, Side::German, "I1"),
        4,
        "Rifle Coy x2 + one each with IR 518 and IR 191"
    );
    assert_eq!(given(&s, Side::German, "I2"), 4);
    assert_eq!(given(&s, Side::German, "I3"), 2);
    assert_eq!(given(&s, Side::German, "I4"), 1);
    assert_eq!(given(&s, Side::German, "A1"), 2);
    assert_eq!(given(&s, Side::German, "A2"), 2);
    assert_eq!(
        (
            given(&s, Side::German, "A3"),
            given(&s, Side::German, "O2"),
            given(&s, Side::German, "B1")
        ),
        (1, 1, 1)
    );
    // 12.6216: given RGs never count against CG Max.
    assert!(
        s.german
            .purchases
            .iter()
            .all(|p| p.purchased_so_far.is_none())
    );
    let today = s.campaign.today().unwrap();
    assert_eq!(today.weather, Some(Weather::Clear));
    assert_eq!(today.ec, Some(Ec::Dry));
    assert_eq!(today.sets_up_first, Some(Side::Russian));
    assert_eq!(today.moves_first, Some(Side::German));
}

#[test]
fn rule_12_51_cg_i_initial_obs() {
    let dir = tempfile::tempdir().unwrap();
    let s = new(&dir.path().join("c"), "I");
    assert_eq!(s.campaign.date, 15);
    let r = line(&s, Side::Russian);
    assert_eq!((r.cpp.left, r.fpp, r.elr, r.san), (13, 40, 3, 5));
    assert_eq!(
        (
            given(&s, Side::Russian, "I5"),
            given(&s, Side::Russian, "I4")
        ),
        (1, 1)
    );
    assert_eq!(
        fortifications(&s, Side::Russian, "Fortified Building Location"),
        6
    );
    assert_eq!(units(&s, Side::Russian, "4-4-7", UnitKind::Squad), 3);
    assert_eq!(units(&s, Side::Russian, "4-2-6", UnitKind::Squad), 3);
    assert_eq!(units(&s, Side::Russian, "7-0", UnitKind::Leader), 1);
    assert_eq!(units(&s, Side::Russian, "ATR", UnitKind::Sw), 1);
    assert_eq!(units(&s, Side::Russian, "MMG", UnitKind::Sw), 1);
    assert_eq!(units(&s, Side::Russian, "82* MTR", UnitKind::Gun), 1);
    assert_eq!(
        s.russian
            .force
            .counters
            .iter()
            .filter(|i| i.kind == UnitKind::Vehicle)
            .count() as u32,
        1
    );
    // I-4: +3 to the given SMG Coy and NKVD Militia Coy.
    for rg in ["I4", "I5"] {
        let row = s.russian.purchases.iter().find(|p| p.rg_id == rg).unwrap();
        assert!(row.other.contains("+3"), "{rg}: {}", row.other);
    }
    let g = line(&s, Side::German);
    assert_eq!(
        (g.cpp.left, g.support_cpp.unwrap().left, g.elr, g.san),
        (14, 4, 4, 3)
    );
    for rg in ["I1", "I3", "I2", "A2"] {
        assert_eq!(given(&s, Side::German, rg), 1, "{rg}");
    }
    assert_eq!(s.german.purchases.len(), 4);
}

#[test]
fn rule_12_53_cg_iii_initial_obs() {
    let dir = tempfile::tempdir().unwrap();
    let s = new(&dir.path().join("c"), "III");
    assert_eq!(s.campaign.date, 23);
    let r = line(&s, Side::Russian);
    assert_eq!((r.cpp.left, r.fpp, r.elr, r.san), (16, 160, 3, 5));
    assert_eq!(
        given(&s, Side::Russian, "I1"),
        3,
        "Guards Rifle Coy x2 + one with 1/42 Guards"
    );
    assert_eq!(given(&s, Side::Russian, "I6"), 2);
    assert_eq!(given(&s, Side::Russian, "I2"), 3);
    assert_eq!(given(&s, Side::Russian, "I3"), 2);
    assert_eq!(
        (
            given(&s, Side::Russian, "I8"),
            given(&s, Side::Russian, "G1"),
            given(&s, Side::Russian, "I5")
        ),
        (1, 1, 1)
    );
    assert_eq!(
        fortifications(&s, Side::Russian, "Fortified Building Location"),
        12
    );
    // III-5: the NKVD Coy +4; every other given RG +2 except the Rifle Coys.
    for row in s.russian.purchases.iter() {
        match row.rg_id.as_str() {
            "I5" => assert!(row.other.contains("+4"), "{}", row.other),
            "I3" => assert!(!row.other.contains("Strength DRM"), "{}", row.other),
            _ => assert!(row.other.contains("+2"), "{} {}", row.rg_id, row.other),
        }
    }
    let g = line(&s, Side::German);
    assert_eq!(
        (g.cpp.left, g.support_cpp.unwrap().left, g.fpp, g.elr, g.san),
        (19, 6, 120, 4, 3)
    );
    assert_eq!(
        (
            given(&s, Side::German, "I1"),
            given(&s, Side::German, "I2"),
            given(&s, Side::German, "I3")
        ),
        (5, 5, 4)
    );
    assert_eq!(
        (
            given(&s, Side::German, "I4"),
            given(&s, Side::German, "A1"),
            given(&s, Side::German, "A2")
        ),
        (1, 1, 1)
    );
    assert!(s.german.purchases.iter().all(|p| p.other.contains("+2")));
    // III-2: a Dual Attack; both chits Attack (12.5, C15).
    let today = s.campaign.today().unwrap();
    assert_eq!(today.german_chit, Some(Chit::Attack));
    assert_eq!(today.russian_chit, Some(Chit::Attack));
    assert_eq!(today.sets_up_first, None, "III-2: a dr decides");
}

#[test]
fn rule_12_54_cg_iv_uses_cg_ii_initial_scenario() {
    let dir = tempfile::tempdir().unwrap();
    let iv = new(&dir.path().join("iv"), "IV");
    let ii = new(&dir.path().join("ii"), "II");
    assert_eq!(iv.campaign.date, 14);
    assert_eq!(iv.german.purchases.len(), ii.german.purchases.len());
    assert_eq!(
        iv.russian.roster.lines[0].cpp,
        ii.russian.roster.lines[0].cpp
    );
    assert_eq!(iv.russian.force, ii.russian.force);
    assert_eq!(iv.campaign.cg, votg::model::side::Cg::IV);
    // #R counts CG IV's maxima, not CG II's: I1 Guards has 10 in both, I3 Rifle Coy 6 in CG IV.
    let rifle = |s: &CampaignState| {
        s.russian
            .purchases
            .iter()
            .find(|p| p.rg_id == "I3")
            .unwrap()
            .remaining
    };
    assert_eq!((rifle(&ii), rifle(&iv)), (Some(2), Some(6)));
}

#[test]
fn new_refuses_a_used_folder_and_unknown_cg() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("keep.txt"), "mine").unwrap();
    votg()
        .args(["new", dir.path().to_str().unwrap(), "--cg", "I"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("not empty"));
    assert_eq!(
        std::fs::read_to_string(dir.path().join("keep.txt")).unwrap(),
        "mine"
    );
    votg()
        .args(["new", dir.path().join("x").to_str().unwrap(), "--cg", "V"])
        .assert()
        .code(2);
}

#[test]
fn reading_commands_show_each_sheet() {
    let dir = tempfile::tempdir().unwrap();
    let c = dir.path().join("c");
    new(&c, "II");
    let c = c.to_str().unwrap();
    votg()
        .args(["status", c])
        .assert()
        .success()
        .stdout(predicate::str::contains("Drive to the Volga"))
        .stdout(predicate::str::contains("12.621"));
    votg()
        .args(["roster", c, "--side", "russian"])
        .assert()
        .success()
        .stdout(predicate::str::contains("19"));
    votg()
        .args(["roster", c, "--side", "german", "--format", "csv"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with(
            "Date,D/N,Scen,Hist DRM,CPP Start",
        ));
    votg()
        .args(["purchases", c, "--side", "russian", "--format", "csv"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with(
            "cg_day,rg_id,group_type,purchased_so_far,entry_code,remaining,strength,units,hmg,mmg,lmg,atr,lt_mtr,ft,dc,guns,leaders,other,on_board",
        ));
    votg()
        .args(["purchases", c, "--side", "german"])
        .assert()
        .success()
        .stdout(predicate::str::contains("Stösstruppe"));
    votg()
        .args(["force", c, "--side", "russian"])
        .assert()
        .success()
        .stdout(predicate::str::contains("Fortified Building"));
    votg()
        .args(["log", c])
        .assert()
        .success()
        .stdout(predicate::str::contains("created"));
    // Private sheets need --side.
    votg().args(["roster", c]).assert().code(2);
}
