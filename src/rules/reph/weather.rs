//! 12.620 Weather & EC Determination: the Russian's public DR on the VotG
//! Weather Table, then a dr on the EC Table, with the previous CG Day's
//! DRMs (C35: for the first later day, the Initial Scenario's Weather/EC).

use crate::error::Error;
use crate::model::drm::Drm;
use crate::model::side::Side;
use crate::model::weather::{Ec, Weather};
use crate::rules::reph::cg_days;
use crate::rules::reph::sequence::Flow;
use crate::rules::reph::session::Session;

pub const STEP: &str = "12.620";

/// The previous CG Day's Weather and EC (C27, C35): the last recorded day
/// before the one being prepared that has them.
pub fn previous(s: &Session) -> (Option<Weather>, Option<Ec>) {
    let before = cg_days::before_today(&s.state.campaign);
    let d = before.iter().rev().find(|d| d.weather.is_some());
    (d.and_then(|d| d.weather), d.and_then(|d| d.ec))
}

pub fn weather_drms(prev: Option<Weather>) -> Vec<Drm> {
    match prev {
        Some(Weather::Overcast) => vec![Drm::new(-1, "The previous CG Day was Overcast", STEP)],
        _ => vec![],
    }
}

pub fn ec_drms(prev: Option<Weather>, prev_ec: Option<Ec>) -> Vec<Drm> {
    let mut d = Vec::new();
    match prev {
        Some(Weather::Overcast) => d.push(Drm::new(-3, "The previous CG Day was Overcast", STEP)),
        Some(Weather::FogMist) => d.push(Drm::new(-1, "The previous CG Day had Fog/Mist", STEP)),
        _ => {}
    }
    if prev_ec == Some(Ec::Dry) {
        d.push(Drm::new(1, "The previous CG Day had Dry EC", STEP));
    }
    d
}

fn weather_of(key: &str) -> Option<Weather> {
    [
        Weather::FogMist,
        Weather::Overcast,
        Weather::Clear,
        Weather::ClearGusty,
    ]
    .into_iter()
    .find(|w| w.id() == key)
}

fn ec_of(key: &str) -> Option<Ec> {
    [Ec::Wet, Ec::Moist, Ec::Moderate, Ec::Dry]
        .into_iter()
        .find(|e| e.id() == key)
}

/// 12.620 (Joint): recorded on the CG Day's facts.
pub fn run(s: &mut Session) -> Result<Flow, Error> {
    let (prev, prev_ec) = previous(s);
    let w = s.roll(
        Side::Russian,
        STEP,
        "weather",
        None,
        &weather_drms(prev),
        "Weather",
        false,
    )?;
    let weather = weather_of(w.key()).ok_or_else(|| {
        Error::Refused(format!(
            "the weather table gave `{}`, not a Weather",
            w.key()
        ))
    })?;
    let e = s.roll(
        Side::Russian,
        STEP,
        "ec",
        None,
        &ec_drms(prev, prev_ec),
        "EC",
        false,
    )?;
    let ec = ec_of(e.key())
        .ok_or_else(|| Error::Refused(format!("the EC table gave `{}`, not an EC", e.key())))?;
    if s.state.campaign.today().is_none() {
        let c = &s.state.campaign;
        let facts = crate::model::campaign::DayFacts {
            date: c.date,
            night: c.night,
            ..Default::default()
        };
        s.state.campaign.days.push(facts);
    }
    if let Some(d) = s.state.campaign.today_mut() {
        d.weather = Some(weather);
        d.ec = Some(ec);
    }
    s.say(format!(
        "{}: Weather {weather}, EC {ec} (12.620).",
        s.state.campaign.cg_day().long()
    ));
    Ok(Flow::Next)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_12_620_weather_and_ec_drms_from_the_previous_day() {
        let total = |d: Vec<Drm>| d.iter().map(|d| d.value).sum::<i32>();
        assert_eq!(total(weather_drms(Some(Weather::Overcast))), -1);
        assert_eq!(total(weather_drms(Some(Weather::Clear))), 0);
        assert_eq!(total(ec_drms(Some(Weather::Overcast), Some(Ec::Dry))), -2);
        assert_eq!(total(ec_drms(Some(Weather::FogMist), None)), -1);
        assert_eq!(total(ec_drms(Some(Weather::Clear), Some(Ec::Dry))), 1);
    }
}
