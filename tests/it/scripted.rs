//! Whole CGs played from scripts: one answers file and one dice file per
//! run of `votg refit` (a scenario recorded, the RePh after it, the next
//! scenario set up), kept in `tests/data/<cg>/`. A dice file may stop its
//! run part-way with a line `#> until <step>` (`votg refit --until`), so a
//! test can look at the campaign there; every face listed must be the face
//! votg rolled, in order, none left over. What the runs leave is read back
//! through the binary only (`votg force|roster|log --format json`).
#![allow(dead_code)]

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use serde_json::Value;

use crate::common::{Camp, votg};

/// One run's script: its answers file and its dice, cut where the run stops.
pub struct Script {
    name: String,
    answers: String,
    segments: Vec<(Option<String>, Vec<u8>)>,
    next: usize,
}

/// The faces of a dice file's text (`#` starts a comment, as votg reads it).
fn faces(text: &str) -> Vec<u8> {
    text.lines()
        .map(|l| l.split('#').next().unwrap_or(""))
        .flat_map(|l| l.split([' ', ',']))
        .filter(|t| !t.is_empty())
        .map(|t| t.parse().unwrap_or_else(|_| panic!("not a face: {t}")))
        .collect()
}

impl Script {
    /// `tests/data/<dir>/<name>.toml` and `.dice`.
    pub fn load(dir: &str, name: &str) -> Script {
        let base = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data")
            .join(dir);
        let read = |ext: &str| {
            std::fs::read_to_string(base.join(format!("{name}.{ext}")))
                .unwrap_or_else(|e| panic!("{name}.{ext}: {e}"))
        };
        let dice = read("dice");
        let mut segments = Vec::new();
        let mut text = String::new();
        for line in dice.lines() {
            if let Some(step) = line.strip_prefix("#> until ") {
                segments.push((Some(step.trim().to_string()), faces(&text)));
                text.clear();
            } else {
                text.push_str(line);
                text.push('\n');
            }
        }
        segments.push((None, faces(&text)));
        Script {
            name: name.to_string(),
            answers: read("toml"),
            segments,
            next: 0,
        }
    }

    /// `tests/data/<dir>/<name>.toml` with dice not worked by hand: for each
    /// of the stops given, then for the rest of the run, the next list of
    /// faces `dice` makes (more than votg rolls: the rest are not used).
    pub fn generated(
        dir: &str,
        name: &str,
        stops: &[&str],
        mut dice: impl FnMut() -> Vec<u8>,
    ) -> Script {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data")
            .join(dir)
            .join(format!("{name}.toml"));
        let answers =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let mut segments: Vec<(Option<String>, Vec<u8>)> = stops
            .iter()
            .map(|s| (Some(s.to_string()), dice()))
            .collect();
        segments.push((None, dice()));
        Script {
            name: name.to_string(),
            answers,
            segments,
            next: 0,
        }
    }

    /// The answers file, parsed.
    pub fn answers(&self) -> toml::Table {
        self.answers.parse().unwrap()
    }

    /// Where the run stops next (None: at its end).
    pub fn next_stop(&self) -> Option<Option<&str>> {
        self.segments.get(self.next).map(|(s, _)| s.as_deref())
    }

    /// Whether the dice were worked by hand (a dice file).
    pub fn by_hand(dir: &str, name: &str) -> bool {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data")
            .join(dir)
            .join(format!("{name}.dice"))
            .exists()
    }

    /// Runs the next part of the run, which the dice file ends at `until`.
    pub fn until(&mut self, c: &Camp, until: &str) {
        let (stop, _) = &self.segments[self.next];
        assert_eq!(
            stop.as_deref(),
            Some(until),
            "{}: its dice file stops at {stop:?}",
            self.name
        );
        self.run_next(c, true);
    }

    /// Runs what is left of the run.
    pub fn rest(&mut self, c: &Camp) -> String {
        let mut out = String::new();
        while self.next < self.segments.len() {
            out = self.run_next(c, true);
        }
        out
    }

    /// Runs the next part of the run, wherever it stops; `exact`: the dice
    /// listed are all rolled (worked by hand), else only the first ones.
    pub fn step(&mut self, c: &Camp, exact: bool) -> String {
        self.run_next(c, exact)
    }

    fn run_next(&mut self, c: &Camp, exact: bool) -> String {
        let (until, dice) = self.segments[self.next].clone();
        self.next += 1;
        // Only dice worked by hand are compared with what votg rolled.
        let before = if exact { rolled(c).len() } else { 0 };
        let a = c.file("script.toml", &self.answers);
        let text: Vec<String> = dice.iter().map(u8::to_string).collect();
        let d = c.file("script.dice", &text.join(" "));
        let mut cmd = votg();
        cmd.args(["--dice-file", &d, "refit", c.path(), "--answers", &a]);
        if let Some(u) = &until {
            cmd.args(["--until", u]);
        }
        let out = cmd.output().unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout).to_string();
        assert!(
            out.status.success(),
            "{} (until {until:?}): {}\n{}",
            self.name,
            String::from_utf8_lossy(&out.stderr),
            stdout
        );
        if exact {
            let used: Vec<u8> = rolled(c)[before..].to_vec();
            assert_eq!(
                used, dice,
                "{} (until {until:?}): the faces votg rolled, against those the dice file lists",
                self.name
            );
        }
        stdout
    }
}

fn json(c: &Camp, args: &[&str]) -> Value {
    let out = votg().args(args).arg(c.path()).output().unwrap();
    assert!(
        out.status.success(),
        "votg {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// Every journal row, both sides' secrets revealed.
pub fn log(c: &Camp) -> Vec<Value> {
    json(c, &["log", "--reveal", "--format", "json"])
        .as_array()
        .unwrap()
        .clone()
}

/// Every face of every roll the journal holds, in order.
pub fn rolled(c: &Camp) -> Vec<u8> {
    log(c)
        .iter()
        .flat_map(|r| faces(r["Dice"].as_str().unwrap_or("")))
        .collect()
}

/// The rolls whose What contains `what` on `cg_day` at `step`, as
/// "Final => Result" (the DRM text left out: see [`drm`]).
pub fn results(log: &[Value], cg_day: &str, step: &str, what: &str) -> Vec<String> {
    log.iter()
        .filter(|r| r["CG Day"] == cg_day && r["Step"] == step)
        .filter(|r| r["What"].as_str().unwrap_or("").contains(what))
        .filter(|r| !r["Dice"].as_str().unwrap_or("").is_empty())
        .map(|r| {
            format!(
                "{} => {}",
                r["Final"].as_str().unwrap_or(""),
                r["Result"].as_str().unwrap_or("")
            )
        })
        .collect()
}

/// The one roll of `what` on `cg_day` at `step`: (its DRM text, "Final =>
/// Result").
pub fn roll(log: &[Value], cg_day: &str, step: &str, what: &str) -> (String, String) {
    let rows: Vec<&Value> = log
        .iter()
        .filter(|r| r["CG Day"] == cg_day && r["Step"] == step)
        .filter(|r| r["What"].as_str().unwrap_or("").contains(what))
        .filter(|r| !r["Dice"].as_str().unwrap_or("").is_empty())
        .collect();
    assert_eq!(rows.len(), 1, "{cg_day} {step} {what}: {rows:#?}");
    let r = rows[0];
    let s = |k: &str| r[k].as_str().unwrap_or("").to_string();
    (s("DRM"), format!("{} => {}", s("Final"), s("Result")))
}

/// [`roll`] of one side (`german`, `russian`): "Final => Result".
pub fn side_roll(log: &[Value], side: &str, cg_day: &str, step: &str, what: &str) -> String {
    let rows: Vec<String> = log
        .iter()
        .filter(|r| r["CG Day"] == cg_day && r["Step"] == step)
        .filter(|r| r["Side"].as_str().unwrap_or("").starts_with(side))
        .filter(|r| r["What"].as_str().unwrap_or("").contains(what))
        .filter(|r| !r["Dice"].as_str().unwrap_or("").is_empty())
        .map(|r| {
            format!(
                "{} => {}",
                r["Final"].as_str().unwrap_or(""),
                r["Result"].as_str().unwrap_or("")
            )
        })
        .collect();
    assert_eq!(rows.len(), 1, "{side} {cg_day} {step} {what}: {rows:#?}");
    rows[0].clone()
}

/// The journal rows (no roll) of `step` on `cg_day` whose What contains
/// `what`, as "What => Result".
pub fn said(log: &[Value], cg_day: &str, step: &str, what: &str) -> Vec<String> {
    log.iter()
        .filter(|r| r["CG Day"] == cg_day && r["Step"] == step)
        .filter(|r| r["What"].as_str().unwrap_or("").contains(what))
        .filter(|r| r["Dice"].as_str().unwrap_or("").is_empty())
        .map(|r| {
            format!(
                "{} => {}",
                r["What"].as_str().unwrap_or(""),
                r["Result"].as_str().unwrap_or("")
            )
        })
        .collect()
}

/// A condition as text: `encircled`, `isolated Pocket`, `prisoner-of G-9`.
fn condition(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Object(o) => o
            .iter()
            .map(|(k, v)| format!("{k} {}", v.as_str().map_or(v.to_string(), str::to_string)))
            .collect::<Vec<_>>()
            .join(" "),
        other => other.to_string(),
    }
}

/// Both Force Organizers (`votg force --format json`): id -> "unit box" with
/// the conditions, if any, in brackets: `G-9 => 4-6-7 retained [ammo-shortage,
/// isolated Pocket]`.
pub fn organizers(c: &Camp) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for side in ["german", "russian"] {
        let v = json(c, &["force", "--side", side, "--format", "json"]);
        for k in v["counters"].as_array().unwrap() {
            let id = k["id"].as_str().unwrap().to_string();
            let mut text = format!(
                "{} {}",
                k["unit"].as_str().unwrap(),
                k["box"].as_str().unwrap()
            );
            if let Some(list) = k["condition"].as_array().filter(|l| !l.is_empty()) {
                let conds: Vec<String> = list.iter().map(condition).collect();
                text.push_str(&format!(" [{}]", conds.join(", ")));
            }
            assert!(
                out.insert(id.clone(), text).is_none(),
                "{id} is in the Force Organizers twice"
            );
        }
    }
    out
}

/// What changed between two [`organizers`]: each counter that changed or
/// is new, as it is now; each that left the Force Organizer, as "(gone)".
pub fn changes(
    before: &BTreeMap<String, String>,
    after: &BTreeMap<String, String>,
) -> BTreeMap<String, String> {
    let ids: BTreeSet<&String> = before.keys().chain(after.keys()).collect();
    ids.into_iter()
        .filter(|id| before.get(*id) != after.get(*id))
        .map(|id| {
            (
                id.clone(),
                after.get(id).cloned().unwrap_or_else(|| "(gone)".into()),
            )
        })
        .collect()
}

/// The expected [`changes`], from `(id, now)` pairs.
pub fn expect(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for (id, now) in pairs {
        assert!(
            out.insert(id.to_string(), now.to_string()).is_none(),
            "{id} expected twice"
        );
    }
    out
}

/// [`expect`] for `n` new counters of one kind, numbered from `first`.
pub fn new_ids(side: char, first: u32, units: &[&str], place: &str) -> Vec<(String, String)> {
    units
        .iter()
        .enumerate()
        .map(|(i, u)| {
            (
                format!("{side}-{}", first + i as u32),
                format!("{u} {place}"),
            )
        })
        .collect()
}

/// Compares the changes with the expected ones, naming each difference.
pub fn assert_changes(
    when: &str,
    before: &BTreeMap<String, String>,
    after: &BTreeMap<String, String>,
    expected: &BTreeMap<String, String>,
) {
    let got = changes(before, after);
    let mut wrong = Vec::new();
    for (id, now) in expected {
        if got.get(id) != Some(now) {
            wrong.push(format!(
                "{id}: expected {now:?}, is {:?} (was {:?})",
                after.get(id),
                before.get(id)
            ));
        }
    }
    for (id, now) in &got {
        if !expected.contains_key(id) {
            wrong.push(format!(
                "{id}: changed unexpectedly to {now:?} (was {:?})",
                before.get(id)
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "{when}: the Force Organizers differ from the rules:\n{}",
        wrong.join("\n")
    );
}

/// The side's CG Roster lines (`votg roster --format json`).
pub fn lines(c: &Camp, side: &str) -> Vec<Value> {
    json(c, &["roster", "--side", side, "--format", "json"])["lines"]
        .as_array()
        .unwrap()
        .clone()
}

/// One CG Roster line: `date`, Night or not.
pub fn line(c: &Camp, side: &str, date: u64, night: bool) -> Value {
    let all = lines(c, side);
    let found: Vec<Value> = all
        .into_iter()
        .filter(|l| l["date"] == date && l["night"] == night)
        .collect();
    assert_eq!(found.len(), 1, "{side} {date} night {night}: {found:#?}");
    found[0].clone()
}

/// A line's CPP (or Support CPP) as [Start, Received, Spent, Left].
pub fn cpp(l: &Value, pool: &str) -> [i64; 4] {
    let p = &l[pool];
    ["start", "received", "spent", "left"].map(|k| p[k].as_i64().unwrap_or(-1))
}

/// Counters of the live Force with a condition named `name`.
pub fn with_condition(organizers: &BTreeMap<String, String>, name: &str) -> Vec<String> {
    organizers
        .iter()
        .filter(|(_, v)| !v.contains(" casualties"))
        .filter(|(_, v)| {
            v.split_once(" [").is_some_and(|(_, conds)| {
                conds
                    .trim_end_matches(']')
                    .split(", ")
                    .any(|c| c == name || c.starts_with(&format!("{name} ")))
            })
        })
        .map(|(id, _)| id.clone())
        .collect()
}

/// Every counter, Casualties included, with a condition named `name`.
pub fn any_with_condition(organizers: &BTreeMap<String, String>, name: &str) -> Vec<String> {
    organizers
        .iter()
        .filter(|(_, v)| {
            v.split_once(" [").is_some_and(|(_, conds)| {
                conds
                    .trim_end_matches(']')
                    .split(", ")
                    .any(|c| c == name || c.starts_with(&format!("{name} ")))
            })
        })
        .map(|(id, _)| id.clone())
        .collect()
}

/// What every campaign keeps between runs (C20, DESIGN): each CG Roster
/// line balances (Left = Start + Received - Spent, never negative; Start =
/// the previous line's Left - Recon), Support CPP likewise; every id is
/// its side's and given once; at rest (a scenario set up, or the CG over)
/// no status outlives its rule (C48): no Encircled (12.6074), no TI or
/// "Battle Hardened this RePh" (12.626), no 12.605 leader.
pub fn invariants(c: &Camp, when: &str) {
    invariants_of(c, &organizers(c), when)
}

/// [`invariants`] with the Force Organizers already read.
pub fn invariants_of(c: &Camp, fo: &BTreeMap<String, String>, when: &str) {
    for side in ["german", "russian"] {
        let ls = lines(c, side);
        for (i, l) in ls.iter().enumerate() {
            let at = format!("{when}: {side} line {i} ({} Sep)", l["date"]);
            for pool in ["cpp", "support_cpp"] {
                if l[pool].is_null() {
                    continue;
                }
                let [start, received, spent, left] = cpp(l, pool);
                assert_eq!(left, start + received - spent, "{at} {pool}");
                assert!(start >= 0 && left >= 0, "{at} {pool} negative");
                if i > 0 {
                    let prev = &ls[i - 1];
                    let recon = if pool == "cpp" {
                        prev["recon_cpp"].as_i64().unwrap()
                    } else {
                        0
                    };
                    if !prev[pool].is_null() {
                        assert_eq!(
                            start,
                            cpp(prev, pool)[3] - recon,
                            "{at} {pool}: Start (C20)"
                        );
                    }
                }
            }
        }
    }
    for id in fo.keys() {
        assert!(
            id.starts_with("G-") || id.starts_with("R-"),
            "{when}: id {id}"
        );
    }
    for status in ["encircled", "led-by", "battle-hardened", "interdicting"] {
        let left = with_condition(fo, status);
        assert!(
            left.is_empty(),
            "{when}: {status} outlives its rule: {left:?}"
        );
    }
}

/// The ids no longer in the Force Organizer since `before` are never given
/// again, and a side's ids only grow (an id is stable).
pub fn ids_stable(before: &BTreeMap<String, String>, after: &BTreeMap<String, String>, when: &str) {
    let num = |id: &str| id[2..].parse::<u32>().unwrap();
    for side in ["G-", "R-"] {
        let old_max = before
            .keys()
            .filter(|k| k.starts_with(side))
            .map(|k| num(k))
            .max()
            .unwrap_or(0);
        for id in after.keys().filter(|k| k.starts_with(side)) {
            if !before.contains_key(id) {
                assert!(num(id) > old_max, "{when}: {id} given again");
            }
        }
    }
}
