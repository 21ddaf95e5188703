//! Where table files come from: the copies built into the binary, or a
//! player's folder; and the keys that tell what a file holds.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::path::Path;

use crate::error::Error;

mod embedded {
    include!(concat!(env!("OUT_DIR"), "/embedded_tables.rs"));
}

/// No table comes near this (the largest built-in one is a few KiB): a
/// bigger file, or a device in a table's place, is refused unread.
pub const MAX_TABLE_BYTES: u64 = 1024 * 1024;

/// A table file's name (as the user should look for it) and text.
#[derive(Debug, Clone)]
pub struct Source {
    pub file: String,
    pub text: Cow<'static, str>,
}

pub fn embedded_sources() -> BTreeMap<String, Source> {
    embedded::EMBEDDED
        .iter()
        .map(|&(name, text)| {
            let source = Source {
                file: format!("tables/{name} (built in)"),
                text: Cow::Borrowed(text),
            };
            (name.to_string(), source)
        })
        .collect()
}

pub fn read_dir_sources(
    dir: &Path,
    base: &Path,
    out: &mut BTreeMap<String, Source>,
) -> Result<(), Error> {
    let io = |source| Error::Io {
        path: dir.to_path_buf(),
        source,
    };
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .map_err(io)?
        .collect::<Result<_, _>>()
        .map_err(io)?;
    entries.sort_by_key(|e| e.path());
    for entry in entries {
        let path = entry.path();
        if path.is_dir() {
            read_dir_sources(&path, base, out)?;
        } else if path.extension().is_some_and(|x| x == "toml") {
            let bytes = crate::plain_file::read(&path, MAX_TABLE_BYTES)
                .map_err(|r| match r {
                    crate::plain_file::Refused::Io(source) => Error::Io {
                        path: path.clone(),
                        source,
                    },
                    r => Error::TableFile {
                        path: path.clone(),
                        why: r.to_string(),
                    },
                })?
                .unwrap_or_default();
            let text = String::from_utf8(bytes).map_err(|e| Error::TableSyntax {
                file: path.display().to_string(),
                line: 1,
                column: 1,
                message: format!(
                    "the file is not UTF-8 text (invalid byte at offset {})",
                    e.utf8_error().valid_up_to()
                ),
            })?;
            let name = path
                .strip_prefix(base)
                .unwrap_or(&path)
                .to_string_lossy()
                .replace('\\', "/");
            out.insert(
                name,
                Source {
                    file: path.display().to_string(),
                    text: Cow::Owned(text),
                },
            );
        }
    }
    Ok(())
}
