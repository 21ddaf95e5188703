//! The rules (DESIGN §5): every table as data, the dice, the DRMs, and the
//! Refit Phase's steps, which turn a campaign and answers into a changed
//! campaign and journal rows. Imports only `model`.

pub mod answered;
pub mod answers;
pub mod cg_def;
pub mod checks;
pub mod consistency;
pub mod cvp;
pub mod dice;
pub mod dice_stats;
pub mod fortification_table;
pub mod fraction;
pub mod historical_drm;
pub mod initiative_matrix;
pub mod labelled_dice;
pub mod ladder;
pub mod moon_phase;
pub mod new_campaign;
pub mod odds;
pub mod output;
pub mod prompt;
pub mod prompt_line;
pub mod prompt_theme;
pub mod range;
pub mod reph;
pub mod rg_chart;
pub mod roll_text;
pub mod scenario_card;
pub mod secret_screen;
pub mod sw_chart;
pub mod table;
pub mod tables;
pub mod words;
