//! Where table files come from: the copies built into the binary, or a
//! player's folder; and the keys that tell what a file holds.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::path::Path;

use crate::error::Error;

mod embedded {
    include!(concat!(env!("OUT_DIR"), "/embedded_tables.rs"));
}

/// A table file's name (as the user should look for it) and text.
#[derive(Debug, Clone)]
pub struct Source {
    pub file: String,
    pub text: Cow<'static, str>,
    /// A built-in file's JSON copy, made from its TOML by build.rs (empty
    /// for a player's own file): what a chart is parsed from, since JSON
    /// parses several times faster and every command reads some chart.
    pub json: &'static str,
}

/// `kind` and `id` from a table file's top-level keys (the lines before its
/// first `[header]`), read without parsing the file: what build.rs must
/// have found in each built-in file (tested).
#[cfg(test)]
fn top_keys(text: &str) -> (Option<&str>, Option<&str>) {
    let (mut kind, mut id) = (None, None);
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            break;
        }
        let Some((key, value)) = line.split_once('=') else {
            continue;
        };
        let value = value.trim().trim_matches('"');
        match key.trim() {
            "kind" => kind = Some(value),
            "id" => id = Some(value),
            _ => {}
        }
    }
    (kind, id)
}

pub fn embedded_sources() -> BTreeMap<String, Source> {
    embedded_keyed()
        .map(|(name, source, _)| (name, source))
        .collect()
}

/// A built-in table's `kind` and `id` (its top-level keys).
pub type Keys = (Option<&'static str>, Option<&'static str>);

/// The built-in table files, each with its [`Keys`] (read by build.rs,
/// so a start does not scan every file for them).
pub fn embedded_keyed() -> impl Iterator<Item = (String, Source, Keys)> {
    embedded::EMBEDDED.iter().map(|&(name, text, json, keys)| {
        let source = Source {
            file: format!("tables/{name} (built in)"),
            text: Cow::Borrowed(text),
            json,
        };
        (name.to_string(), source, keys)
    })
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
            let bytes = std::fs::read(&path).map_err(|source| Error::Io {
                path: path.clone(),
                source,
            })?;
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
                    json: "",
                },
            );
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_keys_read_at_build_time_are_the_files_top_lines() {
        for (name, source, keys) in embedded_keyed() {
            assert_eq!(keys, top_keys(&source.text), "tables/{name}");
        }
    }
}
