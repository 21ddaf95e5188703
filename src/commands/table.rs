//! `votg table list | show | roll | odds`.

use crate::commands::Config as Global;
use crate::error::Error;
use crate::model::drm::Drm;
use crate::model::side::Side;
use crate::render::chart_render;
use crate::rules::dice::{DiceSource, ListedDice, Roll, parse_throw};
use crate::rules::odds;
use crate::rules::roll_text;
use crate::rules::table::{Column, DiceTable, Select};
use crate::rules::tables::{CHART_IDS, DICE_TABLE_IDS, Tables};

/// `votg table …`, as the command line gave it.
#[derive(Debug, Clone)]
pub enum TableCommand {
    List {
        json: bool,
    },
    Show {
        id: String,
        column: Option<String>,
        side: Option<Side>,
        json: bool,
    },
    Roll {
        id: String,
        dice: Option<String>,
        drm: Vec<String>,
        column: Option<String>,
        side: Option<Side>,
        json: bool,
    },
    Odds {
        id: String,
        drm: Vec<String>,
        column: Option<String>,
        side: Option<Side>,
        json: bool,
    },
}

pub fn run(cmd: &TableCommand, global: &Global) -> Result<String, Error> {
    let tables = global.load_tables()?;
    match cmd {
        TableCommand::List { json } => Ok(list(&tables, *json)),
        TableCommand::Show {
            id,
            column,
            side,
            json,
        } => {
            let text = show(&tables, id, column.as_deref(), *side, *json)?;
            Ok(if *json {
                text
            } else {
                crate::render::sheet_fit::fit_text(
                    &text,
                    crate::render::sheet_fit::terminal_width(),
                )
            })
        }
        TableCommand::Roll {
            id,
            dice,
            drm,
            column,
            side,
            json,
        } => {
            let table = tables.dice_table(id)?;
            let column = pick_column(table, column.as_deref(), *side)?;
            let drms = parse_drms(table, drm)?;
            let mut source: Box<dyn DiceSource> = match dice {
                Some(text) => {
                    Box::new(ListedDice::new(given_faces(table, column, text)?, "--dice"))
                }
                None => global.dice()?,
            };
            roll(
                table,
                column,
                &drms,
                dice.as_deref(),
                source.as_mut(),
                *json,
            )
        }
        TableCommand::Odds {
            id,
            drm,
            column,
            side,
            json,
        } => {
            let table = tables.dice_table(id)?;
            let drms = parse_drms(table, drm)?;
            let total = crate::model::drm::total(&drms);
            let columns: Vec<&Column> = if column.is_some() || side.is_some() {
                vec![pick_column(table, column.as_deref(), *side)?]
            } else {
                table.columns.iter().collect()
            };
            Ok(if *json {
                let value = serde_json::json!({
                    "table": table.id,
                    "dice": table.dice.to_string(),
                    "drm": total,
                    "columns": columns.iter().map(|c| odds_json(table, c, total)).collect::<Vec<_>>(),
                });
                format!("{}\n", serde_json::to_string_pretty(&value).expect("json"))
            } else {
                columns
                    .iter()
                    .map(|c| roll_text::odds(table, c, total))
                    .collect::<Vec<_>>()
                    .join("\n")
            })
        }
    }
}

fn list(tables: &Tables, json: bool) -> String {
    if json {
        let mut items: Vec<serde_json::Value> = DICE_TABLE_IDS
            .iter()
            .map(|id| {
                let t = &tables.dice[*id];
                serde_json::json!({"id": t.id, "title": t.title, "rule": t.rule, "dice": t.dice.to_string(),
                    "columns": t.column_ids(), "select": if t.columns.len() > 1 { Some(t.select) } else { None }})
            })
            .collect();
        items.extend(CHART_IDS.iter().map(|id| {
            let (title, rule) = chart_render::title_rule(tables, id);
            serde_json::json!({"id": id, "title": title, "rule": rule, "dice": null})
        }));
        return format!("{}\n", serde_json::to_string_pretty(&items).expect("json"));
    }
    let mut t = roll_text::grid();
    t.set_header(vec!["id", "table", "rule", "dice", "columns"]);
    for id in DICE_TABLE_IDS {
        let table = &tables.dice[*id];
        let columns = if table.columns.len() > 1 {
            let flag = match table.select {
                Select::Column => "--column",
                Select::Side => "--side",
            };
            format!("{flag} {}", table.column_ids().join("|"))
        } else {
            String::new()
        };
        t.add_row(vec![
            table.id.clone(),
            table.title.clone(),
            table.rule.clone(),
            table.dice.to_string(),
            columns,
        ]);
    }
    for id in CHART_IDS {
        let (title, rule) = chart_render::title_rule(tables, id);
        t.add_row(vec![
            id.to_string(),
            title,
            rule,
            "chart".into(),
            String::new(),
        ]);
    }
    format!("{t}\n")
}

fn show(
    tables: &Tables,
    id: &str,
    column: Option<&str>,
    side: Option<Side>,
    json: bool,
) -> Result<String, Error> {
    if CHART_IDS.contains(&id) {
        return Ok(if json {
            chart_render::chart_json(tables, id)
        } else {
            chart_render::chart(tables, id)
        });
    }
    let table = tables.dice_table(id)?;
    if json {
        return Ok(format!(
            "{}\n",
            serde_json::to_string_pretty(table).expect("json")
        ));
    }
    if column.is_some() || side.is_some() {
        let c = pick_column(table, column, side)?;
        let mut only = table.clone();
        only.columns.retain(|x| x.id == c.id);
        return Ok(roll_text::dice_table(&only));
    }
    Ok(roll_text::dice_table(table))
}

/// The column named by `--column` or `--side`, as the table is chosen.
pub fn pick_column<'a>(
    table: &'a DiceTable,
    column: Option<&str>,
    side: Option<Side>,
) -> Result<&'a Column, Error> {
    let choices = table.column_ids().join(", ");
    let wanted = match table.select {
        Select::Column => "column",
        Select::Side => "side",
    };
    let name = match (column, side) {
        (Some(c), _) => {
            if table.select == Select::Side && table.columns.len() > 1 && table.column(c).is_none()
            {
                return Err(Error::WrongSelector {
                    table: table.id.clone(),
                    wanted: wanted.into(),
                    given: "column".into(),
                    choices,
                });
            }
            c.to_string()
        }
        (None, Some(s)) => {
            if table.select != Select::Side {
                if table.columns.len() == 1 {
                    return Ok(&table.columns[0]);
                }
                return Err(Error::WrongSelector {
                    table: table.id.clone(),
                    wanted: wanted.into(),
                    given: "side".into(),
                    choices,
                });
            }
            s.id().to_string()
        }
        (None, None) => {
            if table.columns.len() == 1 {
                return Ok(&table.columns[0]);
            }
            return Err(Error::ColumnRequired {
                table: table.id.clone(),
                flag: format!("--{wanted}"),
                choices,
            });
        }
    };
    table.column(&name).ok_or(Error::UnknownColumn {
        table: table.id.clone(),
        column: name,
        choices,
    })
}

fn parse_drms(table: &DiceTable, given: &[String]) -> Result<Vec<Drm>, Error> {
    let drms = given
        .iter()
        .map(|g| {
            let v: i64 = g
                .trim()
                .trim_start_matches('+')
                .parse()
                .map_err(|_| Error::BadDrm { given: g.clone() })?;
            let v = i32::try_from(v).map_err(|_| Error::DrmOutOfRange {
                what: "DRM".into(),
                value: v,
                limit: crate::model::drm::LIMIT,
            })?;
            Ok(Drm::new(v, "given with --drm", ""))
        })
        .collect::<Result<Vec<_>, Error>>()?;
    crate::model::drm::checked(&drms)?;
    if table.no_drm && drms.iter().any(|d| d.value != 0) {
        return Err(Error::DrmNotAllowed {
            table: table.id.clone(),
            rule: table.rule.clone(),
        });
    }
    Ok(drms)
}

/// The faces of `--dice` for `column`: the table's dice, or the gate's and
/// the table's where a gate guards the column; `34` is two dice where two
/// are asked. A face that is no die says what the table takes.
fn given_faces(table: &DiceTable, column: &Column, text: &str) -> Result<Vec<u8>, Error> {
    let mut counts = vec![table.dice.count()];
    let mut kind = table.dice.to_string();
    if let Some(g) = table
        .gate
        .as_ref()
        .filter(|g| g.columns.contains(&column.id))
    {
        counts.push(table.dice.count() + g.dice.count());
        kind = format!("{} (or {} + {})", table.dice, g.dice, table.dice);
    }
    parse_throw(text, "--dice", &counts).map_err(|e| match e {
        Error::BadDie { origin, face } => Error::BadDieFor {
            origin,
            face,
            expected: format!(
                "Table `{}` is rolled with a {kind}: give {} die face(s), each 1 to 6 (e.g. `--dice 3,4`, `--dice \"3 4\"` or `--dice 34` for two dice).",
                table.id,
                counts.iter().map(usize::to_string).collect::<Vec<_>>().join(" or ")
            ),
        },
        e => e,
    })
}

fn roll(
    table: &DiceTable,
    column: &Column,
    drms: &[Drm],
    given: Option<&str>,
    source: &mut dyn DiceSource,
    json: bool,
) -> Result<String, Error> {
    let gate = table
        .gate
        .as_ref()
        .filter(|g| g.columns.contains(&column.id));
    // With --dice, a gated column takes the gate die first when it is given;
    // faces for the table alone mean the gate was passed at the table.
    let gate_roll = match (gate, given) {
        (Some(g), Some(text)) => {
            let n = given_faces(table, column, text)?.len();
            let expected = table.dice.count();
            if n == expected + g.dice.count() {
                Some(source.roll(g.dice, &format!("{} gate", table.title))?)
            } else if n == expected {
                None
            } else {
                return Err(Error::WrongDiceCount {
                    table: table.id.clone(),
                    kind: format!("{} (or {} + {})", table.dice, g.dice, table.dice),
                    count: expected,
                    given: n,
                });
            }
        }
        (Some(g), None) => Some(source.roll(g.dice, &format!("{} gate", table.title))?),
        (None, Some(text)) => {
            let n = given_faces(table, column, text)?.len();
            if n != table.dice.count() {
                return Err(Error::WrongDiceCount {
                    table: table.id.clone(),
                    kind: table.dice.to_string(),
                    count: table.dice.count(),
                    given: n,
                });
            }
            None
        }
        (None, None) => None,
    };
    if let (Some(g), Some(gr)) = (gate, &gate_roll)
        && !g.pass.contains(gr.original())
    {
        return Ok(gate_failed(table, g, gr, json));
    }
    let roll: Roll = source.roll(table.dice, &table.title)?;
    let r = table.resolve(column, &roll, drms);
    if json {
        let mut v = r.to_json();
        if let (Some(g), Some(gr)) = (gate, &gate_roll) {
            v["gate"] = serde_json::json!({"dice": gr.dice, "original": gr.original(), "pass": g.pass.ascii(), "passed": true});
        }
        return Ok(format!("{v}\n"));
    }
    let mut out = String::new();
    if let (Some(g), Some(gr)) = (gate, &gate_roll) {
        out.push_str(&format!(
            "{} gate {}: {} — passed ({} needed)\n",
            g.mark,
            g.dice,
            gr.original(),
            g.pass
        ));
    }
    out.push_str(&roll_text::resolution(&r));
    Ok(out)
}

fn gate_failed(table: &DiceTable, g: &crate::rules::table::Gate, gr: &Roll, json: bool) -> String {
    if json {
        let v = serde_json::json!({
            "table": table.id, "dice": [], "original": null, "drm": [], "final": null,
            "result": "none (gate failed)", "notes": [format!("{} {}", g.mark, g.text)],
            "gate": {"dice": gr.dice, "original": gr.original(), "pass": g.pass.ascii(), "passed": false},
        });
        return format!("{v}\n");
    }
    format!(
        "{} gate {}: {} — failed ({} needed): no roll on the {}; nothing is received.\n  {} {}\n",
        g.mark,
        g.dice,
        gr.original(),
        g.pass,
        table.title,
        g.mark,
        g.text
    )
}

fn odds_json(table: &DiceTable, column: &Column, drm: i32) -> serde_json::Value {
    let rows: Vec<_> = column
        .rows
        .iter()
        .zip(odds::column_odds(table.dice, column, drm))
        .map(|(row, c)| {
            serde_json::json!({"range": row.range().ascii(), "result": row.result, "key": row.key,
                "value": row.value, "ways": c.ways, "out_of": c.out_of, "probability": c.as_f64()})
        })
        .collect();
    let originals: Vec<_> = table
        .footnotes
        .iter()
        .filter(|f| f.columns.is_empty() || f.columns.contains(&column.id))
        .filter_map(|f| {
            f.on_original.map(|r| {
                let c = odds::original_chance(table.dice, r);
                serde_json::json!({"mark": f.mark, "original": r.ascii(), "ways": c.ways, "out_of": c.out_of,
                    "probability": c.as_f64(), "text": f.text})
            })
        })
        .collect();
    serde_json::json!({"column": column.id, "rows": rows, "original_footnotes": originals})
}
