//! Reading a campaign's logs into events (DESIGN §6, docs/files.md): every
//! whole line must read as a votg event, follow the chain of the lines
//! before it, and (a side's part) match the commitment its public event
//! holds; public events are numbered 1, 2, 3 …
//!
//! What an interrupted write can leave is set apart as unfinished, never
//! read as the campaign: a last line without its line break, and the
//! private parts of the one step whose public event was never written (the
//! step right after the public log's last event), at the end of their log.
//! Everything else that does not hold together is damage: refused.

use std::path::Path;

use super::log::{LogText, PUBLIC, commitment, private_name};
use crate::error::Error;
use crate::model::chain;
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
    /// The public log's chain value after each event (`[0]`: before any).
    pub chains: Vec<String>,
    /// How many public events were written before the chain.
    pub before_chain: u64,
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
    std::fs::symlink_metadata(dir.join(PUBLIC)).is_ok()
}

/// How often a reader reads again while a writer moves the public log on.
const TRIES: usize = 100;

/// Reads the logs of `dir`. A reader takes no lock: where the public log
/// changed while the side's logs were read (a writer at work), it reads
/// again, so what it returns is the logs as they stood at one moment.
pub fn read(dir: &Path) -> Result<Logs, Error> {
    for _ in 0..TRIES {
        let public = LogText::read(dir, PUBLIC)?;
        let german = LogText::read(dir, &private_name(Side::German))?;
        let russian = LogText::read(dir, &private_name(Side::Russian))?;
        if super::log::End::on_disk(&public.path)? == public.end {
            return check(public, german, russian);
        }
    }
    Err(Error::Refused(format!(
        "{}: the campaign kept changing while it was read (another votg is writing to it). Run the command again when it is done.",
        dir.display()
    )))
}

/// The logs read, checked, as events.
pub fn check(
    mut public: LogText,
    mut german: LogText,
    mut russian: LogText,
) -> Result<Logs, Error> {
    let (events, chains, before_chain) = public_events(&mut public)?;
    let g = private_events(&mut german, Side::German, &events, &chains)?;
    let r = private_events(&mut russian, Side::Russian, &events, &chains)?;
    for (side, text, log) in [(Side::German, &german, &g), (Side::Russian, &russian, &r)] {
        check_parts_present(side, &events, log, text)?;
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
        chains,
        before_chain,
    })
}

/// Follows the chain over one line: `Ok(true)` where the line carries its
/// envelope. A line of before the chain may not follow a chained one.
fn follow(
    log: &LogText,
    number: usize,
    envelope: Option<&chain::Envelope>,
    chain_value: &str,
    chained: bool,
) -> Result<bool, Error> {
    match envelope {
        Some(e) if e.prev != chain_value => Err(log.bad_line(
            number,
            "this line does not follow the line before it (the chain of hashes breaks here): a line before it was removed, changed or put in, or this one was",
        )),
        Some(_) => Ok(true),
        None if chained => Err(log.bad_line(
            number,
            "this line carries no chain hash, but the lines before it do: it was put in or changed after votg wrote it",
        )),
        None => Ok(false),
    }
}

fn public_events(log: &mut LogText) -> Result<(Vec<Public>, Vec<String>, u64), Error> {
    let mut events = Vec::with_capacity(log.lines.len());
    let mut chains = Vec::with_capacity(log.lines.len() + 1);
    let mut c = chain::START.to_string();
    chains.push(c.clone());
    let mut chained = false;
    let mut before_chain = 0;
    for (i, line) in log.lines.iter().enumerate() {
        let (envelope, body) = chain::open(&line.text);
        chained = follow(log, line.number, envelope.as_ref(), &c, chained)?;
        if !chained {
            before_chain += 1;
        }
        if envelope.as_ref().is_some_and(|e| e.public.is_some()) {
            return Err(log.bad_line(line.number, "a side's private line, in the public log"));
        }
        match serde_json::from_str::<Public>(&body) {
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
            Err(e) => return Err(log.bad_line(line.number, format!("not a votg event: {e}"))),
        }
        c = chain::link(&c, &body);
        chains.push(c.clone());
    }
    log.chain = c;
    Ok((events, chains, before_chain))
}

fn commit_of(e: &Public, side: Side) -> Option<&String> {
    e.kind.commitments().and_then(|c| c.get(&side))
}

/// The public log is shorter than what `side`'s log records: damage.
fn ahead(log: &LogText, number: usize, side: Side, event: u64, have: usize) -> Error {
    log.bad_line(
        number,
        format!(
            "this {} line belongs after public event {event}, but log.jsonl holds {have} event(s): the public log was cut short or replaced (or this log is another campaign's). Restore log.jsonl from your backup",
            side.name()
        ),
    )
}

fn private_events(
    log: &mut LogText,
    side: Side,
    public: &[Public],
    chains: &[String],
) -> Result<PrivateLog, Error> {
    let have = public.len();
    let mut events = Vec::with_capacity(log.lines.len());
    let mut c = chain::START.to_string();
    let mut chained = false;
    let mut last_of = 0;
    let mut tail = None;
    for (i, line) in log.lines.iter().enumerate() {
        if tail.is_some() {
            return Err(log.bad_line(
                line.number,
                "a line after the part of an event never written to log.jsonl: the public log was cut short or replaced. Restore log.jsonl from your backup",
            ));
        }
        let (envelope, body) = chain::open(&line.text);
        chained = follow(log, line.number, envelope.as_ref(), &c, chained)?;
        let event = serde_json::from_str::<Private>(&body)
            .map_err(|e| log.bad_line(line.number, format!("not a votg event: {e}")))?;
        // The public log as it stood when this line was written.
        let stood = match event.of() {
            Some(of) => of.checked_sub(1),
            None => match &event {
                Private::Draft { after, .. } | Private::DraftsAbandoned { after, .. } => {
                    Some(*after)
                }
                _ => None,
            },
        };
        let Some(stood) = stood.map(|s| s as usize) else {
            return Err(log.bad_line(line.number, "a part of event 0, which no log has"));
        };
        if stood > have {
            return Err(ahead(log, line.number, side, stood as u64, have));
        }
        if let Some(e) = &envelope
            && e.public != Some(chains[stood].as_str())
        {
            return Err(log.bad_line(
                line.number,
                "this line was written after a public log other than this log.jsonl (its public chain hash differs): log.jsonl was changed, or this log is another campaign's",
            ));
        }
        if let Some(of) = event.of() {
            if of <= last_of {
                return Err(log.bad_line(
                    line.number,
                    format!(
                        "a part of event {of} after the part of event {last_of}: lines were moved"
                    ),
                ));
            }
            last_of = of;
            if of as usize == have + 1 {
                // The step whose public event was never written.
                tail = Some(i);
                continue;
            }
            if commit_of(&public[of as usize - 1], side) != Some(&commitment(&body)) {
                return Err(log.bad_line(
                    line.number,
                    format!("this part of event {of} does not match what log.jsonl committed to for it: the line was changed after it was written"),
                ));
            }
        }
        c = chain::link(&c, &body);
        events.push((line.number, event));
    }
    if let Some(i) = tail {
        let n = log.lines[i].number;
        log.cut_at(
            i,
            format!(
                "the {} part of a step whose public event was never written (line {n})",
                side.name()
            ),
        );
    }
    log.chain = c;
    Ok(events)
}

/// Every public event that commits to a part of `side`'s has it (where
/// this folder holds the side's log).
fn check_parts_present(
    side: Side,
    public: &[Public],
    private: &PrivateLog,
    log: &LogText,
) -> Result<(), Error> {
    if !log.exists {
        return Ok(());
    }
    let have: std::collections::BTreeSet<u64> =
        private.iter().filter_map(|(_, p)| p.of()).collect();
    for e in public {
        if commit_of(e, side).is_some() && !have.contains(&e.n) {
            return Err(Error::LogData {
                file: PUBLIC.into(),
                line: e.n as usize,
                message: format!(
                    "event {} has a {} part that {} lacks: the side's private log was cut short, or is another campaign's. Restore {} from your backup",
                    e.n,
                    side.name(),
                    private_name(side),
                    private_name(side)
                ),
            });
        }
    }
    Ok(())
}
