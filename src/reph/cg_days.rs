//! What the RePh steps from 12.614 on read from the CG Days recorded in
//! `campaign.toml`: the previous CG Day (C27), the last scenario played
//! (C26), Idle Days since it (C23), and the days' chits and victors.

use crate::campaign::{Campaign, DayFacts};
use crate::initiative_matrix::Chit;
use crate::side::Side;

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

/// The entries of the previous CG Day (C27): the last recorded day before
/// the one being prepared, with a second scenario played on that same CG
/// Day (a Counterattack, 12.6253) counted with it.
pub fn previous_day(c: &Campaign) -> Vec<&DayFacts> {
    let before = before_today(c);
    let Some(last) = before.last() else {
        return vec![];
    };
    before
        .iter()
        .filter(|d| d.date == last.date && d.night == last.night)
        .collect()
}

/// The side's Initiative chit on the previous CG Day (C27; for the Initial
/// Scenario, those of C15 recorded by `votg new`): Attack if it chose Attack
/// for any scenario of that day.
pub fn attacked_previous_day(c: &Campaign, side: Side) -> bool {
    previous_day(c).iter().any(|d| {
        let chit = match side {
            Side::German => d.german_chit,
            Side::Russian => d.russian_chit,
        };
        chit == Some(Chit::Attack)
    })
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
    use crate::campaign::{DiceState, Position};
    use crate::campaign::{OccasionName, Standing};
    use crate::initiative_matrix::ScenarioType;
    use crate::side::Cg;

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
