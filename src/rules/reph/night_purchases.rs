//! 12.6254 before a Russian Counterattack on a date whose Night changes what
//! the Russian may buy: 14 Sep in CG II and IV. There the Red Entry Code
//! opens "beginning the night of 14 September" (12.6217), the Russian's
//! Historical DRM is -2 for a Night scenario and 0 by day (12.6182), and the
//! example of 12.6215 gives him two more Infantry Coys for the Night of 14
//! Sep. The Night of a Counterattack is declared at 12.6254, after 12.621;
//! so on such a date the Russian says at his own 12.621, secretly, whether
//! the Counterattack will be a Night scenario. He buys for that CG Day (its
//! Entry Codes and Infantry Coy limit), his RGs' Strength DR takes its
//! Historical DRM (12.6221), and 12.6254 takes his word without asking again.
//! Elsewhere nothing changes: the question is asked on no other date.

use crate::error::Error;
use crate::model::cg_day::CgDay;
use crate::model::journal::Entry;
use crate::model::side::Side;
use crate::model::state::CampaignState;
use crate::rules::reph::purchase_step::STEP;
use crate::rules::reph::sequence::Occasion;
use crate::rules::reph::session::Session;
use crate::rules::tables::Tables;

/// The Russian's journal row that records his word.
const DECISION: &str = "Night Counterattack (12.6254)";

/// Whether the Night changes what the Russian may buy on `date`: a Night
/// Historical DRM of its own (12.6182), or an Entry Code that opens that
/// night (12.6217).
pub fn matters(tables: &Tables, date: u8) -> bool {
    let h = &tables.historical_drm;
    h.drm(Side::Russian, date, true) != h.drm(Side::Russian, date, false)
        || tables
            .russian_rg
            .entry_codes
            .iter()
            .any(|ec| ec.from_night && ec.from_date == date)
}

/// The Russian's word at his 12.621 of this RePh before a Counterattack, if
/// he gave it.
pub fn intent(state: &CampaignState) -> Option<bool> {
    if state.campaign.occasion.occasion() != Occasion::BeforeCounterattack {
        return None;
    }
    state.line(Side::Russian).night_declared
}

/// The CG Day the Russian buys for, and rolls his RGs' Strength for: the
/// Night when he said the Counterattack will be one.
pub fn russian_day(state: &CampaignState) -> CgDay {
    let mut day = state.campaign.cg_day();
    if intent(state) == Some(true) {
        day.night = true;
    }
    day
}

/// At the Russian's 12.621 before a Counterattack on such a date: asks
/// whether it will be a Night scenario (the answers file's
/// `russian.night`) and journals his word, secret.
pub fn ask(s: &mut Session) -> Result<(), Error> {
    let c = &s.state.campaign;
    if c.occasion.occasion() != Occasion::BeforeCounterattack
        || c.night
        || !matters(s.tables, c.date)
        || intent(&s.state).is_some()
    {
        return Ok(());
    }
    let date = c.date;
    let night = s.prompter.yes_no(
        Side::Russian,
        "night",
        &format!(
            "Counterattack: make it a Night scenario (12.6254)? On {date} Sep it decides what you buy now: the Red Entry Code opens the night of 14 Sep (12.6217), your Historical DRM is -2 at night (12.6182, 12.6215, 12.6221)"
        ),
        Some(false),
    )?;
    let result = if night {
        format!("Night: the RGs are bought for the night of {date} Sep")
    } else {
        format!("by day: the RGs are bought for {date} Sep by day")
    };
    s.say(format!(
        "Russian: the Counterattack will be played {result} (12.6254)."
    ));
    s.state.line_mut(Side::Russian).night_declared = Some(night);
    s.journal(Entry::decision(
        STEP,
        Some(Side::Russian),
        true,
        DECISION,
        result,
        "12.6254, 12.6217",
    ));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_12_6217_12_6182_only_the_night_of_14_sep_changes_russian_purchases() {
        let t = Tables::embedded().unwrap();
        assert!(matters(&t, 14));
        for date in 15..=27 {
            assert!(!matters(&t, date), "{date} Sep");
        }
    }
}
