//! Property tests: no input makes a loader panic. Damaged table files and
//! damaged campaign files give an error (or, by chance, still load).

use proptest::prelude::*;
use votg::side::Cg;
use votg::state::CampaignState;
use votg::tables::Tables;

/// The built-in tables, loaded once for all cases.
fn tables() -> &'static Tables {
    static TABLES: std::sync::LazyLock<Tables> =
        std::sync::LazyLock::new(|| Tables::embedded().unwrap());
    &TABLES
}

fn campaign_files() -> votg::store::Files {
    static FILES: std::sync::LazyLock<votg::store::Files> = std::sync::LazyLock::new(|| {
        let def = votg::cg_def::load(tables(), Cg::II).unwrap();
        votg::new_campaign::initial_state(&def, tables(), 1).to_files()
    });
    FILES.clone()
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

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn design_6_campaign_loader_never_panics(file in 0usize..votg::store::CAMPAIGN_FILES.len(), damages in proptest::collection::vec(damage(), 1..4)) {
        let tables = tables();
        let mut files = campaign_files();
        let name = votg::store::CAMPAIGN_FILES[file];
        let mut bytes = files[name].to_vec();
        for d in &damages {
            bytes = apply(&bytes, d);
        }
        files.insert(name.to_string(), bytes.into());
        let _ = CampaignState::from_files(&files, tables);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 60, ..ProptestConfig::default() })]

    #[test]
    fn tables_loader_never_panics(which in 0usize..6, damages in proptest::collection::vec(damage(), 1..3)) {
        let (name, text) = [
            ("escape.toml", include_str!("../tables/escape.toml")),
            ("russian-rg.toml", include_str!("../tables/russian-rg.toml")),
            ("fortification-purchase.toml", include_str!("../tables/fortification-purchase.toml")),
            ("russian-sw.toml", include_str!("../tables/russian-sw.toml")),
            ("historical-drm.toml", include_str!("../tables/historical-drm.toml")),
            ("cg/cg-ii.toml", include_str!("../tables/cg/cg-ii.toml")),
        ][which];
        let mut bytes = text.as_bytes().to_vec();
        for d in &damages {
            bytes = apply(&bytes, d);
        }
        let text = String::from_utf8_lossy(&bytes).to_string();
        if let Ok(t) = Tables::with_overrides(&[(name, &text)]) {
            // Whatever loads must also be usable: every CG definition resolves or errs.
            for cg in Cg::ALL {
                let _ = votg::cg_def::load(&t, cg);
            }
        }
    }
}

#[test]
fn a_good_campaign_round_trips_through_its_files() {
    let tables = Tables::embedded().unwrap();
    let files = campaign_files();
    let state = CampaignState::from_files(&files, &tables).unwrap();
    assert_eq!(
        state.to_files(),
        files,
        "serialising a loaded campaign gives the same bytes"
    );
}

/// A sample campaign of `rosters/`: `cg-i-new` as `votg new` makes it,
/// `cg-i-walkthrough` after a whole Initial Scenario RePh (purchases,
/// strength rolls, fortifications, a journal).
fn sample(name: &str) -> votg::store::Files {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("rosters")
        .join(name);
    votg::store::CAMPAIGN_FILES
        .iter()
        .map(|n| (n.to_string(), std::fs::read(dir.join(n)).unwrap().into()))
        .collect()
}

/// What any campaign that loads must be, checked here independently of the
/// loader: the German keeps his Support CPP (CG I gives 4), every pool
/// balances and its Spent is what its RGs cost, the purchase record and the
/// journal list the RGs the roster paid for, each Force Organizer line's RG
/// is its purchase row's, and writing it back loses nothing more.
fn consistent(s: &CampaignState, tables: &Tables) -> Result<(), String> {
    use votg::cg_day::CgDay;
    use votg::side::Side;
    for (i, l) in s.german.roster.lines.iter().enumerate() {
        if l.support_cpp.is_none() {
            return Err(format!("German line {i} lost its Support CPP"));
        }
    }
    for side in Side::BOTH {
        let f = s.side(side);
        let mut paid = Vec::new();
        for l in &f.roster.lines {
            for pool in std::iter::once(l.cpp).chain(l.support_cpp) {
                if pool.left != pool.start + pool.received - pool.spent || pool.left < 0 {
                    return Err(format!("{side}: pool {pool:?} does not balance"));
                }
            }
            if l.cpp.spent != l.rgs.iter().map(|b| b.cpp).sum::<i64>() {
                return Err(format!("{side}: CPP Spent is not what the RGs cost"));
            }
            let support: i64 = l.rgs.iter().map(|b| b.support_cpp).sum();
            if l.support_cpp.map_or(0, |p| p.spent) != support {
                return Err(format!(
                    "{side}: Support CPP Spent is not what the RGs cost"
                ));
            }
            let day = CgDay::new(l.date, l.night);
            paid.extend(
                l.rgs
                    .iter()
                    .map(|b| (day, b.rg.clone(), b.purchase.clone())),
            );
        }
        let record: Vec<(CgDay, String)> = f
            .purchases
            .iter()
            .filter(|r| !r.is_given())
            .map(|r| (r.cg_day, r.rg_id.clone()))
            .collect();
        let roster: Vec<(CgDay, String)> = paid.iter().map(|(d, rg, _)| (*d, rg.clone())).collect();
        if record != roster {
            return Err(format!(
                "{side}: purchase record {record:?} vs roster {roster:?}"
            ));
        }
        // Each purchase's journal row concerns the record row it wrote
        // (`row:N`), whose RG is the one the roster paid for.
        let journal: Vec<(String, String)> = s
            .journal
            .iter()
            .filter(|r| {
                r.step == "12.621" && r.side == side.id() && r.kind == votg::journal::Kind::Decision
            })
            .map(|r| {
                let rg = r
                    .concerns
                    .split_whitespace()
                    .find_map(|c| c.strip_prefix("row:"))
                    .and_then(|n| n.parse::<usize>().ok())
                    .and_then(|n| f.purchases.get(n.wrapping_sub(1)))
                    .map_or(String::new(), |p| p.rg_id.clone());
                (r.cg_day.to_string(), rg)
            })
            .collect();
        let roster: Vec<(String, String)> = paid
            .iter()
            .map(|(d, rg, _)| (d.to_string(), rg.clone()))
            .collect();
        if journal != roster {
            return Err(format!("{side}: journal {journal:?} vs roster {roster:?}"));
        }
        for item in f.force.counters.iter() {
            if let (Some(rg), Some(row)) = (&item.rg, item.rg_row)
                && f.purchases.get(row - 1).map(|r| r.rg_id.as_str()) != Some(rg.as_str())
            {
                return Err(format!("{side}: force line of {rg} points at row {row}"));
            }
        }
    }
    for (i, r) in s.journal.iter().enumerate() {
        if r.seq != i as u64 + 1 {
            return Err(format!("journal row {i} has seq {}", r.seq));
        }
    }
    match CampaignState::from_files(&s.to_files(), tables) {
        Ok(again) if again == *s => Ok(()),
        Ok(_) => Err("writing it back changes it".into()),
        Err(e) => Err(format!("written back, it does not load: {e}")),
    }
}

/// Runs `f` on every item of `work` on two threads (the machine has two
/// cores); each returns the offsets whose damage loaded.
fn on_two_threads<T: Sync>(work: &[T], f: impl Fn(&T) -> usize + Sync) -> usize {
    let (a, b) = work.split_at(work.len() / 2);
    std::thread::scope(|s| {
        let left = s.spawn(|| a.iter().map(&f).sum::<usize>());
        let right: usize = b.iter().map(&f).sum();
        left.join().unwrap() + right
    })
}

#[test]
fn issue_12_8_a_file_cut_at_any_offset_is_refused_or_consistent() {
    for name in ["cg-i-new", "cg-i-walkthrough"] {
        cut_everywhere(&sample(name));
    }
}

fn cut_everywhere(files: &votg::store::Files) {
    let tables = tables();
    let original = CampaignState::from_files(files, tables).unwrap();
    consistent(&original, tables).unwrap();
    let cuts: Vec<(&str, usize)> = votg::store::CAMPAIGN_FILES
        .iter()
        .flat_map(|n| (0..files[*n].len()).map(move |k| (*n, k)))
        .collect();
    let loaded = on_two_threads(&cuts, |&(name, k)| {
        let mut damaged = files.clone();
        let cut = files[name][..k].to_vec();
        let ends_a_line = cut.last() == Some(&b'\n');
        damaged.insert(name.to_string(), cut.into());
        let Ok(s) = CampaignState::from_files(&damaged, tables) else {
            return 0;
        };
        // A cut inside a line never loads; one between lines loads only as
        // a campaign that is still whole in itself.
        assert!(ends_a_line, "{name} cut at {k} (inside a line) loaded");
        if let Err(e) = consistent(&s, tables) {
            panic!("{name} cut at {k} loaded, inconsistent: {e}");
        }
        usize::from(s != original)
    });
    // What still loads (trailing journal rows, trailing Force Organizer
    // lines or their notes) is whole in itself; with `.votg/sealed` (every
    // campaign votg has written) even that is refused as cut short.
    assert!(
        loaded < cuts.len() / 20,
        "{loaded} of {} cuts loaded",
        cuts.len()
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn issue_12_8_flipped_bytes_are_refused_or_consistent(
        file in 0usize..8,
        flips in proptest::collection::vec((any::<usize>(), 0u8..8), 1..4),
    ) {
        let tables = tables();
        let mut files = sample("cg-i-walkthrough");
        let name = votg::store::CAMPAIGN_FILES[file];
        let bytes = std::sync::Arc::make_mut(files.get_mut(name).unwrap());
        let len = bytes.len();
        for (at, bit) in &flips {
            bytes[at % len] ^= 1 << bit;
        }
        if let Ok(s) = CampaignState::from_files(&files, tables) {
            prop_assert!(consistent(&s, tables).is_ok(), "{:?}", consistent(&s, tables));
        }
    }
}

#[test]
fn issue_12_8_with_its_sealed_copies_a_campaign_cut_anywhere_is_refused() {
    use votg::store::Store;
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("c");
    let files = sample("cg-i-walkthrough");
    {
        std::fs::create_dir_all(&dir).unwrap();
        let store = Store::create(&dir).unwrap();
        store.commit(&files, None).unwrap();
    }
    for name in votg::store::CAMPAIGN_FILES {
        let whole = &files[*name];
        for k in (0..whole.len()).step_by(7).chain([whole.len() - 1]) {
            std::fs::write(dir.join(name), &whole[..k]).unwrap();
            match Store::read_committed(&dir) {
                Err(votg::Error::CutShort { .. }) => {}
                other => panic!("{name} cut at {k}: {:?}", other.map(|_| ())),
            }
        }
        std::fs::write(dir.join(name), whole.as_slice()).unwrap();
    }
    assert_eq!(Store::read_committed(&dir).unwrap(), files);
}
