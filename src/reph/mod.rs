//! The Refit Phase (12.6): its sequence and, one file per step or step group,
//! the rules that run in it.

pub mod armor;
pub mod cg_days;
pub mod cg_end;
pub mod counters;
pub mod drms;
pub mod elr;
pub mod equipment;
pub mod equipment_repair;
pub mod fortification;
pub mod fortification_removal;
pub mod initiative;
pub mod new_day;
pub mod purchase;
pub mod purchase_step;
pub mod recon;
pub mod replenishment;
pub mod roster_line;
pub mod scenario_start;
pub mod sequence;
pub mod session;
pub mod strength;
pub mod weather;
