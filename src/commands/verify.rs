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
use crate::commands::campaign::open_read;
use crate::commands::refit::{context, perform};
use crate::error::Error;
use crate::model::event::{DiceUsed, Private, Public, PublicKind, StepRef};
use crate::model::facts::{self, Fact, Parts};
use crate::model::fold::Events;
use crate::model::journal::{JournalRow, Kind};
use crate::model::row::LoggedRow;
use crate::model::side::Side;
use crate::model::state::CampaignState;
use crate::rules::answers::{Answers, Queue, RECORD_ID};
use crate::rules::cg_def::{self, CgDef};
use crate::rules::dice::{Roll, Seeds};
use crate::rules::output::Output;
use crate::rules::prompt::Prompter;
use crate::rules::reph::session::{CampaignDice, Session};
use crate::rules::tables::Tables;

/// What verification found.
#[derive(Debug, Default)]
pub struct Report {
    /// Steps re-derived and found as recorded.
    pub steps: usize,
    /// Events taken as recorded: the creation, an import, adjustments.
    pub taken: Vec<String>,
    /// The first step that re-derives differently.
    pub difference: Option<String>,
}

pub fn run(dir: &Path, global: &Global) -> Result<String, Error> {
    let tables = global.load_tables()?;
    let opened = open_read(dir, &tables)?;
    let seeds = opened.seeds;
    let report = check(&opened.events, seeds, &tables)?;
    if let Some(d) = report.difference {
        return Err(Error::Refused(format!(
            "{}: {d}\n{} step(s) before it re-derived as recorded.",
            dir.display(),
            report.steps
        )));
    }
    // An older campaign not yet imported has its old files, not views.
    let views = match &opened.old {
        None => crate::store::views::check(dir, opened.state())?,
        Some(_) => Default::default(),
    };
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
    Ok(out)
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
pub fn check(events: &Events, seeds: Option<Seeds>, tables: &Tables) -> Result<Report, Error> {
    let undone = events.undone();
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
    let mut record_text = String::new();
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
            let mut s = std::mem::take(&mut start).whole().map_err(Error::Refused)?;
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
                ..
            } => {
                if let Some(text) = record_of(&rows) {
                    record_text = text;
                }
                let def = def.as_ref().expect("set at the start");
                let again = rerun(before, step, *dice, &rows, &record_text, seeds, tables, def);
                if let Some(d) = differs(before, &again, &recorded, &rows) {
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
                    report.difference = Some(format!(
                        "event {} ({}, CG Day {}) re-derives differently: {d}.\n{why}.",
                        e.n,
                        step.label(),
                        before.campaign.cg_day().long()
                    ));
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
            PublicKind::Undone { .. } | PublicKind::Redone { .. } => continue,
        }
        for f in recorded {
            facts::apply(before, f).map_err(Error::Refused)?;
        }
        push_rows(before, &rows, &e.at);
    }
    Ok(report)
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

/// The campaign after `step` run again from `before` on the recorded
/// answers and dice, or why it could not be.
#[allow(clippy::too_many_arguments)]
fn rerun(
    before: &CampaignState,
    step: &StepRef,
    used: DiceUsed,
    rows: &[&LoggedRow],
    record: &str,
    seeds: Option<Seeds>,
    tables: &Tables,
    def: &CgDef,
) -> Result<CampaignState, String> {
    let journal: Vec<JournalRow> = rows.iter().map(|r| r.to_row(0, "")).collect();
    let answers = Answers::replaying(record, Queue::of(&journal)).map_err(|e| e.to_string())?;
    let mut prompter = Prompter::Scripted(Box::new(answers));
    let mut dice = match (used, seeds) {
        (DiceUsed::Campaign, Some(seeds)) => CampaignDice::seeded(seeds, used),
        (DiceUsed::Seed(n), _) => CampaignDice::seeded(Seeds::from_number(n), used),
        (DiceUsed::Campaign, None) => {
            return Err("the campaign's dice keys are not in this folder".into());
        }
        _ => CampaignDice::recorded(recorded_dice(rows), used),
    };
    dice.begin_step(&context(before, step));
    prompter.set_day(before.campaign.cg_day());
    let mut out = Output::nowhere();
    let mut session = Session {
        tables,
        def,
        state: before.clone(),
        dice: &mut dice,
        prompter: &mut prompter,
        out: &mut out,
        concerns: Vec::new(),
    };
    let standing = before.campaign.step.clone();
    perform(&mut session, step).map_err(|e| e.to_string())?;
    session.journal_answers(|side| standing.of(side).to_string());
    Ok(session.state)
}

fn recorded_dice(rows: &[&LoggedRow]) -> HashMap<String, Roll> {
    rows.iter()
        .filter(|r| r.kind == Kind::Roll && !r.label.is_empty())
        .filter_map(|r| {
            let faces = crate::rules::dice::parse_faces(&r.dice, "log").ok()?;
            Some((r.label.clone(), Roll::new(faces)))
        })
        .collect()
}

/// How a step's re-run differs from its record, in words.
fn differs(
    before: &CampaignState,
    again: &Result<CampaignState, String>,
    recorded: &[&Fact],
    rows: &[&LoggedRow],
) -> Option<String> {
    // What differs in a side's secret rows or facts is that side's secret
    // (DESIGN §5): named as the side's, never shown, nor counted.
    let secret: Vec<Side> = Side::BOTH
        .into_iter()
        .filter(|side| {
            rows.iter().any(|r| r.secret && r.side == side.id())
                || recorded.iter().any(|f| f.side() == Some(*side))
        })
        .collect();
    let after = match again {
        Ok(s) => s,
        Err(_) if !secret.is_empty() => {
            return Some(format!(
                "run again, the step stops, for a reason in {}",
                secrets_of(&secret)
            ));
        }
        Err(e) => return Some(format!("run again, the step stops: {e}")),
    };
    let derived_rows: Vec<LoggedRow> = after.journal[before.journal.len()..]
        .iter()
        .map(|r| LoggedRow::of(r, ""))
        .collect();
    // Each log's rows in their order (public, then each side's).
    let order = |r: &&LoggedRow| {
        if r.secret {
            r.side.clone()
        } else {
            String::new()
        }
    };
    let mut want: Vec<&LoggedRow> = rows.to_vec();
    want.sort_by_key(order);
    let mut got: Vec<&LoggedRow> = derived_rows.iter().collect();
    got.sort_by_key(order);
    for (i, (w, g)) in want.iter().zip(&got).enumerate() {
        if let Some(field) = row_difference(w, g) {
            if let Some(side) = [w, g].iter().find(|r| r.secret).map(|r| r.side.as_str()) {
                return Some(format!("a row differs in {}", secrets_of(&sides(side))));
            }
            return Some(format!("its row {} ({}) has {field}", i + 1, w.what));
        }
    }
    let public = |rows: &[&LoggedRow]| rows.iter().filter(|r| !r.secret).count();
    if public(&want) != public(&got) {
        return Some(format!(
            "it records {} public row(s), and run again makes {}",
            public(&want),
            public(&got)
        ));
    }
    if want.len() != got.len() {
        return Some(format!(
            "its rows differ in number in {}",
            secrets_of(&secret)
        ));
    }
    let mut derived = facts::between(before, after);
    let mut recorded: Vec<Fact> = recorded.iter().map(|f| (*f).clone()).collect();
    let key = |f: &Fact| serde_json::to_string(f).unwrap_or_default();
    derived.sort_by_key(key);
    recorded.sort_by_key(key);
    if derived != recorded {
        let first = recorded
            .iter()
            .zip(&derived)
            .find(|(a, b)| a != b)
            .map(|(a, b)| (a.side().or(b.side()), a));
        return Some(match first {
            Some((Some(side), _)) => format!("a fact differs in {}", secrets_of(&[side])),
            Some((None, f)) => format!(
                "its facts differ from those recorded ({})",
                crate::store::views::describe(f)
            ),
            None if !secret.is_empty() => {
                format!("a fact more or less, in {}", secrets_of(&secret))
            }
            None => "its facts differ from those recorded (a fact more or less)".into(),
        });
    }
    None
}

/// The sides a row's `side` column names.
fn sides(side: &str) -> Vec<Side> {
    side.parse::<Side>()
        .map_or(Side::BOTH.to_vec(), |s| vec![s])
}

/// Where a difference lies that only its side may see, and how it looks.
fn secrets_of(sides: &[Side]) -> String {
    let names: Vec<&str> = sides.iter().map(|s| s.name()).collect();
    let see: Vec<String> = sides
        .iter()
        .map(|s| format!("`votg log DIR --side {}`", s.id()))
        .collect();
    format!(
        "the {}'s secret part of it (not shown here: only its side may see it, with {})",
        names.join(" and the "),
        see.join(" or ")
    )
}

/// What differs between a recorded row and the one made again, if it is
/// more than words: the dice, the result, the DRMs, the answer.
fn row_difference(w: &LoggedRow, g: &LoggedRow) -> Option<String> {
    let fields: [(&str, &String, &String); 10] = [
        ("step", &w.step, &g.step),
        ("side", &w.side, &g.side),
        ("dice", &w.dice, &g.dice),
        ("original", &w.original, &g.original),
        ("DRMs", &w.drms, &g.drms),
        ("final", &w.final_result, &g.final_result),
        ("table", &w.table, &g.table),
        ("result key", &w.key, &g.key),
        ("answer to", &w.answer_id, &g.answer_id),
        ("answer", &w.answer, &g.answer),
    ];
    for (name, a, b) in fields {
        if a != b {
            return Some(format!("{name} `{a}` recorded and `{b}` made again"));
        }
    }
    if w.kind != g.kind {
        return Some("another kind of row".into());
    }
    None
}
