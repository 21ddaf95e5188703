//! The campaign in memory: the public record, each side's CG Roster, RG
//! Purchase Record and Force Organizer, and the journal (DESIGN §3). It is
//! the fold of the campaign's events (`model::fold`); its views are the
//! files a player reads, and this module writes them and reads them back
//! (to tell a view edited by hand, and to import a campaign of an older
//! votg, whose files were its truth).

use std::collections::BTreeMap;

use crate::campaign::Campaign;
use crate::dice::{Seed, Seeds};
use crate::error::Error;
use crate::force::{self, Force};
use crate::journal::{self, JournalRow};
use crate::migration;
use crate::purchase_record::{self, PurchaseRow};
use crate::roster::Roster;
use crate::side::Side;
use crate::side_dice::{self, SideDice};
use crate::tables::Tables;

mod file_read;
mod purchase_check;
pub(crate) use file_read::{csv_file_of, data, toml_file, whole};
use purchase_check::check_purchases;

/// Files by their path in the campaign folder.
pub type Files = BTreeMap<String, Vec<u8>>;

/// The rosters' schema.
pub const SCHEMA: u32 = 1;

/// `campaign.toml`'s schema. 2: the dice seeds left it for each side's
/// `dice.toml`. 3: the campaign is its logs and `campaign.toml` a view of
/// them; dice are drawn per label, so no stream position is kept.
pub const CAMPAIGN_SCHEMA: u32 = 3;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SideFiles {
    pub roster: Roster,
    pub purchases: std::sync::Arc<Vec<PurchaseRow>>,
    pub force: Force,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CampaignState {
    pub campaign: Campaign,
    pub german: SideFiles,
    pub russian: SideFiles,
    pub journal: Vec<JournalRow>,
}

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
    /// The side's current CG Roster line (validation guarantees one).
    pub fn line(&self, side: Side) -> &crate::roster::RosterLine {
        self.side(side)
            .roster
            .current()
            .expect("validated: a roster has a line")
    }

    pub fn line_mut(&mut self, side: Side) -> &mut crate::roster::RosterLine {
        self.side_mut(side)
            .roster
            .current_mut()
            .expect("validated: a roster has a line")
    }

    pub fn side(&self, side: Side) -> &SideFiles {
        match side {
            Side::German => &self.german,
            Side::Russian => &self.russian,
        }
    }

    pub fn side_mut(&mut self, side: Side) -> &mut SideFiles {
        match side {
            Side::German => &mut self.german,
            Side::Russian => &mut self.russian,
        }
    }

    /// Every check a campaign's parts must pass: each file's own and those
    /// across files (a hand edit recorded with `votg adjust`, an import).
    pub fn check(&self, tables: &Tables) -> Result<(), Error> {
        self.campaign
            .validate()
            .map_err(|e| data("campaign.toml", e))?;
        for side in Side::BOTH {
            let s = self.side(side);
            s.roster
                .validate(side)
                .map_err(|e| data(&format!("{side}/roster.toml"), e))?;
            let chart = match side {
                Side::German => &tables.german_rg,
                Side::Russian => &tables.russian_rg,
            };
            check_purchases(
                &format!("{side}/purchases.csv"),
                &s.purchases,
                chart,
                &self.campaign,
            )?;
            s.force
                .validate(side, s.purchases.len())
                .map_err(|e| data(&format!("{side}/force.toml"), e))?;
        }
        let def = crate::cg_def::load(tables, self.campaign.cg)?;
        crate::consistency::check(self, &def)
    }

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
        tables: &Tables,
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
        state.check(tables)?;
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

/// `side_dice`'s check of a stream position, for files of schema 2.
pub use side_dice::check_used;
