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
