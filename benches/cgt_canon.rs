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

use cgt::{Arena, CanonicalEvaluator, GameId, Outcome, PartizanPosition};
use criterion::{criterion_group, criterion_main, BatchSize, Criterion};

/// Canonical forms from CGSuite's CanonicalShortGameTestCase and EvalTest
/// (sources in tests/cgt_golden.rs), as (input, canonical form).
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

/// A game tree as generated (not simplified).
struct Tree {
    left: Vec<Tree>,
    right: Vec<Tree>,
}

/// A fixed pseudo-random generator (SplitMix64), so the corpus never changes.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> usize {
        (self.next() % n) as usize
    }
}

fn random_tree(rng: &mut SplitMix, depth: u32) -> Tree {
    if depth == 0 {
        return Tree {
            left: vec![],
            right: vec![],
        };
    }
    let nl = rng.below(4);
    let nr = rng.below(4);
    Tree {
        left: (0..nl).map(|_| random_tree(rng, depth - 1)).collect(),
        right: (0..nr).map(|_| random_tree(rng, depth - 1)).collect(),
    }
}

/// 300 random trees of height at most 5, from a fixed seed.
fn corpus() -> Vec<Tree> {
    let mut rng = SplitMix(2024);
    (0..300).map(|_| random_tree(&mut rng, 5)).collect()
}

fn build(arena: &mut Arena, t: &Tree) -> GameId {
    let l: Vec<GameId> = t.left.iter().map(|c| build(arena, c)).collect();
    let r: Vec<GameId> = t.right.iter().map(|c| build(arena, c)).collect();
    arena.new_game(&l, &r).unwrap()
}

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

/// Domineering on a `w x h` board: Left places vertical dominoes, Right
/// horizontal ones. `empty` has bit `r * w + c` for each empty square.
/// Positions are cropped to the bounding box of their empty squares.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
struct Domineering {
    w: u8,
    h: u8,
    empty: u32,
}

impl Domineering {
    fn full(w: u8, h: u8) -> Self {
        let n = u32::from(w) * u32::from(h);
        Domineering {
            w,
            h,
            empty: if n == 32 { u32::MAX } else { (1 << n) - 1 },
        }
    }

    fn is_empty_at(&self, r: u8, c: u8) -> bool {
        self.empty >> (u32::from(r) * u32::from(self.w) + u32::from(c)) & 1 == 1
    }

    /// The smallest box holding the empty squares.
    fn cropped(&self) -> Self {
        let cells: Vec<(u8, u8)> = (0..self.h)
            .flat_map(|r| (0..self.w).map(move |c| (r, c)))
            .filter(|&(r, c)| self.is_empty_at(r, c))
            .collect();
        if cells.is_empty() {
            return Domineering {
                w: 0,
                h: 0,
                empty: 0,
            };
        }
        let r0 = cells.iter().map(|p| p.0).min().unwrap();
        let r1 = cells.iter().map(|p| p.0).max().unwrap();
        let c0 = cells.iter().map(|p| p.1).min().unwrap();
        let c1 = cells.iter().map(|p| p.1).max().unwrap();
        let w = c1 - c0 + 1;
        let mut empty = 0;
        for (r, c) in cells {
            empty |= 1 << (u32::from(r - r0) * u32::from(w) + u32::from(c - c0));
        }
        Domineering {
            w,
            h: r1 - r0 + 1,
            empty,
        }
    }

    fn place(&self, a: (u8, u8), b: (u8, u8)) -> Self {
        let bit = |(r, c): (u8, u8)| 1u32 << (u32::from(r) * u32::from(self.w) + u32::from(c));
        Domineering {
            w: self.w,
            h: self.h,
            empty: self.empty & !bit(a) & !bit(b),
        }
        .cropped()
    }

    fn moves(&self, vertical: bool) -> Vec<Self> {
        let mut out = Vec::new();
        for r in 0..self.h {
            for c in 0..self.w {
                let other = if vertical { (r + 1, c) } else { (r, c + 1) };
                if other.0 < self.h
                    && other.1 < self.w
                    && self.is_empty_at(r, c)
                    && self.is_empty_at(other.0, other.1)
                {
                    out.push(self.place((r, c), other));
                }
            }
        }
        out
    }

    /// Connected regions of empty squares (4-neighbours), each cropped.
    fn components(&self) -> Vec<Self> {
        let mut seen = 0u32;
        let mut parts = Vec::new();
        for start in 0..u32::from(self.w) * u32::from(self.h) {
            if self.empty >> start & 1 == 0 || seen >> start & 1 == 1 {
                continue;
            }
            let mut region = 0u32;
            let mut stack = vec![start];
            seen |= 1 << start;
            while let Some(i) = stack.pop() {
                region |= 1 << i;
                let (r, c) = (i / u32::from(self.w), i % u32::from(self.w));
                let mut push = |j: u32| {
                    if self.empty >> j & 1 == 1 && seen >> j & 1 == 0 {
                        seen |= 1 << j;
                        stack.push(j);
                    }
                };
                if r > 0 {
                    push(i - u32::from(self.w));
                }
                if r + 1 < u32::from(self.h) {
                    push(i + u32::from(self.w));
                }
                if c > 0 {
                    push(i - 1);
                }
                if c + 1 < u32::from(self.w) {
                    push(i + 1);
                }
            }
            parts.push(
                Domineering {
                    w: self.w,
                    h: self.h,
                    empty: region,
                }
                .cropped(),
            );
        }
        parts
    }
}

impl PartizanPosition for Domineering {
    fn left_options(&self) -> Vec<Self> {
        self.moves(true)
    }
    fn right_options(&self) -> Vec<Self> {
        self.moves(false)
    }
    fn decompose(&self) -> Option<Vec<Self>> {
        let parts = self.components();
        (parts.len() > 1).then_some(parts)
    }
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
    let g = eval.evaluate(&mut arena, &Domineering::full(w, h)).unwrap();
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
