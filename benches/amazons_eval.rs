//! Speed of the Amazons evaluation pipeline and of exact values:
//! evaluations per second on positions from random playouts, and canonical
//! form plus thermograph of the two positions named in issue 5. Answers are
//! checked before timing.
//!
//! Run: `cargo bench --bench amazons_eval`. Numbers are in BENCHMARKS.md.

#![expect(
    missing_docs,
    reason = "criterion_group! generates an undocumented function"
)]

use std::hint::black_box;

use amazons::{Color, Evaluator, Position, Valuer};
use cgt::Outcome;
use criterion::{criterion_group, criterion_main, Criterion};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// Positions along random playouts of the standard 5x5 and 6x6 starts
/// (fixed seed): every position from move 6 on.
fn playout_positions() -> Vec<Position> {
    let mut rng = SmallRng::seed_from_u64(5);
    let mut out = Vec::new();
    for size in ["5x5", "6x6"] {
        for _ in 0..20 {
            let mut pos = Position::standard(size.parse().unwrap()).unwrap();
            let mut ply = 0;
            loop {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                pos.play_unchecked(moves[rng.gen_range(0..moves.len())]);
                ply += 1;
                if ply >= 6 {
                    out.push(pos.clone());
                }
            }
        }
    }
    out
}

/// Whether `color` wins `pos` with its side to move, from the exact value.
fn exact_winner(valuer: &mut Valuer, pos: &Position) -> Color {
    let g = valuer
        .canonical(pos, cgt::budget::Limits::NONE, &())
        .unwrap();
    let mover = pos.to_move();
    let mover_wins = match valuer.arena.outcome(g) {
        Outcome::Next => true,
        Outcome::Previous => false,
        Outcome::Left => mover == Color::Black,
        Outcome::Right => mover == Color::White,
    };
    if mover_wins {
        mover
    } else {
        mover.opposite()
    }
}

fn benches(c: &mut Criterion) {
    let positions = playout_positions();
    let evaluator = Evaluator::default();
    // Answers: every verdict on a position with at most 10 empty squares
    // agrees with the exact value through canonical forms.
    let mut valuer = Valuer::new();
    let (mut checked, mut decided) = (0, 0);
    for pos in &positions {
        let eval = evaluator.evaluate(pos, None);
        decided += usize::from(eval.verdict.is_some());
        if pos.empty().count() <= 10 {
            if let Some(winner) = eval.verdict {
                assert_eq!(winner, exact_winner(&mut valuer, pos), "{pos}");
                checked += 1;
            }
        }
    }
    eprintln!(
        "{} playout positions, {decided} decided, {checked} checked exactly",
        positions.len()
    );

    c.bench_function("evaluate playout positions (5x5 and 6x6)", |b| {
        b.iter(|| {
            for pos in &positions {
                black_box(evaluator.evaluate(pos, None));
            }
        })
    });

    // The two positions of issue 5: each is its own negative (rotate by 180
    // degrees and swap colours), so G + G = 0 and the mean is 0.
    let mut slow = c.benchmark_group("exact values");
    slow.sample_size(10);
    for text in ["B.../..../...W w", "B....../W...... w"] {
        let pos: Position = text.parse().unwrap();
        let mut valuer = Valuer::new();
        let g = valuer
            .canonical(&pos, cgt::budget::Limits::NONE, &())
            .unwrap();
        assert_eq!(valuer.arena.neg(g), g, "{text} is its own negative");
        assert_eq!(
            valuer.thermograph(&pos).unwrap().mean(),
            cgt::Rational::ZERO
        );
        slow.bench_function(format!("canonical form and thermograph of {text}"), |b| {
            b.iter(|| {
                let mut valuer = Valuer::new();
                black_box(valuer.thermograph(&pos).unwrap())
            })
        });
    }
    slow.finish();
}

criterion_group!(amazons_eval, benches);
criterion_main!(amazons_eval);
