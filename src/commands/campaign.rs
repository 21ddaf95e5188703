//! `votg new | status | roster | purchases | force | log | undo`.

use std::path::Path;

use crate::commands::{Config as Global, Format};
use crate::error::Error;
use crate::model::cg_day::CgDay;
use crate::model::force::sheet;
use crate::model::purchase_record;
use crate::model::side::{Cg, Side};
use crate::model::state::CampaignState;
use crate::render::sheet_fit::{Sheet, terminal_width};
use crate::render::sheets::{self, LogLine};
use crate::rules::cg_def;
use crate::rules::new_campaign;
use crate::rules::reph::sequence::StepExt;
use crate::rules::roll_text::grid;
use crate::rules::tables::Tables;
use crate::store::{self, Opened};

/// Reads a campaign: no lock, nothing written, so it works on a read-only
/// campaign and while another votg (a refit waiting for input) holds the
/// lock. It sees every step done so far. What was left unfinished past the
/// logs' ends, or a view edited by hand, is said on standard error (standard
/// output may be a CSV or JSON document).
pub fn open_read(dir: &Path, tables: &Tables) -> Result<Opened, Error> {
    let opened = store::open_read(dir, &|s| s.check(tables))?;
    notes(dir, &opened);
    Ok(opened)
}

/// Reads a campaign with its views looked at (`votg verify`).
pub fn open_read_views(
    dir: &Path,
    tables: &Tables,
) -> Result<(Opened, store::views::Views), Error> {
    let (opened, views) = store::open_read_views(dir, &|s| s.check(tables))?;
    notes(dir, &opened);
    Ok((opened, views))
}

/// What a reader tells on standard error: an older campaign read in the
/// new form, what was left unfinished past the logs' ends.
fn notes(dir: &Path, opened: &Opened) {
    if let Some(old) = &opened.old {
        eprintln!(
            "note: {} was written by an older votg and is read in the new form; the next command that changes it imports it.{}",
            dir.display(),
            old.notes
                .iter()
                .map(|n| format!("\n  - {n}"))
                .collect::<String>()
        );
    }
    for u in &opened.unfinished {
        eprintln!(
            "note: {u}: past the last whole event, so it does not count (a step being written right now, or left by an interrupted command, which the next command that changes the campaign moves aside)."
        );
    }
}

/// The campaign as its logs derive it, for a read command.
pub fn read(dir: &Path, tables: &Tables) -> Result<CampaignState, Error> {
    Ok(open_read(dir, tables)?.folded.state)
}

/// The campaign, for a command showing `side`'s own sheets: refused on the
/// other side's half of a two-machine campaign (DESIGN §9), which holds
/// nothing of them.
pub fn read_side(dir: &Path, side: Side, tables: &Tables) -> Result<CampaignState, Error> {
    let opened = open_read(dir, tables)?;
    if let Some(held) = opened.held()
        && held != side
    {
        return Err(Error::Refused(format!(
            "{} is the {}'s half of a two-machine campaign: the {}'s sheets are on his machine only.",
            dir.display(),
            held.name(),
            side.name()
        )));
    }
    Ok(opened.folded.state)
}

pub fn new(dir: &Path, cg: Cg, global: &Global) -> Result<String, Error> {
    let tables = global.load_tables()?;
    let def = cg_def::load(&tables, cg)?;
    // Each side's key is its own secret (DESIGN §3): never printed here.
    let (seeds, test_seed) = match global.seed {
        Some(n) => (crate::rules::dice::Seeds::from_number(n), Some(n)),
        None => (crate::rules::dice::Seeds::fresh(), None),
    };
    let state = new_campaign::initial_state(&def, &tables);
    // What we write must hold together: a defect here is ours.
    state.check(&tables)?;
    make_folder(dir)?;
    store::create(dir, &state, seeds, test_seed)?;
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
    if let Some(n) = test_seed {
        out.push_str(&format!("{}\n", test_campaign_warning(n)));
    }
    out.push_str(&format!(
        "Back up the whole folder: german/ and russian/ hold each side's secret dice key, and log.jsonl with each side's log is the campaign itself.\nNext: `votg refit {}`.\n",
        dir.display()
    ));
    Ok(out)
}

/// What a `--seed N` campaign is: its dice are predictable.
pub fn test_campaign_warning(n: u64) -> String {
    format!(
        "This is a test campaign (--seed {n}): anyone who knows or guesses {n} (a small number is found in seconds) can predict every roll of both sides. Play real campaigns without --seed."
    )
}

/// `votg new` makes a new folder, or fills an empty one.
pub(crate) fn make_folder(dir: &Path) -> Result<(), Error> {
    if dir.exists() {
        let empty = std::fs::read_dir(dir)
            .map_err(crate::store::file::io(dir))?
            .next()
            .is_none();
        if !empty {
            return Err(Error::DirNotEmpty {
                dir: dir.to_path_buf(),
            });
        }
    }
    std::fs::create_dir_all(dir).map_err(crate::store::file::io(dir))
}

pub fn status(dir: &Path, global: &Global) -> Result<String, Error> {
    let tables = global.load_tables()?;
    let opened = open_read(dir, &tables)?;
    let state = &opened.folded.state;
    let c = &state.campaign;
    let def = cg_def::load(&tables, c.cg)?;
    let mut out = format!(
        "CG {} — {} ({}), CG Days {}–{} Sep 1942\n",
        c.cg, c.title, def.rule, def.first_date, def.last_date,
    );
    if let Some(n) = opened.folded.test_seed {
        let split = crate::model::ledger::Ledger::new(&opened.events, Side::German).split();
        out.push_str(&match split {
            // The seeds taken at a split are new (from `--seed` only in tests).
            Some((k, _)) => format!(
                "This was a test campaign (--seed {n}) until its split at event {k}: anyone who knows or guesses {n} can predict every roll before it.\n"
            ),
            None => format!("{}\n", test_campaign_warning(n)),
        });
    }
    if let Some(half) = opened.half {
        out.push_str(&crate::commands::exchange::standing(&opened, half.side));
    }
    out.push_str(&if c.result.is_some() {
        // C23: Idle Days may follow the last scenario; it is named by the
        // CG Day it was played on, not by the CG's last CG Day.
        match c
            .days
            .iter()
            .rev()
            .find(|d| crate::rules::reph::cg_days::played(d))
        {
            Some(d) => format!(
                "Its last scenario, {}, was played on {}.\n",
                d.scenario.unwrap_or(c.scenario),
                d.cg_day().long()
            ),
            None => "No scenario was played.\n".to_string(),
        }
    } else if c.today().is_some_and(|d| d.victor.is_some()) {
        // Recorded, and the Refit Phase after it under way: the next
        // scenario's CG Day begins at 12.614.
        format!(
            "Refit Phase after scenario {}, played on {}\n",
            c.scenario,
            c.cg_day().long()
        )
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
            crate::rules::reph::cg_end::verdict(r)
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
    out.push_str(&days_table(c));
    Ok(crate::render::sheet_fit::fit_text(&out, terminal_width()))
}

/// The CG Days so far, one line per scenario (or Idle Day). A
/// Counterattack scenario is played in its CG Day's Weather and EC.
fn days_table(c: &crate::model::campaign::Campaign) -> String {
    use comfy_table::ColumnConstraint;
    let mut t = grid();
    t.set_header(vec![
        "CG Day",
        "Scen.",
        "Weather, EC, wind",
        "Type",
        "Sets up/\nmoves",
        "Chits\nG/R",
        "Victor",
    ]);
    fn opt<T: std::fmt::Display>(o: &Option<T>) -> String {
        o.as_ref().map_or_else(|| "—".into(), ToString::to_string)
    }
    let short = |o: &Option<Side>| {
        o.map_or("—", |s| match s {
            Side::German => "Ger",
            Side::Russian => "Rus",
        })
    };
    let chit = |o: &Option<crate::model::chit::Chit>| {
        o.map_or("—", |c| match c {
            crate::model::chit::Chit::Attack => "A",
            crate::model::chit::Chit::Idle => "I",
        })
    };
    for d in &c.days {
        let (weather, ec) = c.weather_of(d);
        let mut sky = format!("{}, {}", opt(&weather), opt(&ec));
        if let Some(w) = &d.wind {
            sky.push_str(&format!("; {w}"));
        }
        t.add_row(vec![
            d.cg_day().to_string(),
            d.scenario.map_or("Idle".into(), |n| n.to_string()),
            sky,
            d.scenario_type
                .map_or("—".into(), |t| t.id().replace('-', " ")),
            format!("{}/{}", short(&d.sets_up_first), short(&d.moves_first)),
            format!("{}/{}", chit(&d.german_chit), chit(&d.russian_chit)),
            opt(&d.victor.map(Side::name)),
        ]);
    }
    // Only the weather and the type wrap; the short columns stay whole.
    for i in [0, 1, 4, 5, 6] {
        if let Some(col) = t.column_mut(i) {
            col.set_constraint(ColumnConstraint::ContentWidth);
        }
    }
    format!("{t}\nChits: A Attack, I Idle (12.625). Ger German, Rus Russian.\n")
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
    let state = read_side(dir, side, &tables)?;
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
    let state = read_side(dir, side, &tables)?;
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
    let state = read_side(dir, side, &tables)?;
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
                            crate::render::sheet_fit::fold(l, width, 6)
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
    /// `--day 16` or `--day 14N`: only that CG Day's rows.
    pub day: Option<CgDay>,
    pub reveal: bool,
    pub shown: Shown,
}

pub fn log(dir: &Path, view: LogView, global: &Global) -> Result<String, Error> {
    let tables = global.load_tables()?;
    let state = read(dir, &tables)?;
    let lines: Vec<LogLine> = state.journal.iter().map(LogLine::of).collect();
    if let Some(step) = view.step
        && !known_step(step)
    {
        return Err(Error::Usage(format!(
            "--step {step}: no RePh step has that number; steps are 12.5 (the campaign's creation) and {} (see `votg status`)",
            crate::rules::reph::sequence::SEQUENCE
                .iter()
                .map(|s| s.rule())
                .collect::<Vec<_>>()
                .join(", ")
        )));
    }
    let shown = lines.into_iter().filter(|r| {
        view.step.is_none_or(|s| r.step.starts_with(s))
            && view
                .day
                .is_none_or(|d| r.cg_day.parse::<CgDay>().is_ok_and(|day| day == d))
            && view
                .side
                .is_none_or(|s| r.side == s.id() || r.side == "both")
            && crate::model::journal::visible(r.secret, r.side, view.side, view.reveal)
    });
    // Unless every row is shown, rows are numbered in this view: the
    // journal's own numbers would show, by their gaps, how many secret rows
    // the other side has.
    let renumber = !view.reveal;
    let mut out = match view.shown.format {
        Format::Text => {
            let width = (!view.shown.wide).then(terminal_width);
            crate::render::log_table::table(shown, renumber, width)
        }
        _ => view.shown.render("", &sheets::log(shown, renumber), None),
    };
    if view.shown.format == Format::Text && !view.reveal {
        // Said always, so it tells nothing about how many there are.
        out.push_str("Any secret row(s) hidden: --side S shows a side's own, --reveal all.\n");
    }
    Ok(out)
}

/// A step `--step` may name: one of the sequence, a prefix of one (12.62),
/// or 12.5, the campaign's creation.
fn known_step(step: &str) -> bool {
    step == "12.5"
        || crate::rules::reph::sequence::SEQUENCE
            .iter()
            .any(|s| s.rule().starts_with(step))
}
