use super::*;
use crate::side::Side;
use txn::{MARKER as COMMIT, TXN};

/// The required files (an older campaign has no dice files).
fn files(v: &str) -> Files {
    FILES
        .iter()
        .filter(|f| !f.optional)
        .map(|f| {
            (
                f.name.to_string(),
                format!("{} {v}\n", f.name).into_bytes().into(),
            )
        })
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
        store.read_files().unwrap()["campaign.toml"].as_slice(),
        b"campaign.toml new\n"
    );
}

fn snap(label: &str) -> Snapshot {
    Snapshot::secret(Side::German, label)
}

#[test]
fn a_step_entry_keeps_only_what_changed_and_the_journal_as_a_length() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::create(dir.path()).unwrap();
    store.commit(&files("old"), None).unwrap();
    let mut next = files("old");
    next.insert(
        "german/roster.toml".into(),
        b"roster changed\n".to_vec().into(),
    );
    let mut journal = next["journal.csv"].to_vec();
    journal.extend_from_slice(b"a new row\n");
    next.insert("journal.csv".into(), journal.into());
    next.insert("german/dice.toml".into(), b"seed = 1\n".to_vec().into());
    store.commit(&next, Some(&snap("G 12.621"))).unwrap();
    let entry = fs::read(dir.path().join(HISTORY).join("1")).unwrap();
    let text = String::from_utf8_lossy(&entry);
    // The old roster is copied; the journal and the new dice file are not.
    assert!(text.contains("german/roster.toml old"));
    assert!(!text.contains("journal.csv old"));
    assert!(text.contains("was = \"prefix\""));
    assert!(text.contains("was = \"absent\""));
    let plan = store.plan_undo().unwrap().unwrap();
    assert_eq!(plan.step, snap("G 12.621"));
    store.apply_undo(plan).unwrap();
    // The dice file the step made stays (undo then redo: the same dice).
    let mut expected = files("old");
    expected.insert("german/dice.toml".into(), b"seed = 1\n".to_vec().into());
    assert_eq!(store.read_files().unwrap(), expected);
}

#[test]
fn undo_rebuilds_a_cut_journal_from_its_sealed_copy() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::create(dir.path()).unwrap();
    store.commit(&files("old"), None).unwrap();
    let mut next = files("new");
    next.insert(
        "journal.csv".into(),
        b"journal.csv old\nmore\n".to_vec().into(),
    );
    store.commit(&next, Some(&snap("step"))).unwrap();
    fs::write(dir.path().join("journal.csv"), b"jour").unwrap();
    assert!(matches!(store.read_checked(), Err(Error::CutShort { .. })));
    store.undo().unwrap();
    assert_eq!(store.read_files().unwrap(), files("old"));
}

#[test]
fn a_damaged_entry_is_refused_and_nothing_changes() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::create(dir.path()).unwrap();
    store.commit(&files("old"), None).unwrap();
    store.commit(&files("new"), Some(&snap("step"))).unwrap();
    let entry = dir.path().join(HISTORY).join("1");
    let mut bytes = fs::read(&entry).unwrap();
    let last = bytes.len() - 2;
    bytes[last] ^= 1;
    fs::write(&entry, &bytes).unwrap();
    assert!(matches!(
        store.plan_undo(),
        Err(Error::SnapshotDamaged { .. })
    ));
    assert_eq!(store.read_files().unwrap(), files("new"));
    assert!(entry.exists());
}

#[test]
fn recovery_refuses_a_record_naming_other_files_or_a_damaged_copy() {
    for marker in [
        "../../.bashrc\n",
        "format = 2\n[[files]]\nname = \"/etc/passwd\"\n",
        "format = 2\n[[files]]\nname = \"campaign.toml\"\nlen = 3\nhash = \"0000000000000000\"\n",
    ] {
        let dir = tempfile::tempdir().unwrap();
        {
            let store = Store::create(dir.path()).unwrap();
            store.commit(&files("old"), None).unwrap();
        }
        let txn = dir.path().join(TXN);
        fs::create_dir_all(txn.join("files")).unwrap();
        fs::write(txn.join("files/campaign.toml"), b"new").unwrap();
        fs::write(txn.join(COMMIT), marker).unwrap();
        assert!(
            matches!(
                Store::open(dir.path()),
                Err(Error::InterruptedCommit { .. })
            ),
            "{marker}"
        );
        assert!(matches!(
            Store::read_committed(dir.path()),
            Err(Error::InterruptedCommit { .. })
        ));
        let store_dir = dir.path().to_path_buf();
        assert_eq!(
            fs::read(store_dir.join("campaign.toml")).unwrap(),
            b"campaign.toml old\n"
        );
    }
}

#[test]
fn a_reader_sees_a_half_finished_commit_as_recovery_finishes_it() {
    let dir = tempfile::tempdir().unwrap();
    {
        let store = Store::create(dir.path()).unwrap();
        store.commit(&files("old"), None).unwrap();
    }
    // Committed, one of two files renamed: what a crash there leaves.
    let new = b"campaign.toml new\n";
    let txn = dir.path().join(TXN);
    fs::create_dir_all(txn.join("files/german")).unwrap();
    fs::write(txn.join("files/german/roster.toml"), b"roster new\n").unwrap();
    fs::write(dir.path().join("campaign.toml"), new).unwrap();
    let marker = format!(
        "format = 2\n[[files]]\nname = \"campaign.toml\"\nlen = {}\nhash = \"{}\"\n[[files]]\nname = \"german/roster.toml\"\nlen = 11\nhash = \"{}\"\n",
        new.len(),
        fsio::hash(new),
        fsio::hash(b"roster new\n")
    );
    fs::write(txn.join(COMMIT), marker).unwrap();
    let read = Store::read_committed(dir.path()).unwrap();
    assert!(txn.join(COMMIT).exists(), "the reader wrote nothing");
    let store = Store::open(dir.path()).unwrap();
    assert_eq!(read, store.read_files().unwrap());
    assert_eq!(read["german/roster.toml"].as_slice(), b"roster new\n");
    assert!(!txn.exists());
}

#[test]
fn the_campaign_file_names_include_the_optional_dice_files() {
    // Every file a campaign of today has, the optional ones too.
    let mut all: Vec<&str> = FILES.iter().map(|f| f.name).collect();
    let mut today = CAMPAIGN_FILES.to_vec();
    all.sort_unstable();
    today.sort_unstable();
    assert_eq!(all, today);
    for name in ["german/dice.toml", "russian/dice.toml"] {
        assert!(is_campaign_file(name));
    }
    for name in [
        "../campaign.toml",
        "german/../campaign.toml",
        ".votg/lock",
        "",
    ] {
        assert!(!is_campaign_file(name));
    }
}

#[test]
fn a_long_file_changed_in_a_few_places_costs_a_few_bytes_and_undoes_exactly() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::create(dir.path()).unwrap();
    let long: String = (0..400).map(|i| format!("line {i}\n")).collect();
    let mut old = files("old");
    old.insert("german/force.toml".into(), long.clone().into_bytes().into());
    store.commit(&old, None).unwrap();
    let mut new = old.clone();
    let changed = long.replace("line 200\n", "line 200 changed\n");
    new.insert("german/force.toml".into(), changed.into_bytes().into());
    store.commit(&new, Some(&snap("step"))).unwrap();
    let entry = fs::read(dir.path().join(HISTORY).join("1")).unwrap();
    assert!(entry.len() < 600, "{} bytes", entry.len());
    assert!(String::from_utf8_lossy(&entry).contains("was = \"splice\""));
    // Hand-edited (or damaged) since: rebuilt from the sealed copy.
    fs::write(dir.path().join("german/force.toml"), b"edited\n").unwrap();
    let plan = store.plan_undo().unwrap().unwrap();
    assert_eq!(
        plan.restored["german/force.toml"].as_slice(),
        long.as_bytes()
    );
    // With the sealed copy gone too, undo refuses rather than guess.
    fs::remove_file(dir.path().join(".votg/sealed/german/force.toml")).unwrap();
    assert!(matches!(store.plan_undo(), Err(Error::Refused(_))));
    fs::write(
        dir.path().join("german/force.toml"),
        &new["german/force.toml"][..],
    )
    .unwrap();
    store.undo().unwrap();
    assert_eq!(store.read_files().unwrap(), old);
}

#[test]
fn design_6_a_batch_whose_gate_refuses_at_the_commit_point_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::create(dir.path()).unwrap();
    store.commit(&files("old"), None).unwrap();
    let before = on_disk(dir.path());
    store.begin_batch().unwrap();
    let mut next = files("old");
    let mut journal = next["journal.csv"].to_vec();
    journal.extend_from_slice(b"a new row\n");
    next.insert("journal.csv".into(), journal.into());
    store.commit(&next, Some(&snap("G 12.621"))).unwrap();
    let staged = dir.path().join(TXN).join("files/journal.csv");
    let e = store
        .end_batch_gated(|| {
            // Asked once everything is staged: the check runs meanwhile.
            assert!(staged.is_file(), "staged before the gate is asked");
            Err(Error::Usage("the check failed".into()))
        })
        .unwrap_err();
    assert_eq!(e.to_string(), "the check failed");
    assert_eq!(on_disk(dir.path()), before, "every file as it was");
    assert!(!dir.path().join(TXN).exists());
    assert!(matches!(store.undo(), Err(Error::NothingToUndo { .. })));
}

/// Every file under `dir` but the lock, by path.
fn on_disk(dir: &Path) -> std::collections::BTreeMap<String, Vec<u8>> {
    let mut out = std::collections::BTreeMap::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for e in fs::read_dir(&d).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                todo.push(p);
            } else if !p.ends_with("lock") {
                let name = p.strip_prefix(dir).unwrap().display().to_string();
                out.insert(name, fs::read(&p).unwrap());
            }
        }
    }
    out
}

#[test]
fn design_6_a_batch_begins_from_the_files_read_unless_anything_was_written_since() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::create(dir.path()).unwrap();
    store.commit(&files("old"), None).unwrap();
    assert_eq!(store.read_checked().unwrap(), files("old"));
    // Written since that read: the batch starts from what is on disk now.
    store.commit(&files("mid"), None).unwrap();
    store.begin_batch().unwrap();
    store
        .commit(&files("new"), Some(&snap("G 12.621")))
        .unwrap();
    assert_eq!(store.end_batch().unwrap(), 1);
    store.undo().unwrap();
    assert_eq!(store.read_files().unwrap(), files("mid"));
    // Read and nothing written since: it starts from that read.
    assert_eq!(store.read_checked().unwrap(), files("mid"));
    store.begin_batch().unwrap();
    store
        .commit(&files("new"), Some(&snap("G 12.621")))
        .unwrap();
    store.end_batch().unwrap();
    assert_eq!(store.read_files().unwrap(), files("new"));
    store.undo().unwrap();
    assert_eq!(store.read_files().unwrap(), files("mid"));
}

#[test]
fn design_6_a_batch_takes_a_known_journal_hash_only_for_the_very_bytes_on_disk() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::create(dir.path()).unwrap();
    store.commit(&files("old"), None).unwrap();
    let grown = |files: &Files| {
        let mut next = files.clone();
        let mut journal = next["journal.csv"].to_vec();
        journal.extend_from_slice(b"a new row\n");
        next.insert("journal.csv".into(), journal.into());
        next
    };
    // Another journal's bytes with a wrong hash: not taken.
    let other: Bytes = b"another journal\n".to_vec().into();
    store
        .begin_batch_knowing(Some((&other, "0123456789abcdef")))
        .unwrap();
    let next = grown(&files("old"));
    store.commit(&next, Some(&snap("G 12.621"))).unwrap();
    store.end_batch().unwrap();
    let written = &store.read_files().unwrap()["journal.csv"];
    assert_eq!(
        store.journal_hash(written),
        Some(fsio::hash(written)),
        "the batch says the hash of the journal it wrote"
    );
    assert_eq!(store.journal_hash(&other), None, "and of no other");
    store.undo().unwrap();
    assert_eq!(store.read_files().unwrap(), files("old"));
    assert_eq!(
        store.journal_hash(written),
        None,
        "nothing known after a write"
    );
    // The very bytes, with their hash: the same entry as hashing them.
    let disk = store.read_checked().unwrap()["journal.csv"].clone();
    let hash = fsio::hash(&disk);
    store.begin_batch_knowing(Some((&disk, &hash))).unwrap();
    store.commit(&next, Some(&snap("G 12.621"))).unwrap();
    store.end_batch().unwrap();
    store.undo().unwrap();
    assert_eq!(store.read_files().unwrap(), files("old"));
}

#[test]
fn design_6_a_writer_refuses_a_file_cut_short_and_reads_a_seal_only_for_a_shorter_file() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::create(dir.path()).unwrap();
    let mut whole = files("old");
    whole.insert(
        "journal.csv".into(),
        b"journal.csv old\nrow 1\nrow 2\n".to_vec().into(),
    );
    store.commit(&whole, None).unwrap();
    let journal = dir.path().join("journal.csv");
    for cut in [0, 1, 10, whole["journal.csv"].len() - 1] {
        fs::write(&journal, &whole["journal.csv"][..cut]).unwrap();
        assert!(
            matches!(store.read_checked(), Err(Error::CutShort { len, .. }) if len == cut),
            "cut at {cut}"
        );
    }
    // Shorter but edited, or longer: not cut short.
    fs::write(&journal, b"journal.csv old\nrow X\n").unwrap();
    assert!(store.read_checked().is_ok());
    fs::write(&journal, b"journal.csv old\nrow 1\nrow 2\nrow 3\n").unwrap();
    assert!(store.read_checked().is_ok());
    // A sealed copy that is not a file is refused, whatever the length.
    let seal = dir.path().join(SEALED).join("journal.csv");
    fs::remove_file(&seal).unwrap();
    fs::create_dir(&seal).unwrap();
    assert!(store.read_checked().is_err());
}
