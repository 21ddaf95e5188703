//! 12.618 CPP Replenishment (secret DR), with 12.6181 German Support CPP
//! (C14, C43), CG I's 2/3 FRU (CGI-2, C34) then the halving around a Russian
//! Counterattack (12.6253, C45, C46), and the Russian bonus CPP (C21) added
//! whole after both.

use crate::error::Error;
use crate::model::campaign::Campaign;
use crate::model::cg_day::CgDay;
use crate::model::drm::Drm;
use crate::model::journal::Entry;
use crate::model::side::Side;
use crate::rules::cg_def::CgDef;
use crate::rules::reph::session::Session;
use crate::rules::reph::{cg_days, drms, new_day};

pub const STEP: &str = "12.618";

/// 12.6181: the German's Support CPP per Attack chit, before CG I's 2/3.
pub const SUPPORT_CPP: i64 = 6;

/// The CVP DRM (12.618, C26): -1 per whole 20 Casualty VP the side suffered
/// in the last scenario, with its units Eliminated in this RePh.
pub fn cvp_drm(suffered: u32) -> i32 {
    -((suffered / 20) as i32)
}

/// `n` times `num/den`, fractions rounded up (FRU).
pub fn fru(n: i64, [num, den]: [i64; 2]) -> i64 {
    (n * num + den - 1) / den
}

/// The DRMs of the CPP Replenishment DR (12.618): Balance (C22), the
/// Historical DRM, the Attack chit of the scenario (or Idle Day) this RePh
/// follows (C27, C45) and the CVP DRM (C26, C44).
pub fn replenishment_drms(s: &Session, side: Side) -> Vec<Drm> {
    let c = &s.state.campaign;
    let mut d = Vec::new();
    d.extend(drms::balance(c, side, STEP));
    d.extend(drms::historical(s.tables, side, c.cg_day(), STEP));
    if cg_days::attacked_last(c, side) {
        d.push(Drm::new(
            1,
            "Selected the Attack chit on the previous CG Day (READINGS.md C27, READINGS.md C45)",
            STEP,
        ));
    }
    // C44: the scenario's CVP count once, in the first 12.618 after it; after
    // an Idle Day only units Eliminated in that Idle Day's own RePh would.
    if let Some(last) = cg_days::last_before(c) {
        let suffered = last.cvp.map_or(0, |v| *v.of(side)) + last.reph_cvp.of(side);
        let v = cvp_drm(suffered);
        if v != 0 {
            d.push(Drm::new(
                v,
                format!("{suffered} Casualty VP suffered in the last scenario and this RePh (per whole 20, READINGS.md C26, READINGS.md C44)"),
                STEP,
            ));
        }
    }
    d
}

/// Why the side's CPP are halved (FRU) this time, if they are (12.6253):
/// the German (and on the CG's final Day the Russian) before a Counterattack;
/// the Russian in the 12.618 immediately after one, not after the Idle Days
/// that may follow it (C45).
pub fn halved(c: &Campaign, def: &CgDef, side: Side) -> Option<&'static str> {
    let before_counterattack =
        c.occasion.occasion() == crate::rules::reph::sequence::Occasion::BeforeCounterattack;
    match side {
        Side::German if before_counterattack => {
            Some("before a Russian Counterattack the German receives half (FRU) (12.6253)")
        }
        Side::Russian if before_counterattack && c.date >= def.last_date => Some(
            "before a Russian Counterattack on the CG's final Day the Russian receives half (FRU) (12.6253)",
        ),
        Side::Russian if !before_counterattack && cg_days::after_counterattack(c) => {
            Some("right after a Russian Counterattack the Russian receives half (FRU) (12.6253)")
        }
        _ => None,
    }
}

/// The Russian bonus CPP (C21) may be taken on this CG Day.
pub fn bonus_window(def: &CgDef, day: CgDay) -> Option<i64> {
    let b = def.bonus_cpp.as_ref()?;
    (day >= CgDay::new(b.from_date, b.from_night) && day.date < b.before_date).then_some(b.amount)
}

/// 12.618 (PerSide, secret): the DR, CGI-2's 2/3 (C34), 12.6253's half
/// (C45, C46), the bonus (C21), then Support CPP (12.6181, C43).
pub fn run(s: &mut Session, side: Side) -> Result<(), Error> {
    new_day::counterattack_scenario(s);
    new_day::ensure_line(s, side);
    let drms = replenishment_drms(s, side);
    let r = s.roll(
        side,
        STEP,
        "cpp-replenishment",
        None,
        &drms,
        &format!("{} CPP Replenishment", side.name()),
        true,
    )?;
    let table = i64::from(r.value.unwrap_or(0));
    let ratio = s.def.replenishment;
    let mut received = fru(table, ratio);
    if ratio != [1, 1] {
        s.say(format!(
            "  CG {}: {}/{} (FRU) of {table} = {received} CPP (CGI-2, READINGS.md C34).",
            s.def.cg.roman(),
            ratio[0],
            ratio[1]
        ));
    }
    // C46: CGI-2's 2/3 first, then 12.6253's half; the bonus whole after both.
    let half = halved(&s.state.campaign, s.def, side);
    if let Some(why) = half {
        received = fru(received, [1, 2]);
        s.say(format!("  Halved: {why}: {received} CPP."));
    }
    received += bonus(s, side)?;
    let line = s.state.line_mut(side);
    line.cpp.received += received;
    line.cpp.left += received;
    let left = line.cpp.left;
    s.say(format!(
        "{} receives {received} CPP: {left} CPP left (READINGS.md C20).",
        side.name()
    ));
    if side == Side::German {
        support_cpp(s, half.is_some())?;
    }
    Ok(())
}

/// C21: offered in every 12.618 of the window until taken (default: taken
/// at the first chance, since it is never lost by taking it).
fn bonus(s: &mut Session, side: Side) -> Result<i64, Error> {
    let Some(amount) = bonus_window(s.def, s.state.campaign.cg_day()) else {
        return Ok(0);
    };
    if side != s.def.bonus_cpp.as_ref().map_or(Side::Russian, |b| b.side)
        || s.state.side(side).roster.bonus_cpp_taken
    {
        return Ok(0);
    }
    let rule = s
        .def
        .bonus_cpp
        .as_ref()
        .map(|b| b.rule.clone())
        .unwrap_or_default();
    let take = s.prompter.yes_no(
        side,
        "bonus_cpp",
        &format!("Take the one-time bonus of {amount} CPP now ({rule}, READINGS.md C21)?"),
        Some(true),
    )?;
    if !take {
        return Ok(0);
    }
    s.state.side_mut(side).roster.bonus_cpp_taken = true;
    s.say(format!("  Bonus: {amount} CPP ({rule}, READINGS.md C21)."));
    s.journal(Entry::decision(
        STEP,
        Some(side),
        true,
        "Bonus CPP",
        format!("{amount} CPP taken"),
        &rule,
    ));
    Ok(amount)
}

/// 12.6181 (C43, C34, C46): 6 Support CPP (CG I: 4), once per scenario in
/// which the German chose Attack, in the first 12.618 after it; halved with
/// his CPP before a Counterattack; none after a Counterattack or an Idle Day.
fn support_cpp(s: &mut Session, halve: bool) -> Result<(), Error> {
    if !cg_days::support_cpp_earned(&s.state.campaign) {
        return Ok(());
    }
    let mut n = fru(SUPPORT_CPP, s.def.replenishment);
    if halve {
        n = fru(n, [1, 2]);
    }
    let line = s.state.line_mut(Side::German);
    let pool = line.support_cpp.get_or_insert_with(Default::default);
    pool.received += n;
    pool.left += n;
    let left = pool.left;
    s.say(format!(
        "German Support CPP: +{n} for the scenario in which he chose Attack: {left} left (12.6181, READINGS.md C43, READINGS.md C34)."
    ));
    s.journal(Entry::decision(
        STEP,
        Some(Side::German),
        true,
        "Support CPP",
        format!("+{n}"),
        "12.6181",
    ));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_12_618_c26_cvp_drm_per_whole_twenty() {
        assert_eq!(cvp_drm(19), 0);
        assert_eq!(cvp_drm(25), -1);
        assert_eq!(cvp_drm(41), -2);
    }

    #[test]
    fn rule_cgi_2_c34_two_thirds_fru_and_halving() {
        assert_eq!(fru(20, [2, 3]), 14);
        assert_eq!(fru(17, [2, 3]), 12);
        assert_eq!(fru(6, [2, 3]), 4);
        assert_eq!(fru(17, [1, 1]), 17);
        assert_eq!(fru(17, [1, 2]), 9);
    }
}
