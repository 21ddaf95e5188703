//! `votg undo`, `votg redo` and `votg adjust`: each appends an event
//! (DESIGN §3); nothing is ever deleted from the logs.

use std::path::Path;

use crate::commands::Config as Global;
use crate::commands::refit::open_writer;
use crate::error::Error;
use crate::model::event::{PublicKind, StepRef};
use crate::model::facts;
use crate::model::journal::{self, Entry, JournalRow};
use crate::model::side::Side;
use crate::model::state::CampaignState;
use crate::rules::reph::sequence::StepExt;
use crate::rules::reph::sequence::{Scope, StepId};
use crate::store::files::parse_view;
use crate::store::views::{Found, describe, with_view};
use crate::store::{Writer, split};

/// Whether a step is one side's secret (its own secret step, or `votg buy`).
fn secret(step: &StepRef) -> bool {
    match step {
        StepRef::Own { step, .. } => StepId::parse(step)
            .is_none_or(|id| id.step().scope == (Scope::PerSide { secret: true })),
        StepRef::Buy { .. } => true,
        _ => false,
    }
}

/// How a step is named to `side` (`None`: to both at one keyboard): the
/// other side's secret step only as such.
pub(crate) fn shown(step: &StepRef, to: Option<Side>) -> String {
    match (step.side(), to) {
        (Some(owner), to) if secret(step) && to != Some(owner) => {
            format!("a secret {} step", owner.name())
        }
        _ => step.label(),
    }
}

fn refuse_other(step: &StepRef, side: Option<Side>, undo: &str) -> Result<(), Error> {
    if let (Some(me), Some(owner)) = (side, step.side())
        && me != owner
    {
        return Err(Error::Refused(format!(
            "the last step is the {0}'s; the {0} player must {undo} it first (votg {undo} --side {1}). Nothing was changed.",
            owner.name(),
            owner.id()
        )));
    }
    Ok(())
}

/// Two machines (DESIGN §9): only a step of this half's own turn, which the
/// other side has not received, is taken back (or restored) alone.
fn refuse_sent(w: &Writer, target: u64, undo: &str) -> Result<(), Error> {
    let Some(half) = w.opened.half else {
        return Ok(());
    };
    crate::commands::undo_request::refuse_pending(w, half.side, w.dir())?;
    let l = crate::model::ledger::Ledger::new(&w.opened.events, half.side);
    if l.turn() == Some(half.side) && target > l.turn_start() {
        return Ok(());
    }
    let dir = w.dir().display();
    let how = if undo == "undo" {
        format!(
            "taking back what he has needs his agreement: `votg undo {dir} --request` asks him (it goes with `votg send`)"
        )
    } else {
        "a step taken back with his agreement is not redone: do it again (`votg refit`)".into()
    };
    Err(Error::Refused(format!(
        "that step is in a packet the {} has received (or is his): on two machines only what he has not received yet can be {undo}ne alone; {how} (docs/two-machines.md §10). Nothing was changed.",
        half.side.other().name()
    )))
}

/// Appends an event with no facts of its own, then folds and writes the
/// views again.
fn append_plain(w: &mut Writer, kind: PublicKind) -> Result<(), Error> {
    let at = crate::model::journal::now();
    let what = match &kind {
        PublicKind::Undone { .. } => "The undo",
        PublicKind::Redone { .. } => "The redo",
        _ => "The change",
    };
    w.append(&at, |_| kind, Default::default(), None)?;
    w.refold()?;
    w.write_views()
        .map_err(|e| e.kept(crate::commands::refit::views_not_written(what)))
}

/// `votg undo [--side S]`: takes back the last step that counts (an
/// `Undone` event). With `--side`, only if it was that side's or a public
/// step; the other side's secret step is refused without saying what it
/// was.
pub fn undo(dir: &Path, side: Option<Side>, global: &Global) -> Result<String, Error> {
    let tables = global.load_tables()?;
    let mut w = open_writer(dir, &tables, true)?;
    let Some((target, step)) = w.opened.folded.steps.last().cloned() else {
        return Err(Error::NothingToUndo {
            dir: dir.to_path_buf(),
        });
    };
    refuse_other(&step, side, "undo")?;
    refuse_sent(&w, target, "undo")?;
    append_plain(&mut w, PublicKind::Undone { target })?;
    // On a half, its own side's steps are named to it.
    let to = side.or(w.opened.half.map(|h| h.side));
    let step = with_purchases(&w, target, step);
    Ok(format!(
        "Undone: {}. The campaign is as it was before that step; `votg redo` brings it back as it was.\n",
        shown(&step, to)
    ))
}

/// A `votg buy` step with its purchases, from its side's own part of event
/// `n` (the public event names none): named only to that side (`shown`).
fn with_purchases(w: &Writer, n: u64, step: StepRef) -> StepRef {
    let StepRef::Buy { side, purchases } = &step else {
        return step;
    };
    if !purchases.is_empty() {
        return step;
    }
    let id = format!("{}.buy", side.id());
    let bought = w
        .opened
        .events
        .private(*side)
        .iter()
        .find_map(|(_, p)| match p {
            crate::model::event::Private::Part { of, rows, .. } if *of == n => Some(rows),
            _ => None,
        })
        .and_then(|rows| rows.iter().find(|r| r.answer_id == id))
        .and_then(|r| r.to_row(0, "").answer_value());
    let Some(toml::Value::Array(list)) = bought else {
        return step;
    };
    StepRef::Buy {
        side: *side,
        purchases: list
            .iter()
            .filter_map(|v| v.as_str().map(str::to_string))
            .collect(),
    }
}

/// The step a `votg redo` would restore: the last one undone, if no step
/// has been done since.
fn redoable(w: &Writer) -> Option<(u64, StepRef)> {
    let mut stack: Vec<u64> = Vec::new();
    for e in &w.opened.events.public {
        match &e.kind {
            PublicKind::Undone { target } => stack.push(*target),
            PublicKind::Redone { .. } => {
                stack.pop();
            }
            PublicKind::Step { .. } | PublicKind::Adjusted { .. } => stack.clear(),
            _ => {}
        }
    }
    let target = *stack.last()?;
    let step = w.opened.events.public.iter().find(|e| e.n == target)?;
    let step = match &step.kind {
        PublicKind::Step { step, .. } => step.clone(),
        PublicKind::Adjusted { side, .. } => crate::model::fold::adjusted(*side),
        _ => return None,
    };
    Some((target, step))
}

/// `votg redo [--side S]`: restores the step the last `votg undo` took
/// back, exactly as it was (the same dice, the same answers).
pub fn redo(dir: &Path, side: Option<Side>, global: &Global) -> Result<String, Error> {
    let tables = global.load_tables()?;
    let mut w = open_writer(dir, &tables, true)?;
    let Some((target, step)) = redoable(&w) else {
        return Err(Error::Refused(format!(
            "nothing to redo in {}: no step was undone since the last step was done. Nothing was changed.",
            dir.display()
        )));
    };
    refuse_other(&step, side, "redo")?;
    refuse_sent(&w, target, "redo")?;
    append_plain(&mut w, PublicKind::Redone { target })?;
    let to = side.or(w.opened.half.map(|h| h.side));
    let step = with_purchases(&w, target, step);
    Ok(format!("Redone: {}.\n", shown(&step, to)))
}

/// `votg adjust DIR --side S --reason TEXT`: records the hand edits of the
/// side's views (and of `campaign.toml`; `None`: both sides', at one
/// keyboard) as one audited event; `--discard` writes every view again from
/// the logs instead.
pub fn adjust(
    dir: &Path,
    side: Option<Side>,
    reason: Option<&str>,
    discard: bool,
    global: &Global,
) -> Result<String, Error> {
    let tables = global.load_tables()?;
    let mut w = Writer::open(dir, &|s| s.check(&tables))?;
    for said in &w.said {
        eprintln!("note: {said}");
    }
    if discard {
        let edited: Vec<String> = w
            .views
            .edited()
            .iter()
            .map(|(n, _)| n.to_string())
            .collect();
        w.write_views()?;
        return Ok(if edited.is_empty() {
            "No view was edited; every view is as the logs say.\n".into()
        } else {
            format!("Written again from the logs: {}.\n", edited.join(", "))
        });
    }
    let Some(reason) = reason.filter(|r| !r.trim().is_empty()) else {
        return Err(Error::Usage(
            "say why with --reason TEXT (it is kept with the adjustment), or --discard to write the views again from the logs".into(),
        ));
    };
    if let Some(half) = w.opened.half {
        crate::commands::half_edit::on_a_half(&w, dir, half.side, side)?;
    }
    record_edits(&mut w, dir, side, reason, &tables)
}

/// Records the hand edits of the views as one `Adjusted` event with its
/// reason (DESIGN §3): `side`'s views and `campaign.toml` (`None`: both
/// sides', at one keyboard). Refused for an edited journal, or for another
/// side's views.
pub(crate) fn record_edits(
    w: &mut Writer,
    dir: &Path,
    side: Option<Side>,
    reason: &str,
    tables: &crate::rules::tables::Tables,
) -> Result<String, Error> {
    let state = w.opened.state().clone();
    let mine = |name: &str| {
        side.is_none_or(|side| name == "campaign.toml" || name.starts_with(&format!("{side}/")))
    };
    let mut edited_state = state.clone();
    let mut names = Vec::new();
    for (name, found) in &w.views.found {
        let Found::Edited(_) = found else { continue };
        if name.ends_with("journal.csv") {
            return Err(Error::Refused(format!(
                "{name} was edited: the audit log's rows are not adjusted. `votg adjust {} --side {} --discard` writes it again. Nothing was changed.",
                dir.display(),
                side.map_or("both", |s| s.id())
            )));
        }
        if let Some(side) = side.filter(|_| !mine(name)) {
            return Err(Error::Refused(format!(
                "{name} was edited too: it is the {}'s to adjust (`votg adjust --side {}`, or `--side both` at one keyboard). Nothing was changed.",
                side.other().name(),
                side.other().id()
            )));
        }
        let value = parse_view(&w.views.on_disk, name)?;
        edited_state = with_view(&edited_state, name, value);
        names.push(name.clone());
    }
    if names.is_empty() {
        return Ok("No view was edited; there is nothing to adjust.\n".into());
    }
    // What the edit makes must hold together as any campaign does.
    edited_state.check(tables)?;
    let facts = facts::between(&state, &edited_state);
    let at = crate::model::journal::now();
    let changed: Vec<String> = facts.iter().map(describe).collect();
    let rows = adjustment_rows(&state, side, reason, &names, &changed);
    let (public, parts) = split(&facts, &rows, &at);
    w.append(
        &at,
        |commit| PublicKind::Adjusted {
            side,
            facts: public.0,
            rows: public.1,
            commit,
        },
        parts,
        side,
    )?;
    w.refold()?;
    w.write_views()
        .map_err(|e| e.kept(crate::commands::refit::views_not_written("The adjustment")))?;
    Ok(format!(
        "Adjusted by hand, with its reason kept in the log: {} ({} change(s)). `votg log` shows it; `votg undo` takes it back.\n",
        names.join(", "),
        facts.len()
    ))
}

/// The journal rows of an adjustment: that one was made (public), and why
/// and what it changed (the side's secret, for one side's views).
fn adjustment_rows(
    state: &CampaignState,
    side: Option<Side>,
    reason: &str,
    files: &[String],
    changed: &[String],
) -> Vec<JournalRow> {
    let mut rows = Vec::new();
    let day = state.campaign.cg_day().to_string();
    let who = side.map_or("Both sides".to_string(), |s| format!("The {}", s.name()));
    if side.is_some() {
        journal::append(
            &mut rows,
            &day,
            Entry::decision(
                "adjust",
                side,
                false,
                format!("{who} adjusted his views by hand"),
                "recorded with its reason (votg adjust)",
                "DESIGN §3",
            ),
        );
    }
    journal::append(
        &mut rows,
        &day,
        Entry::decision(
            "adjust",
            side,
            side.is_some(),
            format!("Adjusted by hand: {}", files.join(", ")),
            format!("{reason} — {}", changed.join("; ")),
            "DESIGN §3",
        ),
    );
    rows
}

/// At a terminal, a hand edit found on opening is shown and may be recorded
/// at once as an adjustment with the player's reason (DESIGN §3); an empty
/// reason stops, changing nothing. The differences in a side's own files
/// are that side's secret: the shared screen only counts them.
pub(crate) fn offer_to_record(
    w: &mut Writer,
    dir: &Path,
    tables: &crate::rules::tables::Tables,
) -> Result<(), Error> {
    let edited: Vec<(String, Vec<String>)> = w
        .views
        .edited()
        .into_iter()
        .map(|(n, d)| (n.clone(), d.clone()))
        .collect();
    if edited.is_empty() {
        return Ok(());
    }
    let owner = |name: &str| {
        Side::BOTH
            .into_iter()
            .find(|s| name.starts_with(&format!("{s}/")))
    };
    let owners: Vec<Side> = Side::BOTH
        .into_iter()
        .filter(|s| edited.iter().any(|(n, _)| owner(n) == Some(*s)))
        .collect();
    if owners.len() > 1 || edited.iter().any(|(n, _)| n.ends_with("journal.csv")) {
        return w.refuse_edits();
    }
    let side = owners.first().copied();
    if let Some(half) = w.opened.half {
        crate::commands::half_edit::on_a_half(w, dir, half.side, side)?;
    }
    eprintln!("These views were edited by hand since votg last wrote them:");
    for (name, differences) in &edited {
        match owner(name) {
            Some(s) => eprintln!(
                "  {name}: {} difference(s) (the {}'s secret, not shown here; `votg adjust {} --side {}` records them)",
                differences.len(),
                s.name(),
                dir.display(),
                s.id()
            ),
            None => eprintln!("  {name}: {}", differences.join("; ")),
        }
    }
    let whose = side.map_or("a correction both sides agree on".to_string(), |s| {
        format!("the {}'s correction", s.name())
    });
    let reason: String = dialoguer::Input::with_theme(&crate::rules::prompt_theme::FITTED)
        .with_prompt(format!(
            "Record them as {whose}? Say why (kept in the log), or press Enter to stop"
        ))
        .allow_empty(true)
        .interact_text()
        .map_err(|e| Error::Refused(format!("no answer ({e}). Nothing was changed.")))?;
    if reason.trim().is_empty() {
        return w.refuse_edits();
    }
    let said = record_edits(w, dir, side, reason.trim(), tables)?;
    eprint!("{said}");
    Ok(())
}
