use super::*;
use txn::{MARKER as COMMIT, TXN};

fn files(v: &str) -> Files {
    CAMPAIGN_FILES
        .iter()
        .map(|n| (n.to_string(), format!("{n} {v}\n").into_bytes()))
        .collect()
}

#[test]
fn design_6_commit_then_undo_is_byte_identical() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::create(dir.path()).unwrap();
    store.commit(&files("old"), None).unwrap();
    let before = store.read_files().unwrap();
    store
        .commit(&files("new"), Some(&Snapshot::public("step 12.621")))
        .unwrap();
    assert_eq!(store.read_files().unwrap(), files("new"));
    assert_eq!(store.undo().unwrap(), "step 12.621");
    assert_eq!(store.read_files().unwrap(), before);
    assert!(matches!(store.undo(), Err(Error::NothingToUndo { .. })));
}

#[test]
fn design_6_second_process_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::create(dir.path()).unwrap();
    store.commit(&files("a"), None).unwrap();
    assert!(matches!(Store::open(dir.path()), Err(Error::Locked { .. })));
    drop(store);
    assert!(Store::open(dir.path()).is_ok());
}

#[test]
fn design_6_interrupted_commit_rolls_forward_or_back() {
    let dir = tempfile::tempdir().unwrap();
    {
        let store = Store::create(dir.path()).unwrap();
        store.commit(&files("old"), None).unwrap();
    }
    // Staged without a marker: discarded.
    fs::create_dir_all(dir.path().join(TXN)).unwrap();
    fs::write(dir.path().join(TXN).join("campaign.toml"), b"garbage").unwrap();
    let store = Store::open(dir.path()).unwrap();
    assert_eq!(store.read_files().unwrap(), files("old"));
    drop(store);
    // Staged with a marker: completed.
    fs::create_dir_all(dir.path().join(TXN)).unwrap();
    fs::write(
        dir.path().join(TXN).join("campaign.toml"),
        b"campaign.toml new\n",
    )
    .unwrap();
    fs::write(dir.path().join(TXN).join(COMMIT), b"campaign.toml\n").unwrap();
    let store = Store::open(dir.path()).unwrap();
    assert_eq!(
        store.read_files().unwrap()["campaign.toml"],
        b"campaign.toml new\n"
    );
}
