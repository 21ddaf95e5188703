//! The campaign's files as a player reads them (DESIGN §3): writing the
//! views of a campaign, reading one back (to tell a hand edit), and reading
//! the files of an older votg (schema 1 and 2), which were its truth, to
//! import them.

use crate::error::Error;
use crate::model::campaign::Campaign;
use crate::model::force::{self, Force};
use crate::model::journal::{self, JournalRow};
use crate::model::purchase_record::{self, PurchaseRow};
use crate::model::roster::Roster;
use crate::model::seed::{Seed, Seeds};
use crate::model::side::Side;
use crate::model::state::{CAMPAIGN_SCHEMA, CampaignState, Files, SCHEMA, SideFiles};
use crate::store::keys::SideDice;
use crate::store::migration;

mod file_read;
pub use crate::error::data;
pub(crate) use file_read::{csv_file_of, toml_file, whole};

/// The rules' checks of a campaign's parts, which an import must pass: the
/// store is given them, as it knows no rules.
pub type Check<'a> = &'a dyn Fn(&CampaignState) -> Result<(), Error>;

fn check_schema_of(file: &str, schema: u32, current: u32) -> Result<(), Error> {
    if schema == current {
        return Ok(());
    }
    Err(data(
        file,
        (
            "schema".into(),
            schema.to_string(),
            format!("this votg reads schema {current}; use the votg that wrote it"),
        ),
    ))
}

impl CampaignState {
    /// The views of the campaign (DESIGN §3): `campaign.toml` and the public
    /// rows of the journal; each side's roster, purchase record, Force
    /// Organizer and secret journal rows in its folder.
    pub fn views(&self) -> Files {
        let mut files = Files::new();
        files.insert("campaign.toml".into(), to_toml(&self.campaign));
        files.insert(
            "journal.csv".into(),
            journal_csv(self.journal.iter().filter(|r| !r.secret)),
        );
        for side in Side::BOTH {
            let s = self.side(side);
            files.insert(format!("{side}/roster.toml"), to_toml(&s.roster));
            files.insert(
                format!("{side}/purchases.csv"),
                purchase_record::to_csv(&s.purchases),
            );
            files.insert(format!("{side}/force.toml"), to_toml(&s.force));
            let secret = self
                .journal
                .iter()
                .filter(|r| r.secret && r.side == side.id());
            files.insert(format!("{side}/journal.csv"), journal_csv(secret));
        }
        files
    }

    /// A campaign of an older votg (schema 1 or 2), read from its files,
    /// which were its truth, with each side's dice keys; and what was
    /// migrated, to tell the players once.
    pub fn load_old(
        files: &Files,
        check: Check,
    ) -> Result<(CampaignState, Seeds, Vec<String>), Error> {
        for (name, bytes) in files {
            if std::str::from_utf8(bytes).is_ok() {
                whole(name, bytes)?;
            }
        }
        let mut notes = Vec::new();
        let mut campaign: Campaign = toml_file(files, "campaign.toml")?;
        if campaign.schema >= CAMPAIGN_SCHEMA {
            return Err(data(
                "campaign.toml",
                (
                    "schema".into(),
                    campaign.schema.to_string(),
                    "a campaign of this schema is its log.jsonl, which is missing here: restore it from your backup (campaign.toml is only a view of it)".into(),
                ),
            ));
        }
        let old_seed = migration::campaign(&mut campaign).map_err(|e| data("campaign.toml", e))?;
        let mut sides = Vec::new();
        let mut keys = Vec::new();
        for side in Side::BOTH {
            let roster: Roster = toml_file(files, &format!("{side}/roster.toml"))?;
            check_schema_of(&format!("{side}/roster.toml"), roster.schema, SCHEMA)?;
            let purchases = purchase_rows(files, &format!("{side}/purchases.csv"), &mut notes)?;
            let force = force_file(files, &format!("{side}/force.toml"), &mut notes)?;
            let dice = match old_seed {
                Some(_) => migration::side_dice(side, side_dice_file(files, side).ok()),
                None => side_dice_file(files, side)?,
            };
            keys.push(dice.seed);
            sides.push(SideFiles {
                roster,
                purchases: purchases.into(),
                force,
            });
        }
        if old_seed.is_some() {
            notes.push(migration::DICE_NOTE.into());
        }
        let journal = old_journal(files, old_seed, &mut notes)?;
        campaign.schema = CAMPAIGN_SCHEMA;
        // Dice are drawn per label now: no stream position is kept.
        campaign.dice = Default::default();
        let russian = sides.pop().expect("two sides");
        let german = sides.pop().expect("two sides");
        let state = CampaignState {
            campaign,
            german,
            russian,
            journal,
        };
        check(&state)?;
        let seeds = Seeds {
            german: keys[0],
            russian: keys[1],
        };
        Ok((state, seeds, notes))
    }
}

/// A view read back, to compare with what the log derives.
#[derive(Debug, Clone, PartialEq)]
pub enum ViewValue {
    Campaign(Box<Campaign>),
    Roster(Roster),
    Purchases(Vec<PurchaseRow>),
    Force(Force),
    Journal(Vec<JournalRow>),
}

/// Parses the view `name` from `files` (a schema-1 Force Organizer or RG
/// Purchase Record is read by migration, as a player's older copy may be).
pub fn parse_view(files: &Files, name: &str) -> Result<ViewValue, Error> {
    if let Some(bytes) = files.get(name) {
        whole(name, bytes)?;
    }
    let mut notes = Vec::new();
    Ok(match name {
        "campaign.toml" => ViewValue::Campaign(Box::new(toml_file(files, name)?)),
        n if n.ends_with("journal.csv") => {
            ViewValue::Journal(csv_file_of(files, n, &[journal::COLUMNS])?.0)
        }
        n if n.ends_with("roster.toml") => ViewValue::Roster(toml_file(files, n)?),
        n if n.ends_with("purchases.csv") => {
            ViewValue::Purchases(purchase_rows(files, n, &mut notes)?)
        }
        n if n.ends_with("force.toml") => ViewValue::Force(force_file(files, n, &mut notes)?),
        _ => return Err(Error::Usage(format!("internal: `{name}` is no view"))),
    })
}

/// A `force.toml` of this schema or, migrated, of schema 1.
fn force_file(files: &Files, name: &str, notices: &mut Vec<String>) -> Result<Force, Error> {
    #[derive(serde::Deserialize)]
    struct Schema {
        schema: u32,
    }
    let Schema { schema } = toml_file(files, name)?;
    if schema == 1 {
        let old: force::schema1::ForceV1 = toml_file(files, name)?;
        let (force, m) = old.migrate().map_err(|e| data(name, e))?;
        notices.push(m.notice(name));
        return Ok(force);
    }
    check_schema_of(name, schema, force::SCHEMA)?;
    toml_file(files, name)
}

/// The journal of `rows`.
pub(crate) fn journal_csv<'a>(rows: impl Iterator<Item = &'a JournalRow>) -> Vec<u8> {
    let mut w = csv::WriterBuilder::new()
        .has_headers(false)
        .from_writer(Vec::new());
    w.write_record(journal::COLUMNS).expect("in-memory write");
    for row in rows {
        w.serialize(row).expect("in-memory write");
    }
    w.into_inner().expect("in-memory write")
}

fn side_dice_file(files: &Files, side: Side) -> Result<SideDice, Error> {
    let name = SideDice::file_name(side);
    let dice: SideDice = toml_file(files, &name)?;
    dice.validate(side).map_err(|e| data(&name, e))?;
    Ok(dice)
}

/// A side's dice key, from its `dice.toml`.
pub fn read_seed(files: &Files, side: Side) -> Result<Seed, Error> {
    Ok(side_dice_file(files, side)?.seed)
}

/// The journal of an older votg: one file, numbered 1, 2, 3 …; its
/// schema-1 form (13 columns) migrated.
fn old_journal(
    files: &Files,
    old_seed: Option<u64>,
    notes: &mut Vec<String>,
) -> Result<Vec<JournalRow>, Error> {
    let (mut rows, which): (Vec<JournalRow>, usize) = csv_file_of(
        files,
        "journal.csv",
        &[journal::COLUMNS, journal::OLD_COLUMNS],
    )?;
    for (i, row) in rows.iter().enumerate() {
        if row.seq != i as u64 + 1 {
            return Err(data(
                "journal.csv",
                (
                    format!("row {} seq", i + 1),
                    row.seq.to_string(),
                    "journal rows are numbered 1, 2, 3 …".into(),
                ),
            ));
        }
    }
    if which == 1 {
        notes.push(migration::JOURNAL_NOTE.into());
    }
    migration::journal(&mut rows, which == 1, old_seed);
    Ok(rows)
}

/// The RG Purchase Record of schema 2, or of schema 1 migrated (its typed
/// facts read once from the words of `other`).
pub(crate) fn purchase_rows(
    files: &Files,
    name: &str,
    notices: &mut Vec<String>,
) -> Result<Vec<PurchaseRow>, Error> {
    let (mut rows, which): (Vec<PurchaseRow>, usize) = csv_file_of(
        files,
        name,
        &[purchase_record::COLUMNS, purchase_record::LEGACY_COLUMNS],
    )?;
    if which == 1 {
        purchase_record::migrate(&mut rows).map_err(|(i, message)| {
            data(
                name,
                (
                    format!("row {} other", i + 2),
                    rows[i].other.clone(),
                    message,
                ),
            )
        })?;
        notices.push(format!(
            "{name} is schema 1 (the 19 columns of 12.6218 only): read by migration as schema 2, its facts (Initial OB group, \"@\" NA, boats, Pre-Reg hexes, Creeping Barrage, Stuka price) read from the words of `other`."
        ));
    }
    Ok(rows)
}

/// A side's `dice.toml`: its header, then its key.
pub fn dice_file(side: Side, seed: Seed) -> Vec<u8> {
    let mut bytes = SideDice::header(side).into_bytes();
    bytes.extend(to_toml(&SideDice::new(side, seed)));
    bytes
}

pub(crate) fn to_toml<T: serde::Serialize>(value: &T) -> Vec<u8> {
    toml::to_string_pretty(value)
        .expect("campaign values serialise")
        .into_bytes()
}
