//! 12.613 Russian Counterattack Declaration: allowed only after a German
//! Assault scenario on this CG Day and with an Attack chit left (12.6251,
//! 12.6253). A declaration sets the RePh to skip the `‡` steps (C1).

use crate::error::Error;
use crate::model::campaign::OccasionName;
use crate::model::journal::Entry;
use crate::model::side::Side;
use crate::rules::initiative_matrix::ScenarioType;
use crate::rules::prompt::Prompter;
use crate::rules::reph::initiative::russian_attack_allowed;
use crate::rules::reph::sequence::Flow;
use crate::rules::reph::session::Session;

pub const STEP: &str = "12.613";

const QUESTION: &str =
    "Does the Russian declare a Counterattack scenario to follow this RePh (12.613)?";

/// Whether the Russian may declare a Counterattack now, or the rule that
/// forbids it.
pub fn allowed(s: &Session) -> Result<(), String> {
    allowed_in(&s.state.campaign, s.def)
}

/// [`allowed`], from the campaign and its CG definition.
pub fn allowed_in(
    c: &crate::model::campaign::Campaign,
    def: &crate::rules::cg_def::CgDef,
) -> Result<(), String> {
    let played = c.today().and_then(|d| d.scenario_type);
    if played != Some(ScenarioType::GermanAssault) {
        return Err(format!(
            "a Counterattack may only follow a German Assault scenario on the same CG Day (12.6253); scenario {} was {}",
            c.scenario,
            played.map_or("of no recorded type".into(), |t| format!("a {t}"))
        ));
    }
    russian_attack_allowed(c, def)
}

/// A Counterattack declared where the rules forbid it.
pub fn refused(why: &str) -> Error {
    Error::Refused(format!(
        "scenario.counterattack: the Russian may not declare a Counterattack: {why}. Set `counterattack = false` (or leave it out). Nothing was changed."
    ))
}

pub fn run(s: &mut Session) -> Result<Flow, Error> {
    s.say("== 12.613 Russian Counterattack Declaration (public) ==");
    let permitted = allowed(s);
    let declared = match &*s.prompter {
        // `votg verify` replaying a declaration typed at the terminal (an
        // answers file's is never journalled as an answer): asked again.
        Prompter::Scripted(a) if a.replays("russian.counterattack") => match &permitted {
            Ok(()) => s
                .prompter
                .yes_no(Side::Russian, "counterattack", QUESTION, Some(false))?,
            Err(_) => false,
        },
        Prompter::Scripted(a) => {
            a.counterattack()
                || a.get(Side::Russian, "counterattack") == Some(&toml::Value::Boolean(true))
        }
        Prompter::Terminal { .. } => match &permitted {
            Ok(()) => s
                .prompter
                .yes_no(Side::Russian, "counterattack", QUESTION, Some(false))?,
            Err(_) => false,
        },
    };
    match (declared, permitted) {
        (true, Err(why)) => Err(refused(&why)),
        (true, Ok(())) => {
            s.state.campaign.occasion = OccasionName::BeforeCounterattack;
            s.journal(Entry::decision(
                STEP,
                Some(Side::Russian),
                false,
                "Counterattack",
                "declared",
                "12.613",
            ));
            s.say("The Russian declares a Counterattack (12.613, 12.6253): this RePh skips 12.614, 12.615 d-f, 12.619 and 12.620; the German will be Idle and a Russian Assault is generated (12.6252).");
            Ok(Flow::Next)
        }
        (false, permitted) => {
            let text = match permitted {
                Ok(()) => "No Counterattack declared.".to_string(),
                Err(why) => format!("No Counterattack is possible: {why}."),
            };
            s.journal(Entry::decision(
                STEP,
                Some(Side::Russian),
                false,
                "Counterattack",
                "not declared",
                "12.613",
            ));
            s.say(text);
            Ok(Flow::Next)
        }
    }
}
