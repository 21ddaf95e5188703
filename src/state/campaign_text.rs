//! `campaign.toml` as a run writes it after a step that changed the
//! campaign (most change its step marker at least), but rarely its CG Days, which
//! are most of the file: each day's `[[days]]` table is kept as text and
//! serialised again only when that day changes. The file is byte for byte
//! what serialising the whole campaign gives (a test compares them, and
//! debug builds check every step's files against the whole serialisation).

use serde::Serialize;

use crate::campaign::{Campaign, DayFacts, DiceState, OccasionName, Standing};
use crate::side::Cg;

use super::to_toml;

/// The campaign's fields before its days, as [`Campaign`] names and orders
/// them.
#[derive(Serialize)]
struct Head<'a> {
    schema: u32,
    cg: &'a Cg,
    title: &'a str,
    date: u8,
    night: bool,
    scenario: u32,
    occasion: &'a OccasionName,
    step: &'a Standing,
    dice: &'a DiceState,
    russian_attack_chits_used: u32,
}

/// One CG Day's table, serialised as the whole file would hold it.
#[derive(Serialize)]
struct OneDay<'a> {
    days: [&'a DayFacts; 1],
}

/// What the campaign's result serialises to, alone.
#[derive(Serialize)]
struct Tail<'a> {
    result: &'a crate::reph::cg_end::CgResult,
}

/// The text of each CG Day last written.
#[derive(Debug, Default)]
pub struct CampaignText {
    days: Vec<(DayFacts, Vec<u8>)>,
}

impl CampaignText {
    /// `campaign.toml` for `campaign`: [`to_toml`] of the whole, with only
    /// the days that changed serialised again.
    pub fn text(&mut self, campaign: &Campaign) -> Vec<u8> {
        if campaign.days.is_empty() {
            // No tables of days: the list is written inline (`days = []`),
            // and there is nothing to keep.
            self.days.clear();
            return to_toml(campaign);
        }
        // Every field named, so a field added to the campaign is not left
        // out here unnoticed.
        let Campaign {
            schema,
            cg,
            title,
            date,
            night,
            scenario,
            occasion,
            step,
            dice,
            russian_attack_chits_used,
            days,
            result,
        } = campaign;
        let mut text = to_toml(&Head {
            schema: *schema,
            cg,
            title,
            date: *date,
            night: *night,
            scenario: *scenario,
            occasion,
            step,
            dice,
            russian_attack_chits_used: *russian_attack_chits_used,
        });
        self.days.truncate(days.len());
        for (i, day) in days.iter().enumerate() {
            match self.days.get_mut(i) {
                Some((kept, _)) if kept == day => {}
                Some(slot) => *slot = (day.clone(), to_toml(&OneDay { days: [day] })),
                None => self
                    .days
                    .push((day.clone(), to_toml(&OneDay { days: [day] }))),
            }
            text.push(b'\n');
            text.extend_from_slice(&self.days[i].1);
        }
        if let Some(result) = result {
            text.push(b'\n');
            text.extend_from_slice(&to_toml(&Tail { result }));
        }
        text
    }
}

#[cfg(test)]
mod tests;
