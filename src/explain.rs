//! `votg explain [DIR] --side S <ROW>`: the story of one RG Purchase Record
//! row, told from the journal: the purchase and its cost, every roll that
//! made the row (table, dice, each DRM with its rule, result), the answers
//! given, and what happened to its counters afterwards, in order. Only
//! what the side may see: its own rows and the public ones.

use std::cell::Cell;
use std::path::Path;
use std::rc::Rc;

use memchr::memmem::Finder;

use crate::campaign_cmd::{read, read_as};
use crate::cli::Global;
use crate::error::Error;
use crate::journal::fast_read::{ANSWER, CONCERNS, KIND, SECRET, SIDE, WHAT};
use crate::journal::{JournalRow, Kind};
use crate::parsed_copy::{Journal, RowFilter};
use crate::purchase_record::{PurchaseRow, SW_COLUMNS};
use crate::sheets::purchased_ec;
use crate::side::Side;
use crate::state::CampaignState;

pub fn run(dir: &Path, side: Side, row: usize, global: &Global) -> Result<String, Error> {
    let tables = global.load_tables()?;
    let filter = |state: &CampaignState, bytes: &[u8]| story_rows(state, bytes, side, row);
    let state = read_as(dir, &tables, Journal::Where(&filter))?;
    // A journal from before rows were tagged is searched by what its rows
    // say (see `concerning`), which needs every row.
    let state = if tagged(&state, side) {
        state
    } else {
        read(dir, &tables)?
    };
    story(&state, side, row)
}

/// The journal rows the story of `side`'s row `row` may draw on, as a
/// filter of the journal's rows: the rows naming a counter they were split
/// from (any side's: [`lineage`] follows them all); of the rows not of the
/// other side, those about the row (`row:<n>`) or a counter that is or was
/// the row's, the answers that may name its RG, and the first row tagged
/// with any purchase row (so [`tagged`] tells as of the whole journal).
/// The counters it was split from are not known before the journal is
/// read: every counter any row names as `from:` stands in for them.
fn story_rows(state: &CampaignState, bytes: &[u8], side: Side, row: usize) -> RowFilter {
    let Some(r) = row
        .checked_sub(1)
        .and_then(|i| state.side(side).purchases.get(i))
    else {
        // No such row: `story` refuses it without reading the journal.
        return RowFilter {
            maybe: Box::new(|_| false),
            keep: Box::new(|_| false),
        };
    };
    let mut ids: Vec<String> = state
        .side(side)
        .force
        .of_rg_row(row)
        .map(|c| c.id.to_string())
        .collect();
    ids.extend(split_from(bytes));
    let wanted = Rc::new(Wanted {
        side,
        tag: format!("row:{row}"),
        ids,
        tagged_seen: Cell::new(false),
        finders: Finders::new(&r.rg_id),
        rg_id: r.rg_id.to_string(),
    });
    let w = Rc::clone(&wanted);
    RowFilter {
        maybe: Box::new(move |raw| w.maybe(raw)),
        keep: Box::new(move |r| wanted.keep(r)),
    }
}

/// What [`story_rows`] looks for.
struct Wanted {
    side: Side,
    tag: String,
    rg_id: String,
    ids: Vec<String>,
    /// Whether a row tagged with a purchase row has been kept.
    tagged_seen: Cell<bool>,
    finders: Finders,
}

/// The searchers [`Wanted::maybe`] runs on every row, made once.
struct Finders {
    from: Finder<'static>,
    answer: Finder<'static>,
    rg_id: Finder<'static>,
    /// Any purchase row's tag.
    tag: Finder<'static>,
}

impl Finders {
    fn new(rg_id: &str) -> Finders {
        Finders {
            from: Finder::new(b"from:"),
            answer: Finder::new(b",answer,"),
            rg_id: Finder::new(rg_id.as_bytes()).into_owned(),
            tag: Finder::new(b"row:"),
        }
    }
}

impl Wanted {
    /// The first look, at a row's bytes as written: any row that `keep`
    /// could accept passes. `concerns` is the last field, read from the
    /// bytes unless quoted (votg writes counter ids and row tags, which
    /// never need quotes); `kind` is never quoted, nor first or last.
    fn maybe(&self, raw: &[u8]) -> bool {
        let has = |f: &Finder| f.find(raw).is_some();
        if has(&self.finders.from) {
            return true;
        }
        let line = raw.strip_suffix(b"\n").unwrap_or(raw);
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if field(line, SIDE) == Some(self.side.other().id().as_bytes()) {
            return false;
        }
        if line.ends_with(b"\"") {
            return true;
        }
        let concerns = line.rsplit(|&b| b == b',').next().unwrap_or_default();
        if concerns.is_empty() {
            return has(&self.finders.answer) && has(&self.finders.rg_id);
        }
        has(&self.finders.answer)
            || self.about(concerns)
            || (!self.tagged_seen.get() && self.finders.tag.find(concerns).is_some())
    }

    /// Whether `concerns` names the row or one of its counters (or may:
    /// words split by other than ASCII white space are left to `story`).
    fn about(&self, concerns: &[u8]) -> bool {
        !concerns.is_ascii()
            || concerns
                .split(u8::is_ascii_whitespace)
                .any(|w| w == self.tag.as_bytes() || self.ids.iter().any(|id| w == id.as_bytes()))
    }

    /// The rows of the story, and maybe a few more (`story` chooses).
    fn keep(&self, r: &csv::ByteRecord) -> bool {
        let concerns = &r[CONCERNS];
        if self.finders.from.find(concerns).is_some() {
            return true;
        }
        let me = self.side.id().as_bytes();
        let side = &r[SIDE];
        if side == self.side.other().id().as_bytes() {
            return false;
        }
        let kept = if &r[KIND] == b"answer" {
            let names = |i: usize| memchr::memmem::find(&r[i], self.rg_id.as_bytes()).is_some();
            side == me && (!concerns.is_empty() || names(WHAT) || names(ANSWER))
        } else {
            self.about(concerns)
        };
        if kept {
            return true;
        }
        let visible = &r[SECRET] == b"false" || side == me;
        let tags_a_row = self.finders.tag.find(concerns).is_some();
        if !self.tagged_seen.get() && visible && tags_a_row {
            self.tagged_seen.set(true);
            return true;
        }
        false
    }
}

/// Every counter a journal names as one another was split from
/// (`from:<id>` in a row's `concerns`).
fn split_from(bytes: &[u8]) -> Vec<String> {
    let mut ids: Vec<String> = memchr::memmem::find_iter(bytes, b"from:")
        .filter_map(|at| {
            let rest = &bytes[at + 5..];
            let end = rest
                .iter()
                .position(|&b| b.is_ascii_whitespace() || b == b',' || b == b'"')
                .unwrap_or(rest.len());
            std::str::from_utf8(&rest[..end]).ok().map(str::to_string)
        })
        .filter(|id| !id.is_empty())
        .collect();
    ids.sort();
    ids.dedup();
    ids
}

/// Field `n` of a row as written, when no field up to it is quoted.
fn field(line: &[u8], n: usize) -> Option<&[u8]> {
    let mut fields = line.split(|&b| b == b',');
    let found = fields.nth(n)?;
    let before = found.as_ptr() as usize - line.as_ptr() as usize;
    (memchr::memchr(b'"', &line[..before + found.len()]).is_none()).then_some(found)
}

/// The journal rows the side may see in its stories.
fn mine(j: &JournalRow, side: Side) -> bool {
    j.visible_to(Some(side), false) && j.side != side.other().id()
}

/// Whether the journal tags the rows it journals with the purchase row
/// they concern (`row:<n>`), as every journal since votg recorded it does.
fn tagged(state: &CampaignState, side: Side) -> bool {
    state
        .journal
        .iter()
        .any(|j| mine(j, side) && j.concerns.contains("row:"))
}

/// The story of row `row` (1-based) of `side`'s RG Purchase Record.
pub fn story(state: &CampaignState, side: Side, row: usize) -> Result<String, Error> {
    let rows = &state.side(side).purchases;
    let Some(r) = row.checked_sub(1).and_then(|i| rows.get(i)) else {
        return Err(Error::Refused(format!(
            "the {} RG Purchase Record has {} row(s); there is no row {row}. `votg purchases --side {}` lists them with their numbers.",
            side.name(),
            rows.len(),
            side.id()
        )));
    };
    let mut out = format!(
        "{} RG Purchase Record row {row}: {} {} (CG Day {})\n",
        side.name(),
        r.rg_id,
        r.group_type,
        r.cg_day
    );
    out.push_str(&record_line(r));
    let now: Vec<String> = state
        .side(side)
        .force
        .of_rg_row(row)
        .map(|c| c.id.to_string())
        .collect();
    let counters = lineage(state, now);
    let journal = concerning(state, side, row, r, &counters);
    if journal.is_empty() {
        out.push_str("\nThe journal has no row about it (an RG given in the Initial OB with nothing rolled yet, or a journal written before votg recorded which row each roll concerns).\n");
    } else {
        out.push_str("\nIn order:\n");
        for j in &journal {
            out.push_str(&event(j));
        }
    }
    out.push_str(&counters_now(state, side, row));
    Ok(out)
}

/// The row as the sheet has it: strength, units, each SW, guns, leaders.
fn record_line(r: &PurchaseRow) -> String {
    let mut parts = vec![format!("#P/EC {}", purchased_ec(r))];
    if let Some(n) = r.remaining {
        parts.push(format!("#R {n}"));
    }
    if !r.strength.is_empty() {
        parts.push(format!("Strength {}", r.strength));
    }
    if let Some(n) = r.units {
        parts.push(format!("{n} units"));
    }
    for k in SW_COLUMNS {
        if let Some(n) = r.sw(k) {
            parts.push(format!("{n} {}", k.to_uppercase()));
        }
    }
    for (label, v) in [
        ("Guns", &r.guns),
        ("Leaders", &r.leaders),
        ("Other", &r.other),
    ] {
        if !v.is_empty() {
            parts.push(format!("{label}: {v}"));
        }
    }
    let on = r.on_board.to_string();
    if !on.is_empty() {
        parts.push(format!("On-Bd {on}"));
    }
    format!("  {}\n", parts.join("; "))
}

/// The counters `now` and those they were split from (a squad Casualty
/// Reduced to a new HS counter): a row journaled when a counter was made
/// from another names the old one as `from:<id>`, so the old counter's
/// story (its purchase, its losses) stays part of its row's.
fn lineage(state: &CampaignState, now: Vec<String>) -> Vec<String> {
    let mut ids = now;
    loop {
        let before = ids.len();
        for j in &state.journal {
            let words: Vec<&str> = j.concerns.split_whitespace().collect();
            if !words.iter().any(|w| ids.iter().any(|id| id == w)) {
                continue;
            }
            for old in words.iter().filter_map(|w| w.strip_prefix("from:")) {
                if !ids.iter().any(|id| id == old) {
                    ids.push(old.to_string());
                }
            }
        }
        if ids.len() == before {
            return ids;
        }
    }
}

/// The journal rows about the row or its counters, with the answers the
/// side gave in the steps those rows belong to (answers come before what
/// was decided from them).
fn concerning<'a>(
    state: &'a CampaignState,
    side: Side,
    row: usize,
    r: &PurchaseRow,
    counters: &[String],
) -> Vec<&'a JournalRow> {
    let tag = format!("row:{row}");
    let mine = |j: &JournalRow| mine(j, side);
    let about = |j: &JournalRow| {
        j.concerns
            .split_whitespace()
            .any(|c| c == tag || counters.iter().any(|id| id == c))
    };
    let about_row: Vec<&JournalRow> = state
        .journal
        .iter()
        .filter(|j| mine(j) && about(j))
        .collect();
    // A journal from before rows were tagged: the rows naming the RG on its
    // CG Day (two rows of the same RG that day cannot be told apart).
    let day = r.cg_day.to_string();
    let named = |j: &JournalRow| {
        j.cg_day == day
            && (j.what == format!("Purchase {}", r.rg_id)
                || j.what.starts_with(&format!("Purchase {} ", r.rg_id))
                || j.what.starts_with(&format!("{} ", r.rg_id)))
    };
    let chosen: Vec<&JournalRow> = if !tagged(state, side) {
        state
            .journal
            .iter()
            .filter(|j| mine(j) && named(j))
            .collect()
    } else {
        about_row
    };
    let steps: Vec<(&str, &str)> = chosen
        .iter()
        .map(|j| (j.cg_day.as_str(), j.step.as_str()))
        .collect();
    let answer_in_step = |j: &JournalRow| {
        j.kind == Kind::Answer
            && j.side == side.id()
            && steps.contains(&(j.cg_day.as_str(), j.step.as_str()))
            && answer_names_rg(j, &r.rg_id)
    };
    state
        .journal
        .iter()
        .filter(|j| mine(j) && (chosen.iter().any(|c| c.seq == j.seq) || answer_in_step(j)))
        .collect()
}

/// Whether an answer concerns this RG: the purchase list that bought it, or
/// a question asked about the RG's own leaders or squads.
fn answer_names_rg(j: &JournalRow, rg_id: &str) -> bool {
    if j.answer_id.ends_with(".buy") {
        return j
            .answer
            .split('"')
            .any(|p| p == rg_id || p.starts_with(&format!("{rg_id} ")));
    }
    !j.concerns.is_empty() || j.what.contains(rg_id)
}

/// One journal row told as a line of the story.
fn event(j: &JournalRow) -> String {
    let head = format!("  [{}] {} {}", j.seq, j.cg_day, j.step);
    match j.kind {
        Kind::Answer => format!("{head} answer {} = {}\n", j.answer_id, j.result),
        Kind::Decision => format!("{head} {}: {} ({})\n", j.what, j.result, j.rule),
        Kind::Roll => {
            let table = if j.table.is_empty() {
                "plain roll".to_string()
            } else if j.column.is_empty() {
                format!("table {}", j.table)
            } else {
                format!("table {} column {}", j.table, j.column)
            };
            let mut text = format!(
                "{head} {} — {table}: dice {} = {}\n",
                j.what, j.dice, j.original
            );
            match j.drm_list() {
                Ok(drms) => {
                    for d in drms {
                        text.push_str(&format!(
                            "        {} {} ({})\n",
                            crate::drm::signed(d.value),
                            d.reason,
                            d.rule
                        ));
                    }
                }
                Err(_) if !j.drms.is_empty() => {
                    text.push_str(&format!("        DRM {}\n", j.drms));
                }
                Err(_) => {}
            }
            text.push_str(&format!(
                "        final {} → {} ({})\n",
                j.final_result, j.result, j.rule
            ));
            text
        }
    }
}

/// The row's counters as the Force Organizer has them now.
fn counters_now(state: &CampaignState, side: Side, row: usize) -> String {
    let force = &state.side(side).force;
    let runs = crate::force::sheet::runs(force.of_rg_row(row));
    if runs.is_empty() {
        return "\nNo counter of the Force Organizer comes from this row.\n".into();
    }
    let mut out = String::from("\nIts counters now (Force Organizer):\n");
    for r in runs {
        let c = r.first;
        let cond = c.condition_text();
        out.push_str(&format!(
            "  {}  {} x {} — {}{}{}\n",
            r.ids(),
            r.count,
            c.unit,
            c.place.title(),
            if cond.is_empty() {
                String::new()
            } else {
                format!("; {cond}")
            },
            if c.note.is_empty() {
                String::new()
            } else {
                format!("; {}", c.note)
            }
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::journal::fast_read::{rows_maybe_where, rows_where};

    #[test]
    fn a_field_is_read_from_the_bytes_only_before_any_quote() {
        assert_eq!(field(b"1,t,15/9,12.6,german,x", SIDE), Some(&b"german"[..]));
        assert_eq!(field(b"1,\"t,u\",15/9,12.6,german,x", SIDE), None);
        assert_eq!(field(b"1,t,15/9", SIDE), None);
    }

    fn wanted(side: Side) -> Wanted {
        Wanted {
            side,
            tag: "row:2".into(),
            rg_id: "I1".into(),
            ids: vec!["G-17".into()],
            tagged_seen: Cell::new(false),
            finders: Finders::new("I1"),
        }
    }

    fn record(raw: &[u8]) -> csv::ByteRecord {
        let mut reader = csv::ReaderBuilder::new()
            .has_headers(false)
            .from_reader(raw);
        reader.byte_records().next().unwrap().unwrap()
    }

    /// Both looks at a row agree: the bytes as written, then the fields.
    fn looks(w: &Wanted, raw: &[u8]) -> (bool, bool) {
        (w.maybe(raw), w.keep(&record(raw)))
    }

    #[test]
    fn the_other_sides_rows_are_passed_over_unless_they_name_a_split() {
        let row = b"7,t,15/9,12.6111,russian,true,w,,,,,,,decision,,,,,,row:2\n";
        assert_eq!(looks(&wanted(Side::German), row), (false, false));
        assert_eq!(looks(&wanted(Side::Russian), row), (true, true));
        let split = b"7,t,15/9,12.6111,russian,true,w,,,,,,,decision,,,,,,R-3 from:R-1\n";
        assert_eq!(looks(&wanted(Side::German), split), (true, true));
    }

    #[test]
    fn a_row_is_kept_for_the_row_or_its_counters_not_for_others() {
        let w = wanted(Side::German);
        w.tagged_seen.set(true);
        let about = |concerns: &str| {
            format!("7,t,15/9,12.6111,german,true,w,,,,,,,decision,,,,,,{concerns}\n").into_bytes()
        };
        assert_eq!(looks(&w, &about("row:2")), (true, true));
        assert_eq!(looks(&w, &about("G-17")), (true, true));
        assert_eq!(looks(&w, &about("row:3 G-18")), (false, false));
        assert_eq!(looks(&w, &about("row:20")), (false, false));
        // Quoted: left to the second look.
        let quoted = b"7,t,15/9,12.6111,german,true,w,,,,,,,decision,,,,,,\"row:3\"\n";
        assert_eq!(looks(&w, quoted), (true, false));
        assert_eq!(looks(&w, &about("")), (false, false));
        assert_eq!(looks(&w, &about("G-18\tG-17")), (true, true));
    }

    #[test]
    fn an_answer_is_kept_when_it_may_name_the_rg() {
        let w = wanted(Side::German);
        let answer = |what: &str, answer: &str| {
            format!("7,t,15/9,12.621,german,true,{what},,,,,,,answer,,,,german.buy,\"{answer}\",\n")
                .into_bytes()
        };
        assert_eq!(
            looks(&w, &answer("german.buy", "[\"\"I1\"\"]")),
            (true, true)
        );
        assert_eq!(
            looks(&w, &answer("german.buy", "[\"\"I2\"\"]")),
            (false, false)
        );
        assert_eq!(looks(&w, &answer("I1 leader", "1")), (true, true));
        let russian = b"7,t,15/9,12.621,russian,true,I1,,,,,,,answer,,,,russian.buy,[],\n";
        assert_eq!(looks(&w, russian), (false, false));
    }

    #[test]
    fn the_first_row_tagged_with_any_purchase_row_is_kept_once() {
        let w = wanted(Side::German);
        let other = b"7,t,15/9,12.6111,german,true,w,,,,,,,decision,,,,,,row:5\n";
        assert_eq!(looks(&w, other), (true, true));
        assert_eq!(looks(&w, other), (false, false));
    }

    #[test]
    fn split_from_names_every_counter_split_from() {
        let bytes = b"a,b\n1,x,G-3 from:G-1\n2,y,\"R-4 from:R-2 from:G-1\"\n";
        assert_eq!(split_from(bytes), ["G-1", "R-2"]);
    }

    /// Every story of every sample campaign, told from the rows its filter
    /// keeps, is the story told from the whole journal; and the first look
    /// at the bytes lets by every row the second keeps.
    #[test]
    fn the_rows_a_story_may_concern_tell_the_whole_journals_story() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("rosters");
        let tables = crate::tables::Tables::load(None).unwrap();
        let mut told = 0;
        for e in std::fs::read_dir(root).unwrap() {
            let dir = e.unwrap().path();
            let Ok(bytes) = std::fs::read(dir.join("journal.csv")) else {
                continue;
            };
            let whole = read(&dir, &tables).unwrap();
            for side in [Side::German, Side::Russian] {
                for row in 1..=whole.side(side).purchases.len() {
                    let f = story_rows(&whole, &bytes, side, row);
                    let quick = rows_maybe_where(&bytes, &f.maybe, &f.keep).unwrap();
                    let f = story_rows(&whole, &bytes, side, row);
                    let slow = rows_where(&bytes, &f.keep).unwrap();
                    assert_eq!(quick, slow, "{} {side} row {row}", dir.display());
                    let mut part = whole.clone();
                    part.journal = quick;
                    assert!(part.journal.len() < whole.journal.len());
                    assert_eq!(tagged(&part, side), tagged(&whole, side));
                    let told_whole = story(&whole, side, row).unwrap();
                    let told_part = story(&part, side, row).unwrap();
                    assert_eq!(told_part, told_whole, "{} {side} row {row}", dir.display());
                    told += 1;
                }
            }
        }
        assert!(told > 20, "the samples have rows to explain");
    }
}
