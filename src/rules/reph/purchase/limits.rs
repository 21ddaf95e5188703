//! How many may be bought: Daily Max and the daily Infantry Company limit
//! (12.6215, C13), one Stuka per scenario (note u), one Offboard Observer
//! per module (notes o/i), and the Spotter Plane's module (note s). The OBA
//! modules per scenario (CG6) limit use, not purchase (C39): a warning.

use super::{Market, Quote, Refusal};
use crate::model::force::ForceBox;
use crate::rules::fraction::frd;
use crate::rules::rg_chart::{RgClass, RgDef};

/// An Infantry Coy, or an Infantry Pltn other than HW/MOL-P, for the daily
/// company limit (12.6215).
fn company_weight(rg: &RgDef) -> (u32, u32) {
    match rg.class {
        RgClass::InfantryCoy => (1, 0),
        RgClass::InfantryPltn => (0, 1),
        _ => (0, 0),
    }
}

/// The smallest calibre of an OBA module, from its chart text ("100+ mm").
fn module_mm(rg: &RgDef) -> u32 {
    let text = rg
        .module
        .as_deref()
        .or(rg.unit_type.as_deref())
        .unwrap_or("");
    text.chars()
        .take_while(|c| c.is_ascii_digit())
        .collect::<String>()
        .parse()
        .unwrap_or(0)
}

impl Market<'_> {
    /// Every limit on how many of `rg` may be bought now, after `earlier`.
    pub(super) fn check_limits(&self, rg: &RgDef, earlier: &[Quote]) -> Result<(), Refusal> {
        self.check_daily_max(rg, earlier)?;
        self.check_company_limit(rg, earlier)?;
        self.check_per_scenario(rg, earlier)?;
        self.check_oba_support(rg, earlier)
    }

    /// 12.6215: Daily Max, counted over the whole date (day and night).
    fn check_daily_max(&self, rg: &RgDef, earlier: &[Quote]) -> Result<(), Refusal> {
        let bought = self.bought_on_date().filter(|r| r.rg_id == rg.id).count() as u32
            + earlier.iter().filter(|q| q.rg.id == rg.id).count() as u32;
        if bought >= rg.daily_max {
            return Err(Refusal::DailyMax {
                rg: rg.id.clone(),
                group_type: rg.group_type.clone(),
                max: rg.daily_max,
                bought,
                date: self.day().date,
            });
        }
        Ok(())
    }

    /// 12.6215, C13: at most 2 - Historical DRM Infantry Companies a date,
    /// every three Infantry Pltn counting as one.
    fn check_company_limit(&self, rg: &RgDef, earlier: &[Quote]) -> Result<(), Refusal> {
        let (coy, pltn) = company_weight(rg);
        if coy + pltn == 0 {
            return Ok(());
        }
        let day = self.day();
        let hist = self
            .tables
            .historical_drm
            .drm(self.side, day.date, day.night)
            .unwrap_or(0);
        let limit = 2 - hist;
        let chart = self.chart();
        let (coys, pltns) = self
            .bought_on_date()
            .filter_map(|r| chart.rg(&r.rg_id))
            .chain(earlier.iter().map(|q| &q.rg))
            .map(company_weight)
            .fold((coy, pltn), |(c, p), (c2, p2)| (c + c2, p + p2));
        let count = coys as i64 + frd(pltns as i64, 3);
        if count > limit as i64 {
            return Err(Refusal::CompanyLimit {
                limit,
                hist,
                date: day.date,
                count,
            });
        }
        Ok(())
    }

    /// How many RGs of `class` this RePh has bought, with the batch.
    fn this_reph(&self, class: RgClass, earlier: &[Quote]) -> usize {
        self.bought_this_reph()
            .iter()
            .filter(|d| d.class == class)
            .count()
            + earlier.iter().filter(|q| q.rg.class == class).count()
    }

    /// Note u: one Stuka module per scenario.
    fn check_per_scenario(&self, rg: &RgDef, earlier: &[Quote]) -> Result<(), Refusal> {
        if rg.class == RgClass::Stuka && self.this_reph(RgClass::Stuka, earlier) >= 1 {
            return Err(Refusal::OneStuka);
        }
        Ok(())
    }

    /// The OBA modules on hand for the coming scenario: every module bought
    /// or given whose strength is not yet determined (12.6224), every one
    /// still live in the Force Organizer (Retained, CG10), and the batch.
    pub fn oba_on_hand(&self, earlier: &[Quote]) -> usize {
        let chart = self.chart();
        let force = &self.state.side(self.side).force;
        let held = self
            .rows()
            .iter()
            .enumerate()
            .filter(|(_, r)| chart.rg(&r.rg_id).is_some_and(|d| d.class == RgClass::Oba))
            .filter(|(i, r)| {
                r.strength.is_empty()
                    || force
                        .of_rg_row(i + 1)
                        .any(|c| c.place != ForceBox::Casualties)
            })
            .count();
        held + earlier
            .iter()
            .filter(|q| q.rg.class == RgClass::Oba)
            .count()
    }

    /// CG6 (CGI-2 in CG I), C39: the limit is on the modules a side uses in
    /// one scenario, not on those it buys; a module beyond it is Retained
    /// for a later scenario (CG10). Words for the player when more are on
    /// hand than may be used.
    pub fn oba_warning(&self, earlier: &[Quote]) -> Option<String> {
        let max = self.def.max_oba_per_scenario as usize;
        let on_hand = self.oba_on_hand(earlier);
        (on_hand > max).then(|| {
            let rule = self.def.max_oba_rule.as_deref().unwrap_or("CG6");
            format!(
                "Warning: {} has {on_hand} OBA modules on hand for the coming scenario, but may use at most {max} per CG scenario ({rule}); the others stay Retained for a later scenario (CG10, READINGS.md C39).",
                self.side.name()
            )
        })
    }

    /// Note b, C40: the Aerial Bombardments on hand (each a live line of
    /// the Force Organizer from its purchase on), and the reminder of their
    /// spacing when there is more than one: votg has no map to measure it.
    pub fn bombardment_spacing(&self) -> Option<String> {
        let chart = self.chart();
        let n = self
            .state
            .side(self.side)
            .force
            .live()
            .filter(|c| {
                c.rg.as_deref()
                    .and_then(|id| chart.rg(id))
                    .is_some_and(|d| d.class == RgClass::Bombardment)
            })
            .count();
        (n > 1).then(|| {
            format!(
                "Reminder: {} now has {n} Aerial Bombardments; each Bombardment Pre-Reg hex must be at least 5 hexes from every other (note b). votg cannot measure this: check it when you record the hexes (READINGS.md C40).",
                self.side.name()
            )
        })
    }

    /// The RGs of `class` the side has ever bought or been given, with the batch.
    fn owned<'q>(&'q self, class: RgClass, earlier: &'q [Quote]) -> Vec<&'q RgDef> {
        let chart = self.chart();
        self.rows()
            .iter()
            .filter_map(|r| chart.rg(&r.rg_id))
            .chain(earlier.iter().map(|q| &q.rg))
            .filter(|d| d.class == class)
            .collect()
    }

    /// Notes o/i: one Offboard Observer per OBA module (its cost is per
    /// module); note s: the Spotter Plane needs a module of 100mm or more.
    fn check_oba_support(&self, rg: &RgDef, earlier: &[Quote]) -> Result<(), Refusal> {
        let modules = self.owned(RgClass::Oba, earlier);
        if rg.class == RgClass::Observer {
            let observers = self.owned(RgClass::Observer, earlier).len();
            if observers >= modules.len() {
                return Err(Refusal::ObserverPerModule {
                    modules: modules.len(),
                    observers,
                });
            }
        }
        if rg.class == RgClass::Spotter && !modules.iter().any(|m| module_mm(m) >= 100) {
            return Err(Refusal::SpotterNeedsBigModule);
        }
        Ok(())
    }
}
