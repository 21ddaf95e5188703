//! `votg audit [DIR]` (DESIGN §9, docs/two-machines.md §9): after the other
//! side revealed its half (at the CG's end or on a resignation), every roll
//! and choice of it re-derived and checked: its seed against its seat, its
//! nonces against its seed, each private line against the commitment the
//! public log holds for it, its rolls numbered with none missing or
//! repeated, each of its steps run again on its committed answers with the
//! dice its seed and the right nonce give, each joint step, scenario record
//! (12.6041) and half of one it took part in run again on the campaign as
//! its half held it (its part and the public one compared: nothing conjured
//! into its force in a joint step), and every public roll of a joint step
//! against both public nonces.

use std::collections::BTreeMap;
use std::path::Path;

use crate::commands::Config as Global;
use crate::commands::campaign::open_read;
use crate::commands::verify::{self, Keys};
use crate::error::Error;
use crate::model::event::{Private, Public, PublicKind, StepRef};
use crate::model::exchange::{self, Exchange};
use crate::model::fold::{Events, PrivateLog};
use crate::model::journal::Kind;
use crate::model::ledger::Ledger;
use crate::model::row::LoggedRow;
use crate::model::seed::Seed;
use crate::model::side::Side;
use crate::rules::tables::Tables;

pub fn run(dir: &Path, global: &Global) -> Result<String, Error> {
    let tables = global.load_tables()?;
    let opened = open_read(dir, &tables)?;
    let half = crate::commands::exchange::half_of(&opened)?;
    let (me, them) = (half.side, half.side.other());
    let l = Ledger::new(&opened.events, me);
    let Some((seed, lines)) = l.revealed(them) else {
        return Err(Error::Refused(format!(
            "the {} has not revealed his half yet: he does at the CG's end or when a side resigns (`votg concede`), with his next packet. Nothing to audit yet.",
            them.name()
        )));
    };
    let audit = Audit {
        events: &opened.events,
        them,
        tables: &tables,
    };
    let split = match l.split() {
        Some((n, _)) => format!(
            "The campaign was played at one keyboard until its split (event {n}): the rolls and choices before it cannot be audited (both keys were on one machine); `votg split` verified them before it split the campaign, and his part of them is checked against its commitments only.\n"
        ),
        None => String::new(),
    };
    match audit.check(seed, lines) {
        Ok(((rolls, choices), joint)) => Ok(format!(
            "{rolls} secret rolls and {choices} secret choices of the {} checked: all honest.\nChecked: his seed against the commitment in his seat; every nonce he sent against his seed; each line of his private log against the commitment in the public log; his rolls numbered with none missing or repeated; each of his steps run again on his committed answers, with the dice his seed and the first nonce you sent after those answers give; {joint} joint step(s) he took part in (those he performed, his halves of yours, each scenario record: his outcome applied to his force, 12.6041) run again on the campaign as his half held it, with his answers, both public nonces and his seed, his part and the public one compared; the public rolls of the joint steps against both public nonces.\n{split}{}",
            them.name(),
            adjustments(&opened.events, them, lines)
        )),
        Err(why) => Err(Error::Refused(format!(
            "the {}'s half is not honest: {why}.",
            them.name()
        ))),
    }
}

struct Audit<'a> {
    events: &'a Events,
    them: Side,
    tables: &'a Tables,
}

type Found = Result<(usize, usize), String>;

/// What an audit checked: his secret rolls and choices, and the joint
/// steps he took part in run again.
type Checked = Result<((usize, usize), usize), String>;

impl Audit<'_> {
    fn check(&self, seed: &str, lines: &[String]) -> Checked {
        let seed = self.seed(seed)?;
        self.nonces(seed)?;
        let private = self.parts(lines)?;
        // Only what was played on two machines is his to answer for: the
        // steps before a split were played at one keyboard.
        let from = Ledger::new(self.events, self.them)
            .split()
            .map_or(0, |s| s.0);
        let counted = numbered(&private, from)?;
        // The campaign as his half held it: the public log and his
        // private log (yours is not what his steps ran on, and your part
        // of each step was checked on your half).
        let mut events = self.events.clone();
        match self.them {
            Side::German => (events.german, events.russian) = (private, Vec::new()),
            Side::Russian => (events.russian, events.german) = (private, Vec::new()),
        }
        // Only his steps are run again: the dice of his rolls from his key.
        let mut keys = BTreeMap::new();
        keys.insert(self.them, seed);
        let report = verify::check(&events, (None, None), &Keys(keys), self.tables, true)
            .map_err(|e| e.to_string())?;
        if let Some(d) = report.differs {
            return Err(format!(
                "{}; each of his rolls was drawn again from his revealed seed and the first nonce you sent after his answers were committed, each step run again on his committed answers, and each joint step he took part in run again on the campaign as his half held it",
                d.replace("made again", "given by his revealed seed")
            ));
        }
        public_dice(&events)?;
        taken_back(&events, self.them, seed)?;
        Ok((counted, report.joint))
    }

    /// His seed: the one his seat committed to.
    fn seed(&self, text: &str) -> Result<Seed, String> {
        let seed = Seed::from_hex(text).ok_or("the seed he revealed does not read")?;
        let l = Ledger::new(self.events, self.them);
        let (committed, _) = l.seat(self.them).ok_or("he never took his seat")?;
        if exchange::seed_commitment(seed) != committed {
            return Err(format!(
                "the seed he revealed is not the one he committed to when he took his seat ({committed}): a seed swapped"
            ));
        }
        Ok(seed)
    }

    /// Every nonce he sent: the one his seed gives.
    fn nonces(&self, seed: Seed) -> Result<(), String> {
        for e in &self.events.public {
            match &e.kind {
                PublicKind::Exchange(Exchange::Pass { side, nonce })
                    if *side == self.them && *nonce != exchange::pass_nonce(seed, e.n) =>
                {
                    return Err(format!(
                        "the nonce of his pass (event {}) is not the one his seed gives",
                        e.n
                    ));
                }
                PublicKind::Exchange(Exchange::PublicNonce { side, k, nonce, .. })
                    if *side == self.them && *nonce != exchange::public_nonce(seed, *k) =>
                {
                    return Err(format!(
                        "his public nonce {k} (event {}) is not the one his seed gives",
                        e.n
                    ));
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// His private log, each line checked against its commitment.
    fn parts(&self, lines: &[String]) -> Result<PrivateLog, String> {
        let mut out = Vec::new();
        for (i, line) in lines.iter().enumerate() {
            let line = &crate::model::chain::open(line).1;
            let p: Private = serde_json::from_str(line)
                .map_err(|e| format!("line {} of his revealed log does not read: {e}", i + 1))?;
            if let Some(n) = p.of() {
                let e = self
                    .events
                    .public
                    .get((n as usize).wrapping_sub(1))
                    .ok_or(format!("line {} of his log is part of no event", i + 1))?;
                let committed = e.kind.commitments().and_then(|c| c.get(&self.them));
                if committed != Some(&exchange::sha256_hex(line)) {
                    return Err(format!(
                        "his part of event {n} ({}) is not what he committed to in the public log: it was changed after it was committed",
                        what(e)
                    ));
                }
            }
            out.push((i + 1, p));
        }
        for e in &self.events.public {
            let has = e
                .kind
                .commitments()
                .is_some_and(|c| c.contains_key(&self.them));
            if has && !out.iter().any(|(_, p)| p.of() == Some(e.n)) {
                return Err(format!(
                    "his part of event {} ({}) is missing from his reveal",
                    e.n,
                    what(e)
                ));
            }
        }
        Ok(out)
    }
}

fn what(e: &Public) -> String {
    match &e.kind {
        PublicKind::Step { step, .. } => step.label(),
        PublicKind::Exchange(Exchange::Pledge { step, .. }) => {
            format!("a pledge for {}", step.label())
        }
        _ => "an event".into(),
    }
}

/// Each step's rolls of one thing numbered 1, 2, 3 … (a roll repeated or
/// left out shows a re-roll); the secret rolls and choices counted.
fn numbered(private: &PrivateLog, from: u64) -> Found {
    let (mut rolls, mut choices) = (0, 0);
    for (_, p) in private
        .iter()
        .filter(|(_, p)| p.of().is_some_and(|n| n > from))
    {
        match p {
            Private::Part { of, rows, .. } => {
                let mut seen: BTreeMap<&str, Vec<u32>> = BTreeMap::new();
                for r in rows {
                    match r.kind {
                        Kind::Roll => {
                            rolls += 1;
                            if let Some((purpose, k)) = r.label.rsplit_once('|') {
                                let k = k.parse().unwrap_or(0);
                                seen.entry(purpose).or_default().push(k);
                            }
                        }
                        Kind::Answer => choices += 1,
                        Kind::Decision => {}
                    }
                }
                for (purpose, ks) in seen {
                    let want: Vec<u32> = (1..=ks.len() as u32).collect();
                    if ks != want {
                        return Err(format!(
                            "event {of}: his rolls for `{purpose}` are numbered {ks:?}, not 1 to {}: a roll repeated or left out (a re-roll)",
                            ks.len()
                        ));
                    }
                }
            }
            Private::Pledged { answers, .. } => choices += answers.len(),
            _ => {}
        }
    }
    Ok((rolls, choices))
}

/// Every public roll of a joint step: the dice both sides' public nonces
/// give.
fn public_dice(events: &Events) -> Result<(), String> {
    let g = Ledger::new(events, Side::German);
    for e in &events.public {
        let PublicKind::Step {
            step,
            rows,
            two: Some(two),
            ..
        } = &e.kind
        else {
            continue;
        };
        let Some(k) = two.public else { continue };
        // 12.614 and 12.620 carry their public nonces whether or not this
        // side's run rolled (the other side's half may): no roll, no dice.
        if !rows.iter().any(|r| r.kind == Kind::Roll) {
            continue;
        }
        let (Some(pg), Some(pr)) = (
            g.public_nonce(Side::German, k),
            g.public_nonce(Side::Russian, k),
        ) else {
            return Err(format!(
                "event {} ({}) rolled public dice {k} before both public nonces were revealed",
                e.n,
                step.label()
            ));
        };
        let key = exchange::public_key(pg, pr);
        for r in rows.iter().filter(|r| r.kind == Kind::Roll) {
            let want = faces_text(key, r);
            if r.dice != want {
                return Err(format!(
                    "event {} ({}): the public roll `{}` has dice {} recorded, and both public nonces give {want}",
                    e.n,
                    step.label(),
                    r.what,
                    r.dice
                ));
            }
        }
    }
    Ok(())
}

fn faces_text(key: Seed, r: &LoggedRow) -> String {
    let count = r.dice.split(',').count();
    crate::rules::labelled_dice::faces(key, &r.label, count)
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

/// Each roll of his in a step taken back (whose dice a step done again
/// keeps, docs/two-machines.md §10): the dice his seed and a nonce of that
/// step give, or those it kept from a step taken back before it. A step
/// taken back is not run again; its rolls are checked here.
fn taken_back(events: &Events, them: Side, seed: Seed) -> Result<(), String> {
    let l = Ledger::new(events, them);
    let nonces: BTreeMap<u64, &str> = l
        .passes()
        .into_iter()
        .filter(|p| p.1 != them)
        .map(|p| (p.0, p.2))
        .collect();
    let undone = events.undone();
    for e in events.public.iter().filter(|e| undone.contains(&e.n)) {
        let PublicKind::Step { step, rows, .. } = &e.kind else {
            continue;
        };
        let Some((
            _,
            Private::Part {
                rows: mine, epochs, ..
            },
        )) = events
            .private(them)
            .iter()
            .find(|(_, p)| p.of() == Some(e.n))
        else {
            continue;
        };
        // His own step's public rolls are his too; a joint step's are
        // checked against both public nonces.
        let own = matches!(step, StepRef::Own { .. } | StepRef::Buy { .. });
        let public = rows.iter().filter(|_| own);
        let kept = l.pinned(e.n);
        for r in public.chain(mine).filter(|r| r.kind == Kind::Roll) {
            let Ok(faces) = crate::rules::dice::parse_faces(&r.dice, "log") else {
                continue;
            };
            let drawn = |pass: &u64| {
                nonces.get(pass).is_some_and(|nonce| {
                    crate::rules::labelled_dice::faces(
                        seed,
                        &exchange::own_label(nonce, &r.label),
                        faces.len(),
                    ) == faces
                })
            };
            let honest = epochs.iter().any(|ep| drawn(&ep.pass))
                || kept.get(&r.label).is_some_and(|d| *d == r.dice);
            if !honest {
                return Err(format!(
                    "event {} ({}, taken back): his roll `{}` has dice {} that neither his seed with that step's nonce nor an earlier drawing gives",
                    e.n,
                    step.label(),
                    r.label,
                    r.dice
                ));
            }
        }
    }
    Ok(())
}

/// His hand edits of his own views (`votg adjust`), each with the reason
/// and changes his revealed log gives: not checked against the rules (a
/// hand edit is his word), listed for you to judge.
fn adjustments(events: &Events, them: Side, lines: &[String]) -> String {
    let mut out = Vec::new();
    for line in lines {
        let body = crate::model::chain::open(line).1;
        let Ok(Private::Part { of, rows, .. }) = serde_json::from_str::<Private>(&body) else {
            continue;
        };
        let adjusted = events
            .public
            .get((of as usize).wrapping_sub(1))
            .is_some_and(
                |e| matches!(&e.kind, PublicKind::Adjusted { side: Some(s), .. } if *s == them),
            );
        if !adjusted {
            continue;
        }
        let taken_back = events.undone().contains(&of);
        for r in rows.iter().filter(|r| r.secret) {
            out.push(format!(
                "  event {of}{}: {}: {}",
                if taken_back { " (taken back)" } else { "" },
                r.what,
                r.result
            ));
        }
    }
    if out.is_empty() {
        return String::new();
    }
    format!(
        "His hand edits of his own views (votg adjust), as he recorded them: check they are what you agreed to.\n{}\n",
        out.join("\n")
    )
}
