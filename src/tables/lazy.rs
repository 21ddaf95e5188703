//! A built-in table parsed on first use: a command parses only the tables
//! it reads, since parsing them all would cost more than most commands.

use std::ops::Deref;
use std::sync::OnceLock;

use super::Source;
use crate::error::Error;

/// A table parsed on first use (or already parsed); reads as the table.
pub struct Lazy<T> {
    cell: OnceLock<T>,
    source: Option<(Source, Parser<T>)>,
}

/// How a lazy table is parsed and checked.
type Parser<T> = fn(&Source) -> Result<T, Error>;

impl<T> Lazy<T> {
    pub(super) fn parsed(value: T) -> Lazy<T> {
        Lazy {
            cell: OnceLock::from(value),
            source: None,
        }
    }

    pub(super) fn later(source: Source, parse: Parser<T>) -> Lazy<T> {
        Lazy {
            cell: OnceLock::new(),
            source: Some((source, parse)),
        }
    }

    /// Parses it now if not yet, saying what is wrong with it.
    pub fn force(&self) -> Result<&T, Error> {
        if let Some(v) = self.cell.get() {
            return Ok(v);
        }
        let (source, parse) = self.source.as_ref().expect("a lazy table has its source");
        let value = parse(source)?;
        Ok(self.cell.get_or_init(|| value))
    }
}

impl<T> Deref for Lazy<T> {
    type Target = T;

    fn deref(&self) -> &T {
        // Only built-in tables are lazy, and the tests load every one of
        // them: failing here is a defect of the build, not of any input.
        self.force()
            .unwrap_or_else(|e| panic!("a built-in table does not load: {e}"))
    }
}

impl<T: Clone> Clone for Lazy<T> {
    fn clone(&self) -> Lazy<T> {
        Lazy::parsed((**self).clone())
    }
}

impl<T: serde::Serialize> serde::Serialize for Lazy<T> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        (**self).serialize(s)
    }
}

impl<T: std::fmt::Debug> std::fmt::Debug for Lazy<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.cell.get() {
            Some(v) => v.fmt(f),
            None => write!(f, "(not parsed yet)"),
        }
    }
}
