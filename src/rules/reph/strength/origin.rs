//! Where a purchase row's RG comes from — given in an Initial OB group, or
//! bought — and what follows from it: the DRMs of its strength DR, the box
//! its counters go to, a Pocket (III-4).

use crate::model::drm::Drm;
use crate::model::force::ForceBox;
use crate::model::side::Side;
use crate::rules::cg_def::GivenRg;
use crate::rules::reph::drms;
use crate::rules::reph::session::Session;
use crate::rules::rg_chart::RgDef;

/// The given RG each given purchase row stands for, in order (the rows are
/// written group by group, RG by RG, as the CG definition lists them).
fn given_defs<'a>(s: &'a Session, side: Side) -> Vec<(usize, &'a GivenRg)> {
    s.def
        .ob(side)
        .groups
        .iter()
        .enumerate()
        .flat_map(|(g, group)| {
            group
                .rgs
                .iter()
                .flat_map(move |r| std::iter::repeat_n((g, r), r.count as usize))
        })
        .collect()
}

/// The Initial OB group (index) of a given row.
fn given_group(s: &Session, side: Side, row_index: usize) -> Option<usize> {
    let rows = &s.state.side(side).purchases;
    if !rows[row_index].is_given() {
        return None;
    }
    let given_index = rows[..row_index].iter().filter(|r| r.is_given()).count();
    let (group, g) = *given_defs(s, side).get(given_index)?;
    (g.rg == rows[row_index].rg_id).then_some(group)
}

/// The SSR DRM of a given RG (I-4, II-4, III-5).
fn given_drm(s: &Session, side: Side, row_index: usize) -> Option<Drm> {
    let row = &s.state.side(side).purchases[row_index];
    let given_index = s.state.side(side).purchases[..row_index]
        .iter()
        .filter(|r| r.is_given())
        .count();
    let (_, g) = *given_defs(s, side).get(given_index)?;
    if g.rg != row.rg_id || g.strength_drm == 0 {
        return None;
    }
    let rule = g.strength_drm_rule.clone().unwrap_or_else(|| "SSR".into());
    Some(Drm::new(
        g.strength_drm,
        format!("Initial OB {}", row.group_type),
        format!("SSR {rule}"),
    ))
}

/// The SSR DRM of an RG bought for the Initial Scenario (I-4, II-4, III-5).
fn purchased_drm(s: &Session, side: Side, row_index: usize) -> Option<Drm> {
    let rows = &s.state.side(side).purchases;
    let row = &rows[row_index];
    if !s.state.campaign.is_initial() {
        return None;
    }
    let first = s.state.campaign.days.first()?.cg_day();
    if row.cg_day != first {
        return None;
    }
    let mut total = 0;
    let mut rules = Vec::new();
    for p in &s.def.ob(side).purchase_strength_drms {
        let by_prefix = p
            .rg_prefixes
            .iter()
            .any(|x| row.rg_id.starts_with(x.as_str()));
        let by_id = p.rgs.iter().any(|x| x == &row.rg_id);
        if !(by_prefix || by_id) {
            continue;
        }
        if p.nth > 0 {
            let nth = rows[..=row_index]
                .iter()
                .filter(|r| !r.is_given() && r.rg_id == row.rg_id)
                .count() as u32;
            if nth != p.nth {
                continue;
            }
        }
        total += p.drm;
        rules.push(p.rule.clone());
    }
    (total != 0).then(|| {
        Drm::new(
            total,
            format!("purchased {} in the Initial Scenario", row.group_type),
            format!("SSR {}", rules.join(", ")),
        )
    })
}

/// The DRMs of an RG's strength DR: Historical (12.6182) of the CG Day it
/// was bought for (the Russian's Night of a Counterattack he said will be
/// one: 12.6221, 12.6254, night_purchases), Balance (12.32), and any SSR DRM.
pub(super) fn strength_drms(s: &Session, side: Side, row_index: usize, rule: &str) -> Vec<Drm> {
    let day = match side {
        Side::Russian => crate::rules::reph::night_purchases::russian_day(&s.state),
        Side::German => s.state.campaign.cg_day(),
    };
    let mut list: Vec<Drm> = Vec::new();
    list.extend(drms::historical(s.tables, side, day, rule));
    list.extend(drms::balance(&s.state.campaign, side, rule));
    let ssr = if s.state.side(side).purchases[row_index].is_given() {
        given_drm(s, side, row_index)
    } else {
        purchased_drm(s, side, row_index)
    };
    list.extend(ssr.filter(|d| d.value != 0));
    list
}

/// The Force Organizer box the counters of a row go to: a given group's
/// Retained or Entering (it enters as reinforcements); a bought RG by its
/// On-Bd (12.6214) or note a, else Entering (SSR CG9).
pub(super) fn box_for(s: &Session, side: Side, row_index: usize, rg: &RgDef) -> ForceBox {
    let row = &s.state.side(side).purchases[row_index];
    if row.is_given() {
        let enters = given_group(s, side, row_index)
            .and_then(|g| s.def.ob(side).groups.get(g))
            .is_some_and(|g| g.enters);
        return if enters {
            ForceBox::Entering
        } else {
            ForceBox::Retained
        };
    }
    match row.on_board.as_str() {
        "O" => ForceBox::OnMapSetup,
        "R" => ForceBox::Reserve,
        "D" => ForceBox::DugInAfv,
        _ if rg.has_note("a") => ForceBox::OnMapSetup,
        _ => ForceBox::Entering,
    }
}

/// The Initial OB group of a given row that sets up in a Pocket (III-4).
pub(super) fn pocket_group(s: &Session, side: Side, row_index: usize) -> Option<usize> {
    given_group(s, side, row_index)
        .filter(|&g| s.def.ob(side).groups.get(g).is_some_and(|g| g.isolated))
}
