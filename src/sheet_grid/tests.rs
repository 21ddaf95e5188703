use super::*;
use comfy_table::{ContentArrangement, Table, presets};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// What comfy-table draws for the same cells.
fn comfy(header: &[&str], rows: &[Vec<&str>], width: Option<usize>) -> String {
    let mut t = Table::new();
    t.load_style(presets::UTF8_FULL_CONDENSED);
    match width {
        Some(w) => {
            t.set_content_arrangement(ContentArrangement::Dynamic);
            t.set_width(w as u16);
        }
        None => {
            t.set_content_arrangement(ContentArrangement::Disabled);
        }
    }
    t.set_header(header.to_vec());
    for r in rows {
        t.add_row(r.clone());
    }
    t.to_string()
}

/// The grid as a string of its own.
fn drawn<R: AsRef<str>>(
    header: &[&str],
    rows: &[Vec<R>],
    cols: &[usize],
    fit: Option<usize>,
) -> String {
    let mut out = String::new();
    draw(&mut out, header, rows, &Measures::of(rows), cols, fit);
    out
}

fn random_cell(rng: &mut ChaCha8Rng) -> String {
    const PIECES: [&str; 12] = [
        "a", "I5", "NKVD", " ", "12.6226", "—", "é", "≤", "\n", "8-1", "(secret)", "+2",
    ];
    let n = rng.random_range(0..6);
    (0..n)
        .map(|_| PIECES[rng.random_range(0..PIECES.len())])
        .collect()
}

fn random_sheet(rng: &mut ChaCha8Rng) -> (Vec<String>, Vec<Vec<String>>) {
    let cols = rng.random_range(1..7);
    let header = (0..cols).map(|_| random_cell(rng)).collect();
    let n = rng.random_range(0..5);
    let rows = (0..n)
        .map(|_| (0..cols).map(|_| random_cell(rng)).collect())
        .collect();
    (header, rows)
}

fn all(header: &[&str]) -> Vec<usize> {
    (0..header.len()).collect()
}

fn borrowed(rows: &[Vec<String>]) -> Vec<Vec<&str>> {
    rows.iter()
        .map(|r| r.iter().map(String::as_str).collect())
        .collect()
}

#[test]
fn a_grid_that_fits_is_byte_for_byte_comfy_tables() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for _ in 0..2000 {
        let (header, rows) = random_sheet(&mut rng);
        let header: Vec<&str> = header.iter().map(String::as_str).collect();
        let rows = borrowed(&rows);
        let ours = drawn(&header, &rows, &all(&header), None);
        assert_eq!(ours, comfy(&header, &rows, None), "{header:?} {rows:?}");
        let need = grid_width(&natural_widths(
            &header,
            &Measures::of(&rows),
            &all(&header),
        ));
        for width in [need, need + 7, 200] {
            assert_eq!(
                drawn(&header, &rows, &all(&header), Some(width)),
                ours,
                "width {width} changed a grid that fits"
            );
            assert_eq!(
                ours,
                comfy(&header, &rows, Some(width)),
                "{header:?} {rows:?}"
            );
        }
    }
}

#[test]
fn a_grid_too_wide_folds_its_last_column_and_keeps_every_word() {
    let long = "Battle Hardening (12.612): the 4-5-8 of RG G3 becomes a 5-4-8; dr 1 ≤ 2 \
                with DRM −1 for the squad's ELR; Hardened";
    let header = ["#", "What"];
    let xs = "x".repeat(90);
    let rows = vec![vec!["1", long], vec!["2", "short"], vec!["3", xs.as_str()]];
    let text = drawn(&header, &rows, &[0, 1], Some(40));
    assert!(text.lines().all(|l| l.width() <= 40), "{text}");
    assert!(text.lines().all(|l| l.width() == 40), "ragged:\n{text}");
    let words: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || "│┆".contains(c))
        .filter(|w| !w.is_empty() && !w.starts_with(['┌', '╞', '└']))
        .collect();
    for w in long.split_whitespace() {
        assert!(words.contains(&w), "`{w}` lost:\n{text}");
    }
    assert_eq!(text.matches('x').count(), 90);
}

#[test]
fn fold_cuts_at_spaces_and_inside_a_word_only_when_it_must() {
    assert_eq!(fold("aaa bbb ccc", 7, 7), ["aaa bbb", "ccc"]);
    assert_eq!(fold("aaa bbb ccc", 8, 8), ["aaa bbb", "ccc"]);
    assert_eq!(fold("aaaaaaaaaa bb", 4, 4), ["aaaa", "aaaa", "aa", "bb"]);
    assert_eq!(fold("short", 10, 10), ["short"]);
    assert_eq!(fold("", 10, 10), [""]);
    assert_eq!(fold("ééééé ééé", 5, 5), ["ééééé", "ééé"]);
}

#[test]
fn a_header_alone_is_drawn_as_comfy_table_draws_it() {
    assert_eq!(
        comfy(&["A"], &[], None),
        drawn::<&str>(&["A"], &[], &[0], None)
    );
}
