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

/// The largest DRM, and DRM total, votg accepts: the charts' own DRMs are a
/// few points at most, and no table reads past a final DR of about 20, so
/// anything beyond is a typing error (or would overflow the sum).
pub const LIMIT: i32 = 20;

/// The sum of the DRMs. It saturates rather than wraps, so even values that
/// slipped past [`checked`] can never turn a large total into a small one.
pub fn total(drms: &[Drm]) -> i32 {
    drms.iter().fold(0i32, |sum, d| sum.saturating_add(d.value))
}

/// Refuses a DRM, or a DRM total, outside `-LIMIT..=LIMIT`.
pub fn checked(drms: &[Drm]) -> Result<i32, crate::error::Error> {
    let out = |what: &str, value: i64| crate::error::Error::DrmOutOfRange {
        what: what.into(),
        value,
        limit: LIMIT,
    };
    let mut sum: i64 = 0;
    for d in drms {
        if d.value.unsigned_abs() > LIMIT.unsigned_abs() {
            return Err(out("DRM", d.value.into()));
        }
        sum += i64::from(d.value);
    }
    if sum.unsigned_abs() > u64::from(LIMIT.unsigned_abs()) {
        return Err(out("the DRM total", sum));
    }
    Ok(sum as i32)
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

    #[test]
    fn drm_totals_never_wrap_and_out_of_range_is_refused() {
        let huge = vec![
            Drm::new(i32::MAX, "typed", ""),
            Drm::new(i32::MAX, "typed", ""),
        ];
        assert_eq!(total(&huge), i32::MAX);
        assert!(checked(&huge).is_err());
        assert!(checked(&[Drm::new(21, "", "")]).is_err());
        assert!(checked(&[Drm::new(-21, "", "")]).is_err());
        assert!(checked(&[Drm::new(15, "", ""), Drm::new(10, "", "")]).is_err());
        assert_eq!(
            checked(&[Drm::new(20, "", ""), Drm::new(-20, "", "")]).unwrap(),
            0
        );
        assert_eq!(checked(&[Drm::new(-20, "", "")]).unwrap(), -20);
    }
}
