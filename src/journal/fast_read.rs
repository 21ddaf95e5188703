//! The journal of the current schema read field by field, without serde:
//! every command that reads the journal (log, explain, verify) reads
//! thousands of rows, and matching each field's name through serde took
//! most of that time. Anything this reader does not expect (another header,
//! a field that does not parse) makes it give up, and the serde reader
//! reads the file instead, with its line-and-column messages.

use compact_str::CompactString;

use super::{COLUMNS, JournalRow, Kind};

/// Where the `step`, `side`, `kind` and `concerns` fields are in a row of
/// [`COLUMNS`] (for the filters of [`rows_where`]).
pub const STEP: usize = 3;
pub const SIDE: usize = 4;
pub const SECRET: usize = 5;
pub const WHAT: usize = 6;
pub const KIND: usize = 13;
pub const ANSWER: usize = 18;
pub const CONCERNS: usize = 19;

/// The rows of a journal whose header is exactly [`COLUMNS`], or `None`
/// when the file needs the full reader (an older schema, a bad field).
pub fn rows(bytes: &[u8]) -> Option<Vec<JournalRow>> {
    rows_where(bytes, |_| true)
}

/// Like [`rows`], keeping only the rows `keep` accepts. `keep` sees a row's
/// fields as they are in the file (in [`COLUMNS`] order) before anything is
/// made of them, so a reader that needs a few rows of thousands (`explain`)
/// does not build the others.
pub fn rows_where(
    bytes: &[u8],
    keep: impl Fn(&csv::ByteRecord) -> bool,
) -> Option<Vec<JournalRow>> {
    rows_read(bytes, bytes.len(), keep)
}

/// Whether a header of `len` fields is exactly [`COLUMNS`], the current
/// schema's.
pub(super) fn is_current_header<'a>(
    len: usize,
    mut fields: impl Iterator<Item = &'a [u8]>,
) -> bool {
    len == COLUMNS.len() && fields.by_ref().zip(COLUMNS).all(|(a, b)| a == b.as_bytes())
}

/// Like [`rows_where`], from a reader of about `len` bytes.
fn rows_read(
    from: impl std::io::Read,
    len: usize,
    keep: impl Fn(&csv::ByteRecord) -> bool,
) -> Option<Vec<JournalRow>> {
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(true)
        .from_reader(from);
    let header = reader.byte_headers().ok()?;
    if !is_current_header(header.len(), header.iter()) {
        return None;
    }
    // Rows of a few hundred bytes each: a first guess that saves most
    // reallocations of the vector.
    let mut out = Vec::with_capacity(len / 200);
    let mut record = csv::ByteRecord::new();
    while reader.read_byte_record(&mut record).ok()? {
        if record.len() != COLUMNS.len() {
            return None;
        }
        if keep(&record) {
            out.push(row(&record)?);
        }
    }
    Some(out)
}

/// Like [`rows_where`], first sorting the records by a quick look at their
/// bytes as written: only those `maybe` accepts are parsed and shown to
/// `keep`. `maybe` must accept every record `keep` could; it spares parsing
/// the thousands of rows a reader of a few (`explain`) can tell apart by
/// their bytes.
pub fn rows_maybe_where(
    bytes: &[u8],
    maybe: impl Fn(&[u8]) -> bool,
    keep: impl Fn(&csv::ByteRecord) -> bool,
) -> Option<Vec<JournalRow>> {
    let chosen = records(bytes)
        .enumerate()
        .filter(|&(i, record)| i == 0 || maybe(record))
        .map(|(_, record)| record);
    let from = Pieces {
        pieces: chosen,
        current: &[],
    };
    rows_read(from, bytes.len() / 3, keep)
}

/// Slices read one after another, as one file (without copying them
/// together first).
struct Pieces<'a, I> {
    pieces: I,
    current: &'a [u8],
}

impl<'a, I: Iterator<Item = &'a [u8]>> std::io::Read for Pieces<'a, I> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        while self.current.is_empty() {
            match self.pieces.next() {
                Some(piece) => self.current = piece,
                None => return Ok(0),
            }
        }
        self.current.read(buf)
    }
}

/// The records of a CSV file as written, each with its line end: a line
/// end inside quotes is part of the field (a quote inside a quoted field is
/// doubled, so counting quotes tells inside from outside).
fn records(bytes: &[u8]) -> impl Iterator<Item = &[u8]> {
    let mut start = 0;
    let mut quoted = false;
    let mut marks = memchr::memchr2_iter(b'"', b'\n', bytes);
    std::iter::from_fn(move || {
        if start >= bytes.len() {
            return None;
        }
        for at in marks.by_ref() {
            if bytes[at] == b'"' {
                quoted = !quoted;
            } else if !quoted {
                let record = &bytes[start..=at];
                start = at + 1;
                return Some(record);
            }
        }
        let record = &bytes[start..];
        start = bytes.len();
        Some(record)
    })
}

/// A yes/no field (`secret`) as written: `true` or `false`, nothing else.
pub(crate) fn flag(field: &[u8]) -> Option<bool> {
    match field {
        b"true" => Some(true),
        b"false" => Some(false),
        _ => None,
    }
}

fn row(r: &csv::ByteRecord) -> Option<JournalRow> {
    row_of(|i| &r[i])
}

/// The row whose field `i` (in [`COLUMNS`] order) is `field(i)`, as
/// written.
pub(super) fn row_of<'a>(field: impl Fn(usize) -> &'a [u8]) -> Option<JournalRow> {
    // Each field is checked to be UTF-8 as it is taken (what a
    // `StringRecord` would check for the whole row).
    let t = |i: usize| std::str::from_utf8(field(i)).ok();
    let s = |i: usize| t(i).map(CompactString::new);
    Some(JournalRow {
        seq: t(0)?.parse().ok()?,
        time: s(1)?,
        cg_day: s(2)?,
        step: s(3)?,
        side: s(4)?,
        secret: flag(field(5))?,
        what: s(6)?,
        dice: s(7)?,
        original: s(8)?,
        drms: s(9)?,
        final_result: s(10)?,
        result: s(11)?,
        rule: s(12)?,
        kind: Kind::ALL.into_iter().find(|k| k.written() == field(13))?,
        table: s(14)?,
        column: s(15)?,
        key: s(16)?,
        answer_id: s(17)?,
        answer: s(18)?,
        concerns: s(19)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn serde_rows(bytes: &[u8]) -> Vec<JournalRow> {
        csv::Reader::from_reader(bytes)
            .deserialize()
            .collect::<Result<_, _>>()
            .unwrap()
    }

    #[test]
    fn reads_every_sample_journal_as_serde_does() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("rosters");
        let mut seen = 0;
        for e in std::fs::read_dir(root).unwrap() {
            let path = e.unwrap().path().join("journal.csv");
            let Ok(bytes) = std::fs::read(&path) else {
                continue;
            };
            let fast = rows(&bytes).expect("a current journal");
            assert_eq!(fast, serde_rows(&bytes), "{}", path.display());
            seen += fast.len();
        }
        assert!(seen > 100, "the samples hold journals");
    }

    #[test]
    fn the_field_positions_name_their_columns() {
        assert_eq!(COLUMNS[STEP], "step");
        assert_eq!(COLUMNS[SIDE], "side");
        assert_eq!(COLUMNS[SECRET], "secret");
        assert_eq!(COLUMNS[WHAT], "what");
        assert_eq!(COLUMNS[ANSWER], "answer");
        assert_eq!(COLUMNS[KIND], "kind");
        assert_eq!(COLUMNS[CONCERNS], "concerns");
    }

    #[test]
    fn rows_where_keeps_only_what_the_filter_accepts_in_order() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("rosters");
        let bytes = std::fs::read(root.join("cg-i-walkthrough/journal.csv")).unwrap();
        let all = rows(&bytes).unwrap();
        let answers = rows_where(&bytes, |r| &r[KIND] == b"answer").unwrap();
        let expected: Vec<JournalRow> =
            all.into_iter().filter(|j| j.kind == Kind::Answer).collect();
        assert!(!expected.is_empty());
        assert_eq!(answers, expected);
    }

    #[test]
    fn records_split_at_line_ends_outside_quotes_only() {
        let text = b"a,b\n1,\"x\ny\"\n2,\"q\"\"\n\"\"\"\n3,z";
        let got: Vec<&[u8]> = records(text).collect();
        assert_eq!(
            got,
            [
                &b"a,b\n"[..],
                b"1,\"x\ny\"\n",
                b"2,\"q\"\"\n\"\"\"\n",
                b"3,z"
            ]
        );
        assert_eq!(records(b"").count(), 0);
    }

    #[test]
    fn rows_maybe_where_reads_as_rows_where_when_maybe_keeps_what_keep_would() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("rosters");
        let bytes = std::fs::read(root.join("cg-i-walkthrough/journal.csv")).unwrap();
        let keep = |r: &csv::ByteRecord| &r[KIND] == b"answer";
        let maybe = |raw: &[u8]| raw.windows(8).any(|w| w == b",answer,");
        let quick = rows_maybe_where(&bytes, maybe, keep).unwrap();
        assert!(!quick.is_empty());
        assert_eq!(quick, rows_where(&bytes, keep).unwrap());
    }

    #[test]
    fn quoted_fields_read_whole() {
        let mut text = COLUMNS.join(",");
        text.push_str("\n1,t,15/9,12.621,german,true,\"a, \"\"b\"\"\nc\",,,,,,,answer,,,,german.buy,\"[\"\"I1\"\"]\",row:1\n");
        let fast = rows(text.as_bytes()).unwrap();
        assert_eq!(fast, serde_rows(text.as_bytes()));
        assert_eq!(fast[0].what, "a, \"b\"\nc");
    }

    #[test]
    fn anything_unexpected_goes_to_the_full_reader() {
        let head = COLUMNS.join(",");
        for bad in [
            "x,t,15/9,12.621,german,true,w,,,,,,,answer,,,,,,",
            "1,t,15/9,12.621,german,yes,w,,,,,,,answer,,,,,,",
            "1,t,15/9,12.621,german,true,w,,,,,,,guess,,,,,,",
            "1,t,15/9,12.621,german,true,w,,,,,,,answer,,,,,",
        ] {
            assert!(
                rows(format!("{head}\n{bad}\n").as_bytes()).is_none(),
                "{bad}"
            );
        }
        assert!(rows(b"seq,time\n1,t\n").is_none());
    }
}
