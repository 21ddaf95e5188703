//! The RG Purchase Record (12.6218): one CSV row per RG bought or given.
//!
//! The 19 columns of 12.6218 come first, as DESIGN §3 names them. After them
//! (schema 2) come the facts of the purchase as types: the Initial OB group
//! of a given RG, the "@" NA of SSR II-4, boats, Pre-Registered hexes,
//! Creeping Barrage, the Stuka's price. The `other` column is written from
//! those facts (and the free text the rules call for) and is never read back
//! for a fact; a schema-1 file, which has only the 19 columns, is migrated
//! once on load (see `migrate`).

mod fields;
mod migrate;

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

pub use migrate::migrate;

/// The columns of 12.6218 as DESIGN §3 names them, in order: schema 1.
pub const LEGACY_COLUMNS: &[&str] = &[
    "cg_day",
    "rg_id",
    "group_type",
    "purchased_so_far",
    "entry_code",
    "remaining",
    "strength",
    "units",
    "hmg",
    "mmg",
    "lmg",
    "atr",
    "lt_mtr",
    "ft",
    "dc",
    "guns",
    "leaders",
    "other",
    "on_board",
];

/// Schema 2: the 19 columns of 12.6218, then the typed facts.
pub const COLUMNS: &[&str] = &[
    "cg_day",
    "rg_id",
    "group_type",
    "purchased_so_far",
    "entry_code",
    "remaining",
    "strength",
    "units",
    "hmg",
    "mmg",
    "lmg",
    "atr",
    "lt_mtr",
    "ft",
    "dc",
    "guns",
    "leaders",
    "other",
    "on_board",
    "given_group",
    "gate_na",
    "boats",
    "prereg",
    "hexes",
    "creeping",
    "cpp",
];

/// The SW columns, in the order of 12.6218 and the SW charts.
pub const SW_COLUMNS: &[&str] = &["hmg", "mmg", "lmg", "atr", "lt_mtr", "ft", "dc"];

/// The words that begin the `other` column of an RG given in an Initial
/// Scenario OB (12.6216: it never counts against CG Max).
pub const GIVEN: &str = "Initial OB";

/// 12.6218's "On Bd" column: how the RG comes on board (12.6214a-c).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum OnBoard {
    /// Blank: none of the three (enters as reinforcements, or is no unit).
    #[default]
    Blank,
    /// O: sets up on-map (12.6214a, or note a).
    OnMap,
    /// R: Reserve (12.6214b).
    Reserve,
    /// D: Dug-In (12.6214c).
    DugIn,
}

impl OnBoard {
    pub const ALL: [OnBoard; 4] = [
        OnBoard::Blank,
        OnBoard::OnMap,
        OnBoard::Reserve,
        OnBoard::DugIn,
    ];

    /// The letter 12.6218 writes.
    pub fn as_str(&self) -> &'static str {
        match self {
            OnBoard::Blank => "",
            OnBoard::OnMap => "O",
            OnBoard::Reserve => "R",
            OnBoard::DugIn => "D",
        }
    }
}

impl fmt::Display for OnBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The letter codes compare as the form prints them (`on_board == "R"`).
impl PartialEq<&str> for OnBoard {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl Serialize for OnBoard {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for OnBoard {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<OnBoard, D::Error> {
        let text = String::deserialize(d)?;
        OnBoard::ALL
            .into_iter()
            .find(|o| o.as_str() == text.trim())
            .ok_or_else(|| {
                serde::de::Error::custom(format!(
                    "`{text}`: On-Bd is O (On-map), R (Reserve), D (Dug-In) or blank (12.6218)"
                ))
            })
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct PurchaseRow {
    pub cg_day: crate::model::cg_day::CgDay,
    pub rg_id: String,
    pub group_type: String,
    /// #P: RGs of this type purchased so far in the CG (given RGs: blank).
    pub purchased_so_far: Option<u32>,
    /// EC: the Entry Code colour (blank where there is none).
    pub entry_code: String,
    /// #R: still available for purchase in the CG.
    pub remaining: Option<u32>,
    /// RS/FS/LD/MD/HD, F/D, or P/N/S; blank until 12.622.
    pub strength: String,
    pub units: Option<u32>,
    pub hmg: Option<u32>,
    pub mmg: Option<u32>,
    pub lmg: Option<u32>,
    pub atr: Option<u32>,
    pub lt_mtr: Option<u32>,
    pub ft: Option<u32>,
    pub dc: Option<u32>,
    pub guns: String,
    pub leaders: String,
    /// 12.6218's "Other": written from the typed facts below and the results
    /// of later steps; for people to read, never parsed.
    pub other: String,
    pub on_board: OnBoard,
    /// The Initial OB group (1-based) of an RG given, not bought (12.6216).
    #[serde(default)]
    pub given_group: Option<u32>,
    /// SSR II-4: "@" on the Platoon Leader Table is NA for this RG (12.6225).
    #[serde(default, with = "fields::flag")]
    pub gate_na: bool,
    /// Enters along the east edge in boats (Russian RG Chart note b).
    #[serde(default, with = "fields::flag")]
    pub boats: bool,
    /// Pre-Registered hexes bought with an OBA module (note p).
    #[serde(default, with = "fields::count")]
    pub prereg: u32,
    /// `hex=`: the Pre-Registered hexes of a module or Bombardment, or the
    /// Offboard Observer's hex (notes b, o/i, p), recorded secretly.
    #[serde(default, with = "fields::hexes")]
    pub hexes: Vec<String>,
    /// A Creeping Barrage (note p, E12).
    #[serde(default, with = "fields::flag")]
    pub creeping: bool,
    /// `cpp=`: the price a Stuka I was bought at, 1 or 2 (note t, C12).
    #[serde(default)]
    pub cpp: Option<i64>,
}

impl PurchaseRow {
    /// A row of an RG given in an Initial Scenario OB: its group, its SSR
    /// Strength DRM (in words, `drm`), and the "@" NA of SSR II-4.
    pub fn given(group: u32, drm: Option<String>, gate_na: bool) -> PurchaseRow {
        let mut row = PurchaseRow {
            given_group: Some(group),
            gate_na,
            ..PurchaseRow::default()
        };
        let mut other = vec![format!("{GIVEN} (group {group})")];
        other.extend(drm);
        if gate_na {
            other.push("@ NA (II-4)".into());
        }
        row.other = other.join("; ");
        row
    }

    pub fn is_given(&self) -> bool {
        self.given_group.is_some()
    }

    /// The purchase's typed facts in the words of the "Other" column, in
    /// the order that column has always had them; `observer` names the hex
    /// of an Offboard Observer rather than a Pre-Registered one.
    pub fn fact_words(&self, observer: bool) -> Vec<String> {
        let mut words = Vec::new();
        if self.prereg > 0 {
            words.push(format!("Pre-Reg hex x{}", self.prereg));
        }
        if !self.hexes.is_empty() {
            let what = if observer { "Observer at" } else { "Pre-Reg" };
            words.push(format!("{what} {}", self.hexes.join(", ")));
        }
        if self.creeping {
            words.push("Creeping Barrage".into());
        }
        if self.boats {
            words.push("Boats".into());
        }
        if self.cpp == Some(2) {
            words.push("-2 Turn of Entry dr".into());
        }
        words
    }

    /// The SW count of one chart column (`hmg` … `dc`).
    pub fn sw_mut(&mut self, kind: &str) -> Option<&mut Option<u32>> {
        Some(match kind {
            "hmg" => &mut self.hmg,
            "mmg" => &mut self.mmg,
            "lmg" => &mut self.lmg,
            "atr" => &mut self.atr,
            "lt_mtr" => &mut self.lt_mtr,
            "ft" => &mut self.ft,
            "dc" => &mut self.dc,
            _ => return None,
        })
    }

    pub fn sw(&self, kind: &str) -> Option<u32> {
        match kind {
            "hmg" => self.hmg,
            "mmg" => self.mmg,
            "lmg" => self.lmg,
            "atr" => self.atr,
            "lt_mtr" => self.lt_mtr,
            "ft" => self.ft,
            "dc" => self.dc,
            _ => None,
        }
    }
}

/// Writes rows as CSV with the header of schema 2.
pub fn to_csv(rows: &[PurchaseRow]) -> Vec<u8> {
    let mut w = csv::WriterBuilder::new()
        .has_headers(false)
        .from_writer(Vec::new());
    w.write_record(COLUMNS).expect("in-memory write");
    for r in rows {
        w.serialize(r).expect("in-memory write");
    }
    w.into_inner().expect("in-memory write")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::cg_day::CgDay;

    fn bought() -> PurchaseRow {
        PurchaseRow {
            cg_day: CgDay::new(16, true),
            rg_id: "O2".into(),
            group_type: "Regt Mortar".into(),
            purchased_so_far: Some(1),
            remaining: Some(2),
            on_board: OnBoard::Reserve,
            prereg: 2,
            hexes: vec!["G40".into(), "K41".into()],
            creeping: true,
            boats: true,
            cpp: Some(2),
            ..PurchaseRow::default()
        }
    }

    fn read(bytes: &[u8]) -> Vec<PurchaseRow> {
        let mut r = csv::Reader::from_reader(bytes);
        r.deserialize().map(Result::unwrap).collect()
    }

    #[test]
    fn rule_12_6218_typed_facts_round_trip_through_purchases_csv() {
        let mut given = PurchaseRow::given(3, Some("+4 Strength DRM (II-4)".into()), true);
        given.rg_id = "I2".into();
        let rows = vec![bought(), given, PurchaseRow::default()];
        let csv = to_csv(&rows);
        let text = String::from_utf8(csv.clone()).unwrap();
        assert!(text.starts_with(&LEGACY_COLUMNS.join(",")), "{text}");
        assert!(text.contains(",R,,,yes,2,G40 K41,yes,2\n"), "{text}");
        assert_eq!(read(&csv), rows);
    }

    #[test]
    fn rule_12_6218_other_is_rendered_from_the_facts() {
        assert_eq!(
            bought().fact_words(false),
            [
                "Pre-Reg hex x2",
                "Pre-Reg G40, K41",
                "Creeping Barrage",
                "Boats",
                "-2 Turn of Entry dr"
            ]
        );
        let observer = PurchaseRow {
            hexes: vec!["A45".into()],
            ..PurchaseRow::default()
        };
        assert_eq!(observer.fact_words(true), ["Observer at A45"]);
        let g = PurchaseRow::given(2, None, true);
        assert_eq!(g.other, "Initial OB (group 2); @ NA (II-4)");
        assert!(g.is_given() && g.gate_na);
        assert!(!bought().is_given());
    }

    #[test]
    fn rule_12_6218_on_board_letters() {
        assert_eq!(OnBoard::Reserve, "R");
        assert_eq!(OnBoard::Blank.as_str(), "");
        let bad = "cg_day,rg_id,group_type,purchased_so_far,entry_code,remaining,strength,units,hmg,mmg,lmg,atr,lt_mtr,ft,dc,guns,leaders,other,on_board\n15/9,I1,x,,,,,,,,,,,,,,,,X\n";
        let mut r = csv::Reader::from_reader(bad.as_bytes());
        let e = r.deserialize::<PurchaseRow>().next().unwrap().unwrap_err();
        assert!(e.to_string().contains("On-Bd is O"), "{e}");
    }
}
