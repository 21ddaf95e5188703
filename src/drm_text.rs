//! The journal's DRM column (DESIGN §3): each DRM of a roll with its value,
//! reason and rule, written so that people read it as the rules print it and
//! votg reads it back exactly.

use crate::drm::Drm;

/// The journal's DRM text, DESIGN §3's form: `-1 Russian (12.6073); +2
/// Encircled (12.6073)`. Each DRM is its signed value, a space, its reason,
/// and ` (rule)` when it has a rule; DRMs are separated by `; `. In a reason
/// or rule, `\`, `;`, `(` and `)` are written `\\`, `\;`, `\(`, `\)`, so
/// [`parse_drms`] reads back exactly what was written.
pub fn drms_text(drms: &[Drm]) -> String {
    use std::fmt::Write;
    // Written into one string: every roll of a RePh (and of a replay)
    // journals its DRMs.
    let mut out = String::new();
    for (i, d) in drms.iter().enumerate() {
        if i > 0 {
            out.push_str("; ");
        }
        let _ = write!(out, "{:+} ", d.value);
        escape_into(&mut out, &d.reason);
        if !d.rule.is_empty() {
            out.push_str(" (");
            escape_into(&mut out, &d.rule);
            out.push(')');
        }
    }
    out
}

fn escape_into(out: &mut String, text: &str) {
    for c in text.chars() {
        if matches!(c, '\\' | ';' | '(' | ')') {
            out.push('\\');
        }
        out.push(c);
    }
}

/// One character of DRM text after escapes are read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Tok {
    Lit(char),
    Semi,
    Open,
    Close,
}

fn tokens(text: &str) -> Result<Vec<Tok>, String> {
    let mut out = Vec::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        out.push(match c {
            '\\' => match chars.next() {
                Some(e @ ('\\' | ';' | '(' | ')')) => Tok::Lit(e),
                other => {
                    return Err(format!(
                        "`\\{}` is not an escape (write \\\\, \\;, \\( or \\))",
                        other.map(String::from).unwrap_or_default()
                    ));
                }
            },
            ';' => Tok::Semi,
            '(' => Tok::Open,
            ')' => Tok::Close,
            c => Tok::Lit(c),
        });
    }
    Ok(out)
}

fn text_of(toks: &[Tok]) -> Result<String, String> {
    toks.iter()
        .map(|t| match t {
            Tok::Lit(c) => Ok(*c),
            _ => Err("a bracket or `;` inside a reason or rule must be escaped with `\\`".into()),
        })
        .collect()
}

/// Reads the text [`drms_text`] writes.
pub fn parse_drms(text: &str) -> Result<Vec<Drm>, String> {
    if text.is_empty() {
        return Ok(Vec::new());
    }
    let toks = tokens(text)?;
    let mut entries: Vec<&[Tok]> = Vec::new();
    let mut start = 0;
    let mut i = 0;
    while i < toks.len() {
        if toks[i] == Tok::Semi {
            if toks.get(i + 1) != Some(&Tok::Lit(' ')) {
                return Err("DRMs are separated by `; `".into());
            }
            entries.push(&toks[start..i]);
            start = i + 2;
            i += 2;
        } else {
            i += 1;
        }
    }
    entries.push(&toks[start..]);
    entries.into_iter().map(parse_one).collect()
}

fn parse_one(toks: &[Tok]) -> Result<Drm, String> {
    let space = toks
        .iter()
        .position(|t| *t == Tok::Lit(' '))
        .ok_or("a DRM is a signed value, a space and its reason")?;
    let value_text = text_of(&toks[..space])?;
    if !value_text.starts_with(['+', '-']) {
        return Err(format!(
            "`{value_text}` is not a signed DRM value such as +1"
        ));
    }
    let value: i32 = value_text
        .parse()
        .map_err(|_| format!("`{value_text}` is not a signed DRM value such as +1"))?;
    let rest = &toks[space + 1..];
    let (reason, rule) = match rest.iter().position(|t| *t == Tok::Open) {
        None => (text_of(rest)?, String::new()),
        Some(open) => {
            if open == 0 || rest[open - 1] != Tok::Lit(' ') || rest.last() != Some(&Tok::Close) {
                return Err("a DRM's rule is written ` (rule)` at its end".into());
            }
            (
                text_of(&rest[..open - 1])?,
                text_of(&rest[open + 1..rest.len() - 1])?,
            )
        }
    };
    Ok(Drm {
        value,
        reason,
        rule,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn design_3_drm_text_reads_like_the_design() {
        let drms = vec![
            Drm::new(-1, "Russian", "12.6073"),
            Drm::new(2, "Encircled", "12.6073"),
        ];
        let text = drms_text(&drms);
        assert_eq!(text, "-1 Russian (12.6073); +2 Encircled (12.6073)");
        assert_eq!(parse_drms(&text).unwrap(), drms);
        assert_eq!(parse_drms("").unwrap(), vec![]);
    }

    #[test]
    fn brackets_and_semicolons_in_a_reason_are_escaped() {
        let drms = vec![
            Drm::new(1, "Stealthy (Majority Squad Type)", "12.624"),
            Drm::new(0, "a; b \\ c", ""),
            Drm::new(3, "", "SSR I-4, II-4"),
        ];
        let text = drms_text(&drms);
        assert_eq!(
            text,
            "+1 Stealthy \\(Majority Squad Type\\) (12.624); +0 a\\; b \\\\ c; +3  (SSR I-4, II-4)"
        );
        assert_eq!(parse_drms(&text).unwrap(), drms);
    }

    #[test]
    fn damaged_drm_text_is_an_error_not_a_guess() {
        for bad in [
            "1 Russian",
            "+x Russian",
            "+1",
            "+1 a;b",
            "+1 a (b",
            "+1 a (b) c",
            "+1 a)",
            "+1 a \\q",
            "+1 a\\",
        ] {
            assert!(parse_drms(bad).is_err(), "{bad}");
        }
    }

    fn drm() -> impl Strategy<Value = Drm> {
        (any::<i32>(), any::<String>(), any::<String>()).prop_map(|(v, r, u)| Drm::new(v, r, u))
    }

    proptest! {
        #[test]
        fn design_3_drm_text_round_trips(drms in proptest::collection::vec(drm(), 0..5)) {
            let text = drms_text(&drms);
            prop_assert_eq!(parse_drms(&text).unwrap(), drms);
        }

        #[test]
        fn drm_text_round_trips_with_awkward_reasons(
            drms in proptest::collection::vec(
                (-12i32..12, "[ ;()\\\\a-c]{0,8}", "[ ;()\\\\0-9.]{0,6}")
                    .prop_map(|(v, r, u)| Drm::new(v, r, u)),
                0..4,
            )
        ) {
            let text = drms_text(&drms);
            prop_assert_eq!(parse_drms(&text).unwrap(), drms);
        }
    }
}
