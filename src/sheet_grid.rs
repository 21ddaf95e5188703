//! A text sheet's grid, drawn in comfy-table's `UTF8_FULL_CONDENSED` style.
//!
//! comfy-table lays out every cell on its own (splitting, measuring and
//! padding each through its styling machinery), which for a journal of a
//! thousand rows was most of `votg log`'s time. A sheet needs only
//! left-aligned cells in columns as wide as their content, so it is drawn
//! here: byte for byte what comfy-table draws for any grid that fits (a unit
//! test compares the two on random sheets). A grid wider than the terminal
//! has its last column folded at spaces to the room the others leave —
//! comfy-table would have folded it a little differently; no figure is cut.
//! The charts (`votg table`) are still comfy-table's.

use unicode_width::UnicodeWidthStr;

/// Every cell's display width (its widest line), measured once for all
/// the parts of a sheet and every use in drawing them: a journal of a
/// thousand rows has ten thousand cells, kept in one buffer.
#[derive(Debug, Clone, Default)]
pub struct Measures {
    /// Row by row, column by column: the width, with [`MANY_LINES`] set
    /// for a cell of more than one line.
    cells: Vec<u32>,
    /// Cells a row (the widest row's, so every row fits).
    stride: usize,
    rows: usize,
}

/// Marks a cell of more than one line in [`Measures`].
const MANY_LINES: u32 = 1 << 31;

impl Measures {
    pub fn of<R: AsRef<str>>(rows: &[Vec<R>]) -> Measures {
        let cell = |c: &str| {
            if c.contains('\n') {
                widest_line(c) as u32 | MANY_LINES
            } else {
                display_width(c) as u32
            }
        };
        let stride = rows.iter().map(Vec::len).max().unwrap_or(0);
        let mut cells = vec![0; stride * rows.len()];
        for (r, row) in cells.chunks_mut(stride.max(1)).zip(rows) {
            for (w, c) in r.iter_mut().zip(row) {
                *w = cell(c.as_ref());
            }
        }
        Measures {
            cells,
            stride,
            rows: rows.len(),
        }
    }

    fn cell(&self, row: usize, col: usize) -> u32 {
        self.cells[row * self.stride + col]
    }

    /// The width of row `row`'s cell in column `col`.
    fn width(&self, row: usize, col: usize) -> usize {
        (self.cell(row, col) & !MANY_LINES) as usize
    }

    fn many_lines(&self, row: usize, col: usize) -> bool {
        self.cell(row, col) & MANY_LINES != 0
    }
}

/// The columns' content widths: the widest line of each (an empty column
/// is one wide, as comfy-table draws it).
pub fn natural_widths(header: &[&str], measures: &Measures, cols: &[usize]) -> Vec<usize> {
    let mut widths: Vec<usize> = header.iter().map(|h| widest_line(h).max(1)).collect();
    for row in 0..measures.rows {
        for (w, &c) in widths.iter_mut().zip(cols) {
            *w = (*w).max(measures.width(row, c));
        }
    }
    widths
}

/// The display width of `text`'s widest line.
pub fn widest_line(text: &str) -> usize {
    text.split('\n').map(display_width).max().unwrap_or(0)
}

/// Display width (ASCII, nearly all of a sheet, is one column a byte).
fn display_width(line: &str) -> usize {
    if line.is_ascii() {
        line.len()
    } else {
        line.width()
    }
}

/// Characters a grid of columns `widths` wide takes: a border, then each
/// column with a space either side and a border.
pub fn grid_width(widths: &[usize]) -> usize {
    1 + widths.iter().map(|w| w + 3).sum::<usize>()
}

/// Appends to `out` columns `cols` of `rows` under `header` (one title a
/// column) as a grid, with no final newline (as comfy-table's `Display`).
/// With `fit`,
/// a grid wider than `fit` has its last column narrowed to what the other
/// columns leave (at least 10 characters) and its cells folded.
pub fn draw<R: AsRef<str>>(
    out: &mut String,
    header: &[&str],
    rows: &[Vec<R>],
    measures: &Measures,
    cols: &[usize],
    fit: Option<usize>,
) {
    let mut widths = natural_widths(header, measures, cols);
    let mut fold_last = None;
    if let (Some(fit), Some(last)) = (fit, widths.len().checked_sub(1)) {
        let others = grid_width(&widths[..last]);
        let room = fit.saturating_sub(others + 3).max(10);
        if room < widths[last] {
            widths[last] = room;
            fold_last = Some(room);
        }
    }
    let line_len = grid_width(&widths) * 3;
    out.reserve(line_len * (rows.len() + 4));
    rule(out, &widths, ('┌', '─', '┬', '┐'));
    out.push('\n');
    row(out, header, &widths, fold_last);
    out.push('\n');
    rule(out, &widths, ('╞', '═', '╪', '╡'));
    let mut cells: Vec<&str> = Vec::with_capacity(cols.len());
    for (i, r) in rows.iter().enumerate() {
        out.push('\n');
        // Nearly every row of a sheet: one line, drawn from its measures.
        let one_line = drawn_on_one_line(
            cols.iter().any(|&c| measures.many_lines(i, c)),
            cols.last().map(|&c| measures.width(i, c)),
            fold_last,
        );
        if one_line {
            text_line(
                out,
                cols.iter().map(|&c| (r[c].as_ref(), measures.width(i, c))),
                &widths,
            );
            continue;
        }
        cells.clear();
        cells.extend(cols.iter().map(|&c| r[c].as_ref()));
        row(out, &cells, &widths, fold_last);
    }
    out.push('\n');
    rule(out, &widths, ('└', '─', '┴', '┘'));
}

/// A horizontal line: left corner, fill, junction, right corner.
fn rule(out: &mut String, widths: &[usize], (left, fill, join, right): (char, char, char, char)) {
    out.push(left);
    for (i, w) in widths.iter().enumerate() {
        if i > 0 {
            out.push(join);
        }
        out.extend(std::iter::repeat_n(fill, w + 2));
    }
    out.push(right);
}

/// Whether a row is one line of text: no cell of several lines, and its
/// last cell (`last_width` wide) not folded into the room `fold_last`.
fn drawn_on_one_line(
    many_lines: bool,
    last_width: Option<usize>,
    fold_last: Option<usize>,
) -> bool {
    !many_lines && fold_last.is_none_or(|room| last_width.is_none_or(|w| w <= room))
}

/// One row of cells, as many text lines as its tallest cell.
fn row(out: &mut String, cells: &[&str], widths: &[usize], fold_last: Option<usize>) {
    let last = cells.len().saturating_sub(1);
    let one_line = drawn_on_one_line(
        cells.iter().any(|c| c.contains('\n')),
        cells.last().map(|c| display_width(c)),
        fold_last,
    );
    if one_line {
        text_line(out, cells.iter().map(|&c| (c, display_width(c))), widths);
        return;
    }
    let lines: Vec<Vec<&str>> = cells
        .iter()
        .enumerate()
        .map(|(i, c)| match fold_last {
            Some(room) if i == last => c.split('\n').flat_map(|l| fold(l, room, room)).collect(),
            _ => c.split('\n').collect(),
        })
        .collect();
    let height = lines.iter().map(Vec::len).max().unwrap_or(1);
    for n in 0..height {
        if n > 0 {
            out.push('\n');
        }
        text_line(
            out,
            lines.iter().map(|cell| {
                let piece = cell.get(n).copied().unwrap_or("");
                (piece, display_width(piece))
            }),
            widths,
        );
    }
}

/// One line of text across the grid: each cell's piece (with its display
/// width), padded.
fn text_line<'a>(
    out: &mut String,
    pieces: impl Iterator<Item = (&'a str, usize)>,
    widths: &[usize],
) {
    out.push('│');
    for (i, ((text, width), w)) in pieces.zip(widths).enumerate() {
        if i > 0 {
            out.push('┆');
        }
        out.push(' ');
        out.push_str(text);
        pad(out, w.saturating_sub(width) + 1);
    }
    out.push('│');
}

/// `n` spaces.
fn pad(out: &mut String, mut n: usize) {
    const SPACES: &str = "                                                                ";
    while n > 0 {
        let k = n.min(SPACES.len());
        out.push_str(&SPACES[..k]);
        n -= k;
    }
}

/// `line` cut into pieces, the first at most `first` wide and the others
/// at most `rest`: at spaces where it can be, inside a word longer than the
/// room where it must.
pub fn fold(line: &str, first: usize, rest: usize) -> Vec<&str> {
    let mut pieces = Vec::new();
    let mut tail = line;
    let mut room = first;
    while display_width(tail) > room {
        let cut = cut_at(tail, room);
        pieces.push(tail[..cut].trim_end_matches(' '));
        tail = tail[cut..].trim_start_matches(' ');
        room = rest;
    }
    pieces.push(tail);
    pieces
}

/// Where to cut `text` (wider than `room`): after the last space that
/// leaves the head within `room`, else at `room` columns (never nothing).
fn cut_at(text: &str, room: usize) -> usize {
    let mut width = 0;
    let mut hard = 0;
    let mut soft = None;
    for (at, c) in text.char_indices() {
        let w = unicode_width::UnicodeWidthChar::width(c).unwrap_or(0);
        if width + w > room {
            break;
        }
        width += w;
        hard = at + c.len_utf8();
        if c == ' ' && at > 0 {
            soft = Some(at);
        }
    }
    let hard = if hard == 0 {
        text.chars().next().map_or(0, char::len_utf8)
    } else {
        hard
    };
    match soft {
        // A space just past the room is a clean cut too.
        _ if text[hard..].starts_with(' ') => hard,
        Some(at) => at,
        None => hard,
    }
}

#[cfg(test)]
mod tests;
