//! Property tests: no input makes a loader panic. Damaged table files and
//! damaged campaign files give an error (or, by chance, still load).

use proptest::prelude::*;
use votg::side::Cg;
use votg::state::CampaignState;
use votg::tables::Tables;

fn campaign_files() -> votg::store::Files {
    let tables = Tables::embedded().unwrap();
    let def = votg::cg_def::load(&tables, Cg::II).unwrap();
    votg::new_campaign::initial_state(&def, &tables, 1).to_files()
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
        let tables = Tables::embedded().unwrap();
        let mut files = campaign_files();
        let name = votg::store::CAMPAIGN_FILES[file];
        let mut bytes = files[name].clone();
        for d in &damages {
            bytes = apply(&bytes, d);
        }
        files.insert(name.to_string(), bytes);
        let _ = CampaignState::from_files(&files, &tables);
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
