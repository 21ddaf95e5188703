//! A whole CG I (15–22 Sep) played unattended from `votg new` to its end:
//! one answers file per scenario, every CG Roster line balanced, the journal
//! holding every step of every CG Day in the rules' order.

use crate::common::{Camp, EACH_CG_I_SCENARIO, votg};
use votg::model::side::Side;
use votg::rules::reph::sequence::{SEQUENCE, Scope, StepExt, StepId};

#[test]
fn a_whole_cg_i_is_played_unattended_to_its_end() {
    let c = Camp::new("I");
    let a = c.file("scenario.toml", EACH_CG_I_SCENARIO);
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
    let status = String::from_utf8_lossy(&status.stdout).to_string();
    assert!(status.contains("won"), "{status}");
    // Over means over: no scenario is being prepared any more.
    assert!(!status.contains("Preparing"), "{status}");
    assert!(
        status.contains("Its last scenario,") && status.contains("was played on 22 Sep."),
        "{status}"
    );
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

    // Each side's journal holds every step of every CG Day in the rules'
    // order, a step with nothing to do included.
    let mut seen_days = std::collections::BTreeSet::new();
    for side in Side::BOTH {
        let rephs = every_step_in_order(&s, side);
        assert_eq!(rephs.first().map(|r| r.0), StepId::parse("12.621"));
        assert_eq!(
            rephs.last().map(|r| r.1),
            StepId::parse("12.614"),
            "ends at 12.614 (C23)"
        );
        seen_days.extend(s.journal.iter().map(|r| r.cg_day.clone()));
    }
    for d in 15..=22 {
        assert!(
            seen_days.iter().any(|x| x.starts_with(&format!("{d}/"))),
            "the journal has {d} Sep: {seen_days:?}"
        );
    }
}

/// The journal's rows of `side` (its own and the public ones) run through
/// the whole sequence, RePh after RePh, each RePh a run of consecutive
/// steps of `SEQUENCE` from its first step to 12.627 (the last one may end
/// at 12.614, where the CG ends): no step is missing. The RePhs, as their
/// first and last steps.
fn every_step_in_order(s: &votg::model::state::CampaignState, side: Side) -> Vec<(StepId, StepId)> {
    let index = |id: StepId| SEQUENCE.iter().position(|st| st.id == id).unwrap();
    let mut steps: Vec<StepId> = Vec::new();
    // Its own rows and every public row of a joint step (e.g. the
    // Russian's declaration at 12.613), but for the other side's account of
    // a joint step it passed over in its own block (its steps and this
    // side's are done in two blocks, not interleaved).
    let joint = |step: &str| StepId::parse(step).is_some_and(|id| id.step().scope == Scope::Joint);
    for row in s.journal.iter().filter(|r| {
        r.side == side.id()
            || r.side == "both"
            || (!r.secret && joint(&r.step) && !r.result.starts_with("not done"))
    }) {
        // The campaign's creation (12.5) and a scenario's record are no
        // steps of the sequence.
        let Some(id) = StepId::parse(&row.step) else {
            continue;
        };
        if steps.last() != Some(&id) {
            steps.push(id);
        }
    }
    let mut rephs: Vec<(StepId, StepId)> = Vec::new();
    for w in steps.windows(2) {
        let (a, b) = (index(w[0]), index(w[1]));
        if b < a {
            assert_eq!(
                w[0].as_str(),
                "12.627",
                "{side}: a RePh ends at 12.627, not {}",
                w[0]
            );
            assert!(
                ["12.601", "12.614"].contains(&w[1].as_str()),
                "{side}: a RePh begins at 12.601 or 12.614 (Idle Day), not {}",
                w[1]
            );
            rephs.last_mut().unwrap().1 = w[0];
            rephs.push((w[1], w[1]));
        } else {
            assert_eq!(
                b,
                a + 1,
                "{side}: a step between {} and {} is missing",
                w[0],
                w[1]
            );
            if rephs.is_empty() {
                rephs.push((w[0], w[1]));
            }
            rephs.last_mut().unwrap().1 = w[1];
        }
    }
    rephs
}

/// The journal rows of step `step` on `day` whose result says why it was
/// not done.
fn not_done<'a>(s: &'a votg::model::state::CampaignState, day: &str, step: &str) -> Vec<&'a str> {
    s.journal
        .iter()
        .filter(|r| r.cg_day == day && r.step == step && r.result.starts_with("not done"))
        .map(|r| r.result.as_str())
        .collect()
}

#[test]
fn every_step_is_journalled_with_counterattack_and_idle_day() {
    let c = Camp::new("I");
    for (name, text) in [
        (
            "w.toml",
            include_str!("../../rosters/cg-i-walkthrough.answers.toml"),
        ),
        (
            "p1.toml",
            include_str!("../../rosters/cg-i-partway.1.answers.toml"),
        ),
        (
            "p2.toml",
            include_str!("../../rosters/cg-i-partway.2.answers.toml"),
        ),
    ] {
        let a = c.file(name, text);
        votg()
            .args(["refit", c.path(), "--answers", &a])
            .assert()
            .success();
    }
    let s = c.state();
    for side in Side::BOTH {
        let rephs: Vec<(&str, &str)> = every_step_in_order(&s, side)
            .iter()
            .map(|(a, b)| (a.as_str(), b.as_str()))
            .collect();
        // The Initial Scenario's; after it (a Counterattack declared); after
        // the Counterattack (an Idle Day); the Idle Day's loop, to the 17 Sep
        // scenario set up.
        assert_eq!(
            rephs,
            [
                ("12.621", "12.627"),
                ("12.601", "12.627"),
                ("12.601", "12.627"),
                ("12.614", "12.627")
            ],
            "{side}"
        );
    }
    // Before the Counterattack, the ‡ steps are journalled as skipped, for
    // each side where the step is each side's own.
    for (step, rows) in [("12.614", 1), ("12.615d", 2), ("12.619", 2), ("12.620", 2)] {
        let why = not_done(&s, "15/9", step);
        assert_eq!(why.len(), rows, "{step}: {why:?}");
        assert!(
            why.iter().all(|w| w.contains("Counterattack")),
            "{step}: {why:?}"
        );
    }
    // On the Idle Day no scenario is set up or begun.
    for step in ["12.626", "12.627"] {
        let why = not_done(&s, "16/9", step);
        assert!(
            why.iter().any(|w| w.contains("Idle Day")),
            "{step}: {why:?}"
        );
    }
    // A secret step with nothing to do is secret to its side.
    let strength: Vec<_> = s
        .journal
        .iter()
        .filter(|r| r.cg_day == "16/9" && r.step == "12.622")
        .collect();
    assert!(!strength.is_empty());
    assert!(strength.iter().all(|r| r.secret && r.side != "both"));
    // The scenario's record is labelled as such, not as a step it precedes.
    let record = s
        .journal
        .iter()
        .find(|r| r.what.starts_with("Scenario 1 recorded"))
        .unwrap();
    assert_eq!(
        (record.step.as_str(), record.rule.as_str()),
        ("scenario", "12.6041")
    );
}
