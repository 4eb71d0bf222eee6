//! The experiment of Song & Müller 2015 (Song & Müller), section V-C, Tables II and
//! III, and the database comparison of Fig. 13, on our own test sets.
//!
//! Tables II/III: 100 games of uniformly random play (fixed seeds) from the
//! standard start of each board. Counting back from the end of each game,
//! every position after move `k` is tested by the static evaluation
//! (Algorithm 1) without databases, by the static evaluation with all
//! databases, and by df-pn with all databases and a node limit. The table
//! gives, per move number, how many games each method solves, and how many
//! games reached that move. The search goes back from the end of a game
//! until it first fails (earlier positions are not searched and count as
//! unsolved; the paper searched every position).
//!
//! Fig. 13: a fixed set of positions (the first positions of the 5x5 games
//! that df-pn with all databases solves, one per game, at least `depth`
//! moves before the end) solved by df-pn with each of the 8 subsets of
//! {simple, blocker, active} databases; the nodes of each.
//!
//! Every verdict is cross-checked: a static verdict and a search verdict of
//! the same position must name the same winner (the program panics
//! otherwise).
//!
//! ```text
//! cargo run --release --example db_experiment -- DB_DIR [GAMES] [NODE_LIMIT] [BOARDS]
//! ```
//!
//! `DB_DIR` holds the databases (`cgtk db build --paper-set`), `GAMES`
//! defaults to 100, `NODE_LIMIT` to 20000, `BOARDS` to `5x5,6x5,6x6`.
//! Results are printed as Markdown tables.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;
use std::time::Instant;

use amazons::SolverPosition;
use amazons::{Area, AreaOracle, Color, Evaluator, Position, Size};
use cgt::search::{Budget, DfpnConfig, DfpnSolver, Limits, Verdict, WinLoss};
use databases::Databases;
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;

/// The databases of one kind or another switched off.
struct Subset {
    dbs: Arc<Databases>,
    simple: bool,
    blocker: bool,
    active: bool,
}

impl AreaOracle for Subset {
    fn territory_moves(&self, area: &Area) -> Option<u32> {
        self.simple
            .then(|| self.dbs.territory_moves(area))
            .flatten()
    }

    fn active_thermograph(&self, area: &Area) -> Option<cgt::Thermograph> {
        self.active
            .then(|| self.dbs.active_thermograph(area))
            .flatten()
    }

    fn blocker_territory_moves(&self, area: &Area) -> Option<u32> {
        self.blocker
            .then(|| self.dbs.blocker_territory_moves(area))
            .flatten()
    }
}

/// A game of uniformly random moves from the standard start: every position
/// from the start to the end.
fn random_game(size: Size, seed: u64) -> Vec<Position> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut pos = Position::standard(size).expect("a standard board");
    let mut out = vec![pos.clone()];
    loop {
        let moves = pos.legal_moves();
        let Some(&mv) = moves.choose(&mut rng) else {
            break;
        };
        pos.play_unchecked(mv);
        out.push(pos.clone());
    }
    out
}

/// The winner a proven verdict names, the player to move being `to_move`.
fn winner(verdict: Verdict, to_move: Color) -> Option<Color> {
    match verdict {
        Verdict::Proven(WinLoss::Win) => Some(to_move),
        Verdict::Proven(WinLoss::Loss) => Some(to_move.opposite()),
        _ => None,
    }
}

#[derive(Default)]
struct Row {
    games: u32,
    no_db: u32,
    db: u32,
    search: u32,
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let dir = args
        .get(1)
        .expect("usage: db_experiment DB_DIR [GAMES] [NODES] [BOARDS]");
    let games: u64 = args.get(2).map_or(100, |s| s.parse().expect("GAMES"));
    let node_limit: u64 = args
        .get(3)
        .map_or(20_000, |s| s.parse().expect("NODE_LIMIT"));
    let boards: Vec<Size> = args
        .get(4)
        .map_or("5x5,6x5,6x6", String::as_str)
        .split(',')
        .map(|s| s.parse().expect("a board WxH"))
        .collect();
    let dbs = Arc::new(Databases::open_dir(Path::new(dir)).expect("the database directory"));
    let oracle: &dyn AreaOracle = dbs.as_ref();
    let evaluator = Evaluator::default();
    let mut solver = DfpnSolver::new(DfpnConfig {
        budget: Budget {
            tt_mb: 64,
            limits: Limits {
                nodes: Some(node_limit),
                time: None,
            },
            ..Budget::default()
        },
        ..DfpnConfig::default()
    })
    .expect("a valid configuration");
    let mut fig13_positions: Vec<Position> = Vec::new();
    for &size in &boards {
        let start = Instant::now();
        let mut rows: BTreeMap<usize, Row> = BTreeMap::new();
        let mut search_nodes = 0u64;
        for g in 0..games {
            let seed = 0x5eed_0000
                + u64::from(size.width()) * 100
                + u64::from(size.height()) * 10
                + g * 1000;
            let game = random_game(size, seed);
            let mut searching = true;
            let mut first_for_fig13: Option<Position> = None;
            for (k, pos) in game.iter().enumerate().rev() {
                let row = rows.entry(k).or_default();
                row.games += 1;
                let no_db = evaluator.evaluate(pos, None).verdict;
                let with_db = evaluator.evaluate(pos, Some(oracle)).verdict;
                row.no_db += u32::from(no_db.is_some());
                row.db += u32::from(with_db.is_some());
                if searching {
                    solver.clear();
                    let task = SolverPosition::new(pos.clone()).with_oracle(dbs.clone());
                    let result = solver.solve(&task);
                    search_nodes += result.nodes;
                    match winner(result.verdict, pos.to_move()) {
                        Some(w) => {
                            for v in [no_db, with_db].into_iter().flatten() {
                                assert_eq!(v, w, "static and search disagree on {pos}");
                            }
                            row.search += 1;
                            if game.len() - k > 6 {
                                first_for_fig13 = Some(pos.clone());
                            }
                        }
                        None => searching = false,
                    }
                } else if let (Some(a), Some(b)) = (no_db, with_db) {
                    assert_eq!(a, b, "static verdicts disagree on {pos}");
                }
            }
            if (size.width(), size.height()) == (5, 5) {
                fig13_positions.extend(first_for_fig13);
            }
        }
        println!(
            "\n{}x{}: {games} random games, df-pn node limit {node_limit}, {} search nodes, {:.0} s\n",
            size.width(),
            size.height(),
            search_nodes,
            start.elapsed().as_secs_f64()
        );
        println!("| move | no DB | DB | search | games |\n|---|---|---|---|---|");
        for (k, r) in rows.iter().rev() {
            if *k == 0 {
                continue;
            }
            println!(
                "| {k} | {} | {} | {} | {} |",
                r.no_db, r.db, r.search, r.games
            );
        }
    }
    if fig13_positions.is_empty() {
        return;
    }
    println!(
        "\nFig. 13: {} 5x5 positions, nodes to solve with each subset of databases (node limit {node_limit}; unsolved count the limit)\n",
        fig13_positions.len()
    );
    println!("| simple | blocker | active | solved | total nodes |\n|---|---|---|---|---|");
    let mut winners: Vec<Option<Color>> = vec![None; fig13_positions.len()];
    for mask in 0..8u8 {
        let subset = Arc::new(Subset {
            dbs: dbs.clone(),
            simple: mask & 1 != 0,
            blocker: mask & 2 != 0,
            active: mask & 4 != 0,
        });
        let (mut solved, mut nodes) = (0, 0u64);
        for (pos, known) in fig13_positions.iter().zip(&mut winners) {
            solver.clear();
            let game = SolverPosition::new(pos.clone()).with_oracle(subset.clone());
            let r = solver.solve(&game);
            nodes += r.nodes;
            let w = winner(r.verdict, pos.to_move());
            if let (Some(a), Some(b)) = (*known, w) {
                assert_eq!(a, b, "database subsets disagree on {pos}");
            }
            *known = known.or(w);
            solved += u32::from(w.is_some());
        }
        let yes = |b: bool| if b { "yes" } else { "no" };
        println!(
            "| {} | {} | {} | {solved} | {nodes} |",
            yes(mask & 1 != 0),
            yes(mask & 2 != 0),
            yes(mask & 4 != 0)
        );
    }
}
