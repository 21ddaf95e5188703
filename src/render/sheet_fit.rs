//! A table sheet (`roster`, `purchases`, `log`) shown so that it fits the
//! terminal: its columns are split into stacked tables, each repeating the
//! key columns (the date, the row number) so every figure stays next to what
//! it belongs to, and a column too wide even alone is folded inside its cell.
//! Nothing is cut: every cell of the wide table appears in one of the parts.

use comfy_table::{ContentArrangement, Table, presets};

/// The narrowest terminal the sheets are laid out for.
pub const MIN_WIDTH: usize = 80;

/// The width to fit: `COLUMNS` if set, else the terminal's, else 80 (and
/// never below 80).
pub fn terminal_width() -> usize {
    let from_env = std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.trim().parse::<usize>().ok());
    let from_term = || {
        console::Term::stdout()
            .size_checked()
            .map(|(_, cols)| cols as usize)
    };
    from_env
        .or_else(from_term)
        .unwrap_or(MIN_WIDTH)
        .max(MIN_WIDTH)
}

/// One sheet's data: a header and rows of cells, the first `keys` columns
/// repeated in every part of a split sheet. Cells are owned unless a sheet
/// borrows them from what it shows (`votg log` from the journal).
#[derive(Debug, Clone, Default)]
pub struct Sheet<C = String> {
    pub header: Vec<String>,
    pub rows: Vec<Vec<C>>,
    pub keys: usize,
}

impl Sheet {
    pub fn new(header: &[&str], keys: usize) -> Sheet {
        Sheet {
            header: header.iter().map(|h| h.to_string()).collect(),
            rows: Vec::new(),
            keys,
        }
    }

    /// A row of cells.
    pub fn push<S: Into<String>>(&mut self, row: impl IntoIterator<Item = S>) {
        let row: Vec<String> = row.into_iter().map(Into::into).collect();
        debug_assert_eq!(row.len(), self.header.len());
        self.rows.push(row);
    }
}

impl<C: AsRef<str>> Sheet<C> {
    /// A sheet of `rows` made elsewhere, each as long as `header`.
    pub fn of_rows(header: &[&str], keys: usize, rows: Vec<Vec<C>>) -> Sheet<C> {
        debug_assert!(rows.iter().all(|r| r.len() == header.len()));
        Sheet {
            header: header.iter().map(|h| h.to_string()).collect(),
            rows,
            keys,
        }
    }

    /// The columns of each part: key columns first, then as many of the
    /// others as fit in `width`; a column that fits nowhere gets a part of
    /// its own (and is folded there).
    pub fn parts(&self, width: usize) -> Vec<Vec<usize>> {
        let widths = self.widths();
        let k = self.keys.min(widths.len());
        let keys: Vec<usize> = (0..k).collect();
        // A grid's width: each column's content, a space either side and
        // a border, and the last border.
        let key_width = 1 + widths[..k].iter().map(|w| w + 3).sum::<usize>();
        let mut parts: Vec<Vec<usize>> = Vec::new();
        let mut current: Vec<usize> = keys.clone();
        let mut used = key_width;
        for (col, content) in widths.iter().enumerate().skip(k) {
            let w = content + 3;
            if used + w > width && current.len() > keys.len() {
                parts.push(std::mem::replace(&mut current, keys.clone()));
                used = key_width;
            }
            current.push(col);
            used += w;
        }
        if current.len() > keys.len() || parts.is_empty() {
            parts.push(current);
        }
        parts
    }

    /// Every column's content width: its widest line, header included.
    fn widths(&self) -> Vec<usize> {
        let line = |t: &str| t.lines().map(|l| l.chars().count()).max().unwrap_or(0);
        (0..self.header.len())
            .map(|c| {
                self.rows
                    .iter()
                    .map(|r| r.get(c).map_or(0, |x| line(x.as_ref())))
                    .chain([line(&self.header[c])])
                    .max()
                    .unwrap_or(0)
            })
            .collect()
    }

    /// The columns `cols` as one comfy-table grid, its cells folded to fit
    /// `width` if given.
    fn grid(&self, out: &mut String, cols: &[usize], width: Option<usize>) {
        let mut t = Table::new();
        t.load_style(presets::UTF8_FULL_CONDENSED);
        if let Some(w) = width {
            t.set_content_arrangement(ContentArrangement::Dynamic)
                .set_width(w as u16);
        }
        t.set_header(cols.iter().map(|&c| self.header[c].as_str()));
        for r in &self.rows {
            t.add_row(cols.iter().map(|&c| r[c].as_ref()));
        }
        out.push_str(&t.to_string());
        out.push('\n');
    }

    /// The whole table on one grid, however wide (`--wide`), appended to
    /// `out`.
    pub fn wide(&self, out: &mut String) {
        let all: Vec<usize> = (0..self.header.len()).collect();
        self.grid(out, &all, None);
    }

    /// Stacked tables, each at most `width` characters wide, appended to
    /// `out`.
    pub fn fit(&self, out: &mut String, width: usize) {
        let parts = self.parts(width);
        let n = parts.len();
        for (i, cols) in parts.iter().enumerate() {
            if n > 1 {
                let names: Vec<&str> = cols[self.keys.min(cols.len())..]
                    .iter()
                    .map(|&c| self.header[c].as_str())
                    .collect();
                let title = format!("({}/{n}) {}", i + 1, names.join(", "));
                out.push_str(&fold(&title, width, 6));
            }
            self.grid(out, cols, Some(width));
        }
    }

    /// The sheet as CSV, header first.
    pub fn csv(&self) -> String {
        let mut w = csv::Writer::from_writer(Vec::new());
        w.write_record(&self.header).expect("in-memory write");
        for r in &self.rows {
            w.write_record(r.iter().map(|c| c.as_ref()))
                .expect("in-memory write");
        }
        String::from_utf8(w.into_inner().expect("in-memory write")).expect("UTF-8 in, UTF-8 out")
    }

    /// The sheet as one JSON document: an array of objects keyed by the
    /// header.
    pub fn json(&self) -> String {
        let rows: Vec<serde_json::Map<String, serde_json::Value>> = self
            .rows
            .iter()
            .map(|r| {
                self.header
                    .iter()
                    .zip(r)
                    .map(|(h, c)| (h.clone(), serde_json::Value::String(c.as_ref().into())))
                    .collect()
            })
            .collect();
        let mut text = serde_json::to_string_pretty(&rows).expect("strings serialise");
        text.push('\n');
        text
    }
}

/// Text for a terminal `width` columns wide: every line longer than that is
/// folded at spaces, its continuation lines indented two past its own
/// indent; a line of a drawn table (comfy-table fits those itself) is
/// left as it is.
pub fn fit_text(text: &str, width: usize) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.lines() {
        let drawn = line.starts_with(['┌', '│', '╞', '├', '└', '+', '|']);
        if drawn || line.chars().count() <= width {
            out.push_str(line);
            out.push('\n');
        } else {
            let indent = line.len() - line.trim_start().len();
            out.push_str(&fold(line, width, (indent + 2).min(width / 2)));
        }
    }
    out
}

/// Folds `text` to lines of at most `width` characters, breaking at spaces
/// (a word longer than the line is broken inside), each continuation line
/// indented by `indent` spaces; the first keeps its own indent.
pub fn fold(text: &str, width: usize, indent: usize) -> String {
    let len = |s: &str| s.chars().count();
    let mut out = String::new();
    let mut line = String::new();
    // Each word with the spaces before it, kept as they are within a line.
    let mut rest = text.trim_end();
    while !rest.is_empty() {
        let spaces = rest.len() - rest.trim_start().len();
        let word_end = rest[spaces..].find(' ').map_or(rest.len(), |i| spaces + i);
        let (gap, mut word) = (&rest[..spaces], &rest[spaces..word_end]);
        rest = &rest[word_end..];
        let fresh = line.trim().is_empty();
        if !fresh && len(&line) + len(gap) + len(word) > width {
            out.push_str(&line);
            out.push('\n');
            line = " ".repeat(indent);
        } else {
            line.push_str(gap);
        }
        // A word longer than the room is broken inside.
        while len(&line) + len(word) > width && len(&line) < width {
            let cut = word
                .char_indices()
                .nth(width - len(&line))
                .map_or(word.len(), |(i, _)| i);
            line.push_str(&word[..cut]);
            out.push_str(&line);
            out.push('\n');
            line = " ".repeat(indent);
            word = &word[cut..];
        }
        line.push_str(word);
    }
    out.push_str(&line);
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wide_sheet() -> Sheet {
        let header: Vec<String> = (0..20).map(|i| format!("Column {i}")).collect();
        let refs: Vec<&str> = header.iter().map(String::as_str).collect();
        let mut s = Sheet::new(&refs, 1);
        s.push((0..20).map(|i| format!("v{i}")));
        s
    }

    #[test]
    fn a_wide_sheet_splits_into_parts_no_wider_than_the_terminal() {
        let s = wide_sheet();
        let mut text = String::new();
        s.fit(&mut text, 80);
        assert!(text.lines().all(|l| l.chars().count() <= 80), "{text}");
        for i in 0..20 {
            assert!(text.contains(&format!("v{i} ")), "v{i} lost:\n{text}");
        }
        assert!(s.parts(80).len() > 1);
        assert!(s.parts(80).iter().all(|p| p[0] == 0), "key column repeated");
    }

    #[test]
    fn the_wide_form_is_one_table() {
        assert_eq!(wide_sheet().parts(10_000).len(), 1);
        let mut text = String::new();
        wide_sheet().wide(&mut text);
        assert!(text.lines().any(|l| l.chars().count() > 80));
    }

    #[test]
    fn fold_keeps_the_first_lines_indent() {
        let folded = fold(
            "  R-3  1 x T-34 M41  [Immobilized; Initial OB group 2]",
            40,
            6,
        );
        assert!(folded.starts_with("  R-3  1 x"), "{folded}");
        assert!(folded.lines().all(|l| l.chars().count() <= 40), "{folded}");
    }

    #[test]
    fn fold_keeps_every_word_within_the_width() {
        let text =
            "RG I2 (purchase row 2); Wounded; exchanged for the 8-1 (12.6226, READINGS.md C18)";
        let folded = fold(text, 30, 4);
        assert!(folded.lines().all(|l| l.chars().count() <= 30), "{folded}");
        let words: Vec<&str> = folded.split_whitespace().collect();
        assert_eq!(words, text.split_whitespace().collect::<Vec<_>>());
    }
}
