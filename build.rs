//! Embeds every file of `tables/` in the binary, so `votg` works anywhere
//! without the source tree (DESIGN §2).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn collect(dir: &Path, base: &Path, out: &mut Vec<(String, PathBuf)>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|e| e.expect("directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            collect(&path, base, out);
        } else if path.extension().is_some_and(|x| x == "toml") {
            let name = path
                .strip_prefix(base)
                .expect("under tables/")
                .to_string_lossy()
                .replace('\\', "/");
            out.push((name, path));
        }
    }
}

fn main() {
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let tables = root.join("tables");
    println!("cargo:rerun-if-changed=tables");
    let mut files = Vec::new();
    collect(&tables, &tables, &mut files);
    let mut code = String::from("pub static EMBEDDED: &[(&str, &str)] = &[\n");
    for (name, path) in &files {
        println!("cargo:rerun-if-changed={}", path.display());
        writeln!(
            code,
            "    ({name:?}, include_str!({:?})),",
            path.display().to_string()
        )
        .unwrap();
    }
    code.push_str("];\n");
    let out =
        PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets it")).join("embedded_tables.rs");
    std::fs::write(out, code).expect("write embedded_tables.rs");
}
