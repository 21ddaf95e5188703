//! The journal of the current schema read field by field, without serde:
//! every command that reads the journal (log, explain, verify) reads
//! thousands of rows, and matching each field's name through serde took
//! most of that time. Anything this reader does not expect (another header,
//! a field that does not parse) makes it give up, and the serde reader
//! reads the file instead, with its line-and-column messages.

use super::{COLUMNS, JournalRow, Kind};

/// The rows of a journal whose header is exactly [`COLUMNS`], or `None`
/// when the file needs the full reader (an older schema, a bad field).
pub fn rows(bytes: &[u8]) -> Option<Vec<JournalRow>> {
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(true)
        .from_reader(bytes);
    let header = reader.byte_headers().ok()?;
    if header.len() != COLUMNS.len() || header.iter().zip(COLUMNS).any(|(a, b)| a != b.as_bytes()) {
        return None;
    }
    // Rows of a few hundred bytes each: a first guess that saves most
    // reallocations of the vector.
    let mut out = Vec::with_capacity(bytes.len() / 200);
    let mut record = csv::StringRecord::new();
    while reader.read_record(&mut record).ok()? {
        out.push(row(&record)?);
    }
    Some(out)
}

fn row(r: &csv::StringRecord) -> Option<JournalRow> {
    if r.len() != COLUMNS.len() {
        return None;
    }
    let s = |i: usize| r[i].to_string();
    Some(JournalRow {
        seq: r[0].parse().ok()?,
        time: s(1),
        cg_day: s(2),
        step: s(3),
        side: s(4),
        secret: match &r[5] {
            "true" => true,
            "false" => false,
            _ => return None,
        },
        what: s(6),
        dice: s(7),
        original: s(8),
        drms: s(9),
        final_result: s(10),
        result: s(11),
        rule: s(12),
        kind: match &r[13] {
            "roll" => Kind::Roll,
            "answer" => Kind::Answer,
            "decision" => Kind::Decision,
            _ => return None,
        },
        table: s(14),
        column: s(15),
        key: s(16),
        answer_id: s(17),
        answer: s(18),
        concerns: s(19),
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
