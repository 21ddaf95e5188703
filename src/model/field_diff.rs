//! Where two facts (as JSON) differ, field by field: the dotted path of each
//! leaf that differs, with its value on each side (`None`: absent there).
//! `verify`/`audit` and a half's check of the other side's record say their
//! differences in words from it.

use serde_json::Value;

/// A leaf that differs: its path (`day.cvp.russian`) and its two values.
pub type FieldDiff<'a> = (String, Option<&'a Value>, Option<&'a Value>);

/// Every leaf in which `a` and `b` differ, in path order.
pub fn field_diffs<'a>(a: &'a Value, b: &'a Value) -> Vec<FieldDiff<'a>> {
    let mut out = Vec::new();
    walk(Some(a), Some(b), String::new(), &mut out);
    out
}

fn walk<'a>(a: Option<&'a Value>, b: Option<&'a Value>, at: String, out: &mut Vec<FieldDiff<'a>>) {
    match (a, b) {
        (Some(Value::Object(x)), Some(Value::Object(y))) => {
            let keys: std::collections::BTreeSet<&String> = x.keys().chain(y.keys()).collect();
            for k in keys {
                let path = if at.is_empty() {
                    k.clone()
                } else {
                    format!("{at}.{k}")
                };
                walk(x.get(k), y.get(k), path, out);
            }
        }
        _ if a != b => out.push((at, a, b)),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_changed_leaf_and_an_absent_one_are_named_by_their_paths() {
        let a: Value =
            serde_json::from_str(r#"{"day":{"cvp":{"german":2,"russian":5},"f36":false}}"#)
                .unwrap();
        let b: Value = serde_json::from_str(r#"{"day":{"cvp":{"german":2,"russian":6}}}"#).unwrap();
        let d = field_diffs(&a, &b);
        assert_eq!(d.len(), 2);
        assert_eq!(d[0].0, "day.cvp.russian");
        assert_eq!(
            (d[0].1, d[0].2),
            (Some(&Value::from(5)), Some(&Value::from(6)))
        );
        assert_eq!(d[1].0, "day.f36");
        assert_eq!((d[1].1, d[1].2), (Some(&Value::from(false)), None));
    }
}
