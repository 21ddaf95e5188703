//! The CG I Initial Scenario's Refit Phase (12.5: steps 12.621-12.624),
//! scripted with an answers file and a dice file. Every figure is worked by
//! hand below from the rules, for these dice.

use crate::common::{Camp, votg};
use votg::model::force::{ForceBox, UnitKind};
use votg::model::side::Side;

const ANSWERS: &str = r#"
[german]
buy = ["A1", "I2 on-map", "O1 prereg=1"]
fortify = []
recon = 1

[russian]
buy = ["I5", "I5", "A3"]
fortify = ["fortified-building 2", "ap-mine 6", "dummy 2"]
recon = 0
"#;

// Dice, in the order the steps roll them: each side does all its steps in
// turn (German 12.622 and Recon, then Russian 12.622):
const DICE: &str = "
3 4   2 3   6 5   4 5 1 6   4 4   1 2   1 1   4 5   2 2   6 6   6 6   5 5   3 5   3 3   2 2   4
2 3   2   4 5 1   3 3   5 4   2 3   1 1   1 2   6   1 2   4 4   3   3 4 6   6 6   3 3   6 6
";

fn row(
    rows: &[votg::model::purchase_record::PurchaseRow],
    n: usize,
) -> &votg::model::purchase_record::PurchaseRow {
    &rows[n - 1]
}

#[test]
fn rule_12_5_cg_i_initial_scenario_scripted() {
    let c = Camp::new("I");
    let answers = c.file("answers.toml", ANSWERS);
    let dice = c.file("dice.txt", DICE);
    votg()
        .args([
            "--dice-file",
            &dice,
            "refit",
            c.path(),
            "--answers",
            &answers,
        ])
        .assert()
        .success();
    let s = c.state();

    // --- 12.621 German: 14 CPP + 4 Support CPP (12.51).
    // A1 StuG B: chart 4, an "A" RG, paid from Support CPP first (C14): Support 4 -> 0.
    // I2 on-map: 3 + 3 German on-map surcharge (12.6214a) = 6 CPP.
    // O1 prereg=1: 2 + 1 per Pre-Registered hex (note p) = 3; Support is spent, so CPP.
    let g = s.german.roster.current().unwrap();
    assert_eq!((g.cpp.start, g.cpp.spent, g.cpp.left), (14, 9, 5));
    let sup = g.support_cpp.unwrap();
    assert_eq!((sup.spent, sup.left), (4, 0));
    assert_eq!(
        g.rgs
            .iter()
            .map(|b| (b.rg.as_str(), b.cpp, b.support_cpp))
            .collect::<Vec<_>>(),
        vec![("A1", 0, 4), ("I2", 6, 0), ("O1", 3, 0)]
    );
    // --- 12.621 Russian: 13 CPP. I5 4 + I5 4 + A3 5 = 13 (I5 CG I Max 2 s: given one never counts, 12.6216).
    let r = s.russian.roster.current().unwrap();
    assert_eq!((r.cpp.spent, r.cpp.left), (13, 0));

    let gp = &s.german.purchases;
    // German row 1, given Rifle Coy: DR 3+4 = 7, -1 Historical (15 Sep) = 6: Full Strength (3-6).
    // 12 x 4-6-7; full SW: HMG, MMG, LMG, ATR, Lt MTR (no @ extra: not Reinforced).
    // Leaders DR 2+3 = 5 (no DRM at FS): 9-2, 8-1, 7-0.
    assert_eq!(
        (row(gp, 1).strength.as_str(), row(gp, 1).units),
        ("FS", Some(12))
    );
    assert_eq!(
        (
            row(gp, 1).hmg,
            row(gp, 1).mmg,
            row(gp, 1).lmg,
            row(gp, 1).atr,
            row(gp, 1).lt_mtr
        ),
        (Some(1), Some(1), Some(1), Some(1), Some(1))
    );
    assert_eq!(row(gp, 1).leaders, "9-2, 8-1, 7-0");
    // Row 2, given Pionier Pltn: DR 6+5-1 = 10 >= 9: Depleted: 2 x 8-3-8.
    // SW dr each (<= 4 received): DC 4 yes, DC 5 no, FT 1 yes, LMG 6 no. Leader DR 4+4 +1 Depleted = 9: 8-0.
    assert_eq!(
        (
            row(gp, 2).strength.as_str(),
            row(gp, 2).units,
            row(gp, 2).dc,
            row(gp, 2).ft,
            row(gp, 2).lmg
        ),
        ("D", Some(2), Some(1), Some(1), None)
    );
    assert_eq!(row(gp, 2).leaders, "8-0");
    // Row 3, given Stösstruppe: DR 1+2-1 = 2: Full: 3 x 5-4-8, LMG and DC. Leader 1+1 -1 Stösstruppe = 1: 10-3.
    assert_eq!(
        (
            row(gp, 3).strength.as_str(),
            row(gp, 3).units,
            row(gp, 3).lmg,
            row(gp, 3).dc
        ),
        ("F", Some(3), Some(1), Some(1))
    );
    assert_eq!(row(gp, 3).leaders, "10-3");
    // Row 4, given StuG G: DR 4+5-1 = 8: Full, 3 AFV. Armor leader 2+2 -1 German = 3: 9-2.
    assert_eq!(
        (
            row(gp, 4).strength.as_str(),
            row(gp, 4).units,
            row(gp, 4).leaders.as_str()
        ),
        ("F", Some(3), "9-2 (armor)")
    );
    // Row 5, bought StuG B: DR 6+6-1 = 11: Depleted, 2 AFV. Armor leader 12-1 = 11: none (6-11).
    assert_eq!(
        (
            row(gp, 5).strength.as_str(),
            row(gp, 5).units,
            row(gp, 5).leaders.as_str()
        ),
        ("D", Some(2), "")
    );
    assert_eq!(
        (row(gp, 5).purchased_so_far, row(gp, 5).remaining),
        (Some(1), Some(2)),
        "#P 1, #R 3-1"
    );
    // Row 6, bought Stösstruppe on-map: DR 5+5-1 = 9: Depleted: 2 x 5-4-8; DC 3 yes, LMG 5 no.
    // Leader 3+3 -1 Stösstruppe +1 Depleted = 6: 9-1.
    assert_eq!(
        (
            row(gp, 6).strength.as_str(),
            row(gp, 6).units,
            row(gp, 6).dc,
            row(gp, 6).lmg
        ),
        ("D", Some(2), Some(1), None)
    );
    assert_eq!(
        (row(gp, 6).leaders.as_str(), row(gp, 6).on_board.as_str()),
        ("9-1", "O")
    );
    // Row 7, O1: German OBA DR 2+2-1 = 3 <= 4: Plentiful.
    assert_eq!(
        (row(gp, 7).strength.as_str(), row(gp, 7).other.as_str()),
        ("P", "Pre-Reg hex x1")
    );

    let rp = &s.russian.purchases;
    // Russian row 1, given NKVD Militia Coy: DR 2+3 -1 Hist +3 I-4 = 7: Lightly Depleted:
    // 3 x 6-2-8 (NKVD) + 5 x 4-2-6 (C9). ‡ dr 2: MMG. Depleted drs (no drm at LD): ATR 4 yes, LMG 5 no, MMG 1 yes.
    // Commissars: NKVD column, DR 3+3 +1 LD = 7: 10-0.
    assert_eq!(
        (
            row(rp, 1).strength.as_str(),
            row(rp, 1).units,
            row(rp, 1).mmg,
            row(rp, 1).atr,
            row(rp, 1).lmg
        ),
        ("LD", Some(8), Some(1), Some(1), None)
    );
    assert_eq!(row(rp, 1).leaders, "10-0");
    // Row 2, given SMG Coy: DR 5+4 -1 +3 = 11: Heavily Depleted: 7 5-2-7 of which 2 ELR Replaced
    // to 4-2-6 (7², C16). Depleted drs +2 HD: ATR 2+2 = 4 yes, LMG 3+2 = 5 no.
    // Leaders: DR 1+1 +1 SMG Coy +3 HD = 6: 9-1, 7-0.
    assert_eq!(
        (
            row(rp, 2).strength.as_str(),
            row(rp, 2).units,
            row(rp, 2).atr,
            row(rp, 2).lmg
        ),
        ("HD", Some(7), Some(1), None)
    );
    assert_eq!(row(rp, 2).leaders, "9-1, 7-0");
    // Row 3, first purchased NKVD Coy (no I-4 DRM: only the second purchased one): DR 1+2-1 = 2: Reinforced:
    // 4 x 6-2-8 + 8 x 4-2-6. ‡ dr 6: Lt MTR. All SW + @ one more LMG. Commissars DR 1+2 -1 RS = 2: 10-0 x2.
    assert_eq!(
        (
            row(rp, 3).strength.as_str(),
            row(rp, 3).units,
            row(rp, 3).lmg,
            row(rp, 3).atr,
            row(rp, 3).lt_mtr
        ),
        ("RS", Some(12), Some(2), Some(1), Some(1))
    );
    assert_eq!(row(rp, 3).leaders, "10-0, 10-0");
    // Row 4, second purchased NKVD Coy: DR 4+4 -1 +3 (I-4) = 10: Moderately Depleted: 2 + 5.
    // ‡ dr 3: MMG. Depleted drs +1 MD: ATR 3+1 = 4 yes, LMG 4+1 = 5 no, MMG 6+1 = 7 no.
    // Commissars DR 6+6 +2 MD = 14: 8+1.
    assert_eq!(
        (
            row(rp, 4).strength.as_str(),
            row(rp, 4).units,
            row(rp, 4).atr,
            row(rp, 4).mmg
        ),
        ("MD", Some(7), Some(1), None)
    );
    assert_eq!(row(rp, 4).leaders, "8+1");
    // Row 5, T-34 Pltn: DR 3+3 -1 +3 (I-4, purchased A RG) = 8: Full, 3 AFV. Armor leader 6+6 +1 Russian = 13: Inexperienced.
    assert_eq!(
        (
            row(rp, 5).strength.as_str(),
            row(rp, 5).units,
            row(rp, 5).leaders.as_str()
        ),
        ("F", Some(3), "Inexperienced")
    );

    // Force Organizer: the ELR-replaced squads, the commissars, the boxes.
    let count = |side: Side, unit: &str, kind: UnitKind, place: ForceBox| -> u32 {
        s.side(side)
            .force
            .counters
            .iter()
            .filter(|i| i.unit == unit && i.kind == kind && i.place == place)
            .count() as u32
    };
    assert_eq!(
        count(Side::Russian, "4-2-6", UnitKind::Squad, ForceBox::Retained),
        3 + 5 + 2,
        "given 3, NKVD 5, SMG Coy 2 replaced"
    );
    assert_eq!(
        count(Side::Russian, "5-2-7", UnitKind::Squad, ForceBox::Retained),
        5
    );
    assert_eq!(
        count(
            Side::Russian,
            "10-0",
            UnitKind::Commissar,
            ForceBox::Retained
        ),
        1,
        "given NKVD Coy"
    );
    assert_eq!(
        count(
            Side::Russian,
            "10-0",
            UnitKind::Commissar,
            ForceBox::Entering
        ),
        2,
        "bought NKVD Coy, entering"
    );
    assert_eq!(
        count(
            Side::Russian,
            "T-34 M41",
            UnitKind::Vehicle,
            ForceBox::Entering
        ),
        3
    );
    assert_eq!(
        count(Side::German, "5-4-8", UnitKind::Squad, ForceBox::OnMapSetup),
        2,
        "I2 bought on-map"
    );
    assert_eq!(
        count(
            Side::German,
            "StuG IIIB",
            UnitKind::Vehicle,
            ForceBox::Entering
        ),
        2
    );
    assert_eq!(
        count(
            Side::German,
            "9-2",
            UnitKind::ArmorLeader,
            ForceBox::Retained
        ),
        1
    );

    // --- 12.623 Russian: 40 FPP (given): 2 Fortified Building Locations 20 + 6 A-P factors x3 = 18 + 2 "?" = 40.
    let r = s.russian.roster.current().unwrap();
    assert_eq!((r.fpp, r.fpp_spent), (40, 40));
    assert_eq!(
        count(
            Side::Russian,
            "Fortified Building Location",
            UnitKind::Fortification,
            ForceBox::Fortifications
        ),
        6 + 2
    );
    // --- 12.624: German 1 CPP, dr 4: 4 Locations; next CG Day starts at 5 - 1 = 4 (C20). Russian none.
    let g = s.german.roster.current().unwrap();
    assert_eq!((g.recon, g.recon_cpp), (Some(4), 1));
    assert_eq!(r.recon, Some(0));
    // 12.5: Russian sets up first, German moves first; the RePh is over.
    let today = s.campaign.today().unwrap();
    assert_eq!(
        (today.sets_up_first, today.moves_first),
        (Some(Side::Russian), Some(Side::German))
    );
    assert_eq!(
        (
            s.campaign.step.german.as_str(),
            s.campaign.step.russian.as_str()
        ),
        ("done", "done")
    );
    // Every roll is in the journal, secret to its side.
    let rolls = s.journal.iter().filter(|j| !j.dice.is_empty()).count();
    // German 2+6+2+2+2+4+1 = 19, Russian 6+4+3+6+2 = 21, Recon 1.
    assert_eq!(rolls, 41, "every die roll journaled");

    assert!(
        s.journal
            .iter()
            .filter(|j| j.step == "12.622")
            .all(|j| j.secret)
    );
}

#[test]
fn rule_12_621_cg_i_refusals_name_their_rule_and_change_nothing() {
    let c = Camp::new("I");
    let before = c.snapshot();
    let refuse = |side: &str, what: &[&str], needle: &str| {
        let mut args = vec!["buy", c.path(), "--side", side];
        args.extend(what);
        let out = votg()
            .args(&args)
            .assert()
            .code(1)
            .get_output()
            .stderr
            .clone();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains(needle), "{what:?}: {text}");
        assert!(
            text.contains("Still possible") || text.contains("nothing else"),
            "{text}"
        );
    };
    refuse("russian", &["I1"], "SSR I-2");
    refuse("russian", &["G1"], "SSR I-2");
    refuse("german", &["I1 reserve"], "SSR I-2");
    refuse("german", &["A1", "A1"], "16 Sep (note m)");
    refuse("german", &["I1", "I1", "I1"], "Daily Max is 2");
    refuse("german", &["I4", "I4"], "CG I Max is 1");
    // READINGS.md C39: CGI-2 limits the modules used, not those
    // bought, so `O4 O1` is no longer refused (tests/it/oba_bombardment_and_messages.rs).
    refuse("german", &["O5"], "one per module");
    refuse("german", &["O1", "O5", "O5"], "1 module(s), 1 Observer(s)");
    refuse(
        "russian",
        &["I3", "I5", "A3"],
        "A3 costs 5 CPP (5 chart cost (12.6214)), but only 4 CPP left",
    );

    refuse("russian", &["A1"], "CG I Max is 0");
    refuse("german", &["A3 dug-in"], "12.6214c");
    refuse("russian", &["I5 reserve", "I5 boats"], "note b");
    refuse("german", &["S1", "S2"], "one Stuka module");
    assert_eq!(c.snapshot(), before, "a refused purchase changes nothing");
}

#[test]
fn rule_12_621_c13_infantry_company_limit_and_costs() {
    let c = Camp::new("I");
    // 15 Sep, German Historical DRM -1: at most 3 Coy; I1 x2 + I2 x3 (= 1 Coy) = 3; a 4th is refused.
    votg()
        .args(["buy", c.path(), "--side", "german", "I2", "I2", "I2"])
        .assert()
        .success();
    votg()
        .args(["buy", c.path(), "--side", "german", "I1", "I1"])
        .assert()
        .code(1)
        .stderr(predicates::str::contains("CPP"));
    let s = c.state();
    assert_eq!(s.german.roster.current().unwrap().cpp.left, 14 - 9);
    // S1 at 2 CPP from Support CPP (C12 note t).
    votg()
        .args(["buy", c.path(), "--side", "german", "S1 cpp=2"])
        .assert()
        .success();
    let s = c.state();
    let g = s.german.roster.current().unwrap();
    assert_eq!((g.support_cpp.unwrap().left, g.cpp.left), (2, 5));
    assert!(
        s.german
            .purchases
            .last()
            .unwrap()
            .other
            .contains("-2 Turn of Entry")
    );
    // Undo takes the last purchase step back exactly.
    votg().args(["undo", c.path()]).assert().success();
    assert_eq!(
        c.state()
            .german
            .roster
            .current()
            .unwrap()
            .support_cpp
            .unwrap()
            .left,
        4
    );
}

/// Russian dice for one bought Rifle Coy: the given NKVD Coy 1+1 -1 +3 = 4 FS
/// (‡ dr 1 MMG, commissar DR 4+5 = 9: 9-0), the given SMG Coy 1+1 -1 +3 = 4 FS
/// (leaders 6+6 +1 = 13: 6+1), the bought Rifle Coy 1+2 -1 = 2 RS (leaders
/// 4+5 -1 = 8: 8-0, 7-0, and † an extra 7-0).
const RUSSIAN_RIFLE_DICE: &str = "1 1  1  4 5   1 1  6 6   1 2  4 5";

#[test]
fn rule_12_6226_c18_commissar_exchange() {
    let c = Camp::new("I");
    let dice = c.file("d.txt", RUSSIAN_RIFLE_DICE);
    let answers = c.file(
        "a.toml",
        "[russian]\nbuy = [\"I3\"]\ncommissars = [\"8-0\"]\nfortify = []\nrecon = 0\n",
    );
    c.refit_side("russian", &answers, &dice).success();
    let s = c.state();
    let rifle = &s.russian.purchases[2];
    assert_eq!((rifle.strength.as_str(), rifle.units), ("RS", Some(15)));
    // C18: a morale-8 leader becomes a 9-0 Commissar.
    assert_eq!(rifle.leaders, "9-0 Commissar (for 8-0), 7-0, 7-0");
    let commissars: Vec<_> = s
        .russian
        .force
        .counters
        .iter()
        .filter(|i| i.kind == UnitKind::Commissar && i.rg_row == Some(3))
        .collect();
    assert_eq!((commissars.len(), commissars[0].unit.as_str()), (1, "9-0"));
    assert!(
        !s.russian
            .force
            .counters
            .iter()
            .any(|i| i.kind == UnitKind::Leader && i.unit == "8-0" && i.rg_row == Some(3))
    );
    assert!(
        s.journal
            .iter()
            .any(|j| j.what == "Commissar exchange" && j.secret)
    );
}

#[test]
fn rule_12_6226_c18_a_7_0_cannot_become_a_commissar_and_only_one_per_coy() {
    for (wanted, needle) in [
        ("[\"7-0\"]", "C18"),
        ("[\"8-0\", \"7-0\"]", "one per Infantry Coy RG purchased"),
    ] {
        let c = Camp::new("I");
        let dice = c.file("d.txt", RUSSIAN_RIFLE_DICE);
        let answers = c.file(
            "a.toml",
            &format!("[russian]\nbuy = [\"I3\"]\ncommissars = {wanted}\nfortify = []\nrecon = 0\n"),
        );
        c.refit_side("russian", &answers, &dice)
            .code(1)
            .stderr(predicates::str::contains(needle));
        let s = c.state();
        assert_eq!(s.campaign.step.russian, "12.622", "12.622 not carried out");
        assert!(s.russian.purchases.iter().all(|r| r.strength.is_empty()));
    }
}

#[test]
fn rule_12_6218_other_column_records_hexes() {
    let c = Camp::new("I");
    votg()
        .args([
            "buy",
            c.path(),
            "--side",
            "german",
            "O2 prereg=1 hex=g40",
            "O5 hex=A45",
            "B1 hex=K40",
        ])
        .assert()
        .success();
    let s = c.state();
    let rows = &s.german.purchases;
    assert_eq!(rows[rows.len() - 3].other, "Pre-Reg hex x1; Pre-Reg G40");
    assert_eq!(rows[rows.len() - 2].other, "Observer at A45");
    assert_eq!(rows[rows.len() - 1].other, "Pre-Reg K40");
    for wrong in ["I2 hex=A1", "O1 hex=A1", "O1 prereg=1 hex=A1 hex=B2"] {
        votg()
            .args(["buy", c.path(), "--side", "german", wrong])
            .assert()
            .code(1)
            .stderr(predicates::str::contains("hex="));
    }
}

#[test]
fn rule_12_6214b_reserve_dummy_cloaking_and_footnote_6_hip_in_half_squads() {
    let c = Camp::new("I");
    let answers = c.file(
        "a.toml",
        "[russian]\nbuy = [\"I3 reserve\"]\nfortify = [\"hip hs 1\", \"hip hs 1\"]\nrecon = 0\n",
    );
    votg()
        .args([
            "refit",
            c.path(),
            "--answers",
            &answers,
            "--side",
            "russian",
        ])
        .assert()
        .success();
    let s = c.state();
    let dummies: u32 = s
        .russian
        .force
        .counters
        .iter()
        .filter(|i| i.unit == "Dummy Cloaking counter" && i.place == ForceBox::Reserve)
        .count() as u32;
    assert_eq!(
        dummies, 5,
        "a Reserve Coy: up to five Dummy Cloaking counters"
    );
    assert_eq!(s.russian.purchases[2].on_board, "R");
    // Two HIP half-squads are one squad against the 10% cap (2 FPP each).
    assert_eq!(s.line(Side::Russian).fpp_spent, 4);
}
