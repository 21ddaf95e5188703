//! `votg stats [DIR] [--side S]`: the dice of the whole CG, per side and
//! per table, against fair dice. What it counts is what its reader may
//! see: the public rolls; with `--side S`, that side's secret rolls too;
//! once the CG is over (its result recorded), every roll.

use std::path::Path;

use crate::commands::campaign::read;
use crate::commands::{Config as Global, Format};
use crate::error::Error;
use crate::model::journal::{Kind, visible};
use crate::model::side::Side;
use crate::rules::dice_stats::{self, Thrown};

pub fn run(
    dir: &Path,
    side: Option<Side>,
    format: Format,
    global: &Global,
) -> Result<String, Error> {
    let tables = global.load_tables()?;
    let state = read(dir, &tables)?;
    let over = state.campaign.result.is_some();
    let thrown: Vec<Thrown> = state
        .journal
        .iter()
        .filter(|r| r.kind == Kind::Roll && visible(r.secret, &r.side, side, over))
        .filter_map(|r| {
            let faces = crate::model::roll::parse_faces(&r.dice, "journal").ok()?;
            Some(Thrown {
                side: &r.side,
                table: &r.table,
                faces,
            })
        })
        .collect();
    let sides = dice_stats::tally(&thrown);
    let counted = counted(side, over);
    Ok(match format {
        Format::Json => {
            let doc = serde_json::json!({ "counted": counted, "sides": sides });
            format!("{}\n", serde_json::to_string_pretty(&doc).expect("json"))
        }
        _ => {
            let c = &state.campaign;
            let title = format!(
                "Dice statistics — CG {} ({}), to {}",
                c.cg,
                c.title,
                c.cg_day().long()
            );
            let text = crate::render::stats::text(&title, &counted, &sides);
            crate::render::sheet_fit::fit_text(&text, crate::render::sheet_fit::terminal_width())
        }
    })
}

/// Whose rolls are counted, in words.
fn counted(side: Option<Side>, over: bool) -> String {
    match (over, side) {
        (true, _) => "Counted: every roll of both sides (the CG is over, so no roll is secret any more).".into(),
        (false, None) => "Counted: the public rolls only. Each side's secret rolls are its own until the CG ends: `votg stats --side S` adds that side's.".into(),
        (false, Some(s)) => format!(
            "Counted: the public rolls and the {}'s secret rolls. The {}'s secret rolls stay his until the CG ends.",
            s.name(),
            s.other().name()
        ),
    }
}
