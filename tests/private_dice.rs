//! Private dice (DESIGN §3–§4, issue 7 item 5): each side's secret rolls come
//! from its own stream, whose seed only its private `dice.toml` holds; nothing
//! public predicts them; undo then redo rolls the same dice; a damaged stream
//! position is refused, and a far one resumes at once (issue 12).

mod common;
use common::votg;
use votg::dice::{DiceKind, DiceSource, Seed, SeededDice, Seeds};
use votg::journal::{JournalRow, Kind};
use votg::side::Side;

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

/// The faces of a side's secret rolls, in journal order.
fn secret_faces(journal: &[JournalRow], side: Side) -> Vec<u8> {
    journal
        .iter()
        .filter(|r| r.secret && r.side == side.id() && r.kind == Kind::Roll)
        .flat_map(|r| r.roll().unwrap().dice)
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

#[test]
fn design_3_nothing_public_predicts_a_secret_roll() {
    let tmp = tempfile::tempdir().unwrap();
    let (dir, new_out) = new_campaign(&tmp);
    let d = dir.to_str().unwrap();
    run(&["refit", d, "--answers", ANSWERS]);
    let state = common::load(&dir);
    let seeds = state.seeds();
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
        for name in votg::store::CAMPAIGN_FILES {
            let holds = read(&dir, name).contains(&hex);
            assert_eq!(
                holds,
                *name == format!("{side}/dice.toml"),
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
                assert_ne!(faces(SeededDice::resume(key, 0), secret.len()), secret);
            }
        }
        // Nor does the other side's own key, or the public stream.
        let other = seeds.of(side.other());
        assert_ne!(faces(SeededDice::resume(other, 0), secret.len()), secret);
        assert_ne!(
            faces(SeededDice::resume(seeds.public(), 0), secret.len()),
            secret
        );
        // ... while the side's own key does: the test can fail.
        assert_eq!(
            faces(SeededDice::resume(seeds.of(side), 0), secret.len()),
            secret
        );
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
fn design_3_undo_then_redo_rolls_the_same_dice() {
    let tmp = tempfile::tempdir().unwrap();
    let (dir, _) = new_campaign(&tmp);
    let d = dir.to_str().unwrap();
    run(&["refit", d, "--side", "german", "--answers", ANSWERS]);
    let after = common::snapshot(&dir)
        .into_iter()
        .filter(|(k, _)| !k.starts_with(".votg"))
        .collect::<std::collections::BTreeMap<_, _>>();
    let state = common::load(&dir);
    assert!(state.german.dice.used > 10, "the German stream was used");
    assert_eq!(state.russian.dice.used, 0, "the Russian stream was not");
    // Back to before 12.622 (strength), 12.623 and 12.624 (Recon dr)...
    for _ in 0..3 {
        run(&["undo", d]);
    }
    let undone = common::load(&dir);
    assert_eq!(undone.campaign.step.german, "12.622");
    assert!(undone.german.dice.used < state.german.dice.used);
    // ... and again: every file, every die, exactly as before.
    run(&["refit", d, "--side", "german", "--answers", ANSWERS]);
    let redone = common::snapshot(&dir)
        .into_iter()
        .filter(|(k, _)| !k.starts_with(".votg"))
        .collect::<std::collections::BTreeMap<_, _>>();
    assert_eq!(redone, after);
}

#[test]
fn design_4_the_russian_stream_does_not_depend_on_the_german_steps() {
    // Each side's secret dice are its own: the Russian's are the same
    // whether or not the German has refitted first.
    let tmp = tempfile::tempdir().unwrap();
    let (a, _) = new_campaign(&tmp);
    let b = tmp.path().join("copy");
    std::fs::create_dir_all(&b).unwrap();
    for name in votg::store::CAMPAIGN_FILES {
        std::fs::create_dir_all(b.join(name).parent().unwrap()).unwrap();
        std::fs::copy(a.join(name), b.join(name)).unwrap();
    }
    let (a, b) = (a.to_str().unwrap(), b.to_str().unwrap());
    run(&["refit", a, "--side", "german", "--answers", ANSWERS]);
    run(&["refit", a, "--side", "russian", "--answers", ANSWERS]);
    run(&["refit", b, "--side", "russian", "--answers", ANSWERS]);
    let russian = |d: &str| {
        secret_faces(
            &common::load(std::path::Path::new(d)).journal,
            Side::Russian,
        )
    };
    assert!(!russian(a).is_empty());
    assert_eq!(russian(a), russian(b));
}

#[test]
fn issue_12_a_damaged_stream_position_is_refused_and_a_far_one_resumes_at_once() {
    let tmp = tempfile::tempdir().unwrap();
    let (dir, _) = new_campaign(&tmp);
    let d = dir.to_str().unwrap();
    let campaign = read(&dir, "campaign.toml");
    let german = read(&dir, "german/dice.toml");
    for (file, text) in [
        (
            "campaign.toml",
            campaign.replace("\nused = 0", "\nused = 18446744073709551615"),
        ),
        (
            "german/dice.toml",
            german.replace("\nused = 0", "\nused = 18446744073709551615"),
        ),
    ] {
        std::fs::write(dir.join(file), &text).unwrap();
        let before = common::snapshot(&dir);
        let out = votg()
            .args(["buy", d, "--side", "german", "I2"])
            .assert()
            .code(1)
            .get_output()
            .stderr
            .clone();
        let msg = String::from_utf8_lossy(&out);
        assert!(msg.contains(file) && msg.contains("used"), "{msg}");
        assert_eq!(common::snapshot(&dir), before);
        std::fs::write(dir.join("campaign.toml"), &campaign).unwrap();
        std::fs::write(dir.join("german/dice.toml"), &german).unwrap();
    }
    // Near the largest position a campaign may hold: the rolls go on from it
    // without replaying the faces before it.
    let far = votg::dice::MAX_USED - 1000;
    std::fs::write(
        dir.join("german/dice.toml"),
        german.replace("\nused = 0", &format!("\nused = {far}")),
    )
    .unwrap();
    run(&["refit", d, "--side", "german", "--answers", ANSWERS]);
    let s = common::load(&dir);
    assert!(s.german.dice.used > far);
    let key: Seed = s.german.dice.seed;
    let secret = secret_faces(&s.journal, Side::German);
    assert_eq!(faces(SeededDice::resume(key, far), secret.len()), secret);
}

#[test]
fn design_4_dice_files_and_seeds_still_drive_a_campaign() {
    // `--seed N` derives all three streams from N and leaves the campaign's
    // own positions alone; the same N gives the same dice.
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
    let s = common::load(std::path::Path::new(a));
    assert_eq!(
        s.german.dice.used, 0,
        "--seed streams are not the campaign's"
    );
    let got = secret_faces(&s.journal, Side::German);
    let want = faces(
        SeededDice::resume(Seeds::from_number(5).german, 0),
        got.len(),
    );
    assert_eq!(got, want);
}
