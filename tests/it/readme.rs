//! README and the reference pages of docs/ work as written: every `votg`
//! command of their shell blocks runs and succeeds, every answers-file
//! example runs `votg refit --answers`, README stays a page for players
//! (at most 300 lines), and docs/answers.md documents every key an answers
//! file may hold.

use std::path::Path;

use crate::common::votg;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn read(page: &str) -> String {
    std::fs::read_to_string(root().join(page)).unwrap_or_else(|e| panic!("{page}: {e}"))
}

/// README, then every page of docs/, by name.
fn pages() -> Vec<String> {
    let mut docs: Vec<String> = std::fs::read_dir(root().join("docs"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .filter(|n| n.ends_with(".md"))
        .map(|n| format!("docs/{n}"))
        .collect();
    docs.sort();
    let mut all = vec!["README.md".to_string()];
    all.extend(docs);
    all
}

/// The fenced blocks of one language in `text`, in order.
fn blocks(text: &str, lang: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current: Option<String> = None;
    for line in text.lines() {
        match (&mut current, line.strip_prefix("```")) {
            (None, Some(l)) if l.trim() == lang => current = Some(String::new()),
            (Some(text), Some(_)) => {
                out.push(std::mem::take(text));
                current = None;
            }
            (Some(text), None) => {
                text.push_str(line);
                text.push('\n');
            }
            _ => {}
        }
    }
    out
}

/// One shell command as its words: double quotes group, ` #` starts a comment.
fn words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut quoted = false;
    let mut prev = ' ';
    for c in line.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                word.get_or_insert_with(String::new);
            }
            '#' if !quoted && prev.is_whitespace() => break,
            c if c.is_whitespace() && !quoted => words.extend(word.take()),
            c => word.get_or_insert_with(String::new).push(c),
        }
        prev = c;
    }
    words.extend(word);
    words
}

/// The votg commands of a shell block, each as its words after `votg`:
/// `cargo run --release -- ARGS` is votg too, and `&&` joins commands.
fn votg_commands(block: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    for line in block.lines() {
        for command in line.split(" && ") {
            let w = words(command);
            let args = match w.iter().map(String::as_str).collect::<Vec<_>>()[..] {
                ["votg", ..] => w[1..].to_vec(),
                ["cargo", "run", "--release", "--", ..] => w[4..].to_vec(),
                _ => continue,
            };
            out.push(args);
        }
    }
    out
}

/// README's first answers-file example: the Initial Scenario's RePh.
fn initial_answers() -> String {
    let toml = blocks(&read("README.md"), "toml");
    assert!(!toml.is_empty(), "README has an answers-file example");
    toml[0].clone()
}

/// An example that records a scenario (or its Isolation) is one of the
/// answers for the Refit Phase after the walkthrough's Initial Scenario;
/// any other is the answers of an Initial Scenario's RePh.
fn after_a_scenario(example: &str) -> bool {
    example.contains("[scenario]") || example.contains("[isolation")
}

#[test]
fn readme_is_a_page_for_players_of_at_most_300_lines() {
    let n = read("README.md").lines().count();
    assert!(n <= 300, "README.md has {n} lines: reference goes to docs/");
}

#[test]
fn answers_examples_of_readme_and_docs_run_whatever_the_dice() {
    let mut ran = 0;
    for page in pages() {
        let examples = blocks(&read(&page), "toml");
        // An Initial Scenario's RePh, on any new campaign.
        for example in examples.iter().filter(|e| !after_a_scenario(e)) {
            for seed in 1..=8 {
                let tmp = tempfile::tempdir().unwrap();
                let dir = tmp.path().join("my-cg");
                let d = dir.to_str().unwrap();
                votg()
                    .args(["new", d, "--cg", "I", "--seed", &seed.to_string()])
                    .assert()
                    .success();
                refit_with(&tmp, d, example, &page, &[]);
            }
            ran += 1;
        }
        // The Refit Phase after a scenario: together, one answers file for
        // the walkthrough's campaign, whose counter ids they name, through
        // 12.613.
        let later: Vec<&String> = examples.iter().filter(|e| after_a_scenario(e)).collect();
        if later.is_empty() {
            continue;
        }
        let mut merged = toml::Table::new();
        for text in later {
            let t = toml::from_str(text).unwrap_or_else(|e| panic!("{page}: {e}\n{text}"));
            merge(&mut merged, t);
            ran += 1;
        }
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("my-cg");
        copy_sample("cg-i-walkthrough", &dir);
        let text = toml::to_string(&merged).unwrap();
        refit_with(
            &tmp,
            dir.to_str().unwrap(),
            &text,
            &page,
            &["--until", "12.613"],
        );
    }
    assert!(ran >= 5, "answers-file examples: {ran}");
}

/// Merged table by table (each example has its own [german] …).
fn merge(into: &mut toml::Table, from: toml::Table) {
    for (k, v) in from {
        match (into.get_mut(&k), v) {
            (Some(toml::Value::Table(a)), toml::Value::Table(b)) => merge(a, b),
            (Some(toml::Value::Array(a)), toml::Value::Array(b))
                if k == "area" || k == "escape" =>
            {
                a.extend(b)
            }
            (_, v) => {
                into.insert(k, v);
            }
        }
    }
}

fn refit_with(tmp: &tempfile::TempDir, d: &str, text: &str, page: &str, more: &[&str]) {
    let answers = tmp.path().join("answers.toml");
    std::fs::write(&answers, text).unwrap();
    let out = votg()
        .args(["refit", d, "--answers", answers.to_str().unwrap()])
        .args(more)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{page}: an answers example fails:\n{text}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A copy of a sample campaign of `rosters/`.
fn copy_sample(name: &str, to: &Path) {
    crate::common::copy_campaign(&root().join("rosters").join(name), to);
}

#[test]
fn shell_examples_of_readme_and_docs_run() {
    let mut ran = 0;
    for page in pages() {
        for block in blocks(&read(&page), "sh") {
            ran += run_block(&page, &block);
        }
    }
    assert!(ran >= 25, "shell examples: {ran} votg commands");
}

/// Runs a shell block's votg commands on a campaign of its own: a new one,
/// unless the block makes one or copies a sample. Returns how many ran.
fn run_block(page: &str, block: &str) -> usize {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("my-cg");
    let d = dir.to_str().unwrap().to_string();
    let answers = tmp.path().join("answers.toml");
    std::fs::write(&answers, initial_answers()).unwrap();
    let a = answers.to_str().unwrap().to_string();
    let commands = votg_commands(block);
    // `cp -r rosters/<sample> <folder>`: the block starts from that sample,
    // in a folder of its own.
    let sample = block.lines().find_map(|l| {
        let (sample, folder) = l.strip_prefix("cp -r rosters/")?.split_once(' ')?;
        Some((sample.to_string(), folder.trim().to_string()))
    });
    let copied = sample.as_ref().map(|(_, f)| f.clone());
    if let Some((sample, folder)) = &sample {
        copy_sample(sample, &tmp.path().join(folder));
    } else if commands.iter().any(|w| w.iter().any(|x| x == "my-cg"))
        && !commands
            .iter()
            .any(|w| w.first().map(String::as_str) == Some("new"))
    {
        votg().args(["new", &d, "--cg", "I"]).assert().success();
    }
    for command in &commands {
        let mut args: Vec<String> = command
            .iter()
            .map(|w| match w.as_str() {
                "my-cg" => d.clone(),
                w if Some(w) == copied.as_deref() => {
                    tmp.path().join(w).to_str().unwrap().to_string()
                }
                "answers.toml" => a.clone(),
                // A file the example writes goes to the test's folder,
                // never into the project.
                w if w.ends_with(".html") && !w.contains('/') => {
                    tmp.path().join(w).to_str().unwrap().to_string()
                }
                _ => w.clone(),
            })
            .collect();
        // The guided refit asks at a terminal; a test answers with
        // README's own answers file instead.
        if args[0] == "refit" && !args.iter().any(|w| w == "--answers") {
            args.extend(["--answers".to_string(), a.clone()]);
        }
        let out = votg().args(&args).output().unwrap();
        assert!(
            out.status.success(),
            "{page}: `votg {}` fails:\n{}",
            command.join(" "),
            String::from_utf8_lossy(&out.stderr)
        );
    }
    commands.len()
}

#[test]
fn docs_answers_names_every_key_an_answers_file_may_hold() {
    let page = read("docs/answers.md");
    let documented = |key: &str| page.contains(&format!("`{key}`"));
    for q in votg::rules::answers::QUESTIONS {
        assert!(documented(q.name), "docs/answers.md lacks `{}`", q.name);
    }
    for k in votg::rules::reph::outcome::KEYS {
        assert!(
            documented(k.name),
            "docs/answers.md lacks outcome `{}`",
            k.name
        );
    }
    // [scenario] and [isolation] (src/rules/answers/scenario.rs,
    // src/rules/reph/isolation_record.rs).
    for key in [
        "victor",
        "cvp",
        "counterattack",
        "blazes",
        "san",
        "outside",
        "name",
        "pocket",
        "adjacent_control",
        "ti",
        "area",
        "counters",
        "encircled",
        "within_2",
        "adjacent",
        "excess_pp",
        "heat_of_battle",
    ] {
        assert!(documented(key), "docs/answers.md lacks `{key}`");
    }
}

#[test]
fn readme_shows_votg_stats_as_it_prints_on_the_sample_campaign() {
    let readme = read("README.md");
    let d = root().join("rosters/cg-i-partway");
    let out = votg()
        .args(["stats", d.to_str().unwrap(), "--side", "german"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let printed = String::from_utf8_lossy(&out.stdout);
    let block = blocks(&readme, "text")
        .into_iter()
        .find(|b| b.starts_with("German:"))
        .expect("README shows votg stats");
    for line in block.lines() {
        assert!(
            printed.contains(line),
            "README's `{line}` is not what votg stats prints:\n{printed}"
        );
    }
}

/// README followed in order, as a new player does on a fresh clone: every
/// shell line of every `sh` block, one after the other in one folder (`cp`
/// as the shell does it: into a folder that exists already), each votg
/// command succeeding, to where README says it ends: the campaign over.
#[test]
fn readme_followed_in_order_ends_where_it_says() {
    let tmp = tempfile::tempdir().unwrap();
    let answers = tmp.path().join("answers.toml");
    std::fs::write(&answers, initial_answers()).unwrap();
    for block in blocks(&read("README.md"), "sh") {
        for line in block.lines() {
            if let Some(rest) = line.strip_prefix("cp -r ") {
                let w = words(rest);
                let (from, to) = (root().join(&w[0]), tmp.path().join(&w[1]));
                // cp -r into a folder that exists copies into it.
                let to = match to.is_dir() {
                    true => to.join(from.file_name().unwrap()),
                    false => to,
                };
                crate::common::copy_all(&from, &to);
                continue;
            }
            for command in votg_commands(line) {
                let mut args: Vec<String> = command
                    .iter()
                    .map(|w| match w.strip_prefix("rosters/") {
                        Some(_) => root().join(w).to_str().unwrap().to_string(),
                        None if w == "answers.toml" => answers.to_str().unwrap().to_string(),
                        None => w.clone(),
                    })
                    .collect();
                if args[0] == "refit" && !args.iter().any(|w| w == "--answers") {
                    args.extend(["--answers".into(), answers.to_str().unwrap().into()]);
                }
                let out = votg().current_dir(tmp.path()).args(&args).output().unwrap();
                let said = String::from_utf8_lossy(&out.stdout);
                assert!(
                    out.status.success(),
                    "`votg {}` fails:\n{}",
                    command.join(" "),
                    String::from_utf8_lossy(&out.stderr)
                );
                if args[0] == "status" && args.iter().any(|a| a == "to-the-end") {
                    assert!(said.contains("The campaign is over"), "{said}");
                }
            }
        }
    }
    assert!(!tmp.path().join("my-cg/cg-i-walkthrough").exists());
}
