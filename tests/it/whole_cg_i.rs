//! A whole CG I (15-22 Sep), worked by hand from the rules before votg was
//! run: from `votg new` to the CG's end, one scripted `votg refit` per
//! scenario (tests/data/whole-cg-i: each run's answers, and its dice with
//! the working of every roll beside it, each result from the rules and
//! tables). After each run every change to both Force Organizers is what
//! the rules make of that CG Day, each CG Roster line holds the figures
//! worked out, and where a status lives inside a RePh the run is stopped
//! there to see it (`#> until` in the dice file).
//!
//! What happens: 15 Sep the Initial Scenario (the German buys a Stuka and a
//! Bombardment; the Russian Wire, mines and a Trench) won by the German with
//! units Encircled, a StuG wrecked, a FT and a DC removed; the Russian's
//! Night Counterattack that evening; 16 Sep the StuG B Pltn at half cost; 17
//! Sep an Idle Day (the wreck Recovered and Repaired over it, a Pltn
//! Redeployed, an Original 6 at Fortification Removal); Battle Hardening in
//! most RePhs (an Elite MMC Fanatic, an NKVD MMC Fanatic, Commissars, the
//! next lowest leader); 19 Sep a Russian Assault, 20 Sep a Dual Attack with
//! a Russian stack Encircled and Replaced on its Escape; the German wins the
//! CG at the end of 22 Sep.

use crate::common::{Camp, votg};
use crate::scripted::*;
use std::collections::BTreeMap;

const DIR: &str = "whole-cg-i";

fn script(name: &str) -> Script {
    Script::load(DIR, name)
}

/// `(id, now)` pairs from `expect`, plus runs of new ids.
fn with_new(pairs: &[(&str, &str)], new: Vec<Vec<(String, String)>>) -> BTreeMap<String, String> {
    let mut e = expect(pairs);
    for (id, now) in new.into_iter().flatten() {
        assert!(e.insert(id.clone(), now).is_none(), "{id} twice");
    }
    e
}

/// The CG Roster line of `date` (Night or not) of `side`: CPP and Support
/// CPP [Start, Received, Spent, Left], ELR, SAN, Recon CPP, Initiative.
fn roster(c: &Camp, side: &str, date: u64, night: bool) -> String {
    let l = line(c, side, date, night);
    let support = if l["support_cpp"].is_null() {
        String::new()
    } else {
        format!(" support {:?}", cpp(&l, "support_cpp"))
    };
    format!(
        "cpp {:?}{support} elr {} san {} recon {} {}",
        cpp(&l, "cpp"),
        l["elr"],
        l["san"],
        l["recon_cpp"],
        l["initiative"].as_str().unwrap_or("-")
    )
}

#[test]
fn whole_cg_i_worked_by_hand_every_cg_day() {
    let c = Camp::new("I");
    let mut fo = BTreeMap::new();
    let mut step = |c: &Camp, when: &str, expected: BTreeMap<String, String>| {
        let now = organizers(c);
        assert_changes(when, &fo, &now, &expected);
        ids_stable(&fo, &now, when);
        fo = now;
    };

    // ---- `votg new`: the Initial OBs' units given outside any RG ----
    step(
        &c,
        "votg new",
        with_new(
            &[
                ("R-1", "2-2-8 retained"),
                ("R-2", "82* MTR retained"),
                // SSR I-4: immobilized at start.
                ("R-3", "T-34 M41 retained [immobilized]"),
                ("R-10", "7-0 retained"),
                ("R-11", "ATR retained"),
                ("R-12", "MMG retained"),
            ],
            vec![
                new_ids('R', 4, &["4-4-7"; 3], "retained"),
                new_ids('R', 7, &["4-2-6"; 3], "retained"),
                new_ids(
                    'R',
                    13,
                    &["Fortified Building Location"; 6],
                    "fortifications",
                ),
            ],
        ),
    );

    // ---- 15 Sep: the Initial Scenario's RePh (12.621-12.624) ----
    script("00-15sep-initial").rest(&c);
    let j = log(&c);
    for (what, result) in [
        ("I1 Rifle Coy strength", "4 => Full Strength"),
        ("I1 Rifle Coy leaders", "6 => 9-1, 8-1, 8-0"),
        ("I3 Pionier Pltn strength", "3 => Full Strength"),
        ("I3 Pionier Pltn leader", "7 => 8-1"),
        ("I2 Stösstruppe Pltn strength", "2 => Full Strength"),
        ("I2 Stösstruppe Pltn leader", "7 => 8-1"),
        ("A2 StuG G Pltn strength", "3 => Full Strength"),
        ("A2 StuG G Pltn armor leader", "5 => 8-1"),
        ("I5 NKVD Militia Coy strength", "4 => Full Strength"),
        ("I5 SW choice", "5 => Lt MTR (4-6)"),
        ("I5 NKVD Militia Coy leaders", "6 => 9-0, 8+1"),
        ("I4 SMG Coy strength", "5 => Full Strength"),
        ("I4 SMG Coy leaders", "8 => 8-0, 7-0"),
    ] {
        assert_eq!(roll(&j, "15/9", "12.622", what).1, result, "{what}");
    }
    let four_fbl = ["Fortified Building Location"; 4];
    step(
        &c,
        "15 Sep, set up",
        with_new(
            &[
                ("G-1", "Stuka I (DB (see SSR VotG9)) retained"),
                ("G-2", "Bombardment (Aerial Bombardment) retained"),
                ("G-15", "HMG retained"),
                ("G-16", "MMG retained"),
                ("G-17", "LMG retained"),
                ("G-18", "ATR retained"),
                ("G-19", "Lt MTR retained"),
                ("G-20", "9-1 retained"),
                ("G-21", "8-1 retained"),
                ("G-22", "8-0 retained"),
                ("G-26", "LMG retained"),
                ("G-27", "FT retained"),
                ("G-28", "DC retained"),
                ("G-29", "DC retained"),
                ("G-30", "8-1 retained"),
                ("G-34", "LMG retained"),
                ("G-35", "DC retained"),
                ("G-36", "8-1 retained"),
                ("G-40", "8-1 retained"),
                ("R-28", "LMG retained"),
                ("R-29", "ATR retained"),
                ("R-30", "Lt MTR retained"),
                ("R-31", "9-0 retained"),
                ("R-32", "8+1 retained"),
                ("R-42", "LMG retained"),
                ("R-43", "ATR retained"),
                ("R-44", "8-0 retained"),
                ("R-45", "7-0 retained"),
                ("R-46", "Wire fortifications"),
                ("R-47", "A-P Mine 4 factors fortifications"),
                ("R-48", "Trench fortifications"),
                ("R-53", "\"?\" fortifications"),
                ("R-54", "\"?\" fortifications"),
            ],
            vec![
                new_ids('G', 3, &["4-6-7"; 12], "retained"),
                new_ids('G', 23, &["8-3-8"; 3], "retained"),
                new_ids('G', 31, &["5-4-8"; 3], "retained"),
                new_ids('G', 37, &["StuG IIIG"; 3], "retained"),
                new_ids('R', 19, &["6-2-8"; 3], "retained [nkvd]"),
                new_ids('R', 22, &["4-2-6"; 6], "retained"),
                new_ids('R', 33, &["5-2-7"; 9], "retained"),
                new_ids('R', 49, &four_fbl, "fortifications"),
            ],
        ),
    );
    assert_eq!(
        roster(&c, "german", 15, false),
        "cpp [14, 0, 0, 14] support [4, 0, 3, 1] elr 4 san 3 recon 0 attack"
    );
    assert_eq!(
        roster(&c, "russian", 15, false),
        "cpp [13, 0, 1, 12] elr 3 san 5 recon 0 idle"
    );
    invariants(&c, "15 Sep set up");

    // ---- 15 Sep: scenario 1 recorded, the RePh before the Counterattack ----
    let mut day = script("01-15sep-german-assault");
    day.until(&c, "12.606");
    let j = log(&c);
    let now = organizers(&c);
    // 12.6051: the Encircled markers, and the leader named for the 1TC, stay
    // until 12.6074; R-5 failed its 1TC and is gone.
    assert_eq!(now["G-3"], "4-6-7 retained [encircled, led-by G-21]");
    assert_eq!(now["G-21"], "8-1 retained [encircled]");
    assert_eq!(now["R-5"], "4-4-7 casualties [encircled]");
    assert_eq!(
        results(&j, "15/9", "12.605", "Encircled: 1TC"),
        ["7 => Passes", "8 => Passes", "9 => Fails"]
    );
    day.until(&c, "12.612");
    let j = log(&c);
    let now = organizers(&c);
    assert_eq!(with_condition(&now, "encircled"), Vec::<String>::new());
    assert_eq!(
        roll(&j, "15/9", "12.607", "Escape from Pocket").1,
        "7 => Escapes"
    );
    // "Battle Hardened this RePh" until its 12.626 (C48).
    assert_eq!(now["G-4"], "4-6-8 retained [battle-hardened]");
    assert_eq!(
        now["G-23"],
        "8-3-8 retained [fanatic-next-scenario, battle-hardened]"
    );
    assert_eq!(now["R-6"], "4-5-8 retained [battle-hardened]");
    assert_eq!(now["R-7"], "4-4-7 retained [battle-hardened]");
    day.rest(&c);
    let j = log(&c);
    for (side, step_id, what, result) in [
        ("german", "12.612", "MMC Battle Hardening", "2 => 2"),
        ("german", "12.612", "Leader Battle Hardening", "5 => 8-1"),
        ("russian", "12.612", "MMC Battle Hardening", "3 => 2"),
        ("russian", "12.612", "Leader Battle Hardening", "8 => 8+1"),
        (
            "german",
            "12.616",
            "AFV Platoon Redeployment",
            "3 => Retained",
        ),
        ("german", "12.617", "R-46 Wire", "3 => Eliminated"),
        ("german", "12.618", "CPP Replenishment", "8 => +17"),
        ("russian", "12.618", "CPP Replenishment", "8 => +17"),
        (
            "russian",
            "12.622",
            "I3 Rifle Coy strength",
            "4 => Full Strength",
        ),
        ("russian", "12.622", "I3 Rifle Coy leaders", "6 => 9-1, 7-0"),
    ] {
        assert_eq!(
            side_roll(&j, side, "15/9", step_id, what),
            result,
            "{side} {what}"
        );
    }
    // 12.613 the Counterattack declared; 12.6254 the Night, at the Russian's
    // word; "Battle Hardened this RePh" ended at 12.626.
    assert_eq!(
        said(&j, "15/9", "12.613", "Counterattack"),
        ["Counterattack => declared"]
    );
    assert_eq!(
        said(&j, "15/9 N", "12.6254", "Russian Night Assault"),
        ["Russian Night Assault => declared a Night scenario"]
    );
    assert_eq!(
        said(&j, "15/9 N", "12.626", "Battle Hardened this RePh"),
        [
            "Battle Hardened this RePh => ends with the RePh: G-4, G-23",
            "Battle Hardened this RePh => ends with the RePh: R-6, R-7"
        ]
    );
    // 12.615a: the Stuka lasts through its CG Day's Counterattack (note t);
    // the Bombardment, resolved, is Eliminated (note b).
    let once = said(&j, "15/9", "12.615a", "RG used once");
    assert_eq!(once.len(), 1, "{once:?}");
    assert!(
        once[0].contains("G-2") && once[0].contains("Eliminated"),
        "{once:?}"
    );
    step(
        &c,
        "15 Sep, before the Counterattack",
        with_new(
            &[
                ("G-2", "Bombardment (Aerial Bombardment) casualties"),
                ("G-4", "4-6-8 retained"),
                ("G-9", "4-6-7 retained [ammo-shortage, isolated Pocket]"),
                // G-11 and G-12, Casualty-Reduced, Recombined into G-11.
                ("G-12", "(gone)"),
                ("G-13", "4-6-7 casualties"),
                ("G-23", "8-3-8 retained [fanatic-next-scenario]"),
                ("G-27", "FT casualties"),
                ("G-30", "9-1 retained"),
                ("G-39", "StuG IIIG left-on-map [wreck]"),
                ("R-3", "T-34 M41 left-on-map [immobilized]"),
                ("R-4", "4-4-7 casualties"),
                ("R-5", "4-4-7 casualties"),
                ("R-6", "4-5-8 retained"),
                ("R-7", "4-4-7 retained"),
                ("R-22", "4-2-6 casualties"),
                ("R-23", "4-2-6 casualties"),
                ("R-32", "9-0 retained"),
                ("R-33", "5-2-7 casualties"),
                ("R-46", "Wire casualties"),
                ("R-67", "HMG entering"),
                ("R-68", "MMG entering"),
                ("R-69", "LMG entering"),
                ("R-70", "ATR entering"),
                ("R-71", "Lt MTR entering"),
                ("R-72", "9-1 entering"),
                ("R-73", "7-0 entering"),
            ],
            vec![new_ids('R', 55, &["4-4-7"; 12], "entering")],
        ),
    );
    assert_eq!(
        roster(&c, "german", 15, true),
        "cpp [14, 6, 0, 20] support [1, 2, 0, 3] elr 4 san 3 recon 0 idle"
    );
    assert_eq!(line(&c, "german", 15, true)["night_elr"], 3, "12.6254");
    assert_eq!(
        roster(&c, "russian", 15, true),
        "cpp [12, 12, 5, 19] elr 3 san 5 recon 0 attack"
    );
    invariants(&c, "15 Sep Night Counterattack set up");

    // ---- 15 Sep (night): the Counterattack recorded; 16 Sep ----
    let mut day = script("02-15sep-night-counterattack");
    day.until(&c, "12.603");
    // Fanatic from hardening: the next scenario only (12.603e, C48).
    assert_eq!(organizers(&c)["G-23"], "8-3-8 retained");
    day.rest(&c);
    let j = log(&c);
    for (cg_day, step_id, what, result) in [
        (
            "15/9 N",
            "12.611",
            "G-22",
            "2 => Retained in his wounded state",
        ),
        ("16/9", "12.614", "SAN", "5 => SAN reduced by one"),
        (
            "16/9",
            "12.615d",
            "Recovery of G-39",
            "5 => Recovery unsuccessful; AFV/wreck remains in its current location.",
        ),
        ("16/9", "12.615d", "Recovery of R-3", "1 => Recovered"),
        (
            "16/9",
            "12.615d",
            "Immobilization Removal of R-3",
            "2 => Becomes Mobile",
        ),
        ("16/9", "12.617", "R-47 Known minefield", "3 => Eliminated"),
        ("16/9", "12.618", "German CPP", "5 => +18"),
        (
            "16/9",
            "12.619",
            "German ELR",
            "13 => ELR decreases by one (minimum 0)",
        ),
        ("16/9", "12.618", "Russian CPP", "8 => +17"),
        ("16/9", "12.619", "Russian ELR", "5 => No change"),
        ("16/9", "12.620", "Weather", "7 => Clear"),
        ("16/9", "12.620", "EC", "3 => Moderate"),
        (
            "16/9",
            "12.622",
            "A1 StuG B Pltn strength",
            "4 => Full Strength",
        ),
        ("16/9", "12.622", "A1 StuG B Pltn armor leader", "8 => —"),
        ("16/9", "12.624", "German Recon", "4 => 4 Location(s)"),
    ] {
        assert_eq!(roll(&j, cg_day, step_id, what).1, result, "{cg_day} {what}");
    }
    assert_eq!(
        results(&j, "15/9 N", "12.612", "MMC Battle Hardening"),
        ["6 => —", "1 => 3"]
    );
    assert_eq!(
        results(&j, "15/9 N", "12.612", "Leader Battle Hardening"),
        ["2 => 10-2", "5 => 9-0"]
    );
    step(
        &c,
        "16 Sep, set up",
        expect(&[
            ("G-1", "Stuka I (DB (see SSR VotG9)) casualties"),
            ("G-5", "4-6-7 casualties"),
            ("G-6", "4-6-7 casualties"),
            ("G-9", "4-6-7 retained"),
            ("G-20", "9-2 retained"),
            ("G-22", "8-0 retained [wounded]"),
            ("G-23", "8-3-8 retained"),
            ("G-41", "StuG IIIB entering"),
            ("G-42", "StuG IIIB entering"),
            ("G-43", "StuG IIIB entering"),
            ("R-3", "T-34 M41 retained"),
            ("R-7", "4-5-8 retained"),
            ("R-8", "4-4-7 retained"),
            ("R-24", "4-2-6 casualties"),
            ("R-31", "10-0 retained"),
            ("R-34", "5-2-7 casualties"),
            ("R-41", "6-2-8 retained"),
            ("R-47", "A-P Mine 4 factors casualties"),
            // The I3 bought for the Counterattack entered it: Retained.
            ("R-55", "4-4-7 retained"),
            ("R-56", "4-4-7 retained"),
            ("R-57", "4-4-7 retained"),
            ("R-58", "4-4-7 retained"),
            ("R-59", "4-4-7 retained"),
            ("R-60", "4-4-7 retained"),
            ("R-61", "4-4-7 retained"),
            ("R-62", "4-4-7 retained"),
            ("R-63", "4-4-7 retained"),
            ("R-64", "4-4-7 retained"),
            ("R-65", "4-4-7 retained"),
            ("R-66", "4-4-7 retained"),
            ("R-67", "HMG retained"),
            ("R-68", "MMG retained"),
            ("R-69", "LMG retained"),
            ("R-70", "ATR retained"),
            ("R-71", "Lt MTR retained"),
            ("R-72", "9-1 retained"),
            ("R-73", "7-0 retained"),
        ]),
    );
    assert_eq!(
        roster(&c, "german", 16, false),
        "cpp [20, 12, 0, 32] support [3, 0, 2, 1] elr 3 san 3 recon 1 attack"
    );
    assert_eq!(
        roster(&c, "russian", 16, false),
        "cpp [19, 13, 0, 32] elr 3 san 4 recon 0 idle"
    );
    invariants(&c, "16 Sep set up");

    // ---- 16 Sep: scenario 3; 17 Sep an Idle Day; 18 Sep ----
    let mut day = script("03-16sep-german-assault");
    day.until(&c, "12.620");
    // 17 Sep, its 12.615-12.620 done: the wreck Recovered, not Repaired,
    // with a -1 Labor counter; the A1 Pltn Redeployed; G-23 Reduced.
    let now = organizers(&c);
    assert_eq!(now["G-39"], "StuG IIIG retained-wreck [labor-1, wreck]");
    assert_eq!(now["G-41"], "StuG IIIB redeployed-afv");
    assert_eq!(now["G-44"], "3-3-8 retained");
    assert!(!now.contains_key("G-23"));
    day.rest(&c);
    let j = log(&c);
    for (cg_day, step_id, what, result) in [
        (
            "16/9",
            "12.611",
            "G-22",
            "3 => Eliminated (evacuated, or if Isolated, died of his wounds)",
        ),
        ("17/9", "12.615d", "Recovery of G-39", "2 => Recovered"),
        ("17/9", "12.615d", "Wreck Repair of G-39", "3 => No change"),
        ("17/9", "12.615g", "Weapon Repair of G-15", "1 => Repaired"),
        ("17/9", "12.616", "row:7", "6 => Removed"),
        ("17/9", "12.617", "R-48 Trench", "7 => No Effect"),
        ("17/9", "12.618", "German CPP", "7 => +17"),
        ("17/9", "12.618", "Russian CPP", "4 => +19"),
        ("17/9", "12.620", "Weather", "3 => Overcast"),
        ("18/9", "12.614", "SAN", "5 => SAN reduced by one"),
        (
            "18/9",
            "12.615d",
            "Wreck Repair of G-39",
            "1 => Repaired; AFV is now fully functional.",
        ),
        ("18/9", "12.616", "row:7 re-entry", "2 => Stays Redeployed"),
        ("18/9", "12.617", "R-48 Trench", "3 => Eliminated"),
        (
            "18/9",
            "12.619",
            "German ELR",
            "0 => ELR increases by one (maximum 4)",
        ),
        ("18/9", "12.620", "Weather", "7 => Clear"),
        ("18/9", "12.620", "EC", "3 => Moderate"),
    ] {
        assert_eq!(roll(&j, cg_day, step_id, what).1, result, "{cg_day} {what}");
    }
    // The Balance provision (12.32, C22): one won of three.
    assert!(
        roll(&j, "17/9", "12.618", "Russian CPP")
            .0
            .contains("-1 Balance")
    );
    assert!(
        roll(&j, "18/9", "12.619", "German ELR")
            .0
            .contains("-2 1 Idle Day")
    );
    let b1 = said(&j, "18/9", "12.615a", "RG used once");
    assert!(
        b1.len() == 1 && b1[0].contains("Idle Date") && b1[0].contains("stays Retained"),
        "{b1:?}"
    );
    step(
        &c,
        "18 Sep, set up",
        expect(&[
            ("G-4", "4-6-8 retained [fanatic-next-scenario]"),
            ("G-7", "4-6-7 casualties"),
            ("G-9", "4-6-8 retained"),
            ("G-14", "4-6-8 retained"),
            ("G-22", "8-0 casualties [wounded]"),
            // 12.617's Original 6: the squad becomes a HS of a new id.
            ("G-23", "(gone)"),
            ("G-30", "9-2 retained"),
            ("G-39", "StuG IIIG retained"),
            ("G-41", "StuG IIIB redeployed-afv"),
            ("G-42", "StuG IIIB redeployed-afv"),
            ("G-43", "StuG IIIB redeployed-afv"),
            ("G-44", "3-3-8 retained"),
            ("G-45", "Bombardment (Aerial Bombardment) retained"),
            ("R-10", "8-0 retained"),
            ("R-25", "4-2-6 casualties"),
            ("R-35", "5-2-7 casualties"),
            ("R-36", "5-2-7 casualties"),
            ("R-48", "Trench casualties"),
        ]),
    );
    assert_eq!(
        roster(&c, "german", 17, false),
        "cpp [31, 12, 0, 43] support [1, 4, 2, 3] elr 3 san 3 recon 0 idle"
    );
    assert_eq!(
        line(&c, "german", 17, false)["scenario"],
        serde_json::Value::Null
    );
    assert_eq!(
        roster(&c, "german", 18, false),
        "cpp [43, 12, 0, 55] support [3, 0, 0, 3] elr 4 san 3 recon 0 attack"
    );
    assert_eq!(
        roster(&c, "russian", 17, false),
        "cpp [32, 13, 0, 45] elr 3 san 4 recon 0 idle"
    );
    assert_eq!(
        roster(&c, "russian", 18, false),
        "cpp [45, 12, 0, 57] elr 3 san 3 recon 0 idle"
    );
    invariants(&c, "18 Sep set up");

    // ---- 18 Sep: scenario 4 won by the Russian; 19 Sep a Russian Assault ----
    script("04-18sep-german-assault").rest(&c);
    let j = log(&c);
    assert_eq!(
        side_roll(&j, "german", "18/9", "12.612", "Leader Battle Hardening"),
        "6 => 8-0"
    );
    assert_eq!(
        side_roll(&j, "russian", "18/9", "12.612", "Leader Battle Hardening"),
        "1 => 10-2"
    );
    // No 8-0 to harden, nor any lower leader (C32).
    assert!(said(&j, "18/9", "12.612", "Leader G-").is_empty());
    assert_eq!(
        roll(&j, "19/9", "12.616", "row:7 re-entry").1,
        "1 => Re-enters play"
    );
    assert_eq!(roll(&j, "19/9", "12.618", "Russian CPP").1, "9 => +16");
    // +1 Stealthy: his Guards and 1st Line squads are most of his force
    // (VotG16), the Majority Squad Type votg derives.
    assert_eq!(
        roll(&j, "19/9", "12.624", "Russian Recon").1,
        "7 => 7 Location(s)"
    );
    step(
        &c,
        "19 Sep, set up",
        expect(&[
            ("G-3", "4-6-7 casualties"),
            ("G-4", "4-6-8 retained"),
            ("G-8", "4-6-7 casualties"),
            ("G-41", "StuG IIIB retained"),
            ("G-42", "StuG IIIB retained"),
            ("G-43", "StuG IIIB retained"),
            ("G-45", "Bombardment (Aerial Bombardment) casualties"),
            ("G-46", "5-4-8 entering"),
            ("G-47", "5-4-8 entering"),
            ("G-48", "DC entering"),
            ("G-49", "9-1 entering"),
            ("R-19", "6-2-8 retained [fanatic-next-scenario, nkvd]"),
            ("R-26", "4-2-6 casualties"),
            ("R-27", "4-2-6 casualties"),
            ("R-56", "4-5-8 retained"),
            ("R-72", "9-2 retained"),
            ("R-74", "6-2-8 entering"),
            ("R-75", "6-2-8 entering"),
            ("R-76", "6-2-8 entering"),
            ("R-77", "DC entering"),
            ("R-78", "8-0 entering"),
        ]),
    );
    assert_eq!(
        roster(&c, "german", 19, false),
        "cpp [55, 12, 3, 64] support [3, 4, 0, 7] elr 4 san 3 recon 0 idle"
    );
    assert_eq!(
        roster(&c, "russian", 19, false),
        "cpp [57, 11, 3, 65] elr 3 san 3 recon 2 attack"
    );
    invariants(&c, "19 Sep set up");

    // ---- 19 Sep: scenario 5, the Russian Assault; 20 Sep a Dual Attack ----
    script("05-19sep-russian-assault").rest(&c);
    let j = log(&c);
    assert_eq!(
        side_roll(&j, "german", "19/9", "12.612", "MMC Battle Hardening"),
        "5 => 1"
    );
    assert_eq!(roll(&j, "20/9", "12.618", "Russian CPP").1, "7 => +17");
    assert!(
        roll(&j, "20/9", "12.618", "Russian CPP")
            .0
            .contains("-1 24 Casualty VP")
    );
    assert_eq!(
        roll(&j, "20/9", "12.626", "side setting up first").1,
        "5 => Germans set up first"
    );
    step(
        &c,
        "20 Sep, set up",
        expect(&[
            ("G-10", "4-6-7 casualties"),
            ("G-11", "4-6-8 retained"),
            ("G-21", "9-1 retained"),
            ("G-31", "5-4-8 retained [fanatic-next-scenario]"),
            ("G-46", "5-4-8 retained"),
            ("G-47", "5-4-8 retained"),
            ("G-48", "DC retained"),
            ("G-49", "9-1 retained"),
            // The hero, Eliminated at 12.6123 to harden one MMC.
            ("G-50", "1-4-9 casualties [heroic]"),
            ("R-19", "6-2-8 retained [nkvd]"),
            // The prisoner of a non-Isolated Guard (12.609).
            ("R-57", "4-4-7 casualties [prisoner-of G-9]"),
            ("R-58", "4-4-7 casualties"),
            ("R-59", "4-4-7 casualties"),
            ("R-74", "6-2-8 casualties"),
            ("R-75", "6-2-8 retained"),
            ("R-76", "6-2-8 retained"),
            ("R-77", "DC retained"),
            ("R-78", "8-0 retained"),
        ]),
    );
    assert_eq!(
        roster(&c, "german", 20, false),
        "cpp [64, 12, 0, 76] support [7, 0, 0, 7] elr 4 san 3 recon 0 attack"
    );
    assert_eq!(
        roster(&c, "russian", 20, false),
        "cpp [63, 12, 0, 75] elr 3 san 3 recon 0 attack"
    );

    // ---- 20 Sep: 12.627 after set-up, then scenario 6 ----
    script("06-20sep-dual-attack-moves-first").rest(&c);
    let j = log(&c);
    assert_eq!(
        roll(&j, "20/9", "12.627", "side moving first").1,
        "2 => Russians move first"
    );
    invariants(&c, "20 Sep set up");
    let mut day = script("07-20sep-dual-attack");
    day.until(&c, "12.606");
    let now = organizers(&c);
    assert_eq!(now["R-75"], "6-2-8 retained [encircled, led-by R-78]");
    assert_eq!(now["R-78"], "8-0 retained [encircled]");
    day.rest(&c);
    let j = log(&c);
    assert_eq!(
        roll(&j, "20/9", "12.607", "Escape from Station").1,
        "9 => Escapes; Replaced"
    );
    assert_eq!(
        said(&j, "20/9", "12.607", "R-75 6-2-8"),
        ["R-75 6-2-8 => Replaced by a 5-2-7"]
    );
    assert_eq!(
        said(&j, "20/9", "12.612", "MMC Battle Hardening R-75"),
        ["MMC Battle Hardening R-75 => 5-2-7 -> 6-2-8"]
    );
    assert_eq!(
        roll(&j, "21/9", "12.619", "Russian ELR").1,
        "14 => ELR decreases by one (minimum 0)"
    );
    assert_eq!(roll(&j, "21/9", "12.620", "Weather").1, "2 => Fog/Mist");
    step(
        &c,
        "21 Sep, set up",
        expect(&[
            ("G-9", "4-6-8 retained [fanatic-next-scenario]"),
            ("G-20", "10-2 retained"),
            ("G-24", "8-3-8 retained [fanatic-next-scenario]"),
            ("G-31", "5-4-8 retained"),
            ("G-32", "5-4-8 casualties"),
            ("G-33", "5-4-8 casualties"),
            ("R-9", "4-4-7 retained"),
            ("R-10", "8-1 retained"),
            ("R-60", "4-4-7 casualties"),
            ("R-61", "4-4-7 casualties"),
            ("R-62", "4-4-7 casualties"),
            ("R-63", "4-4-7 casualties"),
        ]),
    );
    assert_eq!(
        roster(&c, "german", 21, false),
        "cpp [76, 12, 0, 88] support [7, 4, 0, 11] elr 4 san 3 recon 0 attack"
    );
    assert_eq!(
        roster(&c, "russian", 21, false),
        "cpp [75, 12, 0, 87] elr 2 san 3 recon 0 idle"
    );
    invariants(&c, "21 Sep set up");

    // ---- 21 Sep: scenario 7; 22 Sep ----
    script("08-21sep-german-assault").rest(&c);
    let j = log(&c);
    assert_eq!(
        roll(&j, "22/9", "12.615g", "Weapon Repair of G-37 StuG IIIG MA").1,
        "2 => Eliminated"
    );
    assert_eq!(
        roll(&j, "22/9", "12.615g", "Captured Weapon R-79 LMG").1,
        "2 => Functioning Weapon Retained"
    );
    assert_eq!(roll(&j, "22/9", "12.618", "German CPP").1, "4 => +19");
    step(
        &c,
        "22 Sep, set up",
        expect(&[
            ("G-9", "4-6-8 retained"),
            ("G-24", "8-3-8 retained"),
            ("G-36", "9-1 retained"),
            // Its MA not repaired: Retained as a Wreck (12.6152).
            ("G-37", "StuG IIIG retained-wreck [wreck]"),
            ("G-47", "5-4-8 casualties"),
            ("G-51", "Stuka I (DB (see SSR VotG9)) retained"),
            ("R-32", "10-0 retained"),
            ("R-64", "4-4-7 casualties"),
            ("R-65", "4-4-7 casualties"),
            ("R-79", "LMG retained [captured]"),
        ]),
    );
    assert_eq!(
        roster(&c, "german", 22, false),
        "cpp [88, 13, 0, 101] support [11, 4, 2, 13] elr 4 san 3 recon 0 attack"
    );
    assert_eq!(
        roster(&c, "russian", 22, false),
        "cpp [87, 12, 1, 98] elr 2 san 4 recon 0 idle"
    );
    invariants(&c, "22 Sep set up");

    // ---- 22 Sep: scenario 8; the CG's end at 12.614 ----
    let out = script("09-22sep-german-assault").rest(&c);
    let j = log(&c);
    assert!(
        out.contains("The campaign is over: the Germans won at the end of the 22 Sep CG Day"),
        "{out}"
    );
    assert_eq!(
        side_roll(&j, "russian", "22/9", "12.612", "Leader Battle Hardening"),
        "8 => 8+1"
    );
    // The statuses of the last RePh end with it, the CG over (C48): the
    // Fanatic of the MMC hardened now stays, for a scenario never played.
    step(
        &c,
        "22 Sep, the CG over",
        expect(&[
            ("G-4", "4-6-8 retained [fanatic-next-scenario]"),
            ("G-14", "4-6-8 retained [fanatic-next-scenario]"),
            ("G-25", "8-3-8 retained [fanatic-next-scenario]"),
            ("G-44", "3-3-8 retained [fanatic-next-scenario]"),
            ("G-46", "5-4-8 casualties"),
            ("R-45", "8-0 retained"),
            ("R-55", "4-5-8 retained"),
            ("R-66", "4-4-7 casualties"),
        ]),
    );
    invariants(&c, "the CG over");
    let status = votg().args(["status", c.path()]).output().unwrap();
    let status = String::from_utf8_lossy(&status.stdout).to_string();
    assert!(
        status.contains("Russian Attack chits used: 3 of 4"),
        "{status}"
    );
    votg()
        .args(["verify", c.path()])
        .assert()
        .success()
        .stdout(predicates::str::contains("verified"));
}
