//! A campaign's first event: a new campaign's (`votg new`) or an older
//! votg's campaign taken in (DESIGN §3), its public part in the public log
//! and each side's part, committed to, in the side's own.

use std::path::Path;

use super::appender::Appender;
use super::log::{PUBLIC, commitment, private_name};
use super::{Part, file, import, lock, salt, split, views};
use crate::error::Error;
use crate::model::event::{Commitments, Private, Public, PublicKind};
use crate::model::facts;
use crate::model::fold::Events;
use crate::model::seed::Seeds;
use crate::model::side::Side;
use crate::model::state::{CampaignState, Files};

/// Event 1's parts of `state`: each side's in `events`, the public one and
/// the commitments returned.
fn first(
    state: &CampaignState,
    seeds: Seeds,
    at: &str,
    events: &mut Events,
) -> (Part, Commitments) {
    let (public, parts) = split(&facts::whole(state), &state.journal, at);
    let mut commit = Commitments::new();
    for (side, part) in Side::BOTH.into_iter().zip(parts) {
        let p = Private::Part {
            of: 1,
            salt: salt(Some(seeds.of(side)), 1),
            facts: part.facts,
            rows: part.rows,
            after: part.after,
            epochs: Vec::new(),
            answered_at: None,
        };
        let body = serde_json::to_string(&p).expect("events serialise");
        commit.insert(side, commitment(&body));
        match side {
            Side::German => events.german.push((1, p)),
            Side::Russian => events.russian.push((1, p)),
        }
    }
    (public, commit)
}

/// The events an import writes: the public part, then each side's.
pub(super) fn import_events(old: &import::Old) -> Events {
    let at = crate::model::journal::now();
    let mut events = Events::default();
    let (public, commit) = first(&old.state, old.seeds, &at, &mut events);
    events.public.push(Public {
        n: 1,
        at,
        kind: PublicKind::Imported {
            from_schema: old.from_schema,
            votg: crate::VERSION.into(),
            facts: public.0,
            rows: public.1,
            commit,
        },
    });
    events
}

/// Writes `events` (a campaign's first) to empty logs: private parts first.
pub(super) fn write_events(appender: &mut Appender, events: &Events) -> Result<(), Error> {
    for side in Side::BOTH {
        let bodies: Vec<String> = events
            .private(side)
            .iter()
            .map(|(_, p)| serde_json::to_string(p).expect("events serialise"))
            .collect();
        appender.append(&private_name(side), &bodies)?;
    }
    let bodies: Vec<String> = events
        .public
        .iter()
        .map(|e| serde_json::to_string(e).expect("events serialise"))
        .collect();
    appender.append(PUBLIC, &bodies).map(drop)
}

/// Creates a new campaign's logs and key files in the empty folder `dir`.
pub fn create(
    dir: &Path,
    state: &CampaignState,
    seeds: Seeds,
    test_seed: Option<u64>,
) -> Result<(), Error> {
    for side in Side::BOTH {
        let path = dir.join(crate::store::keys::SideDice::file_name(side));
        std::fs::create_dir_all(path.parent().expect("in a folder")).map_err(file::io(dir))?;
        file::write_atomic(&path, &crate::store::files::dice_file(side, seeds.of(side)))?;
    }
    let lock = lock(dir)?;
    let mut appender = Appender::lock(dir)?;
    let at = crate::model::journal::now();
    let mut events = Events::default();
    let (public, commit) = first(state, seeds, &at, &mut events);
    events.public.push(Public {
        n: 1,
        at,
        kind: PublicKind::Created {
            schema: crate::model::event::LOG_SCHEMA,
            votg: crate::VERSION.into(),
            cg: state.campaign.cg,
            test_seed,
            facts: public.0,
            rows: public.1,
            commit,
            two_machines: false,
        },
    });
    write_events(&mut appender, &events)?;
    views::write(dir, state, 1, &mut Files::new(), None)?;
    drop(lock);
    Ok(())
}
