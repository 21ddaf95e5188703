//! The campaign's files agree with each other and with the CG definition.
//!
//! Each file is checked on its own as it loads; these checks are across
//! files, so a file that lost its end (a crash, a full disk, a bad copy)
//! and still parses is refused rather than written back without what it
//! lost: a CG Roster without the German's Support CPP, RGs in the purchase
//! record the roster never paid for, purchases the journal never saw.

use std::collections::BTreeMap;

use crate::error::Error;
use crate::model::campaign::Position;
use crate::model::cg_day::CgDay;
use crate::model::side::Side;
use crate::model::state::CampaignState;
use crate::rules::cg_def::CgDef;
use crate::rules::reph::sequence;

fn data(file: String, field: String, value: String, message: String) -> Error {
    Error::CampaignData {
        file,
        field,
        value,
        message,
    }
}

/// Every check, in the order a reader of the files would want them.
pub fn check(state: &CampaignState, def: &CgDef) -> Result<(), Error> {
    german_support_cpp(state, def)?;
    initial_day(state, def)?;
    for side in Side::BOTH {
        given_rgs(state, def, side)?;
        spent_matches_rgs(state, side)?;
        roster_days(state, side)?;
        purchases_match_roster(state, side)?;
        force_matches_purchases(state, side)?;
        journal_matches_roster(state, side)?;
    }
    Ok(())
}

/// 12.6181, C14: in a CG whose German OB has Support CPP, every German
/// roster line carries its Support CPP pool (votg always writes it).
fn german_support_cpp(state: &CampaignState, def: &CgDef) -> Result<(), Error> {
    if def.ob(Side::German).support_cpp == 0 {
        return Ok(());
    }
    let lines = &state.german.roster.lines;
    if let Some(i) = lines.iter().position(|l| l.support_cpp.is_none()) {
        return Err(data(
            "german/roster.toml".into(),
            format!("lines[{i}].support_cpp"),
            "missing".into(),
            format!(
                "in CG {} every German roster line has its Support CPP (12.6181, READINGS.md C14): `[lines.support_cpp]` with start, received, spent, left. The file may have been cut short",
                def.cg
            ),
        ));
    }
    Ok(())
}

/// 12.51-12.54: the Initial Scenario's facts the CG definition fixes
/// (weather, EC, wind, scenario type, set-up order, chits) are on record.
fn initial_day(state: &CampaignState, def: &CgDef) -> Result<(), Error> {
    let init = &def.initial;
    let Some(day) = state.campaign.days.first() else {
        return Err(data(
            "campaign.toml".into(),
            "days".into(),
            "[]".into(),
            "the Initial Scenario's CG Day has its `[[days]]` entry (12.5)".into(),
        ));
    };
    // A side, or "dr" where a roll decides it (III-2): then anything goes.
    let side = |s: &Option<String>| {
        s.as_deref()
            .and_then(|s| s.parse::<Side>().ok())
            .map(|s| s.id().to_string())
    };
    let shown = |s: &Option<Side>| s.map(|s| s.id().to_string());
    fn text<T: std::fmt::Display>(v: &Option<T>) -> Option<String> {
        v.as_ref().map(T::to_string)
    }
    let fixed = [
        ("weather", text(&init.weather), text(&day.weather)),
        ("ec", text(&init.ec), text(&day.ec)),
        ("wind", text(&init.wind), text(&day.wind)),
        (
            "scenario_type",
            text(&init.scenario_type),
            text(&day.scenario_type),
        ),
        (
            "sets_up_first",
            side(&init.sets_up_first),
            shown(&day.sets_up_first),
        ),
        (
            "moves_first",
            side(&init.moves_first),
            shown(&day.moves_first),
        ),
        (
            "german_chit",
            text(&init.german_chit),
            text(&day.german_chit),
        ),
        (
            "russian_chit",
            text(&init.russian_chit),
            text(&day.russian_chit),
        ),
    ];
    for (field, wanted, found) in fixed {
        if let Some(wanted) = wanted
            && found.as_deref() != Some(wanted.as_str())
        {
            return Err(data(
                "campaign.toml".into(),
                format!("days[0].{field}"),
                found.unwrap_or_else(|| "missing".into()),
                format!(
                    "CG {} fixes it for the Initial Scenario as `{wanted}` ({}); the file may have been cut short",
                    def.cg, def.rule
                ),
            ));
        }
    }
    Ok(())
}

/// 12.6216: the purchase record's given rows are the Initial OB's RGs.
fn given_rgs(state: &CampaignState, def: &CgDef, side: Side) -> Result<(), Error> {
    let mut wanted: Vec<&str> = def
        .ob(side)
        .groups
        .iter()
        .flat_map(|g| &g.rgs)
        .flat_map(|r| std::iter::repeat_n(r.rg.as_str(), r.count as usize))
        .collect();
    let mut found: Vec<&str> = state
        .side(side)
        .purchases
        .iter()
        .filter(|r| r.is_given())
        .map(|r| r.rg_id.as_str())
        .collect();
    wanted.sort_unstable();
    found.sort_unstable();
    if wanted != found {
        return Err(data(
            format!("{side}/purchases.csv"),
            "rows given in the Initial OB".into(),
            found.join(", "),
            format!(
                "the CG {} Initial OB gives the {} {} ({}); the file may have been cut short",
                def.cg,
                side.name(),
                wanted.join(", "),
                def.rule
            ),
        ));
    }
    Ok(())
}

/// C20: Spent is what the line's RGs cost, from each pool.
fn spent_matches_rgs(state: &CampaignState, side: Side) -> Result<(), Error> {
    for (i, line) in state.side(side).roster.lines.iter().enumerate() {
        let cpp: i64 = line.rgs.iter().map(|b| b.cpp).sum();
        let support: i64 = line.rgs.iter().map(|b| b.support_cpp).sum();
        let pools = [
            ("cpp", Some(line.cpp.spent), cpp),
            ("support_cpp", line.support_cpp.map(|p| p.spent), support),
        ];
        for (pool, spent, bought) in pools {
            if spent.unwrap_or(0) != bought {
                return Err(data(
                    format!("{side}/roster.toml"),
                    format!("lines[{i}].{pool}.spent"),
                    spent.map_or("missing".into(), |s| s.to_string()),
                    format!(
                        "the RGs bought on this line (`[[lines.rgs]]`) cost {bought} from this pool (READINGS.md C20); the line and its RGs disagree (the file may have been cut short)"
                    ),
                ));
            }
        }
    }
    Ok(())
}

/// A side's lines run in CG Day order, none after the CG Day being
/// prepared; once a side is past 12.621 (or in the Initial Scenario's
/// RePh) the date being prepared has its line (12.614 makes it).
fn roster_days(state: &CampaignState, side: Side) -> Result<(), Error> {
    let c = &state.campaign;
    let today = c.cg_day();
    let lines = &state.side(side).roster.lines;
    let file = format!("{side}/roster.toml");
    for (i, l) in lines.iter().enumerate() {
        let day = CgDay::new(l.date, l.night);
        let earlier = i
            .checked_sub(1)
            .map(|j| CgDay::new(lines[j].date, lines[j].night));
        if day > today || earlier.is_some_and(|e| e > day) {
            return Err(data(
                file,
                format!("lines[{i}].date"),
                day.to_string(),
                format!(
                    "roster lines run in CG Day order up to the CG Day being prepared ({today})"
                ),
            ));
        }
    }
    let step = c.step.of(side);
    let past_purchase = match step {
        Position::Done => true,
        Position::At(id) => sequence::StepId::parse("12.621").is_some_and(|buy| id > buy),
    };
    // By date: a Night scenario declared at 12.6254 keeps the day's line.
    let has_today = lines.last().is_some_and(|l| l.date == c.date);
    if (past_purchase || c.is_initial()) && !has_today {
        return Err(data(
            file,
            "lines".into(),
            format!("{} line(s)", lines.len()),
            format!(
                "the {} side is at {step}, so its roster has a line for {} Sep; it has none (the file may have been cut short)",
                side.name(),
                c.date
            ),
        ));
    }
    Ok(())
}

/// 12.6218: the purchase record's bought rows are the RGs of the roster
/// lines, CG Day by CG Day, in order (given RGs have no roster entry). By
/// date: an RG is bought before the Russian may declare the scenario a Night
/// one (12.6254), which then makes its roster line the Night's.
fn purchases_match_roster(state: &CampaignState, side: Side) -> Result<(), Error> {
    let files = state.side(side);
    let mut record: BTreeMap<CgDay, Vec<&str>> = BTreeMap::new();
    for row in files.purchases.iter().filter(|r| !r.is_given()) {
        let date = CgDay::new(row.cg_day.date, false);
        record.entry(date).or_default().push(&row.rg_id);
    }
    let mut roster: BTreeMap<CgDay, Vec<&str>> = BTreeMap::new();
    for l in &files.roster.lines {
        let rgs = roster.entry(CgDay::new(l.date, false)).or_default();
        rgs.extend(l.rgs.iter().map(|b| b.rg.as_str()));
    }
    roster.retain(|_, v| !v.is_empty());
    if record != roster {
        let day = record
            .keys()
            .chain(roster.keys())
            .find(|d| record.get(d) != roster.get(d))
            .copied()
            .unwrap_or_default();
        let list =
            |m: &BTreeMap<CgDay, Vec<&str>>| m.get(&day).map_or("none".into(), |v| v.join(", "));
        return Err(data(
            format!("{side}/purchases.csv"),
            format!("rows of {day}"),
            list(&record),
            format!(
                "the {side}/roster.toml line of {day} lists the RGs bought as {}: the RG Purchase Record and the CG Roster must agree (12.6218; one of them may have been cut short)",
                list(&roster)
            ),
        ));
    }
    Ok(())
}

/// A Force Organizer line's RG is the one on its purchase record row.
fn force_matches_purchases(state: &CampaignState, side: Side) -> Result<(), Error> {
    let files = state.side(side);
    for (i, item) in files.force.counters.iter().enumerate() {
        let (Some(rg), Some(row)) = (&item.rg, item.rg_row) else {
            continue;
        };
        let on_row = files.purchases.get(row.wrapping_sub(1)).map(|r| &r.rg_id);
        if on_row.map(String::as_str) != Some(rg.as_str()) {
            return Err(data(
                format!("{side}/force.toml"),
                format!("counters[{i}].rg"),
                rg.to_string(),
                format!(
                    "purchase record row {row} is {}, not {rg}",
                    on_row.map_or("missing", |r| r.as_str())
                ),
            ));
        }
    }
    Ok(())
}

/// Every RG bought (12.621) has its journal row, and no journal purchase
/// row is missing from the roster: the journal is the audit of the roster.
///
/// A purchase's journal row names the RG Purchase Record row it wrote
/// (`concerns` = `row:N`); the RG compared is that record row's, a typed
/// fact, never the row's rendered `what` text. By date, as
/// [`purchases_match_roster`]: a Night declared after the purchases (12.6254)
/// makes the line the Night's, not the rows journalled before it.
fn journal_matches_roster(state: &CampaignState, side: Side) -> Result<(), Error> {
    let files = state.side(side);
    let mut journal: BTreeMap<String, Vec<&str>> = BTreeMap::new();
    for r in &state.journal {
        if r.step == "12.621"
            && r.side == side.id()
            && r.kind == crate::model::journal::Kind::Decision
        {
            let rg = journal_purchase_rg(r, files, side)?;
            let date = r.cg_day.trim_end_matches(" N").to_string();
            journal.entry(date).or_default().push(rg);
        }
    }
    let mut roster: BTreeMap<String, Vec<&str>> = BTreeMap::new();
    for l in &state.side(side).roster.lines {
        let day = CgDay::new(l.date, false).to_string();
        let bought = roster.entry(day).or_default();
        bought.extend(l.rgs.iter().map(|b| b.rg.as_str()));
    }
    roster.retain(|_, v| !v.is_empty());
    if journal != roster {
        let day = journal
            .keys()
            .chain(roster.keys())
            .find(|d| journal.get(*d) != roster.get(*d))
            .cloned()
            .unwrap_or_default();
        let list =
            |m: &BTreeMap<String, Vec<&str>>| m.get(&day).map_or("none".into(), |v| v.join(", "));
        return Err(data(
            "journal.csv".into(),
            format!("{} purchases (step 12.621) of {day}", side.name()),
            list(&journal),
            format!(
                "the {side}/roster.toml line of {day} lists the RGs bought as {}: the journal and the CG Roster must agree (one of them may have been cut short)",
                list(&roster)
            ),
        ));
    }
    Ok(())
}

/// The RG a 12.621 journal row bought: the one on the purchase record row it
/// concerns (`row:N`). Journals written before purchase rows carried
/// `concerns` (before `votg explain`) name the purchase only in `what`
/// (`Purchase I2 on-map`); for those alone the RG is its first word.
fn journal_purchase_rg<'a>(
    r: &'a crate::model::journal::JournalRow,
    files: &'a crate::model::state::SideFiles,
    side: Side,
) -> Result<&'a str, Error> {
    let Some(tag) = r
        .concerns
        .split_whitespace()
        .find_map(|c| c.strip_prefix("row:"))
    else {
        let old = r.what.strip_prefix("Purchase ").unwrap_or(&r.what);
        return Ok(old.split_whitespace().next().unwrap_or(""));
    };
    tag.parse::<usize>()
        .ok()
        .and_then(|n| files.purchases.get(n.wrapping_sub(1)))
        .map(|p| p.rg_id.as_str())
        .ok_or_else(|| {
            data(
                "journal.csv".into(),
                format!("row {} concerns", r.seq),
                format!("row:{tag}"),
                format!(
                    "a row of {side}/purchases.csv (the purchase this journal row recorded, 12.621); the file may have been cut short"
                ),
            )
        })
}
