//! `cargo bench`: wall-clock time of votg commands on a CG IV campaign at its
//! last CG Day (27 Sep), as ratios against `votg --version` measured in the
//! same run (so the figures do not depend on the machine). Budgets (README):
//! every read command <= 2x, one whole scripted RePh <= 5x. It reports; it
//! never fails, since timings belong to a benchmark, not to a test.

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use votg::campaign::{OccasionName, Position, Standing};
use votg::side::Side;
use votg::state::CampaignState;
use votg::store::Store;
use votg::tables::Tables;

const RUNS: usize = 20;

fn votg(args: &[&str]) -> std::process::Output {
    let out = Command::new(env!("CARGO_BIN_EXE_votg"))
        .args(args)
        .output()
        .expect("votg runs");
    assert!(
        out.status.success(),
        "votg {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// The median of `RUNS` runs of `f`.
fn median(mut f: impl FnMut()) -> Duration {
    let mut samples: Vec<Duration> = (0..RUNS)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed()
        })
        .collect();
    samples.sort();
    samples[RUNS / 2]
}

fn report(label: &str, t: Duration, base: Duration, budget: f64) {
    let ratio = t.as_secs_f64() / base.as_secs_f64();
    let verdict = if ratio <= budget { "ok" } else { "OVER BUDGET" };
    println!(
        "{label:<44} {:>8.2} ms   {ratio:>5.2}x   budget {budget}x   {verdict}",
        t.as_secs_f64() * 1e3
    );
}

fn copy_all(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("dir");
    for e in std::fs::read_dir(from).expect("read dir") {
        let p = e.expect("entry").path();
        let target = to.join(p.file_name().expect("name"));
        if p.is_dir() {
            copy_all(&p, &target);
        } else {
            std::fs::copy(&p, &target).expect("copy");
        }
    }
}

/// Stands in for 12.601-12.613 after the scenario of the CG Day the
/// campaign is on: the German won it; both sides are at 12.614.
fn scenario_played(dir: &Path) {
    let tables = Tables::embedded().expect("tables");
    let store = Store::open(dir).expect("store");
    let mut s =
        CampaignState::from_files(&store.read_files().expect("read"), &tables).expect("campaign");
    if let Some(d) = s.campaign.days.last_mut() {
        d.victor = Some(Side::German);
    }
    s.campaign.occasion = OccasionName::AfterScenario;
    s.campaign.step = Standing::both(Position::parse("12.614").expect("step"));
    store.commit(&s.to_files(), None).expect("commit");
}

fn main() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let setup = tmp.path().join("setup");
    let s = setup.to_str().expect("utf-8 path");
    votg(&["new", s, "--cg", "IV", "--seed", "1"]);
    // Each side's answers for a CG Day: both stay Idle (C23), except on 26
    // and 27 Sep when the German attacks (a German Assault scenario).
    let side = "buy = []\nfortify = []\nrecon = 0\ninitiative = \"idle\"\n";
    let answers = tmp.path().join("answers.toml");
    std::fs::write(
        &answers,
        format!(
            "[german]\n{side}[german.day.\"26\"]\ninitiative = \"attack\"\n[german.day.\"27\"]\ninitiative = \"attack\"\n[russian]\n{side}"
        ),
    )
    .expect("answers");
    let a = answers.to_str().expect("utf-8 path");
    // The Initial Scenario's RePh, then 15-25 Sep Idle and 26 Sep's scenario.
    votg(&["refit", s, "--answers", a]);
    scenario_played(&setup);
    votg(&["refit", s, "--answers", a]);
    scenario_played(&setup);
    // `setup` now stands at 12.614 after 26 Sep's scenario: its RePh makes
    // 27 Sep, the CG's last CG Day.
    let base = median(|| {
        votg(&["--version"]);
    });
    report("votg --version (the unit)", base, base, 1.0);
    let mut n = 0;
    let reph = median(|| {
        n += 1;
        let d = tmp.path().join(format!("reph-{n}"));
        copy_all(&setup, &d);
        votg(&["refit", d.to_str().expect("utf-8"), "--answers", a]);
    });
    report(
        "refit: one whole scripted RePh (26->27 Sep)",
        reph,
        base,
        5.0,
    );
    let last = tmp.path().join("reph-1");
    let d = last.to_str().expect("utf-8 path");
    let reads: &[(&str, Vec<&str>)] = &[
        ("status", vec!["status", d]),
        (
            "roster --side german",
            vec!["roster", d, "--side", "german"],
        ),
        (
            "roster --side russian",
            vec!["roster", d, "--side", "russian"],
        ),
        (
            "purchases --side german",
            vec!["purchases", d, "--side", "german"],
        ),
        (
            "force --side russian",
            vec!["force", d, "--side", "russian"],
        ),
        ("log --reveal", vec!["log", d, "--reveal"]),
        ("table list", vec!["table", "list"]),
        (
            "table show cpp-replenishment",
            vec!["table", "show", "cpp-replenishment"],
        ),
    ];
    for (label, args) in reads {
        let t = median(|| {
            votg(args);
        });
        report(label, t, base, 2.0);
    }
    // The sheets and the audits (issue 10): print and explain against the
    // same budget as the read commands; verify of a whole campaign 5x.
    let sheet = tmp.path().join("sheets.html");
    let sheet = sheet.to_str().expect("utf-8 path");
    let t = median(|| {
        votg(&["print", d, "--side", "german", "--out", sheet]);
    });
    report("print --side german", t, base, 2.0);
    let t = median(|| {
        votg(&["explain", d, "--side", "german", "1"]);
    });
    report("explain --side german 1", t, base, 2.0);
    // verify replays from `votg new`; it refuses (exit 1, saying why) what it
    // cannot replay yet, and that is timed too.
    let t = median(|| {
        let _ = Command::new(env!("CARGO_BIN_EXE_votg"))
            .args(["verify", d])
            .output();
    });
    report("verify (whole campaign)", t, base, 5.0);
}
