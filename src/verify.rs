//! `votg verify [DIR]`: re-derives the whole campaign from its journal and
//! compares every file. The replay starts where `votg new` starts (the CG's
//! initial state with the campaign's own dice keys) and drives the runner of
//! `votg refit` (`refit_cmd::Run`) kept in memory: every Refit Phase, every
//! scenario record and the aftermath after it, the CG Day loop, Idle Days,
//! Counterattacks, over every CG Day, up to where the campaign on disk
//! stands. Each question gets the answers the journal recorded for it, in
//! order; each scenario record what the players gave (`verify/record.rs`);
//! the dice are the campaign's own streams (or, for a campaign played with a
//! dice file or typed dice, the faces the journal recorded). A hand edit the
//! loaders accept, or an edited journal, shows as the first file, field, CG
//! Day and step where the re-derived campaign and the one on disk part.

use std::path::Path;

use crate::answers::{Answers, Queue};
use crate::campaign_cmd::read;
use crate::cg_def::{self, CgDef};
use crate::cli::Global;
use crate::dice::ListedDice;
use crate::error::Error;
use crate::journal::{JournalRow, Kind};
use crate::prompt::Prompter;
use crate::refit_cmd::{Goal, Run, begin_aftermath, buy_in};
use crate::reph::scenario_record::at_scenario_end;
use crate::reph::session::{CampaignDice, Streams};
use crate::side::Side;
use crate::state::CampaignState;
use crate::tables::Tables;

mod diff;
pub mod quick;
mod record;

pub use diff::Difference;

pub fn run(dir: &Path, global: &Global) -> Result<String, Error> {
    let verified = |rows: usize| {
        format!(
            "{}: verified. Re-derived from `votg new` and the journal's {rows} row(s) (recorded answers and dice), every file agrees.\n",
            dir.display(),
        )
    };
    let tables = global.load_tables()?;
    // A campaign as votg left it verifies without reading its every
    // journal row; anything else (or a difference) takes the full path,
    // which reads and checks every file and names the first difference.
    if let Some(rows) = quick::verified(dir, &tables)? {
        // As in `quick`: the process ends with this answer.
        std::mem::forget(tables);
        return Ok(verified(rows));
    }
    let state = read(dir, &tables)?;
    let def = cg_def::load(&tables, state.campaign.cg)?;
    match check(&state, &tables, &def)? {
        None => Ok(verified(state.journal.len())),
        Some(d) => Err(Error::Refused(format!(
            "{}: the campaign differs from what its journal re-derives.\n{d}\nEither a file was edited by hand or the journal was. `votg undo` takes back whole steps; a hand edit must be undone by hand.",
            dir.display()
        ))),
    }
}

/// The first difference between `state` and what its journal re-derives,
/// or `None` when every file agrees.
pub fn check(
    state: &CampaignState,
    tables: &Tables,
    def: &CgDef,
) -> Result<Option<Difference>, Error> {
    let seeded = replay(Disk::of(state), tables, def, Dice::Seeded)?;
    let first = compare(state, seeded);
    if first.is_none() {
        return Ok(None);
    }
    // A campaign played with a dice file or typed dice: its dice are the
    // journal's; its own streams were never drawn on.
    let never_drawn =
        state.campaign.dice.used == 0 && Side::BOTH.iter().all(|&s| state.side(s).dice.used == 0);
    if never_drawn {
        let listed = replay(Disk::of(state), tables, def, Dice::Recorded)?;
        return Ok(compare(state, listed));
    }
    Ok(first)
}

/// Where the replay's dice come from.
#[derive(Clone, Copy)]
enum Dice {
    /// The campaign's own streams from their start.
    Seeded,
    /// The faces the journal recorded, in order.
    Recorded,
}

/// What a replay reads of the campaign on disk.
struct Disk<'a> {
    /// Its files (its `journal` may be left empty: see `rows`).
    state: &'a CampaignState,
    /// The journal rows the replay reads: every row, or (see [`quick`])
    /// at least every answer and every scenario record, in order.
    rows: &'a [JournalRow],
    goal: Goal<'a>,
    /// How many rows its journal holds.
    len: usize,
}

impl<'a> Disk<'a> {
    /// The campaign `state`, its journal read whole.
    fn of(state: &'a CampaignState) -> Disk<'a> {
        Disk {
            state,
            rows: &state.journal,
            goal: Goal::of(state),
            len: state.journal.len(),
        }
    }
}

/// Replays the whole campaign in memory with the runner of `votg refit`:
/// from `votg new`, each Refit Phase and each scenario record in turn, up
/// to where the campaign on disk stands.
fn replay(disk: Disk, tables: &Tables, def: &CgDef, dice: Dice) -> Result<CampaignState, Error> {
    let seeds = disk.state.seeds();
    let mut start = crate::new_campaign::initial_state_with(def, tables, seeds);
    // The replay writes as many rows as the journal holds: room for them at
    // once, not a doubling (and a copy of every row so far) as it grows.
    start.journal.reserve(disk.len);
    let dice = match dice {
        Dice::Seeded => CampaignDice::Seeded {
            streams: Box::new(Streams::resume(&seeds, 0, 0, 0)),
            saved: true,
        },
        Dice::Recorded => {
            let faces: Vec<u8> = disk
                .rows
                .iter()
                .filter(|r| r.kind == Kind::Roll)
                .filter_map(JournalRow::roll)
                .flat_map(|r| r.dice)
                .collect();
            CampaignDice::Listed(ListedDice::new(faces, "journal.csv"))
        }
    };
    let records = record::all(disk.rows);
    let prompter = Prompter::Scripted(Box::new(Answers::replaying("", Queue::of(disk.rows))?));
    let mut run = Run::replay(tables, def, start, dice, prompter, disk.goal);
    // A step that fails in the replay ends it there: what it re-derived so
    // far is compared, and the difference names where they part.
    let _ = drive(&mut run, records);
    Ok(run.into_state())
}

/// The runs of `votg refit` the campaign was made by: walk the RePh; at a
/// scenario played, record it (the next record the journal holds) and walk
/// on; stop where the campaign on disk stands.
fn drive(run: &mut Run, records: Vec<record::Record>) -> Result<(), Error> {
    let mut records = records.into_iter();
    loop {
        let before = (run.state().journal.len(), run.state().campaign.step.clone());
        // A `votg buy` made at 12.621 before `votg refit` went on.
        if let Some((side, purchases)) = run.goal().and_then(|g| g.buy_next(run.state())) {
            buy_in(run, side, &purchases)?;
            continue;
        }
        if at_scenario_end(run.state()) && run.state().campaign.result.is_none() {
            let Some(record) = records.next() else {
                return Ok(());
            };
            let Prompter::Scripted(a) = run.prompter_mut() else {
                return Ok(());
            };
            let queue = a.take_queue();
            **a = Answers::replaying(&record.text, queue)?;
            a.unrecorded = !record.journaled;
            if !begin_aftermath(run)? {
                return Ok(());
            }
        }
        run.walk(&Side::BOTH)?;
        let after = (run.state().journal.len(), run.state().campaign.step.clone());
        if after == before {
            return Ok(());
        }
    }
}

/// The first difference between the files on disk and those re-derived.
/// A journal row's time is when it was written, not what it records: the
/// re-derived rows take the times of the rows on disk they stand for.
///
/// DRMs written by an earlier votg, every bracket with a `\` before it,
/// are the same DRMs as this one writes them (`drms_text`): they compare
/// as such.
fn compare(disk: &CampaignState, mut derived: CampaignState) -> Option<Difference> {
    for (d, r) in derived.journal.iter_mut().zip(&disk.journal) {
        d.time.clone_from(&r.time);
        if d.drms != r.drms && d.drm_list().is_ok_and(|l| r.drm_list() == Ok(l)) {
            d.drms.clone_from(&r.drms);
        }
    }
    // Equal parts make equal files: only a campaign that differs is
    // written out to find the first file and field where it does.
    if derived == *disk {
        return None;
    }
    diff::first(&disk.to_files(), &derived.to_files(), &disk.journal)
}
