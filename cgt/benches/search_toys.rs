//! Benchmarks of the generic solvers on toy games whose answers come from
//! theory: Kayles rows by their Sprague–Grundy values (Winning Ways, ch. 4,
//! computed here by mex) and Nim by Bouton's nim-sum rule (1901). Every run
//! checks its verdict.
#![expect(
    missing_docs,
    reason = "criterion_group! generates an undocumented function"
)]

use std::hint::black_box;
use std::time::Duration;

use cgt::search::toy::{Kayles, Nim};
use testkit::search::{kayles_grundy, kayles_outcome};

fn kayles_outcome_of(pins: u64, len: u32) -> WinLoss {
    kayles_outcome(pins, len, &kayles_grundy(64))
}
use cgt::search::{AlphaBetaSolver, Budget, DfpnConfig, DfpnSolver, SolverGame, Verdict, WinLoss};
use criterion::{criterion_group, criterion_main, BatchSize, Criterion};

/// Table size of every solver here (allocated outside the timed part).
const TT_MB: usize = 16;

fn run<G: SolverGame>(c: &mut Criterion, name: &str, game: &G, expected: WinLoss) {
    let mut group = c.benchmark_group(name);
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(5));
    for threads in [1, 2] {
        group.bench_function(format!("dfpn-{threads}t"), |b| {
            b.iter_batched(
                || {
                    DfpnSolver::new(DfpnConfig {
                        budget: Budget::with_table(TT_MB),
                        threads,
                        ..DfpnConfig::default()
                    })
                    .expect("valid configuration")
                },
                |mut solver| {
                    let r = solver.solve(black_box(game));
                    assert_eq!(r.verdict, Verdict::Proven(expected));
                    solver
                },
                BatchSize::PerIteration,
            )
        });
    }
    group.bench_function("alphabeta", |b| {
        b.iter_batched(
            || AlphaBetaSolver::new(Budget::with_table(TT_MB)).expect("valid configuration"),
            |mut solver| {
                let r = solver.solve(black_box(game));
                assert_eq!(r.verdict, Verdict::Proven(expected));
                solver
            },
            BatchSize::PerIteration,
        )
    });
    group.finish();
}

fn benches(c: &mut Criterion) {
    // A full row of 18 pins (a first-player win) and a row of 20 with two
    // gaps (a second-player win).
    let (pins, len) = ((1u64 << 18) - 1, 18);
    run(
        c,
        "kayles-18",
        &Kayles::new(pins, len),
        kayles_outcome_of(pins, len),
    );
    let (pins, len) = ((1u64 << 20) - 1 - (1 << 3) - (1 << 11), 20);
    run(
        c,
        "kayles-20-gaps",
        &Kayles::new(pins, len),
        kayles_outcome_of(pins, len),
    );
    let heaps = [3u8, 5, 6, 7];
    let bouton = if heaps.iter().fold(0, |a, h| a ^ h) != 0 {
        WinLoss::Win
    } else {
        WinLoss::Loss
    };
    run(c, "nim-3-5-6-7", &Nim::new(&heaps), bouton);
}

criterion_group!(solve, benches);
criterion_main!(solve);
