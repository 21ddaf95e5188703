//! votg: a Refit Phase assistant for the ASL *Valor of the Guards* Campaign
//! Games. The library does the work; `main.rs` only parses arguments.

pub mod cli;
pub mod commands;
pub mod error;
pub mod model;
pub mod plain_file;
pub mod render;
pub mod rules;
pub mod store;

pub use error::Error;

/// This votg's version, as each step records it (DESIGN §3).
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
