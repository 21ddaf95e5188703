//! `votg buy`: one side's purchases at 12.621 as one step of the runner,
//! all or none.

use std::path::Path;

use super::Run;
use crate::campaign_cmd::open;
use crate::cg_def;
use crate::cli::Global;
use crate::error::Error;
use crate::prompt::Prompter;
use crate::reph::sequence::StepId;
use crate::reph::{purchase_step, roster_line};
use crate::side::Side;
use crate::store::Snapshot;

/// `votg buy`: purchases for one side at step 12.621, all or none.
pub fn buy(args: &[String], side: Side, global: &Global) -> Result<String, Error> {
    let (dir, purchases) = split_dir(args);
    if purchases.is_empty() {
        return Err(Error::Usage(format!(
            "no purchase given; write {}",
            crate::reph::purchase::GRAMMAR
        )));
    }
    let tables = global.load_tables()?;
    let (store, state) = open(dir, &tables)?;
    let def = cg_def::load(&tables, state.campaign.cg)?;
    let at = state.campaign.step.of(side);
    if at.step().map(StepId::as_str) != Some(purchase_step::STEP) {
        let standing = match at.step() {
            Some(id) => format!("is at step {}", id.step()),
            None => "has finished the Refit Phase".into(),
        };
        return Err(Error::Refused(format!(
            "the {} side {standing}; `votg buy` is for step 12.621 (Purchasing Reinforcement Groups) only. Nothing was changed.",
            side.name()
        )));
    }
    let mut run = Run::new(
        &store,
        &tables,
        &def,
        state,
        Prompter::Scripted(Default::default()),
        global,
    )?;
    buy_in(&mut run, side, purchases)?;
    Ok(String::new())
}

/// The purchases of `votg buy` for `side`, as one step of `run`.
pub(crate) fn buy_in(run: &mut Run, side: Side, purchases: &[String]) -> Result<(), Error> {
    let snapshot = || {
        Snapshot::secret(
            side,
            format!("{} 12.621 buy {}", side.name(), purchases.join(", ")),
        )
    };
    run.step(snapshot, |s| {
        roster_line::check(s, side)?;
        let given = purchases.iter().map(|p| p.as_str().into()).collect();
        s.prompter
            .record_secret(side, "buy", "votg buy", toml::Value::Array(given));
        let quotes = purchase_step::quote_all(s, side, purchases)?;
        purchase_step::apply(s, side, &quotes);
        let line = s.state.line(side).clone();
        let support = line
            .support_cpp
            .map_or(String::new(), |p| format!(", {} Support CPP", p.left));
        s.say(format!(
            "{} CPP left{support}. `votg undo` takes these purchases back.",
            line.cpp.left
        ));
        Ok(())
    })
}

/// `votg buy [DIR] --side S PURCHASE...`: the first word is the campaign
/// folder unless it reads as a purchase (an RG ID such as `I1` or `A3`
/// first), so a mistyped folder is named as such, not read as a purchase.
fn split_dir(args: &[String]) -> (&Path, &[String]) {
    match args.first() {
        // A folder that exists is a folder, even one named like an RG (`c2`).
        Some(first) if Path::new(first).is_dir() || !looks_like_purchase(first) => {
            (Path::new(first), &args[1..])
        }
        _ => (Path::new("."), args),
    }
}

fn looks_like_purchase(word: &str) -> bool {
    let id = word.split_whitespace().next().unwrap_or("");
    let letters = id.trim_end_matches(|c: char| c.is_ascii_digit());
    !letters.is_empty()
        && letters.len() < id.len()
        && letters.chars().all(|c| c.is_ascii_alphabetic())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buy_reads_a_folder_first_unless_it_is_a_purchase() {
        let args = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let a = args(&["/nonexistent/camp", "I1"]);
        assert_eq!(split_dir(&a).0, Path::new("/nonexistent/camp"));
        let a = args(&["I1", "I2 reserve"]);
        assert_eq!(split_dir(&a).0, Path::new("."));
        let a = args(&["my-cg", "A3 dug-in"]);
        assert_eq!(split_dir(&a), (Path::new("my-cg"), &a[1..]));
        let a = args(&["o2 prereg=2 creeping"]);
        assert_eq!(split_dir(&a).0, Path::new("."));
    }
}
