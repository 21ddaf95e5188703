//! Why a purchase is refused: one variant per rule that refuses, with the
//! facts it refuses on. The text is for people and names the rule; code
//! branches on the variant, never on the words.

use std::fmt;

use crate::model::cg_day::CgDay;
use crate::model::side::{Cg, Side};

/// Why a CG Max slot cannot be used on a CG Day (notes g, m, n, s; Entry
/// Code dates 12.6217; C11, C24).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SlotGate {
    /// Note g: not until 20 Sep.
    NoteG,
    /// Note m: not until 16 Sep.
    NoteM,
    /// Note n: not after 24 Sep.
    NoteN,
    /// Note s: the Initial Scenario only.
    NoteS,
    /// The Entry Code's formation arrives on a later date (12.6217).
    EntryCodeFrom { name: String, date: u8 },
    /// The Entry Code arrives on the night of its first date (12.6217).
    EntryCodeFromNight { name: String, date: u8 },
}

impl fmt::Display for SlotGate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SlotGate::NoteG => f.write_str("not available until 20 Sep (note g)"),
            SlotGate::NoteM => f.write_str("not available until 16 Sep (note m)"),
            SlotGate::NoteN => f.write_str("not available after 24 Sep (note n)"),
            SlotGate::NoteS => f.write_str("available only during the Initial Scenario (note s)"),
            SlotGate::EntryCodeFrom { name, date } => {
                write!(f, "{name} Entry Code: available from {date} Sep (12.6217)")
            }
            SlotGate::EntryCodeFromNight { name, date } => write!(
                f,
                "{name} Entry Code: available from the night of {date} Sep, not in its daytime scenario (12.6217)"
            ),
        }
    }
}

/// A refused purchase: the rule, and what it refuses on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// 12.6211: no such RG on the side's chart.
    UnknownRg {
        rg: String,
        chart: String,
        ids: Vec<String>,
    },
    /// An Initial Scenario SSR forbids this RG.
    ForbiddenInInitial {
        rg: String,
        group_type: String,
        ssr: String,
    },
    /// An Initial Scenario SSR forbids the German SAN increase.
    NoGermanSan { ssr: String },
    /// 12.6214a: `on-map` is for A and I RGs (`note_a`: it does so anyway).
    OnMapNotArmorOrInfantry { rg: String, note_a: bool },
    /// 12.6214b: Reserve is for Infantry RGs.
    ReserveNotInfantry { rg: String },
    /// An Initial Scenario SSR forbids Reserve.
    NoReserveInInitial { side: Side, ssr: String },
    /// 12.6214c: Dug-In is for a Russian AFV Platoon.
    DugInNotRussianAfv,
    /// Note p: Pre-Registered hexes come with OBA modules.
    PreRegNotOba { rg: String },
    /// Note p: at most two Pre-Registered hexes.
    TooManyPreReg,
    /// Notes b, o/i, p: more `hex=` than the RG takes.
    HexesDoNotFit { text: String },
    /// Note p, E12: a Creeping Barrage needs a Pre-Registered hex.
    CreepingWithoutPreReg,
    /// Russian chart note b: this RG may not enter in boats.
    NoBoats { rg: String },
    /// Note b: boats are for reinforcements.
    BoatsNotReinforcements,
    /// Note t, C12: `cpp=` is for Stuka I, at 1 or 2.
    CppOptionNotStuka,
    /// 12.6216: CG Max reached.
    CgMax {
        rg: String,
        group_type: String,
        cg: Cg,
        max: u32,
        taken: u32,
    },
    /// 12.6216/12.6217: every open slot is closed on this CG Day.
    SlotsClosed {
        rg: String,
        group_type: String,
        day: CgDay,
        gates: Vec<SlotGate>,
    },
    /// 12.6217: `code=` names no Entry Code open now.
    NoSuchEntryCode {
        rg: String,
        want: String,
        available: Vec<String>,
    },
    /// 12.6217, C10: more than one Entry Code is open; `code=` must choose.
    EntryCodeRequired {
        rg: String,
        /// Each code open now, with how many of its slots are left.
        choices: Vec<(String, u32)>,
    },
    /// 12.6217: only Red and Brown Entry Codes may enter in boats.
    BoatsNeedRedOrBrown,
    /// 12.6215: Daily Max reached on this date.
    DailyMax {
        rg: String,
        group_type: String,
        max: u32,
        bought: u32,
        date: u8,
    },
    /// 12.6215, C13: the daily Infantry Company limit.
    CompanyLimit {
        limit: i32,
        hist: i32,
        date: u8,
        count: i64,
    },
    /// Note u: one Stuka module per scenario.
    OneStuka,
    /// Notes o/i: one Offboard Observer per OBA module.
    ObserverPerModule { modules: usize, observers: usize },
    /// Note s: the Spotter Plane needs an OBA module of 100mm or more.
    SpotterNeedsBigModule,
    /// 12.6181, C14: the pools cannot pay. `support_left` is shown where
    /// Support CPP could have paid (a German S/A/O/B/G/M RG).
    CannotPay {
        text: String,
        cost: i64,
        breakdown: Vec<String>,
        cpp_left: i64,
        support_left: Option<i64>,
    },
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Refusal::*;
        match self {
            UnknownRg { rg, chart, ids } => write!(
                f,
                "`{rg}` is not an RG of the {chart} (12.6211). Its IDs: {}",
                ids.join(", ")
            ),
            ForbiddenInInitial {
                rg,
                group_type,
                ssr,
            } => write!(
                f,
                "{rg} {group_type} may not be purchased in this Initial Scenario (SSR {ssr})"
            ),
            NoGermanSan { ssr } => write!(
                f,
                "the German may not purchase SAN increase in this Initial Scenario (SSR {ssr})"
            ),
            OnMapNotArmorOrInfantry { rg, note_a } => write!(
                f,
                "`on-map` is for Armor and Infantry RGs (12.6214a); {rg} {}",
                if *note_a {
                    "sets up on-map on its CG Day of purchase anyway (note a)"
                } else {
                    "cannot"
                }
            ),
            ReserveNotInfantry { rg } => write!(
                f,
                "only Infantry RGs (ID I#) may be purchased as Reserve (12.6214b); {rg} is not"
            ),
            NoReserveInInitial { side, ssr } => write!(
                f,
                "no {} RG may be purchased as Reserve in this Initial Scenario (SSR {ssr})",
                side.name()
            ),
            DugInNotRussianAfv => {
                f.write_str("only a Russian AFV Platoon may be purchased Dug-In (12.6214c)")
            }
            PreRegNotOba { rg } => write!(
                f,
                "Pre-Registered hexes are bought with OBA modules only (note p); {rg} is not one"
            ),
            TooManyPreReg => {
                f.write_str("no module may have more than two Pre-Registered hexes (note p)")
            }
            HexesDoNotFit { text } => write!(
                f,
                "`hex=` names a Pre-Registered hex of an OBA module (one per prereg), the hex of an Offboard Observer, or a Bombardment's Pre-Reg hex (notes b, o/i, p); `{text}` has too many, or its RG takes none"
            ),
            CreepingWithoutPreReg => f.write_str(
                "a Creeping Barrage needs at least one Pre-Registered hex (note p, E12)",
            ),
            NoBoats { rg } => write!(
                f,
                "{rg} may not enter in boats (Russian RG Chart note b)"
            ),
            BoatsNotReinforcements => f.write_str(
                "an RG entering in boats enters as reinforcements; it cannot be on-map or Reserve (note b)",
            ),
            CppOptionNotStuka => {
                f.write_str("`cpp=` is for Stuka I only, bought at 1 or 2 CPP (note t, READINGS.md C12)")
            }
            _ => self.fmt_limit(f),
        }
    }
}

impl Refusal {
    /// The refusals of CG Max and its slots (12.6216, 12.6217).
    fn fmt_limit(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Refusal::*;
        match self {
            CgMax {
                rg,
                group_type,
                cg,
                max,
                taken,
            } => write!(
                f,
                "{rg} {group_type}: CG {cg} Max is {max} and {taken} have been purchased (12.6216)"
            ),
            SlotsClosed {
                rg,
                group_type,
                day,
                gates,
            } => write!(
                f,
                "{rg} {group_type} cannot be purchased on {}: {}",
                day.long(),
                gates
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join("; ")
            ),
            NoSuchEntryCode {
                rg,
                want,
                available,
            } => write!(
                f,
                "{rg} has no {want} Entry Code available now (12.6217); available: {}",
                if available.is_empty() {
                    "none (no Entry Code)".to_string()
                } else {
                    available.join(", ")
                }
            ),
            EntryCodeRequired { rg, choices } => write!(
                f,
                "{rg} is available with more than one Entry Code (12.6217, READINGS.md C10): add one of {}",
                choices
                    .iter()
                    .map(|(c, left)| format!("code={c} ({left} left)"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            BoatsNeedRedOrBrown => f.write_str(
                "only Red and Brown Entry Code Infantry RGs may enter along the east edge in boats (12.6217)",
            ),
            _ => self.fmt_count(f),
        }
    }

    /// The refusals of the daily and per-scenario limits and of payment.
    fn fmt_count(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Refusal::*;
        match self {
            DailyMax {
                rg,
                group_type,
                max,
                bought,
                date,
            } => write!(
                f,
                "{rg} {group_type}: Daily Max is {max} and {bought} were purchased on {date} Sep (12.6215)"
            ),
            CompanyLimit {
                limit,
                hist,
                date,
                count,
            } => write!(
                f,
                "at most {limit} Infantry Companies (2 - Historical DRM {hist:+}) may be purchased on {date} Sep, every three Infantry Pltn counting as one (12.6215, READINGS.md C13); this would make {count}"
            ),
            OneStuka => f.write_str("only one Stuka module is allowed per scenario (note u)"),
            ObserverPerModule { modules, observers } => write!(
                f,
                "an Offboard Observer is assigned to an OBA module, one per module (notes o/i): {modules} module(s), {observers} Observer(s); buy a module first"
            ),
            SpotterNeedsBigModule => f.write_str(
                "the Spotter Plane is available for OBA >= 100mm only: buy such a module first (note s)",
            ),
            CannotPay {
                text,
                cost,
                breakdown,
                cpp_left,
                support_left,
            } => {
                let pools = match support_left {
                    Some(s) => {
                        format!("{cpp_left} CPP and {s} Support CPP left (12.6181, READINGS.md C14)")
                    }
                    None => format!("{cpp_left} CPP left"),
                };
                write!(
                    f,
                    "{text} costs {cost} CPP ({}), but only {pools}",
                    breakdown.join("; ")
                )
            }
            // The other refusals are written by `fmt` and `fmt_limit`.
            _ => Ok(()),
        }
    }
}
