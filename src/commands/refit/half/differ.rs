//! A disagreement between the two halves' public records, side by side in
//! words (docs/two-machines.md §8): each field that differs, his value then
//! yours, instead of the two facts whole.

use serde_json::Value;

use crate::model::field_diff::field_diffs;

/// The fields in which the facts `his` and `yours` (as JSON) differ, each
/// as `path: his X, yours Y`; a fact only one side has is named whole.
pub(super) fn side_by_side(his: &[String], yours: &[String]) -> Vec<String> {
    let parse = |t: &String| serde_json::from_str::<Value>(t).unwrap_or(Value::Null);
    let id = |v: &Value| format!("{} {}", v["fact"], v["index"]);
    let his: Vec<Value> = his.iter().map(parse).collect();
    let yours: Vec<Value> = yours.iter().map(parse).collect();
    let mut said = Vec::new();
    for h in &his {
        let Some(y) = yours.iter().find(|y| id(y) == id(h)) else {
            said.push(format!("only his: {h}"));
            continue;
        };
        for (path, his, mine) in field_diffs(h, y) {
            let say = |v: Option<&Value>| v.map_or("(none)".to_string(), Value::to_string);
            said.push(format!("{path}: his {}, yours {}", say(his), say(mine)));
        }
    }
    for y in yours.iter().filter(|y| !his.iter().any(|h| id(h) == id(y))) {
        said.push(format!("only yours: {y}"));
    }
    said
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_differing_cvp_is_named_by_its_field_with_both_values() {
        let his = vec![
            r#"{"fact":"day","index":0,"day":{"victor":"russian","cvp":{"german":2,"russian":5}}}"#
                .to_string(),
        ];
        let yours = vec![
            r#"{"fact":"day","index":0,"day":{"victor":"russian","cvp":{"german":2,"russian":6}}}"#
                .to_string(),
        ];
        assert_eq!(
            side_by_side(&his, &yours),
            vec!["day.cvp.russian: his 5, yours 6".to_string()]
        );
    }
}
