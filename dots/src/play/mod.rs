//! Players, matches, tournaments, scoring against perfect play, and the
//! neural-network players with their training ([`net`]).
//!
//! Every player implements [`Player`]: given a [`Game`] (the drawn edges,
//! the score and the side to move) and the game's [`Rng`], it chooses an
//! undrawn edge. Players are made from their names by [`new_player`], so
//! that tournaments, the terminal game and later players (neural networks,
//! Nimstring) all go through one factory. The names:
//!
//! | name | player | source |
//! |---|---|---|
//! | `random` | a uniformly random move (level 0) | Weaver & Bossomaier 1998, §2.2 |
//! | `level1` | completes a box when a move does, else random | Weaver & Bossomaier 1998, §2.2 |
//! | `level2` | completes a box if it can, else a random move that gives the opponent no box, else random | Weaver & Bossomaier 1998, §2.2 |
//! | `greedy` | one ply on the utility 2·S4A − 2·S4B + 0.75·S3 − 0.5·S2 | O'Flaherty & Wu, §III-B, §III-F |
//! | `minimax` | iterative-deepening minimax on that utility, random move order | O'Flaherty & Wu, §III-C |
//! | `alphabeta` | the same with alpha-beta pruning | O'Flaherty & Wu, §III-D |
//! | `mcts` | random descents to depth 7, averaged values, uniform selection | O'Flaherty & Wu, §III-E |
//! | `mcts-crazystone` | the same with Crazy Stone selection (eq. 1, 2) | O'Flaherty & Wu, §III-E |
//! | `uct` | UCT (UCB1 selection) with random playouts to the end | Kocsis & Szepesvári 2006 |
//! | `perfect` | a move of the position's value, from the exact solver | Barker & Korf 2012 |
//! | `nimstring` | a move that wins the Nimstring game, then the solver's best in the loony endgame | Berlekamp 2000 |
//! | `net:FILE` | the neural network in FILE (see [`net`]) | Weaver & Bossomaier 1998, §3.2 |
//!
//! A name may carry options after colons: `ms=N` (a time budget per move
//! in milliseconds), `nodes=N` (a budget of search nodes per move for
//! `minimax` and `alphabeta`, of descents for `mcts`, `mcts-crazystone`
//! and `uct`, of component positions valued for `nimstring`; a `nimstring`
//! name with neither has [`NIMSTRING_LIMIT`] and the time per move given to
//! [`new_player`]), `depth=N` (the deepest iteration of `minimax` and
//! `alphabeta`), `centre` (centre-out move order for `minimax` and
//! `alphabeta` instead of random order) and `relative` (for the players
//! that evaluate the utility: three-sided boxes count for the side to move
//! and against the other, see [`Utility`]). `alphabeta:centre:nodes=20000`
//! is alpha-beta with centre-out order and 20,000 nodes per move. Node and
//! depth budgets give the same moves on every machine; time budgets do not.
//!
//! Board sizes are boxes, as everywhere in cgtk: O'Flaherty & Wu's 4x4 to
//! 7x7 grids of dots are 3x3 to 6x6 boxes. Games run on a [`Grid`] of up to
//! 128 edges (up to 7x7 boxes); `perfect` needs the solver's boards (at
//! most 64 edges) and a position within its budget.
//!
//! ```
//! use dots::play::{new_player, play_game, Grid, Rng};
//!
//! let grid = Grid::new(3, 3).unwrap();
//! let mut a = new_player("level2", 1000).unwrap();
//! let mut b = new_player("random", 1000).unwrap();
//! let record = play_game(&grid, [a.as_mut(), b.as_mut()], &mut Rng::new(1)).unwrap();
//! assert_eq!(record.score[0] + record.score[1], 9);
//! ```

use std::time::Duration;

use cgt::budget::{Limits, StopFlag, Watch};
use thiserror::Error;

mod game;
mod heuristic;
mod mcts;
pub mod net;
mod nimstring;
mod perfect;
mod score;
mod search;
mod tournament;

pub use game::{bits, nth_bit, Game, Grid, Rng, Utility};
pub use heuristic::{Greedy, Level1, Level2, RandomPlayer};
pub use mcts::{Mcts, Selection, Uct};
pub use perfect::{analyze, solver_budget, Perfect, PERFECT_MAX_UNDRAWN, QUICK_MAX_UNDRAWN};
pub use score::{score_against_perfect, PerfectScore};
pub use search::{MoveOrder, Search};
pub use tournament::{
    play_game, ratings, run_tournament, GameRecord, PairResult, Rating, Tournament,
    TournamentConfig,
};

/// What can go wrong in play: a bad player name or option, a board or game
/// that cannot be set up, a position beyond the solver's budget.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PlayError {
    /// A player name that is not one of those in the module docs.
    #[error("unknown player {name:?} (known: random, level1, level2, greedy, minimax, alphabeta, mcts, mcts-crazystone, uct, perfect, nimstring, net:FILE)")]
    UnknownPlayer {
        /// The name given.
        name: String,
    },
    /// An option after a player's name that it does not take, or a value
    /// out of range.
    #[error("player {player:?}: bad option {option:?} ({reason})")]
    BadOption {
        /// The player's full name.
        player: String,
        /// The option.
        option: String,
        /// What is wrong with it.
        reason: String,
    },
    /// A board size that is malformed, has a zero side or more than 128
    /// edges.
    #[error("unsupported board size {size:?} (WxH boxes with at most 128 edges, e.g. up to 7x7)")]
    BoardSize {
        /// The size given.
        size: String,
    },
    /// A game that cannot be set up.
    #[error("bad game: {reason}")]
    Setup {
        /// What is wrong.
        reason: String,
    },
    /// A move off the board or on a drawn edge.
    #[error("illegal move {edge} in {position}")]
    IllegalMove {
        /// The edge.
        edge: usize,
        /// The position (`WxH:e,e,...`).
        position: String,
    },
    /// `perfect` was asked for a position the exact solver cannot solve
    /// within its budget.
    #[error("position {position} is beyond the solver's budget ({undrawn} undrawn edges; at most {limit} on this board)")]
    BeyondBudget {
        /// The position.
        position: String,
        /// Its undrawn edges.
        undrawn: usize,
        /// The most undrawn edges the solver takes on this board (0 when
        /// the board is too large for it).
        limit: usize,
    },
    /// A `net:FILE` player whose file cannot be read or is not a network.
    #[error("player net: {0}")]
    Network(#[from] net::NetFileError),
    /// A tournament or scoring run with bad settings.
    #[error("bad settings: {reason}")]
    Settings {
        /// What is wrong.
        reason: String,
    },
}

/// A Dots-and-Boxes player. Implementations are deterministic given the
/// random number generator they are passed (unless they have a time budget).
pub trait Player: Send {
    /// The name it was made from (with its options).
    fn name(&self) -> &str;

    /// Chooses an undrawn edge of `game`, which is not over.
    ///
    /// # Errors
    /// A player that cannot choose (e.g. `perfect` beyond its budget).
    fn choose(&mut self, game: &Game<'_>, rng: &mut Rng) -> Result<usize, PlayError>;

    /// Whether it can play on `grid` from positions of `undrawn` undrawn
    /// edges on (its first move of a game), checked without searching, so
    /// that a game or tournament can refuse a player before it starts
    /// (`perfect` needs a position within the solver's budget, `nimstring`
    /// a board of at most 64 edges, `net:FILE` its network's board). The
    /// default: every board.
    ///
    /// # Errors
    /// Why it cannot ([`PlayError::BeyondBudget`], [`PlayError::Setup`]).
    fn fits(&self, grid: &Grid, undrawn: usize) -> Result<(), PlayError> {
        let _ = (grid, undrawn);
        Ok(())
    }

    /// A flag that ends its thinking early when set (Ctrl-C, a web client
    /// gone away): it then plays the move it would play at the end of its
    /// budget. The default ignores it (players whose moves take no search).
    fn set_stop(&mut self, stop: Option<StopFlag>) {
        let _ = stop;
    }
}

/// How long a search player may think about one move: a wall-clock time,
/// a number of nodes (descents for Monte Carlo players), a depth. It stops
/// at whichever comes first; with no time, its moves are reproducible.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Budget {
    /// Wall-clock time per move.
    pub time: Option<Duration>,
    /// Nodes (minimax, alpha-beta) or descents (Monte Carlo, UCT) per move.
    pub nodes: Option<u64>,
    /// The deepest iteration (minimax, alpha-beta).
    pub depth: Option<u32>,
}

impl Budget {
    /// Whether nothing bounds the search.
    pub fn is_unbounded(&self) -> bool {
        self.time.is_none() && self.nodes.is_none() && self.depth.is_none()
    }
}

/// A clock, a stop flag and a node counter against a [`Budget`] (the
/// clock and flag are a [`Watch`] of the one budget of `cgt::budget`).
#[derive(Clone, Debug)]
pub(crate) struct Limiter {
    watch: Watch,
    max_nodes: Option<u64>,
    pub(crate) nodes: u64,
}

impl Limiter {
    pub(crate) fn new(budget: &Budget, stop: Option<&StopFlag>) -> Limiter {
        Limiter {
            watch: Watch::new(budget.time, stop),
            max_nodes: budget.nodes,
            nodes: 0,
        }
    }

    /// Counts one node; whether the budget is spent (the clock and the
    /// flag are read every 256 nodes).
    #[inline]
    pub(crate) fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.max_nodes.is_some_and(|m| self.nodes >= m) {
            return true;
        }
        self.nodes % 256 == 0 && self.watch.reached().is_some()
    }

    /// Whether the budget is spent, without counting.
    pub(crate) fn spent(&self) -> bool {
        self.max_nodes.is_some_and(|m| self.nodes >= m) || self.watch.reached().is_some()
    }
}

/// The names [`new_player`] knows (without options), in the order of the
/// module docs.
pub const PLAYER_NAMES: [&str; 11] = [
    "random",
    "level1",
    "level2",
    "greedy",
    "minimax",
    "alphabeta",
    "mcts",
    "mcts-crazystone",
    "uct",
    "perfect",
    "nimstring",
];

/// The default node limit of the `nimstring` player: component positions
/// valued per move (`nimstring:nodes=N` sets it) before it falls back to a
/// random move that is not loony. With neither `nodes=N` nor `ms=N` it has
/// this limit and the time per move of `move_ms`.
pub const NIMSTRING_LIMIT: u64 = 100_000;

/// Makes a player from its name and options (see the module docs);
/// `move_ms` is the time budget per move of search players whose name sets
/// no budget of its own.
///
/// # Errors
/// [`PlayError::UnknownPlayer`] or [`PlayError::BadOption`].
pub fn new_player(spec: &str, move_ms: u64) -> Result<Box<dyn Player>, PlayError> {
    // A file name may hold colons: everything after `net:` is the file.
    if let Some(path) = spec.trim().strip_prefix("net:") {
        let network = net::Network::read(std::path::Path::new(path))?;
        return Ok(Box::new(net::NetPlayer::new(
            spec.trim().to_string(),
            network,
        )));
    }
    let mut parts = spec.trim().split(':');
    let base = parts.next().unwrap_or_default();
    if !PLAYER_NAMES.contains(&base) {
        return Err(PlayError::UnknownPlayer {
            name: spec.to_string(),
        });
    }
    let searches = matches!(base, "minimax" | "alphabeta");
    let samples = matches!(base, "mcts" | "mcts-crazystone" | "uct");
    let mut budget = Budget::default();
    let mut order = MoveOrder::Random;
    let mut utility = Utility::Paper;
    let evaluates = matches!(
        base,
        "greedy" | "minimax" | "alphabeta" | "mcts" | "mcts-crazystone"
    );
    for option in parts {
        let bad = |reason: &str| PlayError::BadOption {
            player: spec.to_string(),
            option: option.to_string(),
            reason: reason.to_string(),
        };
        let number = |text: &str, max: u64| -> Result<u64, PlayError> {
            match text.parse::<u64>() {
                Ok(n) if (1..=max).contains(&n) => Ok(n),
                _ => Err(bad(&format!("expected a number from 1 to {max}"))),
            }
        };
        match option.split_once('=') {
            Some(("ms", v)) if searches || samples || base == "nimstring" => {
                budget.time = Some(Duration::from_millis(number(v, 86_400_000)?));
            }
            Some(("nodes", v)) if searches || samples || base == "nimstring" => {
                budget.nodes = Some(number(v, 1 << 40)?);
            }
            Some(("depth", v)) if searches => budget.depth = Some(number(v, 128)? as u32),
            None if option == "centre" && searches => order = MoveOrder::CentreOut,
            None if option == "relative" && evaluates => utility = Utility::Relative,
            _ => return Err(bad("not an option of this player")),
        }
    }
    if base == "nimstring" && budget.is_unbounded() {
        budget.nodes = Some(NIMSTRING_LIMIT);
        budget.time = (move_ms > 0).then(|| Duration::from_millis(move_ms));
    }
    if (searches || samples)
        && budget.time.is_none()
        && budget.nodes.is_none()
        && budget.depth.is_none()
    {
        if move_ms == 0 {
            return Err(PlayError::BadOption {
                player: spec.to_string(),
                option: "move-ms 0".to_string(),
                reason: "a search player needs a time, node or depth budget".to_string(),
            });
        }
        budget.time = Some(Duration::from_millis(move_ms));
    }
    let name = spec.trim().to_string();
    Ok(match base {
        "random" => Box::new(RandomPlayer::new(name)),
        "level1" => Box::new(Level1::new(name)),
        "level2" => Box::new(Level2::new(name)),
        "greedy" => Box::new(Greedy::new(name).with_utility(utility)),
        "minimax" => Box::new(Search::new(name, false, order, budget).with_utility(utility)),
        "alphabeta" => Box::new(Search::new(name, true, order, budget).with_utility(utility)),
        "mcts" => Box::new(Mcts::new(name, Selection::Uniform, budget).with_utility(utility)),
        "mcts-crazystone" => {
            Box::new(Mcts::new(name, Selection::CrazyStone, budget).with_utility(utility))
        }
        "uct" => Box::new(Uct::new(name, budget)),
        "perfect" => Box::new(Perfect::new(name)),
        "nimstring" => Box::new(nimstring::NimstringPlayer::new(
            name,
            Limits {
                nodes: budget.nodes,
                time: budget.time,
            },
        )),
        _ => unreachable!("checked against PLAYER_NAMES"),
    })
}

/// Where a [`Hint`]'s values come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HintSource {
    /// The exact solver: each value is the margin (boxes) the mover gets
    /// over the remaining boxes with optimal play after the move.
    Solver,
    /// The `mcts` player's averages of the utility of O'Flaherty & Wu
    /// (eq. 3, in boxes) after random descents of seven moves.
    MonteCarlo,
}

/// Every legal move's value for the player to move.
#[derive(Clone, Debug, PartialEq)]
pub struct Hint {
    /// Where the values come from.
    pub source: HintSource,
    /// `(edge, value)` in increasing edge order.
    pub values: Vec<(usize, f64)>,
}

/// Every move's value: from the exact solver when it can answer quickly
/// (at most [`QUICK_MAX_UNDRAWN`] undrawn edges on a board of at most 64),
/// else from the `mcts` player searching for `move_ms` milliseconds (at
/// least 1).
pub fn hint(game: &Game<'_>, rng: &mut Rng, move_ms: u64) -> Hint {
    if let Ok(a) = analyze(game, QUICK_MAX_UNDRAWN) {
        return Hint {
            source: HintSource::Solver,
            values: a
                .moves
                .iter()
                .map(|m| (m.0.index(), f64::from(m.1)))
                .collect(),
        };
    }
    let budget = Budget {
        time: Some(Duration::from_millis(move_ms.max(1))),
        ..Budget::default()
    };
    let mut mc = Mcts::new("mcts".into(), Selection::Uniform, budget);
    let _ = mc.choose(game, rng);
    let mut values = mc.root_values();
    values.sort_by_key(|v| v.0);
    Hint {
        source: HintSource::MonteCarlo,
        values,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_options_are_checked() {
        for name in PLAYER_NAMES {
            assert_eq!(new_player(name, 10).unwrap().name(), name);
        }
        assert!(matches!(
            new_player("alphabet", 10),
            Err(PlayError::UnknownPlayer { .. })
        ));
        assert!(matches!(
            new_player("random:ms=5", 10),
            Err(PlayError::BadOption { .. })
        ));
        assert!(matches!(
            new_player("mcts:depth=3", 10),
            Err(PlayError::BadOption { .. })
        ));
        assert!(matches!(
            new_player("alphabeta:nodes=0", 10),
            Err(PlayError::BadOption { .. })
        ));
        assert!(matches!(
            new_player("minimax", 0),
            Err(PlayError::BadOption { .. })
        ));
        assert!(new_player("alphabeta:centre:nodes=100", 0).is_ok());
        assert!(new_player("uct:nodes=100", 0).is_ok());
        assert!(new_player("greedy:relative", 0).is_ok());
        assert!(new_player("nimstring:ms=5:nodes=100", 0).is_ok());
        assert!(new_player("nimstring", 0).is_ok());
        assert!(matches!(
            new_player("nimstring:depth=3", 10),
            Err(PlayError::BadOption { .. })
        ));
        assert!(matches!(
            new_player("uct:relative", 10),
            Err(PlayError::BadOption { .. })
        ));
    }
}
