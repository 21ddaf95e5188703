//! The cells of the text sheets (`roster`, `purchases`, `log`): one place
//! that turns the campaign's typed facts into the columns players read,
//! shared by the terminal, CSV and JSON forms.

use std::borrow::Cow;

use crate::model::journal::JournalRow;
use crate::model::purchase_record::{PurchaseRow, SW_COLUMNS};
use crate::model::roster::{Bought, Roster};
use crate::model::side::Side;
use crate::render::sheet_fit::Sheet;

/// `I2 (6)`, or `A1 (2+2S)` when Support CPP paid part.
pub fn bought(b: &Bought) -> String {
    if b.support_cpp > 0 {
        format!("{} ({}+{}S)", b.rg, b.cpp, b.support_cpp)
    } else {
        format!("{} ({})", b.rg, b.cpp)
    }
}

/// The CG Roster, one row per CG Day line.
pub fn roster(roster: &Roster, side: Side) -> Sheet {
    let german = side == Side::German;
    let mut header = vec![
        "Date",
        "D/N",
        "Scen",
        "Hist DRM",
        "CPP Start",
        "Received",
        "Spent",
        "Left",
    ];
    if german {
        header.extend(["Sup Start", "Sup Rec'd", "Sup Spent", "Sup Left"]);
    }
    header.extend([
        "RG Purchased",
        "FPP",
        "Fortifications",
        "ELR",
        "SAN",
        "Recon",
        "Initiative",
    ]);
    if !german {
        header.push("Booby Trap");
    }
    let mut sheet = Sheet::new(&header, 1);
    for l in &roster.lines {
        let mut r = vec![
            format!("{}/9", l.date),
            if l.night { "N".into() } else { "D".into() },
            l.scenario.map_or("Idle".into(), |n| n.to_string()),
            crate::model::drm::signed(l.hist_drm),
            l.cpp.start.to_string(),
            l.cpp.received.to_string(),
            l.cpp.spent.to_string(),
            l.cpp.left.to_string(),
        ];
        if german {
            let p = l.support_cpp.unwrap_or_default();
            r.extend(
                [p.start, p.received, p.spent, p.left]
                    .iter()
                    .map(i64::to_string),
            );
        }
        r.push(l.rgs.iter().map(bought).collect::<Vec<_>>().join(", "));
        r.push(format!("{}/{}", l.fpp_spent, l.fpp));
        r.push(l.fortifications.join(", "));
        r.push(l.elr_text());
        r.push(l.san.to_string());
        r.push(
            l.recon
                .map_or(String::new(), |n| format!("{n} ({} CPP)", l.recon_cpp)),
        );
        r.push(l.initiative.clone().unwrap_or_default());
        if !german {
            r.push(l.booby_trap.clone().unwrap_or_default());
        }
        sheet.push(r);
    }
    sheet
}

/// `#P/EC` of 12.6218: purchases so far and the Entry Code, or `given`.
pub fn purchased_ec(r: &PurchaseRow) -> String {
    match (r.purchased_so_far, r.entry_code.as_str()) {
        (Some(n), "") => n.to_string(),
        (Some(n), ec) => format!("{n}/{ec}"),
        (None, _) => "given".into(),
    }
}

fn count(n: Option<u32>) -> String {
    n.map_or(String::new(), |n| n.to_string())
}

/// The RG Purchase Record: 12.6218's columns, the row number first (the
/// number `votg explain` takes).
pub fn purchases(rows: &[PurchaseRow]) -> Sheet {
    let mut header = vec![
        "Row",
        "CG Day",
        "RG ID",
        "Group Type",
        "#P/EC",
        "#R",
        "Str.",
        "# Units",
    ];
    header.extend(["HMG", "MMG", "LMG", "ATR", "Lt MTR", "FT", "DC"]);
    header.extend(["Guns", "Leaders", "Other", "On-Bd"]);
    let mut sheet = Sheet::new(&header, 3);
    for (i, r) in rows.iter().enumerate() {
        let mut row = vec![
            (i + 1).to_string(),
            r.cg_day.to_string(),
            r.rg_id.clone(),
            r.group_type.clone(),
            purchased_ec(r),
            count(r.remaining),
            r.strength.clone(),
            count(r.units),
        ];
        row.extend(SW_COLUMNS.iter().map(|k| count(r.sw(k))));
        row.extend([
            r.guns.clone(),
            r.leaders.clone(),
            r.other.clone(),
            r.on_board.to_string(),
        ]);
        sheet.push(row);
    }
    sheet
}

/// What `votg log` shows of one journal row, borrowed from it.
#[derive(Debug, Clone, Copy)]
pub struct LogLine<'a> {
    pub seq: u64,
    pub cg_day: &'a str,
    pub step: &'a str,
    pub side: &'a str,
    pub secret: bool,
    pub what: &'a str,
    pub dice: &'a str,
    pub original: &'a str,
    /// As written (see [`crate::model::journal::drms_text`]).
    pub drms: &'a str,
    pub final_result: &'a str,
    pub result: &'a str,
    pub rule: &'a str,
}

impl<'a> LogLine<'a> {
    pub fn of(r: &'a JournalRow) -> LogLine<'a> {
        LogLine {
            seq: r.seq,
            cg_day: &r.cg_day,
            step: &r.step,
            side: &r.side,
            secret: r.secret,
            what: &r.what,
            dice: &r.dice,
            original: &r.original,
            drms: &r.drms,
            final_result: &r.final_result,
            result: &r.result,
            rule: &r.rule,
        }
    }
}

/// The journal rows given; `renumber`: `#` counts the rows shown rather
/// than giving the journal's own sequence number. Cells the row holds as
/// shown are borrowed from it.
pub fn log<'a>(rows: impl IntoIterator<Item = LogLine<'a>>, renumber: bool) -> Sheet<Cow<'a, str>> {
    let header = [
        "#", "CG Day", "Step", "Side", "What", "Dice", "Orig", "DRM", "Final", "Result", "Rule",
    ];
    let cells = rows.into_iter().enumerate().map(|(i, r)| {
        let number = if renumber { i as u64 + 1 } else { r.seq };
        vec![
            Cow::Owned(number.to_string()),
            r.cg_day.into(),
            r.step.into(),
            if r.secret {
                Cow::Owned(format!("{} (secret)", r.side))
            } else {
                r.side.into()
            },
            r.what.into(),
            r.dice.into(),
            r.original.into(),
            // Read back and shown as the rules print them (no escapes).
            if r.drms.is_empty() {
                Cow::Borrowed("")
            } else {
                crate::model::drm_text::parse_drms(r.drms).map_or(Cow::Borrowed(r.drms), |d| {
                    crate::model::drm::describe(&d).into()
                })
            },
            r.final_result.into(),
            r.result.into(),
            r.rule.into(),
        ]
    });
    Sheet::of_rows(&header, 1, cells.collect())
}
