//! READINGS.md is the page a player looks a reading up on: every C-number the
//! code, the tables or a message cites must have a section there, the files it
//! names must exist, and README.md and docs/ must not send a reader outside the
//! repository.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read(rel: &str) -> String {
    fs::read_to_string(root().join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

/// Every file under `dir` (relative to the root) ending in one of `exts`.
fn files(dir: &str, exts: &[&str]) -> Vec<String> {
    fn walk(p: &Path, out: &mut Vec<PathBuf>) {
        for e in fs::read_dir(p).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                walk(&p, out);
            } else {
                out.push(p);
            }
        }
    }
    let mut out = Vec::new();
    walk(&root().join(dir), &mut out);
    let mut rel: Vec<String> = out
        .iter()
        .filter(|p| exts.iter().any(|x| p.to_string_lossy().ends_with(x)))
        .map(|p| {
            p.strip_prefix(root())
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/")
        })
        .collect();
    rel.sort();
    rel
}

/// The reading numbers cited in `text`: `C` and one or two digits, standing
/// alone as a word. ASL Rulebook references such as `C1.23` (chapter C) are not
/// readings and are skipped.
fn cited(text: &str) -> BTreeSet<u32> {
    let b = text.as_bytes();
    let mut out = BTreeSet::new();
    for i in 0..b.len() {
        if b[i] != b'C' || (i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_')) {
            continue;
        }
        let digits = b[i + 1..].iter().take_while(|c| c.is_ascii_digit()).count();
        if digits == 0 || digits > 2 {
            continue;
        }
        let end = i + 1 + digits;
        let next = b.get(end).copied();
        if next.is_some_and(|c| c.is_ascii_alphanumeric() || c == b'_') {
            continue;
        }
        if next == Some(b'.') && b.get(end + 1).is_some_and(|c| c.is_ascii_digit()) {
            continue; // an ASLRB rule such as C1.23
        }
        out.insert(text[i + 1..end].parse().unwrap());
    }
    out
}

/// READINGS.md's sections: reading number -> the section's text.
fn sections() -> BTreeMap<u32, String> {
    let page = read("READINGS.md");
    let mut out = BTreeMap::new();
    let mut current: Option<u32> = None;
    for line in page.lines() {
        if line.starts_with('#') {
            current = line
                .trim_start_matches('#')
                .trim()
                .strip_prefix('C')
                .and_then(|r| r.split(':').next())
                .and_then(|n| n.parse().ok());
            if let Some(n) = current {
                assert!(
                    out.insert(n, String::new()).is_none(),
                    "READINGS.md has two sections C{n}"
                );
            }
        } else if let Some(n) = current {
            let s: &mut String = out.get_mut(&n).unwrap();
            s.push_str(line);
            s.push('\n');
        }
    }
    out
}

/// The anchors a link into `page` may use: explicit `<a id>`s and the
/// GitHub-style slugs of its headings.
fn anchors(page: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for line in page.lines() {
        if let Some(rest) = line.trim().strip_prefix("<a id=\"") {
            out.insert(rest.split('"').next().unwrap().to_string());
        }
        if line.starts_with('#') {
            let slug: String = line
                .trim_start_matches('#')
                .trim()
                .to_lowercase()
                .chars()
                .filter_map(|c| match c {
                    ' ' => Some('-'),
                    c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
                    _ => None,
                })
                .collect();
            out.insert(slug);
        }
    }
    out
}

/// The targets of the Markdown links `[text](target)` in `page`.
fn links(page: &str) -> Vec<String> {
    page.match_indices("](")
        .filter_map(|(i, _)| {
            let rest = &page[i + 2..];
            rest.find(')').map(|j| rest[..j].to_string())
        })
        .collect()
}

#[test]
fn readings_page_has_one_section_per_reading_c1_to_c51_in_order() {
    let numbers: Vec<u32> = sections().into_keys().collect();
    assert_eq!(numbers, (1..=51).collect::<Vec<_>>());
    let page = read("READINGS.md");
    let order: Vec<u32> = page
        .lines()
        .filter(|l| l.starts_with("### C"))
        .map(|l| l[5..].split(':').next().unwrap().parse().unwrap())
        .collect();
    assert_eq!(order, (1..=51).collect::<Vec<_>>(), "sections in C order");
    let ids = anchors(&page);
    for n in 1..=51 {
        assert!(ids.contains(&format!("c{n}")), "READINGS.md#c{n} anchor");
        let text = &sections()[&n];
        for part in ["**Rules:**", "**Kind:**", "**Reading:**", "**Where:**"] {
            assert!(text.contains(part), "C{n} lacks {part}");
        }
    }
}

#[test]
fn every_reading_cited_in_src_tables_and_tests_has_a_section() {
    let have = sections();
    let mut all = files("src", &[".rs"]);
    all.extend(files("tables", &[".toml", ".md"]));
    all.extend(files("tests", &[".rs"]));
    all.push("README.md".into());
    all.extend(files("docs", &[".md"]));
    let mut seen = BTreeSet::new();
    for f in &all {
        for n in cited(&read(f)) {
            assert!(have.contains_key(&n), "{f} cites C{n}, not in READINGS.md");
            seen.insert(n);
        }
    }
    // The scan itself works: the code cites the readings it follows.
    for n in [1, 10, 20, 38] {
        assert!(seen.contains(&n), "no file cites C{n}");
    }
}

#[test]
fn table_readings_cite_a_c_number_or_none_and_readings_page_names_their_files() {
    let have = sections();
    let page = read("READINGS.md");
    let uncited = &page[page
        .find("## Readings without a C-number")
        .expect("a section for readings without a C-number")..];
    for f in files("tables", &[".toml"]) {
        for line in read(&f).lines() {
            let Some(v) = line.trim().strip_prefix("clarification = \"") else {
                continue;
            };
            let v = v.split('"').next().unwrap();
            if v == "none" {
                assert!(
                    uncited.contains(&format!("`{f}`")),
                    "{f} has a reading with no C-number; list it in READINGS.md"
                );
                continue;
            }
            let n: u32 = v
                .strip_prefix('C')
                .and_then(|n| n.parse().ok())
                .unwrap_or_else(|| panic!("{f}: clarification = {v:?}"));
            let section = have.get(&n).unwrap_or_else(|| panic!("{f}: C{n}"));
            assert!(
                section.contains(&format!("`{f}`")),
                "{f} follows C{n}, but READINGS.md's C{n} does not name it"
            );
        }
    }
}

#[test]
fn c38_readings_are_cited_as_c38_in_their_tables() {
    for (file, needle) in [
        (
            "tables/fortification-purchase.toml",
            "Foxhole, Trench and Roadblock",
        ),
        ("tables/platoon-leader.toml", "The first row is printed"),
        (
            "tables/german-company-leader.toml",
            "The first row is printed",
        ),
        ("tables/leader-battle-hardening.toml", "opened upward"),
        ("tables/russian-sw.toml", "ONE SW chosen by a dr"),
        ("tables/weapon-repair.toml", "Russian MG/ATR"),
        ("tables/german-rg.toml", "'I-3'"),
        ("tables/german-rg.toml", "'StuG IIB'"),
        ("tables/russian-rg.toml", "I8 HW Pltn CG III"),
        ("tables/game-end.toml", "Turn Record Chart (Turn 5"),
    ] {
        let text = read(file);
        let entry = text
            .split("[[readings]]")
            .skip(1)
            .find(|e| e.contains(needle))
            .unwrap_or_else(|| panic!("{file}: no reading mentions {needle:?}"));
        assert!(
            entry.contains("clarification = \"C38\""),
            "{file}: the reading on {needle:?} is C38"
        );
    }
}

#[test]
fn every_file_the_readings_page_names_exists() {
    let page = read("READINGS.md");
    let mut named = 0;
    for (i, _) in page.match_indices('`') {
        let rest = &page[i + 1..];
        let Some(end) = rest.find('`') else { break };
        let path = &rest[..end];
        let roots = ["tables/", "src/", "tests/", "benches/", "rosters/"];
        if !roots.iter().any(|r| path.starts_with(r)) || path.contains(' ') {
            continue;
        }
        named += 1;
        if let Some((head, tail)) = path.split_once('*') {
            // A pattern such as tables/cg/cg-*.toml: at least one file matches.
            let dir = &head[..head.rfind('/').unwrap()];
            let prefix = &head[dir.len() + 1..];
            let any = fs::read_dir(root().join(dir)).unwrap().any(|e| {
                let name = e.unwrap().file_name().to_string_lossy().to_string();
                name.starts_with(prefix) && name.ends_with(tail)
            });
            assert!(any, "READINGS.md names {path}, which matches no file");
        } else {
            assert!(root().join(path).exists(), "READINGS.md names {path}");
        }
    }
    assert!(named > 40, "the scan finds the file names ({named})");
}

#[test]
fn readme_docs_and_readings_links_stay_inside_the_repository() {
    let repo = root().canonicalize().unwrap();
    let mut pages: Vec<String> = ["README.md", "READINGS.md", "tables/README.md"]
        .map(String::from)
        .to_vec();
    pages.extend(files("docs", &[".md"]));
    for page in &pages {
        let page = page.as_str();
        let text = read(page);
        for outside in ["../shared", "/work/", "DESIGN", "CLARIFICATIONS"] {
            assert!(!text.contains(outside), "{page} refers to {outside:?}");
        }
        let dir = root().join(page).parent().unwrap().to_path_buf();
        for target in links(&text) {
            if target.starts_with("http://") || target.starts_with("https://") {
                continue;
            }
            let (path, fragment) = target.split_once('#').unwrap_or((&target, ""));
            let file = if path.is_empty() {
                root().join(page)
            } else {
                dir.join(path)
            };
            let real = file
                .canonicalize()
                .unwrap_or_else(|_| panic!("{page}: link to {target} leads nowhere"));
            assert!(real.starts_with(&repo), "{page}: {target} is outside");
            if !fragment.is_empty() {
                let ids = anchors(&fs::read_to_string(&real).unwrap());
                assert!(ids.contains(fragment), "{page}: no anchor for {target}");
            }
        }
    }
    assert!(read("README.md").contains("](READINGS.md"));
}

#[test]
fn messages_that_cite_a_reading_point_to_the_readings_page() {
    // In src/, a C-number outside a comment is in a message: it must say where
    // to look it up.
    for f in files("src", &[".rs"]) {
        for (i, line) in read(&f).lines().enumerate() {
            if line.trim_start().starts_with("//") || cited(line).is_empty() {
                continue;
            }
            for n in cited(line) {
                assert!(
                    line.contains(&format!("READINGS.md C{n}")),
                    "{f}:{}: cites C{n} without READINGS.md",
                    i + 1
                );
            }
        }
    }
}

#[test]
fn reading_number_scan_skips_aslrb_rules_and_other_words() {
    assert_eq!(
        cited("C20; C1.23 and C1.82-823; CG6; ABC3; C7)"),
        [20, 7].into()
    );
    assert_eq!(cited("(READINGS.md C38)"), [38].into());
    assert!(cited("C123 CPP").is_empty());
}
