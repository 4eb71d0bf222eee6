//! Amazons move generation speed: perft from standard starts, each run
//! checking its count against issue 5's numbers (amazons/tests/data/amazons.perft).

use amazons::{perft, Position};
use cgt::budget::Watch;
use criterion::{criterion_main, Criterion, Throughput};

/// (size, depth, count) from amazons/tests/data/amazons.perft (issue 5).
const CASES: [(&str, u32, u64); 3] = [
    ("4x4", 3, 139_500),
    ("5x5", 3, 7_940_210),
    ("6x6", 3, 91_074_224),
];

fn bench_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("amazons_perft");
    group.sample_size(10);
    for (size, depth, count) in CASES {
        let pos = Position::standard(size.parse().unwrap()).unwrap();
        group.throughput(Throughput::Elements(count));
        group.bench_function(format!("{size}_depth{depth}"), |b| {
            b.iter(|| {
                let n = perft(std::hint::black_box(&pos), depth, &Watch::unlimited())
                    .expect("no limit");
                assert_eq!(n, count, "{size} depth {depth}");
                n
            })
        });
    }
    group.finish();
}

/// The benchmark group (in a private module: criterion_group! makes an
/// undocumented `pub fn`).
mod group {
    criterion::criterion_group!(benches, super::bench_perft);
}
criterion_main!(group::benches);
