//! A whole CG I (15–22 Sep) played unattended from `votg new` to its end:
//! one answers file per scenario, every CG Roster line balanced, the journal
//! holding every step of every CG Day in the rules' order (issue 9).

mod common;
use common::{Camp, votg};
use votg::reph::sequence::StepId;
use votg::side::Side;

/// Each scenario won by the German, who attacks every day; the Russian
/// stays Idle; nobody buys (so the CPP pools show Start + Received = Left).
const EACH_SCENARIO: &str = r#"
[scenario]
victor = "german"
cvp = { german = 10, russian = 12 }

[german]
buy = []
fortify = []
recon = 0
initiative = "attack"
f36 = false

[russian]
buy = []
fortify = []
recon = 0
initiative = "idle"
"#;

#[test]
fn issue_9_a_whole_cg_i_is_played_unattended_to_its_end() {
    let c = Camp::new("I");
    let a = c.file("scenario.toml", EACH_SCENARIO);
    let mut over = false;
    // 15 Sep's Initial Scenario and one scenario a day to 22 Sep: at most
    // one run per scenario, with room to spare.
    for _ in 0..12 {
        let out = votg()
            .args(["refit", c.path(), "--answers", &a])
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        if text.contains("The campaign is over") {
            over = true;
            break;
        }
    }
    assert!(over, "CG I ends after its last CG Day (C23)");
    let s = c.state();
    assert!(s.campaign.result.is_some(), "the CG's result is recorded");
    let status = votg().args(["status", c.path()]).output().unwrap();
    assert!(String::from_utf8_lossy(&status.stdout).contains("won"));
    // A refit after the end changes nothing.
    let before = c.campaign_files();
    votg()
        .args(["refit", c.path(), "--answers", &a])
        .assert()
        .code(1)
        .stderr(predicates::str::contains("the campaign is over"));
    assert_eq!(c.campaign_files(), before);

    // Every CG Day from 15 to 22 Sep has its roster line, each balanced (C20).
    for side in Side::BOTH {
        let lines = &s.side(side).roster.lines;
        let dates: Vec<u8> = lines.iter().map(|l| l.date).collect();
        for d in 15..=22 {
            assert!(dates.contains(&d), "{side}: no line for {d} Sep: {dates:?}");
        }
        for (i, l) in lines.iter().enumerate() {
            assert_eq!(
                l.cpp.start + l.cpp.received - l.cpp.spent,
                l.cpp.left,
                "{side} line {i} ({} Sep) CPP",
                l.date
            );
            if let Some(p) = l.support_cpp {
                assert_eq!(p.start + p.received - p.spent, p.left, "{side} Support");
            }
            if i > 0 {
                let prev = &lines[i - 1];
                assert_eq!(
                    l.cpp.start,
                    prev.cpp.left - prev.recon_cpp,
                    "{side} line {i}: Start = Left - Recon of the line before (C20)"
                );
            }
        }
    }

    // Within each CG Day, each side's rows (and the public ones) run in the
    // rules' order: 12.614 … 12.627 for the day, then 12.601 … 12.613 after
    // its scenario (still under its date). The scenario's record is made
    // before 12.601 and its rows carry the rules they apply (12.604 victor,
    // 12.608 left on map), so the turn back may come twice, never further
    // than 12.613. (A step with nothing to do leaves no row.)
    let mut seen_days = std::collections::BTreeSet::new();
    for side in Side::BOTH {
        let mut by_day: Vec<(String, Vec<StepId>)> = Vec::new();
        for row in s
            .journal
            .iter()
            .filter(|r| r.side == side.id() || r.side == "both")
        {
            let Some(id) = StepId::parse(&row.step) else {
                continue;
            };
            seen_days.insert(row.cg_day.clone());
            match by_day.last_mut() {
                Some((day, steps)) if *day == row.cg_day => steps.push(id),
                _ => by_day.push((row.cg_day.clone(), vec![id])),
            }
        }
        let aftermath = StepId::parse("12.613").unwrap();
        for (day, steps) in &by_day {
            let turns: Vec<(StepId, StepId)> = steps
                .windows(2)
                .filter(|w| w[1] < w[0])
                .map(|w| (w[0], w[1]))
                .collect();
            assert!(turns.len() <= 2, "{side} {day}: out of order at {turns:?}");
            for (_, to) in &turns {
                assert!(*to <= aftermath, "{side} {day}: back to {to}");
            }
            assert!(
                steps.iter().any(|id| id.as_str() == "12.621"),
                "{side} {day}: its purchases (12.621)"
            );
        }
    }
    for d in 15..=22 {
        assert!(
            seen_days.iter().any(|x| x.starts_with(&format!("{d}/"))),
            "the journal has {d} Sep: {seen_days:?}"
        );
    }
}
