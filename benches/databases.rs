//! Benchmarks of the endgame databases (Song & Müller 2015, III): building small
//! simple, blocker and active tables, and answering queries. Each benchmark
//! first checks its answers against independent code: simple territories
//! against `amazons::territory::territory_moves` (exhaustive search), active
//! areas against `amazons::Valuer` (the thermograph of the canonical form),
//! blocker territories between the plodding bound with blockers
//! (`amazons::territory::plodding`) and the same queens without the blocker
//! constraint (exhaustive search).
//!
//! Run: `cargo bench --bench databases`. Numbers are in BENCHMARKS.md.

#![expect(
    missing_docs,
    reason = "criterion_group! generates an undocumented function"
)]

use std::hint::black_box;

use amazons::territory::{plodding, territory_moves};
use amazons::{Bitboard, Color, Position, Setup, Size, Valuer};
use cgt::budget::Watch;
use criterion::{criterion_group, criterion_main, Criterion};
use databases::{ActiveDb, BoxIndex, TerritoryDb};

/// The configurations of every `step`-th rank of `index`, as board sets.
fn sample(index: &BoxIndex, step: u64) -> Vec<(Bitboard, Vec<Bitboard>)> {
    (0..index.count())
        .step_by(step as usize)
        .map(|r| {
            let c = index.unrank(r);
            let groups = c.queens.iter().map(|&q| index.cells_to_board(q)).collect();
            (index.cells_to_board(c.empty), groups)
        })
        .collect()
}

fn benches(c: &mut Criterion) {
    let hidden = ();
    let simple = TerritoryDb::build(3, 3, 2, &hidden, &Watch::unlimited()).unwrap();
    let simple3 = TerritoryDb::build(3, 3, 3, &hidden, &Watch::unlimited()).unwrap();
    let blocker =
        TerritoryDb::build_blocker(3, 3, 2, 1, &simple3, &hidden, &Watch::unlimited()).unwrap();
    let active = ActiveDb::build(3, 2, 1, 1, &(), &Watch::unlimited()).unwrap();

    // Check the answers before timing.
    let simple_queries = sample(simple.index(), 7);
    for (empty, groups) in &simple_queries {
        let expected = territory_moves(*empty, groups[0]);
        assert_eq!(simple.moves(*empty, groups[0]), Some(expected));
    }
    let blocker_queries = sample(blocker.index(), 7);
    for (empty, groups) in &blocker_queries {
        let (normal, blockers) = (groups[0], groups[1]);
        let n = blocker.blocker_moves(*empty, normal, blockers).unwrap();
        assert!(n >= plodding(*empty, normal, blockers), "{empty:?}");
        assert!(n <= territory_moves(*empty, normal | blockers), "{empty:?}");
    }
    let size = Size::new(3, 2).unwrap();
    let mut valuer = Valuer::new();
    for (empty, groups) in sample(active.index(), 1) {
        let pos = Position::from_setup(Setup {
            size,
            black: groups[0],
            white: groups[1],
            burnt: size.mask() - empty - groups[0] - groups[1],
            to_move: Color::White,
        })
        .unwrap();
        let rank = active.index().rank_of(
            &[
                active.index().board_to_cells(groups[0]).unwrap(),
                active.index().board_to_cells(groups[1]).unwrap(),
            ],
            active.index().board_to_cells(empty).unwrap(),
        );
        assert_eq!(
            *active.thermograph_at(rank),
            valuer.thermograph(&pos).unwrap()
        );
    }

    c.bench_function("build simple 3x3 q2 (4,608 entries)", |b| {
        b.iter(|| TerritoryDb::build(3, 3, 2, &hidden, &Watch::unlimited()).unwrap())
    });
    c.bench_function("build blocker 3x3 q2b1 (16,128 entries)", |b| {
        b.iter(|| {
            TerritoryDb::build_blocker(3, 3, 2, 1, &simple3, &hidden, &Watch::unlimited()).unwrap()
        })
    });
    c.bench_function("build active 4x2 b1w1 (3,584 entries)", |b| {
        b.iter(|| ActiveDb::build(4, 2, 1, 1, &(), &Watch::unlimited()).unwrap())
    });
    c.bench_function("query simple 3x3 q2 (every 7th entry)", |b| {
        b.iter(|| {
            simple_queries
                .iter()
                .map(|(e, g)| simple.moves(black_box(*e), g[0]).unwrap())
                .sum::<u32>()
        })
    });
    c.bench_function("query blocker 3x3 q2b1 (every 7th entry)", |b| {
        b.iter(|| {
            blocker_queries
                .iter()
                .map(|(e, g)| blocker.blocker_moves(black_box(*e), g[0], g[1]).unwrap())
                .sum::<u32>()
        })
    });
}

criterion_group!(databases_bench, benches);
criterion_main!(databases_bench);
