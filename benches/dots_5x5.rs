//! Interactive 5x5 analysis: `Solver::analyze` (the value of a position and
//! of each of its moves, what `cgtk dots analyze` prints) on 5x5 positions
//! from `level2` self-play, taken at the first moment a game has `undrawn`
//! undrawn edges with no box capturable (a position a player would ask
//! about). Game `s` is played with `Rng::new(s)`; seeds whose game has a
//! capturable box at that moment are skipped, so the corpus is the same on
//! every machine.
//!
//! Every answer is checked: the position's value is the best of its moves'
//! values, and a second solver with its own table finds the same value by
//! its null-window tests alone (`Solver::value`).
//!
//! `CGTK_BENCH_5X5=44` (or 46) runs the corpus of ten positions with that
//! many undrawn edges and prints each time, the median and the worst:
//! `CGTK_BENCH_5X5=44 cargo bench --bench dots_5x5`. Without it (and under
//! `cargo test`) it checks three positions with 26 undrawn edges.
//! `CGTK_BENCH_5X5_ONLY=K` runs the corpus's position K (from 0) alone, so
//! that the ten can run side by side on a machine with ten cores;
//! `CGTK_BENCH_5X5_THREADS=T` analyses with T threads (the moves shared
//! out among them), one by default; `CGTK_BENCH_5X5_SC_KEYS=1` with the
//! Strings-and-Coins table (`Options::sc_keys`, off on 5x5 by default).

use std::time::{Duration, Instant};

use dots::play::{new_player, Game, Grid, Rng};
use dots::{Options, Position, Solver};

/// The first position of `level2` self-play game `seed` on 5x5 with
/// `undrawn` undrawn edges, if no box is capturable there.
fn self_play(undrawn: usize, seed: u64) -> Option<Position> {
    let grid = Grid::new(5, 5).expect("5x5 is a board");
    let mut game = Game::new(&grid);
    let mut players = [
        new_player("level2", 1000).expect("level2"),
        new_player("level2", 1000).expect("level2"),
    ];
    let mut rng = Rng::new(seed);
    while game.num_legal() > undrawn {
        let e = players[game.to_move()]
            .choose(&game, &mut rng)
            .expect("level2 always moves");
        game.play(e).expect("a legal move");
    }
    let capturable = (0..grid.num_boxes()).any(|b| game.sides(b) == 3);
    (game.num_legal() == undrawn && !capturable).then(|| game.position().expect("5x5 fits"))
}

/// The first `count` such positions, by seed.
fn corpus(undrawn: usize, count: usize) -> Vec<(u64, Position)> {
    (0..)
        .filter_map(|s| self_play(undrawn, s).map(|p| (s, p)))
        .take(count)
        .collect()
}

/// Analyses `pos` with `threads` threads and a fresh table of `tt_mb`
/// MiB (`sc_keys` as [`Options::sc_keys`]), checks the answer, and
/// returns the time the analysis took, the value and the nodes.
fn analyse(
    pos: &Position,
    tt_mb: usize,
    threads: usize,
    sc_keys: Option<bool>,
) -> (Duration, i32, u64) {
    let opts = Options {
        tt_mb,
        sc_keys,
        ..Options::default()
    };
    let mut solver = Solver::new(pos.board(), Options { threads, ..opts });
    let start = Instant::now();
    let a = solver
        .analyze(pos, cgt::budget::Limits::NONE)
        .expect("no limit and no stop flag");
    let took = start.elapsed();
    let best = a.moves.iter().map(|&(_, v)| v).max().expect("moves left");
    assert_eq!(a.value, best, "{pos}: the value is not its best move's");
    let value = Solver::new(pos.board(), opts)
        .value(pos, cgt::budget::Limits::NONE)
        .expect("no limit and no stop flag");
    assert_eq!(a.value, value, "{pos}: two solvers disagree");
    (took, a.value, a.nodes)
}

fn main() {
    let (undrawn, count, tt_mb) = match std::env::var("CGTK_BENCH_5X5").as_deref() {
        Ok("44") => (44, 10, 2048),
        Ok("46") => (46, 10, 4096),
        _ => (26, 3, 64),
    };
    let threads: usize = std::env::var("CGTK_BENCH_5X5_THREADS").map_or(1, |t| {
        t.parse()
            .expect("CGTK_BENCH_5X5_THREADS is a number of threads")
    });
    let sc_keys = std::env::var("CGTK_BENCH_5X5_SC_KEYS")
        .ok()
        .map(|v| v != "0");
    let only: Option<usize> = std::env::var("CGTK_BENCH_5X5_ONLY")
        .ok()
        .map(|k| k.parse().expect("CGTK_BENCH_5X5_ONLY is a position index"));
    let mut times = Vec::new();
    for (k, (seed, pos)) in corpus(undrawn, count).into_iter().enumerate() {
        if only.is_some_and(|o| o != k) {
            continue;
        }
        let (took, value, nodes) = analyse(&pos, tt_mb, threads, sc_keys);
        println!(
            "5x5, {undrawn} undrawn, seed {seed}, {threads} threads: value {value:+}, {:.2} s, {nodes} nodes  {pos}",
            took.as_secs_f64()
        );
        times.push(took);
    }
    if only.is_some() {
        return;
    }
    times.sort();
    let median = (times[(count - 1) / 2] + times[count / 2]) / 2;
    println!(
        "5x5, {undrawn} undrawn, {count} positions: median {:.2} s, worst {:.2} s",
        median.as_secs_f64(),
        times[count - 1].as_secs_f64()
    );
}
