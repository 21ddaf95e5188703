//! The scenario record's journal rows (12.6041, DESIGN §5): the public
//! part in public rows (what was recorded, and the `[scenario]` answers as
//! given, `scenario.record`, which `votg verify` replays); each side's
//! force outcome only in that side's secret rows (its answer as given,
//! `<side>.outcome`, and one row per change to its counters).

use crate::model::campaign::BySide;
use crate::model::force::CounterId;
use crate::model::journal::Entry;
use crate::model::side::Side;
use crate::rules::answers::RECORD_ID;
use crate::rules::prompt::Prompter;
use crate::rules::reph::outcome::{self, Outcome};
use crate::rules::reph::session::Session;

use super::{STEP, ScenarioRecord};

/// Journals the record: public rows, then each side's secret ones.
pub(super) fn journal_record(
    s: &mut Session,
    n: u32,
    record: &ScenarioRecord,
    said: &[outcome::Said],
) {
    s.journal(Entry::decision(
        STEP,
        None,
        false,
        format!("Scenario {n} recorded"),
        format!(
            "victor {}; CVP German {}, Russian {}{}",
            record.victor.id(),
            record.cvp.german,
            record.cvp.russian,
            san_text(&record.san),
        ),
        "12.6041",
    ));
    let text = match &*s.prompter {
        Prompter::Scripted(a) => a.record_text(),
        Prompter::Terminal { .. } => public_text(record),
    };
    s.journal(Entry::answer(
        STEP,
        None,
        false,
        RECORD_ID,
        "",
        &toml::Value::String(text),
        false,
    ));
    // Each side's outcome as given, its secret: `votg verify` replays it.
    for side in Side::BOTH {
        let o = record.outcome.of(side);
        if o.is_empty() {
            continue;
        }
        s.prompter.in_secret_block(Some(side));
        s.prompter.record(
            side,
            "outcome",
            "What happened to the force (12.6041)",
            value(o),
            false,
        );
        s.prompter.in_secret_block(None);
    }
    s.journal_answers(|_| STEP.to_string());
    // Each change to a counter its own secret row about it, for each side
    // whose counters it touches (a prisoner touches both), so the story of
    // its purchase row (`votg explain`) tells when and why it happened.
    for line in said {
        for side in Side::BOTH {
            let ids: Vec<&CounterId> = line.ids.iter().filter(|id| id.side == side).collect();
            if ids.is_empty() {
                continue;
            }
            s.journal(
                Entry::decision(
                    STEP,
                    Some(side),
                    true,
                    format!("Scenario {n} outcome"),
                    line.text.clone(),
                    "12.6041",
                )
                .concerning(ids.iter().map(ToString::to_string)),
            );
        }
    }
}

/// The public part typed at the terminal, as answers-file text.
fn public_text(record: &ScenarioRecord) -> String {
    let mut scenario = toml::Table::new();
    scenario.insert("victor".into(), record.victor.id().into());
    scenario.insert(
        "cvp".into(),
        by_side(&BySide {
            german: Some(record.cvp.german),
            russian: Some(record.cvp.russian),
        }),
    );
    if record.san.german.is_some() || record.san.russian.is_some() {
        scenario.insert("san".into(), by_side(&record.san));
    }
    let mut out = toml::Table::new();
    out.insert("scenario".into(), toml::Value::Table(scenario));
    toml::to_string(&out).unwrap_or_default()
}

fn by_side(v: &BySide<Option<u32>>) -> toml::Value {
    let mut t = toml::Table::new();
    for side in Side::BOTH {
        if let Some(n) = v.of(side) {
            t.insert(side.id().into(), i64::from(*n).into());
        }
    }
    toml::Value::Table(t)
}

/// An outcome as the answers file's `[<side>.outcome]` table.
fn value(o: &Outcome) -> toml::Value {
    toml::Value::Table(
        o.iter()
            .map(|(k, items)| {
                let list = items.iter().map(|i| toml::Value::from(i.as_str()));
                (k.clone(), toml::Value::Array(list.collect()))
            })
            .collect(),
    )
}

/// `; SAN German 0` for each SAN recorded.
fn san_text(san: &BySide<Option<u32>>) -> String {
    Side::BOTH
        .into_iter()
        .filter_map(|side| san.of(side).map(|n| format!("; SAN {} {n}", side.name())))
        .collect()
}
