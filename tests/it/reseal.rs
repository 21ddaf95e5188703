//! What a player who edits his own logs does to hide it (docs/files.md,
//! "The chain"): every chain hash after the edit made to match again, as
//! his own votg would compute them. Tests that change a log line and
//! expect `verify` or `audit` (not the chain) to name it reseal first.

use std::path::Path;

use votg::model::chain;

/// A log line's event, without its chain envelope.
pub fn body(line: &str) -> serde_json::Value {
    serde_json::from_str(&chain::open(line).1).unwrap()
}

/// `value` as a log line's body.
pub fn to_body(value: &serde_json::Value) -> String {
    serde_json::to_string(value).unwrap()
}

fn lines(path: &Path) -> Option<Vec<String>> {
    let text = std::fs::read_to_string(path).ok()?;
    Some(text.lines().map(str::to_string).collect())
}

/// Seals `lines` again from the first that has an envelope (or `from`),
/// `public` giving a private line its public chain hash.
fn seal_all(lines: &[String], from: usize, public: Option<&dyn Fn(&str) -> String>) -> Vec<String> {
    let start = lines
        .iter()
        .position(|l| chain::open(l).0.is_some())
        .unwrap_or(lines.len())
        .min(from);
    let mut c = chain::START.to_string();
    let mut out = Vec::new();
    for (i, l) in lines.iter().enumerate() {
        let b = chain::open(l).1.into_owned();
        let p = public.map(|f| f(&b));
        out.push(if i >= start {
            chain::seal(&c, p.as_deref(), &b)
        } else {
            b.clone()
        });
        c = chain::link(&c, &b);
    }
    out
}

/// Every log of `dir` sealed again, and its views removed (his votg writes
/// them anew from the logs as he changed them).
pub fn reseal(dir: &Path) {
    for view in votg::store::views::names() {
        let _ = std::fs::remove_file(dir.join(view));
    }
    let public_path = dir.join("log.jsonl");
    let public = lines(&public_path).unwrap();
    let sealed = seal_all(&public, usize::MAX, None);
    let mut chains = vec![chain::START.to_string()];
    for l in &sealed {
        let b = chain::open(l).1.into_owned();
        chains.push(chain::link(chains.last().unwrap(), &b));
    }
    std::fs::write(&public_path, sealed.join("\n") + "\n").unwrap();
    for side in ["german", "russian"] {
        let path = dir.join(side).join("log.jsonl");
        let Some(private) = lines(&path) else {
            continue;
        };
        let stood = |b: &str| -> String {
            let v: serde_json::Value = serde_json::from_str(b).unwrap();
            let k = match v.get("for").and_then(|n| n.as_u64()) {
                Some(of) => of - 1,
                None => v["after"].as_u64().unwrap(),
            };
            chains[k as usize].clone()
        };
        let sealed = seal_all(&private, usize::MAX, Some(&stood));
        std::fs::write(&path, sealed.join("\n") + "\n").unwrap();
    }
}

/// Event bodies sealed in a chain that begins at `prev` (none: left as
/// they are, a log of before the chain).
pub fn chained(bodies: &[String], prev: Option<String>) -> Vec<String> {
    let Some(mut c) = prev else {
        return bodies.to_vec();
    };
    bodies
        .iter()
        .map(|b| {
            let line = chain::seal(&c, None, b);
            c = chain::link(&c, b);
            line
        })
        .collect()
}
