//! What the RePh steps from 12.614 on read from the CG Days recorded in
//! `campaign.toml`: the previous CG Day (C27), the last scenario played
//! (C26), Idle Days since it (C23), and the days' chits and victors.

use crate::model::campaign::{Campaign, DayFacts};
use crate::model::side::Side;
use crate::rules::initiative_matrix::Chit;

/// The index of the CG Day being prepared in `days`, if recorded yet.
fn today_index(c: &Campaign) -> Option<usize> {
    let today = c.today()?;
    c.days.iter().rposition(|d| std::ptr::eq(d, today))
}

/// The recorded CG Days before the one being prepared, oldest first.
pub fn before_today(c: &Campaign) -> &[DayFacts] {
    match today_index(c) {
        Some(i) => &c.days[..i],
        None => &c.days,
    }
}

/// The scenario (or Idle Day) this RePh follows: the last CG Day entry
/// recorded before the one being prepared. Before a Counterattack it is the
/// German Assault; after it, the Counterattack (12.6253, C43-C45).
pub fn last_before(c: &Campaign) -> Option<&DayFacts> {
    before_today(c).last()
}

/// The entries of the previous CG Day (C27): the last recorded CG Day before
/// the one being prepared, both of its scenarios when a Russian Counterattack
/// made a second one, by day or by Night (12.6253, 12.6254, C45).
pub fn previous_day(c: &Campaign) -> Vec<&DayFacts> {
    let before = before_today(c);
    let Some(last) = before.last() else {
        return vec![];
    };
    before.iter().filter(|d| d.date == last.date).collect()
}

/// The side's Initiative chit in `d`.
fn chose_attack(d: &DayFacts, side: Side) -> bool {
    let chit = match side {
        Side::German => d.german_chit,
        Side::Russian => d.russian_chit,
    };
    chit == Some(Chit::Attack)
}

/// 12.619's "selected the Attack chit on the previous CG Day" (C27; for the
/// Initial Scenario, those of C15 recorded by `votg new`): Attack for either
/// scenario of a day with a Counterattack (C45).
pub fn attacked_previous_day(c: &Campaign, side: Side) -> bool {
    previous_day(c).iter().any(|d| chose_attack(d, side))
}

/// 12.618's Attack-chit DRM (C27, C45): the side's chit for the scenario
/// (or Idle Day) this RePh follows, so each chit counts once on a day with
/// a Counterattack: before it, the German Assault's; after it, the
/// Counterattack's (the German Idle, the Russian Attack).
pub fn attacked_last(c: &Campaign, side: Side) -> bool {
    last_before(c).is_some_and(|d| chose_attack(d, side))
}

/// 12.6181, C43: the German receives Support CPP in the first 12.618 after
/// a scenario in which he chose Attack (the Initial Scenario too, C15):
/// never after an Idle Day, nor after a Counterattack (he is Idle in it).
pub fn support_cpp_earned(c: &Campaign) -> bool {
    last_before(c).is_some_and(|d| played(d) && chose_attack(d, Side::German))
}

/// The RePh follows a Russian Counterattack: the last scenario is the second
/// one played on its CG Day (12.6253). Only the 12.618 immediately after it
/// halves the Russian's CPP: after an Idle Day it is no longer the last.
pub fn after_counterattack(c: &Campaign) -> bool {
    let before = before_today(c);
    let Some((last, earlier)) = before.split_last() else {
        return false;
    };
    played(last) && earlier.iter().any(|d| played(d) && d.date == last.date)
}

/// Scenarios the side won on the previous CG Day (12.619).
pub fn won_previous_day(c: &Campaign, side: Side) -> u32 {
    previous_day(c)
        .iter()
        .filter(|d| d.victor == Some(side))
        .count() as u32
}

/// The last CG scenario completed before the CG Day being prepared (C26).
pub fn last_scenario(c: &Campaign) -> Option<&DayFacts> {
    before_today(c).iter().rev().find(|d| played(d))
}

/// A CG Day whose scenario was played (a victor is recorded at 12.604).
pub fn played(d: &DayFacts) -> bool {
    d.scenario.is_some() && d.victor.is_some()
}

/// An Idle Day (12.6253, C23): recorded with no scenario.
pub fn idle(d: &DayFacts) -> bool {
    d.scenario.is_none() && d.scenario_type.is_some()
}

/// Idle Days since the last-completed CG scenario (12.619).
pub fn idle_days_since_last_scenario(c: &Campaign) -> u32 {
    before_today(c)
        .iter()
        .rev()
        .take_while(|d| !played(d))
        .filter(|d| idle(d))
        .count() as u32
}

/// Scenarios (and Night scenarios) completed since the start of the CG and
/// since the last Idle Day (12.619, C29).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Completed {
    pub since_start: u32,
    pub since_idle: u32,
    pub night_since_start: u32,
    pub night_since_idle: u32,
}

pub fn completed(c: &Campaign) -> Completed {
    let days = before_today(c);
    let count = |ds: &[DayFacts], night: bool| {
        ds.iter()
            .filter(|d| played(d) && (!night || d.night))
            .count() as u32
    };
    let after_idle = match days.iter().rposition(idle) {
        Some(i) => &days[i + 1..],
        None => days,
    };
    Completed {
        since_start: count(days, false),
        since_idle: count(after_idle, false),
        night_since_start: count(days, true),
        night_since_idle: count(after_idle, true),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::campaign::{DiceState, Position};
    use crate::model::campaign::{OccasionName, Standing};
    use crate::model::side::Cg;
    use crate::rules::initiative_matrix::ScenarioType;

    fn day(date: u8, scenario: Option<u32>, victor: Option<Side>) -> DayFacts {
        DayFacts {
            date,
            scenario,
            victor,
            scenario_type: Some(if scenario.is_some() {
                ScenarioType::GermanAssault
            } else {
                ScenarioType::IdleDay
            }),
            ..Default::default()
        }
    }

    fn campaign(days: Vec<DayFacts>, date: u8, scenario: u32) -> Campaign {
        Campaign {
            schema: 2,
            cg: Cg::I,
            title: String::new(),
            date,
            night: false,
            scenario,
            occasion: OccasionName::AfterScenario,
            step: Standing::both(Position::Done),
            dice: DiceState::default(),
            russian_attack_chits_used: 0,
            days,
            result: None,
        }
    }

    #[test]
    fn rule_12_619_c29_completed_since_start_and_since_the_last_idle_day() {
        let mut c = campaign(
            vec![
                day(15, Some(1), Some(Side::German)),
                day(16, Some(2), Some(Side::Russian)),
                day(17, None, None),
                day(18, Some(3), Some(Side::German)),
                DayFacts {
                    date: 19,
                    ..Default::default()
                },
            ],
            19,
            4,
        );
        let n = completed(&c);
        assert_eq!((n.since_start, n.since_idle), (3, 1));
        assert_eq!(idle_days_since_last_scenario(&c), 0);
        assert_eq!(won_previous_day(&c, Side::German), 1);
        assert_eq!(last_scenario(&c).unwrap().date, 18);
        c.days[3] = day(18, None, None);
        assert_eq!(idle_days_since_last_scenario(&c), 2);
        assert_eq!(last_scenario(&c).unwrap().date, 16);
    }
}
