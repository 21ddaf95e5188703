//! Private dice (DESIGN §3–§4): each side's secret rolls come from its own
//! key, which only its private `dice.toml` holds, drawn per label; nothing
//! public predicts them; undo then redo, or doing a step again, rolls the
//! same dice.

use crate::common::votg;
use votg::model::journal::{JournalRow, Kind};
use votg::model::side::Side;
use votg::rules::dice::{DiceKind, DiceSource, Seed, SeededDice, Seeds};
use votg::rules::labelled_dice::faces as labelled;

const ANSWERS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/rosters/cg-i-walkthrough.answers.toml"
);

fn run(args: &[&str]) -> String {
    let out = votg().args(args).assert().success().get_output().clone();
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// A CG I campaign made as a player makes it: no `--seed`.
fn new_campaign(tmp: &tempfile::TempDir) -> (std::path::PathBuf, String) {
    let dir = tmp.path().join("campaign");
    let out = run(&["new", dir.to_str().unwrap(), "--cg", "I"]);
    (dir, out)
}

/// A side's secret roll rows.
fn secret_rolls(journal: &[JournalRow], side: Side) -> Vec<&JournalRow> {
    journal
        .iter()
        .filter(|r| r.secret && r.side == side.id() && r.kind == Kind::Roll)
        .collect()
}

/// The faces of a side's secret rolls, in journal order.
fn secret_faces(journal: &[JournalRow], side: Side) -> Vec<u8> {
    secret_rolls(journal, side)
        .iter()
        .flat_map(|r| r.roll().unwrap().dice)
        .collect()
}

/// What `key` gives for each of those rolls' labels.
fn by_key(journal: &[JournalRow], side: Side, key: Seed) -> Vec<u8> {
    secret_rolls(journal, side)
        .iter()
        .flat_map(|r| labelled(key, &r.label, r.roll().unwrap().dice.len()))
        .collect()
}

fn faces(mut dice: SeededDice, n: usize) -> Vec<u8> {
    (0..n)
        .map(|_| dice.roll(DiceKind::OneDie, "t").unwrap().dice[0])
        .collect()
}

fn read(dir: &std::path::Path, name: &str) -> String {
    std::fs::read_to_string(dir.join(name)).unwrap()
}

/// Each side's key, from its `dice.toml`.
fn seeds(dir: &std::path::Path) -> Seeds {
    let files = crate::common::snapshot(dir);
    Seeds {
        german: votg::store::files::read_seed(&files, Side::German).unwrap(),
        russian: votg::store::files::read_seed(&files, Side::Russian).unwrap(),
    }
}

#[test]
fn design_3_nothing_public_predicts_a_secret_roll() {
    let tmp = tempfile::tempdir().unwrap();
    let (dir, new_out) = new_campaign(&tmp);
    let d = dir.to_str().unwrap();
    run(&["refit", d, "--answers", ANSWERS]);
    let state = crate::common::load(&dir);
    let seeds = seeds(&dir);
    assert_ne!(seeds.german, seeds.russian, "each side has its own key");

    // Everything both sides may see: what `new` printed, campaign.toml, and
    // `status` and `log` without a side.
    let public = [
        new_out,
        read(&dir, "campaign.toml"),
        run(&["status", d]),
        run(&["log", d]),
        run(&["log", d, "--step", "12.5"]),
    ]
    .join("\n");
    // No seed appears, nor anything but the side's own dice file holds it.
    for side in Side::BOTH {
        let hex = seeds.of(side).to_hex();
        assert!(!public.contains(&hex[..16]), "{side} seed shown publicly");
        for (name, bytes) in crate::common::snapshot(&dir) {
            let holds = String::from_utf8_lossy(&bytes).contains(&hex);
            assert_eq!(
                holds,
                name == format!("{side}/dice.toml"),
                "{name} and the {side} seed"
            );
        }
    }
    assert!(
        !read(&dir, "campaign.toml").contains("seed"),
        "campaign.toml names no seed"
    );

    // Every number shown publicly, tried as `--seed N`, does not give a
    // side's secret dice: neither `votg table roll --seed N` nor a campaign
    // command's `--seed N` streams.
    for side in Side::BOTH {
        let secret = secret_faces(&state.journal, side);
        assert!(secret.len() >= 10, "{side} made secret rolls");
        let numbers: std::collections::BTreeSet<u64> = public
            .split(|c: char| !c.is_ascii_digit())
            .filter_map(|t| t.parse().ok())
            .collect();
        assert!(numbers.len() > 5, "{numbers:?}");
        for &n in &numbers {
            assert_ne!(
                faces(SeededDice::new(n), secret.len()),
                secret,
                "table roll --seed {n}"
            );
            let streams = Seeds::from_number(n);
            for key in [streams.german, streams.russian, streams.public()] {
                assert_ne!(by_key(&state.journal, side, key), secret);
            }
        }
        // Nor does the other side's own key, or the public one.
        let other = seeds.of(side.other());
        assert_ne!(by_key(&state.journal, side, other), secret);
        assert_ne!(by_key(&state.journal, side, seeds.public()), secret);
        // ... while the side's own key does: the test can fail.
        assert_eq!(by_key(&state.journal, side, seeds.of(side)), secret);
    }
    // `table roll --seed N` is the in-process stream above, for a few N.
    for n in ["0", "15", "1942"] {
        let out = run(&["table", "roll", "weather", "--seed", n, "--json"]);
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        let count = v["dice"].as_array().unwrap().len();
        let want = faces(SeededDice::new(n.parse().unwrap()), count);
        assert_eq!(v["dice"], serde_json::json!(want), "--seed {n}");
    }
}

#[test]
fn design_3_a_sides_secret_rows_and_answers_are_hidden_from_the_other() {
    let tmp = tempfile::tempdir().unwrap();
    let (dir, _) = new_campaign(&tmp);
    let d = dir.to_str().unwrap();
    run(&["refit", d, "--answers", ANSWERS]);
    let german = run(&["log", d, "--side", "german"]);
    assert!(german.contains("german.buy"));
    assert!(german.contains("O1 prereg=1"));
    assert!(!german.contains("russian.buy"));
    assert!(!german.contains("I5"));
    let public = run(&["log", d]);
    assert!(!public.contains("german.buy") && !public.contains("russian.buy"));
    assert!(public.contains("secret row(s) hidden"));
}

#[test]
fn design_3_undo_then_redo_and_doing_a_step_again_roll_the_same_dice() {
    let tmp = tempfile::tempdir().unwrap();
    let (dir, _) = new_campaign(&tmp);
    let d = dir.to_str().unwrap();
    run(&["refit", d, "--side", "german", "--answers", ANSWERS]);
    let views = |dir: &std::path::Path| crate::common::load(dir).views();
    let after = views(&dir);
    let state = crate::common::load(&dir);
    assert!(secret_faces(&state.journal, Side::German).len() > 10);
    assert!(secret_faces(&state.journal, Side::Russian).is_empty());
    // Back to before 12.622 (strength), 12.623 and 12.624 (Recon dr)...
    for _ in 0..3 {
        run(&["undo", d]);
    }
    let undone = crate::common::load(&dir);
    assert_eq!(undone.campaign.step.german, "12.622");
    // ... redone: every view as before.
    for _ in 0..3 {
        run(&["redo", d]);
    }
    assert_eq!(views(&dir), after);
    // ... undone and done again with the same answers: the same dice.
    for _ in 0..3 {
        run(&["undo", d]);
    }
    run(&["refit", d, "--side", "german", "--answers", ANSWERS]);
    assert_eq!(views(&dir), after);
}

#[test]
fn design_4_the_russian_dice_do_not_depend_on_the_german_steps() {
    // Each side's secret dice are its own: the Russian's are the same
    // whether or not the German has refitted first.
    let tmp = tempfile::tempdir().unwrap();
    let (a, _) = new_campaign(&tmp);
    let b = tmp.path().join("copy");
    crate::common::copy_all(&a, &b);
    let (a, b) = (a.to_str().unwrap(), b.to_str().unwrap());
    run(&["refit", a, "--side", "german", "--answers", ANSWERS]);
    run(&["refit", a, "--side", "russian", "--answers", ANSWERS]);
    run(&["refit", b, "--side", "russian", "--answers", ANSWERS]);
    let russian = |d: &str| {
        secret_faces(
            &crate::common::load(std::path::Path::new(d)).journal,
            Side::Russian,
        )
    };
    assert!(!russian(a).is_empty());
    assert_eq!(russian(a), russian(b));
}

#[test]
fn design_3_a_damaged_key_is_refused_and_changes_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let (dir, _) = new_campaign(&tmp);
    let d = dir.to_str().unwrap();
    let german = read(&dir, "german/dice.toml");
    let (at, _) = german.match_indices("seed = \"").next().unwrap();
    let mut damaged = german.clone();
    damaged.replace_range(at + 8..at + 10, "zz");
    std::fs::write(dir.join("german/dice.toml"), &damaged).unwrap();
    let before = crate::common::snapshot(&dir);
    let out = votg()
        .args(["buy", d, "--side", "german", "I2"])
        .assert()
        .code(1)
        .get_output()
        .stderr
        .clone();
    let msg = String::from_utf8_lossy(&out);
    assert!(
        msg.contains("german/dice.toml") && msg.contains("seed"),
        "{msg}"
    );
    assert_eq!(crate::common::snapshot(&dir), before);
}

#[test]
fn design_4_dice_files_and_seeds_still_drive_a_campaign() {
    // `--seed N` draws with keys derived from N, by the same labels; the
    // same N gives the same dice.
    let tmp = tempfile::tempdir().unwrap();
    let (a, _) = new_campaign(&tmp);
    let a = a.to_str().unwrap();
    run(&[
        "--seed",
        "5",
        "refit",
        a,
        "--side",
        "german",
        "--answers",
        ANSWERS,
    ]);
    let s = crate::common::load(std::path::Path::new(a));
    let got = secret_faces(&s.journal, Side::German);
    assert!(!got.is_empty());
    assert_eq!(
        by_key(&s.journal, Side::German, Seeds::from_number(5).german),
        got
    );
    run(&["verify", a]);
}
