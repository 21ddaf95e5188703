//! The CG II Initial Scenario's Refit Phase, scripted (answers + dice in
//! tests/data/). The dice file is commented below row by row; every figure is
//! worked by hand from the rules for those dice.

use crate::common::{Camp, votg};
use predicates::prelude::*;
use votg::model::force::{ForceBox, UnitKind};
use votg::model::side::Side;

fn run_scripted() -> Camp {
    let c = Camp::new("II");
    let answers = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/cg-ii-initial.answers.toml"
    );
    let dice = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/cg-ii-initial.dice");
    votg()
        .args(["--dice-file", dice, "refit", c.path(), "--answers", answers])
        .assert()
        .success();
    c
}

#[test]
fn rule_12_52_cg_ii_initial_scenario_scripted() {
    let c = run_scripted();
    let s = c.state();
    let gp = &s.german.purchases;
    let rp = &s.russian.purchases;
    let strength = |rows: &[votg::model::purchase_record::PurchaseRow]| {
        rows.iter().map(|r| r.strength.clone()).collect::<Vec<_>>()
    };

    // 12.621 German (20 CPP, 6 Support CPP; 14 Sep Historical DRM 0):
    // I1 code=green: 7 CPP (Blue and Green are both open on 14 Sep, so code= is needed, C10).
    // S1: 1 from Support. O2 prereg=2 creeping: 4 + 2 (note p) + 2 (50% of 4 FRU, C12) = 8:
    // 5 Support + 3 CPP. CPP left 20 - 7 - 3 = 10; Support 0.
    let g = s.german.roster.current().unwrap();
    assert_eq!(
        (g.cpp.spent, g.cpp.left, g.support_cpp.unwrap().left),
        (10, 10, 0)
    );
    assert_eq!(gp[18].entry_code, "green");
    assert_eq!(gp[20].other, "Pre-Reg hex x2; Creeping Barrage");
    // 12.622 German, strength DRs with no DRM on 14 Sep:
    // I1 1+1=2 RS; I1 3+4=7 LD; HW 6+6=12 D; I2 1+2 F; I2 5+5 D; A1 2+2 F; O2 4+5=9 Scarce;
    // I3 2+3 F; I3 4+4 F; A2 6+3 D; (B1 none); A3 1+2 F; A1 6+5 D; A2 1+3 F; I1 2+4=6 FS;
    // I2 4+4 F; I1 5+5=10 MD; I2 6+4 D; bought I1 2+1 FS; (S1 none); bought O2 1+1 Plentiful.
    assert_eq!(
        strength(gp),
        [
            "RS", "LD", "D", "F", "D", "F", "S", "F", "F", "D", "", "F", "D", "F", "FS", "F", "MD",
            "D", "FS", "", "P"
        ]
    );
    // Rifle Coy RS: 15 4-6-7, all SW + @ LMG; leaders 2+2 -1 RS = 3: 10-2, 8-1, 7-0 + † extra 7-0.
    assert_eq!(
        (gp[0].units, gp[0].lmg, gp[0].leaders.as_str()),
        (Some(15), Some(2), "10-2, 8-1, 7-0, 7-0")
    );
    // Rifle Coy LD: 12 of which 3 ELR Replaced (12³) to 4-4-7 (C16); SW dr <= 4: ATR 1, HMG 2,
    // LMG 3, Lt MTR 4 received, MMG 5 forfeit; leaders 5+4 = 9: 9-1, 8-0.
    assert_eq!(
        (gp[1].units, gp[1].hmg, gp[1].mmg, gp[1].leaders.as_str()),
        (Some(12), Some(1), None, "9-1, 8-0")
    );
    // HW Pltn Depleted: Original dr 4,5,6,4,5,6: none; fewer than two, so all six again (12.6223):
    // 1 (HMG), 6, 6, 6, 6, 2 (second 81mm MTR): two Weapons with a 1-2-7 and a 2-2-8 crew.
    assert_eq!(
        (gp[2].units, gp[2].hmg, gp[2].guns.as_str()),
        (Some(2), Some(1), "81*mm MTR")
    );
    // Stösstruppe F: leader 6+6 -1 = 11: 7-0. Depleted: DC 4, LMG 4 kept; leader 3+4 -1 +1 = 7: 8-1.
    assert_eq!(
        (
            gp[3].leaders.as_str(),
            gp[4].leaders.as_str(),
            gp[4].dc,
            gp[4].lmg
        ),
        ("7-0", "8-1", Some(1), Some(1))
    );
    // StuG B F, armor leader 1+1 -1 = 1: 10-2. StuG G D: 3+3 -1 = 5: 8-1. Later A1 D 4+4-1 = 7, A2 F 6+6-1: none.
    assert_eq!(
        (
            gp[5].leaders.as_str(),
            gp[9].leaders.as_str(),
            gp[12].leaders.as_str()
        ),
        ("10-2 (armor)", "8-1 (armor)", "")
    );
    // leichte FlaK: no armor leader (12.6227 EXC).
    assert_eq!((gp[11].units, gp[11].leaders.as_str()), (Some(3), ""));
    // Rifle Coy MD: 9 squads; SW drs +1: ATR 3 (4), HMG 4 (5 no), LMG 1, Lt MTR 6 (7 no), MMG 2; leaders 3+3 +1 = 7.
    assert_eq!(
        (
            gp[16].units,
            gp[16].hmg,
            gp[16].lt_mtr,
            gp[16].leaders.as_str()
        ),
        (Some(9), None, None, "9-1, 8-1, 7-0")
    );

    // 12.621 Russian (19 CPP): I3 5 (Yellow, the only code open), G1 4 (Yellow), M1 1 (+40 FPP): 9 left.
    let r = s.russian.roster.current().unwrap();
    assert_eq!((r.cpp.left, r.fpp, r.fpp_spent), (9, 80, 78));
    assert_eq!(
        (rp[12].entry_code.as_str(), rp[13].entry_code.as_str()),
        ("yellow", "yellow")
    );
    // 12.622 Russian: I5 1+1 RS; I5 4+5 MD; I5 3+3 FS; I5 6+6 HD; Rifle Coy 1+2 +4 (II-4) = 7 LD;
    // SMG Coy 2+1 FS; T-34 5+3 F; Guards SMG 2+2 F, 6+5 D, 3+4 F; KV-1 4+4 F, 5+5 D; bought I3 1+1 RS; G1 4+4 = 8 D.
    assert_eq!(
        strength(rp),
        [
            "RS", "MD", "FS", "HD", "LD", "FS", "F", "F", "D", "F", "F", "D", "RS", "D", ""
        ]
    );
    // NKVD RS: ‡ dr 4 Lt MTR; commissars 3+3 -1 = 5: 10-0, 8+1. FS: ‡ 6; 2+2 = 4: 9-0 x2.
    assert_eq!(
        (
            rp[0].leaders.as_str(),
            rp[2].leaders.as_str(),
            rp[3].leaders.as_str()
        ),
        ("10-0, 8+1", "9-0, 9-0", "8+1")
    );
    // Rifle Coy LD: SW drs ATR 5 no, HMG 4, LMG 3, Lt MTR 2, MMG 1; leaders 6+5 +1 LD = 12: 7-0.
    assert_eq!(
        (rp[4].atr, rp[4].hmg, rp[4].leaders.as_str()),
        (None, Some(1), "7-0")
    );
    // SMG Coy: 4+3 +1 SMG Coy = 8: 8-0, 7-0.
    assert_eq!(rp[5].leaders, "8-0, 7-0");
    // Guards SMG Pltns: "@" NA (II-4), so no gate dr; † drs 5 DC, 1 LMG (then its Depleted dr 4), 3 LMG;
    // leaders 1+2 = 3: 9-2; 3+3 +1 Depleted = 7: 8-0; 6+5 = 11: 6+1.
    assert_eq!(
        (rp[7].dc, rp[8].lmg, rp[9].lmg),
        (Some(1), Some(1), Some(1))
    );
    assert_eq!(
        (
            rp[7].leaders.as_str(),
            rp[8].leaders.as_str(),
            rp[9].leaders.as_str()
        ),
        ("9-2", "8-0", "6+1")
    );
    // KV-1: F, 2+2 +1 Russian = 5: 8-1; D (1 AFV), 5+6 +1 = 12: Inexperienced.
    assert_eq!(
        (rp[10].units, rp[11].units, rp[11].leaders.as_str()),
        (Some(2), Some(1), "Inexperienced")
    );
    // Bought Rifle Coy RS: 15 4-4-7, @ LMG; 2+1 -1 RS = 2: 10-2, 8-1 + † 7-0.
    assert_eq!(
        (rp[12].units, rp[12].lmg, rp[12].leaders.as_str()),
        (Some(15), Some(2), "10-2, 8-1, 7-0")
    );
    // AT Battery Depleted: one less of each type (12.6224 *).
    assert_eq!(rp[13].guns, "45L AT, 45LL AT");

    let count = |side: Side, unit: &str, kind: UnitKind| -> u32 {
        s.side(side)
            .force
            .counters
            .iter()
            .filter(|i| i.unit == unit && i.kind == kind)
            .count() as u32
    };
    // Note x, mortar_deploy = true: one squad per two (FRU) Lt MTR Deploys: NKVD RS and FS one 4-2-6 each
    // (2 x 2-2-6 each), the given Rifle Coy and the bought one a 4-4-7 each (2 x 2-2-7 each).
    assert_eq!(count(Side::Russian, "2-2-6", UnitKind::Hs), 4);
    assert_eq!(count(Side::Russian, "2-2-7", UnitKind::Hs), 4);
    // SSR II-4: the NKVD Leader Table DR 6+6 -1 = 11: a 9-0 Commissar for the HQ Security Company.
    let hq: Vec<_> = s
        .russian
        .force
        .counters
        .iter()
        .filter(|i| i.note.contains("62nd Army HQ"))
        .collect();
    assert_eq!(
        (hq.len(), hq[0].unit.as_str(), hq[0].kind, hq[0].place),
        (1, "9-0", UnitKind::Commissar, ForceBox::Entering)
    );
    // The KV-1s of the HQ group enter (their group enters from the south edge).
    assert!(
        s.russian
            .force
            .counters
            .iter()
            .any(|i| i.unit == "KV-1 M42" && i.place == ForceBox::Entering)
    );
    // Given Bombardment: in the OB from the start.
    assert!(
        s.german
            .force
            .counters
            .iter()
            .any(|i| i.rg.as_deref() == Some("B1"))
    );

    // 12.623 Russian: 80 FPP: 3 FB Locations 30 + Roadblock 12 + 10 A-P factors x3 = 30 + HIP 2 squads x3 = 6: 78, 2 forfeit.
    assert_eq!(r.fortifications.len(), 4);
    // 12.624: German 2 CPP: dr 3 +3 = 6 Locations, next Start 10 - 2 = 8; Russian 1 CPP: 5 +1
    // +1 Stealthy (his Elite and 1st Line squads are most of his force, VotG16) = 7.
    assert_eq!((g.recon, g.recon_cpp), (Some(6), 2));
    assert_eq!((r.recon, r.recon_cpp), (Some(7), 1));
}

#[test]
fn rule_12_52_cg_ii_refusals() {
    let c = Camp::new("II");
    let before = c.snapshot();
    let refused = |side: &str, purchase: &str, needle: &str| {
        votg()
            .args(["buy", c.path(), "--side", side, purchase])
            .assert()
            .code(1)
            .stderr(predicate::str::contains(needle));
    };
    // C10/12.6217: two codes open, code= required, choices listed.
    refused("german", "I1", "code=blue (5 left), code=green (2 left)");
    // Red only from the night of 14 Sep.
    refused("russian", "I1", "from the night of 14 Sep");
    refused("russian", "I1 code=red", "from the night of 14 Sep");
    // Purple only from 20 Sep.
    refused(
        "german",
        "I1 code=purple",
        "no purple Entry Code available now",
    );
    // SSR II-3.
    refused("german", "M2", "SSR II-3");
    refused("german", "I2 reserve", "SSR II-3");
    // C13: 14 Sep day, Russian Historical DRM 0: two Coy.
    votg()
        .args(["buy", c.path(), "--side", "russian", "I3", "I3", "I4"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("12.6215"));
    assert_eq!(c.snapshot(), before);
}

#[test]
fn rule_12_52_ii3_german_fortifications_and_ii4_no_commissar_exchange() {
    let c = Camp::new("II");
    let dice = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/cg-ii-initial.dice");
    // II-3: the German may buy only "?" (and has no FPP here anyway: the SSR refuses first).
    let answers = c.file(
        "a.toml",
        "[german]\nbuy = [\"I1 code=green\", \"S1\", \"O2 prereg=2 creeping\"]\nfortify = [\"trench\"]\nrecon = 0\n[russian]\nbuy = [\"I3\", \"G1\", \"M1\"]\nmortar_deploy = true\nfortify = []\nrecon = 0\n",
    );
    votg()
        .args([
            "--dice-file",
            dice,
            "refit",
            c.path(),
            "--answers",
            &answers,
            "--side",
            "german",
        ])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("SSR II-3"));
    let s = c.state();
    assert_eq!(
        s.campaign.step.german, "12.623",
        "12.621 and 12.622 committed, 12.623 refused"
    );
    // II-4: no leaders may be exchanged for Commissars.
    let answers = c.file(
        "b.toml",
        "[russian]\nbuy = [\"I3\", \"G1\", \"M1\"]\nmortar_deploy = true\ncommissars = [\"8-1\"]\nfortify = []\nrecon = 0\n",
    );
    votg()
        .args([
            "--seed",
            "3",
            "refit",
            c.path(),
            "--answers",
            &answers,
            "--side",
            "russian",
        ])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("II-4"));
    let after = c.state();
    assert_eq!(
        after.campaign.step.russian, "12.622",
        "12.621 committed, 12.622 refused and left unchanged"
    );
    assert_eq!(after.russian.purchases.len(), 12 + 3, "12 given, 3 bought");
    assert!(
        after
            .russian
            .purchases
            .iter()
            .all(|r| r.strength.is_empty()),
        "no strength determined: 12.622 changed nothing"
    );
}

/// 12.624, VotG16: the Majority Squad Type is derived from the side's force
/// (the question's default, which the answers file leaves out): CG II's
/// Russian, most of whose squads are Elite or 1st Line, is Stealthy (+1);
/// the German by day is Normal. It was Normal for both unless answered.
#[test]
fn rule_12_624_votg16_the_majority_squad_type_is_derived_from_the_force() {
    let c = run_scripted();
    let drms = |who: &str| -> String {
        c.log()
            .iter()
            .find(|r| {
                r["What"]
                    .as_str()
                    .unwrap_or_default()
                    .starts_with(&format!("{who} Recon"))
            })
            .map(|r| r["DRM"].as_str().unwrap_or_default().to_string())
            .unwrap_or_else(|| panic!("no {who} Recon roll"))
    };
    assert!(
        drms("Russian").contains("+1 Stealthy (Majority Squad Type)"),
        "{}",
        drms("Russian")
    );
    assert!(!drms("German").contains("Stealthy"), "{}", drms("German"));
}
