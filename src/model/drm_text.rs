//! The journal's DRM column (DESIGN §3): each DRM of a roll with its value,
//! reason and rule, written so that people read it as the rules print it and
//! votg reads it back exactly.

use crate::model::drm::Drm;

/// The journal's DRM text, DESIGN §3's form: `-1 Russian (12.6073); +2
/// Encircled (12.6073)`. Each DRM is its signed value, a space, its reason,
/// and ` (rule)` when it has a rule; DRMs are separated by `; `. A reason or
/// rule is written as it is, brackets included (`1 scenario(s) won
/// (READINGS.md C27)`), so the journal reads as the rules print; only what
/// [`parse_drms`] could not tell apart gets a `\` before it: every `\` and
/// `;`, and the brackets of a reason or rule whose brackets do not pair, or
/// of a reason that ends in `)` with no rule after it.
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
        let bare_reason = paired(&d.reason) && !(d.rule.is_empty() && d.reason.ends_with(')'));
        escape_into(&mut out, &d.reason, !bare_reason);
        if !d.rule.is_empty() {
            out.push_str(" (");
            escape_into(&mut out, &d.rule, !paired(&d.rule));
            out.push(')');
        }
    }
    out
}

/// The brackets of `text` pair up: each `)` closes an earlier `(`.
fn paired(text: &str) -> bool {
    let mut depth = 0usize;
    for c in text.chars() {
        match c {
            '(' => depth += 1,
            ')' if depth == 0 => return false,
            ')' => depth -= 1,
            _ => {}
        }
    }
    depth == 0
}

fn escape_into(out: &mut String, text: &str, brackets: bool) {
    for c in text.chars() {
        if matches!(c, '\\' | ';') || (brackets && matches!(c, '(' | ')')) {
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

/// A reason or rule: its brackets written as they are must pair up (escaped
/// ones are plain characters).
fn text_of(toks: &[Tok]) -> Result<String, String> {
    let mut depth = 0usize;
    let mut out = String::new();
    for t in toks {
        out.push(match t {
            Tok::Lit(c) => *c,
            Tok::Open => {
                depth += 1;
                '('
            }
            Tok::Close if depth > 0 => {
                depth -= 1;
                ')'
            }
            Tok::Close | Tok::Semi => {
                return Err("a `;` or an unpaired bracket inside a reason or rule must be escaped with `\\`".into());
            }
        });
    }
    if depth > 0 {
        return Err("an unpaired bracket inside a reason or rule must be escaped with `\\`".into());
    }
    Ok(out)
}

/// Where the ` (rule)` that ends `rest` opens: the `(` paired with its last
/// `)`, if `rest` ends with one.
fn rule_open(rest: &[Tok]) -> Result<Option<usize>, String> {
    if rest.last() != Some(&Tok::Close) {
        return Ok(None);
    }
    let mut depth = 0usize;
    for (i, t) in rest.iter().enumerate().rev() {
        match t {
            Tok::Close => depth += 1,
            Tok::Open => {
                depth -= 1;
                if depth == 0 {
                    return Ok(Some(i));
                }
            }
            _ => {}
        }
    }
    Err("a DRM's rule is written ` (rule)` at its end".into())
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
    let (reason, rule) = match rule_open(rest)? {
        None => (text_of(rest)?, String::new()),
        Some(open) => {
            if open == 0 || rest[open - 1] != Tok::Lit(' ') {
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
    fn brackets_that_pair_are_written_as_they_are_the_rest_escaped() {
        let drms = vec![
            Drm::new(1, "Stealthy (Majority Squad Type)", "12.624"),
            Drm::new(-3, "1 CG scenario(s) won (READINGS.md C27)", "12.6123"),
            Drm::new(0, "a; b \\ c", ""),
            Drm::new(3, "", "SSR I-4, II-4"),
            Drm::new(1, "ends (in brackets)", ""),
            Drm::new(2, "unpaired ) here", "r (x"),
        ];
        let text = drms_text(&drms);
        assert_eq!(
            text,
            "+1 Stealthy (Majority Squad Type) (12.624); \
             -3 1 CG scenario(s) won (READINGS.md C27) (12.6123); \
             +0 a\\; b \\\\ c; +3  (SSR I-4, II-4); \
             +1 ends \\(in brackets\\); \
             +2 unpaired \\) here (r \\(x)"
        );
        assert_eq!(parse_drms(&text).unwrap(), drms);
    }

    #[test]
    fn journals_written_with_every_bracket_escaped_still_read() {
        let old = "+1 Stealthy \\(Majority Squad Type\\) (12.624); -3 1 CG scenario\\(s\\) won \\(READINGS.md C27\\) (12.6123)";
        assert_eq!(
            parse_drms(old).unwrap(),
            vec![
                Drm::new(1, "Stealthy (Majority Squad Type)", "12.624"),
                Drm::new(-3, "1 CG scenario(s) won (READINGS.md C27)", "12.6123"),
            ]
        );
    }

    #[test]
    fn damaged_drm_text_is_an_error_not_a_guess() {
        for bad in [
            "1 Russian",
            "+x Russian",
            "+1",
            "+1 a;b",
            "+1 a (b",
            "+1 a)",
            "+1 a) (b)",
            "+1 a (b)) (c)",
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
