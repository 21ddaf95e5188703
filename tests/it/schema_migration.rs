//! A campaign written before the RG Purchase Record had its typed columns
//! (schema 1: the 19 columns of 12.6218, facts only in the words of
//! `other`) opens by migration and goes on.

use crate::common::{copy_campaign, load, votg};
use predicates::prelude::*;
use std::path::{Path, PathBuf};
use votg::model::campaign::{DayFacts, OccasionName, Position};
use votg::model::purchase_record::{COLUMNS, LEGACY_COLUMNS, OnBoard};

use votg::model::roster::{Pool, RosterLine};
use votg::model::side::Side;
use votg::rules::tables::Tables;

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(name)
}

/// A copy of the schema-1 campaign (the CG I walkthrough as votg wrote it
/// before schema 2) in a temporary folder.
fn schema1() -> (tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("campaign");
    copy_campaign(&data("tests/data/schema-1-cg-i-walkthrough"), &dir);
    (tmp, dir)
}

fn header(dir: &Path, side: &str) -> String {
    let bytes = std::fs::read(dir.join(side).join("purchases.csv")).unwrap();
    let text = String::from_utf8_lossy(crate::common::unmarked(&bytes)).into_owned();
    text.lines().next().unwrap().to_string()
}

#[test]
fn design_3_schema_1_purchases_load_by_migration_with_their_facts_typed() {
    let (_tmp, dir) = schema1();
    assert_eq!(header(&dir, "german"), LEGACY_COLUMNS.join(","));
    let old = load(&dir);
    let g = &old.german.purchases;
    assert_eq!(
        g.iter().map(|r| r.given_group).collect::<Vec<_>>(),
        [Some(1), Some(1), Some(1), Some(1), None, None, None]
    );
    assert_eq!((g[5].on_board, g[6].prereg), (OnBoard::OnMap, 1));
    let r = &old.russian.purchases;
    assert_eq!(
        r.iter().map(|r| r.given_group).collect::<Vec<_>>(),
        [Some(1), Some(2), None, None, None]
    );
    // Written again (schema 2), every row keeps its 19 columns of 12.6218
    // exactly: migration loses nothing the old file held.
    for side in ["german", "russian"] {
        let name = format!("{side}/purchases.csv");
        let written = old.views()[&name].clone();
        let original = std::fs::read(dir.join(&name)).unwrap();
        let first_19 = |bytes: &[u8]| -> Vec<Vec<String>> {
            csv::Reader::from_reader(bytes)
                .records()
                .map(|r| r.unwrap().iter().take(19).map(str::to_string).collect())
                .collect()
        };
        assert_eq!(first_19(&written), first_19(&original), "{side}");
    }
    // Reading commands say that the file is migrated.
    votg()
        .args(["purchases", dir.to_str().unwrap(), "--side", "german"])
        .assert()
        .success()
        .stdout(predicate::str::contains("Pre-Reg hex x1"))
        .stderr(predicate::str::contains("german/purchases.csv is schema 1"));
}

/// Imports the campaign and moves it on to 16 Sep, both sides at 12.621
/// (as players would by hand, recorded with `votg adjust`).
fn to_16_sep(dir: &Path) {
    let tables = Tables::embedded().unwrap();
    crate::common::edit(dir, |s| {
        s.campaign.days[0].victor = Some(Side::German);
        s.campaign.date = 16;
        s.campaign.scenario = 2;
        s.campaign.occasion = OccasionName::AfterScenario;
        s.campaign.days.push(DayFacts {
            date: 16,
            ..Default::default()
        });
        for side in Side::BOTH {
            let last = s.side(side).roster.current().unwrap().clone();
            s.side_mut(side).roster.lines.push(RosterLine {
                date: 16,
                night: false,
                scenario: Some(2),
                hist_drm: tables.historical_drm.drm(side, 16, false).unwrap(),
                cpp: Pool::opening(last.cpp.left + 10),
                support_cpp: last.support_cpp.map(|p| Pool::opening(p.left)),
                rgs: vec![],
                fpp: 0,
                fpp_spent: 0,
                mine_fpp: 0,
                fortifications: vec![],
                elr: last.elr,
                night_elr: None,
                san: last.san,
                recon: None,
                recon_cpp: 0,
                recon_lax: false,
                night_declared: None,
                initiative: None,
                booby_trap: last.booby_trap.clone(),
                ssr_commissar_dr: false,
            });
            s.campaign
                .step
                .set(side, Position::parse("12.621").unwrap());
        }
    });
}

#[test]
fn design_3_a_schema_1_campaign_is_imported_and_buys() {
    let (_tmp, dir) = schema1();
    to_16_sep(&dir);
    // Imported: its views are written in this votg's form.
    assert_eq!(header(&dir, "german"), COLUMNS.join(","));
    let before = load(&dir);
    let d = dir.to_str().unwrap();
    votg()
        .args([
            "buy",
            d,
            "--side",
            "german",
            "I2 reserve",
            "O1 prereg=1 hex=g40",
        ])
        .assert()
        .success();
    assert_eq!(header(&dir, "german"), COLUMNS.join(","));
    let after = load(&dir);
    let rows = &after.german.purchases;
    // The old rows keep their facts; the new ones have theirs typed.
    assert_eq!(&rows[..7], &before.german.purchases[..]);
    assert_eq!(rows[7].on_board, OnBoard::Reserve);
    assert_eq!(
        (rows[8].prereg, rows[8].hexes.clone()),
        (1, vec!["G40".to_string()])
    );
    assert_eq!(rows[8].other, "Pre-Reg hex x1; Pre-Reg G40");
    assert_eq!(header(&dir, "russian"), COLUMNS.join(","));
    assert_eq!(after.russian.purchases, before.russian.purchases);
    // Undo goes back to the campaign as imported and adjusted.
    votg().args(["undo", d]).assert().success();
    assert_eq!(load(&dir).views(), before.views());
}
