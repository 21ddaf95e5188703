//! `campaign.toml`: what both sides may see — the CG, the CG Day, where each
//! side stands in the RePh, and the public facts of every CG Day.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::model::cg_day::CgDay;
use crate::model::chit::{Chit, ScenarioType};
use crate::model::side::{Cg, Side};
use crate::model::step::{Occasion, StepId};
use crate::model::weather::{Ec, Weather, Wind};

/// How far the public dice stream (weather, initiative, set-up order, the
/// Dual Attack drs) has gone. It has no seed of its own: its key is derived
/// from both sides' keys, which live in their private `dice.toml` (DESIGN
/// §3), so nothing public predicts a roll.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct DiceState {
    pub used: u64,
    /// Schema 1 kept the campaign's one seed here, where both sides could
    /// read it. Read only to migrate it away (state.rs); never written.
    #[serde(default, rename = "seed", skip_serializing)]
    pub old_seed: Option<u64>,
}

/// Where a side stands in the RePh: the next step it performs, or done
/// (the scenario is ready to play). Kept in `campaign.toml` as the step's
/// rule number or `done`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Position {
    At(StepId),
    Done,
}

pub const DONE: &str = "done";

impl Position {
    pub fn parse(text: &str) -> Option<Position> {
        if text == DONE {
            return Some(Position::Done);
        }
        StepId::parse(text).map(Position::At)
    }

    /// The rule number, or `done`, as `campaign.toml` keeps it.
    pub fn as_str(&self) -> &'static str {
        match self {
            Position::At(id) => id.as_str(),
            Position::Done => DONE,
        }
    }

    pub fn step(self) -> Option<StepId> {
        match self {
            Position::At(id) => Some(id),
            Position::Done => None,
        }
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Position::At(id) => id.fmt(f),
            Position::Done => f.write_str(DONE),
        }
    }
}

impl PartialEq<&str> for Position {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl Serialize for Position {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Position {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        Position::parse(&text).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "`{text}` is not a RePh step number (12.601 ... 12.627) or `done`"
            ))
        })
    }
}

/// The next RePh step each side performs; `done` once through.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Standing {
    pub german: Position,
    pub russian: Position,
}

impl Standing {
    pub fn both(at: Position) -> Standing {
        Standing {
            german: at,
            russian: at,
        }
    }

    pub fn of(&self, side: Side) -> Position {
        match side {
            Side::German => self.german,
            Side::Russian => self.russian,
        }
    }

    pub fn set(&mut self, side: Side, at: Position) {
        match side {
            Side::German => self.german = at,
            Side::Russian => self.russian = at,
        }
    }
}

/// Public facts of one CG Day (or of its Night scenario).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct DayFacts {
    pub date: u8,
    #[serde(default)]
    pub night: bool,
    /// The number of the CG scenario played (1 = Initial Scenario); none on an Idle Day.
    pub scenario: Option<u32>,
    pub weather: Option<Weather>,
    pub ec: Option<Ec>,
    pub wind: Option<Wind>,
    pub scenario_type: Option<ScenarioType>,
    pub sets_up_first: Option<Side>,
    pub moves_first: Option<Side>,
    /// Initiative chits, once revealed (12.6252).
    pub german_chit: Option<Chit>,
    pub russian_chit: Option<Chit>,
    pub victor: Option<Side>,
    /// The Casualty VP each side SUFFERED in this CG Day's scenario (A26.22),
    /// recorded at 12.604 (C26).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cvp: Option<BySide<u32>>,
    /// The Casualty VP of each side's units Eliminated in the RePh after
    /// this scenario so far (12.12, C26): they count for 12.618.
    #[serde(default, skip_serializing_if = "BySide::is_zero")]
    pub reph_cvp: BySide<u32>,
    /// CG I: whether the Germans Controlled all of building F36 at the end
    /// of this CG Day's scenario, where the players said so when recording
    /// it (it decides the victor); 12.614 judges the CG Day's end by it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub f36: Option<bool>,
}

/// One value per side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct BySide<T> {
    pub german: T,
    pub russian: T,
}

impl<T> BySide<T> {
    pub fn of(&self, side: Side) -> &T {
        match side {
            Side::German => &self.german,
            Side::Russian => &self.russian,
        }
    }

    pub fn of_mut(&mut self, side: Side) -> &mut T {
        match side {
            Side::German => &mut self.german,
            Side::Russian => &mut self.russian,
        }
    }
}

impl BySide<u32> {
    pub fn is_zero(&self) -> bool {
        self.german == 0 && self.russian == 0
    }
}

impl DayFacts {
    pub fn cg_day(&self) -> CgDay {
        CgDay::new(self.date, self.night)
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum OccasionName {
    Initial,
    AfterScenario,
    BeforeCounterattack,
    IdleDayLoop,
}

impl OccasionName {
    pub fn occasion(&self) -> Occasion {
        match self {
            OccasionName::Initial => Occasion::Initial,
            OccasionName::AfterScenario => Occasion::AfterScenario,
            OccasionName::BeforeCounterattack => Occasion::BeforeCounterattack,
            OccasionName::IdleDayLoop => Occasion::IdleDayLoop,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Campaign {
    pub schema: u32,
    pub cg: Cg,
    pub title: String,
    /// The CG Day being prepared for.
    pub date: u8,
    #[serde(default)]
    pub night: bool,
    /// The number of the CG scenario being prepared (1 = the Initial Scenario).
    pub scenario: u32,
    /// Why this RePh runs; decides its steps (C1).
    pub occasion: OccasionName,
    pub step: Standing,
    /// Schema 1 and 2 kept the dice streams' position here; dice are now
    /// drawn per label (DESIGN §3). Read from an older file, never written.
    #[serde(default, skip_serializing)]
    pub dice: DiceState,
    #[serde(default)]
    pub russian_attack_chits_used: u32,
    #[serde(default)]
    pub days: Vec<DayFacts>,
    /// The CG's end (C23, 12.51-12.54): who won and why. Once set, the
    /// campaign is over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<CgResult>,
}

impl Campaign {
    pub fn cg_day(&self) -> CgDay {
        CgDay::new(self.date, self.night)
    }

    pub fn is_initial(&self) -> bool {
        self.occasion == OccasionName::Initial
    }

    /// The facts of the CG Day being prepared, if any are recorded yet.
    /// The facts of the CG Day being prepared: its (date, day/night) and not
    /// an earlier scenario's (a Counterattack is a second scenario on the same
    /// CG Day, 12.6253).
    pub fn today(&self) -> Option<&DayFacts> {
        self.days.iter().rev().find(|d| self.is_today(d))
    }

    pub fn today_mut(&mut self) -> Option<&mut DayFacts> {
        let i = self.days.iter().rposition(|d| self.is_today(d))?;
        self.days.get_mut(i)
    }

    /// The Weather and EC a scenario is played in: its own record's, or,
    /// for a Counterattack (a second scenario on the same CG Day, 12.613,
    /// 12.6253), its CG Day's, recorded with the first scenario (12.620);
    /// a Night Counterattack (12.6254) is on the same CG Day too.
    pub fn weather_of(&self, d: &DayFacts) -> (Option<Weather>, Option<Ec>) {
        let same_day = |night: bool| {
            self.days
                .iter()
                .filter(move |o| o.date == d.date && (o.night == d.night || night))
        };
        let weather = |night| same_day(night).find_map(|o| o.weather);
        let ec = |night| same_day(night).find_map(|o| o.ec);
        (
            d.weather
                .or_else(|| weather(false))
                .or_else(|| weather(true)),
            d.ec.or_else(|| ec(false)).or_else(|| ec(true)),
        )
    }

    fn is_today(&self, d: &DayFacts) -> bool {
        d.date == self.date
            && d.night == self.night
            && d.scenario.is_none_or(|n| n == self.scenario)
    }

    pub fn validate(&self) -> Result<(), (String, String, String)> {
        let err = |field: &str, value: String, msg: &str| {
            Err((field.to_string(), value, msg.to_string()))
        };
        if !(14..=27).contains(&self.date) {
            return err(
                "date",
                self.date.to_string(),
                "a VotG CG Day is a September date from 14 to 27",
            );
        }
        if self.scenario == 0 {
            return err(
                "scenario",
                "0".into(),
                "scenarios are numbered from 1 (the Initial Scenario)",
            );
        }
        for d in &self.days {
            if !(14..=27).contains(&d.date) {
                return err(
                    "days.date",
                    d.date.to_string(),
                    "a VotG CG Day is a September date from 14 to 27",
                );
            }
        }
        Ok(())
    }
}

/// How a CG ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CgResult {
    pub winner: Side,
    /// The CG Day at whose conclusion it ended.
    pub date: u8,
    /// Why, in the words of the CG's Victory Conditions.
    pub why: String,
}

/// "The Germans won CG I at the end of 18 Sep: ..." for `status` and `refit`.
pub fn verdict(r: &CgResult) -> String {
    format!(
        "the {} won at the end of the {} Sep CG Day: {}",
        if r.winner == Side::German {
            "Germans"
        } else {
            "Russians"
        },
        r.date,
        r.why
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The typed day facts read and write the strings campaign.toml has
    /// always had (12.620, 12.6252, 12.6261).
    #[test]
    fn day_facts_keep_their_campaign_toml_strings() {
        let text = r#"date = 15
night = false
scenario = 1
weather = "overcast"
ec = "moist"
wind = "Mild Breeze from the SW at start"
scenario_type = "german-assault"
sets_up_first = "russian"
moves_first = "german"
german_chit = "attack"
russian_chit = "idle"
"#;
        let d: DayFacts = toml::from_str(text).unwrap();
        assert_eq!(d.weather, Some(Weather::Overcast));
        assert_eq!(d.ec, Some(Ec::Moist));
        assert_eq!(d.scenario_type, Some(ScenarioType::GermanAssault));
        assert_eq!(
            (d.german_chit, d.russian_chit),
            (Some(Chit::Attack), Some(Chit::Idle))
        );
        assert_eq!(toml::to_string(&d).unwrap(), text);
        let bad = text.replace("\"moist\"", "\"soggy\"");
        assert!(toml::from_str::<DayFacts>(&bad).is_err());
    }
}
