//! Players: legal moves on random positions, `perfect` against a plain
//! negamax written here from the rules, tournaments reproducible by seed
//! whatever the thread count, Bradley–Terry ratings against a hand-worked
//! case, and scoring against perfect play against its own bookkeeping.

use std::collections::HashMap;

use dots::play::{
    new_player, ratings, run_tournament, score_against_perfect, Game, Grid, PairResult, PlayError,
    Rng, TournamentConfig, PLAYER_NAMES,
};
use dots::Board;

/// A random position reached by random moves from the empty board (so the
/// score and side to move are those of a real game), not over.
fn random_game<'g>(grid: &'g Grid, rng: &mut Rng) -> Game<'g> {
    let n = grid.num_edges() as u32;
    let moves = rng.below(n);
    let mut game = Game::new(grid);
    for _ in 0..moves {
        let e = rng.pick(game.legal());
        game.play_unchecked(e);
    }
    game
}

/// Asks `player` for a move in `positions` random positions on boards from
/// 1x1 to 6x6 and checks each move is an undrawn edge of the board.
fn check_legal(name: &str, positions: usize, sizes: &[(usize, usize)]) {
    let grids: Vec<Grid> = sizes
        .iter()
        .map(|&(w, h)| Grid::new(w, h).unwrap())
        .collect();
    let mut player = new_player(name, 0).unwrap();
    let mut rng = Rng::new(0xD075);
    for i in 0..positions {
        let grid = &grids[i % grids.len()];
        let game = random_game(grid, &mut rng);
        let e = player.choose(&game, &mut rng).unwrap();
        let mut after = game;
        assert!(after.play(e).is_ok(), "{name} played {e} in {game}");
    }
}

const ALL_SIZES: [(usize, usize); 8] = [
    (1, 1),
    (1, 3),
    (2, 2),
    (3, 3),
    (2, 4),
    (4, 4),
    (5, 5),
    (6, 6),
];

#[test]
fn search_players_move_legally_on_random_positions() {
    // With small node budgets: 200,000 positions each for the searches,
    // 200,000 for each Monte Carlo player (1,000,000 positions in all).
    for name in [
        "minimax:nodes=30",
        "alphabeta:nodes=30",
        "alphabeta:centre:nodes=30",
    ] {
        check_legal(name, 200_000, &ALL_SIZES);
    }
    for name in ["mcts:nodes=20", "mcts-crazystone:nodes=20"] {
        check_legal(name, 200_000, &ALL_SIZES);
    }
    check_legal("uct:nodes=5", 100_000, &ALL_SIZES);
}

/// The million positions of the issue for the players the default run
/// samples: `cargo test -p dots --release --test play_players -- --ignored`.
#[test]
#[ignore = "minutes: run in release with --ignored"]
fn every_search_player_moves_legally_on_a_million_positions() {
    for name in [
        "minimax:nodes=30",
        "alphabeta:nodes=30",
        "alphabeta:centre:nodes=30",
        "mcts:nodes=20",
        "mcts-crazystone:nodes=20",
        "uct:nodes=5",
    ] {
        check_legal(name, 1_000_000, &ALL_SIZES);
    }
    check_legal(
        "nimstring:nodes=200",
        1_000_000,
        &[(1, 1), (1, 3), (2, 2), (2, 3), (3, 2), (3, 3), (4, 4)],
    );
    check_legal(
        "perfect",
        1_000_000,
        &[(1, 1), (1, 3), (2, 2), (2, 3), (3, 2)],
    );
}

#[test]
fn nimstring_moves_legally_on_random_positions() {
    // Boards of up to 64 edges (the Nimstring values take Dots positions),
    // a small limit per move so that the fallback is exercised too.
    check_legal(
        "nimstring:nodes=200",
        20_000,
        &[(1, 1), (1, 3), (2, 2), (2, 3), (3, 2), (3, 3), (4, 4)],
    );
}

#[test]
fn perfect_moves_legally_and_refuses_what_is_beyond_it() {
    // Boards small enough that every position is within the budget.
    check_legal("perfect", 20_000, &[(1, 1), (1, 3), (2, 2), (2, 3), (3, 2)]);
    let grid = Grid::new(6, 6).unwrap();
    let mut p = new_player("perfect", 0).unwrap();
    let err = p.choose(&Game::new(&grid), &mut Rng::new(1)).unwrap_err();
    assert!(
        matches!(err, PlayError::BeyondBudget { limit: 0, .. }),
        "{err}"
    );
    let grid = Grid::new(5, 5).unwrap();
    let err = p.choose(&Game::new(&grid), &mut Rng::new(1)).unwrap_err();
    assert!(
        matches!(err, PlayError::BeyondBudget { undrawn: 60, .. }),
        "{err}"
    );
}

/// Plain negamax from the rules: the margin the player to move gets over
/// the remaining boxes, memoised on the drawn edges.
struct Naive {
    boxes: Vec<u64>,
    all: u64,
    memo: HashMap<u64, i32>,
}

impl Naive {
    fn new(w: usize, h: usize) -> Naive {
        let nh = (h + 1) * w;
        let n = nh + h * (w + 1);
        let boxes = (0..w * h)
            .map(|b| {
                let (r, c) = (b / w, b % w);
                let v = nh + r * (w + 1) + c;
                1u64 << (r * w + c) | 1 << ((r + 1) * w + c) | 1 << v | 1 << (v + 1)
            })
            .collect();
        Naive {
            boxes,
            all: (1u64 << n) - 1,
            memo: HashMap::new(),
        }
    }

    fn completes(&self, d: u64, e: usize) -> i32 {
        let after = d | 1 << e;
        self.boxes
            .iter()
            .filter(|&&m| m >> e & 1 == 1 && after & m == m)
            .count() as i32
    }

    fn move_value(&mut self, d: u64, e: usize) -> i32 {
        let c = self.completes(d, e);
        if c > 0 {
            c + self.value(d | 1 << e)
        } else {
            -self.value(d | 1 << e)
        }
    }

    fn value(&mut self, d: u64) -> i32 {
        if d == self.all {
            return 0;
        }
        if let Some(&v) = self.memo.get(&d) {
            return v;
        }
        let undrawn: Vec<usize> = (0..64)
            .filter(|&e| self.all >> e & 1 == 1 && d >> e & 1 == 0)
            .collect();
        let v = undrawn
            .into_iter()
            .map(|e| self.move_value(d, e))
            .max()
            .unwrap();
        self.memo.insert(d, v);
        v
    }
}

#[test]
fn perfect_never_picks_a_move_below_the_value() {
    let mut rng = Rng::new(42);
    let mut checked = 0;
    for (w, h) in [(1, 2), (2, 2), (1, 4), (2, 3), (3, 2)] {
        let grid = Grid::new(w, h).unwrap();
        let mut naive = Naive::new(w, h);
        let mut p = new_player("perfect", 0).unwrap();
        for _ in 0..1_000 {
            let game = random_game(&grid, &mut rng);
            let d = game.edges() as u64;
            let e = p.choose(&game, &mut rng).unwrap();
            let best = naive.value(d);
            assert_eq!(naive.move_value(d, e), best, "{game}: perfect played {e}");
            // Every optimal move is played sometimes: the analysis the
            // player uses agrees with the reference on every move.
            let a = dots::play::analyze(&game, 64).unwrap();
            assert_eq!(a.value, best, "{game}");
            for (m, v) in a.moves {
                assert_eq!(v, naive.move_value(d, m.index()), "{game} edge {m}");
            }
            checked += 1;
        }
    }
    assert_eq!(checked, 5_000);
}

fn config(players: &[&str], threads: usize, seed: u64) -> TournamentConfig {
    TournamentConfig {
        grid: Grid::new(3, 3).unwrap(),
        players: players.iter().map(|s| s.to_string()).collect(),
        games: 6,
        seed,
        move_ms: 0,
        threads,
        time_limit: None,
        stop: None,
    }
}

#[test]
fn tournaments_are_reproducible_at_one_and_two_threads() {
    // Every player, with node budgets (reproducible).
    let players = [
        "random",
        "level1",
        "level2",
        "greedy",
        "minimax:nodes=300",
        "alphabeta:nodes=300",
        "alphabeta:centre:depth=2",
        "mcts:nodes=100",
        "mcts-crazystone:nodes=100",
        "uct:nodes=100",
        "perfect",
        "nimstring:nodes=2000",
    ];
    assert_eq!(players.len(), PLAYER_NAMES.len() + 1);
    let one = run_tournament(&config(&players, 1, 7), &|_, _| {}).unwrap();
    let two = run_tournament(&config(&players, 2, 7), &|_, _| {}).unwrap();
    assert_eq!(one, two);
    assert_eq!(one.pairs.len(), players.len() * (players.len() - 1) / 2);
    for p in &one.pairs {
        assert_eq!(p.games(), 6);
    }
    // The pair results and the games behind them follow the seed.
    let other = run_tournament(&config(&players[..4], 2, 8), &|_, _| {}).unwrap();
    let again = run_tournament(&config(&players[..4], 1, 8), &|_, _| {}).unwrap();
    assert_eq!(other, again);
}

#[test]
fn tournament_settings_are_checked() {
    let bad = |players: &[&str]| run_tournament(&config(players, 1, 0), &|_, _| {}).unwrap_err();
    assert!(matches!(bad(&["random"]), PlayError::Settings { .. }));
    assert!(matches!(
        bad(&["random", "random"]),
        PlayError::Settings { .. }
    ));
    assert!(matches!(
        bad(&["random", "nobody"]),
        PlayError::UnknownPlayer { .. }
    ));
    let mut c = config(&["random", "perfect"], 1, 0);
    c.grid = Grid::new(4, 4).unwrap();
    assert!(matches!(
        run_tournament(&c, &|_, _| {}),
        Err(PlayError::BeyondBudget { .. })
    ));
}

#[test]
fn bradley_terry_matches_a_hand_worked_case() {
    // a beats b 3 times, b beats a once. With one virtual tie the MM fixed
    // point has strengths in the ratio 3.5 : 1.5, so the Elo difference is
    // 400 log10(7/3) and, with mean 0, a = +200 log10(7/3) = +73.60.
    // Observed information for d = θa − θb: n p (1 − p) = 5 · 0.7 · 0.3 =
    // 1.05; θa = d/2 has variance 1/(4 · 1.05), so the 95 % half-width is
    // 1.96 · (400 / ln 10) · sqrt(1/4.2) = 166.15.
    let players = vec!["a".to_string(), "b".to_string()];
    let pairs = vec![PairResult {
        a: "a".into(),
        b: "b".into(),
        a_wins: 3,
        b_wins: 1,
        ties: 0,
        a_margin: 1.0,
    }];
    let r = ratings(&players, &pairs);
    let want = 200.0 * (7.0f64 / 3.0).log10();
    let half = 1.96 * 400.0 / std::f64::consts::LN_10 * (1.0f64 / 4.2).sqrt();
    assert!((r[0].rating - want).abs() < 1e-6, "{r:?}");
    assert!((r[1].rating + want).abs() < 1e-6);
    assert!((r[0].high - r[0].rating - half).abs() < 1e-6);
    assert!((r[0].rating - r[0].low - half).abs() < 1e-6);
    // Three players in a cycle, each beating the next 2 games to 1: all
    // equal strengths, rating 0.
    let players: Vec<String> = ["x", "y", "z"].iter().map(|s| s.to_string()).collect();
    let cycle = |a: &str, b: &str| PairResult {
        a: a.into(),
        b: b.into(),
        a_wins: 2,
        b_wins: 1,
        ties: 0,
        a_margin: 0.0,
    };
    let r = ratings(
        &players,
        &[cycle("x", "y"), cycle("y", "z"), cycle("z", "x")],
    );
    for x in &r {
        assert!(x.rating.abs() < 1e-9, "{r:?}");
    }
}

#[test]
fn scoring_against_perfect_adds_up() {
    let board = Board::new(2, 2).unwrap();
    // The solver against itself gives nothing away.
    let s = score_against_perfect(board, "perfect", 20, 1, 0, 2, &|_, _| {}).unwrap();
    assert_eq!((s.boxes_given, s.optimal_moves), (0, s.moves));
    // The empty 2x2 board is worth +2 to the first player (ARCHITECTURE
    // example: 3 boxes to 1); each side moves first in half the games.
    assert_eq!(s.start_value, 0);
    for name in ["random", "level1", "greedy", "alphabeta:nodes=200"] {
        let s = score_against_perfect(board, name, 40, 3, 0, 2, &|_, _| {}).unwrap();
        // The solver never errs, so the player's margin is the start's
        // value minus what it gave away.
        assert_eq!(s.margin, s.start_value - s.boxes_given, "{name}");
        assert!(s.optimal_moves <= s.moves);
    }
    let r = score_against_perfect(board, "random", 40, 3, 0, 1, &|_, _| {}).unwrap();
    assert!(r.boxes_given > 0, "random play gives boxes away");
    assert_eq!(
        r,
        score_against_perfect(board, "random", 40, 3, 0, 2, &|_, _| {}).unwrap()
    );
}

/// Heavy tests: run by `.ci/run` in the test profile
/// (`cargo test -p dots --test play_players -- --ignored heavy::`).
mod heavy {
    use super::*;

    #[test]
    #[ignore = "heavy: a million positions for each heuristic player"]
    fn heuristic_players_move_legally_on_a_million_positions_each() {
        for name in ["random", "level1", "level2", "greedy"] {
            check_legal(name, 1_000_000, &ALL_SIZES);
        }
    }
}
