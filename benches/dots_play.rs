//! Dots-and-Boxes players: moves per second of every player on mid-game
//! positions, search nodes per second of minimax and alpha-beta, and
//! Monte Carlo descents ("branches") per second (O'Flaherty & Wu reached
//! about 800 in one second, §III-E). Every iteration checks that each move
//! is legal and that the searches spent exactly their node budget.

#![expect(missing_docs, reason = "criterion_group! defines an undocumented fn")]

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use dots::play::{
    new_player, Budget, Game, Grid, Mcts, MoveOrder, Player, Rng, Search, Selection, Uct,
};

/// `count` positions after a random number of random moves (a quarter to
/// three quarters of the edges drawn).
fn positions(grid: &Grid, count: usize) -> Vec<Game<'_>> {
    let mut rng = Rng::new(2024);
    let n = grid.num_edges() as u32;
    (0..count)
        .map(|_| {
            let mut g = Game::new(grid);
            for _ in 0..n / 4 + rng.below(n / 2) {
                let e = rng.pick(g.legal());
                g.play_unchecked(e);
            }
            g
        })
        .collect()
}

fn moves_per_second(c: &mut Criterion) {
    for (size, count) in [("3x3", 200), ("5x5", 200), ("6x6", 200)] {
        let grid = Grid::parse(size).unwrap();
        let games = positions(&grid, count);
        let mut group = c.benchmark_group(format!("dots_play moves {size}"));
        group.sample_size(10);
        group.throughput(Throughput::Elements(count as u64));
        let players = [
            "random",
            "level1",
            "level2",
            "greedy",
            "minimax:nodes=10000",
            "alphabeta:nodes=10000",
            "mcts:nodes=800",
            "mcts-crazystone:nodes=800",
            "uct:nodes=800",
        ];
        for name in players {
            let mut player = new_player(name, 0).unwrap();
            group.bench_function(name, |b| {
                let mut rng = Rng::new(1);
                b.iter(|| {
                    for g in &games {
                        let e = player.choose(g, &mut rng).unwrap();
                        assert!(g.legal() >> e & 1 == 1, "{name} played {e} in {g}");
                    }
                })
            });
        }
        group.finish();
    }
}

fn nodes_per_second(c: &mut Criterion) {
    let grid = Grid::new(5, 5).unwrap();
    let games = positions(&grid, 20);
    let mut group = c.benchmark_group("dots_play nodes 5x5");
    group.sample_size(10);
    const NODES: u64 = 100_000;
    group.throughput(Throughput::Elements(NODES * games.len() as u64));
    for (name, pruning) in [("minimax", false), ("alphabeta", true)] {
        let budget = Budget {
            nodes: Some(NODES),
            ..Budget::default()
        };
        let mut p = Search::new(name.into(), pruning, MoveOrder::Random, budget);
        group.bench_function(name, |b| {
            let mut rng = Rng::new(1);
            b.iter(|| {
                for g in &games {
                    let e = p.choose(g, &mut rng).unwrap();
                    assert!(g.legal() >> e & 1 == 1);
                    assert_eq!(p.last_nodes(), NODES);
                }
            })
        });
    }
    group.finish();
}

fn branches_per_second(c: &mut Criterion) {
    const DESCENTS: u64 = 20_000;
    for size in ["3x3", "6x6"] {
        let grid = Grid::parse(size).unwrap();
        let empty = Game::new(&grid);
        let mut group = c.benchmark_group(format!("dots_play branches {size}"));
        group.sample_size(10);
        group.throughput(Throughput::Elements(DESCENTS));
        let budget = Budget {
            nodes: Some(DESCENTS),
            ..Budget::default()
        };
        for (name, selection) in [
            ("mcts", Selection::Uniform),
            ("mcts-crazystone", Selection::CrazyStone),
        ] {
            let mut p = Mcts::new(name.into(), selection, budget);
            group.bench_function(name, |b| {
                let mut rng = Rng::new(1);
                b.iter(|| {
                    let e = p.choose(&empty, &mut rng).unwrap();
                    assert!(empty.legal() >> e & 1 == 1);
                    assert_eq!(p.last_descents(), DESCENTS);
                })
            });
        }
        let mut uct = Uct::new("uct".into(), budget);
        group.bench_function("uct", |b| {
            let mut rng = Rng::new(1);
            b.iter(|| {
                let e = uct.choose(&empty, &mut rng).unwrap();
                assert!(empty.legal() >> e & 1 == 1);
                assert_eq!(uct.last_descents(), DESCENTS);
            })
        });
        group.finish();
    }
}

criterion_group!(
    benches,
    moves_per_second,
    nodes_per_second,
    branches_per_second
);
criterion_main!(benches);
