//! Benchmarks of the canonical-form arena: canonicalising and summing a fixed
//! corpus of games, and valuing every position of small Domineering boards
//! through `CanonicalEvaluator`. Each benchmark checks its answers.
//!
//! Run: `cargo bench --bench cgt_canon`. Numbers are in BENCHMARKS.md.

#![expect(
    missing_docs,
    reason = "criterion_group! generates an undocumented function"
)]

use std::collections::HashMap;
use std::hint::black_box;

use cgt::budget::Limits;
use cgt::{Arena, CanonicalEvaluator, GameId, Outcome};
use criterion::{criterion_group, criterion_main, BatchSize, Criterion};

mod common;
use common::{build, corpus, Domineering, Tree};

/// Canonical forms from CGSuite's CanonicalShortGameTestCase and EvalTest
/// (sources in cgt/tests/cgt_golden.rs), as (input, canonical form).
const CGSUITE: &[(&str, &str)] = &[
    ("{3||2+*|1+*}", "{3||2*|1*}"),
    (
        "{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}",
        "{3/2*|1/2||{0|-3},{-1*,{-1/2|-1*}|-5/2}}",
    ),
    ("{0||0|vvv}", "{0||0|v3}"),
    ("{^^^|vv}", "{^3|v2}"),
    ("{5||3|1|||0||||0}", "{5||3|1|||0||||0}"),
    ("{1|^^^||^}", "{1|^3||^}"),
    ("73/16+v9*8", "73/16v9*8"),
    ("+-1+-2+-3+-4", "+-{10|8||6|4|||4|2||0|-2}"),
    ("3 - 2 +- 6 - 7 +- 8 + 4", "{12|0||-4|-16}"),
    ("^^^^^^+vvv*+^19*3+v14", "^8*2"),
    ("{0|^*5}", "^2*4"),
    ("{2|1} + {2|1}", "3"),
];

/// Canonicalises the CGSuite forms and the random corpus in a fresh arena,
/// checking the CGSuite answers; returns the arena and the corpus ids.
fn canonicalise_all(trees: &[Tree]) -> (Arena, Vec<GameId>) {
    let mut arena = Arena::new();
    for (input, expected) in CGSUITE {
        let g = arena.parse(input).unwrap();
        assert_eq!(arena.to_string(g), *expected, "{input}");
    }
    let ids = trees.iter().map(|t| build(&mut arena, t)).collect();
    (arena, ids)
}

/// Sums consecutive pairs, checking `G + (-G) = 0` for each sum; returns
/// how many sums are numbers.
fn sum_all(arena: &mut Arena, ids: &[GameId]) -> usize {
    let mut numbers = 0;
    for pair in ids.chunks(2) {
        let s = arena.add(pair[0], *pair.last().unwrap()).unwrap();
        let ns = arena.neg(s);
        assert_eq!(arena.add(s, ns).unwrap(), arena.zero());
        numbers += usize::from(arena.is_number(s));
    }
    numbers
}

/// Plain minimax: whether the player to move wins (no game values at all).
fn minimax_wins(
    p: &Domineering,
    left: bool,
    memo: &mut HashMap<(Domineering, bool), bool>,
) -> bool {
    if let Some(&w) = memo.get(&(p.clone(), left)) {
        return w;
    }
    let win = p.moves(left).iter().any(|q| !minimax_wins(q, !left, memo));
    memo.insert((p.clone(), left), win);
    win
}

fn minimax_outcome(p: &Domineering) -> Outcome {
    let mut memo = HashMap::new();
    let l = minimax_wins(p, true, &mut memo);
    let r = minimax_wins(p, false, &mut memo);
    Outcome::from_first_player_wins(l, r)
}

/// Values every position reachable from a `w x h` board; checks the outcome
/// against plain minimax and returns the printed value and table size.
fn domineering(w: u8, h: u8, expected: Outcome) -> (String, usize) {
    let mut arena = Arena::new();
    let mut eval = CanonicalEvaluator::new();
    let g = eval
        .evaluate(&mut arena, &Domineering::full(w, h), Limits::NONE, &())
        .unwrap();
    assert_eq!(arena.outcome(g), expected, "{w}x{h}");
    (arena.to_string(g), eval.len())
}

fn benches(c: &mut Criterion) {
    let trees = corpus();

    // The Domineering answers: 2x2 is +-1 (Winning Ways ch. 5), and outcome
    // classes from plain minimax.
    assert_eq!(domineering(2, 2, Outcome::Next).0, "+-1");
    let outcome_4x4 = minimax_outcome(&Domineering::full(4, 4));
    let outcome_5x4 = minimax_outcome(&Domineering::full(5, 4));
    for (w, h, o) in [(4, 4, outcome_4x4), (5, 4, outcome_5x4)] {
        let (value, positions) = domineering(w, h, o);
        eprintln!(
            "domineering {w}x{h}: outcome {o}, {positions} positions in the table, value {value}"
        );
    }

    c.bench_function(
        "canonicalise corpus (12 CGSuite forms + 300 random trees, height 5)",
        |b| b.iter(|| black_box(canonicalise_all(&trees).1.len())),
    );

    c.bench_function("sum corpus (150 pair sums, each checked G + -G = 0)", |b| {
        b.iter_batched(
            || canonicalise_all(&trees),
            |(mut arena, ids)| black_box(sum_all(&mut arena, &ids)),
            BatchSize::LargeInput,
        )
    });

    c.bench_function(
        "domineering 4x4 (every position, with transposition table)",
        |b| b.iter(|| black_box(domineering(4, 4, outcome_4x4))),
    );

    let mut slow = c.benchmark_group("slow");
    slow.sample_size(10);
    slow.bench_function(
        "domineering 5x4 (every position, with transposition table)",
        |b| b.iter(|| black_box(domineering(5, 4, outcome_5x4))),
    );
    slow.finish();
}

criterion_group!(cgt_canon, benches);
criterion_main!(cgt_canon);
