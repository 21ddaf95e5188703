//! A weapon's Repair Number (A9.72): printed on the malfunctioned side of
//! its counter. No table in our material gives the counters' numbers, so
//! votg keeps each weapon's number as counter data (`repair` in force.toml),
//! entered by the players from the counter in front of them the first time
//! the weapon needs repairing (12.6152). A number never entered is never
//! guessed: the terminal asks until every one is given, and an answers file
//! without it stops the step, naming the key and the counters.

use crate::error::Error;
use crate::model::drm::Drm;
use crate::model::force::{Counter, CounterId};
use crate::model::side::Side;
use crate::rules::reph::counters::{among, describe, ids, weapon};
use crate::rules::reph::session::Session;

/// The highest Repair Number a counter can print: a dr above it could
/// never fail (A9.72).
pub const MAX: u8 = 6;

/// The question's name in an answers file.
pub const QUESTION: &str = "repair_numbers";

/// 12.6152, A9.72: the "−x Weapon Repair Number" drm of the Weapon Repair
/// Table (C38), from the number the players entered for the counter; none
/// when it was never entered ([`ask`] sees that it is before any roll).
pub fn drm(c: &Counter) -> Option<Drm> {
    let n = c.repair?;
    Some(Drm::new(
        -i32::from(n),
        format!(
            "Weapon Repair Number {n} (A9.72, as printed on the counter, entered by the players)"
        ),
        "12.6152",
    ))
}

/// 12.6152: asks the printed Repair Number of each weapon in `weapons`
/// whose number is not known yet and keeps the answers on the counters.
/// Not asked when every number is known. Every unknown one must be given:
/// a terminal asks again until it is; an answers file that leaves one out
/// is refused, naming `<side>.repair_numbers` and the counters.
pub fn ask(s: &mut Session, side: Side, weapons: &[CounterId]) -> Result<(), Error> {
    let unknown = among(s, side, weapons, |c| c.repair.is_none());
    if unknown.is_empty() {
        return Ok(());
    }
    let listed: Vec<String> = unknown.iter().map(|id| describe(s, *id)).collect();
    let weapons = ids(s, side, weapon);
    let example = format!("\"{} 2\"", unknown[0]);
    let question = format!(
        "12.6152: the Repair Number printed on each malfunctioned weapon (A9.72) — {}; \
         type e.g. `{} 2`, several separated by commas; each is needed",
        listed.join(", "),
        unknown[0]
    );
    let needed = format!(
        "the Repair Number printed on {} (A9.72, 12.6152), e.g. repair_numbers = [{example}]",
        listed.join(", ")
    );
    let covers = |words: &[String]| -> Result<Vec<(CounterId, u8)>, Error> {
        let given = parse(words, side, &weapons, &listed)?;
        let missing: Vec<&String> = unknown
            .iter()
            .zip(&listed)
            .filter(|(id, _)| !given.iter().any(|(g, _)| g == *id))
            .map(|(_, d)| d)
            .collect();
        if missing.is_empty() {
            return Ok(given);
        }
        Err(Error::Refused(format!(
            "`{}.{QUESTION}`: no Repair Number for {} (A9.72): votg does not guess one; write it as printed on the counter, e.g. {example}. Nothing was changed.",
            side.id(),
            missing
                .iter()
                .map(|d| d.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        )))
    };
    let valid = |line: &str| {
        covers(&[line.to_string()])
            .map(|_| ())
            .map_err(|e| e.to_string())
    };
    let words = s
        .prompter
        .required_checked_list(side, QUESTION, &question, &valid, &needed)?;
    for (id, n) in covers(&words)?
        .into_iter()
        .filter(|(id, _)| unknown.contains(id))
    {
        if let Some(c) = s.state.side_mut(side).force.get_mut(id) {
            c.repair = Some(n);
        }
    }
    Ok(())
}

/// Reads `["G-17 2", "G-20 3"]` (or one line `G-17 2, G-20 3`) into pairs,
/// refusing a counter that is not one of the side's weapons, one given
/// twice, or a number out of 1..=6. (A weapon not being repaired now may be
/// named: one answers file serves several CG Days.)
fn parse(
    words: &[String],
    side: Side,
    weapons: &[CounterId],
    asked: &[String],
) -> Result<Vec<(CounterId, u8)>, Error> {
    let wrong = |what: String| {
        Error::Refused(format!(
            "`{}.{QUESTION}`: {what}. Write each as `<counter id> <Repair Number>`, e.g. \"{} 2\"; \
             asked about: {}. Nothing was changed.",
            side.id(),
            asked[0].split(' ').next().unwrap_or_default(),
            asked.join(", ")
        ))
    };
    let mut out: Vec<(CounterId, u8)> = Vec::new();
    for item in words.iter().flat_map(|w| w.split(',')).map(str::trim) {
        if item.is_empty() {
            continue;
        }
        let parts: Vec<&str> = item
            .split([' ', '=', ':'])
            .filter(|p| !p.is_empty())
            .collect();
        let [id, n] = parts[..] else {
            return Err(wrong(format!("`{item}` is not a counter id and a number")));
        };
        let id: CounterId = id.parse().map_err(|e: String| wrong(e))?;
        if !weapons.contains(&id) {
            return Err(wrong(format!(
                "{id} is not a weapon of the {} Force Organizer",
                side.name()
            )));
        }
        if out.iter().any(|(seen, _)| *seen == id) {
            return Err(wrong(format!("{id} is given twice")));
        }
        let n: u8 = n
            .parse()
            .ok()
            .filter(|n| (1..=MAX).contains(n))
            .ok_or_else(|| wrong(format!("`{n}` is not a Repair Number from 1 to {MAX}")))?;
        out.push((id, n));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::force::{Force, ForceBox, NewCounter, UnitKind};

    fn ids() -> (Vec<CounterId>, Vec<String>) {
        let ids = vec![
            CounterId::new(Side::German, 4),
            CounterId::new(Side::German, 9),
        ];
        let listed = ids.iter().map(|i| format!("{i} LMG")).collect();
        // G-4 and G-9 are the side's weapons.
        (ids, listed)
    }

    fn words(w: &[&str]) -> Vec<String> {
        w.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn rule_a9_72_repair_number_read_from_list_or_one_line() {
        let (ids, listed) = ids();
        let a = parse(&words(&["G-4 2", "G-9=3"]), Side::German, &ids, &listed).unwrap();
        assert_eq!(a, vec![(ids[0], 2), (ids[1], 3)]);
        let b = parse(&words(&["G-9 1, G-4 6"]), Side::German, &ids, &listed).unwrap();
        assert_eq!(b, vec![(ids[1], 1), (ids[0], 6)]);
        assert!(parse(&[], Side::German, &ids, &listed).unwrap().is_empty());
    }

    #[test]
    fn rule_a9_72_repair_number_refusals() {
        let (ids, listed) = ids();
        for bad in [
            "G-4",
            "G-4 0",
            "G-4 7",
            "G-4 x",
            "G-5 2",
            "R-4 2",
            "G-4 2, G-4 3",
        ] {
            let e = parse(&words(&[bad]), Side::German, &ids, &listed).unwrap_err();
            let text = e.to_string();
            assert!(text.contains("german.repair_numbers"), "{bad}: {text}");
            assert!(text.contains("Nothing was changed"), "{bad}: {text}");
        }
    }

    #[test]
    fn rule_12_6152_repair_number_drm_is_minus_the_number_and_never_guessed() {
        let mut f = Force::new(Side::German);
        let id = f.add(NewCounter::new("MMG", UnitKind::Sw, ForceBox::Retained));
        assert!(drm(f.get(id).unwrap()).is_none(), "no number, no drm");
        f.get_mut(id).unwrap().repair = Some(3);
        let d = drm(f.get(id).unwrap()).unwrap();
        assert_eq!(d.value, -3);
        assert!(d.reason.contains("Repair Number 3"), "{}", d.reason);
        assert_eq!(d.rule, "12.6152");
    }
}
