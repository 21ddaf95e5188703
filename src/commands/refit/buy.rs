//! `votg buy`: one side's purchases at 12.621 as one step of the runner,
//! all or none.

use std::path::Path;

use super::{Run, open_writer};
use crate::commands::Config as Global;
use crate::error::Error;
use crate::model::event::StepRef;
use crate::model::side::Side;
use crate::rules::answers::Answers;
use crate::rules::cg_def;
use crate::rules::prompt::Prompter;
use crate::rules::reph::purchase_step;
use crate::rules::reph::sequence::StepExt;
use crate::rules::reph::sequence::StepId;

/// `votg buy`: purchases for one side at step 12.621, all or none.
pub fn buy(args: &[String], side: Side, global: &Global) -> Result<String, Error> {
    let (dir, purchases) = split_dir(args);
    if purchases.is_empty() {
        return Err(Error::Usage(format!(
            "no purchase given; write {}",
            crate::rules::reph::purchase::GRAMMAR
        )));
    }
    let tables = global.load_tables()?;
    let mut writer = open_writer(dir, &tables, true)?;
    let state = writer.opened.state();
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
    let prompter = Prompter::Scripted(Box::new(answers(side, purchases)?));
    if writer.opened.half.is_some() {
        return super::half::buy(&mut writer, &tables, &def, side, prompter, global);
    }
    let mut run = Run::new(&mut writer, &tables, &def, prompter, global)?;
    run.step(StepRef::Buy {
        side,
        purchases: Vec::new(),
    })?;
    run.write_views()?;
    Ok(String::new())
}

/// The purchases as `side`'s answer `buy`, which the step records as its
/// secret, committed to in the public log as any answer of 12.621 (the
/// public event names no purchase).
fn answers(side: Side, purchases: &[String]) -> Result<Answers, Error> {
    let mut mine = toml::Table::new();
    let list = purchases.iter().map(|p| p.as_str().into()).collect();
    mine.insert("buy".into(), toml::Value::Array(list));
    let mut table = toml::Table::new();
    table.insert(side.id().into(), toml::Value::Table(mine));
    let text = toml::to_string(&table).expect("a table serialises");
    Answers::from_text(text, "votg buy".into())
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
