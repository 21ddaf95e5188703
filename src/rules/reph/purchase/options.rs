//! What a purchase may ask for: the ways of buying (12.6214a-c), the options
//! of OBA and Stuka RGs (notes p, o/i, b, t), boats (note b), and what an
//! Initial Scenario's SSRs forbid.

use super::{Market, Mode, Purchase, Refusal};
use crate::model::side::Side;
use crate::rules::rg_chart::{RgClass, RgDef};

pub(super) fn is_infantry(rg: &RgDef) -> bool {
    rg.id.starts_with('I')
}

/// Armor and Infantry RGs: those 12.6214a lets set up on-map.
pub(super) fn is_armor_or_infantry(rg: &RgDef) -> bool {
    rg.id.starts_with('A') || is_infantry(rg)
}

impl Market<'_> {
    /// The SSR of the Initial Scenario that a restriction cites.
    pub(super) fn initial_ssr(&self) -> String {
        let r = self.def.restrictions();
        r.rule
            .clone()
            .or_else(|| r.rules.first().cloned())
            .unwrap_or_default()
    }

    /// RGs and SAN an Initial Scenario's SSR forbids (e.g. I-2).
    pub(super) fn check_initial_ssr(&self, rg: &RgDef) -> Result<(), Refusal> {
        if !self.initial() {
            return Ok(());
        }
        let r = self.def.restrictions();
        let forbidden = match self.side {
            Side::German => &r.german_forbidden_rgs,
            Side::Russian => &r.russian_forbidden_rgs,
        };
        if forbidden.iter().any(|f| f == &rg.id) {
            return Err(Refusal::ForbiddenInInitial {
                rg: rg.id.clone(),
                group_type: rg.group_type.clone(),
                ssr: self.initial_ssr(),
            });
        }
        if self.side == Side::German && r.german_no_san && rg.class == RgClass::Sniper {
            return Err(Refusal::NoGermanSan {
                ssr: self.initial_ssr(),
            });
        }
        Ok(())
    }

    /// The purchase's options fit its RG.
    pub(super) fn check_options(&self, p: &Purchase, rg: &RgDef) -> Result<(), Refusal> {
        self.check_mode(p, rg)?;
        check_oba_options(p, rg)?;
        if p.boats {
            let ok = self.side == Side::Russian && is_infantry(rg) && rg.has_note("b");
            if !ok {
                return Err(Refusal::NoBoats { rg: rg.id.clone() });
            }
            if p.mode != Mode::Normal {
                return Err(Refusal::BoatsNotReinforcements);
            }
        }
        if let Some(c) = p.cpp
            && (rg.id != "S1" || c != 2 && c != 1)
        {
            return Err(Refusal::CppOptionNotStuka);
        }
        Ok(())
    }

    /// 12.6214a-c: the ways of buying.
    fn check_mode(&self, p: &Purchase, rg: &RgDef) -> Result<(), Refusal> {
        let side = self.side;
        let r = self.def.restrictions();
        match p.mode {
            Mode::OnMap if !is_armor_or_infantry(rg) => Err(Refusal::OnMapNotArmorOrInfantry {
                rg: rg.id.clone(),
                note_a: rg.has_note("a"),
            }),
            Mode::Reserve if !is_infantry(rg) => {
                Err(Refusal::ReserveNotInfantry { rg: rg.id.clone() })
            }
            Mode::Reserve
                if self.initial()
                    && ((side == Side::German && r.german_no_reserve)
                        || (side == Side::Russian && r.russian_no_reserve)) =>
            {
                Err(Refusal::NoReserveInInitial {
                    side,
                    ssr: self.initial_ssr(),
                })
            }
            Mode::DugIn if !(side == Side::Russian && rg.class == RgClass::AfvPltn) => {
                Err(Refusal::DugInNotRussianAfv)
            }
            _ => Ok(()),
        }
    }
}

/// Notes p, o/i, b: Pre-Registered hexes, `hex=`, Creeping Barrage.
fn check_oba_options(p: &Purchase, rg: &RgDef) -> Result<(), Refusal> {
    if p.prereg > 0 && rg.class != RgClass::Oba {
        return Err(Refusal::PreRegNotOba { rg: rg.id.clone() });
    }
    if p.prereg > 2 {
        return Err(Refusal::TooManyPreReg);
    }
    let hex_ok = match rg.class {
        RgClass::Oba => p.hexes.len() <= p.prereg as usize,
        RgClass::Observer | RgClass::Bombardment => p.hexes.len() <= 1,
        _ => p.hexes.is_empty(),
    };
    if !hex_ok {
        return Err(Refusal::HexesDoNotFit {
            text: p.text.clone(),
        });
    }
    if p.creeping && p.prereg == 0 {
        return Err(Refusal::CreepingWithoutPreReg);
    }
    Ok(())
}
