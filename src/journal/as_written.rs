//! The journal's records as written: every field of every row kept as the
//! bytes the file holds (unescaped, in one buffer), and none made into a
//! [`JournalRow`] until a reader asks for that row. For `votg verify`,
//! which needs a few hundred rows of a campaign's thousands to drive its
//! replay and only compares the others with the rows it re-derives:
//! building every row was a sixth of its time.

use super::fast_read::{is_current_header, row_of};
use super::{COLUMNS, JournalRow};

/// Where the `time` field is: a row's time is when it was written, not
/// what it records, so a comparison passes it over.
const TIME: usize = 1;

/// Every record of a journal of the current schema, field by field.
#[derive(Debug, Default)]
pub struct AsWritten {
    /// Every field of every record, one after another.
    bytes: Vec<u8>,
    /// Where each field ends in `bytes`: [`COLUMNS`]`.len()` per record.
    ends: Vec<usize>,
}

impl AsWritten {
    /// The records of a journal whose header is exactly [`COLUMNS`] and
    /// whose every record has that many fields; `None` otherwise (the
    /// caller reads the journal with the full reader).
    pub fn read(bytes: &[u8]) -> Option<AsWritten> {
        use csv_core::ReadRecordResult;
        // The parser of the `csv` crate, driven directly: it writes every
        // record's fields straight into the one buffer (a field unescaped
        // is never longer than written, so the buffer never fills).
        let mut reader = csv_core::Reader::new();
        let mut out = AsWritten {
            bytes: vec![0; bytes.len()],
            ends: Vec::with_capacity(bytes.len() / 200 * COLUMNS.len()),
        };
        let mut input = bytes;
        let mut used = 0;
        let mut header = true;
        // One more than a record may have: a record with more fails.
        let mut ends = [0; COLUMNS.len() + 1];
        loop {
            let (result, read, written, n) =
                reader.read_record(input, &mut out.bytes[used..], &mut ends);
            input = &input[read..];
            match result {
                ReadRecordResult::InputEmpty => {}
                ReadRecordResult::End => break,
                ReadRecordResult::OutputFull | ReadRecordResult::OutputEndsFull => return None,
                ReadRecordResult::Record if n != COLUMNS.len() => return None,
                ReadRecordResult::Record if header => {
                    let fields = &out.bytes[used..used + written];
                    let starts = std::iter::once(0).chain(ends[..n - 1].iter().copied());
                    let names = starts.zip(&ends[..n]).map(|(a, b)| &fields[a..*b]);
                    if !is_current_header(n, names) {
                        return None;
                    }
                    header = false;
                }
                ReadRecordResult::Record => {
                    out.ends.extend(ends[..n].iter().map(|end| used + end));
                    used += written;
                }
            }
        }
        if header {
            return None;
        }
        out.bytes.truncate(used);
        Some(out)
    }

    /// How many rows there are.
    pub fn len(&self) -> usize {
        self.ends.len() / COLUMNS.len()
    }

    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// Field `col` of row `row` (both from 0), as written.
    pub fn field(&self, row: usize, col: usize) -> &[u8] {
        let at = row * COLUMNS.len() + col;
        let start = if at == 0 { 0 } else { self.ends[at - 1] };
        &self.bytes[start..self.ends[at]]
    }

    /// Row `row` (from 0) made into a [`JournalRow`], as the full journal
    /// reader makes it; `None` if a field does not parse.
    pub fn row(&self, row: usize) -> Option<JournalRow> {
        row_of(|col| self.field(row, col))
    }

    /// Whether row `row` (from 0) is written as `r` would be, all but its
    /// time: then it reads back as `r` with the time it has. (Bytes that
    /// would read back as `r` but are written otherwise, a hand edit such
    /// as `007` for `7`, count as different.)
    pub fn is_written_as(&self, row: usize, r: &JournalRow) -> bool {
        let mut seq = itoa::Buffer::new();
        let fields: [&[u8]; COLUMNS.len()] = [
            seq.format(r.seq).as_bytes(),
            b"",
            r.cg_day.as_bytes(),
            r.step.as_bytes(),
            r.side.as_bytes(),
            if r.secret { b"true" } else { b"false" },
            r.what.as_bytes(),
            r.dice.as_bytes(),
            r.original.as_bytes(),
            r.drms.as_bytes(),
            r.final_result.as_bytes(),
            r.result.as_bytes(),
            r.rule.as_bytes(),
            r.kind.written(),
            r.table.as_bytes(),
            r.column.as_bytes(),
            r.key.as_bytes(),
            r.answer_id.as_bytes(),
            r.answer.as_bytes(),
            r.concerns.as_bytes(),
        ];
        fields
            .iter()
            .enumerate()
            .all(|(col, want)| col == TIME || self.field(row, col) == *want)
    }
}

#[cfg(test)]
mod tests;
