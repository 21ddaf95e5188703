//! Which journal rows the story of one RG Purchase Record row may draw on,
//! told apart before the journal is parsed: `explain` reads a few dozen of
//! a campaign's thousand-odd rows instead of all of them.

use std::cell::Cell;

use memchr::memmem::Finder;

use crate::journal::fast_read::{ANSWER, CONCERNS, KIND, SECRET, SIDE, WHAT};
use crate::parsed_copy::RowFilter;
use crate::side::Side;
use crate::state::CampaignState;

/// The journal rows the story of `side`'s row `row` may draw on: the rows
/// naming a counter they were split from (any side's: `lineage` follows
/// them all); of the rows not of the other side, those about the row
/// (`row:<n>`) or a counter that is or was the row's, the answers that may
/// name its RG, and the first row tagged with any purchase row (so
/// `tagged` tells as of the whole journal). The counters it was split from
/// are not known before the journal is read: every counter any row names
/// as `from:` stands in for them.
pub fn story_rows(
    state: &CampaignState,
    bytes: &[u8],
    side: Side,
    row: usize,
) -> Box<dyn RowFilter> {
    let Some(r) = row
        .checked_sub(1)
        .and_then(|i| state.side(side).purchases.get(i))
    else {
        // No such row: `story` refuses it without reading the journal.
        return Box::new(NoRow);
    };
    let mut ids: Vec<String> = state
        .side(side)
        .force
        .of_rg_row(row)
        .map(|c| c.id.to_string())
        .collect();
    ids.extend(split_from(bytes));
    Box::new(Wanted {
        side,
        tag: format!("row:{row}"),
        ids,
        tagged_seen: Cell::new(false),
        finders: Finders::new(&r.rg_id),
    })
}

/// No row to tell: no journal row is wanted.
struct NoRow;

impl RowFilter for NoRow {
    fn maybe(&self, _raw: &[u8]) -> bool {
        false
    }

    fn keep(&self, _r: &csv::ByteRecord) -> bool {
        false
    }
}

/// What [`story_rows`] looks for.
struct Wanted {
    side: Side,
    /// The row's own tag, `row:<n>`.
    tag: String,
    /// The row's counters, and every counter split from.
    ids: Vec<String>,
    /// Whether a row tagged with a purchase row has been kept.
    tagged_seen: Cell<bool>,
    finders: Finders,
}

/// The searchers run on every row, made once.
struct Finders {
    from: Finder<'static>,
    answer: Finder<'static>,
    rg_id: Finder<'static>,
    /// Any purchase row's tag.
    any_tag: Finder<'static>,
}

impl Finders {
    fn new(rg_id: &str) -> Finders {
        Finders {
            from: Finder::new(b"from:"),
            answer: Finder::new(b",answer,"),
            rg_id: Finder::new(rg_id.as_bytes()).into_owned(),
            any_tag: Finder::new(b"row:"),
        }
    }
}

impl RowFilter for Wanted {
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
            || (!self.tagged_seen.get() && self.finders.any_tag.find(concerns).is_some())
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
            let names = |i: usize| self.finders.rg_id.find(&r[i]).is_some();
            side == me && (!concerns.is_empty() || names(WHAT) || names(ANSWER))
        } else {
            self.about(concerns)
        };
        if kept {
            return true;
        }
        let visible = &r[SECRET] == b"false" || side == me;
        let tags_a_row = self.finders.any_tag.find(concerns).is_some();
        if !self.tagged_seen.get() && visible && tags_a_row {
            self.tagged_seen.set(true);
            return true;
        }
        false
    }
}

impl Wanted {
    /// Whether `concerns` names the row or one of its counters (or may:
    /// words split by other than ASCII white space are left to `story`).
    fn about(&self, concerns: &[u8]) -> bool {
        !concerns.is_ascii()
            || concerns
                .split(u8::is_ascii_whitespace)
                .any(|w| w == self.tag.as_bytes() || self.ids.iter().any(|id| w == id.as_bytes()))
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
