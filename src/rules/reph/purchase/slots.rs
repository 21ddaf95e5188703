//! 12.6216/12.6217: the CG Max of an RG, cell by cell as slots, each with
//! its notes and Entry Code (C10, C11, C24).

use super::{Market, Purchase, Quote, Refusal, SlotGate};
use crate::model::cg_day::CgDay;
use crate::rules::rg_chart::{RgDef, Slot};

/// The CG Max slot a purchase takes: its Entry Code, and how many of the RG
/// were taken before it, of how many.
pub(super) struct Taken {
    pub code: Option<String>,
    pub taken: u32,
    pub total: u32,
}

impl Market<'_> {
    /// Why `slot` cannot be used on `day`, if it cannot (notes g, m, n, s;
    /// Entry Code dates 12.6217; C11, C24).
    pub(super) fn slot_gate(&self, slot: &Slot, day: CgDay, initial: bool) -> Option<SlotGate> {
        note_gate(slot, day, initial).or_else(|| self.code_gate(slot, day))
    }

    /// Why the Entry Code of `slot` is not open on `day`, if it is not
    /// (12.6217: each code opens on its date, Red the night of 14 Sep).
    fn code_gate(&self, slot: &Slot, day: CgDay) -> Option<SlotGate> {
        let ec = slot
            .code
            .as_deref()
            .and_then(|c| self.chart().entry_code(c))?;
        let name = ec.name.clone();
        if day.date < ec.from_date {
            return Some(SlotGate::EntryCodeFrom {
                name,
                date: ec.from_date,
            });
        }
        if ec.from_night && day.date == ec.from_date && !day.night {
            return Some(SlotGate::EntryCodeFromNight {
                name,
                date: ec.from_date,
            });
        }
        None
    }

    fn open_today(&self, slot: &Slot) -> bool {
        self.slot_gate(slot, self.day(), self.initial()).is_none()
    }

    /// How many purchases each slot of `rg` has absorbed, replaying the
    /// purchase record in order (12.6216, 12.6218 #P, C24): a row with an
    /// Entry Code uses a slot of that code; a row without one uses the slot
    /// that expires first. A recorded Entry Code was open when the RG was
    /// bought, so only the slot's notes are checked against the row's CG
    /// Day: a Red RG bought before a Night Counterattack on 14 Sep is
    /// recorded on 14/9 (the CG Day column holds the date, 12.6218) although
    /// Red opens that night only (12.6217, 12.6254, C10).
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
                note_gate(s, row.cg_day, initial).is_none()
                    && (code.is_some() || self.code_gate(s, row.cg_day).is_none())
            }) {
                used[i] += 1;
            }
        }
        used
    }

    /// The slots used by the record and by the `earlier` purchases of the batch.
    pub(super) fn used_with(&self, rg: &RgDef, earlier: &[Quote]) -> Vec<u32> {
        let slots = rg.cg_max.slots(self.cg());
        let mut used = self.slot_usage(rg);
        for q in earlier.iter().filter(|q| q.rg.id == rg.id) {
            if let Some(i) = pick_slot(slots, &used, q.code.as_deref(), |s| self.open_today(s)) {
                used[i] += 1;
            }
        }
        used
    }

    /// How many more of `rg` may be bought in the rest of the CG (12.6216):
    /// the CG Max slots not used yet, less those whose notes closed them for
    /// good (note s after the Initial Scenario, note n after 24 Sep; C24).
    /// Slots opening later (notes g, m, an Entry Code's date) still count.
    pub(super) fn left_in_cg(&self, rg: &RgDef, earlier: &[Quote]) -> u32 {
        let slots = rg.cg_max.slots(self.cg());
        let used = self.used_with(rg, earlier);
        let (date, initial) = (self.day().date, self.initial());
        let expired = |slot: &Slot| {
            slot.notes
                .iter()
                .any(|n| (n == "s" && !initial) || (n == "n" && date > 24))
        };
        slots
            .iter()
            .zip(&used)
            .filter(|(slot, _)| !expired(slot))
            .map(|(slot, n)| slot.count.saturating_sub(*n))
            .sum()
    }

    /// The Entry Codes of the slots of `rg` open now, in chart order, each
    /// with how many of its slots are left.
    pub(super) fn open_codes(&self, rg: &RgDef, used: &[u32]) -> Vec<(String, u32)> {
        let slots = rg.cg_max.slots(self.cg());
        let mut codes: Vec<(String, u32)> = Vec::new();
        for (i, slot) in slots.iter().enumerate() {
            let (Some(c), true) = (&slot.code, used[i] < slot.count && self.open_today(slot))
            else {
                continue;
            };
            match codes.iter_mut().find(|(k, _)| k == c) {
                Some((_, n)) => *n += slot.count - used[i],
                None => codes.push((c.clone(), slot.count - used[i])),
            }
        }
        codes
    }

    /// 12.6216/12.6217: the slot this purchase takes, with its Entry Code.
    pub(super) fn take_slot(
        &self,
        p: &Purchase,
        rg: &RgDef,
        earlier: &[Quote],
    ) -> Result<Taken, Refusal> {
        let slots = rg.cg_max.slots(self.cg());
        let used = self.used_with(rg, earlier);
        let total = rg.cg_max.total(self.cg());
        let taken: u32 = used.iter().sum();
        if taken >= total {
            return Err(Refusal::CgMax {
                rg: rg.id.clone(),
                group_type: rg.group_type.clone(),
                cg: self.cg(),
                max: total,
                taken,
            });
        }
        let open: Vec<&Slot> = (0..slots.len())
            .filter(|&i| used[i] < slots[i].count)
            .map(|i| &slots[i])
            .collect();
        if !open.iter().any(|s| self.open_today(s)) {
            return Err(Refusal::SlotsClosed {
                rg: rg.id.clone(),
                group_type: rg.group_type.clone(),
                day: self.day(),
                gates: open
                    .iter()
                    .filter_map(|s| self.slot_gate(s, self.day(), self.initial()))
                    .collect(),
            });
        }
        let code = self.choose_code(p, rg, &used)?;
        if p.boats && !matches!(code.as_deref(), Some("red" | "brown")) {
            return Err(Refusal::BoatsNeedRedOrBrown);
        }
        Ok(Taken { code, taken, total })
    }

    /// The Entry Code of the purchase: the one it names, the only one open,
    /// or none (12.6217, C10).
    fn choose_code(
        &self,
        p: &Purchase,
        rg: &RgDef,
        used: &[u32],
    ) -> Result<Option<String>, Refusal> {
        let codes = self.open_codes(rg, used);
        match &p.code {
            Some(want) => {
                let want = want.to_ascii_lowercase();
                if !codes.iter().any(|(c, _)| *c == want) {
                    return Err(Refusal::NoSuchEntryCode {
                        rg: rg.id.clone(),
                        want,
                        available: codes.into_iter().map(|(c, _)| c).collect(),
                    });
                }
                Ok(Some(want))
            }
            None if codes.len() > 1 => Err(Refusal::EntryCodeRequired {
                rg: rg.id.clone(),
                choices: codes,
            }),
            None => {
                let slots = rg.cg_max.slots(self.cg());
                Ok(pick_slot(slots, used, None, |s| self.open_today(s))
                    .and_then(|i| slots[i].code.clone()))
            }
        }
    }
}

/// Why the notes of `slot` keep it closed on `day`, if they do (notes g, m,
/// n, s; C24).
fn note_gate(slot: &Slot, day: CgDay, initial: bool) -> Option<SlotGate> {
    slot.notes.iter().find_map(|note| match note.as_str() {
        "g" if day.date < 20 => Some(SlotGate::NoteG),
        "m" if day.date < 16 => Some(SlotGate::NoteM),
        "n" if day.date > 24 => Some(SlotGate::NoteN),
        "s" if !initial => Some(SlotGate::NoteS),
        _ => None,
    })
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
