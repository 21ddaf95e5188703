//! Embeds every file of `tables/` in the binary, so `votg` works anywhere
//! without the source tree (DESIGN §2).

use std::fmt::Write as _;
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

fn main() {
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let tables = root.join("tables");
    println!("cargo:rerun-if-changed=tables");
    let mut code = String::from("pub static EMBEDDED: &[(&str, &str)] = &[\n");
    for path in files_under(&tables) {
        if path.extension().is_none_or(|x| x != "toml") {
            continue;
        }
        println!("cargo:rerun-if-changed={}", path.display());
        let name = path
            .strip_prefix(&tables)
            .expect("a file under its folder")
            .to_string_lossy()
            .replace('\\', "/");
        writeln!(
            code,
            "    ({name:?}, include_str!({:?})),",
            path.display().to_string()
        )
        .unwrap();
    }
    code.push_str("];\n");
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets it"));
    std::fs::write(out.join("embedded_tables.rs"), code).expect("write embedded_tables.rs");
}
