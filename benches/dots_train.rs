//! Neural-network training (Weaver & Bossomaier 1998): games per second
//! during evolution on 3x3, one generation of a population of 100 under
//! each fitness scheme (2,000, 9,900 and 1,650 games, §5.1), and epochs of
//! back-propagation. Every iteration checks the games played and that the
//! run gives the same network as the first (training is deterministic).

#![expect(missing_docs, reason = "criterion_group! defines an undocumented fn")]

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use dots::play::net::{train, Heuristic, Method, Scheme, TrainConfig};
use dots::play::Grid;

fn games_per_second(c: &mut Criterion) {
    let grid = Grid::new(3, 3).unwrap();
    let mut group = c.benchmark_group("dots_train games 3x3");
    group.sample_size(10);
    for (name, scheme, games) in [
        ("direct-random", Scheme::Direct(Heuristic::Random), 2_000),
        ("direct-level1", Scheme::Direct(Heuristic::Level1), 2_000),
        ("round-robin", Scheme::RoundRobin, 9_900),
        ("antibody", Scheme::Antibody, 1_650),
    ] {
        let mut config = TrainConfig::new(grid.clone(), Method::Evolve(scheme), 1, 7);
        config.eval_games = 0;
        config.final_games = 0;
        config.snapshots = 0;
        let first = train(&config, &|_| {}).unwrap();
        assert_eq!(first.games, games);
        group.throughput(Throughput::Elements(games));
        group.bench_function(name, |b| {
            b.iter(|| {
                let t = train(&config, &|_| {}).unwrap();
                assert_eq!(t.games, games);
                assert_eq!(t.network, first.network);
            })
        });
    }
    group.finish();
}

fn backprop_epochs(c: &mut Criterion) {
    let grid = Grid::new(3, 3).unwrap();
    let mut config = TrainConfig::new(grid, Method::Backprop, 5, 7);
    config.runs = 1;
    config.training_sets = 1;
    config.eval_games = 0;
    config.final_games = 0;
    config.snapshots = 0;
    let first = train(&config, &|_| {}).unwrap();
    assert_eq!(first.games, 800);
    let mut group = c.benchmark_group("dots_train backprop 3x3");
    group.sample_size(10);
    group.throughput(Throughput::Elements(5));
    group.bench_function("epochs of 800 games' positions", |b| {
        b.iter(|| {
            let t = train(&config, &|_| {}).unwrap();
            assert_eq!(t.network, first.network);
        })
    });
    group.finish();
}

criterion_group!(benches, games_per_second, backprop_epochs);
criterion_main!(benches);
