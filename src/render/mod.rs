//! Text and HTML for people: the sheets fitted to a terminal, the charts
//! as the rules print them, the printable sheets. Imports `model` and
//! `rules`.

pub mod chart_render;
pub mod log_table;
pub mod print;
pub mod sheet_fit;
pub mod sheets;
pub mod stats;
