//! `perfect`: a move of the position's value, from the exact solver
//! ([`crate::Solver`], Barker & Korf 2012), on positions within its budget.

use std::cell::RefCell;

use crate::{Analysis, Board, Options, Position, Solver};

use super::{Game, Grid, PlayError, Player, Rng};

/// The most undrawn edges `perfect` takes on boards of up to 64 edges. The
/// hardest such positions we know, the empty 3x4 board (31 edges) and
/// 4x4 positions with 31 undrawn edges, take the solver up to about 6
/// seconds for every move's value (BENCHMARKS.md); later positions of the
/// same game are much faster since the solver keeps its table.
pub const PERFECT_MAX_UNDRAWN: usize = 31;

/// The most undrawn edges for which every move's value takes the solver
/// about a second or less (26: at most 0.6 s on 3x4 and 4x4 positions).
pub const QUICK_MAX_UNDRAWN: usize = 26;

/// Transposition table size of the solvers `perfect` and the scoring use,
/// in MiB.
pub const PERFECT_TT_MB: usize = 32;

/// The most undrawn edges the solver takes on `board` within its budget.
/// The one place the budget is decided (a node or time limit inside the
/// solver can replace it).
pub fn solver_budget(board: Board) -> usize {
    PERFECT_MAX_UNDRAWN.min(board.num_edges())
}

thread_local! {
    /// One solver per board size and thread, kept from move to move and
    /// game to game: values are exact whatever its table holds, so sharing
    /// it changes only the time taken.
    static SOLVERS: RefCell<Vec<((usize, usize), Solver)>> = const { RefCell::new(Vec::new()) };
}

/// Every move's value at `game`'s position (see [`Solver::analyze`]), if
/// it has at most `limit` undrawn edges (and at most [`solver_budget`]).
///
/// # Errors
/// [`PlayError::BeyondBudget`] for a board of more than 64 edges or a
/// position beyond the limit.
pub fn analyze(game: &Game<'_>, limit: usize) -> Result<Analysis, PlayError> {
    let undrawn = game.num_legal();
    let beyond = |limit| PlayError::BeyondBudget {
        position: game.to_string(),
        undrawn,
        limit,
    };
    let pos: Position = game.position().ok_or_else(|| beyond(0))?;
    let board = pos.board();
    let limit = solver_budget(board).min(limit);
    if undrawn > limit {
        return Err(beyond(limit));
    }
    let key = (board.width(), board.height());
    Ok(SOLVERS.with(|cell| {
        let mut solvers = cell.borrow_mut();
        let i = match solvers.iter().position(|s| s.0 == key) {
            Some(i) => i,
            None => {
                let opts = Options {
                    tt_mb: PERFECT_TT_MB,
                    ..Options::default()
                };
                solvers.push((key, Solver::new(board, opts)));
                solvers.len() - 1
            }
        };
        solvers[i]
            .1
            .analyze(&pos, cgt::budget::Limits::NONE)
            .expect("no limit and no stop flag")
    }))
}

/// The moves of the position's value in an analysis, as a bit set.
pub(crate) fn best_moves(a: &Analysis) -> u128 {
    a.moves
        .iter()
        .filter(|m| m.1 == a.value)
        .fold(0u128, |set, m| set | 1 << m.0.index())
}

/// The `perfect` player: a uniformly random move among those of the
/// position's value.
#[derive(Clone, Debug)]
pub struct Perfect {
    name: String,
}

impl Perfect {
    /// The player under `name`.
    pub fn new(name: String) -> Perfect {
        Perfect { name }
    }
}

impl Player for Perfect {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, game: &Game<'_>, rng: &mut Rng) -> Result<usize, PlayError> {
        let a = analyze(game, PERFECT_MAX_UNDRAWN)?;
        Ok(rng.pick(best_moves(&a)))
    }

    fn fits(&self, grid: &Grid, undrawn: usize) -> Result<(), PlayError> {
        let limit = grid.board().map_or(0, solver_budget);
        if grid.board().is_some() && undrawn <= limit {
            Ok(())
        } else {
            Err(PlayError::BeyondBudget {
                position: grid.to_string(),
                undrawn,
                limit,
            })
        }
    }
}
