//! Games, round-robin tournaments and ratings.
//!
//! Every pair of players plays the same number of games, the first-named
//! player of the pair moving first in even-numbered games and the second in
//! odd ones. Each game's random number generator is seeded from the
//! tournament seed, the pair's index and the game's index, and every game
//! gets fresh players, so the results do not depend on the number of
//! threads or the order the games run in (except through time budgets).
//!
//! Games start in rounds: round `k` starts game `k` of every pair (in the
//! order of the pairs) before round `k + 1` starts any, so that a
//! tournament stopped by its time limit or its stop flag has played about
//! as many games in every pair, not every game of the first pairs and none
//! of the last. A pair that played no game has no results (its margin is
//! `None`), and a player that played no game has no rating.
//!
//! Ratings are Bradley–Terry strengths (Hunter 2004, the MM algorithm) on
//! the Elo scale (400 log10 of the strength, mean 0), with one virtual tied
//! game added to every pair so that a player that wins every game still has
//! a finite rating, and 95 % intervals from the observed information (the
//! Moore–Penrose inverse of the Hessian of the log-likelihood, since the
//! ratings are only defined up to a constant). A tie counts half a win.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;

use cgt::budget::{Limit, StopFlag, Watch};

use super::{new_player, Game, Grid, PlayError, Player, Rng};

/// One finished game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// The edges in the order they were drawn.
    pub moves: Vec<usize>,
    /// Boxes taken by the player who moved first and by the other.
    pub score: [usize; 2],
}

/// Plays one game, `players[0]` moving first.
///
/// # Errors
/// A player's error, or [`PlayError::IllegalMove`] if one returns an
/// undrawable edge.
pub fn play_game(
    grid: &Grid,
    players: [&mut dyn Player; 2],
    rng: &mut Rng,
) -> Result<GameRecord, PlayError> {
    let mut game = Game::new(grid);
    let mut moves = Vec::with_capacity(grid.num_edges());
    let [first, second] = players;
    while !game.is_over() {
        let player: &mut dyn Player = if game.to_move() == 0 {
            &mut *first
        } else {
            &mut *second
        };
        let e = player.choose(&game, rng)?;
        game.play(e)?;
        moves.push(e);
    }
    Ok(GameRecord {
        moves,
        score: game.score(),
    })
}

/// One game of a tournament: the boxes of the pair's `a` and `b`, `None`
/// when the stop flag ended it, or the error that ended it.
type Played = Result<Option<[usize; 2]>, PlayError>;

/// What a tournament plays.
#[derive(Clone, Debug)]
pub struct TournamentConfig {
    /// The board.
    pub grid: Grid,
    /// Player names (see [`new_player`]); at least two, all different.
    pub players: Vec<String>,
    /// Games per pair (at least 1).
    pub games: usize,
    /// The seed every game's generator derives from.
    pub seed: u64,
    /// Time per move of search players whose names set no budget.
    pub move_ms: u64,
    /// Threads playing games (at least 1).
    pub threads: usize,
    /// No game is started after this time from the start, and the games
    /// under way end at once, uncounted.
    pub time_limit: Option<Duration>,
    /// No game is started once this is set (Ctrl-C), and the games under
    /// way end at once, uncounted.
    pub stop: Option<StopFlag>,
}

/// The results of one pair.
#[derive(Clone, Debug, PartialEq)]
pub struct PairResult {
    /// The first-named player (moves first in even-numbered games).
    pub a: String,
    /// The second-named player.
    pub b: String,
    /// Games `a` won.
    pub a_wins: usize,
    /// Games `b` won.
    pub b_wins: usize,
    /// Tied games.
    pub ties: usize,
    /// Mean of (boxes of `a` − boxes of `b`) per game (0 when no game was
    /// played: see [`PairResult::margin`]).
    pub a_margin: f64,
}

impl PairResult {
    /// Games played.
    pub fn games(&self) -> usize {
        self.a_wins + self.b_wins + self.ties
    }

    /// The mean margin of `a`, or `None` when the pair played no game.
    pub fn margin(&self) -> Option<f64> {
        (self.games() > 0).then_some(self.a_margin)
    }
}

/// A player's rating on the Elo scale with its 95 % interval.
#[derive(Clone, Debug, PartialEq)]
pub struct Rating {
    /// The player.
    pub player: String,
    /// The rating (the mean over the players is 0).
    pub rating: f64,
    /// Lower end of the 95 % interval.
    pub low: f64,
    /// Upper end of the 95 % interval.
    pub high: f64,
}

/// A finished tournament.
#[derive(Clone, Debug, PartialEq)]
pub struct Tournament {
    /// The board, `WxH`.
    pub board: String,
    /// Games per pair.
    pub games_per_pair: usize,
    /// The seed.
    pub seed: u64,
    /// The players in the order given.
    pub players: Vec<String>,
    /// Every pair `(i, j)` with `i < j` in the order of the players.
    pub pairs: Vec<PairResult>,
    /// One rating per player that played a game, in the order of the
    /// players (all of them when every game was played): a player with no
    /// game has no rating.
    pub ratings: Vec<Rating>,
    /// The limit that stopped the tournament before every game was played
    /// ([`Limit::Time`] or [`Limit::Interrupt`]): the results are those of
    /// the games played.
    pub stopped: Option<Limit>,
}

impl Tournament {
    /// The crosstable: entry `[i][j]` is player `i`'s score against player
    /// `j` (wins plus half the ties, over games), `None` on the diagonal and
    /// for pairs that played no game.
    pub fn crosstable(&self) -> Vec<Vec<Option<f64>>> {
        let k = self.players.len();
        let mut table = vec![vec![None; k]; k];
        let index = |name: &str| self.players.iter().position(|p| p == name).unwrap_or(0);
        for p in self.pairs.iter().filter(|p| p.games() > 0) {
            let (i, j) = (index(&p.a), index(&p.b));
            let n = p.games() as f64;
            let half = p.ties as f64 / 2.0;
            table[i][j] = Some((p.a_wins as f64 + half) / n);
            table[j][i] = Some((p.b_wins as f64 + half) / n);
        }
        table
    }

    /// The rating of `player`, if it played a game.
    pub fn rating(&self, player: &str) -> Option<&Rating> {
        self.ratings.iter().find(|r| r.player == player)
    }
}

/// Plays a round-robin tournament; `progress(done, total)` is called after
/// every game (from the playing threads). Games start round by round (see
/// the module docs). With a time limit or a stop flag, the games not yet
/// started when it is reached are not played, and the results are those of
/// the games played: the games under way when either is reached end at
/// once (the players stop thinking) and are not counted.
///
/// # Errors
/// [`PlayError::Settings`] for fewer than two players, a repeated player,
/// zero games or threads; a player's name error, or a player that cannot
/// play on the board ([`super::Player::fits`], checked before any game);
/// the first error of a game (in the order the games started; no game
/// starts after one fails).
pub fn run_tournament(
    config: &TournamentConfig,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Result<Tournament, PlayError> {
    let settings = |reason: String| PlayError::Settings { reason };
    let names = &config.players;
    if names.len() < 2 {
        return Err(settings("a tournament needs at least two players".into()));
    }
    for (i, n) in names.iter().enumerate() {
        new_player(n, config.move_ms)?;
        if names[..i].contains(n) {
            return Err(settings(format!("player {n:?} is named twice")));
        }
    }
    if config.games == 0 || config.threads == 0 {
        return Err(settings("games and threads must be at least 1".into()));
    }
    // Every player moves first in some game (the first-named of a pair in
    // game 0, the second in game 1), except the last player with one game
    // per pair, which moves second only.
    let edges = config.grid.num_edges();
    for (i, n) in names.iter().enumerate() {
        let first = i + 1 < names.len() || config.games > 1;
        let undrawn = if first {
            edges
        } else {
            edges.saturating_sub(1)
        };
        new_player(n, config.move_ms)?.fits(&config.grid, undrawn)?;
    }
    let pairs: Vec<(usize, usize)> = (0..names.len())
        .flat_map(|i| (i + 1..names.len()).map(move |j| (i, j)))
        .collect();
    // Job k is game k / pairs of pair k % pairs: round by round.
    let total = pairs.len() * config.games;
    let job = |k: usize| (k % pairs.len(), k / pairs.len());
    let done = AtomicUsize::new(0);
    let next = AtomicUsize::new(0);
    let failed = AtomicBool::new(false);
    let watch = Watch::new(config.time_limit, config.stop.as_ref());
    let stopped = Mutex::new(None);
    // The players' flag: set (by the referee thread below) once the time
    // limit passes or the tournament's flag is set. A game under way then
    // ends at once (its players stop thinking) and is not counted.
    let players_stop = StopFlag::new();
    let interrupted = || players_stop.is_stopped();
    let finished = AtomicBool::new(false);
    let play_one = |p: usize, g: usize| -> Played {
        let (i, j) = pairs[p];
        let mut a = new_player(&names[i], config.move_ms)?;
        let mut b = new_player(&names[j], config.move_ms)?;
        a.set_stop(Some(players_stop.clone()));
        b.set_stop(Some(players_stop.clone()));
        let mut rng = Rng::from_parts(&[config.seed, p as u64, g as u64]);
        let a_first = g % 2 == 0;
        let players: [&mut dyn Player; 2] = if a_first {
            [a.as_mut(), b.as_mut()]
        } else {
            [b.as_mut(), a.as_mut()]
        };
        let record = play_game(&config.grid, players, &mut rng)?;
        if interrupted() {
            return Ok(None);
        }
        progress(done.fetch_add(1, Ordering::Relaxed) + 1, total);
        let [s0, s1] = record.score;
        Ok(Some(if a_first { [s0, s1] } else { [s1, s0] }))
    };
    // Each thread takes the next job in order until none is left, a limit
    // is reached or a game fails.
    let worker = || -> Vec<(usize, Played)> {
        let mut mine = Vec::new();
        loop {
            if failed.load(Ordering::Relaxed) {
                return mine;
            }
            if let Some(limit) = watch.reached() {
                stopped.lock().expect("stop").get_or_insert(limit);
                return mine;
            }
            let k = next.fetch_add(1, Ordering::Relaxed);
            if k >= total {
                return mine;
            }
            let (p, g) = job(k);
            let result = play_one(p, g);
            if result.is_err() {
                failed.store(true, Ordering::Relaxed);
            }
            mine.push((k, result));
        }
    };
    let mut results = std::thread::scope(|scope| {
        let mut handles = Vec::new();
        for _ in 0..config.threads {
            match std::thread::Builder::new().spawn_scoped(scope, worker) {
                Ok(h) => handles.push(h),
                Err(e) => {
                    failed.store(true, Ordering::Relaxed);
                    return Err(settings(format!(
                        "cannot start {} threads: {e}",
                        config.threads
                    )));
                }
            }
        }
        if config.time_limit.is_some() || config.stop.is_some() {
            scope.spawn(|| {
                while !finished.load(Ordering::Relaxed) {
                    if watch.reached().is_some() {
                        players_stop.stop();
                        return;
                    }
                    std::thread::sleep(std::time::Duration::from_millis(10));
                }
            });
        }
        let mut all: Vec<(usize, Played)> = Vec::new();
        for h in handles {
            all.extend(h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)));
        }
        finished.store(true, Ordering::Relaxed);
        Ok(all)
    })?;
    results.sort_by_key(|r| r.0);
    let mut out: Vec<PairResult> = pairs
        .iter()
        .map(|&(i, j)| PairResult {
            a: names[i].clone(),
            b: names[j].clone(),
            a_wins: 0,
            b_wins: 0,
            ties: 0,
            a_margin: 0.0,
        })
        .collect();
    let mut margins = vec![0i64; pairs.len()];
    for (k, result) in results {
        let Some([sa, sb]) = result? else {
            continue;
        };
        let p = job(k).0;
        let r = &mut out[p];
        match sa.cmp(&sb) {
            std::cmp::Ordering::Greater => r.a_wins += 1,
            std::cmp::Ordering::Less => r.b_wins += 1,
            std::cmp::Ordering::Equal => r.ties += 1,
        }
        margins[p] += sa as i64 - sb as i64;
    }
    for (r, m) in out.iter_mut().zip(margins) {
        r.a_margin = m as f64 / r.games().max(1) as f64;
    }
    // Only players with games are rated, on the pairs that played.
    let played: Vec<String> = names
        .iter()
        .filter(|n| {
            out.iter()
                .any(|p| p.games() > 0 && (&p.a == *n || &p.b == *n))
        })
        .cloned()
        .collect();
    let with_games: Vec<PairResult> = out.iter().filter(|p| p.games() > 0).cloned().collect();
    let ratings = if played.len() < 2 {
        Vec::new()
    } else {
        ratings(&played, &with_games)
    };
    Ok(Tournament {
        board: config.grid.to_string(),
        games_per_pair: config.games,
        seed: config.seed,
        players: names.clone(),
        pairs: out,
        ratings,
        stopped: stopped.into_inner().expect("stop"),
    })
}

/// Bradley–Terry ratings on the Elo scale with 95 % intervals (see the
/// module docs) from the results of pairs among `players`. Pairs naming
/// other players are ignored.
pub fn ratings(players: &[String], pairs: &[PairResult]) -> Vec<Rating> {
    let k = players.len();
    // wins[i][j]: games i scored against j (ties half), plus half of one
    // virtual tie; games[i][j]: games between them, plus the virtual one.
    let mut wins = vec![vec![0.0f64; k]; k];
    let mut games = vec![vec![0.0f64; k]; k];
    for i in 0..k {
        for j in 0..k {
            if i != j {
                wins[i][j] = 0.5;
                games[i][j] = 1.0;
            }
        }
    }
    let index = |name: &str| players.iter().position(|p| p == name);
    for p in pairs {
        let (Some(i), Some(j)) = (index(&p.a), index(&p.b)) else {
            continue;
        };
        let half = p.ties as f64 / 2.0;
        wins[i][j] += p.a_wins as f64 + half;
        wins[j][i] += p.b_wins as f64 + half;
        games[i][j] += p.games() as f64;
        games[j][i] += p.games() as f64;
    }
    // Minorisation-maximisation (Hunter 2004, eq. 3), renormalised to a
    // geometric mean of 1.
    let mut gamma = vec![1.0f64; k];
    for _ in 0..100_000 {
        let mut next = vec![0.0; k];
        for i in 0..k {
            let w: f64 = wins[i].iter().sum();
            let d: f64 = (0..k)
                .filter(|&j| j != i)
                .map(|j| games[i][j] / (gamma[i] + gamma[j]))
                .sum();
            next[i] = w / d;
        }
        let mean_log = next.iter().map(|g| g.ln()).sum::<f64>() / k as f64;
        let mut change = 0.0f64;
        for i in 0..k {
            let g = (next[i].ln() - mean_log).exp();
            change = change.max((g / gamma[i]).ln().abs());
            gamma[i] = g;
        }
        if change < 1e-13 {
            break;
        }
    }
    // Observed information in log-strengths: a graph Laplacian with weights
    // n p (1 - p). Its Moore–Penrose inverse is (H + J/k)^-1 - J/k.
    let mut h = vec![vec![0.0f64; k]; k];
    for i in 0..k {
        for j in 0..k {
            if i != j {
                let p = gamma[i] / (gamma[i] + gamma[j]);
                let w = games[i][j] * p * (1.0 - p);
                h[i][j] -= w;
                h[i][i] += w;
            }
        }
    }
    for row in h.iter_mut() {
        for x in row.iter_mut() {
            *x += 1.0 / k as f64;
        }
    }
    let inverse = invert(h);
    let scale = 400.0 / std::f64::consts::LN_10;
    (0..k)
        .map(|i| {
            let rating = scale * gamma[i].ln();
            let se = (inverse[i][i] - 1.0 / k as f64).max(0.0).sqrt() * scale;
            Rating {
                player: players[i].clone(),
                rating,
                low: rating - 1.96 * se,
                high: rating + 1.96 * se,
            }
        })
        .collect()
}

/// The inverse of a non-singular matrix, by Gauss–Jordan elimination with
/// partial pivoting.
fn invert(mut a: Vec<Vec<f64>>) -> Vec<Vec<f64>> {
    let k = a.len();
    let mut inv: Vec<Vec<f64>> = (0..k)
        .map(|i| (0..k).map(|j| f64::from(u8::from(i == j))).collect())
        .collect();
    for c in 0..k {
        let p = (c..k)
            .max_by(|&x, &y| a[x][c].abs().total_cmp(&a[y][c].abs()))
            .unwrap_or(c);
        a.swap(c, p);
        inv.swap(c, p);
        let d = a[c][c];
        for j in 0..k {
            a[c][j] /= d;
            inv[c][j] /= d;
        }
        for r in 0..k {
            if r != c {
                let f = a[r][c];
                if f != 0.0 {
                    for j in 0..k {
                        a[r][j] -= f * a[c][j];
                        inv[r][j] -= f * inv[c][j];
                    }
                }
            }
        }
    }
    inv
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invert_a_small_matrix() {
        let inv = invert(vec![vec![2.0, 1.0], vec![1.0, 1.0]]);
        // [[2,1],[1,1]]^-1 = [[1,-1],[-1,2]] (determinant 1).
        let want = [[1.0, -1.0], [-1.0, 2.0]];
        for i in 0..2 {
            for j in 0..2 {
                assert!((inv[i][j] - want[i][j]).abs() < 1e-12);
            }
        }
    }
}
