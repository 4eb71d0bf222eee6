//! The index is a bijection onto `0..count`, and `count` matches the
//! combinatorial formula (computed here from Pascal's triangle, independently
//! of the crate's binomials).

use databases::BoxIndex;

fn pascal(n: u32, k: u32) -> u64 {
    let mut row = vec![1u64];
    for _ in 0..n {
        let mut next = vec![1u64; row.len() + 1];
        for i in 1..row.len() {
            next[i] = row[i - 1] + row[i];
        }
        row = next;
    }
    row.get(k as usize).copied().unwrap_or(0)
}

#[test]
fn counts_match_the_formula() {
    // One queen group: C(n, q) 2^(n - q); two: C(n, b) C(n - b, w) 2^(n-b-w).
    for (w, h) in [(1, 2), (2, 3), (3, 3), (4, 3), (6, 3), (4, 4), (7, 7)] {
        let n = w as u32 * h as u32;
        for q in 0..=4.min(n) {
            let i = BoxIndex::new(w, h, &[q]).unwrap();
            assert_eq!(i.count(), pascal(n, q) << (n - q), "{w}x{h} q{q}");
        }
        for (b, wq) in [(1, 1), (1, 2), (2, 2)] {
            if b + wq <= n && n <= 30 {
                let i = BoxIndex::new(w, h, &[b, wq]).unwrap();
                assert_eq!(
                    i.count(),
                    (pascal(n, b) * pascal(n - b, wq)) << (n - b - wq),
                    "{w}x{h} b{b} w{wq}"
                );
            }
        }
    }
    // 8x8 with one queen: 64 * 2^63 overflows a u64.
    assert!(BoxIndex::new(8, 8, &[1]).is_err());
}

#[test]
fn rank_unrank_round_trip() {
    for (w, h, groups) in [
        (2u8, 3u8, vec![1u32]),
        (3, 3, vec![2]),
        (2, 4, vec![1, 1]),
        (3, 3, vec![1, 2]),
        (1, 5, vec![2, 1]),
    ] {
        let index = BoxIndex::new(w, h, &groups).unwrap();
        let n = index.cells();
        let mut seen = std::collections::HashSet::new();
        for r in 0..index.count() {
            let c = index.unrank(r);
            assert_eq!(index.rank(&c), r);
            // A valid configuration: disjoint groups of the right sizes in
            // the box, empty cells not under queens.
            let mut used = 0u64;
            for (cells, &k) in c.queens.iter().zip(&groups) {
                assert_eq!(cells.count_ones(), k);
                assert_eq!(cells & used, 0);
                used |= cells;
            }
            assert_eq!(c.empty & used, 0);
            assert_eq!((used | c.empty) >> n, 0);
            assert_eq!(index.empty_count(r), c.empty.count_ones());
            assert!(seen.insert(c), "two ranks give one configuration");
        }
    }
}
