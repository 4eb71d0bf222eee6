//! Benchmarks of cooling, heating, atomic weights and reduced canonical
//! forms on the workload of `tests/data/cgt_tools_*.tsv`: 250 random games
//! each, parsed and transformed in a fresh arena, as cgt-tools is timed on
//! the same games (BENCHMARKS.md). Each benchmark checks its answers
//! against cgt-tools' results in those files before timing.
//!
//! cgt-tools (github.com/t4ccer/cgt-tools, commit 17fa9f3) was timed on
//! the same workload by a small driver outside this repository, built in
//! release against it: it generates the games of the data files (their
//! header lines give the generator and seed; its output is those files) and
//! times, as the median of 31 runs, parsing each game with
//! `CanonicalForm::from_str` and calling `cool`, `heat`, `atomic_weight`
//! or `reduced`, the work each benchmark below times here (a fresh arena
//! per run).
//!
//! Run: `cargo bench --bench cgt_cooling`. Numbers are in BENCHMARKS.md.

#![expect(
    missing_docs,
    reason = "criterion_group! generates an undocumented function"
)]

use std::hint::black_box;

use cgt::{Arena, CgtError, GameId};
use criterion::{criterion_group, criterion_main, Criterion};

/// One operation of the workload: its name, its data file, and how it is
/// computed from a game and the argument column.
struct Workload {
    name: &'static str,
    data: &'static str,
    op: fn(&mut Arena, GameId, &str) -> Result<GameId, CgtError>,
}

const WORKLOADS: &[Workload] = &[
    Workload {
        name: "cool 250 random games",
        data: include_str!("../tests/data/cgt_tools_cool.tsv"),
        op: |a, g, t| a.cool(g, t.parse().expect("a number")),
    },
    Workload {
        name: "heat 250 random games",
        data: include_str!("../tests/data/cgt_tools_heat.tsv"),
        op: |a, g, t| {
            let t = a.parse(t).expect("a game");
            a.heat(g, t)
        },
    },
    Workload {
        name: "atomic weight of 250 random all-small games",
        data: include_str!("../tests/data/cgt_tools_atomic.tsv"),
        op: |a, g, _| a.atomic_weight(g),
    },
    Workload {
        name: "reduced canonical form of 250 random games",
        data: include_str!("../tests/data/cgt_tools_reduced.tsv"),
        op: |a, g, _| a.reduced(g),
    },
];

/// The rows of a data file: game, argument, cgt-tools' result.
fn rows(data: &str) -> Vec<(&str, &str, &str)> {
    data.lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| {
            let mut cols = l.split('\t');
            let mut next = || cols.next().expect("three columns");
            (next(), next(), next())
        })
        .collect()
}

/// Parses and transforms every game of `rows` in a fresh arena; returns
/// the results.
fn run(w: &Workload, rows: &[(&str, &str, &str)]) -> (Arena, Vec<GameId>) {
    let mut arena = Arena::new();
    let mut out = Vec::with_capacity(rows.len());
    for (game, arg, _) in rows {
        let g = arena.parse(game).expect("the data parses");
        out.push((w.op)(&mut arena, g, arg).expect("defined on the data"));
    }
    (arena, out)
}

fn benches(c: &mut Criterion) {
    for w in WORKLOADS {
        let rows = rows(w.data);
        // Answers: cgt-tools' results.
        let (mut arena, got) = run(w, &rows);
        for ((game, arg, expected), g) in rows.iter().zip(got) {
            let e = arena.parse(expected).expect("cgt-tools' result parses");
            assert_eq!(g, e, "{} {game} {arg}", w.name);
        }
        c.bench_function(w.name, |b| b.iter(|| black_box(run(w, &rows))));
    }
}

criterion_group!(cgt_cooling, benches);
criterion_main!(cgt_cooling);
