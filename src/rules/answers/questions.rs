//! Every question an answers file may answer (DESIGN §4): its name (the
//! key under `[german]` / `[russian]`), the kind of value it takes and what
//! a player should write there. The answers file is checked against this
//! list before the first step runs.

/// The kind of answer a question takes.
#[derive(Debug, Clone, Copy)]
pub enum Kind {
    Purchases,
    Fortifications,
    Words,
    YesNo,
    Number {
        min: i64,
        max: i64,
    },
    OneOf(&'static [&'static str]),
    /// `[<side>.outcome]`: lists of counters by outcome key (12.604).
    Outcome,
    /// One counter id, e.g. "G-17".
    Counter,
}

/// A question an answers file may answer: its name, kind and description.
pub struct Question {
    pub name: &'static str,
    pub kind: Kind,
    pub expected: &'static str,
}

const fn q(name: &'static str, kind: Kind, expected: &'static str) -> Question {
    Question {
        name,
        kind,
        expected,
    }
}

pub const QUESTIONS: &[Question] = &[
    q(
        "buy",
        Kind::Purchases,
        "a list of purchases, e.g. [\"I1\", \"I2 reserve\"] (12.621)",
    ),
    q(
        "commissars",
        Kind::Words,
        "a list of new leaders to exchange for Commissars, e.g. [\"9-1\"] (12.6226)",
    ),
    q(
        "nkvd_commissars",
        Kind::YesNo,
        "true or false: make the SSR II-4 DR on the NKVD Leader Table",
    ),
    q(
        "nkvd_minus_one",
        Kind::YesNo,
        "true or false: apply SSR II-4's optional -1 DRM to that DR (READINGS.md C30)",
    ),
    q(
        "mortar_deploy",
        Kind::YesNo,
        "true or false: Deploy one squad per two (FRU) Light Mortars received (note x)",
    ),
    q(
        "fortify",
        Kind::Fortifications,
        "a list of fortifications, e.g. [\"trench\", \"dummy 3\"] (12.623)",
    ),
    q(
        "recon",
        Kind::Number { min: 0, max: 2 },
        "0, 1 or 2 CPP (12.624)",
    ),
    q(
        "squad_type",
        Kind::OneOf(&["normal", "stealthy", "lax"]),
        "\"normal\", \"stealthy\" or \"lax\": the Majority Squad Type for Recon (12.624)",
    ),
    q(
        "initiative",
        Kind::OneOf(&["attack", "idle"]),
        "\"attack\" or \"idle\" (12.625)",
    ),
    q(
        "interdicting",
        Kind::Words,
        "a list of German counter ids Interdicting a Ferry Landing, e.g. [\"G-12\"] (12.602, CG II/IV)",
    ),
    q(
        "prisoners",
        Kind::Words,
        "a list of what an Isolated guard does with each prisoner: [\"R-12 keep\", \"R-13 execute\", \"R-14 free\"] (12.609; default keep)",
    ),
    q(
        "claim",
        Kind::Words,
        "a list of prisoners of an Eliminated guard claimed by a unit in its Location: [\"R-12 by G-4\"] (12.6051; default none: Rearmed)",
    ),
    q(
        "counterattack",
        Kind::YesNo,
        "true or false: the Russian declares a Counterattack (12.613; default false); also accepted in [scenario]",
    ),
    q(
        "outcome",
        Kind::Outcome,
        "a table of lists of counters by what happened to them, e.g. [german.outcome] eliminated = [\"G-17\", \"2 x 4-6-7\"] (docs/answers.md: the scenario record)",
    ),
    q(
        "mortar_teams",
        Kind::Words,
        "a list of HS counter ids kept as Light Mortar SW Teams, e.g. [\"G-12\"] (12.6121)",
    ),
    q(
        "harden",
        Kind::Words,
        "a list of MMC counter ids to Battle Harden, e.g. [\"G-3\", \"G-7\"], or [\"none\"] (12.6123)",
    ),
    q(
        "leader",
        Kind::OneOf(&["roll", "promote-8-0", "promote-8-1"]),
        "\"roll\", \"promote-8-0\" or \"promote-8-1\" (12.6124-12.6125)",
    ),
    q(
        "hardened_leader",
        Kind::Counter,
        "a counter id, e.g. \"G-19\": which leader of the type the Leader DR selects Battle Hardens (12.6124, READINGS.md C32; default the first in Force order)",
    ),
    q(
        "promoted_leader",
        Kind::Counter,
        "a counter id, e.g. \"G-19\": which 8-0 or 8-1 is Promoted out of the Ranks (12.6125; default the first in Force order)",
    ),
    q(
        "leader_drm",
        Kind::OneOf(&["full", "half", "none"]),
        "\"full\", \"half\" or \"none\": the optional DRM for a won scenario (12.6124, READINGS.md C30)",
    ),
    q(
        "night",
        Kind::YesNo,
        "true or false: make the Russian Assault/Counterattack a Night scenario (12.6254)",
    ),
    // The CG's end (12.51-12.54), asked at 12.614 for the CG Day that ends.
    q(
        "f36",
        Kind::YesNo,
        "true or false: the Germans Control all hexes of building F36 (CG I, 12.51)",
    ),
    q(
        "german_stone_hexes",
        Kind::Number { min: 0, max: 2000 },
        "the number of Stone Hexes the Germans Control (CG I, 12.51)",
    ),
    q(
        "russian_stone_hexes",
        Kind::Number { min: 0, max: 2000 },
        "the number of Stone Hexes the Russians Control (CG II-IV, 12.52-12.54)",
    ),
    q(
        "ferry_landings",
        Kind::YesNo,
        "true or false: every existing Ferry Landing is German-Controlled/Interdicted (CG II, IV)",
    ),
    q(
        "perimeter_loop",
        Kind::YesNo,
        "true or false: the Russians have a single Perimeter loop with north and south map-edge hexes (CG II-IV)",
    ),
    q(
        "west_of_j",
        Kind::YesNo,
        "true or false: all Stone Hexes west of Row J are German Controlled (CG II, 22 Sep)",
    ),
    // 12.615-12.617: counter ids (`votg force` lists them); none by default.
    q(
        "remanned",
        Kind::Words,
        "a list of counter ids: abandoned AFV re-manned (12.6151a)",
    ),
    q(
        "shock_eliminated",
        Kind::Words,
        "a list of counter ids: Shocked/UK AFV eliminated (12.6151b)",
    ),
    q(
        "bog_immobilized",
        Kind::Words,
        "a list of counter ids: bogged AFV Immobilized (12.6151c)",
    ),
    q(
        "recover_isolated",
        Kind::Words,
        "a list of counter ids: Isolated AFV/Wrecks with a path to a friendly Perimeter Location (12.6151d)",
    ),
    q(
        "outside_perimeter",
        Kind::Words,
        "a list of counter ids: AFV/Wrecks not in the friendly Perimeter (12.6151d)",
    ),
    q(
        "dug_in",
        Kind::Words,
        "a list of counter ids: Dug-In AFV (12.6151d)",
    ),
    q(
        "non_qualified",
        Kind::Words,
        "a list of counter ids: immobilized AFV with only Non-Qualified Use possible (12.6151e)",
    ),
    q(
        "armor_leader_drm",
        Kind::Number { min: -3, max: 0 },
        "a number from -3 to 0: the armor leader DRM with an Isolated immobilized AFV (12.6151e)",
    ),
    q(
        "partially_armored",
        Kind::Words,
        "nothing: no longer asked (a Wreck's vehicle says whether it is partially armored, 12.6151f: tables/wreck-repair.toml); a value given is not used",
    ),
    q(
        "weapon_non_qualified",
        Kind::Words,
        "a list of counter ids: weapons with only Non-Qualified Use possible (12.6152)",
    ),
    q(
        "repair_numbers",
        Kind::Words,
        "a list of \"<counter id> <Repair Number>\", e.g. [\"G-17 2\"]: the Repair Number printed on each malfunctioned weapon (A9.72, 12.6152); required for each weapon whose number was never entered (one entered before is kept)",
    ),
    q(
        "malfunctioned_ma",
        Kind::Words,
        "a list of counter ids: AFV whose malfunctioned weapon, not named in the outcome, is the MA (12.6152)",
    ),
    q(
        "mg_exchange",
        Kind::Words,
        "a list of counter ids: AFV whose Disabled MG is repaired with a Retained LMG (12.6153)",
    ),
    q(
        "captured_afv_wrecked",
        Kind::Words,
        "a list of counter ids: Captured AFV with no functioning Weapon (12.6156)",
    ),
    q(
        "recall_ma_disabled",
        Kind::Words,
        "a list of counter ids: AFV under Recall with the MA Disabled (12.6161)",
    ),
    q(
        "not_entered",
        Kind::Words,
        "a list of counter ids, one AFV per Pltn: AFV Pltns bought to enter that did not (12.6162, READINGS.md C36)",
    ),
    q(
        "remove_fortifications",
        Kind::Words,
        "a list like [\"G-12 front-line\", \"R-13 adjacent\", \"R-7+R-8\", \"G-14\"]: Known wire, minefields, Entrenchments and Roadblocks to roll for, yours or the enemy's by its counter id, one Location's mines joined with + (12.617; default none)",
    ),
    q(
        "fortification_casualty",
        Kind::Counter,
        "a counter id, e.g. \"G-17\": the MMC Casualty-Reduced on an Original 6 (12.617)",
    ),
    q(
        "bonus_cpp",
        Kind::YesNo,
        "true or false: take the one-time Russian bonus CPP now (12.618, READINGS.md C21; default true)",
    ),
    q(
        "elr_count_from",
        Kind::OneOf(&["start", "idle-day"]),
        "\"start\" or \"idle-day\": count completed scenarios since the CG's start or the last Idle Day (12.619, READINGS.md C29; default the smaller)",
    ),
];

pub fn question(name: &str) -> Option<&'static Question> {
    QUESTIONS.iter().find(|q| q.name == name)
}
