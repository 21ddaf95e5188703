//! A whole CG IV (14-27 Sep) from `votg new` to its end, checked by the
//! invariants every campaign keeps, and three of its CG Days worked by hand
//! (tests/data/whole-cg-iv: 01 the 14 Sep Initial Scenario's aftermath
//! before a Night Counterattack, 03 15 Sep with the Idle Day of 16 Sep and
//! 17 Sep, 13 25 Sep to 26 Sep: their dice files hold the working of every
//! roll). The other runs' dice are not worked by hand: each part of a run
//! takes the next 400 faces of a fixed generator (the same every time),
//! and their answers only name what no roll can have removed.
//!
//! Every run after a scenario is stopped after 12.607 and 12.612 (those
//! worked by hand after 12.603 too) to look at the statuses inside the
//! RePh (C48): the Fanatic of hardening
//! ends at 12.603e after its scenario, a TI begins at 12.602, the Encircled
//! markers (and the leader named for 12.605) are gone after 12.6074, a unit
//! is Isolated only as this RePh's 12.607 reports it, "Battle Hardened this
//! RePh" ends at 12.626; between runs every CG Roster line balances and
//! every counter's id is its own (scripted::invariants).

use crate::common::{Camp, votg};
use crate::scripted::*;
use std::collections::BTreeMap;

const DIR: &str = "whole-cg-iv";

/// Each run's name and where it is stopped before its end.
const RUNS: &[(&str, &[&str])] = &[
    ("00-14sep-initial", &[]),
    ("01-14sep-german-assault", AFTER),
    ("02-14sep-night-counterattack", AFTER),
    ("03-15sep-german-assault", AFTER),
    ("04-17sep-german-assault", AFTER),
    ("05-18sep-russian-night-assault", AFTER),
    ("06-19sep-dual-attack-moves-first", &[]),
    ("07-19sep-dual-attack", AFTER),
    ("08-20sep-german-assault", AFTER),
    ("09-20sep-counterattack", AFTER),
    ("10-21sep-german-assault", AFTER),
    ("11-22sep-german-assault", AFTER),
    ("12-24sep-german-assault", AFTER),
    ("13-25sep-german-assault", AFTER),
    ("14-26sep-german-assault", AFTER),
    ("15-27sep-german-assault", AFTER),
    ("16-27sep-night-counterattack", AFTER),
];

/// The stops of a run that records a scenario.
const AFTER: &[&str] = &["12.603", "12.607", "12.612"];

/// The dice of the runs not worked by hand: a 64-bit LCG (Knuth's MMIX
/// constants), each face (x >> 33) % 6 + 1; 400 faces for each part of a
/// run, worked by hand or not, so each part's faces never change.
struct Faces(u64);

impl Faces {
    fn take(&mut self) -> Vec<u8> {
        (0..400)
            .map(|_| {
                self.0 = self
                    .0
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                ((self.0 >> 33) % 6 + 1) as u8
            })
            .collect()
    }
}

/// A list of ids from an answers table (`german.interdicting`, …).
fn ids(t: &toml::Table, path: &[&str]) -> Vec<String> {
    let mut v: Option<&toml::Value> = None;
    for (i, key) in path.iter().enumerate() {
        v = if i == 0 {
            t.get(*key)
        } else {
            v.and_then(|x| x.get(*key))
        };
    }
    v.and_then(|x| x.as_array())
        .map(|a| {
            a.iter()
                .filter_map(|x| x.as_str())
                .map(|s| s.split_whitespace().next().unwrap().to_string())
                .collect()
        })
        .unwrap_or_default()
}

/// The Isolated Areas the answers report, by name, with their counters.
fn areas(t: &toml::Table) -> BTreeMap<String, Vec<String>> {
    let mut out = BTreeMap::new();
    let list = t
        .get("isolation")
        .and_then(|i| i.get("area"))
        .and_then(|a| a.as_array())
        .cloned()
        .unwrap_or_default();
    for a in list {
        let name = a["name"].as_str().unwrap().to_string();
        let mut units = Vec::new();
        for side in ["german", "russian"] {
            if let Some(l) = a.get(side).and_then(|l| l.as_array()) {
                units.extend(l.iter().map(|x| x.as_str().unwrap().to_string()));
            }
        }
        out.insert(name, units);
    }
    out
}

/// The statuses at a stop inside a RePh (C48), for the run's answers.
fn at_stop(c: &Camp, run: &str, stop: &str, answers: &toml::Table) {
    if stop == "12.612" {
        return;
    }
    let fo = organizers(c);
    let when = format!("{run} at {stop}");
    match stop {
        "12.603" => {
            // 12.6051: each unit the outcome Encircled keeps its marker.
            for side in ["german", "russian"] {
                for id in ids(answers, &[side, "outcome", "encircled"]) {
                    assert!(
                        any_with_condition(&fo, "encircled").contains(&id),
                        "{when}: {id} Encircled until 12.6074"
                    );
                }
            }
        }
        "12.607" => {
            // 12.603e: Fanatic from hardening lasted the scenario just played
            // (none is given again before 12.612).
            assert_eq!(
                with_condition(&fo, "fanatic-next-scenario"),
                Vec::<String>::new(),
                "{when}: Fanatic past its scenario"
            );
            // 12.602: the German's Interdicting units are TI until 12.626.
            let mut ti = ids(answers, &["german", "interdicting"]);
            ti.sort();
            let mut got = with_condition(&fo, "interdicting");
            got.sort();
            assert_eq!(got, ti, "{when}: TI (12.602)");
            // 12.6074: no Encircled marker nor 12.605 leader left, anywhere.
            for status in ["encircled", "led-by"] {
                assert_eq!(
                    any_with_condition(&fo, status),
                    Vec::<String>::new(),
                    "{when}: {status} after 12.6074"
                );
            }
            // Isolated only as this RePh's 12.607 reports (C48).
            let areas = areas(answers);
            for id in with_condition(&fo, "isolated") {
                let area = fo[&id].split("isolated ").nth(1).unwrap();
                let area = area.split([',', ']']).next().unwrap();
                assert!(
                    areas.get(area).is_some_and(|u| u.contains(&id)),
                    "{when}: {id} Isolated in {area}, not reported so"
                );
            }
        }
        _ => {}
    }
}

/// At rest: Ammunition Shortage only on an Isolated unit (12.6159 lifts the
/// others').
fn ammunition_only_isolated(fo: &BTreeMap<String, String>, when: &str) {
    let isolated = with_condition(fo, "isolated");
    for id in with_condition(fo, "ammo-shortage") {
        assert!(
            isolated.contains(&id),
            "{when}: {id} keeps Ammunition Shortage, not Isolated"
        );
    }
}

fn roster(c: &Camp, side: &str, date: u64, night: bool) -> String {
    let l = line(c, side, date, night);
    let support = if l["support_cpp"].is_null() {
        String::new()
    } else {
        format!(" support {:?}", cpp(&l, "support_cpp"))
    };
    format!(
        "hist {} cpp {:?}{support} elr {} san {} recon {} {}",
        l["hist_drm"],
        cpp(&l, "cpp"),
        l["elr"],
        l["san"],
        l["recon_cpp"],
        l["initiative"].as_str().unwrap_or("-")
    )
}

/// `(id, now)` pairs, and every counter Entering before the run now
/// Retained (C36: every RG entered), but those listed.
fn with_entered(
    before: &BTreeMap<String, String>,
    pairs: &[(&str, &str)],
) -> BTreeMap<String, String> {
    let mut e = expect(pairs);
    for (id, was) in before {
        if let Some(unit) = was.strip_suffix(" entering") {
            e.entry(id.clone())
                .or_insert_with(|| format!("{unit} retained"));
        }
    }
    e
}

#[test]
fn whole_cg_iv_invariants_and_three_days_by_hand() {
    let c = Camp::new("IV");
    let mut faces = Faces(1);
    let mut fo = organizers(&c);
    for (name, stops) in RUNS {
        let by_hand = Script::by_hand(DIR, name);
        let mut script = if by_hand {
            let s = Script::load(DIR, name);
            for _ in 0..=stops.len() {
                faces.take();
            }
            s
        } else if stops.is_empty() {
            Script::generated(DIR, name, &[], || faces.take())
        } else {
            // No die is rolled before 12.605: the part of the run to 12.603
            // is run with the next, and its faces are not used.
            faces.take();
            Script::generated(DIR, name, &stops[1..], || faces.take())
        };
        let answers = script.answers();
        let stops: &[&str] = if by_hand || stops.is_empty() {
            stops
        } else {
            &stops[1..]
        };
        for stop in stops {
            assert_eq!(script.next_stop(), Some(Some(*stop)), "{name}");
            script.step(&c, by_hand);
            at_stop(&c, name, stop, &answers);
            if *stop == "12.612" && by_hand {
                // "Battle Hardened this RePh" lives from 12.612 ...
                let now = organizers(&c);
                let hardened = with_condition(&now, "battle-hardened");
                let mmc: Vec<String> = ids(&answers, &["german", "harden"])
                    .into_iter()
                    .chain(ids(&answers, &["russian", "harden"]))
                    .collect();
                for id in &mmc {
                    assert!(hardened.contains(id), "{name}: {id} hardened at 12.6123");
                }
            }
        }
        let out = script.step(&c, by_hand);
        // ... to 12.626, and the rest of C48's statuses (scripted::invariants).
        let now = organizers(&c);
        invariants_of(&c, &now, name);
        ammunition_only_isolated(&now, name);
        ids_stable(&fo, &now, name);
        match *name {
            "01-14sep-german-assault" => the_14th_by_hand(&c, &fo, &now),
            "03-15sep-german-assault" => the_15th_to_17th_by_hand(&c, &fo, &now),
            "13-25sep-german-assault" => the_25th_to_26th_by_hand(&c, &fo, &now),
            "16-27sep-night-counterattack" => {
                assert!(
                    out.contains(
                        "The campaign is over: the Russians won at the end of the 27 Sep CG Day"
                    ),
                    "{out}"
                );
            }
            _ => {}
        }
        fo = now;
    }
    let status = votg().args(["status", c.path()]).output().unwrap();
    let status = String::from_utf8_lossy(&status.stdout).to_string();
    assert!(
        status.contains("Russian Attack chits used: 5 of 8"),
        "{status}"
    );
    votg()
        .args(["verify", c.path()])
        .assert()
        .success()
        .stdout(predicates::str::contains("verified"));
}

/// 14 Sep: scenario 1 recorded, the RePh before the Night Counterattack
/// (tests/data/whole-cg-iv/01-14sep-german-assault.dice).
fn the_14th_by_hand(c: &Camp, before: &BTreeMap<String, String>, now: &BTreeMap<String, String>) {
    let j = log(c);
    assert_eq!(
        results(&j, "14/9", "12.605", "Encircled: 1TC"),
        ["6 => Passes", "9 => Passes", "10 => Fails"]
    );
    assert_eq!(
        roll(&j, "14/9", "12.607", "Escape from Depot").1,
        "10 => Escapes; Casualty Reduced"
    );
    for (side, step, what, result) in [
        ("german", "12.612", "MMC Battle Hardening", "3 => 2"),
        ("german", "12.612", "Leader Battle Hardening", "3 => 9-2"),
        ("russian", "12.612", "MMC Battle Hardening", "2 => 2"),
        ("russian", "12.612", "Leader Battle Hardening", "8 => 8+1"),
        ("german", "12.616", "row:6", "6 => Removed"),
        ("german", "12.617", "R-12 Roadblock", "3 => Eliminated"),
        ("german", "12.618", "CPP Replenishment", "7 => +17"),
        ("russian", "12.618", "CPP Replenishment", "7 => +17"),
    ] {
        assert_eq!(
            side_roll(&j, side, "14/9", step, what),
            result,
            "{side} {what}"
        );
    }
    assert_eq!(
        results(&j, "14/9", "12.616", "AFV Platoon Redeployment"),
        [
            "3 => Retained",
            "4 => Retained",
            "5 => Retained",
            "2 => Retained",
            "6 => Removed",
            "2 => Retained",
            "3 => Retained",
            "4 => Retained"
        ]
    );
    // The Russian's word at his 12.621 (night_purchases), then 12.6254.
    assert_eq!(
        said(&j, "14/9", "12.621", "Night Counterattack"),
        ["Night Counterattack (12.6254) => Night: the RGs are bought for the night of 14 Sep"]
    );
    assert_eq!(
        said(&j, "14/9 N", "12.6254", "Russian Night Assault"),
        ["Russian Night Assault => declared a Night scenario"]
    );
    assert_changes(
        "14 Sep, before the Night Counterattack",
        before,
        now,
        &with_entered(
            before,
            &[
                ("G-1", "Bombardment (Aerial Bombardment) casualties"),
                // Casualty-Reduced on its Escape: a new HS, G-135.
                ("G-4", "(gone)"),
                ("G-135", "2-4-7 retained"),
                ("G-5", "4-6-7 casualties"),
                ("G-6", "4-6-7 casualties"),
                ("G-7", "4-6-7 retained [ammo-shortage, isolated Depot]"),
                ("G-8", "4-6-8 retained"),
                ("G-53", "10-2 retained"),
                ("G-54", "StuG IIIB redeployed-afv"),
                ("G-55", "StuG IIIB left-on-map [wreck]"),
                ("G-56", "StuG IIIB redeployed-afv"),
                ("G-58", "8-3-8 retained [fanatic-next-scenario]"),
                ("G-62", "FT casualties"),
                ("R-12", "Roadblock casualties"),
                ("R-32", "6-2-8 casualties [nkvd]"),
                ("R-35", "4-2-6 casualties"),
                ("R-36", "4-2-6 casualties"),
                ("R-37", "4-2-6 casualties"),
                ("R-38", "4-4-7 retained"),
                ("R-43", "9-0 retained"),
                ("R-85", "4-5-8 retained"),
                ("R-99", "5-2-7 casualties"),
            ],
        ),
    );
    assert_eq!(
        roster(c, "german", 14, true),
        "hist 0 cpp [20, 9, 0, 29] support [6, 3, 0, 9] elr 4 san 3 recon 0 idle"
    );
    assert_eq!(line(c, "german", 14, true)["night_elr"], 3, "12.6254");
    // 12.6254: the line of the Night of 14 Sep has the Russian's Night
    // Historical DRM (12.6182).
    assert_eq!(
        roster(c, "russian", 14, true),
        "hist -2 cpp [18, 17, 0, 35] elr 3 san 5 recon 0 attack"
    );
}

/// 15 Sep: scenario 3 recorded; 16 Sep an Idle Day; 17 Sep set up
/// (tests/data/whole-cg-iv/03-15sep-german-assault.dice).
fn the_15th_to_17th_by_hand(
    c: &Camp,
    before: &BTreeMap<String, String>,
    now: &BTreeMap<String, String>,
) {
    let j = log(c);
    assert_eq!(roll(&j, "15/9", "12.605", "G-12").1, "6 => Passes");
    assert_eq!(
        roll(&j, "15/9", "12.607", "Escape from Cellar").1,
        "7 => Escapes"
    );
    for (side, day, step, what, result) in [
        ("german", "15/9", "12.612", "MMC Battle Hardening", "4 => 1"),
        (
            "german",
            "15/9",
            "12.612",
            "Leader Battle Hardening",
            "6 => 8-0",
        ),
        (
            "russian",
            "15/9",
            "12.612",
            "MMC Battle Hardening",
            "4 => 1",
        ),
        (
            "russian",
            "15/9",
            "12.612",
            "Leader Battle Hardening",
            "3 => 9-2",
        ),
        ("russian", "16/9", "12.614", "SAN", "2 => No change"),
        (
            "german",
            "16/9",
            "12.616",
            "row:14 re-entry",
            "1 => Re-enters play",
        ),
        (
            "german",
            "16/9",
            "12.616",
            "row:6 re-entry",
            "2 => Stays Redeployed",
        ),
        ("german", "16/9", "12.617", "R-132 Wire", "2 => Eliminated"),
        ("german", "16/9", "12.618", "CPP Replenishment", "7 => +17"),
        ("german", "16/9", "12.619", "ELR", "11 => No change"),
        ("russian", "16/9", "12.618", "CPP Replenishment", "6 => +18"),
        ("russian", "16/9", "12.619", "ELR", "7 => No change"),
        (
            "russian",
            "17/9",
            "12.614",
            "SAN",
            "5 => SAN reduced by one",
        ),
        (
            "german",
            "17/9",
            "12.616",
            "row:6 re-entry",
            "1 => Re-enters play",
        ),
        ("german", "17/9", "12.618", "CPP Replenishment", "3 => +19"),
        (
            "german",
            "17/9",
            "12.619",
            "ELR",
            "0 => ELR increases by one (maximum 4)",
        ),
        ("russian", "17/9", "12.618", "CPP Replenishment", "4 => +19"),
        (
            "russian",
            "17/9",
            "12.619",
            "ELR",
            "0 => ELR increases by one (maximum 4)",
        ),
        (
            "german",
            "17/9",
            "12.622",
            "I3 Pionier Pltn strength",
            "7 => Full Strength",
        ),
        (
            "german",
            "17/9",
            "12.622",
            "I3 Pionier Pltn leader",
            "10 => 8-0",
        ),
        (
            "russian",
            "17/9",
            "12.622",
            "I1 Guards Rifle Coy strength",
            "4 => Full Strength",
        ),
        (
            "russian",
            "17/9",
            "12.622",
            "I1 Guards Rifle Coy leaders",
            "6 => 9-1, 7-0",
        ),
    ] {
        assert_eq!(
            side_roll(&j, side, day, step, what),
            result,
            "{side} {day} {what}"
        );
    }
    // 12.6162 *: after three scenarios the Russian's 1:2 gives -1.
    assert_eq!(
        results(&j, "16/9", "12.616", "Russian AFV Platoon Redeployment"),
        ["5 => Retained", "2 => Retained", "1 => Retained"]
    );
    assert!(side_roll(&j, "russian", "16/9", "12.618", "CPP").contains("+18"));
    for (day, weather, ec) in [
        ("16/9", "3 => Overcast", "2 => Moderate"),
        ("17/9", "6 => Clear", "2 => Moderate"),
    ] {
        assert_eq!(roll(&j, day, "12.620", "Weather").1, weather);
        assert_eq!(roll(&j, day, "12.620", "EC").1, ec);
    }
    let mut pairs: Vec<(String, String)> = [
        ("G-7", "4-6-7 retained"),
        ("G-11", "4-4-7 casualties"),
        ("G-13", "4-4-7 casualties [prisoner-of R-6]"),
        ("G-19", "8-1 retained"),
        ("G-22", "4-6-8 retained"),
        ("G-33", "7-0 retained [wounded]"),
        ("G-54", "StuG IIIB retained"),
        ("G-56", "StuG IIIB retained"),
        ("G-83", "StuG IIIG retained"),
        ("G-84", "StuG IIIG retained"),
        ("G-85", "StuG IIIG retained"),
        ("G-140", "LMG entering"),
        ("G-141", "FT entering"),
        ("G-142", "DC entering"),
        ("G-143", "DC entering"),
        ("G-144", "8-0 entering"),
        ("R-43", "10-0 retained"),
        ("R-47", "4-2-6 casualties"),
        ("R-48", "4-2-6 casualties"),
        ("R-49", "4-2-6 casualties"),
        ("R-50", "4-2-6 casualties"),
        ("R-87", "4-4-7 retained [ammo-shortage, isolated Cellar]"),
        ("R-88", "4-5-8 retained"),
        ("R-100", "5-2-7 casualties"),
        ("R-132", "Wire casualties"),
        ("R-149", "HMG entering"),
        ("R-150", "MMG entering"),
        ("R-151", "LMG entering"),
        ("R-152", "LMG entering"),
        ("R-153", "ATR entering"),
        ("R-154", "ATR entering"),
        ("R-155", "Lt MTR entering"),
        ("R-156", "Lt MTR entering"),
        ("R-157", "9-1 entering"),
        ("R-158", "7-0 entering"),
    ]
    .iter()
    .map(|(a, b)| (a.to_string(), b.to_string()))
    .collect();
    pairs.extend(new_ids('G', 137, &["8-3-8"; 3], "entering"));
    pairs.extend(new_ids('R', 137, &["4-5-8"; 12], "entering"));
    let pairs: Vec<(&str, &str)> = pairs
        .iter()
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect();
    assert_changes("17 Sep, set up", before, now, &expect(&pairs));
    assert_eq!(
        roster(c, "german", 16, false),
        "hist -2 cpp [47, 17, 0, 64] support [9, 6, 0, 15] elr 4 san 3 recon 0 idle"
    );
    assert_eq!(
        roster(c, "german", 17, false),
        "hist -1 cpp [64, 19, 5, 78] support [15, 0, 0, 15] elr 4 san 3 recon 0 attack"
    );
    assert_eq!(
        roster(c, "russian", 16, false),
        "hist -1 cpp [54, 18, 0, 72] elr 3 san 4 recon 0 idle"
    );
    assert_eq!(
        roster(c, "russian", 17, false),
        "hist -1 cpp [72, 19, 9, 82] elr 4 san 3 recon 0 idle"
    );
}

/// 25 Sep: scenario 12 recorded; 26 Sep set up
/// (tests/data/whole-cg-iv/13-25sep-german-assault.dice).
fn the_25th_to_26th_by_hand(
    c: &Camp,
    before: &BTreeMap<String, String>,
    now: &BTreeMap<String, String>,
) {
    let j = log(c);
    assert_eq!(roll(&j, "25/9", "12.605", "R-79").1, "5 => Passes");
    assert_eq!(
        roll(&j, "25/9", "12.607", "Escape from Barracks").1,
        "9 => Escapes; Replaced"
    );
    for (side, day, step, what, result) in [
        ("german", "25/9", "12.612", "MMC Battle Hardening", "4 => 1"),
        (
            "german",
            "25/9",
            "12.612",
            "Leader Battle Hardening",
            "8 => 7-0",
        ),
        (
            "russian",
            "25/9",
            "12.612",
            "MMC Battle Hardening",
            "3 => 2",
        ),
        (
            "russian",
            "25/9",
            "12.612",
            "Leader Battle Hardening",
            "6 => 8-1",
        ),
        (
            "german",
            "26/9",
            "12.615d",
            "Recovery of G-80",
            "0 => Recovered",
        ),
        (
            "german",
            "26/9",
            "12.615d",
            "Wreck Repair of G-80",
            "1 => Repaired; AFV is now fully functional.",
        ),
        ("german", "26/9", "12.616", "row:12", "5 => Retained"),
        ("german", "26/9", "12.616", "row:13", "6 => Removed"),
        ("german", "26/9", "12.618", "CPP Replenishment", "7 => +17"),
        ("german", "26/9", "12.619", "ELR", "7 => No change"),
        ("russian", "26/9", "12.618", "CPP Replenishment", "5 => +18"),
        ("russian", "26/9", "12.619", "ELR", "9 => No change"),
        ("german", "26/9", "12.624", "Recon", "6 => 6 Location(s)"),
        (
            "russian",
            "26/9",
            "12.622",
            "A4 KV-1 Pltn strength",
            "6 => Full Strength",
        ),
        (
            "russian",
            "26/9",
            "12.622",
            "A4 KV-1 Pltn armor leader",
            "9 => —",
        ),
    ] {
        assert_eq!(
            side_roll(&j, side, day, step, what),
            result,
            "{side} {day} {what}"
        );
    }
    let (drm, _) = roll(&j, "26/9", "12.616", "row:13");
    assert!(drm.contains("+2 German, on/after 25 September"), "{drm}");
    assert_eq!(
        results(&j, "26/9", "12.616", "re-entry"),
        [
            "4 => Stays Redeployed",
            "5 => Stays Redeployed",
            "6 => Stays Redeployed"
        ]
    );
    assert!(
        side_roll(&j, "russian", "26/9", "12.618", "CPP").contains("+18")
            && roll(&j, "26/9", "12.618", "Russian CPP")
                .0
                .contains("-2 Balance provision: 3 won of 12")
    );
    assert_eq!(
        roll(&j, "26/9", "12.620", "Weather").1,
        "11 => Clear & Gusty"
    );
    assert_changes(
        "26 Sep, set up",
        before,
        now,
        &expect(&[
            ("G-80", "StuG IIIB redeployed-afv"),
            ("G-81", "StuG IIIB redeployed-afv"),
            ("G-82", "StuG IIIB redeployed-afv"),
            ("G-111", "4-6-7 casualties"),
            ("G-115", "4-6-8 retained"),
            ("G-128", "8-0 retained"),
            ("G-145", "Bombardment (Aerial Bombardment) retained"),
            ("R-33", "6-2-8 retained [fanatic-next-scenario, nkvd]"),
            ("R-77", "4-2-6 casualties"),
            ("R-78", "4-2-6 casualties"),
            // Replaced with no lower type (C16): Eliminated.
            ("R-79", "4-2-6 casualties [isolated Barracks]"),
            ("R-80", "4-2-6 retained [ammo-shortage, isolated Barracks]"),
            ("R-86", "4-5-8 retained"),
            ("R-110", "9-1 retained"),
            ("R-159", "KV-1 M42 entering"),
            ("R-160", "KV-1 M42 entering"),
        ]),
    );
    assert_eq!(
        roster(c, "german", 26, false),
        "hist 1 cpp [229, 17, 0, 246] support [48, 6, 2, 52] elr 0 san 3 recon 2 attack"
    );
    assert_eq!(
        roster(c, "russian", 26, false),
        "hist 1 cpp [234, 18, 4, 248] elr 0 san 3 recon 0 idle"
    );
}
