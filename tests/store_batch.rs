//! Issues 9 and 10 (speed) under DESIGN §6: a refit with an answers file
//! writes its steps in one transaction, yet each step stays its own history
//! entry, so `votg undo` takes back one step at a time, byte for byte.

mod common;
use common::{Camp, votg};
use std::collections::BTreeMap;
use votg::store::{Files, Snapshot, Store};

/// Every history entry's bytes, by number.
fn history(c: &Camp) -> BTreeMap<String, Vec<u8>> {
    common::snapshot(&c.dir.join(".votg/history"))
}

/// The campaign files of `c`, as the store holds them.
fn files_of(c: &Camp) -> Files {
    c.campaign_files()
        .into_iter()
        .map(|(name, bytes)| (name, bytes.into()))
        .collect()
}

/// Three steps of real campaign files: the journal grows, a roster line
/// changes, a Force Organizer changes in its middle. With `rewrite`, the
/// first step also changes the journal's first line (as a journal of an
/// older schema is written anew).
fn steps(start: &Files, rewrite: bool) -> Vec<(Files, Snapshot)> {
    let mut files = start.clone();
    let mut out = Vec::new();
    let edit = |files: &mut Files, name: &str, f: &dyn Fn(&mut Vec<u8>)| {
        f(std::sync::Arc::make_mut(files.get_mut(name).unwrap()));
    };
    edit(&mut files, "journal.csv", &|j| {
        if rewrite {
            j.insert(0, b'#');
        }
        j.extend_from_slice(b"one more row\n")
    });
    edit(&mut files, "german/roster.toml", &|r| {
        r.extend_from_slice(b"# a\n")
    });
    out.push((
        files.clone(),
        Snapshot::secret(votg::side::Side::German, "German 1"),
    ));
    edit(&mut files, "russian/force.toml", &|f| {
        let mid = f.len() / 2;
        f[mid] = b'#';
    });
    out.push((files.clone(), Snapshot::public("both 2")));
    edit(&mut files, "journal.csv", &|j| {
        j.extend_from_slice(b"and another\n")
    });
    out.push((
        files.clone(),
        Snapshot::secret(votg::side::Side::Russian, "Russian 3"),
    ));
    out
}

#[test]
fn a_batch_of_steps_writes_what_committing_each_alone_writes_and_undoes_one_at_a_time() {
    batch_as_alone(false);
}

#[test]
fn a_batch_whose_first_step_rewrites_the_journal_writes_and_undoes_as_alone() {
    batch_as_alone(true);
}

fn batch_as_alone(rewrite: bool) {
    let alone = Camp::new("I");
    let batched = alone.copy();
    let start = files_of(&alone);
    let steps = steps(&start, rewrite);
    {
        let store = common::open_store(&alone.dir);
        for (files, snap) in &steps {
            store.commit(files, Some(snap)).unwrap();
        }
    }
    {
        let store = common::open_store(&batched.dir);
        store.begin_batch().unwrap();
        for (files, snap) in &steps {
            store.commit(files, Some(snap)).unwrap();
            // Held in memory: nothing on disk yet.
            assert_eq!(files_of(&batched), start);
        }
        assert_eq!(store.end_batch().unwrap(), 3);
    }
    assert_eq!(batched.campaign_files(), alone.campaign_files());
    assert_eq!(
        history(&batched),
        history(&alone),
        "the same history entries"
    );
    assert_eq!(batched.history_len(), 3);
    // Undo walks back one step at a time, byte for byte (the store's undo:
    // these made-up files are no campaign `votg undo` would load).
    for (back, expected) in [(2, &steps[1].0), (1, &steps[0].0), (0, &start)] {
        common::open_store(&batched.dir).undo().unwrap();
        assert_eq!(&files_of(&batched), expected, "after undo to {back}");
        assert_eq!(batched.history_len(), back);
    }
}

#[test]
fn a_scripted_refit_is_undone_one_step_at_a_time_back_to_where_it_began() {
    let c = Camp::new("I");
    let before = c.campaign_files();
    let a = c.file(
        "a.toml",
        "[german]\nbuy = [\"I2\"]\nfortify = []\nrecon = 0\n[russian]\nbuy = []\nfortify = []\nrecon = 0\n",
    );
    votg()
        .args(["refit", c.path(), "--answers", &a])
        .assert()
        .success();
    let steps = c.history_len();
    assert!(steps > 4, "several steps: {steps}");
    for left in (0..steps).rev() {
        let was = c.campaign_files();
        votg().args(["undo", c.path()]).assert().success();
        assert_ne!(c.campaign_files(), was, "each undo takes back a real step");
        assert_eq!(c.history_len(), left);
        // Every state on the way back is a whole campaign.
        votg().args(["status", c.path()]).assert().success();
    }
    assert_eq!(
        c.campaign_files(),
        before,
        "byte-identical to before the run"
    );
}

#[test]
fn a_refusal_part_way_through_a_batch_keeps_the_steps_before_it_and_nothing_of_its_own() {
    let c = Camp::new("I");
    // As in tests/runner.rs: the Russian's 12.623 asks too many mines.
    let a = c.file(
        "a.toml",
        "[russian]\nbuy = []\nfortify = [\"ap-mine 120\"]\nrecon = 0\n",
    );
    votg()
        .args(["refit", c.path(), "--side", "russian", "--answers", &a])
        .assert()
        .code(1);
    assert_eq!(c.state().campaign.step.russian, "12.623");
    assert_eq!(c.history_len(), 2, "12.621 and 12.622, each its own entry");
    assert!(
        !c.dir.join(".votg/txn").exists(),
        "no transaction left open"
    );
}

#[test]
fn a_scripted_refit_killed_anywhere_in_its_one_commit_leaves_none_or_all_of_its_steps() {
    let c = Camp::new("I");
    let old = c.campaign_files();
    let a = c.file(
        "a.toml",
        "[german]\nbuy = [\"I2\"]\nfortify = []\nrecon = 0\n[russian]\nbuy = []\nfortify = []\nrecon = 0\n",
    );
    let done = c.copy();
    votg()
        .args(["refit", done.path(), "--answers", &a])
        .assert()
        .success();
    let (new, steps) = (done.campaign_files(), done.history_len());
    let (mut saw_old, mut saw_new) = (false, false);
    for n in 1..200 {
        let k = c.copy();
        let out = votg()
            .env("VOTG_CRASH_AT", n.to_string())
            .args(["refit", k.path(), "--answers", &a])
            .output()
            .unwrap();
        if out.status.success() {
            assert!(saw_old && saw_new, "crash points on both sides");
            return;
        }
        assert_eq!(out.status.code(), None, "point {n}: a crash");
        drop(Store::open(&k.dir).unwrap());
        let now = k.campaign_files();
        if now == old {
            saw_old = true;
            assert_eq!(k.history_len(), 0, "point {n}");
        } else {
            saw_new = true;
            assert_eq!(now, new, "point {n}: a mix");
            assert_eq!(k.history_len(), steps, "point {n}");
        }
    }
    panic!("the refit never ran through");
}
