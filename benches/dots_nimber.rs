//! Nimstring values of 5x5 positions with 30 or more undrawn edges, from
//! random play-outs in which nobody draws a box's third side (so no box is
//! capturable and the position is not already loony: the hard case).
//! Every iteration checks its answer against the mex rule: a position's
//! value is the mex of the values its moves leave, loony moves left out
//! (Berlekamp, Conway & Guy, "Winning Ways", ch. 16), computed with a
//! separate evaluator; and the components' values add up to the value.
//!
//! The harder positions of BENCHMARKS.md, the first five such play-outs
//! with 38 undrawn edges, are timed for the whole work of a `cgtk dots
//! nimber` report: the value, the components' values and the value after
//! each move, with one evaluator.

#![expect(missing_docs, reason = "criterion_group! defines an undocumented fn")]

use criterion::{criterion_group, criterion_main, Criterion};
use dots::nimstring::{Nimstring, NimstringValue};
use dots::{Board, Edge, Position};

use testkit::SplitMix;

/// A 5x5 position with `undrawn` undrawn edges from a random play-out with
/// no third sides (`None` if the play-out runs out of such moves first).
fn playout(undrawn: usize, seed: u64) -> Option<Position> {
    let board = Board::new(5, 5).unwrap();
    let mut rng = SplitMix(seed);
    let mut pos = Position::empty(board);
    while pos.legal_moves().len() > undrawn {
        let safe: Vec<Edge> = pos
            .legal_moves()
            .iter()
            .filter(|&e| {
                board.edge_boxes(e).into_iter().flatten().all(|b| {
                    let drawn = board
                        .box_edges(b)
                        .iter()
                        .filter(|&&x| pos.edges().contains(x))
                        .count();
                    drawn < 2
                })
            })
            .collect();
        if safe.is_empty() {
            return None;
        }
        let e = safe[(rng.next_u64() % safe.len() as u64) as usize];
        pos = pos.play_unchecked(e).0;
    }
    Some(pos)
}

/// The corpus: `count` positions with `undrawn` undrawn edges.
fn corpus(undrawn: usize, count: usize) -> Vec<Position> {
    (0..)
        .filter_map(|s| playout(undrawn, s))
        .take(count)
        .collect()
}

/// The mex of the values after the moves (none captures here), loony ones
/// left out, with a fresh evaluator; and the components' sum.
fn check(pos: &Position, value: NimstringValue) {
    let mut nim = Nimstring::new();
    let mut seen = 0u64;
    for m in nim.move_values(pos).unwrap() {
        assert_eq!(m.captures, 0);
        if let Some(n) = m.value.nimber() {
            seen |= 1 << n;
        }
    }
    let mex = seen.trailing_ones();
    assert_eq!(value, NimstringValue::Nimber(cgt::Nimber(mex)), "{pos}");
    let sum = nim
        .components(pos)
        .unwrap()
        .iter()
        .fold(NimstringValue::Nimber(cgt::Nimber(0)), |a, c| a + c.value);
    assert_eq!(sum, value, "{pos}");
}

/// The first five play-outs with 38 undrawn edges (BENCHMARKS.md).
const HARD: [&str; 5] = [
    "5x5:2,4,7,8,10,15,19,22,26,28,29,35,36,44,45,47,48,51,52,54,55,57",
    "5x5:3,5,6,9,11,13,17,19,21,24,28,31,33,35,41,42,43,45,47,48,49,55",
    "5x5:1,3,6,7,9,10,12,14,17,18,20,23,24,26,27,30,34,43,48,53,54,57",
    "5x5:1,2,8,16,17,19,20,21,23,26,27,29,31,33,38,39,44,47,48,51,53,58",
    "5x5:0,6,8,13,14,15,19,22,26,27,29,31,34,35,38,41,42,45,48,51,52,58",
];

/// The work of a `cgtk dots nimber` report, with one fresh evaluator:
/// the value, and the components and moves (which reuse its cache).
fn report(pos: &Position) -> NimstringValue {
    let mut nim = Nimstring::new();
    let value = nim.value(pos).unwrap();
    assert!(!nim.components(pos).unwrap().is_empty());
    assert_eq!(nim.move_values(pos).unwrap().len(), 38);
    value
}

fn nimber(c: &mut Criterion) {
    let mut group = c.benchmark_group("dots_nimber");
    group.sample_size(10);
    for undrawn in [30, 32, 34] {
        let positions = corpus(undrawn, 10);
        for pos in &positions {
            let v = Nimstring::new().value(pos).unwrap();
            check(pos, v);
        }
        group.bench_function(format!("5x5, {undrawn} undrawn, 10 positions"), |b| {
            b.iter(|| {
                for pos in &positions {
                    // A fresh evaluator each time: no values carried over.
                    let v = Nimstring::new().value(pos).unwrap();
                    assert!(!v.is_loony());
                }
            })
        });
    }
    let hard = corpus(38, 5);
    for (i, (pos, text)) in hard.iter().zip(HARD).enumerate() {
        assert_eq!(pos.to_string(), text);
        let v = report(pos);
        check(pos, v);
        group.bench_function(
            format!("5x5, 38 undrawn, position {}, report", i + 1),
            |b| b.iter(|| assert_eq!(report(pos), v)),
        );
    }
    group.finish();
}

criterion_group!(benches, nimber);
criterion_main!(benches);
