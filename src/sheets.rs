//! The cells of the text sheets (`roster`, `purchases`, `log`): one place
//! that turns the campaign's typed facts into the columns players read,
//! shared by the terminal, CSV and JSON forms.

use compact_str::CompactString;

use crate::journal::JournalRow;
use crate::purchase_record::{PurchaseRow, SW_COLUMNS};
use crate::roster::{Bought, Roster};
use crate::sheet_fit::Sheet;
use crate::side::Side;

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
            crate::drm::signed(l.hist_drm),
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

/// The journal rows given; `renumber`: `#` counts the rows shown rather
/// than giving the journal's own sequence number.
pub fn log(rows: &[&JournalRow], renumber: bool) -> Sheet {
    let mut sheet = Sheet::new(
        &[
            "#", "CG Day", "Step", "Side", "What", "Dice", "Orig", "DRM", "Final", "Result", "Rule",
        ],
        1,
    );
    for (i, r) in rows.iter().enumerate() {
        sheet.push([
            CompactString::from(if renumber {
                (i + 1).to_string()
            } else {
                r.seq.to_string()
            }),
            r.cg_day.clone(),
            r.step.clone(),
            if r.secret {
                compact_str::format_compact!("{} (secret)", r.side)
            } else {
                r.side.clone()
            },
            r.what.clone(),
            r.dice.clone(),
            r.original.clone(),
            // Read back and shown as the rules print them (no escapes).
            if r.drms.is_empty() {
                CompactString::default()
            } else {
                r.drm_list()
                    .map_or_else(|_| r.drms.clone(), |d| crate::drm::describe(&d).into())
            },
            r.final_result.clone(),
            r.result.clone(),
            r.rule.clone(),
        ]);
    }
    sheet
}
