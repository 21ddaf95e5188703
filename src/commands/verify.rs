//! `votg verify [DIR]`: re-runs the rules on every step's recorded answers
//! and dice and compares the facts they yield with the facts recorded
//! (DESIGN §3) — never the wording of a prompt. The campaign's creation,
//! an import and a hand adjustment are taken as recorded (and counted); a
//! step recorded by another votg, or with other tables, that re-derives
//! differently is said as such, not as tampering.
//!
//! What it proves: the campaign is what its recorded answers and dice give
//! under these rules, and each roll drawn from the campaign's keys is the
//! roll those keys give. What it cannot prove at one keyboard: both keys sit
//! on one machine, so a player could have tried rolls before recording one
//! (the two-machine `votg audit` proves that).

use std::collections::HashMap;
use std::path::Path;

use crate::commands::Config as Global;
use crate::error::Error;
use crate::model::event::{DiceUsed, Private, Public, PublicKind, StepRef};
use crate::model::facts::{self, Fact, Parts};
use crate::model::fold::Events;
use crate::model::journal::Kind;
use crate::model::row::LoggedRow;
use crate::model::side::Side;
use crate::model::state::CampaignState;
use crate::rules::answers::{Answers, Queue, RECORD_ID};
use crate::rules::cg_def::{self, CgDef};
use crate::rules::dice::Seeds;
use crate::rules::tables::Tables;
use exchanged::Part;

mod differs;
use differs::differs;
mod exchanged;
mod joint;
mod rerun;
use rerun::{Replay, rerun};

pub use exchanged::Keys;

/// What verification found.
#[derive(Debug, Default)]
pub struct Report {
    /// Steps re-derived and found as recorded.
    pub steps: usize,
    /// Events taken as recorded: the creation, an import, adjustments.
    pub taken: Vec<String>,
    /// The first step that re-derives differently.
    pub difference: Option<String>,
    /// The same, in short: the step and how it differs.
    pub differs: Option<String>,
    /// Two machines: steps whose secrets this folder does not hold (the
    /// other side's, and the joint steps each half checks as it receives
    /// them), taken as recorded.
    pub others: usize,
    /// `audit`: the joint steps, scenario records and halves of joint steps
    /// the revealed side took part in, run again (his part of each).
    pub joint: usize,
    /// A campaign split from one keyboard (`votg split`): the event of the
    /// split, and the steps before it taken as recorded here (a half holds
    /// neither the other side's part of them nor both keys that drew them;
    /// `split` verified them before it split the campaign).
    pub split: Option<(u64, usize)>,
}

/// A campaign at one keyboard whose steps rolled with its own keys cannot
/// be re-derived without both: a key file gone is said as such, not taken
/// for an edited log.
fn missing_keys(opened: &crate::store::Opened) -> Result<(), Error> {
    if opened.seeds.is_some() || opened.half.is_some() || opened.old.is_some() {
        return Ok(());
    }
    let rolled = opened.events.public.iter().any(|e| {
        matches!(
            e.kind,
            crate::model::event::PublicKind::Step {
                dice: crate::model::event::DiceUsed::Campaign,
                ..
            }
        )
    });
    let missing: Vec<String> = Side::BOTH
        .iter()
        .map(|s| crate::store::keys::SideDice::file_name(*s))
        .filter(|n| !opened.dir.join(n).exists())
        .collect();
    if !rolled || missing.is_empty() {
        return Ok(());
    }
    Err(Error::Refused(format!(
        "{}: {} is missing: it holds a side's dice key, without which the rolls made with it cannot be drawn again to check them (the logs themselves may be whole). Restore it from your backup: votg made it at `votg new`, and it is the only copy. Nothing was changed.",
        opened.dir.display(),
        missing.join(" and ")
    )))
}

pub fn run(dir: &Path, global: &Global) -> Result<String, Error> {
    let tables = global.load_tables()?;
    let (opened, views) = crate::commands::campaign::open_read_views(dir, &tables)?;
    missing_keys(&opened)?;
    let seeds = opened.seeds;
    let keys = Keys::of(&opened);
    let report = check(
        &opened.events,
        (seeds, opened.split_seeds),
        &keys,
        &tables,
        false,
    )?;
    if let Some(d) = report.difference {
        return Err(Error::Refused(format!(
            "{}: {d}\n{} step(s) before it re-derived as recorded.",
            dir.display(),
            report.steps
        )));
    }
    let edited = views.edited();
    if !edited.is_empty() {
        // A side's own view is its secret: named, its values not shown.
        let list: Vec<String> = edited
            .iter()
            .map(
                |(n, d)| match Side::BOTH.iter().find(|s| n.starts_with(s.id())) {
                    Some(side) => format!(
                        "{n} (what changed in it is the {}'s secret, not shown here)",
                        side.name()
                    ),
                    None => format!("{n}: {}", d.join("; ")),
                },
            )
            .collect();
        return Err(Error::Refused(format!(
            "{}: the logs verify ({} step(s) re-derived), but a view was edited by hand and not recorded:\n  {}\nRecord the edit with `votg adjust {} --side SIDE --reason \"why\"`, or drop it with `votg adjust {} --side SIDE --discard`.",
            dir.display(),
            report.steps,
            list.join("\n  "),
            dir.display(),
            dir.display()
        )));
    }
    let mut out = format!(
        "{}: verified. Each of the {} step(s) that count was run again on its recorded answers and dice, and gives the facts recorded.\n",
        dir.display(),
        report.steps
    );
    if !report.taken.is_empty() {
        out.push_str(&format!(
            "Taken as recorded, not re-derived: {}.\n",
            report.taken.join("; ")
        ));
    }
    out.push_str(&split_note(&report));
    if report.others > 0 && opened.half.is_some() {
        out.push_str(&format!(
            "Two machines: {} step(s) of the other side or joint taken as recorded here: the other side's secrets are on his machine (`votg audit` checks his steps once he reveals them), and each joint step was checked by the half that received it.\n",
            report.others
        ));
    } else if report.others > 0 {
        out.push_str(&format!(
            "Two machines: {} joint step(s) played on two machines taken as recorded here: each was checked by the half that received it.\n",
            report.others
        ));
    }
    Ok(out)
}

/// What verify says of the steps before a split (`votg split`).
fn split_note(report: &Report) -> String {
    match report.split {
        Some((n, 0)) => format!(
            "Split from one keyboard at event {n}: the steps before it were re-derived with both keys of before the split (their rolls were made at one keyboard, and no audit can check them).\n"
        ),
        Some((n, taken)) => format!(
            "Split from one keyboard at event {n}: the {taken} step(s) before it are taken as recorded here (this half holds neither the other side's part of them nor both keys that drew them; `votg split` verified them before it split the campaign, and they were made at one keyboard: no audit can check them).\n"
        ),
        None => String::new(),
    }
}

/// The rows of an event: its public rows, then each side's.
fn rows_of<'a>(e: &'a Public, parts: &[Option<&'a Private>; 2]) -> Vec<&'a LoggedRow> {
    let public: &[LoggedRow] = match &e.kind {
        PublicKind::Created { rows, .. }
        | PublicKind::Imported { rows, .. }
        | PublicKind::Step { rows, .. }
        | PublicKind::Adjusted { rows, .. } => rows,
        _ => &[],
    };
    let mut all: Vec<&LoggedRow> = public.iter().collect();
    for p in parts.iter().flatten() {
        if let Private::Part { rows, .. } = p {
            all.extend(rows);
        }
    }
    all
}

fn facts_of<'a>(e: &'a Public, parts: &[Option<&'a Private>; 2]) -> Vec<&'a Fact> {
    let public: &[Fact] = match &e.kind {
        PublicKind::Created { facts, .. }
        | PublicKind::Imported { facts, .. }
        | PublicKind::Step { facts, .. }
        | PublicKind::Adjusted { facts, .. } => facts,
        _ => &[],
    };
    let mut all: Vec<&Fact> = public.iter().collect();
    for p in parts.iter().flatten() {
        if let Private::Part { facts, .. } = p {
            all.extend(facts);
        }
    }
    all
}

/// Re-derives every step of `events`.
///
/// `seeds`: the keys of the one-keyboard steps (after a split, those of
/// before it, if the folder holds both, for the steps before it).
pub fn check(
    events: &Events,
    (seeds, split_seeds): (Option<Seeds>, Option<Seeds>),
    keys: &Keys,
    tables: &Tables,
    reveal: bool,
) -> Result<Report, Error> {
    let undone = events.undone();
    let split = crate::model::ledger::Ledger::new(events, Side::German)
        .split()
        .map(|(n, _)| n);
    let mut parts: HashMap<u64, [Option<&Private>; 2]> = HashMap::new();
    for (i, side) in Side::BOTH.iter().enumerate() {
        for (_, p) in events.private(*side) {
            if let Some(of) = p.of() {
                parts.entry(of).or_default()[i] = Some(p);
            }
        }
    }
    let mut report = Report::default();
    let mut start = Parts::default();
    let mut state: Option<CampaignState> = None;
    let mut def: Option<CgDef> = None;
    // The last scenario record's answers, read once for the steps after it.
    let mut record = Answers::replaying("", Queue::default())?;
    let mut joint = joint::Joint {
        events,
        keys,
        tables,
        campaigns: HashMap::new(),
    };
    for e in &events.public {
        if undone.contains(&e.n) {
            continue;
        }
        let p = parts.get(&e.n).copied().unwrap_or_default();
        let recorded = facts_of(e, &p);
        let rows = rows_of(e, &p);
        let Some(before) = &mut state else {
            for f in recorded {
                start.take(f.clone()).map_err(Error::Refused)?;
            }
            let mut s = std::mem::take(&mut start)
                .whole_of(crate::model::fold::is_split(events))
                .map_err(Error::Refused)?;
            push_rows(&mut s, &rows, &e.at);
            def = Some(cg_def::load(tables, s.campaign.cg)?);
            report
                .taken
                .push(format!("event {} (the campaign's start)", e.n));
            state = Some(s);
            continue;
        };
        match &e.kind {
            PublicKind::Step {
                step,
                dice,
                votg,
                tables: digest,
                typed,
                ..
            } => {
                if let Some(text) = record_of(&rows) {
                    record = Answers::replaying(&text, Queue::default())?;
                }
                let def = def.as_ref().expect("set at the start");
                let how = Replay {
                    used: *dice,
                    typed: *typed,
                    first: Vec::new(),
                    reported: None,
                    removed: Vec::new(),
                    half: None,
                };
                let seeds = match split {
                    Some(at) if e.n < at => {
                        let taken = report.split.get_or_insert((at, 0));
                        if split_seeds.is_none() {
                            taken.1 += 1;
                            for f in recorded {
                                facts::apply(before, f).map_err(Error::Refused)?;
                            }
                            push_rows(before, &rows, &e.at);
                            continue;
                        }
                        split_seeds
                    }
                    _ => seeds,
                };
                let exchanged = *dice == DiceUsed::Exchanged;
                if reveal {
                    joint.note(e.n, step, before);
                }
                let given =
                    match exchanged.then(|| exchanged::dice_for(events, step, e.n, before, keys)) {
                        Some(Some(Ok(d))) => Some(d),
                        Some(Some(Err(why))) => return Ok(cannot(report, e, step, &why)),
                        Some(None) | None => None,
                    };
                let found = if exchanged && given.is_none() {
                    // Not his own step: `audit` runs again his part of a
                    // joint one; the rest is taken as recorded here.
                    let r = joint::Recorded {
                        e,
                        step,
                        rows: &rows,
                        facts: &recorded,
                    };
                    match reveal
                        .then(|| joint.differs(&r, before, (&record, how), def))
                        .flatten()
                    {
                        Some(Ok(found)) => {
                            report.joint += 1;
                            found
                        }
                        Some(Err(why)) => return Ok(cannot(report, e, step, &why)),
                        None => {
                            report.others += 1;
                            for f in recorded {
                                facts::apply(before, f).map_err(Error::Refused)?;
                            }
                            push_rows(before, &rows, &e.at);
                            continue;
                        }
                    }
                } else {
                    // A side's own 12.617 on two machines: the other side's
                    // reported fortifications stood in his force.
                    let mut dressed = exchanged::removal(events, e, step, before)
                        .transpose()
                        .map_err(Error::Refused)?;
                    // On two machines a side's own step runs on his half,
                    // which knows what the public log told it (the Pltns of
                    // the AFV it captured by id, C47).
                    let half = match (exchanged, step.side()) {
                        (true, Some(side)) => Some(crate::commands::exchange::told::for_step(
                            events, step, side, e.n,
                        )),
                        _ => None,
                    };
                    let how = Replay {
                        reported: dressed.as_ref().map(|(_, r)| r.clone()),
                        half,
                        ..how
                    };
                    let state = match &mut dressed {
                        Some((d, _)) => d,
                        None => &mut *before,
                    };
                    let again = rerun(
                        state,
                        step,
                        how,
                        &rows,
                        &record,
                        (seeds, given),
                        tables,
                        def,
                    )
                    .map(|(state, _)| state);
                    let base = dressed.as_ref().map_or(&*before, |(d, _)| d);
                    let part = match (dressed.is_some(), step.side()) {
                        (true, Some(by)) => Part::Joint { by },
                        _ => Part::All,
                    };
                    exchanged::removal_differs(e, base, &again)
                        .filter(|_| dressed.is_some())
                        .or_else(|| differs(base, &again, &recorded, &rows, reveal, part))
                };
                if let Some(d) = found {
                    let why = if votg != crate::VERSION || *digest != tables.digest {
                        format!(
                            "it was recorded by votg {votg}{} and this votg {} rules differently: a newer votg or edited tables, not an edit of the campaign",
                            if *digest != tables.digest {
                                " with other tables"
                            } else {
                                ""
                            },
                            crate::VERSION
                        )
                    } else {
                        "either a log was edited outside votg or the recorded answers or dice were"
                            .into()
                    };
                    let at = format!(
                        "event {} ({}, CG Day {})",
                        e.n,
                        step.label(),
                        before.campaign.cg_day().long()
                    );
                    report.differs = Some(format!("{at}: {d}"));
                    report.difference = Some(format!("{at} re-derives differently: {d}.\n{why}."));
                    return Ok(report);
                }
                report.steps += 1;
            }
            PublicKind::Adjusted { side, .. } => report.taken.push(format!(
                "event {}, {} hand adjustment (`votg log` says why)",
                e.n,
                side.map_or("a".to_string(), |s| format!("the {}'s", s.name()))
            )),
            PublicKind::Imported { .. } | PublicKind::Created { .. } => {
                report.taken.push(format!("event {}", e.n))
            }
            PublicKind::Undone { .. } | PublicKind::Redone { .. } | PublicKind::Exchange(_) => {
                if let Some(d) = exchanged::misreported(events, e, keys, before, tables) {
                    report.difference = Some(format!(
                        "{d}: the report the other side's steps ran on is not what his own log holds."
                    ));
                    report.differs = Some(d);
                    return Ok(report);
                }
                for f in crate::model::fold::split_initial(events, e) {
                    facts::apply(before, f).map_err(Error::Refused)?;
                }
                continue;
            }
        }
        for f in recorded {
            facts::apply(before, f).map_err(Error::Refused)?;
        }
        push_rows(before, &rows, &e.at);
    }
    Ok(report)
}

/// The report of a step that cannot be run again, and why.
fn cannot(mut report: Report, e: &Public, step: &StepRef, why: &str) -> Report {
    report.difference = Some(format!(
        "event {} ({}) cannot be run again: {why}",
        e.n,
        step.label()
    ));
    report
}

fn push_rows(state: &mut CampaignState, rows: &[&LoggedRow], at: &str) {
    for r in rows {
        state.journal.push(r.to_row(0, at));
    }
}

/// The scenario record's answers as given, if this step recorded one.
fn record_of(rows: &[&LoggedRow]) -> Option<String> {
    rows.iter()
        .find(|r| r.kind == Kind::Answer && r.answer_id == RECORD_ID)
        .and_then(|r| r.answer.parse::<toml::Value>().ok())
        .and_then(|v| v.as_str().map(str::to_string))
}
