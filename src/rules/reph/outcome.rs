//! What happened to a side's force in the scenario just played (12.604,
//! DESIGN §4 `[<side>.outcome]`): each key a list of counters, named by id
//! (`G-17`, as `votg force` prints them) or by counter name and count
//! (`"2 x 4-6-7"`). Applied to the Force Organizer as typed conditions and
//! boxes; an absent key means nothing of that kind happened.

use std::collections::{BTreeMap, BTreeSet};

mod effect;
mod resolve;

pub use effect::step_on;
use effect::{captured, list, prisoners, vehicle_weapon};
use resolve::count_and_name;

use crate::model::force::{Condition, CounterId, Force, ForceBox, NewCounter, UnitKind};
use crate::model::side::Side;
use crate::rules::ladder::Ladders;
use crate::rules::tables::Tables;

/// One key of `[<side>.outcome]`: its name and what it means (docs/answers.md).
pub struct Key {
    pub name: &'static str,
    pub help: &'static str,
}

const fn k(name: &'static str, help: &'static str) -> Key {
    Key { name, help }
}

/// Every outcome key, in the order they are applied and asked.
pub const KEYS: &[Key] = &[
    k("eliminated", "counters Eliminated in play (to Casualties)"),
    k(
        "casualty_reduced",
        "Casualty-Reduced: a squad becomes its HS, an SMC Wounded, a HS/crew Eliminated (A7.302)",
    ),
    k(
        "elr_replaced",
        "MMC Replaced in play for ELR (A19.13, READINGS.md C16)",
    ),
    k("wounded", "leaders wounded"),
    k("heroic", "SMC that became Heroic (A15.2)"),
    k("heroes", "heroes created, by counter name (\"1-4-9\")"),
    k(
        "battle_hardened",
        "MMC Battle Hardened in play (A15.3, READINGS.md C16); a leader as \"G-20 = 9-1\"",
    ),
    k(
        "malfunctioned",
        "SW/Guns/AFV malfunctioned; one weapon of an AFV as \"G-31 MA\" or \"G-31 BMG\" (12.6152)",
    ),
    k(
        "disabled",
        "SW/Guns/AFV disabled; one weapon of an AFV as \"G-31 MA\" or \"G-31 BMG\"",
    ),
    k(
        "captured",
        "enemy weapons captured, by name (\"LMG\", \"gun 45L AT\", \"afv T-34 M41\") or by the enemy counter's id (\"afv R-50\": its enemy Pltn, READINGS.md C47); \"LMG malfunctioned\" if it malfunctioned too",
    ),
    k(
        "ft_dc_removed",
        "FT/DC removed from play with the Original effects DR: \"G-30 = 7\" (12.6154)",
    ),
    k("immobilized", "AFV immobilized"),
    k("shocked", "AFV Shocked or UK"),
    k("bogged", "AFV bogged"),
    k("abandoned", "AFV abandoned"),
    k(
        "wrecked",
        "AFV wrecked: the wreck stays on the map until Recovered (CG7, 12.6151d)",
    ),
    k("burnt_out", "AFV burnt out (Eliminated)"),
    k("recall", "AFV under Recall (D5.341)"),
    k(
        "not_entered",
        "RGs bought for the scenario that never entered, by RG ID or row (\"I3\", \"row:4\"), READINGS.md C36",
    ),
    k("prisoners", "enemy units your units guard: \"R-12 by G-3\""),
    k(
        "left_on_map",
        "Gun/AFV in a Fortified Building Location or Pillbox, immobile vehicles (12.608)",
    ),
    k(
        "encircled",
        "units Encircled at scenario end; \"G-3 with G-20\" names the leader whose DRM applies (12.6051)",
    ),
    k(
        "ap_minefield",
        "Infantry in an A-P minefield hex; \"G-3 with G-20\" as for encircled (12.6052)",
    ),
];

pub fn key(name: &str) -> Option<&'static Key> {
    KEYS.iter().find(|k| k.name == name)
}

/// A side's outcome as given: key → items, in file order.
pub type Outcome = BTreeMap<String, Vec<String>>;

/// A bad outcome item: which key, which item, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bad {
    pub key: String,
    pub item: String,
    pub why: String,
}

/// Boxes a counter that was in play can be in at scenario end.
fn in_play(place: ForceBox) -> bool {
    matches!(
        place,
        ForceBox::Retained
            | ForceBox::Entering
            | ForceBox::OnMapSetup
            | ForceBox::Reserve
            | ForceBox::DugInAfv
            | ForceBox::LeftOnMap
            | ForceBox::RetainedWreck
    )
}

/// One thing the outcome did: what it says, and the counters it touched
/// (journaled as a row about them, so `votg explain` tells it).
#[derive(Debug, Clone, PartialEq)]
pub struct Said {
    pub text: String,
    pub ids: Vec<CounterId>,
    /// The side whose outcome said it (a prisoner it guards is the enemy's
    /// counter).
    pub by: Side,
    /// On two machines, a prisoner the side's units took: his counter,
    /// which only his half holds (`prisoner_fate`).
    pub taken: Option<crate::model::exchange::Guarded>,
    /// On two machines, a weapon of his captured by id, which his half
    /// takes out of his force.
    pub captured: Option<crate::model::exchange::Capture>,
}

impl std::fmt::Display for Said {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text)
    }
}

impl Ctx<'_> {
    fn say(&mut self, ids: impl IntoIterator<Item = CounterId>, text: String) {
        self.said.push(Said {
            by: self.side,
            taken: None,
            captured: None,
            text,
            ids: ids.into_iter().collect(),
        });
    }
}

struct Ctx<'a> {
    side: Side,
    /// Two machines: the side this half holds (the other's counters are on
    /// his half only).
    half: Option<Side>,
    ladders: &'a Ladders,
    /// For the RG charts (VotG24's Assault Engineers).
    tables: &'a Tables,
    key: &'static str,
    /// Counters taken out of play by an earlier item (no second elimination).
    gone: BTreeSet<CounterId>,
    /// Counters chosen by name in this key already (the next is another).
    chosen: BTreeSet<CounterId>,
    said: Vec<Said>,
}

/// `"G-3 with G-20"` → ("G-3", Some("G-20")).
fn split_word<'t>(text: &'t str, word: &str) -> (&'t str, Option<&'t str>) {
    match text.split_once(&format!(" {word} ")) {
        Some((a, b)) => (a.trim(), Some(b.trim())),
        None => (text.trim(), None),
    }
}

/// Applies both sides' outcomes to their forces (German first: prisoners
/// touch the other side's counters). Returns what was done, a line each.
/// On two machines (`half`: the side held) a prisoner the side took is only
/// said (`Said::taken`): his counter is on his half.
pub fn apply(
    forces: (&mut Force, &mut Force),
    outcomes: (&Outcome, &Outcome),
    tables: &Tables,
    half: Option<Side>,
) -> Result<Vec<Said>, (Side, Bad)> {
    let (g, r) = forces;
    let mut said = apply_side((g, r), outcomes.0, tables, half).map_err(|b| (Side::German, b))?;
    said.extend(apply_side((r, g), outcomes.1, tables, half).map_err(|b| (Side::Russian, b))?);
    Ok(said)
}

fn apply_side(
    (force, enemy): (&mut Force, &mut Force),
    outcome: &Outcome,
    tables: &Tables,
    half: Option<Side>,
) -> Result<Vec<Said>, Bad> {
    let mut cx = Ctx {
        side: force.side,
        half,
        ladders: &tables.ladders,
        tables,
        key: "",
        gone: BTreeSet::new(),
        chosen: BTreeSet::new(),
        said: Vec::new(),
    };
    if let Some(name) = outcome.keys().find(|n| key(n).is_none()) {
        return Err(Bad {
            key: name.clone(),
            item: String::new(),
            why: "is not an outcome key (docs/answers.md lists them)".into(),
        });
    }
    entering(&mut cx, force, outcome.get("not_entered"))?;
    for k in KEYS.iter().filter(|k| k.name != "not_entered") {
        cx.key = k.name;
        cx.chosen.clear();
        for item in outcome.get(k.name).into_iter().flatten() {
            one(&mut cx, force, enemy, item)?;
        }
    }
    Ok(cx.said)
}

/// C36: RGs that never entered stay Entering; every other counter of the
/// scenario's Entering and On-Map Setup boxes was played, and is Retained
/// after 12.608 clears the map. A Reserve RG is no longer one at the end of
/// its scenario (12.6214b, C48).
fn entering(cx: &mut Ctx, force: &mut Force, not: Option<&Vec<String>>) -> Result<(), Bad> {
    cx.key = "not_entered";
    let mut stay = BTreeSet::new();
    for item in not.into_iter().flatten() {
        let t = item.trim();
        let rows: Vec<CounterId> = match t.strip_prefix("row:").map(str::parse::<usize>) {
            Some(Ok(row)) => force.of_rg_row(row).map(|c| c.id).collect(),
            Some(Err(_)) => return Err(cx.bad(t, "expected row:<number>")),
            None => force
                .counters
                .iter()
                .filter(|c| c.rg.as_deref().is_some_and(|rg| rg.eq_ignore_ascii_case(t)))
                .map(|c| c.id)
                .collect(),
        };
        let entering: Vec<CounterId> = rows
            .into_iter()
            .filter(|id| {
                force
                    .get(*id)
                    .is_some_and(|c| c.place == ForceBox::Entering)
            })
            .collect();
        if entering.is_empty() {
            return Err(cx.bad(
                t,
                "no counter of that RG is in the Entering box (`votg force` lists them)",
            ));
        }
        stay.extend(entering);
    }
    let played: Vec<CounterId> = force
        .counters
        .iter()
        .filter(|c| matches!(c.place, ForceBox::Entering | ForceBox::OnMapSetup))
        .map(|c| c.id)
        .filter(|id| !stay.contains(id))
        .collect();
    for id in &played {
        force.move_to(*id, ForceBox::Retained).expect("listed");
    }
    if !played.is_empty() {
        let text = format!(
            "{}: {} counter(s) of the RGs that entered or set up are no longer Entering: Retained (12.608).",
            force.side.name(),
            played.len()
        );
        cx.say(played, text);
    }
    // 12.6214b, C48: the Reserve RGs bought for this scenario are Retained.
    let reserve = crate::rules::reph::reserve::end(force);
    if !reserve.is_empty() {
        let ids = reserve.retained.iter().chain(&reserve.dummies).copied();
        cx.say(
            ids.collect::<Vec<_>>(),
            format!("{}.", reserve.text(force.side)),
        );
    }
    if !stay.is_empty() {
        let text = format!(
            "{}: {} counter(s) of RGs that never entered stay Entering (READINGS.md C36).",
            force.side.name(),
            stay.len()
        );
        cx.say(stay, text);
    }
    Ok(())
}

/// One item of the current key.
fn one(cx: &mut Ctx, force: &mut Force, enemy: &mut Force, item: &str) -> Result<(), Bad> {
    let side = cx.side.name();
    match cx.key {
        "heroes" => {
            let (n, name) = count_and_name(item.trim())
                .ok_or_else(|| cx.bad(item, "expected a hero counter name, e.g. \"1-4-9\""))?;
            let c = NewCounter::new(name, UnitKind::Hero, ForceBox::Retained)
                .with(Condition::Heroic)
                .with_note("hero created in play (A15.2)");
            let ids = force.add_n(&c, n as u32);
            let text = format!("{side}: hero {name} created: {}", list(&ids));
            cx.say(ids, text);
            return Ok(());
        }
        "captured" => return captured(cx, force, enemy, item),
        "malfunctioned" | "disabled" => {
            // `"G-31 MA"`: one weapon of a vehicle (12.6152).
            if let Some((id, w)) = item.trim().split_once(' ')
                && id.parse::<CounterId>().is_ok()
            {
                return vehicle_weapon(cx, force, id, w, item);
            }
        }
        _ => {}
    }
    let (target, by) = match cx.key {
        "prisoners" => split_word(item, "by"),
        "encircled" | "ap_minefield" => split_word(item, "with"),
        "battle_hardened" | "ft_dc_removed" => match item.split_once('=') {
            Some((a, b)) => (a.trim(), Some(b.trim())),
            None => (item.trim(), None),
        },
        _ => (item.trim(), None),
    };
    if cx.key == "prisoners" {
        return prisoners(cx, force, enemy, item, target, by);
    }
    let ids = cx.resolve(force, target)?;
    let leader = match (cx.key, by) {
        ("encircled" | "ap_minefield", Some(l)) => {
            let l = cx.resolve(force, l)?;
            let lid = l[0];
            if !matches!(
                force.get(lid).map(|c| c.kind),
                Some(UnitKind::Leader | UnitKind::Commissar)
            ) {
                return Err(cx.bad(item, format!("{lid} is not a leader")));
            }
            Some(lid)
        }
        _ => None,
    };
    for id in ids {
        let unit = force.get(id).expect("resolved").unit.clone();
        let done = effect::apply(cx, force, id, by, leader, item)?;
        cx.say([id], format!("{side}: {id} {unit} {done}"));
    }
    Ok(())
}
