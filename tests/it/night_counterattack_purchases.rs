//! A Russian Counterattack on 14 Sep in CG II and IV: its Night (12.6254)
//! decides what the Russian may buy before it. The Red Entry Code opens the
//! night of 14 Sep (12.6217), his Historical DRM is -2 at night (12.6182):
//! the example of 12.6215 gives him two more Infantry Coys for the Night,
//! and his RGs' Strength DR takes the -2 (12.6221). The Russian says so at
//! his own 12.621, secretly; 12.6254 does not ask again.

use crate::play::{NOTHING, initial, refit, scenario};
use crate::scripted::{lines, log};

/// CG `cg`'s Initial Scenario won by the German and a Counterattack
/// declared; the Russian buys `buy` and answers `night`.
fn before_the_counterattack(cg: &str, buy: &str, night: bool) -> (crate::common::Camp, bool) {
    let c = initial(cg, NOTHING, NOTHING);
    let answers = format!(
        "{}[german]\n{NOTHING}[russian]\nbuy = [{buy}]\nfortify = []\nrecon = 0\nnight = {night}\n",
        scenario("german", 0, 0, true)
    );
    let ok = refit(&c, &answers, 3).get_output().status.success();
    (c, ok)
}

#[test]
fn rule_12_6217_12_6215_a_night_counterattack_on_14_sep_buys_for_the_night() {
    for cg in ["II", "IV"] {
        // Two Guards Rifle Coys (Red) and a Rifle Coy: three Infantry Coys,
        // within the Night's 2 - (-2) = 4 (12.6215).
        let (c, ok) = before_the_counterattack(cg, r#""I1", "I1", "I3""#, true);
        assert!(ok, "CG {cg}");
        let j = log(&c);
        // Asked once, at the Russian's 12.621, and journalled secret.
        let asked: Vec<&serde_json::Value> = j
            .iter()
            .filter(|r| {
                r["What"]
                    .as_str()
                    .unwrap_or("")
                    .starts_with("russian.night")
            })
            .collect();
        assert_eq!(asked.len(), 1, "CG {cg}: {asked:#?}");
        assert_eq!(asked[0]["Step"], "12.621");
        // 12.6221: each RG bought for the Night rolls its Strength DR with
        // the Night's -2 (all dice 3: DR 6 -2 = 4, Full Strength).
        let night_rolls: Vec<String> = j
            .iter()
            .filter(|r| r["CG Day"] == "14/9" && r["Step"] == "12.622")
            .filter(|r| r["DRM"].as_str().unwrap_or("").contains("14 Sep (night)"))
            .map(|r| {
                format!(
                    "{} {} => {}",
                    r["What"].as_str().unwrap(),
                    r["Final"].as_str().unwrap(),
                    r["Result"].as_str().unwrap()
                )
            })
            .collect();
        assert_eq!(
            night_rolls,
            [
                "I1 Guards Rifle Coy strength 4 => Full Strength",
                "I1 Guards Rifle Coy strength 4 => Full Strength",
                "I3 Rifle Coy strength 4 => Full Strength"
            ],
            "CG {cg}"
        );
        // 12.6254 declared the Night on the Russian's word.
        assert!(
            j.iter()
                .any(|r| r["Step"] == "12.6254" && r["Result"] == "declared a Night scenario"),
            "CG {cg}"
        );
        let night = lines(&c, "russian")
            .into_iter()
            .find(|l| l["date"] == 14 && l["night"] == true)
            .expect("the Night line");
        assert_eq!(night["hist_drm"], -2);
        let bought: Vec<String> = night["rgs"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["rg"].as_str().unwrap().to_string())
            .collect();
        assert_eq!(bought, ["I1", "I1", "I3"], "CG {cg}");
        crate::common::votg()
            .args(["verify", c.path()])
            .assert()
            .success();
    }
}

#[test]
fn rule_12_6217_a_counterattack_by_day_on_14_sep_may_not_buy_red() {
    let (c, ok) = before_the_counterattack("II", r#""I1""#, false);
    assert!(!ok, "a Red RG by day on 14 Sep");
    assert!(
        log(&c)
            .iter()
            .all(|r| r["What"].as_str().unwrap_or("") != "Purchase I1"),
        "nothing bought"
    );
    // For the Night, four Infantry Coys (2 - (-2), 12.6215) and no more:
    // three Pltns more count as a fifth.
    let (_, ok) = before_the_counterattack("II", r#""I1", "I1", "I3", "I3""#, true);
    assert!(ok, "four Coys for the Night of 14 Sep");
    let (_, ok) =
        before_the_counterattack("II", r#""I1", "I1", "I3", "I3", "I2", "I2", "I2""#, true);
    assert!(!ok, "five Coys for the Night of 14 Sep");
}

/// The Russian's RG Purchase Record rows, as `votg purchases` gives them:
/// (CG Day, RG ID, #P, Entry Code, #R) of each bought row.
fn bought_rows(c: &crate::common::Camp) -> Vec<(String, String, u64, String, u64)> {
    let out = crate::common::votg()
        .args([
            "purchases",
            c.path(),
            "--side",
            "russian",
            "--format",
            "json",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let rows: Vec<serde_json::Value> = serde_json::from_slice(&out.stdout).unwrap();
    rows.iter()
        .filter_map(|r| {
            let s = |k: &str| r[k].as_str().unwrap_or_default().to_string();
            Some((
                s("cg_day"),
                s("rg_id"),
                r["purchased_so_far"].as_u64()?,
                s("entry_code"),
                r["remaining"].as_u64()?,
            ))
        })
        .collect()
}

/// 12.6216, 12.6218, C10: the two Red Guards Rifle Coys bought for the
/// Night Counterattack of 14 Sep (recorded on 14/9, the CG Day column's
/// date) used two of I1's seven Red slots. After the Counterattack, the
/// I1 bought on 15 Sep is the third of the CG (#P 3/red) with 7 of the ten
/// left (#R); the Yellow I3 of that night is counted as before (a second
/// I3 on 15 Sep is 2/yellow, of a CG Max of 2 in CG II, 2 Yellow and 4
/// Brown in CG IV).
#[test]
fn rule_12_6216_12_6218_c10_red_rgs_bought_for_a_night_counterattack_count_after_it() {
    for (cg, i3_left) in [("II", 0), ("IV", 4)] {
        let (c, ok) = before_the_counterattack(cg, r#""I1", "I1", "I3""#, true);
        assert!(ok, "CG {cg}");
        let answers = format!(
            "{}[german]\n{NOTHING}initiative = \"idle\"\n[russian]\nbuy = [\"I1\", \"I3\"]\nfortify = []\nrecon = 0\ninitiative = \"idle\"\n",
            scenario("russian", 0, 0, false)
        );
        crate::play::refit_until(&c, &answers, 3, "12.621").success();
        let rows = bought_rows(&c);
        let on_15: Vec<_> = rows.iter().filter(|r| r.0 == "15/9").collect();
        assert_eq!(
            on_15,
            [
                &("15/9".into(), "I1".into(), 3, "red".into(), 7),
                &("15/9".into(), "I3".into(), 2, "yellow".into(), i3_left),
            ],
            "CG {cg}: {rows:#?}"
        );
    }
}
