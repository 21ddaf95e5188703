//! How an outcome item names counters: by id (`G-17`), by counter name and
//! count (`"2 x 4-6-7"`), or every counter of an RG still in play (`"all of
//! RG I2"`), so the players name only what changed.

use super::{Bad, Ctx, in_play};
use crate::model::force::{CounterId, Force, ForceBox};

impl Ctx<'_> {
    pub(super) fn bad(&self, item: &str, why: impl Into<String>) -> Bad {
        Bad {
            key: self.key.into(),
            item: item.into(),
            why: why.into(),
        }
    }

    /// The counters `text` names in `force`: an id, `[N x] name`, or every
    /// counter of an RG still in play (`all of RG I2`, `all of I2`).
    pub(super) fn resolve(&mut self, force: &Force, text: &str) -> Result<Vec<CounterId>, Bad> {
        let text = text.trim();
        if let Some(rg) = all_of_rg(text) {
            return self.resolve_rg(force, text, rg);
        }
        if let Ok(id) = text.parse::<CounterId>() {
            let c = force.get(id).ok_or_else(|| {
                self.bad(
                    text,
                    format!(
                        "there is no counter {id} in the {} force (`votg force` lists them)",
                        force.side.name()
                    ),
                )
            })?;
            if self.gone.contains(&id) || c.place == ForceBox::Casualties {
                return Err(self.bad(text, format!("{id} is already Eliminated")));
            }
            return Ok(vec![id]);
        }
        let (n, name) = count_and_name(text).ok_or_else(|| {
            self.bad(
                text,
                "expected a counter id (G-17) or a counter name with a count (\"2 x 4-6-7\")",
            )
        })?;
        let ids: Vec<CounterId> = force
            .counters
            .iter()
            .filter(|c| c.unit.eq_ignore_ascii_case(name) && in_play(c.place))
            .map(|c| c.id)
            .filter(|id| !self.gone.contains(id) && !self.chosen.contains(id))
            .take(n)
            .collect();
        if ids.len() < n {
            return Err(self.bad(
                text,
                format!(
                    "the {} force has {} more `{name}` in play, not {n} (`votg force` lists them)",
                    force.side.name(),
                    ids.len()
                ),
            ));
        }
        self.chosen.extend(ids.iter().copied());
        Ok(ids)
    }
}

impl Ctx<'_> {
    /// Every counter of RG `rg` still in play and not named already.
    fn resolve_rg(&mut self, force: &Force, text: &str, rg: &str) -> Result<Vec<CounterId>, Bad> {
        let ids: Vec<CounterId> = force
            .counters
            .iter()
            .filter(|c| {
                c.rg.as_deref().is_some_and(|r| r.eq_ignore_ascii_case(rg)) && in_play(c.place)
            })
            .map(|c| c.id)
            .filter(|id| !self.gone.contains(id) && !self.chosen.contains(id))
            .collect();
        if ids.is_empty() {
            return Err(self.bad(
                text,
                format!(
                    "the {} force has no counter of RG {rg} in play (`votg force` lists them)",
                    force.side.name()
                ),
            ));
        }
        self.chosen.extend(ids.iter().copied());
        Ok(ids)
    }
}

/// `"all of RG I2"`, `"all of I2"` → `"I2"`.
fn all_of_rg(text: &str) -> Option<&str> {
    let rest = text
        .strip_prefix("all of ")
        .or_else(|| text.strip_prefix("All of "))?
        .trim();
    let rg = rest
        .strip_prefix("RG ")
        .or_else(|| rest.strip_prefix("rg "))
        .unwrap_or(rest)
        .trim();
    (!rg.is_empty() && !rg.contains(' ')).then_some(rg)
}

/// `"2 x 4-6-7"`, `"2x 4-6-7"`, `"4-6-7"` → (count, name).
pub(super) fn count_and_name(text: &str) -> Option<(usize, &str)> {
    if let Some((n, rest)) = text.split_once(['x', 'X'])
        && let Ok(n) = n.trim().parse::<usize>()
    {
        let name = rest.trim();
        return (n > 0 && !name.is_empty()).then_some((n, name));
    }
    (!text.is_empty()).then_some((1, text))
}
