//! The journal through the steps of a batch, followed by its length and
//! hash rather than held. A run appends each step's rows to the journal in
//! place ([`crate::state::Written`]), which it cannot do while the batch
//! holds the last step's bytes: then every step copied the whole journal
//! (hundreds of KB), and compared and hashed it again, for a step that adds
//! a few rows. What a step's history entry needs of the journal before it
//! is only its length and hash (it is the start of the journal after).
//! That every step's journal is the start of the next is checked once,
//! against the last, before anything is written.

use std::sync::{Arc, Weak};

use super::Bytes;
use super::fsio::Fnv;
use super::history::Before;
use crate::error::Error;

#[derive(Debug)]
pub(super) struct Grown {
    /// The journal as the batch last held it whole (on disk when it began,
    /// or as a step rewrote it), and its hash.
    base: Bytes,
    base_fnv: Fnv,
    /// The journal the last step left, unless something changed it since:
    /// appending in place moves the bytes out of reach of this reference.
    latest: Weak<Vec<u8>>,
    /// The length and hash of the journal the last step left.
    len: usize,
    fnv: Fnv,
    /// The same after each step that grew it since `base`.
    marks: Vec<(usize, Fnv)>,
    /// A step left the journal shorter than the one before (or none): no
    /// entry restores that, so the batch is not written.
    broken: bool,
}

/// How a step changed the journal.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Change {
    Same,
    /// Grown from `len` bytes whose hash is `hash`.
    Grown {
        len: usize,
        hash: String,
    },
    /// Rewritten (a journal of an older schema, written anew by the first
    /// step, or one whose bytes are not as votg writes them): the bytes
    /// before, whole, and their hash.
    Rewritten {
        was: Bytes,
        hash: String,
    },
}

impl Change {
    /// The journal before the step, as its history entry records it; none
    /// if the step did not change it.
    pub(super) fn before(&self) -> Option<Before<'_>> {
        match self {
            Change::Same => None,
            Change::Grown { len, hash } => Some(Before::Grown {
                len: *len as u64,
                hash,
            }),
            Change::Rewritten { was, hash } => Some(Before::Bytes(was, Some(hash))),
        }
    }
}

impl Grown {
    /// The journal on disk when the batch began, and its hash if already
    /// known (else it is hashed here).
    pub(super) fn from_disk(disk: Bytes, known: Option<Fnv>) -> Grown {
        let fnv = known.unwrap_or_else(|| Fnv::default().update(&disk));
        Grown {
            len: disk.len(),
            base: disk,
            base_fnv: fnv,
            latest: Weak::new(),
            fnv,
            marks: Vec::new(),
            broken: false,
        }
    }

    /// How the journal a step left, `new`, differs from the step before's.
    /// Until the journal has grown, that one is `base`, held whole (one
    /// comparison tells growth from rewriting); after, only its length and
    /// hash are known, and anything but growth is taken for none (checked
    /// by [`Grown::last`]).
    pub(super) fn change(&self, new: &Bytes) -> Change {
        if !self.marks.is_empty() || new.starts_with(&self.base) {
            return if new.len() > self.len {
                Change::Grown {
                    len: self.len,
                    hash: self.fnv.hex(),
                }
            } else {
                Change::Same
            };
        }
        Change::Rewritten {
            was: self.base.clone(),
            hash: self.base_fnv.hex(),
        }
    }

    /// The step left `journal` (or none), changed as [`Grown::change`] said.
    pub(super) fn follow(&mut self, journal: Option<&Bytes>, change: &Change) {
        let Some(new) = journal.filter(|j| j.len() >= self.len || *change != Change::Same) else {
            self.broken = true;
            return;
        };
        match change {
            Change::Same => {}
            Change::Grown { .. } => {
                self.fnv = self.fnv.update(&new[self.len..]);
                self.len = new.len();
                self.marks.push((self.len, self.fnv));
            }
            Change::Rewritten { .. } => {
                // Held whole again: the next step copies it once to add
                // its rows (a rewrite happens at a run's first step, if at
                // all).
                self.base = new.clone();
                self.base_fnv = Fnv::default().update(new);
                self.fnv = self.base_fnv;
                self.len = new.len();
            }
        }
        self.latest = Arc::downgrade(new);
    }

    /// The journal the last step left and its hash, once it is shown to
    /// begin with `base` and with every step's journal since in turn (an
    /// entry that said otherwise would undo to a journal that never was).
    /// An error is a defect of votg's: nothing of the run is written.
    pub(super) fn last(self) -> Result<(Bytes, String), Error> {
        let refused =
            |why: &str| Error::Usage(format!("internal: {why}; nothing of this run was written"));
        if self.broken {
            return Err(refused(
                "a step of the run left the journal shorter than the step before it",
            ));
        }
        let last = match self.latest.upgrade() {
            Some(last) => last,
            None if self.marks.is_empty() => self.base.clone(),
            None => return Err(refused("the journal the run's last step left was not kept")),
        };
        if last.len() != self.len || !last.starts_with(&self.base) {
            return Err(refused(
                "the journal the run wrote does not begin with the one it read",
            ));
        }
        let (mut at, mut fnv) = (self.base.len(), self.base_fnv);
        for &(len, want) in &self.marks {
            fnv = fnv.update(&last[at..len]);
            at = len;
            if fnv != want {
                return Err(refused(
                    "a step's journal is not the start of the next step's",
                ));
            }
        }
        Ok((last, self.fnv.hex()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::fsio::hash;

    fn bytes(b: &[u8]) -> Bytes {
        Bytes::new(b.to_vec())
    }

    /// What a batch does with each step's journal.
    fn step(g: &mut Grown, new: &Bytes) -> Change {
        let change = g.change(new);
        g.follow(Some(new), &change);
        change
    }

    #[test]
    fn a_journal_grown_step_by_step_is_the_last_with_its_hash() {
        let mut g = Grown::from_disk(bytes(b"head\n"), None);
        let one = bytes(b"head\none\n");
        let grown = Change::Grown {
            len: 5,
            hash: hash(b"head\n"),
        };
        assert_eq!(step(&mut g, &one), grown);
        assert_eq!(step(&mut g, &one), Change::Same, "no row added");
        drop(one);
        let two = bytes(b"head\none\ntwo\n");
        let grown = Change::Grown {
            len: 9,
            hash: hash(b"head\none\n"),
        };
        assert_eq!(step(&mut g, &two), grown);
        let (last, h) = g.last().unwrap();
        assert!(Arc::ptr_eq(&last, &two));
        assert_eq!(h, hash(&two));
    }

    #[test]
    fn a_journal_never_grown_is_the_one_on_disk() {
        let disk = bytes(b"head\n");
        let g = Grown::from_disk(disk.clone(), None);
        let (last, h) = g.last().unwrap();
        assert!(Arc::ptr_eq(&last, &disk));
        assert_eq!(h, hash(b"head\n"));
    }

    #[test]
    fn a_journal_rewritten_before_it_grew_is_kept_whole_then_followed() {
        let disk = bytes(b"old head\n");
        let mut g = Grown::from_disk(disk.clone(), None);
        let one = bytes(b"new head\none\n");
        let rewritten = Change::Rewritten {
            was: disk,
            hash: hash(b"old head\n"),
        };
        assert_eq!(step(&mut g, &one), rewritten);
        let two = bytes(b"new head\none\ntwo\n");
        assert!(matches!(step(&mut g, &two), Change::Grown { len: 13, .. }));
        let (last, h) = g.last().unwrap();
        assert!(Arc::ptr_eq(&last, &two));
        assert_eq!(h, hash(&two));
    }

    #[test]
    fn a_step_whose_journal_is_not_the_start_of_the_next_is_refused() {
        let mut g = Grown::from_disk(bytes(b"head\n"), None);
        step(&mut g, &bytes(b"head\none\n"));
        // Rewritten once grown, "one" as "ONE": taken for growth, then found.
        let two = bytes(b"head\nONE\ntwo\n");
        step(&mut g, &two);
        let e = g.last().unwrap_err().to_string();
        assert!(e.contains("not the start of the next"), "{e}");
    }

    #[test]
    fn a_journal_rewritten_once_grown_is_refused_at_the_end() {
        let mut g = Grown::from_disk(bytes(b"head\n"), None);
        step(&mut g, &bytes(b"head\none\n"));
        let two = bytes(b"HEAD\none\ntwo\n");
        step(&mut g, &two);
        let e = g.last().unwrap_err().to_string();
        assert!(e.contains("does not begin with the one it read"), "{e}");
    }

    #[test]
    fn a_journal_cut_short_or_gone_once_grown_is_refused() {
        for next in [Some(bytes(b"head\n")), None] {
            let mut g = Grown::from_disk(bytes(b"head\n"), None);
            step(&mut g, &bytes(b"head\none\n"));
            g.follow(next.as_ref(), &Change::Same);
            let e = g.last().unwrap_err().to_string();
            assert!(e.contains("shorter than the step before"), "{e}");
        }
    }

    #[test]
    fn a_last_journal_no_longer_held_is_refused() {
        let mut g = Grown::from_disk(bytes(b"head\n"), None);
        let one = bytes(b"head\none\n");
        step(&mut g, &one);
        drop(one);
        let e = g.last().unwrap_err().to_string();
        assert!(e.contains("was not kept"), "{e}");
    }
}
