//! Two machines (docs/two-machines.md §8): the joint steps after a scenario
//! that act on each side's own counters — 12.605's Encirclement 1TCs,
//! 12.610's Blazes, 12.611's wounded leaders — each half for its own side,
//! with its own RePh Casualty VP.

use crate::halves::counter;
use crate::halves::{GERMAN_INITIAL, RUSSIAN_INITIAL, initial};
use crate::two_machines_prisoners::{campaign, last_turn, play};

/// Each side's Encircled units take their 1TC on its own half; each half
/// adds its own side's RePh Casualty VP to the public record (the
/// performer's run cannot count the other side's), and the records agree.
#[test]
fn rule_12_6051_encircled_units_of_both_sides_take_their_1tc_on_two_machines() {
    let mut h = initial("I", GERMAN_INITIAL, RUSSIAN_INITIAL);
    let all = play(
        &mut h,
        "[german.outcome]\nencircled = [\"G-1\", \"G-2\", \"G-3\"]\n\n",
        "[russian.outcome]\nencircled = [\"R-1\", \"R-2\", \"R-3\"]\n\n",
    );
    // The seeds give: G-1 and G-3 fail (2 CVP each), R-1 fails (1 CVP).
    assert!(
        all.contains("G-1 4-6-7 Eliminated (failed its 1TC, 12.6051)"),
        "{all}"
    );
    assert!(
        all.contains("R-1 2-2-8 Eliminated (failed its 1TC, 12.6051)"),
        "{all}"
    );
    for side in ["german", "russian"] {
        assert!(
            campaign(&h, side).contains("[days.reph_cvp]\ngerman = 4\nrussian = 1\n"),
            "{}",
            campaign(&h, side)
        );
    }
    let last = last_turn(&h);
    h.reveal_both(&last);
    h.audits_honest();
}

/// 12.611 on two machines: each side's wounded leader rolls on its own
/// half, with the public nonces the performer's event always carries, and
/// each half adds its own RePh Casualty VP should its leader die; the
/// records agree at every exchange and both audits pass.
#[test]
fn rule_12_611_wounded_leaders_of_both_sides_on_two_machines() {
    let mut h = initial("I", GERMAN_INITIAL, RUSSIAN_INITIAL);
    let all = play(
        &mut h,
        "[german.outcome]\nwounded = [\"G-20\"]\n\n",
        "[russian.outcome]\nwounded = [\"R-10\"]\n\n",
    );
    assert!(all.contains("G-20"), "{all}");
    assert!(all.contains("R-10"), "{all}");
    let rows = |side: &str| -> Vec<String> {
        std::fs::read_to_string(h.dir(side).join("journal.csv"))
            .unwrap()
            .lines()
            .filter(|l| l.contains("12.611"))
            .map(str::to_string)
            .collect()
    };
    assert!(
        rows("german").iter().any(|r| r.contains("G-20")),
        "{:#?}",
        rows("german")
    );
    assert!(
        rows("russian").iter().any(|r| r.contains("R-10")),
        "{:#?}",
        rows("russian")
    );
    let last = last_turn(&h);
    h.reveal_both(&last);
    h.audits_honest();
}

/// 12.610 on two machines: a wooden building burns with an Isolated unit
/// of each side confined to it (`units=G-6+R-5` in the shared `[scenario]
/// blazes`). Each half Eliminates its own, counts its own RePh Casualty VP,
/// and neither checks the other's counter against its stale copy of his
/// Initial OB; the records agree and both audits pass.
#[test]
fn rule_12_6104_a_blaze_eliminates_each_sides_confined_units_on_its_own_half() {
    let mut h = initial("I", GERMAN_INITIAL, RUSSIAN_INITIAL);
    let scenario = "[scenario]\nvictor = \"german\"\ncvp = { german = 10, russian = 12 }\nblazes = [\"F36 wooden units=G-6+R-5\"]\n\n";
    let said = h.play_reph(
        |turn, ready| {
            let (isolation, initiative) = match turn {
                "german" => ("[isolation]\n[[isolation.area]]\nname = \"K5\"\ngerman = [\"G-6\"]\n\n", "attack"),
                _ => ("[isolation]\n[[isolation.area]]\nname = \"H8\"\nrussian = [\"R-5\"]\n\n", "idle"),
            };
            format!(
                "{}{isolation}[{turn}]\nbuy = []\nfortify = []\nrecon = 0\ninitiative = \"{initiative}\"\n",
                if ready { "" } else { scenario }
            )
        },
        |_, _| {},
    );
    let all: String = said.iter().map(|(_, o)| o.as_str()).collect();
    assert!(
        all.contains("G-6 4-6-7 Eliminated (Isolated in F36, consumed by fire, 12.6104)"),
        "{all}"
    );
    assert!(
        all.contains("R-5 4-4-7 Eliminated (Isolated in F36, consumed by fire, 12.6104)"),
        "{all}"
    );
    assert!(counter(&h.force("german"), "G-6").contains("box = \"casualties\""));
    assert!(counter(&h.force("russian"), "R-5").contains("box = \"casualties\""));
    let last = last_turn(&h);
    h.reveal_both(&last);
    h.audits_honest();
}

/// 12.605 performed by the German, who has no Encircled unit, before the
/// Russian has recorded the scenario: the German's public nonce for it is
/// kept back (the Russian must not know the 1TC dice while he records which
/// of his units are Encircled), his event carries it all the same; the
/// Russian's half waits for it a turn, then rolls his 1TCs with it.
#[test]
fn rule_12_6051_the_performers_nonce_is_kept_back_until_the_others_record_is_in() {
    let mut h = initial("I", GERMAN_INITIAL, RUSSIAN_INITIAL);
    let all = play(
        &mut h,
        "",
        "[russian.outcome]\nencircled = [\"R-1\", \"R-2\", \"R-3\"]\n\n",
    );
    assert!(
        all.contains(
            "Your half of 12.605 rolls public dice: it waits for the German's public nonce"
        ),
        "{all}"
    );
    assert!(all.contains("R-1 2-2-8 Encircled: 1TC"), "{all}");
    let last = last_turn(&h);
    h.reveal_both(&last);
    h.audits_honest();
}
