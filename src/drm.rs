//! Dice Roll Modifiers, each kept with its reason and rule so players can
//! check every one.

use std::fmt;

use serde::Serialize;

/// One DRM (or drm) applied to a roll.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Drm {
    pub value: i32,
    pub reason: String,
    pub rule: String,
}

impl Drm {
    pub fn new(value: i32, reason: impl Into<String>, rule: impl Into<String>) -> Self {
        Drm {
            value,
            reason: reason.into(),
            rule: rule.into(),
        }
    }
}

impl fmt::Display for Drm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:+} {}", self.value, self.reason)?;
        if !self.rule.is_empty() {
            write!(f, " ({})", self.rule)?;
        }
        Ok(())
    }
}

/// A DRM value as the charts print it: `+1`, `-2`, `0`.
pub fn signed(value: i32) -> String {
    if value == 0 {
        "0".into()
    } else {
        format!("{value:+}")
    }
}

pub fn total(drms: &[Drm]) -> i32 {
    drms.iter().map(|d| d.value).sum()
}

/// The journal's form: `-1 Russian (12.6073); +2 Encircled (12.6073)`.
pub fn describe(drms: &[Drm]) -> String {
    drms.iter()
        .map(Drm::to_string)
        .collect::<Vec<_>>()
        .join("; ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn describes_like_the_journal() {
        let drms = vec![
            Drm::new(-1, "Russian", "12.6073"),
            Drm::new(2, "Encircled", "12.6073"),
        ];
        assert_eq!(total(&drms), 1);
        assert_eq!(
            describe(&drms),
            "-1 Russian (12.6073); +2 Encircled (12.6073)"
        );
        assert_eq!(describe(&[]), "");
    }
}
