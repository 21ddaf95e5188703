//! Facts: what an event changed, one record at a time (DESIGN §3). The
//! campaign is the fold of its facts ([`apply`]); replaying them needs no
//! rules code, so a campaign reads the same under a newer votg whose rules
//! changed. A step's facts are what its run changed ([`between`]): each CG
//! Day's public facts, each roster line, each purchase-record row, each
//! counter, each top-level value of the public record.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use crate::model::campaign::{Campaign, DayFacts};
use crate::model::force::{Counter, CounterId, Force};
use crate::model::purchase_record::PurchaseRow;
use crate::model::roster::{Roster, RosterLine};
use crate::model::side::Side;
use crate::model::state::{CampaignState, SideFiles};

/// One fact. Public facts ([`Fact::is_public`]) go to the public log; the
/// others are the side's own and go to its private log.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "fact", rename_all = "kebab-case")]
pub enum Fact {
    /// A top-level value of the public record (`campaign.toml`) other than
    /// its CG Days, as that file writes it.
    Campaign {
        field: String,
        value: serde_json::Value,
    },
    /// One CG Day's public facts (`[[days]]`), by position; none: removed.
    Day {
        index: usize,
        day: Option<Box<DayFacts>>,
    },
    /// One line of a side's CG Roster, by position; none: removed.
    RosterLine {
        side: Side,
        index: usize,
        line: Option<Box<RosterLine>>,
    },
    /// The Russian's one-time bonus CPP (C21) taken, or not.
    BonusCpp { side: Side, taken: bool },
    /// One row of a side's RG Purchase Record, by position (0-based);
    /// none: removed.
    Purchase {
        side: Side,
        index: usize,
        row: Option<Box<PurchaseRow>>,
    },
    /// One counter of a side's Force Organizer, at its position in it;
    /// none: gone from it (a Deployed squad, say).
    Counter {
        side: Side,
        id: CounterId,
        at: usize,
        counter: Option<Box<Counter>>,
    },
    /// The number the side's next new counter gets.
    NextId { side: Side, next_id: u32 },
    /// A whole part at once: at the campaign's creation or import, or where
    /// the facts above do not say the change (counters reordered).
    Whole(Box<Whole>),
}

/// A part of the campaign, whole.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "part", rename_all = "kebab-case")]
pub enum Whole {
    Campaign { campaign: Campaign },
    Roster { side: Side, roster: Roster },
    Purchases { side: Side, rows: Vec<PurchaseRow> },
    Force { side: Side, force: Force },
}

impl Fact {
    /// The side whose private log holds this fact; `None` for a public one.
    pub fn side(&self) -> Option<Side> {
        match self {
            Fact::Campaign { .. } | Fact::Day { .. } => None,
            Fact::RosterLine { side, .. }
            | Fact::BonusCpp { side, .. }
            | Fact::Purchase { side, .. }
            | Fact::Counter { side, .. }
            | Fact::NextId { side, .. } => Some(*side),
            Fact::Whole(w) => match &**w {
                Whole::Campaign { .. } => None,
                Whole::Roster { side, .. }
                | Whole::Purchases { side, .. }
                | Whole::Force { side, .. } => Some(*side),
            },
        }
    }

    pub fn is_public(&self) -> bool {
        self.side().is_none()
    }
}

/// An event's facts that a campaign cannot take (a damaged or hand-made
/// log): what is wrong, for the message naming the line.
pub type FactError = String;

/// The campaign as it stands while its first events are folded: parts
/// given whole by a creation or import.
#[derive(Debug, Clone, Default)]
pub struct Parts {
    pub campaign: Option<Campaign>,
    pub rosters: [Option<Roster>; 2],
    pub purchases: [Option<Vec<PurchaseRow>>; 2],
    pub forces: [Option<Force>; 2],
}

fn slot(side: Side) -> usize {
    match side {
        Side::German => 0,
        Side::Russian => 1,
    }
}

impl Parts {
    /// Takes a whole part; any other fact needs a whole campaign first.
    pub fn take(&mut self, fact: Fact) -> Result<(), FactError> {
        let Fact::Whole(w) = fact else {
            return Err(
                "a fact about a part of the campaign before the campaign was created".into(),
            );
        };
        match *w {
            Whole::Campaign { campaign } => self.campaign = Some(campaign),
            Whole::Roster { side, roster } => self.rosters[slot(side)] = Some(roster),
            Whole::Purchases { side, rows } => self.purchases[slot(side)] = Some(rows),
            Whole::Force { side, force } => self.forces[slot(side)] = Some(force),
        }
        Ok(())
    }

    /// The campaign, once every part is there.
    pub fn whole(self) -> Result<CampaignState, FactError> {
        self.whole_of(false)
    }

    /// The campaign; with `halves`, a side whose parts are absent (the other
    /// side's, in a half of a campaign split from one keyboard) is empty
    /// until the split gives it its Initial OB (`split_initial`).
    pub fn whole_of(self, halves: bool) -> Result<CampaignState, FactError> {
        let [gr, rr] = self.rosters;
        let [gp, rp] = self.purchases;
        let [gf, rf] = self.forces;
        let side = |s: Side, r: Option<Roster>, p: Option<Vec<PurchaseRow>>, f: Option<Force>| {
            if halves && r.is_none() && p.is_none() && f.is_none() {
                return Some(absent(s));
            }
            Some(SideFiles {
                roster: r?,
                purchases: p?.into(),
                force: f?,
            })
        };
        match (
            self.campaign,
            side(Side::German, gr, gp, gf),
            side(Side::Russian, rr, rp, rf),
        ) {
            (Some(campaign), Some(german), Some(russian)) => Ok(CampaignState {
                campaign,
                german,
                russian,
                journal: Vec::new(),
            }),
            _ => Err("the campaign's creation does not give every part of it".into()),
        }
    }
}

/// A side whose parts a half does not hold, until the split gives it its
/// Initial OB.
fn absent(side: Side) -> SideFiles {
    SideFiles {
        roster: Roster {
            schema: crate::model::state::SCHEMA,
            side,
            bonus_cpp_taken: false,
            lines: Vec::new(),
        },
        purchases: Default::default(),
        force: Force {
            schema: crate::model::force::SCHEMA,
            side,
            next_id: 1,
            counters: Default::default(),
        },
    }
}

/// Folds one fact into the campaign.
pub fn apply(state: &mut CampaignState, fact: &Fact) -> Result<(), FactError> {
    match fact {
        Fact::Campaign { field, value } => set_field(&mut state.campaign, field, value),
        Fact::Day { index, day } => set_at(&mut state.campaign.days, *index, day, "CG Day"),
        Fact::RosterLine { side, index, line } => set_at(
            &mut state.side_mut(*side).roster.lines,
            *index,
            line,
            "roster line",
        ),
        Fact::BonusCpp { side, taken } => {
            state.side_mut(*side).roster.bonus_cpp_taken = *taken;
            Ok(())
        }
        Fact::Purchase { side, index, row } => set_at(
            std::sync::Arc::make_mut(&mut state.side_mut(*side).purchases),
            *index,
            row,
            "purchase-record row",
        ),
        Fact::Counter {
            side,
            id,
            at,
            counter,
        } => set_counter(
            &mut state.side_mut(*side).force,
            *id,
            *at,
            counter.as_deref(),
        ),
        Fact::NextId { side, next_id } => {
            state.side_mut(*side).force.next_id = *next_id;
            Ok(())
        }
        Fact::Whole(w) => {
            match &**w {
                Whole::Campaign { campaign } => state.campaign = campaign.clone(),
                Whole::Roster { side, roster } => state.side_mut(*side).roster = roster.clone(),
                Whole::Purchases { side, rows } => {
                    state.side_mut(*side).purchases = rows.clone().into()
                }
                Whole::Force { side, force } => state.side_mut(*side).force = force.clone(),
            }
            Ok(())
        }
    }
}

fn set_field(c: &mut Campaign, field: &str, value: &serde_json::Value) -> Result<(), FactError> {
    if field == "days" {
        return Err("the CG Days are facts of their own".into());
    }
    // The CG Days stay out of it: they are the bulk of the campaign.
    let days = std::mem::take(&mut c.days);
    let set = with_field(c, field, value);
    match set {
        Ok(mut changed) => {
            changed.days = days;
            *c = changed;
            Ok(())
        }
        Err(e) => {
            c.days = days;
            Err(e)
        }
    }
}

fn with_field(c: &Campaign, field: &str, value: &serde_json::Value) -> Result<Campaign, FactError> {
    let mut whole = serde_json::to_value(c).map_err(|e| e.to_string())?;
    let serde_json::Value::Object(map) = &mut whole else {
        return Err("the campaign is not a record".into());
    };
    if value.is_null() {
        map.remove(field);
    } else {
        map.insert(field.to_string(), value.clone());
    }
    serde_json::from_value(whole).map_err(|e| format!("campaign field `{field}`: {e}"))
}

/// Sets position `index` of `list` (one past its end: adds), or removes
/// the last item (`None` at the last position).
fn set_at<T: Clone>(
    list: &mut Vec<T>,
    index: usize,
    value: &Option<Box<T>>,
    what: &str,
) -> Result<(), FactError> {
    match value {
        Some(v) if index < list.len() => list[index] = (**v).clone(),
        Some(v) if index == list.len() => list.push((**v).clone()),
        None if index + 1 == list.len() => {
            list.pop();
        }
        _ => {
            return Err(format!(
                "no {what} at position {} (there are {})",
                index + 1,
                list.len()
            ));
        }
    }
    Ok(())
}

fn set_counter(
    force: &mut Force,
    id: CounterId,
    at: usize,
    counter: Option<&Counter>,
) -> Result<(), FactError> {
    let counters = force.counters_mut();
    let now = counters.iter().position(|c| c.id == id);
    match (now, counter) {
        (Some(i), Some(c)) => {
            counters.remove(i);
            counters.insert(at.min(counters.len()), c.clone());
        }
        (None, Some(c)) => counters.insert(at.min(counters.len()), c.clone()),
        (Some(i), None) => {
            counters.remove(i);
        }
        (None, None) => return Err(format!("no counter {id} to remove")),
    }
    Ok(())
}

/// What changed from `before` to `after`, as facts that [`apply`] turns
/// `before` into `after` with (checked: where the record-by-record facts
/// would not, the part is given whole).
pub fn between(before: &CampaignState, after: &CampaignState) -> Vec<Fact> {
    let mut facts = Vec::new();
    campaign_facts(&before.campaign, &after.campaign, &mut facts);
    for side in Side::BOTH {
        side_facts(side, before.side(side), after.side(side), &mut facts);
    }
    let mut check = before.without_journal();
    let ok = facts.iter().all(|f| apply(&mut check, f).is_ok());
    if ok && same_parts(&check, after) {
        return facts;
    }
    // Not said record by record: each part that changed, whole.
    let mut whole = Vec::new();
    if before.campaign != after.campaign {
        whole.push(Whole::Campaign {
            campaign: after.campaign.clone(),
        });
    }
    for side in Side::BOTH {
        let (b, a) = (before.side(side), after.side(side));
        if b.roster != a.roster {
            whole.push(Whole::Roster {
                side,
                roster: a.roster.clone(),
            });
        }
        if b.purchases != a.purchases {
            whole.push(Whole::Purchases {
                side,
                rows: a.purchases.to_vec(),
            });
        }
        if b.force != a.force {
            whole.push(Whole::Force {
                side,
                force: a.force.clone(),
            });
        }
    }
    whole
        .into_iter()
        .map(|w| Fact::Whole(Box::new(w)))
        .collect()
}

/// The campaign's parts (not its journal) are equal.
pub fn same_parts(a: &CampaignState, b: &CampaignState) -> bool {
    a.campaign == b.campaign && a.german == b.german && a.russian == b.russian
}

fn campaign_facts(before: &Campaign, after: &Campaign, facts: &mut Vec<Fact>) {
    if before == after {
        return;
    }
    // Its fields but the CG Days, which are facts of their own below.
    let as_map = |c: &Campaign| match serde_json::to_value(Campaign {
        days: Vec::new(),
        ..c.clone()
    }) {
        Ok(serde_json::Value::Object(m)) => m,
        _ => serde_json::Map::new(),
    };
    let (b, a) = (as_map(before), as_map(after));
    let fields: std::collections::BTreeSet<&String> = b.keys().chain(a.keys()).collect();
    for field in fields {
        if field == "days" || b.get(field) == a.get(field) {
            continue;
        }
        facts.push(Fact::Campaign {
            field: field.clone(),
            value: a.get(field).cloned().unwrap_or(serde_json::Value::Null),
        });
    }
    list_facts(
        &before.days,
        &after.days,
        |index, day| Fact::Day { index, day },
        facts,
    );
}

/// The positions of `after` that differ from `before`, then each position
/// `before` had past `after`'s end, last first.
fn list_facts<T: Clone + PartialEq>(
    before: &[T],
    after: &[T],
    fact: impl Fn(usize, Option<Box<T>>) -> Fact,
    facts: &mut Vec<Fact>,
) {
    for (i, item) in after.iter().enumerate() {
        if before.get(i) != Some(item) {
            facts.push(fact(i, Some(Box::new(item.clone()))));
        }
    }
    for i in (after.len()..before.len()).rev() {
        facts.push(fact(i, None));
    }
}

/// The counters added, changed, moved or removed, in the order the fold
/// applies them.
fn counter_facts(side: Side, b: &[Counter], a: &[Counter], facts: &mut Vec<Fact>) {
    let before: HashMap<CounterId, &Counter> = b.iter().map(|c| (c.id, c)).collect();
    let after: HashMap<CounterId, &Counter> = a.iter().map(|c| (c.id, c)).collect();
    // The order the fold will have, as each fact is applied.
    let mut order: Vec<CounterId> = Vec::with_capacity(a.len());
    for c in b {
        if after.contains_key(&c.id) {
            order.push(c.id);
        } else {
            facts.push(Fact::Counter {
                side,
                id: c.id,
                at: 0,
                counter: None,
            });
        }
    }
    for (at, c) in a.iter().enumerate() {
        if before.get(&c.id) == Some(&c) && order.get(at) == Some(&c.id) {
            continue;
        }
        order.retain(|id| *id != c.id);
        order.insert(at.min(order.len()), c.id);
        facts.push(Fact::Counter {
            side,
            id: c.id,
            at,
            counter: Some(Box::new(c.clone())),
        });
    }
}

fn side_facts(side: Side, before: &SideFiles, after: &SideFiles, facts: &mut Vec<Fact>) {
    let (b, a) = (&before.roster, &after.roster);
    list_facts(
        &b.lines,
        &a.lines,
        |index, line| Fact::RosterLine { side, index, line },
        facts,
    );
    if b.bonus_cpp_taken != a.bonus_cpp_taken {
        facts.push(Fact::BonusCpp {
            side,
            taken: a.bonus_cpp_taken,
        });
    }
    list_facts(
        &before.purchases,
        &after.purchases,
        |index, row| Fact::Purchase { side, index, row },
        facts,
    );
    let (b, a) = (&before.force, &after.force);
    if b.counters != a.counters {
        counter_facts(side, &b.counters, &a.counters, facts);
    }
    if b.next_id != a.next_id {
        facts.push(Fact::NextId {
            side,
            next_id: a.next_id,
        });
    }
}

/// The facts that make the whole campaign `state` from nothing (its
/// creation, an import).
pub fn whole(state: &CampaignState) -> Vec<Fact> {
    let mut parts = vec![Whole::Campaign {
        campaign: state.campaign.clone(),
    }];
    for side in Side::BOTH {
        let s = state.side(side);
        parts.push(Whole::Roster {
            side,
            roster: s.roster.clone(),
        });
        parts.push(Whole::Purchases {
            side,
            rows: s.purchases.to_vec(),
        });
        parts.push(Whole::Force {
            side,
            force: s.force.clone(),
        });
    }
    parts
        .into_iter()
        .map(|w| Fact::Whole(Box::new(w)))
        .collect()
}
