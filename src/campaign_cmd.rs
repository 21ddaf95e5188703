//! `votg new | status | roster | purchases | force | log | undo`.

use std::path::Path;

use crate::cg_def;
use crate::cli::{Format, Global};
use crate::error::Error;
use crate::force::sheet;
use crate::new_campaign;
use crate::purchase_record::{self, SW_COLUMNS};
use crate::render::grid;
use crate::side::{Cg, Side};
use crate::state::CampaignState;
use crate::store::Store;
use crate::tables::Tables;

/// Opens and loads a campaign for writing; the store stays locked while it
/// lives.
pub fn open(dir: &Path, tables: &Tables) -> Result<(Store, CampaignState), Error> {
    let store = Store::open(dir)?;
    let state = loaded(dir, &store.read_checked()?, tables)?;
    Ok((store, state))
}

/// Loads a campaign for reading: no lock, nothing written, so it works on a
/// read-only campaign and while another votg (a refit waiting for input)
/// holds the lock. It sees the last committed state (an interrupted commit
/// as recovery will finish it).
pub fn read(dir: &Path, tables: &Tables) -> Result<CampaignState, Error> {
    loaded(dir, &Store::read_committed(dir)?, tables)
}

/// A campaign of an older schema is migrated in memory, and the players
/// told; the next step that changes the campaign writes it in the new form
/// (a command that only reads, or that fails, writes nothing).
fn loaded(
    dir: &Path,
    files: &crate::store::Files,
    tables: &Tables,
) -> Result<CampaignState, Error> {
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
    CampaignState::from_files(&files, &tables)?;
    let store = Store::create(dir)?;
    store.commit(&files, None)?;
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
    let state = read(dir, &tables)?;
    let c = &state.campaign;
    let def = cg_def::load(&tables, c.cg)?;
    let mut out = format!(
        "CG {} — {} ({}), CG Days {}–{} Sep 1942\nPreparing scenario {} on {}{}\n",
        c.cg,
        c.title,
        def.rule,
        def.first_date,
        def.last_date,
        c.scenario,
        c.cg_day().long(),
        if c.is_initial() {
            " — the Initial Scenario (12.5)"
        } else {
            ""
        }
    );
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

pub fn roster(dir: &Path, side: Side, csv: bool, global: &Global) -> Result<String, Error> {
    let tables = global.load_tables()?;
    let state = read(dir, &tables)?;
    let roster = &state.side(side).roster;
    let german = side == Side::German;
    let mut header = vec![
        "Date",
        "D/N",
        "Scen",
        "Hist DRM",
        "CPP Start",
        "Received",
        "Spent",
        "Left",
    ];
    if german {
        header.extend(["Sup Start", "Sup Rec'd", "Sup Spent", "Sup Left"]);
    }
    header.extend([
        "RG Purchased",
        "FPP",
        "Fortifications",
        "ELR",
        "SAN",
        "Recon",
        "Initiative",
    ]);
    if !german {
        header.push("Booby Trap");
    }
    let rows: Vec<Vec<String>> = roster
        .lines
        .iter()
        .map(|l| {
            let mut r = vec![
                format!("{}/9", l.date),
                if l.night { "N".into() } else { "D".into() },
                l.scenario.map_or("Idle".into(), |n| n.to_string()),
                crate::drm::signed(l.hist_drm),
                l.cpp.start.to_string(),
                l.cpp.received.to_string(),
                l.cpp.spent.to_string(),
                l.cpp.left.to_string(),
            ];
            if german {
                let p = l.support_cpp.unwrap_or_default();
                r.extend(
                    [p.start, p.received, p.spent, p.left]
                        .iter()
                        .map(i64::to_string),
                );
            }
            r.push(
                l.rgs
                    .iter()
                    .map(|b| {
                        if b.support_cpp > 0 {
                            format!("{} ({}+{}S)", b.rg, b.cpp, b.support_cpp)
                        } else {
                            format!("{} ({})", b.rg, b.cpp)
                        }
                    })
                    .collect::<Vec<_>>()
                    .join(", "),
            );
            r.push(format!("{}/{}", l.fpp_spent, l.fpp));
            r.push(l.fortifications.join(", "));
            r.push(l.elr.to_string());
            r.push(l.san.to_string());
            r.push(
                l.recon
                    .map_or(String::new(), |n| format!("{n} ({} CPP)", l.recon_cpp)),
            );
            r.push(l.initiative.clone().unwrap_or_default());
            if !german {
                r.push(l.booby_trap.clone().unwrap_or_default());
            }
            r
        })
        .collect();
    if csv {
        let mut w = csv::Writer::from_writer(Vec::new());
        w.write_record(&header).expect("in-memory");
        for r in rows {
            w.write_record(&r).expect("in-memory");
        }
        return Ok(String::from_utf8(w.into_inner().expect("in-memory")).expect("utf-8"));
    }
    let mut t = grid();
    t.set_header(header);
    for r in rows {
        t.add_row(r);
    }
    Ok(format!(
        "{} CG Roster — CG {} ({})\n{t}\n",
        side.name(),
        state.campaign.cg,
        state.campaign.title
    ))
}

pub fn purchases(dir: &Path, side: Side, csv: bool, global: &Global) -> Result<String, Error> {
    let tables = global.load_tables()?;
    let state = read(dir, &tables)?;
    let rows = &state.side(side).purchases;
    if csv {
        return Ok(String::from_utf8(purchase_record::to_csv(rows)).expect("utf-8"));
    }
    let mut t = grid();
    let mut header = vec![
        "CG Day",
        "RG ID",
        "Group Type",
        "#P/EC",
        "#R",
        "Str.",
        "# Units",
    ];
    header.extend(["HMG", "MMG", "LMG", "ATR", "Lt MTR", "FT", "DC"]);
    header.extend(["Guns", "Leaders", "Other", "On-Bd"]);
    t.set_header(header);
    for r in rows {
        let mut row = vec![
            r.cg_day.to_string(),
            r.rg_id.clone(),
            r.group_type.clone(),
            match (r.purchased_so_far, r.entry_code.as_str()) {
                (Some(n), "") => n.to_string(),
                (Some(n), ec) => format!("{n}/{ec}"),
                (None, _) => "given".into(),
            },
            r.remaining.map_or(String::new(), |n| n.to_string()),
            r.strength.clone(),
            r.units.map_or(String::new(), |n| n.to_string()),
        ];
        row.extend(
            SW_COLUMNS
                .iter()
                .map(|k| r.sw(k).map_or(String::new(), |n| n.to_string())),
        );
        row.extend([
            r.guns.clone(),
            r.leaders.clone(),
            r.other.clone(),
            r.on_board.to_string(),
        ]);
        t.add_row(row);
    }
    Ok(format!(
        "{} RG Purchase Record — CG {}\n{t}\n",
        side.name(),
        state.campaign.cg
    ))
}

pub fn force(dir: &Path, side: Side, format: Format, global: &Global) -> Result<String, Error> {
    let tables = global.load_tables()?;
    let state = read(dir, &tables)?;
    let force = &state.side(side).force;
    Ok(match format {
        Format::Csv => sheet::csv(force),
        Format::Json => sheet::json(force),
        Format::Text => format!(
            "{} Force Organizer (Chapter V divider) — CG {}\n{}",
            side.name(),
            state.campaign.cg,
            sheet::text(force)
        ),
    })
}

pub fn log(
    dir: &Path,
    side: Option<Side>,
    step: Option<&str>,
    reveal: bool,
    global: &Global,
) -> Result<String, Error> {
    let tables = global.load_tables()?;
    let state = read(dir, &tables)?;
    let mut t = grid();
    t.set_header(vec![
        "#", "CG Day", "Step", "Side", "What", "Dice", "Orig", "DRM", "Final", "Result", "Rule",
    ]);
    let mut hidden = 0;
    for r in &state.journal {
        if step.is_some_and(|s| !r.step.starts_with(s)) {
            continue;
        }
        if side.is_some_and(|s| r.side != s.id() && r.side != "both") {
            continue;
        }
        if !r.visible_to(side, reveal) {
            hidden += 1;
            continue;
        }
        t.add_row(vec![
            r.seq.to_string(),
            r.cg_day.clone(),
            r.step.clone(),
            if r.secret {
                format!("{} (secret)", r.side)
            } else {
                r.side.clone()
            },
            r.what.clone(),
            r.dice.clone(),
            r.original.clone(),
            // Read back and shown as the rules print them (no escapes).
            r.drm_list()
                .map_or_else(|_| r.drms.clone(), |d| crate::drm::describe(&d)),
            r.final_result.clone(),
            r.result.clone(),
            r.rule.clone(),
        ]);
    }
    let mut out = format!("{t}\n");
    if hidden > 0 {
        out.push_str(&format!(
            "{hidden} secret row(s) hidden: show a side's own with --side, or all with --reveal (post-game review).\n"
        ));
    }
    Ok(out)
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
    if let Err(e) = CampaignState::from_files(&plan.restored, &tables) {
        return Err(Error::Refused(format!(
            "undo refused: the campaign as it was before the last step ({}) does not load, so it is not restored. Nothing was changed.\n{e}",
            shown(&plan.step)
        )));
    }
    let step = store.apply_undo(plan)?;
    Ok(format!(
        "Undone: {}. The campaign is as it was before that step.\n",
        shown(&step)
    ))
}
