use super::*;
use rand::{RngExt, SeedableRng};

fn naive_prefix(a: &[u8], b: &[u8]) -> usize {
    a.iter().zip(b).take_while(|(x, y)| x == y).count()
}

fn naive_suffix(a: &[u8], b: &[u8]) -> usize {
    a.iter()
        .rev()
        .zip(b.iter().rev())
        .take_while(|(x, y)| x == y)
        .count()
}

#[test]
fn block_compares_find_what_byte_compares_find() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    for _ in 0..2000 {
        let len = rng.random_range(0..400);
        let a: Vec<u8> = (0..len).map(|_| rng.random_range(0..3)).collect();
        let mut b = a.clone();
        // A few changes, insertions or removals anywhere.
        for _ in 0..rng.random_range(0..3) {
            let at = rng.random_range(0..=b.len());
            match rng.random_range(0..3) {
                0 if at < b.len() => b[at] ^= 1,
                1 => b.insert(at, 9),
                _ if at < b.len() => {
                    b.remove(at);
                }
                _ => {}
            }
        }
        assert_eq!(common_prefix(&a, &b), naive_prefix(&a, &b));
        assert_eq!(common_suffix(&a, &b), naive_suffix(&a, &b));
    }
    let long: Vec<u8> = (0..1000u32).map(|i| (i % 7) as u8).collect();
    assert_eq!(common_prefix(&long, &long), 1000);
    assert_eq!(common_suffix(&long, &long[1..]), 999);
}

#[test]
fn design_6_a_roll_back_says_the_number_the_next_entry_takes() {
    let dir = tempfile::tempdir().unwrap();
    let history = dir.path().join("history");
    let rolled = roll_back(&history).unwrap();
    assert_eq!(
        (rolled.changed, rolled.next),
        (false, Some(1)),
        "no history yet"
    );
    std::fs::create_dir(&history).unwrap();
    for name in ["1", "2", "5", "6.pending", "x.tmp"] {
        std::fs::write(history.join(name), b"entry").unwrap();
    }
    let rolled = roll_back(&history).unwrap();
    assert!(rolled.changed);
    assert_eq!(rolled.next, Some(6), "the pending 6 is gone");
    assert_eq!(numbers(&history).unwrap(), [1, 2, 5]);
    // An entry an interrupted undo was dropping comes back, and counts.
    std::fs::rename(history.join("5"), history.join("5.dropping")).unwrap();
    std::fs::write(history.join("7.dropping"), b"entry").unwrap();
    let rolled = roll_back(&history).unwrap();
    assert_eq!(rolled.next, Some(8));
    assert_eq!(numbers(&history).unwrap(), [1, 2, 5, 7]);
    let rolled = roll_back(&history).unwrap();
    assert_eq!((rolled.changed, rolled.next), (false, Some(8)));
}
