//! 12.621 Purchasing Reinforcement Groups: the purchase grammar, the cost
//! arithmetic (C12) and every limit a purchase must pass.

use std::fmt;

use crate::cg_day::CgDay;
use crate::cg_def::CgDef;
use crate::fraction::{frd, fru};
use crate::purchase_record::PurchaseRow;
use crate::rg_chart::{RgChart, RgClass, RgDef, Slot};
use crate::side::{Cg, Side};
use crate::state::CampaignState;
use crate::tables::Tables;

/// How an A/I RG is bought (12.6214a-c).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Enters as reinforcements (SSR CG9), or sets up on-map by note a.
    Normal,
    OnMap,
    Reserve,
    DugIn,
}

/// One purchase as typed: `<RG-ID> [on-map|reserve|dug-in] [prereg=N]
/// [creeping] [boats] [code=<colour>] [cpp=2]` (DESIGN §4).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Purchase {
    pub text: String,
    pub rg: String,
    pub mode: Mode,
    pub prereg: u32,
    pub creeping: bool,
    pub boats: bool,
    pub code: Option<String>,
    pub cpp: Option<i64>,
    /// `hex=<hex>`: a Pre-Registered hex, the Offboard Observer's hex, or an
    /// Aerial Bombardment's Pre-Reg hex, recorded secretly in `other`.
    pub hexes: Vec<String>,
}

pub const GRAMMAR: &str = "<RG-ID> [on-map|reserve|dug-in] [prereg=N] [creeping] [boats] [code=<colour>] [cpp=2] [hex=<hex>], e.g. `I1`, `I2 reserve`, `A3 dug-in`, `O2 prereg=2 creeping`, `I1 code=orange`, `S1 cpp=2`";

impl Purchase {
    pub fn parse(text: &str) -> Result<Purchase, String> {
        let mut words = text.split_whitespace();
        let rg = words
            .next()
            .ok_or_else(|| format!("an empty purchase; write {GRAMMAR}"))?
            .to_ascii_uppercase();
        let mut p = Purchase {
            text: text.split_whitespace().collect::<Vec<_>>().join(" "),
            rg,
            mode: Mode::Normal,
            prereg: 0,
            creeping: false,
            boats: false,
            code: None,
            cpp: None,
            hexes: Vec::new(),
        };
        for w in words {
            let lower = w.to_ascii_lowercase();
            let mode = match lower.as_str() {
                "on-map" | "onmap" => Some(Mode::OnMap),
                "reserve" => Some(Mode::Reserve),
                "dug-in" | "dugin" => Some(Mode::DugIn),
                _ => None,
            };
            if let Some(m) = mode {
                if p.mode != Mode::Normal {
                    return Err(format!(
                        "`{text}`: on-map, reserve and dug-in exclude each other (12.6214, C12)"
                    ));
                }
                p.mode = m;
                continue;
            }
            match lower.split_once('=') {
                None if lower == "creeping" => p.creeping = true,
                None if lower == "boats" => p.boats = true,
                Some(("prereg", n)) => {
                    p.prereg = n
                        .parse()
                        .map_err(|_| format!("`{w}`: prereg takes a number of hexes, 1 or 2"))?
                }
                Some(("code", c)) if !c.is_empty() => p.code = Some(c.to_string()),
                Some(("hex", h)) if !h.is_empty() => p.hexes.push(h.to_ascii_uppercase()),
                Some(("cpp", n)) => {
                    p.cpp = Some(
                        n.parse()
                            .map_err(|_| format!("`{w}`: cpp takes a number"))?,
                    )
                }
                _ => {
                    return Err(format!(
                        "`{w}` in `{text}` is not understood; write {GRAMMAR}"
                    ));
                }
            }
        }
        Ok(p)
    }
}

impl fmt::Display for Purchase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// A purchase priced and checked: everything needed to record it.
#[derive(Debug, Clone)]
pub struct Quote {
    pub rg: RgDef,
    pub purchase: Purchase,
    pub cost: i64,
    /// How the cost arises, each part with its rule.
    pub breakdown: Vec<String>,
    pub from_support: i64,
    pub from_cpp: i64,
    pub code: Option<String>,
    pub on_board: &'static str,
    pub other: Vec<String>,
    /// #P after this purchase and #R (12.6218).
    pub purchased_so_far: u32,
    pub remaining: u32,
}

/// Everything a purchase is checked against.
pub struct Market<'a> {
    pub tables: &'a Tables,
    pub def: &'a CgDef,
    pub state: &'a CampaignState,
    pub side: Side,
}

/// Russian I5, I7, I8 and German I4 set up on-map on their CG Day of
/// purchase at no extra cost (12.6214a, C3).
fn free_on_map(side: Side, id: &str) -> bool {
    matches!(
        (side, id),
        (Side::Russian, "I5" | "I7" | "I8") | (Side::German, "I4")
    )
}

/// Support CPP buy only RGs whose ID begins S, A, O, B, G or M (12.6181, C14).
pub fn support_eligible(id: &str) -> bool {
    matches!(id.chars().next(), Some('S' | 'A' | 'O' | 'B' | 'G' | 'M'))
}

/// An Infantry Coy, or an Infantry Pltn other than HW/MOL-P, for the daily
/// company limit (12.6215).
fn company_weight(rg: &RgDef) -> (u32, u32) {
    match rg.class {
        RgClass::InfantryCoy => (1, 0),
        RgClass::InfantryPltn => (0, 1),
        _ => (0, 0),
    }
}

fn is_infantry(rg: &RgDef) -> bool {
    rg.id.starts_with('I')
}

/// The smallest calibre of an OBA module, from its chart text ("100+ mm").
fn module_mm(rg: &RgDef) -> u32 {
    let text = rg
        .module
        .as_deref()
        .or(rg.unit_type.as_deref())
        .unwrap_or("");
    text.chars()
        .take_while(|c| c.is_ascii_digit())
        .collect::<String>()
        .parse()
        .unwrap_or(0)
}

impl Market<'_> {
    pub fn chart(&self) -> &RgChart {
        match self.side {
            Side::German => &self.tables.german_rg,
            Side::Russian => &self.tables.russian_rg,
        }
    }

    fn day(&self) -> CgDay {
        self.state.campaign.cg_day()
    }

    fn cg(&self) -> Cg {
        self.state.campaign.cg
    }

    fn initial(&self) -> bool {
        self.state.campaign.is_initial()
    }

    fn rows(&self) -> &[PurchaseRow] {
        &self.state.side(self.side).purchases
    }

    /// Purchases (not given RGs) made on the current date, day and night.
    fn bought_on_date(&self) -> impl Iterator<Item = &PurchaseRow> {
        let date = self.day().date;
        self.rows()
            .iter()
            .filter(move |r| !r.is_given() && r.cg_day.date == date)
    }

    /// The RGs bought in this RePh's 12.621: those on the current CG Roster
    /// line (one line per scenario, so a Counterattack's RePh is its own).
    fn bought_this_reph(&self) -> Vec<&RgDef> {
        let chart = self.chart();
        self.state
            .line(self.side)
            .rgs
            .iter()
            .filter_map(|b| chart.rg(&b.rg))
            .collect()
    }

    /// Why `slot` cannot be used on the current CG Day, if it cannot
    /// (notes g, m, n, s; Entry Code dates 12.6217; C11, C24).
    fn slot_gate(&self, slot: &Slot, day: CgDay, initial: bool) -> Option<String> {
        for note in &slot.notes {
            match note.as_str() {
                "g" if day.date < 20 => return Some("not available until 20 Sep (note g)".into()),
                "m" if day.date < 16 => return Some("not available until 16 Sep (note m)".into()),
                "n" if day.date > 24 => return Some("not available after 24 Sep (note n)".into()),
                "s" if !initial => {
                    return Some("available only during the Initial Scenario (note s)".into());
                }
                _ => {}
            }
        }
        if let Some(code) = &slot.code
            && let Some(ec) = self.chart().entry_code(code)
        {
            if day.date < ec.from_date {
                return Some(format!(
                    "{} Entry Code: available from {} Sep (12.6217)",
                    ec.name, ec.from_date
                ));
            }
            if ec.from_night && day.date == ec.from_date && !day.night {
                return Some(format!(
                    "{} Entry Code: available from the night of {} Sep, not in its daytime scenario (12.6217)",
                    ec.name, ec.from_date
                ));
            }
        }
        None
    }

    /// How many purchases each slot of `rg` has absorbed, replaying the
    /// purchase record in order (C24): a row with an Entry Code uses a slot
    /// of that code; a row without one uses the slot that expires first.
    pub fn slot_usage(&self, rg: &RgDef) -> Vec<u32> {
        let slots = rg.cg_max.slots(self.cg());
        let mut used = vec![0u32; slots.len()];
        let first = self.state.campaign.days.first().map(|d| d.cg_day());
        for row in self
            .rows()
            .iter()
            .filter(|r| !r.is_given() && r.rg_id == rg.id)
        {
            let initial = Some(row.cg_day) == first;
            let code = (!row.entry_code.is_empty()).then_some(row.entry_code.as_str());
            if let Some(i) = pick_slot(slots, &used, code, |s| {
                self.slot_gate(s, row.cg_day, initial).is_none()
            }) {
                used[i] += 1;
            }
        }
        used
    }

    /// Prices and checks one purchase; the refusal names its rule.
    pub fn quote(&self, p: &Purchase, earlier: &[Quote]) -> Result<Quote, String> {
        let chart = self.chart();
        let rg = chart.rg(&p.rg).ok_or_else(|| {
            format!(
                "`{}` is not an RG of the {} (12.6211). Its IDs: {}",
                p.rg,
                chart.title,
                chart
                    .rgs
                    .iter()
                    .map(|r| r.id.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        })?;
        let side = self.side;
        let day = self.day();
        let initial = self.initial();
        let restrictions = self.def.restrictions();
        let ssr = restrictions
            .rule
            .clone()
            .or_else(|| restrictions.rules.first().cloned())
            .unwrap_or_default();
        if initial {
            let forbidden = match side {
                Side::German => &restrictions.german_forbidden_rgs,
                Side::Russian => &restrictions.russian_forbidden_rgs,
            };
            if forbidden.iter().any(|f| f == &rg.id) {
                return Err(format!(
                    "{} {} may not be purchased in this Initial Scenario (SSR {ssr})",
                    rg.id, rg.group_type
                ));
            }
            if side == Side::German && restrictions.german_no_san && rg.class == RgClass::Sniper {
                return Err(format!(
                    "the German may not purchase SAN increase in this Initial Scenario (SSR {ssr})"
                ));
            }
        }
        // 12.6214a-c: the ways of buying.
        let a_or_i = rg.id.starts_with('A') || rg.id.starts_with('I');
        match p.mode {
            Mode::OnMap if !a_or_i => {
                return Err(format!(
                    "`on-map` is for Armor and Infantry RGs (12.6214a); {} {}",
                    rg.id,
                    if rg.has_note("a") {
                        "sets up on-map on its CG Day of purchase anyway (note a)"
                    } else {
                        "cannot"
                    }
                ));
            }
            Mode::Reserve if !is_infantry(rg) => {
                return Err(format!(
                    "only Infantry RGs (ID I#) may be purchased as Reserve (12.6214b); {} is not",
                    rg.id
                ));
            }
            Mode::Reserve
                if initial
                    && ((side == Side::German && restrictions.german_no_reserve)
                        || (side == Side::Russian && restrictions.russian_no_reserve)) =>
            {
                return Err(format!(
                    "no {} RG may be purchased as Reserve in this Initial Scenario (SSR {ssr})",
                    side.name()
                ));
            }
            Mode::DugIn if !(side == Side::Russian && rg.class == RgClass::AfvPltn) => {
                return Err("only a Russian AFV Platoon may be purchased Dug-In (12.6214c)".into());
            }
            _ => {}
        }
        if p.prereg > 0 && rg.class != RgClass::Oba {
            return Err(format!(
                "Pre-Registered hexes are bought with OBA modules only (note p); {} is not one",
                rg.id
            ));
        }
        if p.prereg > 2 {
            return Err("no module may have more than two Pre-Registered hexes (note p)".into());
        }
        let hex_ok = match rg.class {
            RgClass::Oba => p.hexes.len() <= p.prereg as usize,
            RgClass::Observer | RgClass::Bombardment => p.hexes.len() <= 1,
            _ => p.hexes.is_empty(),
        };
        if !hex_ok {
            return Err(format!(
                "`hex=` names a Pre-Registered hex of an OBA module (one per prereg), the hex of an Offboard Observer, or a Bombardment's Pre-Reg hex (notes b, o/i, p); `{}` has too many, or its RG takes none",
                p.text
            ));
        }
        if p.creeping && p.prereg == 0 {
            return Err(
                "a Creeping Barrage needs at least one Pre-Registered hex (note p, E12)".into(),
            );
        }
        if p.boats {
            let ok = side == Side::Russian && is_infantry(rg) && rg.has_note("b");
            if !ok {
                return Err(format!(
                    "{} may not enter in boats (Russian RG Chart note b)",
                    rg.id
                ));
            }
            if p.mode != Mode::Normal {
                return Err("an RG entering in boats enters as reinforcements; it cannot be on-map or Reserve (note b)".into());
            }
        }
        if let Some(c) = p.cpp
            && (rg.id != "S1" || c != 2 && c != 1)
        {
            return Err("`cpp=` is for Stuka I only, bought at 1 or 2 CPP (note t, C12)".into());
        }

        // 12.6216/12.6217: a CG Max slot, with its Entry Code.
        let slots = rg.cg_max.slots(self.cg());
        let used = self.used_with(rg, earlier);
        let total = rg.cg_max.total(self.cg());
        let taken: u32 = used.iter().sum();
        if taken >= total {
            return Err(format!(
                "{} {}: CG {} Max is {total} and {taken} have been purchased (12.6216)",
                rg.id,
                rg.group_type,
                self.cg()
            ));
        }
        let open: Vec<usize> = (0..slots.len())
            .filter(|&i| used[i] < slots[i].count)
            .collect();
        let usable: Vec<usize> = open
            .iter()
            .copied()
            .filter(|&i| self.slot_gate(&slots[i], day, initial).is_none())
            .collect();
        if usable.is_empty() {
            let why: Vec<String> = open
                .iter()
                .filter_map(|&i| self.slot_gate(&slots[i], day, initial))
                .collect();
            return Err(format!(
                "{} {} cannot be purchased on {}: {}",
                rg.id,
                rg.group_type,
                day.long(),
                why.join("; ")
            ));
        }
        let codes: Vec<&str> = {
            let mut c: Vec<&str> = usable
                .iter()
                .filter_map(|&i| slots[i].code.as_deref())
                .collect();
            c.dedup();
            c
        };
        let code = match &p.code {
            Some(want) => {
                let want = want.to_ascii_lowercase();
                if !usable
                    .iter()
                    .any(|&i| slots[i].code.as_deref() == Some(want.as_str()))
                {
                    return Err(format!(
                        "{} has no {want} Entry Code available now (12.6217); available: {}",
                        rg.id,
                        if codes.is_empty() {
                            "none (no Entry Code)".to_string()
                        } else {
                            codes.join(", ")
                        }
                    ));
                }
                Some(want)
            }
            None if codes.len() > 1 => {
                let choices: Vec<String> = codes
                    .iter()
                    .map(|c| {
                        let left: u32 = usable
                            .iter()
                            .filter(|&&i| slots[i].code.as_deref() == Some(*c))
                            .map(|&i| slots[i].count - used[i])
                            .sum();
                        format!("code={c} ({left} left)")
                    })
                    .collect();
                return Err(format!(
                    "{} is available with more than one Entry Code (12.6217, C10): add one of {}",
                    rg.id,
                    choices.join(", ")
                ));
            }
            None => pick_slot(slots, &used, None, |s| {
                self.slot_gate(s, day, initial).is_none()
            })
            .and_then(|i| slots[i].code.clone()),
        };
        if p.boats && !matches!(code.as_deref(), Some("red" | "brown")) {
            return Err("only Red and Brown Entry Code Infantry RGs may enter along the east edge in boats (12.6217)".into());
        }

        // 12.6215: daily max and the Infantry Coy limit (C13).
        let today_same = self.bought_on_date().filter(|r| r.rg_id == rg.id).count() as u32
            + earlier.iter().filter(|q| q.rg.id == rg.id).count() as u32;
        if today_same >= rg.daily_max {
            return Err(format!(
                "{} {}: Daily Max is {} and {today_same} were purchased on {} Sep (12.6215)",
                rg.id, rg.group_type, rg.daily_max, day.date
            ));
        }
        let (coy, pltn) = company_weight(rg);
        if coy + pltn > 0 {
            let hist = self
                .tables
                .historical_drm
                .drm(side, day.date, day.night)
                .unwrap_or(0);
            let limit = 2 - hist;
            let (mut coys, mut pltns) = (coy, pltn);
            let weights = self
                .bought_on_date()
                .filter_map(|r| chart.rg(&r.rg_id))
                .chain(earlier.iter().map(|q| &q.rg))
                .map(company_weight);
            for (c, p) in weights {
                coys += c;
                pltns += p;
            }
            let count = coys as i64 + frd(pltns as i64, 3);
            if count > limit as i64 {
                return Err(format!(
                    "at most {limit} Infantry Companies (2 - Historical DRM {hist:+}) may be purchased on {} Sep, every three Infantry Pltn counting as one (12.6215, C13); this would make {count}",
                    day.date
                ));
            }
        }
        // Note u: one Stuka module per scenario; CG6: OBA modules per scenario.
        if rg.class == RgClass::Stuka {
            let stukas = self
                .bought_this_reph()
                .iter()
                .filter(|d| d.class == RgClass::Stuka)
                .count()
                + earlier
                    .iter()
                    .filter(|q| q.rg.class == RgClass::Stuka)
                    .count();
            if stukas >= 1 {
                return Err("only one Stuka module is allowed per scenario (note u)".into());
            }
        }
        if rg.class == RgClass::Oba {
            let max = self.def.max_oba_per_scenario;
            let modules = self
                .bought_this_reph()
                .iter()
                .filter(|d| d.class == RgClass::Oba)
                .count()
                + earlier
                    .iter()
                    .filter(|q| q.rg.class == RgClass::Oba)
                    .count();
            if modules as u32 >= max {
                return Err(format!(
                    "each side may use at most {max} OBA module(s) per CG scenario ({})",
                    self.def.max_oba_rule.as_deref().unwrap_or("CG6")
                ));
            }
        }
        let owned_modules = || {
            self.rows()
                .iter()
                .filter_map(|r| chart.rg(&r.rg_id))
                .chain(earlier.iter().map(|q| &q.rg))
                .filter(|d| d.class == RgClass::Oba)
                .collect::<Vec<_>>()
        };
        if rg.class == RgClass::Observer {
            // Cost is per module: one Offboard Observer per OBA module (notes o/i).
            let observers = self
                .rows()
                .iter()
                .filter_map(|r| chart.rg(&r.rg_id))
                .chain(earlier.iter().map(|q| &q.rg))
                .filter(|d| d.class == RgClass::Observer)
                .count();
            if observers >= owned_modules().len() {
                return Err(format!(
                    "an Offboard Observer is assigned to an OBA module, one per module (notes o/i): {} module(s), {observers} Observer(s); buy a module first",
                    owned_modules().len()
                ));
            }
        }
        if rg.class == RgClass::Spotter && !owned_modules().iter().any(|m| module_mm(m) >= 100) {
            return Err("the Spotter Plane is available for OBA >= 100mm only: buy such a module first (note s)".into());
        }

        // C12: the cost.
        let mut breakdown = Vec::new();
        let chart_cost = p.cpp.unwrap_or(rg.cost as i64);
        let mut cost = chart_cost;
        breakdown.push(format!("{chart_cost} chart cost (12.6214)"));
        if p.cpp == Some(2) {
            breakdown.push("bought at 2 CPP: -2 to its Turn of Entry dr (note t)".into());
        }
        if self.cg() == Cg::I
            && side == Side::German
            && rg.id.starts_with('A')
            && day == CgDay::new(16, false)
        {
            cost = fru(chart_cost, 2);
            breakdown.push(format!(
                "half cost (FRU) = {cost}: CG I 16 Sep daytime armor (note y)"
            ));
        }
        let mut on_board = "";
        match p.mode {
            Mode::OnMap => {
                on_board = "O";
                if free_on_map(side, &rg.id) {
                    breakdown.push("on-map at no extra cost (12.6214a, C3)".into());
                } else {
                    let extra = if side == Side::Russian { 2 } else { 3 };
                    cost += extra;
                    breakdown.push(format!("+{extra} on-map setup (12.6214a)"));
                }
            }
            Mode::Reserve => {
                on_board = "R";
                cost -= 1;
                breakdown.push("-1 Reserve (12.6214b)".into());
            }
            Mode::DugIn => {
                on_board = "D";
                cost = fru(cost, 2);
                breakdown.push(format!("Dug-In: 50% (FRU) = {cost} (12.6214c)"));
            }
            Mode::Normal => {
                if rg.has_note("a") && a_or_i {
                    on_board = "O";
                }
            }
        }
        if p.prereg > 0 {
            cost += p.prereg as i64;
            breakdown.push(format!("+{} Pre-Registered hex(es) (note p)", p.prereg));
        }
        if p.creeping {
            let extra = fru(chart_cost, 2);
            cost += extra;
            breakdown.push(format!(
                "+{extra} Creeping Barrage: 50% of chart cost, FRU (note p, C12)"
            ));
        }
        if !initial && is_infantry(rg) && self.def.infantry_purchase_penalty > 0 {
            let earlier_infantry = self
                .bought_this_reph()
                .iter()
                .filter(|d| is_infantry(d))
                .count()
                + earlier.iter().filter(|q| is_infantry(&q.rg)).count();
            if earlier_infantry >= 1 {
                cost += self.def.infantry_purchase_penalty;
                breakdown.push(format!(
                    "+{} Infantry RG after the first this RePh (CGI-5)",
                    self.def.infantry_purchase_penalty
                ));
            }
        }

        // C14: Support CPP first for S/A/O/B/G/M, then CPP.
        let line = self
            .state
            .side(side)
            .roster
            .current()
            .expect("validated roster");
        let spent_cpp: i64 = earlier.iter().map(|q| q.from_cpp).sum();
        let spent_support: i64 = earlier.iter().map(|q| q.from_support).sum();
        let cpp_left = line.cpp.left - spent_cpp;
        let support_left = line.support_cpp.map_or(0, |p| p.left) - spent_support;
        let from_support = if support_eligible(&rg.id) {
            cost.min(support_left)
        } else {
            0
        };
        let from_cpp = cost - from_support;
        if from_cpp > cpp_left {
            let pools = if support_eligible(&rg.id) && side == Side::German {
                format!("{cpp_left} CPP and {support_left} Support CPP left (12.6181, C14)")
            } else {
                format!("{cpp_left} CPP left")
            };
            return Err(format!(
                "{} costs {cost} CPP ({}), but only {pools}",
                p.text,
                breakdown.join("; ")
            ));
        }

        let mut other = Vec::new();
        if p.prereg > 0 {
            other.push(format!("Pre-Reg hex x{}", p.prereg));
        }
        if !p.hexes.is_empty() {
            let what = match rg.class {
                RgClass::Observer => "Observer at",
                _ => "Pre-Reg",
            };
            other.push(format!("{what} {}", p.hexes.join(", ")));
        }
        if p.creeping {
            other.push("Creeping Barrage".into());
        }
        if p.boats {
            other.push("Boats".into());
        }
        if p.cpp == Some(2) {
            other.push("-2 Turn of Entry dr".into());
        }
        if rg.class == RgClass::MolCapability {
            other.push("MOL Capability for the next CG scenario".into());
        }
        if side == Side::Russian && rg.has_note("a") && code.is_some() {
            other.push("Entry Code dot is a date marker only (C11)".into());
        }
        let purchased_so_far = taken + 1;
        Ok(Quote {
            rg: rg.clone(),
            purchase: p.clone(),
            cost,
            breakdown,
            from_support,
            from_cpp,
            code,
            on_board,
            other,
            purchased_so_far,
            remaining: total - purchased_so_far,
        })
    }

    /// What can still be bought now, with its cost: the "what is still
    /// possible" of a refusal, and the wizard's menu.
    pub fn still_possible(&self, earlier: &[Quote]) -> Vec<(String, i64, String)> {
        self.chart()
            .rgs
            .iter()
            .filter_map(|rg| {
                let p = Purchase::parse(&rg.id).ok()?;
                let (now, codes) = self.open_now(rg, earlier);
                let left = format!(
                    "{} ({now} now, {} left in CG)",
                    rg.group_type,
                    self.left_in_cg(rg, earlier)
                );
                match self.quote(&p, earlier) {
                    Ok(q) => Some((rg.id.clone(), q.cost, left)),
                    Err(e) if e.contains("more than one Entry Code") => Some((
                        rg.id.clone(),
                        rg.cost as i64,
                        format!("{left}, code={}", codes.join("|")),
                    )),
                    Err(_) => None,
                }
            })
            .collect()
    }

    fn used_with(&self, rg: &RgDef, earlier: &[Quote]) -> Vec<u32> {
        let slots = rg.cg_max.slots(self.cg());
        let mut used = self.slot_usage(rg);
        let (day, initial) = (self.day(), self.initial());
        for q in earlier.iter().filter(|q| q.rg.id == rg.id) {
            if let Some(i) = pick_slot(slots, &used, q.code.as_deref(), |s| {
                self.slot_gate(s, day, initial).is_none()
            }) {
                used[i] += 1;
            }
        }
        used
    }

    fn left_in_cg(&self, rg: &RgDef, earlier: &[Quote]) -> u32 {
        rg.cg_max.total(self.cg()) - self.used_with(rg, earlier).iter().sum::<u32>()
    }

    /// How many of `rg` the CG Max slots open on this CG Day still allow, and
    /// their Entry Codes.
    fn open_now(&self, rg: &RgDef, earlier: &[Quote]) -> (u32, Vec<String>) {
        let slots = rg.cg_max.slots(self.cg());
        let used = self.used_with(rg, earlier);
        let (day, initial) = (self.day(), self.initial());
        let mut codes = Vec::new();
        let mut now = 0;
        for (i, slot) in slots.iter().enumerate() {
            if self.slot_gate(slot, day, initial).is_none() && used[i] < slot.count {
                now += slot.count - used[i];
                if let Some(c) = &slot.code
                    && !codes.contains(c)
                {
                    codes.push(c.clone());
                }
            }
        }
        (now, codes)
    }
}

/// The slot a purchase takes: the one of its code, or else the first usable
/// one that expires (notes s, n) before the others, or else the first usable.
fn pick_slot(
    slots: &[Slot],
    used: &[u32],
    code: Option<&str>,
    usable: impl Fn(&Slot) -> bool,
) -> Option<usize> {
    let open: Vec<usize> = (0..slots.len())
        .filter(|&i| used[i] < slots[i].count && usable(&slots[i]))
        .filter(|&i| code.is_none_or(|c| slots[i].code.as_deref() == Some(c)))
        .collect();
    let expiring = |i: &usize| slots[*i].notes.iter().any(|n| n == "s" || n == "n");
    open.iter()
        .copied()
        .find(expiring)
        .or_else(|| open.first().copied())
}

/// Records a quoted purchase (12.621, 12.6218): the CG Roster line (RG and
/// CPP each, Spent, Left), the RG Purchase Record row, and what the RG gives
/// at once (FPP, SAN, capabilities).
pub fn record(state: &mut CampaignState, side: Side, q: &Quote) {
    use crate::roster::Bought;
    let day = state.campaign.cg_day();
    let files = state.side_mut(side);
    let line = files.roster.current_mut().expect("validated roster");
    line.cpp.spent += q.from_cpp;
    line.cpp.left -= q.from_cpp;
    if let Some(s) = line.support_cpp.as_mut() {
        s.spent += q.from_support;
        s.left -= q.from_support;
    }
    line.rgs.push(Bought {
        rg: q.rg.id.clone(),
        cpp: q.from_cpp,
        support_cpp: q.from_support,
        purchase: q.purchase.text.clone(),
    });
    match q.rg.class {
        RgClass::Fortifications => line.fpp += q.rg.fpp.unwrap_or(0) as i64,
        RgClass::Sniper => line.san += 1,
        _ => {}
    }
    files.purchases.push(PurchaseRow {
        cg_day: day,
        rg_id: q.rg.id.clone(),
        group_type: q.rg.group_type.clone(),
        purchased_so_far: Some(q.purchased_so_far),
        entry_code: q.code.clone().unwrap_or_default(),
        remaining: Some(q.remaining),
        other: q.other.join("; "),
        on_board: q.on_board.to_string(),
        ..PurchaseRow::default()
    });
    let row = files.purchases.len();
    if let Some(mut item) = capability_item(&q.rg) {
        item.rg_row = Some(row);
        item.note = q.other.join("; ");
        files.force.items.push(item);
    }
}

/// The Force Organizer line of an RG with no strength to roll (Stuka,
/// Bombardment, Observer, Spotter Plane, MOL Capability): in the OB at once.
pub fn capability_item(rg: &RgDef) -> Option<crate::force::ForceItem> {
    use crate::force::{ForceBox, ForceItem, UnitKind};
    match rg.class {
        RgClass::Stuka
        | RgClass::Bombardment
        | RgClass::Observer
        | RgClass::Spotter
        | RgClass::MolCapability => {
            let name = format!("{} ({})", rg.group_type, rg.units_text());
            let mut item = ForceItem::new(name, UnitKind::Capability, 1, ForceBox::Retained);
            item.rg = Some(rg.id.clone());
            Some(item)
        }
        _ => None,
    }
}
