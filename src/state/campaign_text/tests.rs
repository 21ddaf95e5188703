use super::*;
use crate::campaign::Campaign;
use crate::reph::cg_end::CgResult;
use crate::side::Side;

/// The golden campaigns' `campaign.toml`, read.
fn goldens() -> Vec<Campaign> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("rosters");
    let mut all = Vec::new();
    for e in std::fs::read_dir(root).unwrap() {
        let path = e.unwrap().path().join("campaign.toml");
        if let Ok(text) = std::fs::read_to_string(path) {
            all.push(toml::from_str(&text).unwrap());
        }
    }
    assert!(all.len() >= 3, "the golden campaigns are there");
    all
}

fn assert_same(kept: &mut CampaignText, c: &Campaign) {
    assert_eq!(
        String::from_utf8(kept.text(c)).unwrap(),
        String::from_utf8(to_toml(c)).unwrap()
    );
}

#[test]
fn campaign_toml_kept_by_day_is_the_whole_campaign_serialised() {
    for c in goldens() {
        assert_same(&mut CampaignText::default(), &c);
    }
}

#[test]
fn a_campaign_with_no_days_or_with_a_result_serialises_as_the_whole() {
    for mut c in goldens() {
        let mut kept = CampaignText::default();
        c.result = Some(CgResult {
            winner: Side::Russian,
            date: c.date,
            why: "a \"quoted\" reason".into(),
        });
        assert_same(&mut kept, &c);
        c.days.clear();
        assert_same(&mut kept, &c);
        c.result = None;
        assert_same(&mut kept, &c);
    }
}

#[test]
fn a_day_changed_added_or_dropped_is_written_anew() {
    let c = goldens().into_iter().max_by_key(|c| c.days.len()).unwrap();
    assert!(c.days.len() >= 2, "a campaign of several CG Days");
    let mut kept = CampaignText::default();
    let mut c = c.clone();
    assert_same(&mut kept, &c);
    c.days[0].night = !c.days[0].night;
    c.days[0].scenario = None;
    c.days[0].victor = None;
    assert_same(&mut kept, &c);
    let last = c.days.last().unwrap().clone();
    c.days.push(last);
    assert_same(&mut kept, &c);
    c.days.truncate(1);
    assert_same(&mut kept, &c);
    c.dice.used += 1;
    c.title = "another title".into();
    assert_same(&mut kept, &c);
}
