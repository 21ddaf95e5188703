//! Reading one campaign file: present, whole, parsed, with the file, line
//! and column of anything wrong.

use serde::de::DeserializeOwned;

use crate::error::Error;
use crate::error::line_column;
use crate::model::state::Files;

fn missing(name: &str) -> Error {
    Error::CampaignData {
        file: name.into(),
        field: "(file)".into(),
        value: "missing".into(),
        message: "every campaign has this file; restore it from a backup or `votg undo`".into(),
    }
}

/// votg ends every file with a line break: a file that ends in the middle
/// of a line was cut short (a crash, a full disk) and is refused, whatever
/// of it would still parse.
pub(crate) fn whole(name: &str, bytes: &[u8]) -> Result<(), Error> {
    if bytes.is_empty() || bytes.ends_with(b"\n") {
        return Ok(());
    }
    let text = String::from_utf8_lossy(bytes);
    let (line, column) = line_column(&text, text.len());
    Err(Error::CampaignSyntax {
        file: name.into(),
        line,
        column,
        message: "the file ends in the middle of a line, so it may have been cut short. If you edited it by hand, check its end and finish its last line with a line break".into(),
    })
}

pub(crate) fn toml_file<T: DeserializeOwned>(files: &Files, name: &str) -> Result<T, Error> {
    let bytes = files.get(name).ok_or_else(|| missing(name))?;
    let text = std::str::from_utf8(bytes).map_err(|e| {
        let (line, column) = line_column(&String::from_utf8_lossy(bytes), e.valid_up_to());
        Error::CampaignSyntax {
            file: name.into(),
            line,
            column,
            message: "the file is not UTF-8 text".into(),
        }
    })?;
    whole(name, bytes)?;
    toml::from_str(text).map_err(|e| {
        let (line, column) = e.span().map_or((1, 1), |s| line_column(text, s.start));
        Error::CampaignSyntax {
            file: name.into(),
            line,
            column,
            message: e.message().trim().to_string(),
        }
    })
}

/// A CSV file whose header is one of `headers` (the current one first, then
/// older ones that still load); also returns which one it had.
pub(crate) fn csv_file_of<T: DeserializeOwned>(
    files: &Files,
    name: &str,
    headers: &[&[&str]],
) -> Result<(Vec<T>, usize), Error> {
    let bytes = files.get(name).ok_or_else(|| missing(name))?;
    whole(name, bytes)?;
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(true)
        .from_reader(&bytes[..]);
    let syntax = |line: u64, column: usize, message: String| Error::CampaignSyntax {
        file: name.into(),
        line: line as usize,
        column,
        message,
    };
    let found = reader
        .headers()
        .map_err(|e| syntax(1, 1, e.to_string()))?
        .iter()
        .map(str::to_string)
        .collect::<Vec<_>>();
    let Some(which) = headers.iter().position(|h| found == *h) else {
        return Err(syntax(
            1,
            1,
            format!("the header must be exactly: {}", headers[0].join(",")),
        ));
    };
    let header = headers[which];
    let header_record = csv::StringRecord::from(header.to_vec());
    let mut rows = Vec::new();
    // One record reused for every row (the journal has thousands).
    let mut record = csv::StringRecord::new();
    loop {
        let more = reader.read_record(&mut record).map_err(|e| {
            let line = e.position().map_or(0, |p| p.line());
            syntax(line, 1, e.to_string())
        })?;
        if !more {
            break;
        }
        let line = record.position().map_or(0, |p| p.line());
        let row: T = record.deserialize(Some(&header_record)).map_err(|e| {
            let (column, message) = match e.kind() {
                csv::ErrorKind::Deserialize { err, .. } => {
                    let field = err.field().map_or(0, |f| f as usize);
                    (
                        field + 1,
                        format!(
                            "column `{}`: {}",
                            header.get(field).unwrap_or(&"?"),
                            err.kind()
                        ),
                    )
                }
                _ => (1, e.to_string()),
            };
            syntax(line, column, message)
        })?;
        rows.push(row);
    }
    Ok((rows, which))
}
