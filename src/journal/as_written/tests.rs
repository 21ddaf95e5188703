use super::*;
use crate::journal::{Kind, fast_read};

fn sample_journals() -> Vec<(std::path::PathBuf, Vec<u8>)> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("rosters");
    let mut out = Vec::new();
    for e in std::fs::read_dir(root).unwrap() {
        let path = e.unwrap().path().join("journal.csv");
        if let Ok(bytes) = std::fs::read(&path) {
            out.push((path, bytes));
        }
    }
    assert!(out.len() >= 3, "the samples hold journals");
    out
}

#[test]
fn every_sample_row_reads_as_the_full_reader_reads_it() {
    for (path, bytes) in sample_journals() {
        let rows = fast_read::rows(&bytes).expect("a current journal");
        let written = AsWritten::read(&bytes).expect("a current journal");
        assert_eq!(written.len(), rows.len(), "{}", path.display());
        for (i, r) in rows.iter().enumerate() {
            assert_eq!(
                written.row(i).as_ref(),
                Some(r),
                "{} row {i}",
                path.display()
            );
            assert!(written.is_written_as(i, r), "{} row {i}", path.display());
        }
    }
}

#[test]
fn a_row_is_written_as_itself_whatever_its_time() {
    let (_, bytes) = sample_journals().remove(0);
    let written = AsWritten::read(&bytes).unwrap();
    let mut r = written.row(0).unwrap();
    r.time = "another time".into();
    assert!(written.is_written_as(0, &r));
}

#[test]
fn a_row_differing_in_any_field_but_its_time_is_not_written_as_it() {
    let (_, bytes) = sample_journals().remove(0);
    let written = AsWritten::read(&bytes).unwrap();
    let row = written.row(0).unwrap();
    let changes: Vec<fn(&mut JournalRow)> = vec![
        |r| r.seq += 1,
        |r| r.cg_day.push('x'),
        |r| r.step.push('x'),
        |r| r.side.push('x'),
        |r| r.secret = !r.secret,
        |r| r.what.push('x'),
        |r| r.dice.push('x'),
        |r| r.original.push('x'),
        |r| r.drms.push('x'),
        |r| r.final_result.push('x'),
        |r| r.result.push('x'),
        |r| r.rule.push('x'),
        |r| {
            r.kind = match r.kind {
                Kind::Roll => Kind::Answer,
                _ => Kind::Roll,
            }
        },
        |r| r.table.push('x'),
        |r| r.column.push('x'),
        |r| r.key.push('x'),
        |r| r.answer_id.push('x'),
        |r| r.answer.push('x'),
        |r| r.concerns.push('x'),
    ];
    // One change per column but the time.
    assert_eq!(changes.len(), COLUMNS.len() - 1);
    for (n, change) in changes.iter().enumerate() {
        let mut r = row.clone();
        change(&mut r);
        assert!(!written.is_written_as(0, &r), "change {n}");
    }
}

#[test]
fn a_number_written_otherwise_is_not_written_as_the_row() {
    let mut text = COLUMNS.join(",");
    text.push_str("\n01,t,15/9,12.621,german,true,w,,,,,,,answer,,,,,,\n");
    let written = AsWritten::read(text.as_bytes()).unwrap();
    let r = written.row(0).unwrap();
    assert_eq!(r.seq, 1);
    assert!(!written.is_written_as(0, &r));
}

#[test]
fn quoted_fields_are_kept_unescaped() {
    let mut text = COLUMNS.join(",");
    text.push_str("\n1,t,15/9,12.621,german,true,\"a, \"\"b\"\"\nc\",,,,,,,answer,,,,german.buy,\"[\"\"I1\"\"]\",row:1\n");
    let written = AsWritten::read(text.as_bytes()).unwrap();
    assert_eq!(written.len(), 1);
    assert_eq!(written.field(0, 6), b"a, \"b\"\nc");
    assert_eq!(written.field(0, 18), b"[\"I1\"]");
    assert_eq!(written.field(0, 19), b"row:1");
    assert_eq!(
        written.row(0),
        fast_read::rows(text.as_bytes()).unwrap().pop()
    );
}

#[test]
fn another_header_or_width_is_left_to_the_full_reader() {
    let old = crate::journal::OLD_COLUMNS.join(",") + "\n";
    assert!(AsWritten::read(old.as_bytes()).is_none());
    let short = COLUMNS.join(",") + "\n1,t,15/9\n";
    assert!(AsWritten::read(short.as_bytes()).is_none());
    let empty = COLUMNS.join(",") + "\n";
    assert!(AsWritten::read(empty.as_bytes()).unwrap().is_empty());
}

#[test]
fn a_kind_is_written_as_serde_names_it() {
    for kind in Kind::ALL {
        // Every variant is in ALL (this match has no wildcard).
        match kind {
            Kind::Roll | Kind::Answer | Kind::Decision => {}
        }
        let name = serde_json::to_value(kind).unwrap();
        assert_eq!(name.as_str().unwrap().as_bytes(), kind.written());
    }
}
