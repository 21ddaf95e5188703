//! The campaign as its events (DESIGN §3): the events of its logs, the
//! facts they carry, and the campaign as their fold.

pub mod event;
pub mod facts;
pub mod fold;
pub mod row;
