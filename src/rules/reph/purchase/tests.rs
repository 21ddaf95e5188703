use super::*;
use crate::model::side::{Cg, Side};
use crate::model::state::CampaignState;
use crate::rules::cg_def::{self, CgDef};
use crate::rules::new_campaign::initial_state;
use crate::rules::tables::Tables;

struct Camp {
    tables: Tables,
    def: CgDef,
    state: CampaignState,
}

fn camp(cg: Cg) -> Camp {
    let tables = Tables::embedded().unwrap();
    let def = cg_def::load(&tables, cg).unwrap();
    let state = initial_state(&def, &tables);
    Camp { tables, def, state }
}

impl Camp {
    fn market(&self, side: Side) -> Market<'_> {
        Market {
            tables: &self.tables,
            def: &self.def,
            state: &self.state,
            side,
        }
    }
}

/// A campaign of `cg` moved on to a later CG Day (as after 12.601-12.620).
fn later(cg: Cg, date: u8) -> Camp {
    let mut c = camp(cg);
    c.state.campaign.date = date;
    c.state.campaign.scenario = 2;
    c.state.campaign.occasion = crate::model::campaign::OccasionName::AfterScenario;
    c
}

/// Quotes `texts` in order as one batch: the quotes, or the first refusal.
fn try_all(m: &Market, texts: &[&str]) -> Result<Vec<Quote>, Refusal> {
    let mut earlier = Vec::new();
    for t in texts {
        earlier.push(m.quote(&Purchase::parse(t).unwrap(), &earlier)?);
    }
    Ok(earlier)
}

/// The refusal of the batch `texts`, whose text must cite `rule`.
fn refused(c: &Camp, side: Side, texts: &[&str], rule: &str) -> Refusal {
    let r = try_all(&c.market(side), texts).expect_err("refused");
    assert!(r.to_string().contains(rule), "{texts:?}: {r}");
    r
}

#[test]
fn rule_12_6211_an_unknown_rg_is_refused() {
    let c = camp(Cg::I);
    let r = refused(&c, Side::German, &["Z9"], "12.6211");
    assert!(
        matches!(r, Refusal::UnknownRg { ref rg, ref ids, .. } if rg == "Z9" && ids.contains(&"I1".to_string()))
    );
}

#[test]
fn ssr_initial_scenario_restrictions_are_refusals() {
    let c = camp(Cg::I);
    let r = refused(&c, Side::Russian, &["I1"], "SSR I-2");
    assert!(matches!(r, Refusal::ForbiddenInInitial { ref rg, .. } if rg == "I1"));
    let r = refused(&c, Side::German, &["I1 reserve"], "SSR I-2");
    assert_eq!(
        r,
        Refusal::NoReserveInInitial {
            side: Side::German,
            ssr: "I-2".into()
        }
    );
    let mut c = camp(Cg::I);
    let mut r = c.def.restrictions();
    r.german_no_san = true;
    c.def.initial.restrictions = Some(r);
    let r = refused(&c, Side::German, &["M2"], "SAN");
    assert!(matches!(r, Refusal::NoGermanSan { .. }));
}

#[test]
fn rule_12_6214_ways_of_buying_are_refusals() {
    let c = camp(Cg::I);
    let r = refused(&c, Side::German, &["O1 on-map"], "12.6214a");
    assert_eq!(
        r,
        Refusal::OnMapNotArmorOrInfantry {
            rg: "O1".into(),
            note_a: true
        }
    );
    let r = refused(&c, Side::German, &["A1 reserve"], "12.6214b");
    assert_eq!(r, Refusal::ReserveNotInfantry { rg: "A1".into() });
    let r = refused(&c, Side::German, &["A3 dug-in"], "12.6214c");
    assert_eq!(r, Refusal::DugInNotRussianAfv);
}

#[test]
fn notes_p_o_t_module_options_are_refusals() {
    let c = camp(Cg::I);
    let r = refused(&c, Side::German, &["I1 prereg=1"], "note p");
    assert_eq!(r, Refusal::PreRegNotOba { rg: "I1".into() });
    let r = refused(&c, Side::German, &["O1 prereg=3"], "note p");
    assert_eq!(r, Refusal::TooManyPreReg);
    let r = refused(&c, Side::German, &["I1 hex=A1"], "o/i");
    assert!(matches!(r, Refusal::HexesDoNotFit { .. }));
    let r = refused(&c, Side::German, &["O1 creeping"], "E12");
    assert_eq!(r, Refusal::CreepingWithoutPreReg);
    let r = refused(&c, Side::German, &["I1 cpp=2"], "note t");
    assert_eq!(r, Refusal::CppOptionNotStuka);
}

#[test]
fn note_b_boats_are_refused_where_the_rules_refuse_them() {
    let c = camp(Cg::I);
    let r = refused(&c, Side::German, &["I1 boats"], "note b");
    assert_eq!(r, Refusal::NoBoats { rg: "I1".into() });
    let c = camp(Cg::III);
    let r = refused(&c, Side::Russian, &["I1 reserve boats"], "note b");
    assert_eq!(r, Refusal::BoatsNotReinforcements);
    // 20 Sep in CG II: the Orange Entry Code is open, but Orange does not boat.
    let c = later(Cg::II, 20);
    let r = refused(&c, Side::Russian, &["I2 code=orange boats"], "12.6217");
    assert_eq!(r, Refusal::BoatsNeedRedOrBrown);
    assert!(try_all(&c.market(Side::Russian), &["I2 code=red boats"]).is_ok());
}

#[test]
fn rule_12_6216_cg_max_and_its_slots_are_refusals() {
    let c = camp(Cg::I);
    let r = refused(&c, Side::German, &["I4", "I4"], "12.6216");
    assert!(matches!(
        r,
        Refusal::CgMax {
            max: 1,
            taken: 1,
            ..
        }
    ));
    let r = refused(&c, Side::German, &["A1", "A1"], "note m");
    assert!(matches!(r, Refusal::SlotsClosed { ref gates, .. } if gates == &[SlotGate::NoteM]));
}

#[test]
fn rule_12_6217_c10_entry_codes_are_refusals() {
    let c = camp(Cg::II);
    let r = refused(&c, Side::German, &["I1"], "READINGS.md C10");
    assert_eq!(
        r,
        Refusal::EntryCodeRequired {
            rg: "I1".into(),
            choices: vec![("blue".into(), 5), ("green".into(), 2)]
        }
    );
    let r = refused(&c, Side::German, &["I1 code=purple"], "12.6217");
    assert!(
        matches!(r, Refusal::NoSuchEntryCode { ref want, ref available, .. }
        if want == "purple" && available == &["blue".to_string(), "green".to_string()])
    );
    let r = refused(&c, Side::Russian, &["I1"], "12.6217");
    assert!(matches!(r, Refusal::SlotsClosed { ref gates, .. }
        if matches!(gates[0], SlotGate::EntryCodeFromNight { date: 14, .. })));
}

#[test]
fn rule_12_6215_c13_daily_limits_are_refusals() {
    let c = camp(Cg::I);
    let r = refused(&c, Side::German, &["I1", "I1", "I1"], "12.6215");
    assert!(matches!(
        r,
        Refusal::DailyMax {
            max: 2,
            bought: 2,
            date: 15,
            ..
        }
    ));
    let c = camp(Cg::II);
    let r = refused(&c, Side::Russian, &["I3", "I3", "I4"], "READINGS.md C13");
    assert_eq!(
        r,
        Refusal::CompanyLimit {
            limit: 2,
            hist: 0,
            date: 14,
            count: 3
        }
    );
}

#[test]
fn notes_u_o_s_per_scenario_limits_are_refusals() {
    let c = camp(Cg::I);
    let r = refused(&c, Side::German, &["S1", "S2"], "note u");
    assert_eq!(r, Refusal::OneStuka);
    let r = refused(&c, Side::German, &["O5"], "o/i");
    assert_eq!(
        r,
        Refusal::ObserverPerModule {
            modules: 0,
            observers: 0
        }
    );
    let r = refused(&c, Side::German, &["O1", "O6"], "note s");
    assert_eq!(r, Refusal::SpotterNeedsBigModule);
}

#[test]
fn rule_12_6181_c14_what_the_pools_cannot_pay_is_refused() {
    let c = camp(Cg::I);
    let r = refused(&c, Side::Russian, &["I3", "I5", "A3"], "4 CPP left");
    assert_eq!(
        r,
        Refusal::CannotPay {
            text: "A3".into(),
            cost: 5,
            breakdown: vec!["5 chart cost (12.6214)".into()],
            cpp_left: 4,
            support_left: None
        }
    );
}

/// `camp` with `cpp` CPP left, so that the pools limit nothing.
fn rich(cg: Cg, side: Side, cpp: i64) -> Camp {
    let mut c = camp(cg);
    c.state.line_mut(side).cpp.left = cpp;
    c
}

fn possible(c: &Camp, side: Side, earlier: &[&str], rg: &str) -> Option<Possible> {
    let m = c.market(side);
    let earlier = try_all(&m, earlier).unwrap();
    m.still_possible(&earlier).into_iter().find(|p| p.rg == rg)
}

#[test]
fn hint_counts_daily_max_not_only_open_cg_max_slots() {
    let c = rich(Cg::I, Side::German, 100);
    let i1 = possible(&c, Side::German, &[], "I1").unwrap();
    assert!(i1.left_in_cg > 2, "{i1}");
    assert_eq!(i1.now, 2, "Daily Max 2 (12.6215): {i1}");
    assert_eq!(
        i1.to_string(),
        format!("I1 Rifle Coy (2 now, {} left in CG) 7 CPP", i1.left_in_cg)
    );
    let i1 = possible(&c, Side::German, &["I1"], "I1").unwrap();
    assert_eq!(i1.now, 1);
}

#[test]
fn hint_counts_the_c13_company_limit() {
    // 15 Sep, German Historical DRM -1: 3 Companies; six Pltn are two.
    let c = rich(Cg::I, Side::German, 100);
    let six = ["I2", "I2", "I2", "I3", "I3", "I3"];
    let i1 = possible(&c, Side::German, &six, "I1").unwrap();
    assert_eq!(i1.now, 1, "READINGS.md C13: {i1}");
}

#[test]
fn hint_counts_one_stuka_per_scenario() {
    let c = rich(Cg::I, Side::German, 100);
    let s1 = possible(&c, Side::German, &[], "S1").unwrap();
    assert_eq!(s1.now, 1, "note u: {s1}");
    assert!(possible(&c, Side::German, &["S2"], "S1").is_none());
}

#[test]
fn hint_counts_the_pools() {
    // I1 costs 7: 15 CPP pay for two, 13 for one, 6 for none.
    for (cpp, now) in [(15, Some(2)), (13, Some(1)), (6, None)] {
        let c = rich(Cg::I, Side::German, cpp);
        let i1 = possible(&c, Side::German, &[], "I1").map(|p| p.now);
        assert_eq!(i1, now, "{cpp} CPP");
    }
}

#[test]
fn hint_offers_each_open_entry_code() {
    let c = camp(Cg::II);
    let i1 = possible(&c, Side::German, &[], "I1").unwrap();
    assert_eq!(i1.codes, ["blue", "green"]);
    assert!(i1.what().ends_with(", code=blue|green"), "{}", i1.what());
}

#[test]
fn a_refused_purchase_says_what_is_left_before_the_batch() {
    let c = camp(Cg::I);
    let m = c.market(Side::German);
    let earlier = try_all(&m, &["I1", "I1"]).unwrap();
    let p = Purchase::parse("I1").unwrap();
    let why = m.quote(&p, &earlier).unwrap_err();
    let r = RefusedPurchase::new(&m, "I1", &p, why);
    // Nothing was bought: 14 CPP and 4 Support CPP, not what the batch left.
    assert_eq!((r.cpp_left, r.support_left), (14, Some(4)));
    let text = r.to_string();
    assert!(text.contains("Nothing was bought. 14 CPP left, 4 Support CPP left. Still possible:\n  I1 Rifle Coy (2 now"), "{text}");
    // One line per RG, the refused RG and its kind first, at most six.
    let lines: Vec<&str> = text.lines().skip(2).collect();
    assert!(
        lines[0].trim_start().starts_with("I1 ") && lines[1].trim_start().starts_with('I'),
        "{text}"
    );
    assert!(r.possible.len() > 6, "{text}");
    assert_eq!(lines.len(), 7, "{text}");
    assert!(lines[6].contains("`votg table show german-rg`"), "{text}");
}

/// C39: CGI-2's one OBA module per scenario limits use,
/// not purchase: the second module is bought, and the warning says so.
#[test]
fn cgi_2_oba_limit_limits_use_not_purchase() {
    let c = camp(Cg::I);
    let m = c.market(Side::German);
    let one = try_all(&m, &["O4"]).expect("one module");
    assert_eq!(m.oba_on_hand(&one), 1);
    assert_eq!(m.oba_warning(&one), None);
    let two = try_all(&m, &["O4", "O1"]).expect("a second module may be bought (READINGS.md C39)");
    assert_eq!(m.oba_on_hand(&two), 2);
    let w = m.oba_warning(&two).expect("warned");
    assert!(
        w.contains("at most 1") && w.contains("CGI-2") && w.contains("READINGS.md C39"),
        "{w}"
    );
}
