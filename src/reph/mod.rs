//! The Refit Phase (12.6): its sequence and, one file per step or step group,
//! the rules that run in it.

pub mod blazes;
pub mod casualty_vp;
pub mod checklist;
pub mod clearing;
pub mod counterattack;
pub mod drms;
pub mod encirclement;
pub mod escape;
pub mod escape_results;
pub mod fortification;
pub mod hardening;
pub mod initiative;
pub mod isolation;
pub mod isolation_guided;
pub mod isolation_record;
pub mod leader_hardening;
pub mod outcome;
pub mod perimeter;
pub mod prisoners;
pub mod purchase;
pub mod purchase_step;
pub mod recombining;
pub mod recon;
pub mod roster_line;
pub mod scenario_record;
pub mod scenario_start;
pub mod sequence;
pub mod session;
pub mod strength;
pub mod wounded_leaders;
