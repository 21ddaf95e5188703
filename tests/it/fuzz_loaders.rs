//! Property tests: no input makes a loader panic. Damaged table files and
//! damaged campaign files give an error (or, by chance, still load).

use proptest::prelude::*;
use votg::model::side::Cg;
use votg::model::state::CampaignState;
use votg::rules::tables::Tables;

/// The built-in tables, loaded once for all cases.
fn tables() -> &'static Tables {
    static TABLES: std::sync::LazyLock<Tables> =
        std::sync::LazyLock::new(|| Tables::embedded().unwrap());
    &TABLES
}

/// A CG II campaign a few steps in, made by votg: its logs, keys and views.
fn campaign() -> &'static std::collections::BTreeMap<String, Vec<u8>> {
    static FILES: std::sync::LazyLock<std::collections::BTreeMap<String, Vec<u8>>> =
        std::sync::LazyLock::new(|| {
            let c = crate::common::Camp::new("II");
            let a = c.file(
                "a.toml",
                "[german]\nbuy = [\"I1 code=blue\"]\nfortify = []\nrecon = 1\n[russian]\nbuy = [\"I3\"]\nfortify = [\"wire\"]\nrecon = 0\n",
            );
            crate::common::votg()
                .args(["refit", c.path(), "--answers", &a])
                .assert()
                .success();
            c.campaign_files()
        });
    &FILES
}

/// Writes `files` into a new folder.
fn folder(files: &std::collections::BTreeMap<String, Vec<u8>>) -> tempfile::TempDir {
    let tmp = tempfile::tempdir().unwrap();
    for (name, bytes) in files {
        let p = tmp.path().join(name);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, bytes).unwrap();
    }
    tmp
}

/// A damage: truncate, overwrite a byte, or insert text, at a position.
#[derive(Debug, Clone)]
enum Damage {
    Truncate(usize),
    Byte(usize, u8),
    Insert(usize, String),
}

fn damage() -> impl Strategy<Value = Damage> {
    prop_oneof![
        any::<usize>().prop_map(Damage::Truncate),
        (any::<usize>(), any::<u8>()).prop_map(|(i, b)| Damage::Byte(i, b)),
        (any::<usize>(), "[-=\\[\\]\"',0-9a-z \n.#]{1,12}").prop_map(|(i, s)| Damage::Insert(i, s)),
    ]
}

fn apply(bytes: &[u8], d: &Damage) -> Vec<u8> {
    let mut b = bytes.to_vec();
    if b.is_empty() {
        return b;
    }
    match d {
        Damage::Truncate(i) => b.truncate(i % b.len()),
        Damage::Byte(i, x) => {
            let n = b.len();
            b[i % n] = *x;
        }
        Damage::Insert(i, s) => {
            let at = i % b.len();
            b.splice(at..at, s.bytes());
        }
    }
    b
}

const LOGS: [&str; 3] = ["log.jsonl", "german/log.jsonl", "russian/log.jsonl"];

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// A damaged log is read up to a damaged last line, or refused naming
    /// file and line: never a panic.
    #[test]
    fn design_6_the_log_reader_never_panics(file in 0usize..3, damages in proptest::collection::vec(damage(), 1..4)) {
        let mut files = campaign().clone();
        let name = LOGS[file];
        let mut bytes = files[name].clone();
        for d in &damages {
            bytes = apply(&bytes, d);
        }
        files.insert(name.to_string(), bytes);
        let tmp = folder(&files);
        match votg::store::open_read(tmp.path(), &|s| s.check(tables())) {
            Ok(_) => {}
            Err(e) => {
                let m = e.to_string();
                prop_assert!(m.contains("log.jsonl") || m.contains("event"), "{m}");
            }
        }
    }

    /// A view damaged by hand is read back without a panic (and is simply
    /// written again, or named as edited).
    #[test]
    fn design_6_the_view_reader_never_panics(file in 0usize..10, damages in proptest::collection::vec(damage(), 1..4)) {
        let names = votg::store::views::names();
        let name = &names[file];
        let mut files = campaign().clone();
        let mut bytes = files[name].clone();
        for d in &damages {
            bytes = apply(&bytes, d);
        }
        files.insert(name.to_string(), bytes);
        let _ = votg::store::files::parse_view(&files, name);
    }

    /// The files of a campaign of the previous votg, damaged, are imported
    /// or refused: never a panic.
    #[test]
    fn design_6_the_import_of_an_older_campaign_never_panics(file in 0usize..10, damages in proptest::collection::vec(damage(), 1..4)) {
        let mut files = crate::common::old_files("schema-2-cg-i-partway");
        let name = files.keys().nth(file).unwrap().clone();
        let mut bytes = files[&name].clone();
        for d in &damages {
            bytes = apply(&bytes, d);
        }
        files.insert(name, bytes);
        let _ = CampaignState::load_old(&files, &|s| s.check(tables()));
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 60, ..ProptestConfig::default() })]

    #[test]
    fn tables_loader_never_panics(which in 0usize..6, damages in proptest::collection::vec(damage(), 1..3)) {
        let (name, text) = [
            ("escape.toml", include_str!("../../tables/escape.toml")),
            ("russian-rg.toml", include_str!("../../tables/russian-rg.toml")),
            ("fortification-purchase.toml", include_str!("../../tables/fortification-purchase.toml")),
            ("russian-sw.toml", include_str!("../../tables/russian-sw.toml")),
            ("historical-drm.toml", include_str!("../../tables/historical-drm.toml")),
            ("cg/cg-ii.toml", include_str!("../../tables/cg/cg-ii.toml")),
        ][which];
        let mut bytes = text.as_bytes().to_vec();
        for d in &damages {
            bytes = apply(&bytes, d);
        }
        let text = String::from_utf8_lossy(&bytes).to_string();
        if let Ok(t) = Tables::with_overrides(&[(name, &text)]) {
            // Whatever loads must also be usable: every CG definition resolves or errs.
            for cg in Cg::ALL {
                let _ = votg::rules::cg_def::load(&t, cg);
            }
        }
    }
}

#[test]
fn design_6_a_log_cut_anywhere_reads_to_its_last_whole_event_or_is_refused_as_damage() {
    // Cut at every line end and in the middle of every line: what is read
    // is the campaign as it was after some event, or the cut is refused as
    // damage, naming it; never a panic, never a wrong campaign.
    let files = campaign();
    for name in LOGS {
        let bytes = &files[name];
        let mut cuts: Vec<usize> = bytes
            .iter()
            .enumerate()
            .filter(|(_, b)| **b == b'\n')
            .flat_map(|(i, _)| [i / 2 + 1, i, i + 1])
            .collect();
        cuts.dedup();
        for at in cuts.into_iter().filter(|&at| at <= bytes.len()) {
            let mut damaged = files.clone();
            damaged.insert(name.to_string(), bytes[..at].to_vec());
            let tmp = folder(&damaged);
            if let Err(e) = votg::store::open_read(tmp.path(), &|s| s.check(tables())) {
                // A private log cut before a part its public event committed
                // to is refused, naming it: the public log says it existed.
                // A public log cut before an event a private log records (a
                // part, a draft) is refused too: only the one step after its
                // last event can be an interrupted write.
                let m = e.to_string();
                let first_line = bytes.iter().position(|b| *b == b'\n').unwrap();
                let creation_cut = name == "log.jsonl" && at <= first_line;
                let damage = m.contains("lacks") || m.contains("cut short");
                assert!(
                    creation_cut && m.contains("no whole creation") || damage,
                    "{name} cut at {at}: {m}"
                );
            }
        }
    }
}
