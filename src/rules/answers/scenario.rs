//! `[scenario]` and `[<side>.outcome]` of the answers file (DESIGN §4):
//! what the players record of the scenario just played (12.604).

use toml::Spanned;

use super::Answers;
use crate::error::Error;
use crate::model::side::Side;

/// `[scenario]` and `[<side>.outcome]` (DESIGN §4, docs/answers.md "The
/// scenario record").
impl Answers {
    /// The `[scenario]` table, if the file has one.
    pub fn scenario(&self) -> Option<&toml::Table> {
        self.scenario.as_ref().map(Spanned::get_ref)
    }

    /// The answer `scenario.name` is not what it must be.
    pub fn scenario_wrong(&self, name: &str, expected: &str) -> Error {
        let at = self.scenario.as_ref().map_or(0, |t| t.span().start);
        self.syntax(at, &format!("`scenario.{name}` must be {expected}"))
    }

    /// The victor, both sides' Casualty VP, required once `[scenario]` is
    /// given; `counterattack` (default false) and `blazes` (default none)
    /// are optional.
    pub(super) fn check_scenario(&self) -> Result<(), Error> {
        let Some(t) = self.scenario() else {
            return Ok(());
        };
        for key in t.keys() {
            if !SCENARIO_KEYS.contains(&key.as_str()) {
                return Err(self.scenario_wrong(
                    key,
                    &format!("one of the keys {}", SCENARIO_KEYS.join(", ")),
                ));
            }
        }
        self.victor()?;
        self.cvp()?;
        if let Some(v) = t.get("counterattack") {
            v.as_bool()
                .ok_or_else(|| self.scenario_wrong("counterattack", "true or false (12.613)"))?;
        }
        self.blazes()?;
        self.san()?;
        Ok(())
    }

    /// `san = { german = 0 }`: a side's SAN at scenario end, lowered (or
    /// raised) in play (A14); a side not given keeps its roster line's SAN.
    /// Where a SAN of 0 is recorded: 12.6142 raises it to 2 at the next New
    /// CG Day.
    pub fn san(&self) -> Result<crate::model::campaign::BySide<Option<u32>>, Error> {
        let mut out = crate::model::campaign::BySide::<Option<u32>>::default();
        let Some(v) = self.scenario().and_then(|t| t.get("san")) else {
            return Ok(out);
        };
        let t = v.as_table().ok_or_else(|| {
            self.scenario_wrong(
                "san",
                "each side's SAN at scenario end, e.g. san = { german = 0 } (A14, 12.6142)",
            )
        })?;
        for (k, n) in t {
            let side: Side = k.parse().map_err(|_| {
                self.scenario_wrong(&format!("san.{k}"), "one of san.german, san.russian")
            })?;
            let n = n
                .as_integer()
                .and_then(|n| u32::try_from(n).ok())
                .filter(|n| *n <= MAX_SAN)
                .ok_or_else(|| {
                    self.scenario_wrong(&format!("san.{k}"), "a whole number from 0 to 12 (A14)")
                })?;
            *out.of_mut(side) = Some(n);
        }
        Ok(out)
    }

    pub fn victor(&self) -> Result<Side, Error> {
        let expected = "\"german\" or \"russian\": who won the scenario (12.6041); it is required";
        self.scenario()
            .and_then(|t| t.get("victor"))
            .and_then(toml::Value::as_str)
            .and_then(|s| s.parse().ok())
            .ok_or_else(|| self.scenario_wrong("victor", expected))
    }

    /// `cvp = { german = 12, russian = 30 }`: the Casualty VP each side
    /// suffered (A26.22, C26).
    pub fn cvp(&self) -> Result<crate::model::campaign::BySide<u32>, Error> {
        let expected = "the Casualty VP each side suffered, e.g. cvp = { german = 12, russian = 30 } (A26.22); it is required";
        let t = self
            .scenario()
            .and_then(|t| t.get("cvp"))
            .and_then(toml::Value::as_table)
            .ok_or_else(|| self.scenario_wrong("cvp", expected))?;
        let n = |side: &str| {
            t.get(side)
                .and_then(toml::Value::as_integer)
                .and_then(|n| u32::try_from(n).ok())
                .ok_or_else(|| {
                    self.scenario_wrong(
                        &format!("cvp.{side}"),
                        "a whole number of Casualty VP, 0 or more",
                    )
                })
        };
        if let Some(k) = t
            .keys()
            .find(|k| !["german", "russian"].contains(&k.as_str()))
        {
            return Err(self.scenario_wrong(&format!("cvp.{k}"), "one of cvp.german, cvp.russian"));
        }
        Ok(crate::model::campaign::BySide {
            german: n("german")?,
            russian: n("russian")?,
        })
    }

    /// `counterattack = true`: the Russian declares a Counterattack at
    /// 12.613 (default false).
    pub fn counterattack(&self) -> bool {
        self.scenario()
            .and_then(|t| t.get("counterattack"))
            .and_then(toml::Value::as_bool)
            .unwrap_or(false)
    }

    /// `blazes = ["F36 stone single-hex", ...]`: the buildings and
    /// terrain marked with a Blaze at scenario end (12.610; default none).
    pub fn blazes(&self) -> Result<Vec<String>, Error> {
        let Some(v) = self.scenario().and_then(|t| t.get("blazes")) else {
            return Ok(vec![]);
        };
        let wrong = || self.scenario_wrong("blazes", crate::rules::reph::blazes::GRAMMAR);
        let items = v.as_array().ok_or_else(wrong)?;
        let mut out = Vec::new();
        for i in items {
            let text = i.as_str().ok_or_else(wrong)?;
            crate::rules::reph::blazes::Blaze::parse(text).map_err(|why| {
                self.scenario_wrong(
                    "blazes",
                    &format!("{}: `{text}`: {why}", crate::rules::reph::blazes::GRAMMAR),
                )
            })?;
            out.push(text.to_string());
        }
        Ok(out)
    }

    /// A side's `[<side>.outcome]`, each key a list of strings; none if
    /// absent (nothing changed).
    pub fn outcome_table(&self, side: Side) -> Result<crate::rules::reph::outcome::Outcome, Error> {
        let mut out = crate::rules::reph::outcome::Outcome::new();
        let Some(v) = self.get(side, "outcome") else {
            return Ok(out);
        };
        let expected = "a table of outcome keys, each a list of strings (docs/answers.md: the scenario record)";
        let t = v
            .as_table()
            .ok_or_else(|| self.wrong(side, "outcome", expected))?;
        for (key, items) in t {
            if crate::rules::reph::outcome::key(key).is_none() {
                let names: Vec<&str> = crate::rules::reph::outcome::KEYS
                    .iter()
                    .map(|k| k.name)
                    .collect();
                return Err(self.wrong(
                    side,
                    "outcome",
                    &format!(
                        "a table of the keys {}; `{key}` is not one",
                        names.join(", ")
                    ),
                ));
            }
            let list = items
                .as_array()
                .and_then(|a| {
                    a.iter()
                        .map(|v| v.as_str().map(str::to_string))
                        .collect::<Option<Vec<_>>>()
                })
                .ok_or_else(|| {
                    self.wrong(
                        side,
                        &format!("outcome.{key}"),
                        "a list of strings, e.g. [\"G-17\", \"2 x 4-6-7\"]",
                    )
                })?;
            out.insert(key.clone(), list);
        }
        Ok(out)
    }

    /// An outcome item that does not fit the force: names the answer.
    pub fn bad_outcome(&self, side: Side, bad: &crate::rules::reph::outcome::Bad) -> Error {
        let at = self
            .sides
            .get(side.id())
            .and_then(|t| t.get("outcome"))
            .map_or(0, |v| v.span().start);
        let item = if bad.item.is_empty() {
            String::new()
        } else {
            format!(" `{}`", bad.item)
        };
        self.syntax(
            at,
            &format!("`{}.outcome.{}`{item}: {}", side.id(), bad.key, bad.why),
        )
    }
}

const SCENARIO_KEYS: &[&str] = &["victor", "cvp", "counterattack", "blazes", "san"];

/// The highest SAN a side may record: a Sniper attack needs a DR at most
/// the SAN, so more than 12 means nothing (A14.1).
pub const MAX_SAN: u32 = 12;
