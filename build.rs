//! Embeds every file of `tables/` in the binary, so `votg` works anywhere
//! without the source tree (DESIGN §2), each with a JSON copy of its TOML:
//! the built-in tables are read from the JSON (several times faster to
//! parse, and every command reads some), while the TOML text stays for
//! `table show` and for messages. Also names this build (a hash of its
//! sources and tables) for a campaign's parsed copy.

use std::fmt::Write as _;
use std::hash::Hasher as _;
use std::path::{Path, PathBuf};

/// Every file under `dir`, in name order, folders walked depth first.
fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|e| e.expect("directory entry").path())
        .collect();
    entries.sort();
    entries
        .into_iter()
        .flat_map(|path| {
            if path.is_dir() {
                files_under(&path)
            } else {
                vec![path]
            }
        })
        .collect()
}

/// A path's name under `base`, with `/` between folders.
fn name_under(path: &Path, base: &Path) -> String {
    path.strip_prefix(base)
        .expect("a file under its folder")
        .to_string_lossy()
        .replace('\\', "/")
}

/// A dice table's rows, for where each row's range stands in the TOML.
#[derive(serde::Deserialize)]
struct Spans {
    #[serde(default)]
    columns: Vec<SpanColumn>,
}

#[derive(serde::Deserialize)]
struct SpanColumn {
    #[serde(default)]
    rows: Vec<SpanRow>,
}

#[derive(serde::Deserialize)]
struct SpanRow {
    range: toml::Spanned<toml::Value>,
}

/// A dice table's row ranges keep the TOML span they came from (its checks
/// point at the line): in the JSON copy each is written in the form
/// `toml::Spanned` reads back from any format. Its field names are
/// serde_spanned's own; should they change, the unit test that reads every
/// table both ways fails (and a release build falls back to the TOML).
fn keep_row_spans(text: &str, json: &mut serde_json::Value) {
    let Ok(spans) = toml::from_str::<Spans>(text) else {
        return;
    };
    for (c, column) in spans.columns.iter().enumerate() {
        for (r, row) in column.rows.iter().enumerate() {
            let Some(range) = json.pointer_mut(&format!("/columns/{c}/rows/{r}/range")) else {
                continue;
            };
            let span = row.range.span();
            *range = serde_json::json!({
                "$__serde_spanned_private_start": span.start,
                "$__serde_spanned_private_end": span.end,
                "$__serde_spanned_private_value": range.take(),
            });
        }
    }
}

fn main() {
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    // Which build this is, for a campaign's parsed copy (src/parsed_copy.rs):
    // a copy made by other code, or with other tables, is never trusted.
    let mut h = std::hash::DefaultHasher::new();
    for part in ["src", "tables"] {
        println!("cargo:rerun-if-changed={part}");
        for path in files_under(&root.join(part)) {
            h.write(name_under(&path, &root).as_bytes());
            h.write(&std::fs::read(&path).expect("read a source file"));
        }
    }
    for file in ["Cargo.lock", "build.rs"] {
        println!("cargo:rerun-if-changed={file}");
        h.write(&std::fs::read(root.join(file)).unwrap_or_default());
    }
    println!("cargo:rustc-env=VOTG_SOURCE_HASH={:016x}", h.finish());
    let tables = root.join("tables");
    let files: Vec<(String, PathBuf)> = files_under(&tables)
        .into_iter()
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .map(|p| (name_under(&p, &tables), p))
        .collect();
    let out_dir = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets it"));
    let mut code = String::from("pub static EMBEDDED: &[(&str, &str, &str, super::Keys)] = &[\n");
    for (i, (name, path)) in files.iter().enumerate() {
        println!("cargo:rerun-if-changed={}", path.display());
        let text = std::fs::read_to_string(path)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
        // A file that is not valid TOML gets no JSON copy: the TOML parser
        // then says where it is wrong, at run time and in the tests.
        let value = toml::from_str::<serde_json::Value>(&text);
        // Its `kind` and `id`, so the built-in tables are sorted out
        // without reading every file at each start (a test checks these are
        // what the file's top lines say).
        let key = |k: &str| {
            value
                .as_ref()
                .ok()
                .and_then(|v| v.get(k)?.as_str().map(str::to_string))
        };
        let (kind, id) = (key("kind"), key("id"));
        let json = value
            .map(|mut v| {
                if kind.as_deref() == Some("dice") {
                    keep_row_spans(&text, &mut v);
                }
                serde_json::to_string(&v).expect("a TOML value is JSON")
            })
            .unwrap_or_default();
        let json_file = out_dir.join(format!("table-{i}.json"));
        std::fs::write(&json_file, json).expect("write a table's JSON copy");
        writeln!(
            code,
            "    ({name:?}, include_str!({:?}), include_str!({:?}), ({kind:?}, {id:?})),",
            path.display().to_string(),
            json_file.display().to_string()
        )
        .unwrap();
    }
    code.push_str("];\n");
    std::fs::write(out_dir.join("embedded_tables.rs"), code).expect("write embedded_tables.rs");
}
