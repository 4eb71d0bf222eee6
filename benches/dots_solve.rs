//! Dots-and-Boxes solver on empty boards from Barker & Korf 2012's Table 1 (Barker &
//! Korf 2012) and a mid-game position; every iteration checks the value.
//! Sources of the values: Barker & Korf 2012 (3x3: -3) and Wilson's analysis (1x8: 0,
//! 2x5: -2, 2x3: -2); the mid-game value comes from the naive reference
//! below (memoised negamax from the rules alone).

#![expect(missing_docs, reason = "criterion_group! defines an undocumented fn")]

use std::collections::HashMap;

use criterion::{criterion_group, criterion_main, Criterion};
use dots::{Board, Options, Position, Solver};

/// Naive memoised negamax (the reference of `dots/tests/reference.rs`).
fn naive(board: Board, drawn: u64, memo: &mut HashMap<u64, i32>) -> i32 {
    if let Some(&v) = memo.get(&drawn) {
        return v;
    }
    let all = board.all_edges().0;
    let mut best = if drawn == all { 0 } else { i32::MIN };
    for e in (0..board.num_edges()).filter(|&e| drawn >> e & 1 == 0) {
        let before = board.completed_boxes(dots::EdgeSet(drawn));
        let k = (board.completed_boxes(dots::EdgeSet(drawn | 1 << e)) - before) as i32;
        let child = naive(board, drawn | 1 << e, memo);
        best = best.max(if k > 0 { k + child } else { -child });
    }
    memo.insert(drawn, best);
    best
}

fn solve(c: &mut Criterion) {
    let mid: Position = "3x3:0,5,9,13,16,18,20".parse().unwrap();
    let mid_value = naive(mid.board(), mid.edges().0, &mut HashMap::new());
    let cases: Vec<(&str, Position, i32)> = vec![
        ("2x3", "2x3".parse().unwrap(), -2),
        ("3x3", "3x3".parse().unwrap(), -3),
        ("1x8", "1x8".parse().unwrap(), 0),
        ("2x5", "2x5".parse().unwrap(), -2),
        ("3x3 mid-game", mid, mid_value),
    ];
    let mut group = c.benchmark_group("dots_solve");
    group.sample_size(10);
    for (name, pos, expected) in cases {
        group.bench_function(name, |b| {
            b.iter(|| {
                // A fresh 64 MiB table each time: no answers carried over.
                let opts = Options {
                    tt_mb: 64,
                    ..Options::default()
                };
                let mut solver = Solver::new(pos.board(), opts);
                let v = solver
                    .value(&pos, cgt::budget::Limits::NONE)
                    .expect("no limit and no stop flag");
                assert_eq!(v, expected, "{pos}");
                v
            })
        });
    }
    group.finish();
}

criterion_group!(benches, solve);
criterion_main!(benches);
