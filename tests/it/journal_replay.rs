//! A journal that replays: every roll row keeps its table,
//! column, dice, each DRM and result key as data, so looking the roll up
//! again gives the same result; every answer a step received is a row too.

use crate::common::votg;
use std::path::Path;
use votg::model::journal::{JournalRow, Kind};
use votg::rules::tables::Tables;

fn sample(name: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("rosters")
        .join(name)
}

/// The sample's journal, read as `votg` reads it.
fn journal(name: &str) -> Vec<JournalRow> {
    crate::common::load(&sample(name)).journal
}

#[test]
fn every_sample_roll_re_resolves_to_its_journalled_result() {
    let tables = Tables::embedded().unwrap();
    let mut looked_up = 0;
    for name in ["cg-i-new", "cg-i-walkthrough"] {
        for row in journal(name).iter().filter(|r| r.kind == Kind::Roll) {
            let roll = row.roll().expect("a roll row has dice");
            assert_eq!(roll.original().to_string(), row.original, "{row:?}");
            let drms = row.drm_list().expect("DRM text reads back");
            if row.table.is_empty() {
                // A plain dr/DR (e.g. a SW choice): no DRM, final = original.
                assert!(drms.is_empty());
                assert_eq!(row.final_result, row.original);
                continue;
            }
            let table = tables.dice_table(&row.table).unwrap();
            let column = table.column(&row.column).expect("journalled column");
            let r = table.resolve(column, &roll, &drms);
            assert_eq!(r.final_result.to_string(), row.final_result, "{row:?}");
            assert_eq!(r.row.result, row.result, "{row:?}");
            assert_eq!(r.row.key.clone().unwrap_or_default(), row.key, "{row:?}");
            assert_eq!(table.rule, row.rule);
            looked_up += 1;
        }
    }
    assert!(looked_up >= 20, "the walkthrough rolls on many tables");
}

#[test]
fn drms_are_kept_one_by_one_with_reason_and_rule() {
    let rows = journal("cg-i-walkthrough");
    let with_two = rows
        .iter()
        .find(|r| r.drm_list().unwrap().len() >= 2)
        .expect("a roll with two DRMs");
    let drms = with_two.drm_list().unwrap();
    assert!(
        drms.iter()
            .all(|d| !d.reason.is_empty() && !d.rule.is_empty())
    );
    let total: i32 = drms.iter().map(|d| d.value).sum();
    assert_eq!(
        with_two.original.parse::<i32>().unwrap() + total,
        with_two.final_result.parse::<i32>().unwrap()
    );
}

#[test]
fn answers_are_journalled_with_their_prompt_id_and_secrecy() {
    let rows = journal("cg-i-walkthrough");
    let answer = |id: &str| {
        rows.iter()
            .find(|r| r.kind == Kind::Answer && r.answer_id == id)
            .unwrap_or_else(|| panic!("no answer row for {id}"))
    };
    let buy = answer("german.buy");
    assert_eq!(
        buy.answer_value(),
        Some(toml::Value::Array(vec![
            "A1".into(),
            "I2 on-map".into(),
            "O1 prereg=1".into()
        ]))
    );
    assert!(buy.secret);
    assert_eq!((buy.side.as_str(), buy.step.as_str()), ("german", "12.621"));
    // An answer comes before the rows decided from it.
    let first_purchase = rows.iter().position(|r| r.what == "Purchase A1").unwrap();
    assert!(buy.seq < rows[first_purchase].seq);
    let recon = answer("german.recon");
    assert_eq!(recon.answer_value(), Some(toml::Value::Integer(1)));
    assert_eq!(recon.step, "12.624");
    // The default taken for a question the file leaves out is journalled as such.
    let squad = answer("german.squad_type");
    assert_eq!(
        squad.answer_value(),
        Some(toml::Value::String("normal".into()))
    );
    assert!(squad.result.contains("default"));
    let recon = answer("russian.recon");
    assert_eq!(recon.answer_value(), Some(toml::Value::Integer(0)));
    assert!(recon.secret && recon.side == "russian");
    assert_eq!(
        answer("russian.fortify").answer_value(),
        Some(toml::Value::Array(vec![
            "fortified-building 4".into(),
            "ap-mine 5".into(),
            "wire".into(),
            "dummy 10".into()
        ]))
    );
}

#[test]
fn votg_buy_journals_its_purchases_as_the_answer() {
    let c = crate::common::Camp::new("I");
    votg()
        .args(["buy", c.path(), "--side", "russian", "I5", "A3"])
        .assert()
        .success();
    let s = c.state();
    let row = s
        .journal
        .iter()
        .find(|r| r.kind == Kind::Answer)
        .expect("an answer row");
    assert_eq!(row.answer_id, "russian.buy");
    assert!(row.secret);
    assert_eq!(
        row.answer_value(),
        Some(toml::Value::Array(vec!["I5".into(), "A3".into()]))
    );
}

#[test]
fn public_answers_are_public() {
    // 12.6254: the Russian's night declaration is made after the chits are
    // revealed, in the open.
    let c = crate::common::Camp::new("II");
    let tables = Tables::embedded().unwrap();
    c.edit(|s| {
        s.campaign.days[0].victor = Some(votg::model::side::Side::German);
        s.campaign.date = 15;
        s.campaign.scenario = 2;
        s.campaign.occasion = votg::model::campaign::OccasionName::AfterScenario;
        s.campaign.days.push(votg::model::campaign::DayFacts {
            date: 15,
            weather: Some(votg::model::weather::Weather::Clear),
            ec: Some(votg::model::weather::Ec::Dry),
            ..Default::default()
        });
        for side in votg::model::side::Side::BOTH {
            let mut line = s.side(side).roster.current().unwrap().clone();
            line.date = 15;
            line.scenario = Some(2);
            line.hist_drm = tables.historical_drm.drm(side, 15, false).unwrap();
            line.cpp = votg::model::roster::Pool::opening(line.cpp.left);
            line.support_cpp = line
                .support_cpp
                .map(|p| votg::model::roster::Pool::opening(p.left));
            line.rgs.clear();
            line.fortifications.clear();
            line.recon = None;
            line.recon_cpp = 0;
            line.initiative = None;
            s.side_mut(side).roster.lines.push(line);
            s.campaign.step.set(
                side,
                votg::model::campaign::Position::parse("12.625").unwrap(),
            );
        }
    });
    let a = c.file(
        "a.toml",
        "[german]\ninitiative = \"idle\"\n[russian]\ninitiative = \"attack\"\nnight = true\n",
    );
    votg()
        .args(["refit", c.path(), "--answers", &a])
        .assert()
        .success();
    let s = c.state();
    let chit = s
        .journal
        .iter()
        .find(|r| r.answer_id == "german.initiative")
        .unwrap();
    assert!(chit.secret, "the chit is chosen in secret");
    let night = s
        .journal
        .iter()
        .find(|r| r.answer_id == "russian.night")
        .unwrap();
    assert!(!night.secret, "the night declaration is public");
    assert_eq!(night.answer_value(), Some(toml::Value::Boolean(true)));
}
