//! DESIGN §8: layers, each importing only from those below it — `model` at
//! the bottom; `rules` and `store` above it, neither importing the other;
//! `render`, then `commands`, then `cli` on top — and clap only in `cli`.
//! (`error` is below them all, and imports none of them; `plain_file`, the
//! one bounded reader, beside `model`.)

use std::path::{Path, PathBuf};

const LAYERS: &[(&str, u8)] = &[
    ("error", 0),
    ("model", 1),
    ("plain_file", 1),
    ("rules", 2),
    ("store", 2),
    ("render", 3),
    ("commands", 4),
    ("cli", 5),
];

fn rank(layer: &str) -> Option<u8> {
    LAYERS.iter().find(|(l, _)| *l == layer).map(|(_, r)| *r)
}

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// Every `crate::<layer>` a source file names: (line, layer).
fn imports(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let mut rest = line;
        while let Some(at) = rest.find("crate::") {
            rest = &rest[at + 7..];
            let name: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            out.push((i + 1, name));
        }
    }
    out
}

#[test]
fn design_8_no_module_imports_a_layer_above_its_own_and_clap_stays_in_cli() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut all = Vec::new();
    files(&src, &mut all);
    let mut wrong = Vec::new();
    for path in &all {
        let rel = path
            .strip_prefix(&src)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        let top = rel
            .split('/')
            .next()
            .unwrap()
            .trim_end_matches(".rs")
            .to_string();
        let text = std::fs::read_to_string(path).unwrap();
        if top != "cli" && (text.contains("clap::") || text.contains("use clap")) {
            wrong.push(format!("src/{rel}: names clap outside the cli layer"));
        }
        let Some(mine) = rank(&top) else {
            assert!(
                ["lib", "main"].contains(&top.as_str()),
                "src/{rel} is in no layer"
            );
            continue;
        };
        for (line, layer) in imports(&text) {
            let Some(theirs) = rank(&layer) else { continue };
            let sideways = theirs == mine && layer != top;
            if theirs > mine || sideways {
                wrong.push(format!(
                    "src/{rel}:{line}: the {top} layer imports crate::{layer}"
                ));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "{} import(s) against the layers:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}
