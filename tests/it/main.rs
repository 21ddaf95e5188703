//! votg's integration tests: one crate, every test running the real binary
//! on a temporary campaign folder (DESIGN §7).

mod aftermath;
mod campaign_new;
mod cg_day;
mod cli_table;
mod common;
mod explain;
mod force_organizer;
mod fuzz_loaders;
mod hardening;
mod isolation;
mod issue_11;
mod journal_audit;
mod journal_replay;
mod migration;
mod print;
mod private_dice;
mod purchase_hint;
mod readings;
mod readme;
mod refit_cg_i;
mod refit_cg_ii;
mod refit_cg_iii;
mod refit_later;
mod repair_numbers;
mod rules_charts;
mod rules_tables;
mod runner;
mod samples;
mod schema_migration;
mod sheets;
mod store;
mod two_players;
mod verify;
mod whole_cg;
