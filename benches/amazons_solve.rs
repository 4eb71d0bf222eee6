//! Speed of the Amazons df-pn solver (Song & Müller 2015, section V, default
//! settings): the 4x4 start and fixed mid-game positions from seeded
//! random playouts of the 4x4, 5x4 and 4x5 starts, each solved from an
//! empty table. Every verdict is checked before timing: 4x4 is a
//! second-player win (Müller 2001; Song & Müller 2015, Table I), the mid-game
//! positions against a plain memoised minimax written here.
//!
//! Run: `cargo bench --bench amazons_solve`. Numbers are in BENCHMARKS.md.

#![expect(
    missing_docs,
    reason = "criterion_group! generates an undocumented function"
)]

use std::collections::HashMap;
use std::hint::black_box;

use amazons::Position;
use amazons::SolverPosition;
use cgt::search::{Budget, DfpnConfig, DfpnSolver, Verdict, WinLoss};
use criterion::{criterion_group, criterion_main, Criterion};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// Plain minimax over the move generator, memoised on the position:
/// whether the side to move wins (a player without a move loses).
fn minimax_wins(pos: &mut Position, memo: &mut HashMap<Position, bool>) -> bool {
    if let Some(&w) = memo.get(pos) {
        return w;
    }
    let mut wins = false;
    for mv in pos.legal_moves() {
        pos.play_unchecked(mv);
        let lost = !minimax_wins(pos, memo);
        pos.undo(mv);
        if lost {
            wins = true;
            break;
        }
    }
    memo.insert(pos.clone(), wins);
    wins
}

/// The position after `plies` random moves (seeded) from a standard start.
fn playout(size: &str, plies: usize, seed: u64) -> Position {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut pos = Position::standard(size.parse().unwrap()).unwrap();
    for _ in 0..plies {
        let moves = pos.legal_moves();
        pos.play_unchecked(moves[rng.gen_range(0..moves.len())]);
    }
    pos
}

fn solve(pos: &Position) -> Verdict {
    let mut solver = DfpnSolver::new(DfpnConfig {
        budget: Budget::with_table(16),
        ..DfpnConfig::default()
    })
    .unwrap();
    solver.solve(&SolverPosition::new(pos.clone())).verdict
}

fn bench_solve(c: &mut Criterion) {
    let start = Position::standard("4x4".parse().unwrap()).unwrap();
    assert_eq!(solve(&start), Verdict::Proven(WinLoss::Loss));
    let mut group = c.benchmark_group("amazons_solve");
    group.sample_size(10);
    group.bench_function("4x4 start", |b| b.iter(|| solve(black_box(&start))));
    for (size, plies, seed) in [("4x4", 2, 1), ("5x4", 4, 2), ("4x5", 4, 3)] {
        let pos = playout(size, plies, seed);
        let truth = if minimax_wins(&mut pos.clone(), &mut HashMap::new()) {
            WinLoss::Win
        } else {
            WinLoss::Loss
        };
        assert_eq!(solve(&pos), Verdict::Proven(truth), "{pos}");
        group.bench_function(format!("{size} after {plies} plies: {pos}"), |b| {
            b.iter(|| solve(black_box(&pos)))
        });
    }
    group.finish();
}

criterion_group!(benches, bench_solve);
criterion_main!(benches);
