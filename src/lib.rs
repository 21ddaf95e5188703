//! votg: a Refit Phase assistant for the ASL *Valor of the Guards* Campaign
//! Games. The library does the work; `main.rs` only parses arguments.

pub mod answered;
pub mod answers;
pub mod campaign;
pub mod campaign_cmd;
pub mod cg_day;
pub mod cg_def;
pub mod chart_render;
pub mod cli;
pub mod consistency;
pub mod cvp;
pub mod dice;
pub mod drm;
pub mod drm_text;
pub mod error;
pub mod explain;
pub mod force;
pub mod fortification_table;
pub mod fraction;
pub mod historical_drm;
pub mod history_cmd;
pub mod initiative_matrix;
pub mod journal;
pub mod labelled_dice;
pub mod ladder;
pub mod migration;
pub mod model;
pub mod moon_phase;
pub mod new_campaign;
pub mod odds;
pub mod output;
pub mod print;
pub mod prompt;
pub mod purchase_record;
pub mod range;
pub mod refit_cmd;
pub mod render;
pub mod reph;
pub mod rg_chart;
pub mod roster;
pub mod seed;
pub mod sheet_fit;
pub mod sheets;
pub mod side;
pub mod side_dice;
pub mod state;
pub mod store;
pub mod sw_chart;
pub mod table;
pub mod table_cmd;
pub mod tables;
pub mod verify;
pub mod weather;

pub use error::Error;

/// This votg's version, as each step records it (DESIGN §3).
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
