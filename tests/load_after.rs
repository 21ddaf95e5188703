//! The check of what a scripted run writes (`CampaignState::from_files_after`,
//! src/state.rs): the journal's records after those read when the campaign
//! was opened are parsed alone, and must read back as the run's rows;
//! anything it cannot take on trust is parsed whole.

use std::path::Path;

use votg::state::CampaignState;
use votg::store::{Bytes, Files, Store};
use votg::tables::Tables;

fn sample() -> (Files, CampaignState, Tables) {
    let tables = Tables::embedded().unwrap();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("rosters/cg-i-walkthrough");
    let files = Store::read_committed(&dir).unwrap();
    let state = CampaignState::from_files(&files, &tables).unwrap();
    (files, state, tables)
}

/// The length of the journal's header and its first `rows` records.
fn prefix_len(files: &Files, rows: usize) -> usize {
    let bytes = &files["journal.csv"];
    let mut ends = bytes
        .iter()
        .enumerate()
        .filter(|(_, b)| **b == b'\n')
        .map(|(i, _)| i + 1);
    ends.nth(rows).unwrap()
}

#[test]
fn the_records_after_those_read_are_parsed_alone_and_give_the_whole_campaign() {
    let (files, state, tables) = sample();
    let known = state.journal.len() / 2;
    let len = prefix_len(&files, known);
    let read = &files["journal.csv"][..len];
    let after =
        CampaignState::from_files_after(&files, &tables, read, known, state.journal.clone())
            .unwrap();
    assert_eq!(after, state);
    // Every record read before: nothing left to parse, the same campaign.
    let all = state.journal.len();
    let after = CampaignState::from_files_after(
        &files,
        &tables,
        &files["journal.csv"],
        all,
        state.journal.clone(),
    )
    .unwrap();
    assert_eq!(after, state);
}

#[test]
fn rows_the_new_records_do_not_read_back_as_are_refused() {
    let (files, state, tables) = sample();
    let known = state.journal.len() / 2;
    let len = prefix_len(&files, known);
    let mut rows = state.journal.clone();
    rows[known + 1].what.push_str(" (not what was written)");
    let read = &files["journal.csv"][..len];
    let e = CampaignState::from_files_after(&files, &tables, read, known, rows).unwrap_err();
    assert!(e.to_string().contains("does not read back"), "{e}");
    // A row the run has that was never written.
    let mut rows = state.journal.clone();
    rows.push(rows[rows.len() - 1].clone());
    assert!(CampaignState::from_files_after(&files, &tables, read, known, rows).is_err());
}

#[test]
fn a_journal_that_does_not_begin_as_read_is_parsed_whole() {
    let (files, state, tables) = sample();
    let known = state.journal.len() / 2;
    let len = prefix_len(&files, known);
    let journal = &files["journal.csv"];
    // Not at a record's end: parsed whole, and it is the campaign.
    let cut = &journal[..len - 1];
    let after = CampaignState::from_files_after(&files, &tables, cut, known, state.journal.clone())
        .unwrap();
    assert_eq!(after, state);
    // Read otherwise than written (a journal written whole again since):
    // parsed whole.
    let mut other = journal[..len].to_vec();
    other[len / 2] ^= 0x20;
    let after =
        CampaignState::from_files_after(&files, &tables, &other, known, state.journal.clone())
            .unwrap();
    assert_eq!(after, state);
    // Whole, a damaged journal is reported as any load reports it.
    let mut damaged = files.clone();
    let mut bytes = files["journal.csv"].to_vec();
    let at = len + 2;
    bytes[at] = b'x';
    damaged.insert("journal.csv".into(), Bytes::new(bytes));
    assert!(
        CampaignState::from_files_after(&damaged, &tables, cut, known, state.journal.clone())
            .is_err()
    );
}
