//! The small trait every solver in [`crate::solve`] searches, and the
//! win/loss outcome it decides.
//!
//! Modelled on the interface of Fuego's `SgDfpnSolver` (generate moves, play,
//! undo, terminal test, hash): a game engine implements [`SolverGame`] once
//! and gets df-pn, alpha-beta, proof trees and the proof checker for free.

use std::fmt;

use super::table::ProofNumbers;

/// The result of a game for the player to move in some position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The player to move wins with best play.
    Win,
    /// The player to move loses with best play.
    Loss,
}

impl Outcome {
    /// The outcome for the other player: a child position lost for the
    /// player to move there is a win for the player who moved into it.
    #[must_use]
    pub fn flip(self) -> Outcome {
        match self {
            Outcome::Win => Outcome::Loss,
            Outcome::Loss => Outcome::Win,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Outcome::Win => "win",
            Outcome::Loss => "loss",
        })
    }
}

/// A two-player game of perfect information that ends in a win for one
/// player, seen from the player to move (negamax form).
///
/// # Assumptions
/// - **The game is acyclic**: no sequence of moves returns to an earlier
///   position (in Amazons every move burns a square). The solvers rely on it:
///   a transposition-table value never depends on the path that reached the
///   position, so there is no graph-history-interaction problem.
/// - A position where the player to move has no legal move is lost for that
///   player (normal play), unless [`SolverGame::evaluate`] decides it first.
/// - [`SolverGame::evaluate`] is *sound*: when it returns `Some(outcome)`
///   that is the outcome under best play. The solvers treat such a position
///   as a leaf and never look below it.
///
/// Positions are changed in place by [`SolverGame::play`] and restored by
/// [`SolverGame::undo`]; `Clone` is used once per thread and by the proof
/// checker to remember positions.
pub trait SolverGame: Clone + Send {
    /// A move. Its text form ([`SolverGame::move_text`]) must be unique
    /// among the legal moves of a position and contain no whitespace.
    type Move: Copy + Eq + fmt::Debug + Send;

    /// Appends the legal moves of the player to move to `moves` (which the
    /// caller has cleared). Any order; [`SolverGame::order_moves`] sorts them.
    fn generate_moves(&self, moves: &mut Vec<Self::Move>);

    /// Plays a legal move of the player to move; the other player is then to
    /// move.
    fn play(&mut self, mv: Self::Move);

    /// Takes back `mv`, which must be the last move played.
    fn undo(&mut self, mv: Self::Move);

    /// A 64-bit hash of the position including the player to move. Equal
    /// positions must have equal hashes.
    fn hash(&self) -> u64;

    /// A static evaluation that may decide the position without search
    /// (the Amazons full-board evaluation plugs in here). `None`: not
    /// decided. Must be sound (see the trait docs). The default decides
    /// nothing.
    fn evaluate(&self) -> Option<Outcome> {
        None
    }

    /// Move-ordering hint: reorders `moves` so that the moves most likely to
    /// win come first. The solvers try moves in this order and break ties
    /// between equally promising moves by it. The default keeps the order
    /// of [`SolverGame::generate_moves`].
    fn order_moves(&self, moves: &mut [Self::Move]) {
        let _ = moves;
    }

    /// Symmetry hook: the hash under which the transposition table stores
    /// this position. A game with symmetries returns the same value for all
    /// positions in one symmetry class (for left-right mirror symmetry, e.g.
    /// the smaller of the hashes of the position and of its mirror image).
    /// Sibling moves whose results share a `canonical_hash` are searched
    /// once (so mirror-image moves in a symmetric position are skipped).
    /// The default is [`SolverGame::hash`] (no symmetry).
    fn canonical_hash(&self) -> u64 {
        self.hash()
    }

    /// The proof and disproof numbers df-pn gives this position before
    /// searching it (df-pn+, Nagai 2002, section 3.4: a cheap estimate of how
    /// hard each side is to prove steers the search to the easier
    /// subtrees). Both must be finite and at least 1. The default is
    /// Nagai's plain `1, 1`.
    fn initial_numbers(&self) -> ProofNumbers {
        ProofNumbers::UNKNOWN
    }

    /// The move in the game's own notation (e.g. `B1-B4xD4` in Amazons),
    /// as written in proof files.
    fn move_text(&self, mv: Self::Move) -> String;

    /// The position in the game's own notation, written as the root of a
    /// proof file. One line.
    fn position_text(&self) -> String;
}

/// The moves of `game` in the order of [`SolverGame::order_moves`], one per
/// distinct [`SolverGame::canonical_hash`] of the resulting position (the
/// first move in order is kept), each with that hash. Mirror-image moves in
/// a symmetric position, and moves reaching the same position, give one
/// entry.
pub(crate) fn distinct_children<G: SolverGame>(game: &mut G) -> Vec<(G::Move, u64)> {
    distinct_children_with(game, |_| ())
        .into_iter()
        .map(|(mv, key, ())| (mv, key))
        .collect()
}

/// [`distinct_children`], each with `f` of the position after the move.
pub(crate) fn distinct_children_with<G: SolverGame, T>(
    game: &mut G,
    mut f: impl FnMut(&G) -> T,
) -> Vec<(G::Move, u64, T)> {
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    game.order_moves(&mut moves);
    let mut children: Vec<Option<(G::Move, u64, T)>> = moves
        .iter()
        .map(|&mv| {
            game.play(mv);
            let child = (mv, game.canonical_hash(), f(game));
            game.undo(mv);
            Some(child)
        })
        .collect();
    let mut keys: Vec<(u64, usize)> = children
        .iter()
        .enumerate()
        .map(|(i, c)| (c.as_ref().map_or(0, |c| c.1), i))
        .collect();
    keys.sort_unstable();
    for j in 1..keys.len() {
        // Sorted by (key, index): a repeated key keeps its first move.
        if keys[j - 1].0 == keys[j].0 {
            children[keys[j].1] = None;
        }
    }
    children.into_iter().flatten().collect()
}
