//! Nimstring values of 5x5 positions with 30 or more undrawn edges, from
//! random play-outs in which nobody draws a box's third side (so no box is
//! capturable and the position is not already loony: the hard case).
//! Every iteration checks its answer against the mex rule: a position's
//! value is the mex of the values its moves leave, loony moves left out
//! (Berlekamp, Conway & Guy, "Winning Ways", ch. 16), computed with a
//! separate evaluator; and the components' values add up to the value.

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
    group.finish();
}

criterion_group!(benches, nimber);
criterion_main!(benches);
