//! `votg new | status | roster | purchases | force | log | undo`.

use std::path::Path;

use crate::cg_def;
use crate::cli::{Format, Global};
use crate::error::Error;
use crate::force::sheet;
use crate::journal::as_written::AsWritten;
use crate::new_campaign;
use crate::parsed_copy::{self, Journal};
use crate::purchase_record;
use crate::render::grid;
use crate::sheet_fit::{Sheet, terminal_width};
use crate::sheets::{self, LogLine};
use crate::side::{Cg, Side};
use crate::state::CampaignState;
use crate::store::{Files, Store};
use crate::tables::Tables;

/// Opens and loads a campaign for writing; the store stays locked while it
/// lives.
pub fn open(dir: &Path, tables: &Tables) -> Result<(Store, CampaignState), Error> {
    let (store, state, _) = open_vouched(dir, tables)?;
    Ok((store, state))
}

/// The journal as read, vouched for by the campaign's parsed copy.
#[derive(Debug, Clone)]
pub struct Vouched {
    pub bytes: crate::store::Bytes,
    /// Its hash as the store's history gives it, if the copy has it.
    pub hash: Option<String>,
}

/// Like [`open`], with the journal's bytes when the parsed copy vouched for
/// them: then they are exactly what votg wrote for the state's rows, so a
/// run may write on from them (see [`crate::state::Written::seeded`]).
pub fn open_vouched(
    dir: &Path,
    tables: &Tables,
) -> Result<(Store, CampaignState, Option<Vouched>), Error> {
    let store = Store::open(dir)?;
    let files = store.read_checked()?;
    if let Some((state, hash)) =
        parsed_copy::read_hashed(dir, &files, &Default::default(), tables, Journal::Read)
    {
        let journal = files.get("journal.csv").cloned();
        return Ok((store, state, journal.map(|bytes| Vouched { bytes, hash })));
    }
    let state = parsed(dir, &files, tables)?;
    Ok((store, state, None))
}

/// Loads a campaign for reading: no lock, nothing written, so it works on a
/// read-only campaign and while another votg (a refit waiting for input)
/// holds the lock. It sees the last committed state (an interrupted commit
/// as recovery will finish it).
pub fn read(dir: &Path, tables: &Tables) -> Result<CampaignState, Error> {
    read_as(dir, tables, Journal::Read)
}

/// Like [`read`], for the commands that show the files only (`status`,
/// `roster`, `purchases`, `force`, `print`): the state's `journal` is left
/// empty when the campaign's parsed copy spares parsing it.
pub fn read_sheets(dir: &Path, tables: &Tables) -> Result<CampaignState, Error> {
    read_as(dir, tables, Journal::Skip)
}

/// A reader first tries the parsed copy on one quick read of the files (no
/// sealed copies: a match with the copy already rules out a file cut
/// short; a reader that skips the journal hashes it without keeping it);
/// anything else reads and checks everything as before.
pub(crate) fn read_as(
    dir: &Path,
    tables: &Tables,
    journal: Journal,
) -> Result<CampaignState, Error> {
    let digest_only: &[&str] = match journal {
        Journal::Skip => &["journal.csv"],
        Journal::Read | Journal::Where(_) => &[],
    };
    if let Some(state) = Store::read_committed_quick(dir, digest_only)
        .and_then(|(files, digested)| parsed_copy::read(dir, &files, &digested, tables, journal))
    {
        return Ok(state);
    }
    loaded(dir, &Store::read_committed(dir)?, tables, journal)
}

/// A campaign of an older schema is migrated in memory, and the players
/// told; the next step that changes the campaign writes it in the new form
/// (a command that only reads, or that fails, writes nothing).
fn loaded(
    dir: &Path,
    files: &Files,
    tables: &Tables,
    journal: Journal,
) -> Result<CampaignState, Error> {
    match parsed_copy::read(dir, files, &Default::default(), tables, journal) {
        Some(state) => Ok(state),
        None => parsed(dir, files, tables),
    }
}

/// The campaign parsed and checked from its files (no parsed copy), an
/// older schema migrated in memory with a note to the players.
fn parsed(dir: &Path, files: &Files, tables: &Tables) -> Result<CampaignState, Error> {
    let (state, notes) = CampaignState::load(files, tables)?;
    // On stderr: standard output may be a CSV or JSON document.
    if !notes.is_empty() {
        eprintln!(
            "note: {} was written by an older votg and is read in the new form. The next step that changes the campaign writes it so.\n  - {}",
            dir.display(),
            notes.join("\n  - ")
        );
    }
    Ok(state)
}

pub fn new(dir: &Path, cg: Cg, global: &Global) -> Result<String, Error> {
    let tables = global.load_tables()?;
    let def = cg_def::load(&tables, cg)?;
    // Each side's key is its own secret (DESIGN §3): never printed here.
    let state = match global.seed {
        Some(n) => new_campaign::initial_state(&def, &tables, n),
        None => new_campaign::initial_state_with(&def, &tables, crate::dice::Seeds::fresh()),
    };
    let files = state.to_files();
    // What we write must load: a defect here is ours, not the player's.
    let checked = CampaignState::from_files(&files, &tables)?;
    let store = Store::create(dir)?;
    store.commit(&files, None)?;
    parsed_copy::keep(dir, &files, &checked, &tables, None);
    let mut out = format!(
        "Created CG {} \"{}\" in {}.\nInitial Scenario: {}. Both sides begin the Refit Phase at 12.621 (12.5).\n",
        def.cg,
        def.title,
        dir.display(),
        state.campaign.cg_day().long()
    );
    for side in Side::BOTH {
        let ob = def.ob(side);
        let rgs: u32 = ob.groups.iter().flat_map(|g| &g.rgs).map(|r| r.count).sum();
        out.push_str(&format!(
            "  {}: {} given RG, {} CPP{}, {} FPP, ELR {}, SAN {}\n",
            side.name(),
            rgs,
            ob.cpp,
            if side == Side::German {
                format!(" + {} Support CPP", ob.support_cpp)
            } else {
                String::new()
            },
            ob.fpp,
            ob.elr,
            ob.san
        ));
    }
    out.push_str(&format!("Next: `votg refit {}`.\n", dir.display()));
    Ok(out)
}

pub fn status(dir: &Path, global: &Global) -> Result<String, Error> {
    let tables = global.load_tables()?;
    let state = read_sheets(dir, &tables)?;
    let c = &state.campaign;
    let def = cg_def::load(&tables, c.cg)?;
    let mut out = format!(
        "CG {} — {} ({}), CG Days {}–{} Sep 1942\n",
        c.cg, c.title, def.rule, def.first_date, def.last_date,
    );
    out.push_str(&if c.result.is_some() {
        // C23: Idle Days may follow the last scenario; it is named by the
        // CG Day it was played on, not by the CG's last CG Day.
        match c
            .days
            .iter()
            .rev()
            .find(|d| crate::reph::cg_days::played(d))
        {
            Some(d) => format!(
                "Its last scenario, {}, was played on {}.\n",
                d.scenario.unwrap_or(c.scenario),
                d.cg_day().long()
            ),
            None => "No scenario was played.\n".to_string(),
        }
    } else {
        format!(
            "Preparing scenario {} on {}{}\n",
            c.scenario,
            c.cg_day().long(),
            if c.is_initial() {
                " — the Initial Scenario (12.5)"
            } else {
                ""
            }
        )
    });
    if let Some(r) = &c.result {
        // C23, 12.51-12.54: the CG is over.
        out.push_str(&format!(
            "The campaign is over: {}.\n",
            crate::reph::cg_end::verdict(r)
        ));
    }
    for side in Side::BOTH.into_iter().filter(|_| c.result.is_none()) {
        let step = c.step.of(side);
        let text = match step.step() {
            Some(id) => format!("is at {}", id.step()),
            None => "has finished the Refit Phase".into(),
        };
        out.push_str(&format!("  {} {}\n", side.name(), text));
    }
    out.push_str(&format!(
        "Russian Attack chits used: {} of {} (12.6251)\n",
        c.russian_attack_chits_used, def.russian_attack_chits
    ));
    let g = state.german.roster.current();
    if let Some((l, n)) = g.and_then(|l| l.night_elr.map(|n| (l, n))) {
        out.push_str(&format!(
            "German ELR in the Night scenario of {}/9: {n} (the CG Roster's {} less one, 12.6254)\n",
            l.date, l.elr
        ));
    }
    let mut t = grid();
    t.set_header(vec![
        "CG Day",
        "Scenario",
        "Weather",
        "EC",
        "Wind",
        "Type",
        "Sets up first",
        "Moves first",
        "Chits G/R",
        "Victor",
    ]);
    fn opt<T: std::fmt::Display>(o: &Option<T>) -> String {
        o.as_ref().map_or_else(|| "—".into(), ToString::to_string)
    }
    let side = |o: &Option<Side>| o.map_or("—".to_string(), |s| s.name().to_string());
    for d in &c.days {
        t.add_row(vec![
            d.cg_day().long(),
            d.scenario.map_or("Idle".into(), |n| n.to_string()),
            opt(&d.weather),
            opt(&d.ec),
            opt(&d.wind),
            opt(&d.scenario_type),
            side(&d.sets_up_first),
            side(&d.moves_first),
            format!("{}/{}", opt(&d.german_chit), opt(&d.russian_chit)),
            side(&d.victor),
        ]);
    }
    out.push_str(&format!("{t}\n"));
    Ok(out)
}

/// How a read command shows its sheet: `--format`, and `--wide` for text.
#[derive(Debug, Clone, Copy)]
pub struct Shown {
    pub format: Format,
    pub wide: bool,
}

impl Shown {
    /// The text, CSV or JSON of `sheet` (a title, if any, above the text
    /// form);
    /// `json`, when given, is the typed data instead of the sheet's cells.
    fn render<C: AsRef<str>>(self, title: &str, sheet: &Sheet<C>, json: Option<String>) -> String {
        match self.format {
            Format::Csv => sheet.csv(),
            Format::Json => json.unwrap_or_else(|| sheet.json()),
            Format::Text => {
                let mut out = String::new();
                if !title.is_empty() {
                    out.push_str(title);
                    out.push('\n');
                }
                if self.wide {
                    sheet.wide(&mut out);
                } else {
                    sheet.fit(&mut out, terminal_width());
                }
                out
            }
        }
    }
}

fn json_of<T: serde::Serialize>(value: &T) -> String {
    let mut text = serde_json::to_string_pretty(value).expect("campaign data serialises");
    text.push('\n');
    text
}

pub fn roster(dir: &Path, side: Side, shown: Shown, global: &Global) -> Result<String, Error> {
    let tables = global.load_tables()?;
    let state = read_sheets(dir, &tables)?;
    let roster = &state.side(side).roster;
    let title = format!(
        "{} CG Roster — CG {} ({})",
        side.name(),
        state.campaign.cg,
        state.campaign.title
    );
    Ok(shown.render(&title, &sheets::roster(roster, side), Some(json_of(roster))))
}

pub fn purchases(dir: &Path, side: Side, shown: Shown, global: &Global) -> Result<String, Error> {
    let tables = global.load_tables()?;
    let state = read_sheets(dir, &tables)?;
    let rows = &*state.side(side).purchases;
    if shown.format == Format::Csv {
        // The file's own columns, every fact included.
        return Ok(String::from_utf8(purchase_record::to_csv(rows)).expect("utf-8"));
    }
    let title = format!(
        "{} RG Purchase Record — CG {}",
        side.name(),
        state.campaign.cg
    );
    Ok(shown.render(&title, &sheets::purchases(rows), Some(json_of(rows))))
}

pub fn force(dir: &Path, side: Side, shown: Shown, global: &Global) -> Result<String, Error> {
    let tables = global.load_tables()?;
    let state = read_sheets(dir, &tables)?;
    let force = &state.side(side).force;
    Ok(match shown.format {
        Format::Csv => sheet::csv(force),
        Format::Json => sheet::json(force),
        Format::Text => {
            let text = sheet::text(force);
            // Long remarks fold under their line, indented past the ids.
            let text = if shown.wide {
                text
            } else {
                let width = terminal_width();
                text.lines()
                    .map(|l| {
                        if l.chars().count() <= width {
                            format!("{l}\n")
                        } else {
                            crate::sheet_fit::fold(l, width, 6)
                        }
                    })
                    .collect()
            };
            format!(
                "{} Force Organizer (Chapter V divider) — CG {}\n{text}",
                side.name(),
                state.campaign.cg,
            )
        }
    })
}

/// What `votg log` shows: which rows, and how.
#[derive(Debug, Clone, Copy)]
pub struct LogView<'a> {
    pub side: Option<Side>,
    pub step: Option<&'a str>,
    pub reveal: bool,
    pub shown: Shown,
}

pub fn log(dir: &Path, view: LogView, global: &Global) -> Result<String, Error> {
    let tables = global.load_tables()?;
    let written = journal_as_written(dir, &tables);
    let state;
    let lines: Vec<LogLine> = match written.as_ref().and_then(|w| {
        (0..w.len())
            .map(|i| LogLine::written(w, i))
            .collect::<Option<_>>()
    }) {
        Some(lines) => lines,
        None => {
            state = read(dir, &tables)?;
            state.journal.iter().map(LogLine::of).collect()
        }
    };
    if let Some(step) = view.step
        && !known_step(step)
    {
        return Err(Error::Usage(format!(
            "--step {step}: no RePh step has that number; steps are 12.5 (the campaign's creation) and {} (see `votg status`)",
            crate::reph::sequence::SEQUENCE
                .iter()
                .map(|s| s.rule())
                .collect::<Vec<_>>()
                .join(", ")
        )));
    }
    let shown = lines.into_iter().filter(|r| {
        view.step.is_none_or(|s| r.step.starts_with(s))
            && view
                .side
                .is_none_or(|s| r.side == s.id() || r.side == "both")
            && crate::journal::visible(r.secret, r.side, view.side, view.reveal)
    });
    // Unless every row is shown, rows are numbered in this view: the
    // journal's own numbers would show, by their gaps, how many secret rows
    // the other side has.
    let sheet = sheets::log(shown, !view.reveal);
    let mut out = view.shown.render("", &sheet, None);
    if view.shown.format == Format::Text && !view.reveal {
        // Said always, so it tells nothing about how many there are.
        out.push_str("Any secret row(s) hidden: --side S shows a side's own, --reveal all.\n");
    }
    Ok(out)
}

/// The journal's records as written, when one quiet read of the campaign
/// finds every file as its parsed copy was made from (so the journal was
/// read and checked whole when it was written): `votg log` then shows them
/// without parsing the other files or making a row of each record. `None`
/// sends it to the full read, which names any problem.
fn journal_as_written(dir: &Path, tables: &Tables) -> Option<AsWritten> {
    let (files, digested) = Store::read_committed_quick(dir, &[])?;
    if !parsed_copy::vouches(dir, &files, &digested, tables) {
        return None;
    }
    AsWritten::read(files.get("journal.csv")?)
}

/// A step `--step` may name: one of the sequence, a prefix of one (12.62),
/// or 12.5, the campaign's creation.
fn known_step(step: &str) -> bool {
    step == "12.5"
        || crate::reph::sequence::SEQUENCE
            .iter()
            .any(|s| s.rule().starts_with(step))
}

/// `votg undo [--side S]`: takes back the last step. With `--side`, only
/// if it was that side's (or a public step); the other side's step is
/// refused without saying what it was. Without `--side`, a secret step is
/// taken back without saying what it was either.
pub fn undo(dir: &Path, side: Option<Side>, global: &Global) -> Result<String, Error> {
    let tables = global.load_tables()?;
    let store = Store::open(dir)?;
    let plan = store.plan_undo()?.ok_or_else(|| Error::NothingToUndo {
        dir: dir.to_path_buf(),
    })?;
    if let (Some(me), Some(owner)) = (side, plan.step.side)
        && me != owner
    {
        return Err(Error::Refused(format!(
            "the last step is the {0}'s; the {0} player must undo it first (votg undo --side {1}). Nothing was changed.",
            owner.name(),
            owner.id()
        )));
    }
    let shown = |step: &crate::store::Snapshot| match (side, step.side) {
        (None, Some(owner)) if step.secret => format!("a secret {} step", owner.name()),
        _ => step.label.clone(),
    };
    // Undo works even when the current files are damaged (that is when it
    // is needed most), but what it restores must load: a damaged history
    // entry is refused before anything changes.
    let checked = match CampaignState::from_files(&plan.restored, &tables) {
        Ok(state) => state,
        Err(e) => {
            return Err(Error::Refused(format!(
                "undo refused: the campaign as it was before the last step ({}) does not load, so it is not restored. Nothing was changed.\n{e}",
                shown(&plan.step)
            )));
        }
    };
    let restored = plan.restored.clone();
    let step = store.apply_undo(plan)?;
    parsed_copy::keep(dir, &restored, &checked, &tables, None);
    Ok(format!(
        "Undone: {}. The campaign is as it was before that step.\n",
        shown(&step)
    ))
}
