//! Scoring a player against perfect play: it plays games against the
//! exact solver (`perfect`), and each of its moves is compared with the
//! best: the boxes it gives away (value of the position − value of its
//! move, summed over its moves) and the share of its moves that are
//! optimal. Only on boards and positions within the solver's budget.
//!
//! Because the solver never gives anything away, the player's final margin
//! in a game is exactly the value of the start for it minus the boxes it
//! gave away; [`PerfectScore`] keeps both so that this can be checked.

use std::sync::atomic::{AtomicUsize, Ordering};

use rayon::prelude::*;

use crate::Board;

use super::{new_player, perfect, Game, Grid, PlayError, Rng};

/// A player's record against perfect play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerfectScore {
    /// The player.
    pub player: String,
    /// Games played (the player moved first in even-numbered ones).
    pub games: usize,
    /// The player's moves.
    pub moves: u64,
    /// Those of its moves that kept the position's value.
    pub optimal_moves: u64,
    /// Boxes given away: over its moves, the position's value minus the
    /// value of the move chosen.
    pub boxes_given: i64,
    /// Sum over the games of the player's boxes minus the solver's.
    pub margin: i64,
    /// Sum over the games of the value of the empty board for the player
    /// (the first player's value in games it began, its negation otherwise).
    pub start_value: i64,
    /// Games the player won, tied and lost.
    pub wins_ties_losses: [usize; 3],
}

impl PerfectScore {
    /// Boxes given away per game.
    pub fn given_per_game(&self) -> f64 {
        self.boxes_given as f64 / self.games.max(1) as f64
    }

    /// The share of its moves that were optimal.
    pub fn optimal_share(&self) -> f64 {
        self.optimal_moves as f64 / self.moves.max(1) as f64
    }
}

/// Plays `games` games of `player` against perfect play on `board` and
/// scores every move of the player (see the module docs). Game `g` is
/// seeded from (`seed`, `g`); `progress(done, total)` after every game.
///
/// # Errors
/// A bad player name or settings; [`PlayError::BeyondBudget`] if the board
/// is beyond the solver's budget.
pub fn score_against_perfect(
    board: Board,
    player: &str,
    games: usize,
    seed: u64,
    move_ms: u64,
    threads: usize,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Result<PerfectScore, PlayError> {
    new_player(player, move_ms)?;
    if games == 0 || threads == 0 {
        return Err(PlayError::Settings {
            reason: "games and threads must be at least 1".into(),
        });
    }
    let grid = Grid::of_board(board);
    let done = AtomicUsize::new(0);
    let one = |g: usize| -> Result<(u64, u64, i64, i64, i64), PlayError> {
        let mut p = new_player(player, move_ms)?;
        let mut rng = Rng::from_parts(&[seed, g as u64]);
        let mut game = Game::new(&grid);
        let side = g % 2;
        let (mut moves, mut optimal, mut given) = (0u64, 0u64, 0i64);
        let mut start = None;
        while !game.is_over() {
            let a = perfect::analyze(&game, perfect::PERFECT_MAX_UNDRAWN)?;
            start.get_or_insert(if side == 0 { a.value } else { -a.value });
            let e = if game.to_move() == side {
                let e = p.choose(&game, &mut rng)?;
                let v = a
                    .moves
                    .iter()
                    .find(|m| m.0.index() == e)
                    .map(|m| m.1)
                    .ok_or(PlayError::IllegalMove {
                        edge: e,
                        position: game.to_string(),
                    })?;
                moves += 1;
                optimal += u64::from(v == a.value);
                given += i64::from(a.value - v);
                e
            } else {
                rng.pick(perfect::best_moves(&a))
            };
            game.play(e)?;
        }
        let s = game.score();
        progress(done.fetch_add(1, Ordering::Relaxed) + 1, games);
        Ok((
            moves,
            optimal,
            given,
            s[side] as i64 - s[1 - side] as i64,
            i64::from(start.unwrap_or(0)),
        ))
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| PlayError::Settings {
            reason: format!("cannot start {threads} threads: {e}"),
        })?;
    let results: Vec<_> = pool.install(|| (0..games).into_par_iter().map(one).collect());
    let mut score = PerfectScore {
        player: player.to_string(),
        games,
        moves: 0,
        optimal_moves: 0,
        boxes_given: 0,
        margin: 0,
        start_value: 0,
        wins_ties_losses: [0; 3],
    };
    for r in results {
        let (moves, optimal, given, margin, start) = r?;
        score.moves += moves;
        score.optimal_moves += optimal;
        score.boxes_given += given;
        score.margin += margin;
        score.start_value += start;
        score.wins_ties_losses[match margin.cmp(&0) {
            std::cmp::Ordering::Greater => 0,
            std::cmp::Ordering::Equal => 1,
            std::cmp::Ordering::Less => 2,
        }] += 1;
    }
    Ok(score)
}
