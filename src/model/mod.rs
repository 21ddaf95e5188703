//! The campaign as data (DESIGN §3): its records (the public one, each side's
//! CG Roster, RG Purchase Record and Force Organizer, the journal's rows), the
//! events of its logs and their fold. The bottom layer: it imports no other.

pub mod campaign;
pub mod cg_day;
pub mod chain;
pub mod chit;
pub mod drm;
pub mod drm_text;
pub mod event;
pub mod exchange;
pub mod facts;
pub mod field_diff;
pub mod fold;
pub mod force;
pub mod journal;
pub mod ledger;
pub mod purchase_record;
pub mod roll;
pub mod roster;
pub mod row;
pub mod seed;
pub mod side;
pub mod state;
pub mod step;
pub mod undo_request;
pub mod weather;
