//! votg: a Refit Phase assistant for the ASL *Valor of the Guards* Campaign
//! Games. The library does the work; `main.rs` only parses arguments.

pub mod chart_render;
pub mod cli;
pub mod dice;
pub mod drm;
pub mod error;
pub mod fortification_table;
pub mod fraction;
pub mod historical_drm;
pub mod initiative_matrix;
pub mod odds;
pub mod range;
pub mod render;
pub mod rg_chart;
pub mod side;
pub mod sw_chart;
pub mod table;
pub mod table_cmd;
pub mod tables;

pub use error::Error;
