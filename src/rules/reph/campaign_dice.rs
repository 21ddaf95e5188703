//! The campaign's dice as a step draws them: its own keys, a file of dice,
//! dice typed at the table, or on two machines both sides' seeds and nonces.

use crate::error::Error;
use crate::model::event::DiceUsed;
use crate::rules::dice::{
    DiceChoice, DiceKind, DiceSource, ListedDice, ManualDice, Roll, Seeds, Stream,
};
use crate::rules::labelled_dice::LabelledDice;

/// The campaign's dice: its own keys, drawn per label (DESIGN §3), unless
/// the player brings dice. Every roll is labelled alike, so `votg verify`
/// finds each roll's dice again whatever gave them.
pub struct CampaignDice {
    source: DiceFrom,
    step: LabelledDice,
    /// The label of the last roll, until its journal row takes it.
    last: String,
}

enum DiceFrom {
    /// The campaign's keys (or those of a `--seed N`): each side's for its
    /// secret rolls, the public one (derived from both) for the rest.
    Seeded {
        seeds: Seeds,
        public: crate::rules::dice::Seed,
        used: DiceUsed,
    },
    /// A dice file: one list of faces for every roll, consumed in order.
    Listed(ListedDice),
    Manual(ManualDice),
    /// The faces recorded for each label (`votg verify` of a step whose
    /// dice were typed or read from a file).
    Recorded(std::collections::HashMap<String, Roll>, DiceUsed),
    /// Two machines (DESIGN §9): the side's seed and the other side's
    /// nonces; a joint step's public nonces.
    Exchanged(Box<crate::rules::reph::exchange_dice::ExchangeDice>),
}

impl CampaignDice {
    fn of(source: DiceFrom) -> CampaignDice {
        CampaignDice {
            source,
            step: LabelledDice::new(""),
            last: String::new(),
        }
    }

    pub fn seeded(seeds: Seeds, used: DiceUsed) -> CampaignDice {
        CampaignDice::of(DiceFrom::Seeded {
            public: seeds.public(),
            seeds,
            used,
        })
    }

    pub fn listed(dice: ListedDice) -> CampaignDice {
        CampaignDice::of(DiceFrom::Listed(dice))
    }

    pub fn manual() -> CampaignDice {
        CampaignDice::of(DiceFrom::Manual(ManualDice))
    }

    /// Whether the players throw the dice at the table and type them: what
    /// a roll decides is said before it, not only with its result.
    pub fn thrown_by_hand(&self) -> bool {
        matches!(self.source, DiceFrom::Manual(_))
    }

    /// The dice each label was recorded with (`used`: how they were got).
    pub fn recorded(
        rolls: std::collections::HashMap<String, Roll>,
        used: DiceUsed,
    ) -> CampaignDice {
        CampaignDice::of(DiceFrom::Recorded(rolls, used))
    }

    /// Two machines: one side's dice on its half (DESIGN §9).
    pub fn exchanged(dice: crate::rules::reph::exchange_dice::ExchangeDice) -> CampaignDice {
        CampaignDice::of(DiceFrom::Exchanged(Box::new(dice)))
    }

    /// The two-machine dice, to set up each step.
    pub fn exchange(&mut self) -> Option<&mut crate::rules::reph::exchange_dice::ExchangeDice> {
        match &mut self.source {
            DiceFrom::Exchanged(x) => Some(x),
            _ => None,
        }
    }

    /// A step begins: its rolls are labelled with `context` (the RePh and
    /// the step) and counted afresh.
    pub fn begin_step(&mut self, context: &str) {
        self.step = LabelledDice::new(context);
    }

    pub fn roll(&mut self, stream: Stream, kind: DiceKind, purpose: &str) -> Result<Roll, Error> {
        self.roll_shown(stream, kind, purpose, purpose)
    }

    /// A roll labelled by `purpose` (which draws its dice, DESIGN §3), shown
    /// to a player who throws it by hand as `shown` (which names the RG or
    /// counter it is for).
    pub fn roll_shown(
        &mut self,
        stream: Stream,
        kind: DiceKind,
        purpose: &str,
        shown: &str,
    ) -> Result<Roll, Error> {
        let label = self.step.label(purpose);
        let roll = match &mut self.source {
            DiceFrom::Seeded { seeds, public, .. } => {
                let key = match stream {
                    Stream::Public => *public,
                    Stream::Side(side) => seeds.of(side),
                };
                Roll::new(crate::rules::labelled_dice::faces(
                    key,
                    &label,
                    kind.count(),
                ))
            }
            DiceFrom::Listed(d) => d.roll(kind, purpose)?,
            DiceFrom::Manual(d) => d.roll(kind, shown)?,
            DiceFrom::Recorded(rolls, _) => rolls.get(&label).cloned().ok_or_else(|| {
                Error::Refused(format!("no dice are recorded for the roll `{label}`"))
            })?,
            DiceFrom::Exchanged(x) => x.roll(stream, kind, &label)?,
        };
        self.last = label;
        Ok(roll)
    }

    /// The label of the last roll, for its journal row.
    pub fn take_label(&mut self) -> String {
        std::mem::take(&mut self.last)
    }

    /// Where the dice come from, as a step records it.
    pub fn used(&self) -> DiceUsed {
        match &self.source {
            DiceFrom::Seeded { used, .. } | DiceFrom::Recorded(_, used) => *used,
            DiceFrom::Listed(_) => DiceUsed::File,
            DiceFrom::Manual(_) => DiceUsed::Manual,
            DiceFrom::Exchanged(_) => DiceUsed::Exchanged,
        }
    }
}

/// The dice the global flags ask for, or the campaign's own keys.
pub fn campaign_dice(choice: &DiceChoice, seeds: Seeds) -> Result<CampaignDice, Error> {
    Ok(match choice {
        DiceChoice::File { text, origin } => {
            CampaignDice::listed(ListedDice::from_text(text, origin)?)
        }
        DiceChoice::Manual => CampaignDice::manual(),
        DiceChoice::Seed(n) => CampaignDice::seeded(Seeds::from_number(*n), DiceUsed::Seed(*n)),
        DiceChoice::Campaign => CampaignDice::seeded(seeds, DiceUsed::Campaign),
    })
}
