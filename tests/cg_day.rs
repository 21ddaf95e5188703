//! 12.614-12.620, the CG Day loop: scripted runs worked by hand, each DRM
//! named after its rule. votg's 12.601-12.613 are built elsewhere, so each
//! campaign is set up standing at 12.614 after its Initial Scenario (the
//! victor and Casualty VP recorded as 12.604 would).

mod common;
use common::{Camp, votg};
use predicates::prelude::*;
use votg::campaign::{BySide, OccasionName, Position};
use votg::force::{Condition, ForceBox};
use votg::side::Side;
use votg::state::CampaignState;
use votg::store::Store;
use votg::tables::Tables;

fn edit(c: &Camp, f: impl FnOnce(&mut CampaignState)) {
    let tables = Tables::embedded().unwrap();
    let store = Store::open(&c.dir).unwrap();
    let mut s = CampaignState::from_files(&store.read_files().unwrap(), &tables).unwrap();
    f(&mut s);
    store.commit(&s.to_files(), None).unwrap();
}

/// CG I after its Initial Scenario (15 Sep), won by the German; the German
/// suffered `cvp.german` CVP, the Russian `cvp.russian`; both at 12.614.
fn cg_i_after_initial(cvp: BySide<u32>) -> Camp {
    let c = Camp::new("I");
    edit(&c, |s| {
        let d = &mut s.campaign.days[0];
        d.victor = Some(Side::German);
        d.cvp = Some(cvp);
        s.campaign.occasion = OccasionName::AfterScenario;
        s.campaign.step = votg::campaign::Standing::both(Position::parse("12.614").unwrap());
        s.line_mut(Side::Russian).booby_trap = Some("A".into());
        s.line_mut(Side::German).san = 0;
        s.line_mut(Side::German).elr = 2;
    });
    c
}

fn journal(c: &Camp) -> String {
    std::fs::read_to_string(c.dir.join("journal.csv")).unwrap()
}

/// German: 12.614 (German SAN 0 becomes 2; Russian SAN 5: dr 5 +1 = 6 >= 5,
/// SAN 4; Booby Trap A, Original 6: B), then his 12.615-12.619 (CPP DR 6 6, ELR DR 1 1), and he waits at 12.620.
#[test]
fn rule_12_614_12_618_12_619_german_new_day_san_booby_trap_cpp_and_elr() {
    let c = cg_i_after_initial(BySide {
        german: 45,
        russian: 25,
    });
    let a = c.file("a.toml", "[german]\nf36 = false\n");
    let dice = c.file("d.txt", "5 6  6 6  1 1\n");
    votg()
        .args([
            "--dice-file",
            &dice,
            "refit",
            c.path(),
            "--answers",
            &a,
            "--side",
            "german",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("New CG Day: 16 Sep"))
        .stdout(predicate::str::contains("Booby Trap Level is now B"));
    let s = c.state();
    assert_eq!((s.campaign.date, s.campaign.scenario), (16, 2), "12.6141");
    let g = s.line(Side::German);
    assert_eq!((g.date, g.scenario), (16, Some(2)));
    assert_eq!(g.san, 2, "12.6142: SAN 0 becomes 2");
    assert_eq!(
        s.line(Side::Russian).san,
        4,
        "12.6142: dr 5 + (5 - 4) = 6 >= 5"
    );
    assert_eq!(
        s.line(Side::Russian).booby_trap.as_deref(),
        Some("B"),
        "12.6143"
    );
    // 12.618: 12 -2 Historical (16 Sep) +1 Attack chit (C15, C27) -2 for
    // 45 CVP (C26) = 9: +16, 2/3 FRU = 11 (CGI-2, C34); Support 6 -> 4.
    assert_eq!(g.cpp.start, 14, "C20: Start = Left 14 - Recon 0 of 15 Sep");
    assert_eq!(g.cpp.received, 11);
    assert_eq!(g.cpp.left, 25);
    assert_eq!(g.support_cpp.unwrap().received, 4, "12.6181, C14, C34");
    // 12.619: 2 -1 won on 15 Sep +1 Attack +2 one scenario completed -2
    // Historical = 2: ELR 2 -> 3.
    assert_eq!(g.elr, 3);
    let j = journal(&c);
    for drm in [
        "German Historical DRM for 16 Sep",
        "Selected the Attack chit on the previous CG Day",
        "45 Casualty VP suffered",
        "won on the previous CG Day",
        "completed since the start of the CG",
    ] {
        assert!(j.contains(drm), "journal lacks {drm}");
    }
    assert_eq!(s.campaign.step.german, Position::parse("12.620").unwrap());
}

/// Russian after the German above: 12.615e (the immobilized T-34 of I-4,
/// dr 2: Mobile), 12.616 (its Pltn, dr 6: Redeployed), 12.618 (DR 3 4 = 7
/// -1 Historical -1 for 25 CVP = 5: +18, 2/3 = 12, + bonus 7, C21), 12.619
/// (DR 6 6 = 12 +2 completed -1 Historical = 13: ELR 3 -> 2), then 12.620
/// (Weather DR 2 3 = 5 Clear; EC dr 4 +1 previous Dry = 5 Dry, C35).
#[test]
fn rule_12_615e_12_6162_12_618_12_619_12_620_russian_and_weather() {
    let c = cg_i_after_initial(BySide {
        german: 45,
        russian: 25,
    });
    let a = c.file("a.toml", "[german]\nf36 = false\n");
    let dice = c.file("d.txt", "5 6  6 6  1 1\n");
    votg()
        .args([
            "--dice-file",
            &dice,
            "refit",
            c.path(),
            "--answers",
            &a,
            "--side",
            "german",
        ])
        .assert()
        .success();
    let a = c.file(
        "r.toml",
        "[russian]\nbuy = []\nfortify = []\nrecon = 0\ninitiative = \"idle\"\n",
    );
    let dice = c.file("r.txt", "2  6  3 4  6 6  2 3  4\n");
    votg()
        .args([
            "--dice-file",
            &dice,
            "refit",
            c.path(),
            "--answers",
            &a,
            "--side",
            "russian",
        ])
        .assert()
        .success();
    let s = c.state();
    let f = &s.russian.force;
    let t34 = f.counters.iter().find(|c| c.unit == "T-34/M41").unwrap();
    assert!(
        !t34.condition.contains(&Condition::Immobilized),
        "12.6151e: dr 2 <= 2"
    );
    assert_eq!(t34.place, ForceBox::RedeployedAfv, "12.6162: dr 6 >= 6");
    let r = s.line(Side::Russian);
    assert_eq!(r.cpp.received, 19, "12.618: 12 + bonus 7 (CGI-3, C21)");
    assert!(s.russian.roster.bonus_cpp_taken);
    assert_eq!(r.elr, 2, "12.619: 13 loses one");
    let today = s.campaign.today().unwrap();
    assert_eq!(today.weather, Some(votg::weather::Weather::Clear));
    assert_eq!(today.ec, Some(votg::weather::Ec::Dry), "C35: +1 after Dry");
    let j = journal(&c);
    assert!(j.contains("The previous CG Day had Dry EC"));
    assert!(j.contains("25 Casualty VP suffered"));
}
