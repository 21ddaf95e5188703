//! The non-dice charts against the printed rules (and the CLARIFICATIONS
//! readings they follow): RG charts, SW charts, Fortification Purchase Table.

use votg::model::side::{Cg, Side};
use votg::rules::rg_chart::{RgChart, RgClass};
use votg::rules::tables::Tables;

fn tables() -> Tables {
    Tables::embedded().expect("built-in tables load")
}

/// (id, cost, daily max, CG Max totals I..IV) as printed.
fn check_costs(chart: &RgChart, rows: &[(&str, u32, u32, [u32; 4])]) {
    assert_eq!(
        chart.rgs.len(),
        rows.len(),
        "{}: every RG of the chart",
        chart.id
    );
    for (id, cost, max, cg) in rows {
        let rg = chart
            .rg(id)
            .unwrap_or_else(|| panic!("{} has {id}", chart.id));
        assert_eq!(rg.cost, *cost, "{} {id} CPP cost", chart.id);
        assert_eq!(rg.daily_max, *max, "{} {id} daily max", chart.id);
        for (i, c) in Cg::ALL.iter().enumerate() {
            assert_eq!(rg.cg_max.total(*c), cg[i], "{} {id} CG {c} max", chart.id);
        }
    }
}

fn codes(chart: &RgChart, id: &str, cg: Cg) -> Vec<(u32, Option<String>, Vec<String>)> {
    chart
        .rg(id)
        .unwrap()
        .cg_max
        .slots(cg)
        .iter()
        .map(|s| (s.count, s.code.clone(), s.notes.clone()))
        .collect()
}

fn slot(count: u32, code: Option<&str>, notes: &[&str]) -> (u32, Option<String>, Vec<String>) {
    (
        count,
        code.map(str::to_string),
        notes.iter().map(|s| s.to_string()).collect(),
    )
}

#[test]
fn rule_12_621_german_rg_chart_costs_and_maxima() {
    let t = tables();
    check_costs(
        &t.german_rg,
        &[
            ("S1", 1, 2, [8, 9, 5, 15]),
            ("S2", 6, 2, [2, 5, 2, 7]),
            ("A1", 4, 2, [3, 3, 3, 3]),
            ("A2", 5, 2, [2, 4, 3, 4]),
            ("A3", 3, 2, [2, 4, 2, 4]),
            ("I1", 7, 2, [4, 11, 5, 11]),
            ("I2", 3, 3, [4, 14, 6, 14]),
            ("I3", 5, 3, [3, 8, 3, 8]),
            ("I4", 6, 1, [1, 3, 2, 3]),
            ("O1", 2, 2, [3, 6, 3, 9]),
            ("O2", 4, 2, [3, 3, 2, 5]),
            ("O3", 6, 2, [1, 3, 2, 5]),
            ("O4", 2, 1, [1, 2, 0, 2]),
            ("O5", 1, 2, [2, 3, 2, 5]),
            ("O6", 1, 1, [2, 3, 2, 5]),
            ("B1", 2, 3, [6, 8, 4, 12]),
            ("G1", 4, 1, [1, 2, 1, 3]),
            ("G2", 5, 1, [1, 2, 1, 2]),
            ("G3", 4, 1, [1, 3, 1, 4]),
            ("M1", 1, 2, [16, 18, 10, 26]),
            ("M2", 1, 1, [8, 8, 5, 13]),
        ],
    );
}

#[test]
fn rule_12_621_russian_rg_chart_costs_and_maxima_c9() {
    let t = tables();
    check_costs(
        &t.russian_rg,
        &[
            ("A1", 3, 1, [0, 1, 1, 1]),
            ("A2", 3, 1, [0, 1, 1, 1]),
            ("A3", 5, 2, [2, 3, 1, 3]),
            ("A4", 4, 1, [1, 1, 0, 1]),
            ("I1", 9, 2, [3, 10, 3, 10]),
            ("I2", 3, 3, [3, 9, 5, 11]),
            ("I3", 5, 2, [1, 2, 2, 6]),
            ("I4", 4, 1, [0, 1, 1, 2]),
            // C9: CG I 2 (s), CG II 2 (s), CG III 0, CG IV 2 (s).
            ("I5", 4, 2, [2, 2, 0, 2]),
            ("I6", 4, 3, [3, 7, 3, 9]),
            ("I7", 2, 1, [2, 4, 3, 5]),
            ("I8", 6, 1, [1, 3, 1, 4]),
            ("O1", 1, 2, [2, 4, 2, 6]),
            ("O2", 1, 2, [3, 4, 2, 6]),
            ("O3", 3, 2, [1, 3, 2, 5]),
            ("O4", 5, 2, [1, 2, 1, 4]),
            ("O5", 3, 2, [1, 2, 1, 2]),
            ("O6", 1, 2, [0, 4, 2, 6]),
            ("G1", 4, 1, [1, 4, 1, 4]),
            ("G2", 5, 1, [1, 1, 0, 1]),
            ("G3", 4, 1, [1, 1, 0, 1]),
            ("G4", 5, 1, [1, 2, 1, 2]),
            ("M1", 1, 4, [20, 27, 15, 42]),
            ("M2", 1, 1, [8, 9, 5, 14]),
            ("M3", 2, 1, [8, 9, 5, 14]),
        ],
    );
}

#[test]
fn c24_german_cg_i_cells() {
    let t = tables();
    let g = &t.german_rg;
    assert_eq!(
        codes(g, "A1", Cg::I),
        vec![slot(1, None, &["y"]), slot(2, None, &["m", "y"])]
    );
    assert_eq!(
        codes(g, "I1", Cg::I),
        vec![slot(3, None, &[]), slot(1, None, &["g"])]
    );
    assert_eq!(
        codes(g, "I2", Cg::I),
        vec![slot(3, None, &[]), slot(1, None, &["g"])]
    );
    assert_eq!(codes(g, "O4", Cg::III), vec![]);
}

#[test]
fn c10_german_entry_codes_reconstructed() {
    let t = tables();
    let g = &t.german_rg;
    assert_eq!(
        codes(g, "I1", Cg::II),
        vec![
            slot(5, Some("blue"), &[]),
            slot(2, Some("green"), &[]),
            slot(4, Some("purple"), &[])
        ]
    );
    // CG III: two dots are Blue/Purple.
    assert_eq!(
        codes(g, "I1", Cg::III),
        vec![slot(4, Some("blue"), &[]), slot(1, Some("purple"), &[])]
    );
    assert_eq!(codes(g, "A3", Cg::II), vec![slot(4, Some("blue"), &[])]);
    assert_eq!(g.entry_code("purple").unwrap().from_date, 20);
    assert_eq!(g.entry_code("blue").unwrap().from_date, 14);
    assert_eq!(g.entry_code("green").unwrap().from_date, 14);
}

#[test]
fn c10_russian_entry_codes_reconstructed_and_c5_notes() {
    let t = tables();
    let r = &t.russian_rg;
    assert_eq!(
        codes(r, "I1", Cg::II),
        vec![slot(7, Some("red"), &[]), slot(3, Some("orange"), &[])]
    );
    assert_eq!(codes(r, "I1", Cg::III), vec![slot(3, Some("red"), &[])]);
    assert_eq!(
        codes(r, "I2", Cg::IV),
        vec![
            slot(6, Some("red"), &[]),
            slot(3, Some("orange"), &[]),
            slot(2, Some("brown"), &[])
        ]
    );
    assert_eq!(
        codes(r, "I3", Cg::IV),
        vec![slot(2, Some("yellow"), &[]), slot(4, Some("brown"), &[])]
    );
    assert_eq!(
        codes(r, "A3", Cg::II),
        vec![
            slot(1, None, &["s"]),
            slot(1, Some("yellow"), &[]),
            slot(1, Some("red"), &[])
        ]
    );
    assert_eq!(
        codes(r, "A3", Cg::I),
        vec![slot(1, None, &["s"]), slot(1, None, &[])]
    );
    assert_eq!(codes(r, "A4", Cg::II), vec![slot(1, Some("yellow"), &[])]);
    assert_eq!(codes(r, "I4", Cg::III), vec![slot(1, Some("brown"), &[])]);
    assert_eq!(
        codes(r, "G1", Cg::II),
        vec![
            slot(1 + 1, Some("yellow"), &[]),
            slot(1, Some("red"), &[]),
            slot(1, Some("orange"), &[])
        ]
    );
    assert_eq!(
        codes(r, "G4", Cg::II),
        vec![slot(1, None, &["s"]), slot(1, Some("red"), &[])]
    );
    let red = r.entry_code("red").unwrap();
    assert!(
        red.from_night && red.from_date == 14,
        "Red from the night of 14 Sep"
    );
    assert_eq!(r.entry_code("orange").unwrap().from_date, 20);
    assert_eq!(r.entry_code("brown").unwrap().from_date, 23);
}

#[test]
fn c4_c6_c7_note_letters() {
    let t = tables();
    let r = &t.russian_rg;
    // C6: G1 acb is acd.
    assert_eq!(r.rg("G1").unwrap().notes, vec!["a", "c", "d"]);
    // C4: chart letter l is transcribed note f (SW and leaders).
    assert_eq!(r.note("l").unwrap().transcribed.as_deref(), Some("f"));
    assert_eq!(r.note("z").unwrap().transcribed.as_deref(), Some("o"));
    assert!(r.note("s").unwrap().text.contains("initial scenario"));
    // C7: German Pionier d1r is d, e, l, r.
    let p = t.german_rg.rg("I3").unwrap();
    for l in ["d", "e", "l", "r"] {
        assert!(p.has_note(l), "Pionier note {l}");
    }
    assert!(
        r.rg("I6").unwrap().has_note("e"),
        "Storm Group Assault Engineers"
    );
    assert!(
        r.rg("I1").unwrap().has_note("x"),
        "Guards Rifle Coy mortar deploy"
    );
    assert!(r.rg("I1").unwrap().has_note("b"), "boats");
    assert!(r.rg("A1").unwrap().has_note("w"), "redeployment / Dug-In");
}

#[test]
fn rule_12_6213_unit_strengths_and_c8_c9() {
    let t = tables();
    let g = &t.german_rg;
    let i1 = g.rg("I1").unwrap();
    assert_eq!(i1.class, RgClass::InfantryCoy);
    assert_eq!(i1.units[0].strength, vec![15, 12, 12, 9, 9], "C8");
    assert_eq!(i1.units[0].elr_replaced, vec![0, 0, 3, 0, 3]);
    assert_eq!(g.rg("I3").unwrap().units[0].unit, "8-3-8");
    assert_eq!(g.rg("A1").unwrap().units[0].strength, vec![3, 2]);
    let r = &t.russian_rg;
    assert_eq!(r.rg("I4").unwrap().units[0].strength, vec![11, 9, 9, 7, 7]);
    assert_eq!(
        r.rg("I4").unwrap().units[0].elr_replaced,
        vec![0, 0, 2, 0, 2]
    );
    assert_eq!(r.rg("A1").unwrap().units[0].strength, vec![4, 3]);
    assert_eq!(r.rg("A4").unwrap().units[0].strength, vec![2, 1]);
    let nkvd = r.rg("I5").unwrap();
    assert_eq!(nkvd.units.len(), 2, "C9: two unit lines");
    assert_eq!(
        (nkvd.units[0].unit.as_str(), nkvd.units[0].strength.clone()),
        ("6-2-8", vec![4, 3, 3, 2, 2])
    );
    assert_eq!(
        (nkvd.units[1].unit.as_str(), nkvd.units[1].strength.clone()),
        ("4-2-6", vec![8, 6, 5, 5, 4])
    );
    assert!(nkvd.units[0].nkvd);
}

#[test]
fn rule_12_6223_hw_platoon_and_battery_weapons() {
    let t = tables();
    let weapons = |chart: &RgChart, id: &str| -> Vec<(String, u32)> {
        chart
            .rg(id)
            .unwrap()
            .weapons
            .iter()
            .map(|w| (w.weapon.clone(), w.count))
            .collect()
    };
    let g = weapons(&t.german_rg, "I4");
    assert_eq!(
        g.iter().map(|w| w.1).sum::<u32>(),
        6,
        "German HW Pltn: HMG x2, MMG x2, 81mm MTR x2"
    );
    let r = weapons(&t.russian_rg, "I8");
    assert_eq!(
        r.iter().map(|w| w.1).sum::<u32>(),
        6,
        "Russian HW Pltn: MMG x2, HMG, .50c HMG, 82mm MTR x2"
    );
    assert_eq!(
        weapons(&t.russian_rg, "G1")
            .iter()
            .map(|w| w.1)
            .sum::<u32>(),
        4
    );
    assert_eq!(
        weapons(&t.german_rg, "G3").iter().map(|w| w.1).sum::<u32>(),
        4
    );
    assert_eq!(
        weapons(&t.russian_rg, "G3")
            .iter()
            .map(|w| w.1)
            .sum::<u32>(),
        3
    );
}

#[test]
fn rule_12_6222_sw_charts() {
    let t = tables();
    let sw = |side: Side, rg: &str, kind: &str| -> u32 {
        let chart = if side == Side::German {
            &t.german_sw
        } else {
            &t.russian_sw
        };
        chart.row(rg).unwrap().sw.get(kind).copied().unwrap_or(0)
    };
    use Side::*;
    // German Rifle Coy: HMG, MMG, LMG@, ATR, Lt MTR.
    for k in ["hmg", "mmg", "lmg", "atr", "lt_mtr"] {
        assert_eq!(sw(German, "I1", k), 1, "German Rifle Coy {k}");
    }
    assert_eq!(sw(German, "I2", "lmg") + sw(German, "I2", "dc"), 2);
    assert_eq!(
        (
            sw(German, "I3", "lmg"),
            sw(German, "I3", "ft"),
            sw(German, "I3", "dc")
        ),
        (1, 1, 2)
    );
    assert_eq!(
        (
            sw(Russian, "I1", "lmg"),
            sw(Russian, "I1", "atr"),
            sw(Russian, "I1", "lt_mtr")
        ),
        (2, 2, 2)
    );
    assert_eq!(
        (
            sw(Russian, "I6", "lmg"),
            sw(Russian, "I6", "ft"),
            sw(Russian, "I6", "dc")
        ),
        (1, 1, 2)
    );
    // @: a Reinforced Coy gets one more LMG.
    assert_eq!(
        t.german_sw.row("I1").unwrap().reinforced_extra.get("lmg"),
        Some(&1)
    );
    assert_eq!(
        t.russian_sw.row("I4").unwrap().reinforced_extra.get("lmg"),
        Some(&1)
    );
    // †: Guards SMG Pltn, 1-3 LMG, 4-6 DC; ‡: NKVD 1-3 MMG, 4-6 Lt MTR.
    let gds = t.russian_sw.row("I2").unwrap().choice.as_ref().unwrap();
    assert_eq!((gds.pick(3), gds.pick(4)), ("lmg", "dc"));
    let nkvd = t.russian_sw.row("I5").unwrap().choice.as_ref().unwrap();
    assert_eq!((nkvd.pick(1), nkvd.pick(6)), ("mmg", "lt_mtr"));
}

#[test]
fn rule_12_623_fortification_purchase_table() {
    let t = tables();
    let f = &t.fortification_purchase;
    let item = |k: &str| f.item(k).unwrap_or_else(|| panic!("{k}"));
    assert_eq!(item("trench").cost, Some(7));
    assert_eq!(item("at-ditch").cost, Some(21));
    assert!(item("at-ditch").russian_only);
    assert_eq!(
        (
            item("ap-mine").side_cost(Side::German),
            item("ap-mine").side_cost(Side::Russian)
        ),
        (Some(1), Some(3))
    );
    assert_eq!(
        (
            item("at-mine").side_cost(Side::German),
            item("at-mine").side_cost(Side::Russian)
        ),
        (Some(3), Some(9))
    );
    assert_eq!(item("roadblock").cost, Some(12));
    assert_eq!(item("wire").cost, Some(15));
    assert!(item("pillbox").russian_only);
    assert_eq!(item("fortified-building").cost, Some(10));
    assert_eq!(item("fortified-building").flags(), "FI");
    assert_eq!(item("tunnel").cost, Some(30));
    assert_eq!(item("hip").cost_by.get("afv"), Some(&5));
    assert_eq!(item("hip").cost_by.get("squad"), Some(&3));
    assert_eq!(item("hip").cost_by.get("hs"), Some(&2));
    assert_eq!(item("hip").cost_by.get("crew"), Some(&1));
    assert_eq!(item("hip").cost_by.get("smc"), Some(&1));
    assert_eq!(item("dummy").cost, Some(1));
    assert_eq!(item("booby-trap").cost, Some(40));
    assert!(item("booby-trap").russian_only);
    assert_eq!(item("set-dc").cost, Some(15));
    assert_eq!(item("set-dc").flags(), "F");
    assert_eq!(item("strongpoint").cost, Some(30));
    assert_eq!(item("strongpoint").flags(), "FIR");
    assert_eq!(item("foxhole").cost_by.get("3"), Some(&3));
    assert_eq!(item("foxhole").cost_by.get("1"), Some(&1));
    assert_eq!(f.mine_cap_per_day, 90);
    assert_eq!(f.hip_percent, 10);
}
