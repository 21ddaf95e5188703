//! The scenario records (12.604) a journal holds, as the answers-file text
//! (`[scenario]`, `[<side>.outcome]`, `[isolation]`) that makes each again.
//! A record journals the answers as given (`scenario.record`); a journal
//! from before that row, or a record typed at the terminal, is read back
//! from the rows the record and the steps after it wrote.

use crate::answers::RECORD_ID;
use crate::journal::{JournalRow, Kind};

/// One scenario record: its answers, and whether the journal holds them
/// as given (a `scenario.record` row) or they were read back.
pub struct Record {
    pub text: String,
    pub journaled: bool,
}

/// Each scenario record of the journal, in order.
pub fn all(journal: &[JournalRow]) -> Vec<Record> {
    let starts: Vec<usize> = journal
        .iter()
        .enumerate()
        .filter(|(_, r)| is_record(r))
        .map(|(i, _)| i)
        .collect();
    starts
        .iter()
        .enumerate()
        .map(|(n, &i)| {
            let end = starts.get(n + 1).copied().unwrap_or(journal.len());
            of(&journal[i..end])
        })
        .collect()
}

fn is_record(r: &JournalRow) -> bool {
    r.kind == Kind::Decision
        && is_record_step(r.step.as_bytes())
        && r.what.starts_with("Scenario ")
        && r.what.ends_with(" recorded")
}

/// Whether a row of this step and kind, as written, may be a scenario
/// record (the rows [`all`] looks at besides the answers).
pub fn may_be_record(step: &[u8], kind: &[u8]) -> bool {
    kind == b"decision" && is_record_step(step)
}

fn is_record_step(step: &[u8]) -> bool {
    // Journals before the record had its own label wrote 12.604.
    step == crate::reph::scenario_record::STEP.as_bytes() || step == b"12.604"
}

/// One record: the rows from its decision up to the next record.
fn of(rows: &[JournalRow]) -> Record {
    match rows
        .iter()
        .find(|r| r.kind == Kind::Answer && r.answer_id == RECORD_ID)
        .and_then(JournalRow::answer_value)
        .and_then(|v| v.as_str().map(str::to_string))
    {
        Some(text) => Record {
            text,
            journaled: true,
        },
        None => Record {
            text: rebuilt(rows),
            journaled: false,
        },
    }
}

/// `victor german; CVP German 8, Russian 14; german.outcome.eliminated =
/// G-1, G-2` with the blazes and Counterattack rows after it, as answers.
fn rebuilt(rows: &[JournalRow]) -> String {
    let mut scenario = toml::Table::new();
    let mut sides = toml::Table::new();
    for part in rows[0].result.split("; ") {
        if let Some(v) = part.strip_prefix("victor ") {
            scenario.insert("victor".into(), v.into());
        } else if let Some(cvp) = part.strip_prefix("CVP ") {
            let mut t = toml::Table::new();
            for each in cvp.split(", ") {
                if let Some((side, n)) = each.split_once(' ')
                    && let Ok(n) = n.parse::<i64>()
                {
                    t.insert(side.to_ascii_lowercase(), n.into());
                }
            }
            scenario.insert("cvp".into(), toml::Value::Table(t));
        } else if let Some((side, n)) = part.strip_prefix("SAN ").and_then(|v| v.split_once(' '))
            && let Ok(n) = n.parse::<i64>()
        {
            let san = scenario
                .entry("san")
                .or_insert_with(|| toml::Value::Table(Default::default()));
            if let Some(t) = san.as_table_mut() {
                t.insert(side.to_ascii_lowercase(), n.into());
            }
        } else if let Some((key, items)) = part.split_once(" = ")
            && let Some((side, rest)) = key.split_once(".outcome.")
        {
            let list: Vec<toml::Value> = items.split(", ").map(toml::Value::from).collect();
            let side = sides
                .entry(side.to_string())
                .or_insert_with(|| toml::Value::Table(Default::default()));
            if let Some(t) = side.as_table_mut() {
                let outcome = t
                    .entry("outcome")
                    .or_insert_with(|| toml::Value::Table(Default::default()));
                if let Some(o) = outcome.as_table_mut() {
                    o.insert(rest.to_string(), toml::Value::Array(list));
                }
            }
        }
    }
    if let Some(blazes) = rows
        .iter()
        .find(|r| r.kind == Kind::Decision && r.what == "scenario.blazes")
        .filter(|r| r.result != "none")
    {
        let list: Vec<toml::Value> = blazes.result.split(", ").map(toml::Value::from).collect();
        scenario.insert("blazes".into(), toml::Value::Array(list));
    }
    let declared = rows.iter().any(|r| {
        r.kind == Kind::Decision
            && r.step == "12.613"
            && r.what == "Counterattack"
            && r.result == "declared"
    });
    if declared {
        scenario.insert("counterattack".into(), true.into());
    }
    let mut top = toml::Table::new();
    top.insert("scenario".into(), toml::Value::Table(scenario));
    top.extend(sides);
    toml::to_string(&top).unwrap_or_default()
}
