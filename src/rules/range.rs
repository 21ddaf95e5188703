//! Result ranges of a table row: `<= 2`, `3-4`, `7`, `>= 13`.

use std::fmt;
use std::str::FromStr;

/// A closed or open-ended range of final roll results.
///
/// The printed tables open their first row downward and their last row upward
/// (`≤ 2`, `≥ 13`): a Final DR can leave the 2–12 span through DRMs, and the
/// row it lands on must still be defined.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Range {
    pub min: Option<i32>,
    pub max: Option<i32>,
}

impl Range {
    pub fn contains(&self, n: i32) -> bool {
        self.min.is_none_or(|m| n >= m) && self.max.is_none_or(|m| n <= m)
    }
}

impl FromStr for Range {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim().replace('≤', "<=").replace('≥', ">=");
        let t = t.trim();
        let num = |x: &str| -> Result<i32, String> {
            x.trim()
                .replace(['–', '−'], "-")
                .parse::<i32>()
                .map_err(|_| {
                    format!("`{s}` is not a range (expected `<= N`, `N-M`, `N` or `>= N`)")
                })
        };
        if let Some(rest) = t.strip_prefix("<=") {
            return Ok(Range {
                min: None,
                max: Some(num(rest)?),
            });
        }
        if let Some(rest) = t.strip_prefix(">=") {
            return Ok(Range {
                min: Some(num(rest)?),
                max: None,
            });
        }
        // `N-M`, where N may itself be negative (`-2--1` is not used by any table).
        let t = t.replace('–', "-");
        let split = t
            .char_indices()
            .skip(1)
            .find(|&(_, c)| c == '-')
            .map(|(i, _)| i);
        match split {
            Some(i) => {
                let (a, b) = (num(&t[..i])?, num(&t[i + 1..])?);
                if a > b {
                    return Err(format!("`{s}` runs backwards ({a} > {b})"));
                }
                Ok(Range {
                    min: Some(a),
                    max: Some(b),
                })
            }
            None => {
                let n = num(&t)?;
                Ok(Range {
                    min: Some(n),
                    max: Some(n),
                })
            }
        }
    }
}

impl fmt::Display for Range {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.min, self.max) {
            (None, None) => write!(f, "any"),
            (None, Some(b)) => write!(f, "≤ {b}"),
            (Some(a), None) => write!(f, "≥ {a}"),
            (Some(a), Some(b)) if a == b => write!(f, "{a}"),
            (Some(a), Some(b)) => write!(f, "{a}-{b}"),
        }
    }
}

impl<'de> serde::Deserialize<'de> for Range {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

impl Range {
    /// The form the table files use (`<= 2`, `>= 13`), for JSON and TOML.
    pub fn ascii(&self) -> String {
        self.to_string().replace("≤ ", "<= ").replace("≥ ", ">= ")
    }
}

impl serde::Serialize for Range {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.ascii())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_every_form() {
        assert_eq!(
            "<= 2".parse::<Range>().unwrap(),
            Range {
                min: None,
                max: Some(2)
            }
        );
        assert_eq!(
            "≥ 13".parse::<Range>().unwrap(),
            Range {
                min: Some(13),
                max: None
            }
        );
        assert_eq!(
            "3-4".parse::<Range>().unwrap(),
            Range {
                min: Some(3),
                max: Some(4)
            }
        );
        assert_eq!(
            "7".parse::<Range>().unwrap(),
            Range {
                min: Some(7),
                max: Some(7)
            }
        );
        assert_eq!(
            "<= -1".parse::<Range>().unwrap(),
            Range {
                min: None,
                max: Some(-1)
            }
        );
        assert_eq!(
            "-2".parse::<Range>().unwrap(),
            Range {
                min: Some(-2),
                max: Some(-2)
            }
        );
        assert!("4-3".parse::<Range>().is_err());
        assert!("abc".parse::<Range>().is_err());
        assert!("".parse::<Range>().is_err());
        for text in ["<= 2", "3-4", "7", ">= 13", "<= -1"] {
            assert_eq!(text.parse::<Range>().unwrap().ascii(), text, "round trip");
        }
    }

    #[test]
    fn open_ends_contain_everything_beyond() {
        let r: Range = "<= 2".parse().unwrap();
        assert!(r.contains(-5) && r.contains(2) && !r.contains(3));
        let r: Range = ">= 12".parse().unwrap();
        assert!(r.contains(12) && r.contains(40) && !r.contains(11));
    }
}
