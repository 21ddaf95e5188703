//! `votg undo`: the last step taken back, checked before anything changes.

use super::txn::{CrashPoints, Plan, Txn};
use super::{Files, HISTORY, Snapshot, Store, history, read_seals};
use crate::error::Error;

/// What `votg undo` would do: checked, not yet done.
#[derive(Debug)]
pub struct UndoPlan {
    number: u32,
    /// The step it takes back.
    pub step: Snapshot,
    /// The campaign files as they will be after the undo.
    pub restored: Files,
    restore: history::Restore,
}

impl Store {
    /// The step `votg undo` would take back, if any.
    pub fn last_step(&self) -> Result<Option<Snapshot>, Error> {
        Ok(self.plan_undo()?.map(|p| p.step))
    }

    /// Works out, and checks, what undoing the last step restores. A damaged
    /// history entry is an error here, before anything changes.
    pub fn plan_undo(&self) -> Result<Option<UndoPlan>, Error> {
        let Some(&number) = self.history_numbers()?.last() else {
            return Ok(None);
        };
        let current = self.read_files()?;
        let entry = history::entry(&self.dir.join(HISTORY), number);
        let restore = history::restore(&entry, &current, &read_seals(&self.dir)?)?;
        let mut restored = current;
        for (name, bytes) in &restore.writes {
            restored.insert(name.clone(), bytes.clone());
        }
        for name in &restore.removes {
            restored.remove(name);
        }
        Ok(Some(UndoPlan {
            number,
            step: restore.meta.snapshot(),
            restored,
            restore,
        }))
    }

    /// Takes back the last step, whoever's it was; returns its label.
    pub fn undo(&self) -> Result<String, Error> {
        let plan = self.plan_undo()?.ok_or_else(|| Error::NothingToUndo {
            dir: self.dir.clone(),
        })?;
        Ok(self.apply_undo(plan)?.label)
    }

    /// Takes back the step of `plan`: its files and the removal of its
    /// history entry in one transaction.
    pub fn apply_undo(&self, plan: UndoPlan) -> Result<Snapshot, Error> {
        self.writing();
        let current = self.read_files()?;
        let writes: Files = plan
            .restore
            .writes
            .into_iter()
            .filter(|(name, bytes)| current.get(name) != Some(bytes))
            .collect();
        let removes = plan
            .restore
            .removes
            .into_iter()
            .filter(|n| current.contains_key(n))
            .collect();
        let txn = Plan {
            writes,
            removes,
            drop: Some(plan.number),
            ..Plan::default()
        };
        Txn::new(&self.dir).commit(&txn, &mut CrashPoints::from_env())?;
        Ok(plan.step)
    }
}
