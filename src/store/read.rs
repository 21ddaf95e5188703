//! Reading a campaign's logs into events (DESIGN §6): every line must parse
//! (a damaged line is named: file, line, what was expected), public events
//! are numbered 1, 2, 3 …, and each side's part of an event must match the
//! commitment the public event holds for it. What follows the last whole
//! event is left out: a torn last line, or a side's part of a step whose
//! public event was never written.

use std::path::Path;

use super::log::{LogText, PUBLIC, commitment, private_name};
use crate::error::Error;
use crate::model::event::{Private, Public};
use crate::model::fold::{Events, PrivateLog};
use crate::model::side::Side;

/// The logs of a campaign folder, as text and as events.
#[derive(Debug, Clone)]
pub struct Logs {
    pub public: LogText,
    pub german: LogText,
    pub russian: LogText,
    pub events: Events,
}

impl Logs {
    pub fn text(&self, side: Option<Side>) -> &LogText {
        match side {
            None => &self.public,
            Some(Side::German) => &self.german,
            Some(Side::Russian) => &self.russian,
        }
    }

    /// What was left past the logs' last whole events, in words.
    pub fn unfinished(&self) -> Vec<String> {
        [&self.public, &self.german, &self.russian]
            .iter()
            .filter_map(|l| {
                l.unfinished
                    .as_ref()
                    .map(|u| format!("{}: {}", l.name, u.what))
            })
            .collect()
    }
}

/// Whether `dir` holds a campaign of this votg (its public log).
pub fn has_log(dir: &Path) -> bool {
    dir.join(PUBLIC).exists()
}

pub fn read(dir: &Path) -> Result<Logs, Error> {
    let mut public = LogText::read(dir, PUBLIC)?;
    let events = public_events(&mut public)?;
    let mut german = LogText::read(dir, &private_name(Side::German))?;
    let mut russian = LogText::read(dir, &private_name(Side::Russian))?;
    let g = private_events(&mut german, Side::German, &events)?;
    let r = private_events(&mut russian, Side::Russian, &events)?;
    for side in Side::BOTH {
        let (text, log) = match side {
            Side::German => (&german, &g),
            Side::Russian => (&russian, &r),
        };
        if text.exists {
            check_parts_present(side, &events, log, &public)?;
        }
    }
    Ok(Logs {
        public,
        german,
        russian,
        events: Events {
            public: events,
            german: g,
            russian: r,
        },
    })
}

fn public_events(log: &mut LogText) -> Result<Vec<Public>, Error> {
    let mut events = Vec::with_capacity(log.lines.len());
    let count = log.lines.len();
    for i in 0..count {
        let line = &log.lines[i];
        match serde_json::from_str::<Public>(&line.text) {
            Ok(e) if e.n == i as u64 + 1 => events.push(e),
            Ok(e) => {
                return Err(log.bad_line(
                    line.number,
                    format!(
                        "event number {} where {} was expected (events are numbered 1, 2, 3 …)",
                        e.n,
                        i + 1
                    ),
                ));
            }
            // A last line that does not read is a write cut short.
            Err(_) if i + 1 == count && log.unfinished.is_none() => {
                let n = line.number;
                log.cut_at(i, format!("an unreadable last line (line {n})"));
            }
            Err(e) => return Err(log.bad_line(line.number, format!("not a votg event: {e}"))),
        }
    }
    Ok(events)
}

fn commit_of(e: &Public, side: Side) -> Option<&String> {
    e.kind.commitments().and_then(|c| c.get(&side))
}

fn private_events(log: &mut LogText, side: Side, public: &[Public]) -> Result<PrivateLog, Error> {
    let mut events = Vec::with_capacity(log.lines.len());
    let count = log.lines.len();
    for i in 0..count {
        let line = &log.lines[i];
        let event = match serde_json::from_str::<Private>(&line.text) {
            Ok(e) => e,
            Err(_) if i + 1 == count && log.unfinished.is_none() => {
                let n = line.number;
                log.cut_at(i, format!("an unreadable last line (line {n})"));
                break;
            }
            Err(e) => return Err(log.bad_line(line.number, format!("not a votg event: {e}"))),
        };
        if let Some(of) = event.of() {
            let Some(e) = public.get(of as usize - 1).filter(|_| of > 0) else {
                let what = format!(
                    "the {} part of a step whose public event was never written (line {})",
                    side.name(),
                    line.number
                );
                log.cut_at(i, what);
                break;
            };
            if commit_of(e, side) != Some(&commitment(&line.text)) {
                return Err(log.bad_line(
                    line.number,
                    format!("this part of event {of} does not match what log.jsonl committed to for it: the line was changed after it was written"),
                ));
            }
        }
        events.push((line.number, event));
    }
    Ok(events)
}

/// Every public event that commits to a part of `side`'s has it.
fn check_parts_present(
    side: Side,
    public: &[Public],
    private: &PrivateLog,
    log: &LogText,
) -> Result<(), Error> {
    let have: std::collections::BTreeSet<u64> =
        private.iter().filter_map(|(_, p)| p.of()).collect();
    for e in public {
        if commit_of(e, side).is_some() && !have.contains(&e.n) {
            return Err(log.bad_line(
                e.n as usize,
                format!(
                    "event {} has a {} part that {} lacks: the side's private log is cut short or is another campaign's",
                    e.n,
                    side.name(),
                    private_name(side)
                ),
            ));
        }
    }
    Ok(())
}
