use super::*;

fn ids(o: Occasion) -> Vec<&'static str> {
    steps_for(o).iter().map(|s| s.rule()).collect()
}

#[test]
fn c1_initial_scenario_runs_the_dagger_steps_then_set_up_and_commencement() {
    assert_eq!(
        ids(Occasion::Initial),
        vec!["12.621", "12.622", "12.623", "12.624", "12.626", "12.627"]
    );
    let last = StepId::parse("12.627").unwrap();
    assert_eq!(next(Occasion::Initial, last), None);
}

#[test]
fn c1_counterattack_skips_614_615def_619_620() {
    let ids = ids(Occasion::BeforeCounterattack);
    for skipped in ["12.614", "12.615d", "12.619", "12.620"] {
        assert!(!ids.contains(&skipped), "{skipped}");
    }
    for kept in [
        "12.615a", "12.615g", "12.616", "12.617", "12.618", "12.621", "12.626",
    ] {
        assert!(ids.contains(&kept), "{kept}");
    }
}

#[test]
fn c1_c23_idle_day_loops_614_to_625() {
    let ids = ids(Occasion::IdleDayLoop);
    assert_eq!(ids.first(), Some(&"12.614"));
    assert!(ids.contains(&"12.625"));
    assert!(ids.contains(&"12.6252"));
    assert!(!ids.contains(&"12.613"));
    assert_eq!(idle_day_loop_start().as_str(), "12.614");
}

#[test]
fn sequence_is_in_rule_order_and_ids_match_positions() {
    let all = ids(Occasion::AfterScenario);
    assert_eq!(all.len(), SEQUENCE.len());
    assert_eq!(all.len(), SEQUENCE.len());
    assert!(crate::model::step::StepId::at(SEQUENCE.len()).is_none());
    assert_eq!(all.first(), Some(&"12.601"));
    assert_eq!(all.last(), Some(&"12.627"));
    for (i, s) in SEQUENCE.iter().enumerate() {
        assert_eq!(s.id.index(), i, "{}", s.rule());
        assert_eq!(StepId::parse(s.rule()), Some(s.id));
    }
    assert_eq!(StepId::parse("12.699"), None);
    assert_eq!(StepId::parse("done"), None);
}

#[test]
fn every_step_says_who_performs_it_and_its_function_fits() {
    for s in SEQUENCE {
        match (s.scope, s.action) {
            (Scope::Joint, Action::PerSide(_)) | (Scope::PerSide { .. }, Action::Joint(_)) => {
                panic!("{} scope and function disagree", s.rule())
            }
            _ => {}
        }
    }
    // 12.612, 12.616, 12.618, 12.621-12.625 are made secretly (12.6123,
    // 12.6124, 12.6162, 12.618, 12.621, 12.6252).
    for id in [
        "12.612", "12.616", "12.618", "12.621", "12.622", "12.623", "12.624", "12.625",
    ] {
        assert_eq!(
            find(id).unwrap().scope,
            Scope::PerSide { secret: true },
            "{id}"
        );
    }
    for id in ["12.6252", "12.626", "12.627", "12.620", "12.614"] {
        assert_eq!(find(id).unwrap().scope, Scope::Joint, "{id}");
    }
}
