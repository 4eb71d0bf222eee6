//! The small trait every solver in [`crate::search`] searches.
//!
//! Modelled on the interface of Fuego's `SgDfpnSolver` (generate moves, play,
//! undo, terminal test, hash): a game engine implements [`SolverGame`] once
//! and gets df-pn, alpha-beta, proof trees and the proof checker for free.

use std::fmt;

use hashbrown::HashSet;

use super::numbers::{ProofNumbers, WinLoss};

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
    fn evaluate(&self) -> Option<WinLoss> {
        None
    }

    /// Move-ordering hint: reorders `moves` so that the moves most likely to
    /// win come first. The solvers try moves in this order and break ties
    /// between equally promising moves by it. The vector's spare capacity
    /// may serve as scratch space (it must hold the same moves on return).
    /// The default keeps the order of [`SolverGame::generate_moves`].
    fn order_moves(&self, moves: &mut Vec<Self::Move>) {
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

    /// Whether two different legal moves may lead to positions with the
    /// same [`SolverGame::canonical_hash`] (the same position, or mirror
    /// images). Where it returns false, listing the children skips the
    /// check for repeated keys; the default `true` is always correct.
    fn children_may_share_keys(&self) -> bool {
        true
    }

    /// The proof and disproof numbers df-pn gives this position before
    /// searching it (df-pn+, Nagai 2002, section 3.4: a cheap estimate of how
    /// hard each side is to prove steers the search to the easier
    /// subtrees). Both must be finite and at least 1. The default is
    /// Nagai's plain `1, 1`.
    fn initial_numbers(&self) -> ProofNumbers {
        ProofNumbers::UNKNOWN
    }

    /// The [`SolverGame::canonical_hash`] of the position after the legal
    /// move `mv`, with `self` unchanged when it returns. The default plays
    /// `mv`, hashes and takes it back; a game with incremental hashes can
    /// compute it without playing (the solvers call it for every child).
    fn canonical_hash_after(&mut self, mv: Self::Move) -> u64 {
        self.play(mv);
        let key = self.canonical_hash();
        self.undo(mv);
        key
    }

    /// The [`SolverGame::initial_numbers`] of the position after the legal
    /// move `mv`, with `self` unchanged when it returns. The default plays
    /// `mv`, asks and takes it back; a game whose initial numbers are
    /// switched off can answer without playing.
    fn initial_numbers_after(&mut self, mv: Self::Move) -> ProofNumbers {
        self.play(mv);
        let numbers = self.initial_numbers();
        self.undo(mv);
        numbers
    }

    /// Lazy expansion: the numbers an expansion of this unsearched
    /// position would give it, if the game can tell them without listing
    /// its children: with the children at [`SolverGame::initial_numbers`],
    /// `pn` is the smallest of their disproof numbers and `dn` the sum of
    /// their proof numbers (what the children's table entries would change
    /// is left out: an estimate, which steers the search and never decides
    /// anything). Df-pn stores these numbers instead of expanding a
    /// position they already put over its thresholds; most first visits
    /// end so. `None` (the default): always expand. Both numbers must be
    /// finite and at least 1.
    fn lazy_numbers(&self) -> Option<ProofNumbers> {
        None
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
    let mut children = Vec::new();
    ChildBuffers::default().collect(game, &mut children, |_, mv, key| (mv, key));
    children
}

/// Reusable buffers for listing the children of positions without
/// allocating for each: the moves and a set of the keys seen.
pub(crate) struct ChildBuffers<M> {
    moves: Vec<M>,
    seen: HashSet<u64>,
}

impl<M> Default for ChildBuffers<M> {
    fn default() -> Self {
        ChildBuffers {
            moves: Vec::new(),
            seen: HashSet::new(),
        }
    }
}

impl<M: Copy> ChildBuffers<M> {
    /// Appends to `out` (after clearing it) `make(game, move, key)` for
    /// each move of [`distinct_children`], in the same order (`game` is the
    /// position before the move).
    pub(crate) fn collect<G: SolverGame<Move = M>, C>(
        &mut self,
        game: &mut G,
        out: &mut Vec<C>,
        mut make: impl FnMut(&mut G, M, u64) -> C,
    ) {
        out.clear();
        self.moves.clear();
        game.generate_moves(&mut self.moves);
        game.order_moves(&mut self.moves);
        if !game.children_may_share_keys() {
            out.extend(self.moves.iter().map(|&mv| {
                let key = game.canonical_hash_after(mv);
                make(game, mv, key)
            }));
            return;
        }
        // Clearing keeps the set's memory for the next position.
        self.seen.clear();
        for &mv in &self.moves {
            let key = game.canonical_hash_after(mv);
            if self.seen.insert(key) {
                out.push(make(game, mv, key));
            }
        }
    }
}
