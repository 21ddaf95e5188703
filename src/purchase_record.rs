//! The RG Purchase Record (12.6218): one CSV row per RG bought or given.

use serde::{Deserialize, Serialize};

/// The columns of 12.6218 as DESIGN §3 names them, in order.
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
];

/// The SW columns, in the order of 12.6218 and the SW charts.
pub const SW_COLUMNS: &[&str] = &["hmg", "mmg", "lmg", "atr", "lt_mtr", "ft", "dc"];

/// The `other` column of an RG given in an Initial Scenario OB (12.6216: it
/// never counts against CG Max).
pub const GIVEN: &str = "Initial OB";

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct PurchaseRow {
    pub cg_day: crate::cg_day::CgDay,
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
    pub other: String,
    /// O (On-map setup), R (Reserve), D (Dug-In), blank otherwise.
    pub on_board: String,
}

impl PurchaseRow {
    pub fn is_given(&self) -> bool {
        self.other.starts_with(GIVEN)
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

/// Writes rows as CSV with the header of 12.6218.
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
