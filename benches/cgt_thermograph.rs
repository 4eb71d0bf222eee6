//! Benchmarks of thermography: thermographs of a fixed corpus from canonical
//! forms, and of every Domineering position straight from the thermographs
//! of its options (as a retrograde database fills its entries). Each
//! benchmark checks its answers.
//!
//! Run: `cargo bench --bench cgt_thermograph`. Numbers are in BENCHMARKS.md.

#![expect(
    missing_docs,
    reason = "criterion_group! generates an undocumented function"
)]

use std::hint::black_box;

use cgt::budget::Limits;
use cgt::{
    Arena, CanonicalEvaluator, GameId, PositionThermographs, Rational, Thermograph,
    ThermographCache,
};
use criterion::{criterion_group, criterion_main, BatchSize, Criterion};

mod common;
use common::{build, corpus, Domineering, Tree};

/// CGSuite's temperatures and means (its thermograph test cases, as quoted
/// in issue 3).
const CGSUITE: &[(&str, &str, &str)] = &[
    ("3/4", "-1/4", "3/4"),
    ("{3|{2*|1*}}", "3/4", "9/4"),
    (
        "{{3/2*|1/2}|{0|-3},{-1*,{-1/2|-1*}|-5/2}}",
        "21/16",
        "-5/16",
    ),
];

/// Thermographs of the CGSuite games and of the canonical corpus in a fresh
/// cache; checks the CGSuite answers. Returns the sum of the temperatures.
fn thermographs_of(arena: &mut Arena, ids: &[GameId]) -> Rational {
    let mut cache = ThermographCache::new();
    for (game, temperature, mean) in CGSUITE {
        let g = arena.parse(game).unwrap();
        let t = cache.thermograph(arena, g).unwrap();
        assert_eq!(t.temperature().to_string(), *temperature, "{game}");
        assert_eq!(t.mean().to_string(), *mean, "{game}");
    }
    let mut total = Rational::ZERO;
    for &g in ids {
        let t = cache.thermograph(arena, g).unwrap();
        total = total.checked_add(t.temperature()).unwrap();
    }
    total
}

/// The thermograph of a tree from its options as generated.
fn of_form(arena: &mut Arena, cache: &mut ThermographCache, t: &Tree) -> Thermograph {
    let l: Vec<Thermograph> = t.left.iter().map(|c| of_form(arena, cache, c)).collect();
    let r: Vec<Thermograph> = t.right.iter().map(|c| of_form(arena, cache, c)).collect();
    if l.is_empty() && r.is_empty() {
        let zero = arena.zero();
        return cache.thermograph(arena, zero).unwrap();
    }
    Thermograph::from_options(&l, &r).unwrap()
}

/// Thermographs of every position reachable from the empty `w x h` board,
/// from options only; returns the root's and the number of positions.
fn domineering_from_options(w: u8, h: u8) -> (Thermograph, usize) {
    let mut table = PositionThermographs::new();
    let t = table.thermograph(&Domineering::full(w, h)).unwrap();
    (t, table.len())
}

fn benches(c: &mut Criterion) {
    let trees = corpus();
    let mut arena = Arena::new();
    let ids: Vec<GameId> = trees.iter().map(|t| build(&mut arena, t)).collect();

    // Answers: each corpus game's thermograph from its generated form equals
    // the one from its canonical form; each Domineering root's thermograph
    // from options equals the one from its canonical form.
    let mut cache = ThermographCache::new();
    for (t, &g) in trees.iter().zip(&ids) {
        assert_eq!(
            of_form(&mut arena, &mut cache, t),
            cache.thermograph(&mut arena, g).unwrap()
        );
    }
    for (w, h) in [(4, 4), (5, 4)] {
        let mut eval = CanonicalEvaluator::new();
        let g = eval
            .evaluate(&mut arena, &Domineering::full(w, h), Limits::NONE, &())
            .unwrap();
        let (direct, positions) = domineering_from_options(w, h);
        assert_eq!(direct, cache.thermograph(&mut arena, g).unwrap(), "{w}x{h}");
        eprintln!("domineering {w}x{h}: {positions} positions, thermograph {direct}");
    }

    c.bench_function(
        "thermographs of the corpus from canonical forms (3 CGSuite + 300 random)",
        |b| {
            b.iter_batched(
                || {
                    let mut arena = Arena::new();
                    let ids: Vec<GameId> = trees.iter().map(|t| build(&mut arena, t)).collect();
                    (arena, ids)
                },
                |(mut arena, ids)| black_box(thermographs_of(&mut arena, &ids)),
                BatchSize::LargeInput,
            )
        },
    );
    c.bench_function("thermographs of the corpus from generated forms", |b| {
        b.iter_batched(
            || (Arena::new(), ThermographCache::new()),
            |(mut arena, mut cache)| {
                for t in &trees {
                    black_box(of_form(&mut arena, &mut cache, t));
                }
            },
            BatchSize::LargeInput,
        )
    });
    c.bench_function("domineering 4x4: every position from options", |b| {
        b.iter(|| black_box(domineering_from_options(4, 4)))
    });
    let mut slow = c.benchmark_group("slow");
    slow.sample_size(10);
    slow.bench_function("domineering 5x4: every position from options", |b| {
        b.iter(|| black_box(domineering_from_options(5, 4)))
    });
    slow.finish();
}

criterion_group!(cgt_thermograph, benches);
criterion_main!(cgt_thermograph);
