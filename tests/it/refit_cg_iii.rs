//! CG III's Initial Scenario: a Dual Attack (III-2) whose set-up dr comes at
//! the end of the Refit Phase and whose first-move dr only after set-up
//! (12.6253, 12.627); III-5 Strength DRMs.

use crate::common::{Camp, votg};
use predicates::prelude::*;
use votg::model::side::Side;

const ANSWERS: &str = "[german]\nbuy = []\nfortify = [\"dummy 4\"]\nrecon = 0\n[russian]\nbuy = []\nfortify = []\nrecon = 0\n";

#[test]
fn rule_12_53_iii2_dual_attack_set_up_then_first_move() {
    let c = Camp::new("III");
    let answers = c.file("a.toml", ANSWERS);
    votg()
        .args(["refit", c.path(), "--answers", &answers])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "Dual Attack: side setting up first",
        ))
        .stdout(predicate::str::contains("run `votg refit` again"));
    let s = c.state();
    let today = s.campaign.today().unwrap();
    assert!(
        today.sets_up_first.is_some(),
        "III-2: the set-up dr is made"
    );
    assert_eq!(
        today.moves_first, None,
        "12.627: the first-move dr waits for set-up"
    );
    assert_eq!(
        (
            s.campaign.step.german.as_str(),
            s.campaign.step.russian.as_str()
        ),
        ("12.627", "12.627")
    );
    let setup = s
        .journal
        .iter()
        .find(|j| j.what.starts_with("Dual Attack: side setting up first"))
        .unwrap();
    assert!(!setup.secret, "a public dr");
    // III-5: +2 to every OB-given RG but the NKVD Coy (+4) and the Russian Rifle Coys.
    let german_strength = s
        .journal
        .iter()
        .find(|j| j.side == "german" && j.what.contains("strength"))
        .unwrap();
    assert!(
        german_strength.drms.contains("+2 Initial OB"),
        "{}",
        german_strength.drms
    );
    let nkvd = s
        .journal
        .iter()
        .find(|j| j.side == "russian" && j.what.starts_with("I5") && j.what.contains("strength"))
        .unwrap();
    assert!(nkvd.drms.contains("+4 Initial OB"), "{}", nkvd.drms);
    let rifle = s
        .journal
        .iter()
        .find(|j| j.side == "russian" && j.what.starts_with("I3") && j.what.contains("strength"))
        .unwrap();
    assert!(
        !rifle.drms.contains("Initial OB"),
        "III-5 EXC: the Russian Rifle Coy: {}",
        rifle.drms
    );
    // III-4: the Pocket groups are Isolated with Ammunition Shortage.
    assert!(
        s.russian
            .force
            .counters
            .iter()
            .any(|i| i.isolated_area().is_some()
                && i.has(&votg::model::force::Condition::AmmoShortage)
                && i.unit == "10-2")
    );
    // 120 German FPP: 4 "?" bought, 116 forfeit (12.623).
    let g = s.german.roster.current().unwrap();
    assert_eq!((g.fpp, g.fpp_spent), (120, 4));

    // After set-up: the first-move dr (12.627).
    votg()
        .args(["refit", c.path(), "--side", "german"])
        .assert()
        .success();
    let s = c.state();
    let today = s.campaign.today().unwrap();
    assert!(matches!(
        today.moves_first,
        Some(Side::German | Side::Russian)
    ));
    assert_eq!(
        (
            s.campaign.step.german.as_str(),
            s.campaign.step.russian.as_str()
        ),
        ("done", "done")
    );
    votg()
        .args(["refit", c.path()])
        .assert()
        .success()
        .stdout(predicate::str::contains("ready to play"));
}

#[test]
fn design_5_secret_rows_only_to_their_side() {
    let c = Camp::new("III");
    let answers = c.file("a.toml", ANSWERS);
    votg()
        .args(["refit", c.path(), "--answers", &answers])
        .assert()
        .success();
    let s = c.state();
    let secret_german = s
        .journal
        .iter()
        .find(|j| j.secret && j.side == "german")
        .unwrap()
        .what
        .to_string();
    let secret_russian = s
        .journal
        .iter()
        .find(|j| j.secret && j.side == "russian")
        .unwrap()
        .what
        .to_string();
    let log = |args: &[&str]| {
        String::from_utf8(
            votg()
                .args(args)
                .assert()
                .success()
                .get_output()
                .stdout
                .clone(),
        )
        .unwrap()
    };
    let public = log(&["log", c.path()]);
    assert!(!public.contains(&secret_german) && !public.contains(&secret_russian));
    assert!(public.contains("Dual Attack: side setting up first"));
    assert!(public.contains("secret row(s) hidden"));
    let german = log(&["log", c.path(), "--side", "german"]);
    assert!(german.contains(&secret_german) && !german.contains(&secret_russian));
    let all = log(&["log", c.path(), "--reveal"]);
    assert!(all.contains(&secret_german) && all.contains(&secret_russian));
    let step = log(&["log", c.path(), "--reveal", "--step", "12.623"]);
    assert!(!step.contains("12.622"));
}

#[test]
fn note_b_boats_one_assault_boat_per_mmc() {
    let c = Camp::new("III");
    let answers = c.file(
        "a.toml",
        "[russian]\nbuy = [\"I1 boats\"]\nfortify = []\nrecon = 0\n",
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
    let row = s.russian.purchases.len(); // the bought Guards Rifle Coy is the last row
    assert_eq!(
        s.russian.purchases[row - 1].entry_code,
        "red",
        "only Red/Brown Infantry enter in boats (12.6217)"
    );
    let mmc: u32 = s
        .russian
        .force
        .counters
        .iter()
        .filter(|i| {
            i.rg_row == Some(row)
                && matches!(
                    i.kind,
                    votg::model::force::UnitKind::Squad | votg::model::force::UnitKind::Hs
                )
        })
        .count() as u32;
    let boats: u32 = s
        .russian
        .force
        .counters
        .iter()
        .filter(|i| i.rg_row == Some(row) && i.unit == "Assault Boat")
        .count() as u32;
    assert!(mmc > 0);
    assert_eq!(boats, mmc);
    // A MOL-P Pltn (no note b) may not.
    let fresh = Camp::new("III");
    votg()
        .args(["buy", fresh.path(), "--side", "russian", "I7 boats"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("note b"));
}

#[test]
fn rule_12_623_footnote_2_at_most_90_fpp_of_mines_per_cg_day() {
    let c = Camp::new("III");
    // 160 Russian FPP: 30 A-P factors x3 = 90 is the cap; one A-T factor more (9) is refused.
    let over = c.file(
        "o.toml",
        "[russian]\nbuy = []\nfortify = [\"ap-mine 30\", \"at-mine 1\"]\nrecon = 0\n",
    );
    votg()
        .args(["refit", c.path(), "--answers", &over, "--side", "russian"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("90 FPP per CG Day"));
    let ok = c.file(
        "k.toml",
        "[russian]\nbuy = []\nfortify = [\"ap-mine 30\", \"wire\"]\nrecon = 0\n",
    );
    votg()
        .args(["refit", c.path(), "--answers", &ok, "--side", "russian"])
        .assert()
        .success();
    let s = c.state();
    let line = s.line(Side::Russian);
    assert_eq!((line.fpp_spent, line.mine_fpp), (105, 90));
}
