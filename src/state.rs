//! A whole campaign in memory — the files of DESIGN §3 — with the checks
//! that run on every load, and its serialisation back to bytes.

use crate::campaign::Campaign;
use crate::dice::Seeds;
use crate::error::Error;
use crate::force::{self, Force};
use crate::journal::{self, JournalRow};
use crate::migration;
use crate::purchase_record::{self, PurchaseRow};
use crate::roster::Roster;
use crate::side::Side;
use crate::side_dice::{self, SideDice};
use crate::store::Files;
use crate::tables::Tables;

mod file_read;
mod purchase_check;
use file_read::{csv_file_of, data, toml_file, whole};
use purchase_check::check_purchases;

/// Every file carries a `schema`; a newer one is refused rather than
/// misread, an older one migrated. This is the rosters' and Force
/// Organizers'.
pub const SCHEMA: u32 = 1;

/// `campaign.toml`'s schema. 2: the dice seeds left it for each side's
/// `dice.toml`; `[dice]` keeps only how far the public stream has gone.
pub const CAMPAIGN_SCHEMA: u32 = 2;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SideFiles {
    pub roster: Roster,
    /// Shared between the copies a run makes of the campaign step by step
    /// (a step that changes it copies it, `Arc::make_mut`): most steps do
    /// not, and then telling it unchanged is one pointer comparison.
    pub purchases: std::sync::Arc<Vec<PurchaseRow>>,
    pub force: Force,
    /// The side's dice stream (`<side>/dice.toml`, private to the side).
    pub dice: SideDice,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CampaignState {
    pub campaign: Campaign,
    pub german: SideFiles,
    pub russian: SideFiles,
    pub journal: Vec<JournalRow>,
}

fn check_schema(file: &str, schema: u32) -> Result<(), Error> {
    check_schema_of(file, schema, SCHEMA)
}

fn check_schema_of(file: &str, schema: u32, current: u32) -> Result<(), Error> {
    if schema == current {
        Ok(())
    } else {
        Err(data(
            file,
            (
                "schema".into(),
                schema.to_string(),
                format!("this votg reads schema {current}; use the votg that wrote it"),
            ),
        ))
    }
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
    if schema != force::SCHEMA {
        return Err(data(
            name,
            (
                "schema".into(),
                schema.to_string(),
                format!(
                    "this votg reads schema 1 and {}; use the votg that wrote it",
                    force::SCHEMA
                ),
            ),
        ));
    }
    toml_file(files, name)
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

    /// Parses and fully validates a campaign's files (migrating an older
    /// campaign in memory).
    pub fn from_files(files: &Files, tables: &Tables) -> Result<CampaignState, Error> {
        Ok(CampaignState::load(files, tables)?.0)
    }

    /// Like [`CampaignState::from_files`], and also says what was migrated
    /// from an older schema: the caller writes the migrated files back and
    /// tells the players once.
    pub fn load(files: &Files, tables: &Tables) -> Result<(CampaignState, Vec<String>), Error> {
        CampaignState::load_with(files, tables, None)
    }

    /// [`CampaignState::from_files`] for the files a run wrote, whose
    /// journal `rows` begin with the `known` rows read from `read`, the
    /// journal on disk (parsed and checked when the campaign was opened):
    /// when the journal written begins with those bytes, only the rest is
    /// parsed, and it must read back as the rows after the known ones.
    /// Otherwise the whole journal is parsed, as by
    /// [`CampaignState::from_files`]. Either way every other file is parsed
    /// and everything is checked together.
    pub fn from_files_after(
        files: &Files,
        tables: &Tables,
        read: &[u8],
        known: usize,
        rows: Vec<JournalRow>,
    ) -> Result<CampaignState, Error> {
        Ok(CampaignState::load_with(files, tables, Some((read, known, rows)))?.0)
    }

    fn load_with(
        files: &Files,
        tables: &Tables,
        after: Option<(&[u8], usize, Vec<JournalRow>)>,
    ) -> Result<(CampaignState, Vec<String>), Error> {
        // The cheap check first (a file that is not text is left to its
        // parser, which says where).
        for (name, bytes) in files {
            if std::str::from_utf8(bytes).is_ok() {
                whole(name, bytes)?;
            }
        }
        let mut notes = Vec::new();
        let mut campaign: Campaign = toml_file(files, "campaign.toml")?;
        let old_seed = migration::campaign(&mut campaign).map_err(|e| data("campaign.toml", e))?;
        campaign.validate().map_err(|e| data("campaign.toml", e))?;
        side_dice::check_used("dice.used", campaign.dice.used)
            .map_err(|e| data("campaign.toml", e))?;
        let mut sides = Vec::new();
        for side in Side::BOTH {
            let roster_name = format!("{side}/roster.toml");
            let roster: Roster = toml_file(files, &roster_name)?;
            check_schema(&roster_name, roster.schema)?;
            roster.validate(side).map_err(|e| data(&roster_name, e))?;
            let purchases_name = format!("{side}/purchases.csv");
            let purchases = purchase_rows(files, &purchases_name, &mut notes)?;
            let chart = match side {
                Side::German => &tables.german_rg,
                Side::Russian => &tables.russian_rg,
            };
            check_purchases(&purchases_name, &purchases, chart, &campaign)?;
            let force_name = format!("{side}/force.toml");
            let force = force_file(files, &force_name, &mut notes)?;
            force
                .validate(side, purchases.len())
                .map_err(|e| data(&force_name, e))?;
            let dice = match old_seed {
                Some(_) => migration::side_dice(side, side_dice_file(files, side).ok()),
                None => side_dice_file(files, side)?,
            };
            sides.push(SideFiles {
                roster,
                purchases: purchases.into(),
                force,
                dice,
            });
        }
        if old_seed.is_some() {
            notes.push(migration::DICE_NOTE.into());
        }
        let journal = match after {
            Some((read, known, rows)) if old_seed.is_none() => {
                match journal_after(files, read, known, rows)? {
                    Some(rows) => rows,
                    None => journal_file(files, old_seed, &mut notes)?,
                }
            }
            _ => journal_file(files, old_seed, &mut notes)?,
        };
        let russian = sides.pop().expect("two sides");
        let german = sides.pop().expect("two sides");
        let state = CampaignState {
            campaign,
            german,
            russian,
            journal,
        };
        let def = crate::cg_def::load(tables, state.campaign.cg)?;
        crate::consistency::check(&state, &def)?;
        Ok((state, notes))
    }

    /// The keys of the sides' dice streams (the public one derives from them).
    pub fn seeds(&self) -> Seeds {
        Seeds {
            german: self.german.dice.seed,
            russian: self.russian.dice.seed,
        }
    }

    /// Every file, as written (a run keeps them between steps with
    /// [`Written`], which must give the same bytes).
    pub fn to_files(&self) -> Files {
        let mut files = Files::new();
        files.insert("campaign.toml".into(), to_toml(&self.campaign).into());
        for side in Side::BOTH {
            let s = self.side(side);
            files.insert(format!("{side}/roster.toml"), to_toml(&s.roster).into());
            files.insert(
                format!("{side}/purchases.csv"),
                purchase_record::to_csv(&s.purchases).into(),
            );
            files.insert(format!("{side}/force.toml"), to_toml(&s.force).into());
            files.insert(SideDice::file_name(side), dice_file(side, &s.dice).into());
        }
        files.insert(
            "journal.csv".into(),
            journal_csv(Vec::new(), &self.journal).into(),
        );
        files
    }
}

/// The journal's CSV: `rows` written after the bytes `before` (after the
/// header when there are none).
pub(crate) fn journal_csv(before: Vec<u8>, rows: &[JournalRow]) -> Vec<u8> {
    let fresh = before.is_empty();
    let mut w = csv::WriterBuilder::new()
        .has_headers(false)
        .from_writer(before);
    if fresh {
        w.write_record(JOURNAL_COLUMNS).expect("in-memory write");
    }
    for row in rows {
        w.serialize(row).expect("in-memory write");
    }
    w.into_inner().expect("in-memory write")
}

pub use crate::journal::COLUMNS as JOURNAL_COLUMNS;

mod campaign_text;
mod written;
pub use written::Written;

fn side_dice_file(files: &Files, side: Side) -> Result<SideDice, Error> {
    let name = SideDice::file_name(side);
    let dice: SideDice = toml_file(files, &name)?;
    check_schema_of(&name, dice.schema, side_dice::SCHEMA)?;
    dice.validate(side).map_err(|e| data(&name, e))?;
    Ok(dice)
}

/// The rows of a journal of this schema (for [`crate::parsed_copy`], whose
/// files were checked whole when the copy was made).
pub(crate) fn journal_rows(files: &Files) -> Result<Vec<JournalRow>, Error> {
    journal_file(files, None, &mut Vec::new())
}

/// The journal of `files` as `rows`, if it begins with the bytes `read`
/// (ending with a whole record), which the caller read as the first `known`
/// of them, and the rest of it reads as the others. `None` when it does not
/// begin so, or the quick reader cannot read the rest (the caller parses it
/// whole, and the full reader says why); an error when what follows does not
/// read back as the rows.
fn journal_after(
    files: &Files,
    read: &[u8],
    known: usize,
    rows: Vec<JournalRow>,
) -> Result<Option<Vec<JournalRow>>, Error> {
    let Some(bytes) = files.get("journal.csv") else {
        return Ok(None);
    };
    if !read.ends_with(b"\n") || !bytes.starts_with(read) || known > rows.len() {
        return Ok(None);
    }
    // The header (its line ends within `read`), then the records after the
    // known ones: the same rows as the whole file's after them (CSV records
    // are read one by one).
    let header = bytes
        .iter()
        .position(|b| *b == b'\n')
        .map_or(0, |at| at + 1);
    let mut rest = bytes[..header].to_vec();
    rest.extend_from_slice(&bytes[read.len()..]);
    let Some(added) = journal::fast_read::rows(&rest) else {
        return Ok(None);
    };
    if added != rows[known..]
        || rows
            .iter()
            .enumerate()
            .skip(known)
            .any(|(i, r)| r.seq != i as u64 + 1)
    {
        return Err(Error::Usage(
            "internal: the journal as written does not read back as the run's rows; nothing was written".into(),
        ));
    }
    Ok(Some(rows))
}

/// The journal, its schema-1 form (13 columns) migrated.
fn journal_file(
    files: &Files,
    old_seed: Option<u64>,
    notes: &mut Vec<String>,
) -> Result<Vec<JournalRow>, Error> {
    let fast = files
        .get("journal.csv")
        .filter(|b| whole("journal.csv", b).is_ok())
        .and_then(|b| journal::fast_read::rows(b));
    let (mut journal, which): (Vec<JournalRow>, usize) = match fast {
        Some(rows) => (rows, 0),
        None => csv_file_of(
            files,
            "journal.csv",
            &[journal::COLUMNS, journal::OLD_COLUMNS],
        )?,
    };
    for (i, row) in journal.iter().enumerate() {
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
    migration::journal(&mut journal, which == 1, old_seed);
    Ok(journal)
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
            "{name} is schema 1 (the 19 columns of 12.6218 only): read by migration as schema 2, its facts (Initial OB group, \"@\" NA, boats, Pre-Reg hexes, Creeping Barrage, Stuka price) read from the words of `other`. The next command that changes the campaign writes it in schema 2."
        ));
    }
    Ok(rows)
}

/// A side's `dice.toml`: its header, then the stream's position.
pub(crate) fn dice_file(side: Side, dice: &SideDice) -> Vec<u8> {
    let mut bytes = SideDice::header(side).into_bytes();
    bytes.extend(to_toml(dice));
    bytes
}

pub(crate) fn to_toml<T: serde::Serialize>(value: &T) -> Vec<u8> {
    toml::to_string_pretty(value)
        .expect("campaign values serialise")
        .into_bytes()
}
