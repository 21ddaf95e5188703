//! One file per subcommand: each opens the campaign, runs the rules or
//! reads, and says what it did. Imports every layer below; never `cli`.

pub mod audit;
pub mod campaign;
pub mod config;
pub mod exchange;
pub mod explain;
pub mod half_edit;
pub mod history;
pub mod input;
pub mod print;
pub mod refit;
pub mod stats;
pub mod table;
pub mod undo_request;
pub mod verify;

pub use config::{Config, Format, Sides};
