//! Amazons as a [`SolverGame`]: the df-pn solver of Song & Müller 2015 (Song and
//! Müller, "An Enhanced Solver for the Game of Amazons", section V), with
//! the full-board evaluation ([`Evaluator`], Algorithm 1) as the terminal
//! test at every node, left-right mirror symmetry, and an exact leaf
//! verifier for [`check_proof`](cgt::search::check_proof) that never uses the
//! heuristic bounds.
//!
//! ```
//! use amazons::{Position, SolverPosition};
//! use cgt::search::{DfpnConfig, DfpnSolver, Verdict, WinLoss};
//!
//! // 4x4: the second player wins (Müller 2001; Song & Müller 2015, Table I).
//! let start = SolverPosition::new(Position::standard("4x4".parse()?)?);
//! let mut solver = DfpnSolver::new(DfpnConfig::default()).unwrap();
//! assert_eq!(solver.solve(&start).verdict, Verdict::Proven(WinLoss::Loss));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::sync::Arc;

use crate::bitboard::Bitboard;
use crate::bounds::AreaOracle;
use crate::color::Color;
use crate::eval::Evaluator;
use crate::moves::Move;
use crate::position::Position;
use crate::symmetry::Symmetry;
use cgt::search::{ProofNumbers, SolverGame, WinLoss};

mod mobility;
mod ordering;
mod proof;
mod verifier;
mod zobrist;

pub use proof::{
    extract_checkable_proof, DEFAULT_PROOF_CUT, DEFAULT_PROOF_EFFORT, MAX_PROOF_EFFORT,
};
pub use verifier::{LeafVerifier, DEFAULT_LEAF_LIMIT};

use mobility::{estimate, mobility_numbers};
use ordering::order_by_score;
use zobrist::{mirrored_words, zobrist_key, ZOBRIST};

/// An Amazons position for the solvers, with the evaluation used as the
/// terminal test (`None`: no evaluation, only positions without moves end
/// the search; the Fig. 13 baseline).
#[derive(Clone)]
pub struct SolverPosition {
    position: Position,
    /// The Zobrist key of `position` ([`zobrist_key`]), kept up to date by
    /// `play` and `undo`.
    key: u64,
    /// The Zobrist key of `position`'s left-right mirror image.
    mirror_key: u64,
    evaluator: Option<Evaluator>,
    oracle: Option<Arc<dyn AreaOracle + Send + Sync>>,
    mobility_numbers: bool,
}

impl fmt::Debug for SolverPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SolverPosition")
            .field("position", &self.position)
            .field("evaluator", &self.evaluator)
            .field("oracle", &self.oracle.is_some())
            .field("mobility_numbers", &self.mobility_numbers)
            .finish()
    }
}

impl PartialEq for SolverPosition {
    /// Positions are equal when the boards and the side to move are; the
    /// evaluation settings do not matter.
    fn eq(&self, other: &SolverPosition) -> bool {
        self.position == other.position
    }
}

impl Eq for SolverPosition {}

impl SolverPosition {
    /// `position` with the default full-board evaluation.
    pub fn new(position: Position) -> SolverPosition {
        SolverPosition::with_evaluator(position, Some(Evaluator::default()))
    }

    /// The position of a proof file's root text, with the default
    /// evaluation (the game [`cgt::search::ProofTree::read_for`] replays a
    /// compact proof on), or why the text is not a position.
    pub fn from_proof_root(root: &str) -> Result<SolverPosition, String> {
        root.parse::<Position>()
            .map(SolverPosition::new)
            .map_err(|e| e.to_string())
    }

    /// `position` with the given evaluation (`None`: none).
    pub fn with_evaluator(position: Position, evaluator: Option<Evaluator>) -> SolverPosition {
        SolverPosition {
            key: zobrist_key(&position, &ZOBRIST),
            mirror_key: zobrist_key(&position, mirrored_words(&position)),
            position,
            evaluator,
            oracle: None,
            mobility_numbers: false,
        }
    }

    /// The same, with df-pn's initial proof numbers from mobility (`true`)
    /// or Nagai's plain `1, 1` (`false`, the default); see
    /// [`SolverGame::initial_numbers`]. Mobility halves the nodes on 4x5
    /// but multiplies them on 5x4 and 5x5, whose unique winning first
    /// moves it does not favour (BENCHMARKS.md).
    #[must_use]
    pub fn with_mobility_numbers(mut self, on: bool) -> SolverPosition {
        self.mobility_numbers = on;
        self
    }

    /// The same, with the evaluation asking `oracle` (endgame databases)
    /// first wherever it can answer an area.
    pub fn with_oracle(mut self, oracle: Arc<dyn AreaOracle + Send + Sync>) -> SolverPosition {
        self.oracle = Some(oracle);
        self
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }
}

impl SolverGame for SolverPosition {
    type Move = Move;

    fn generate_moves(&self, moves: &mut Vec<Move>) {
        self.position.for_each_move(|mv| moves.push(mv));
    }

    fn play(&mut self, mv: Move) {
        self.update_keys(mv);
        self.position.play_unchecked(mv);
    }

    fn undo(&mut self, mv: Move) {
        self.position.undo(mv);
        self.update_keys(mv);
    }

    /// The Zobrist key of the position, kept incrementally.
    fn hash(&self) -> u64 {
        self.key
    }

    fn evaluate(&self) -> Option<WinLoss> {
        let winner = self.evaluator.as_ref()?.verdict(
            &self.position,
            self.oracle.as_deref().map(|o| o as &dyn AreaOracle),
        )?;
        Some(if winner == self.position.to_move() {
            WinLoss::Win
        } else {
            WinLoss::Loss
        })
    }

    /// Moves whose arrow lands next to opponent queens first (they take
    /// the opponent's mobility), then those whose queen ends next to fewer
    /// burnt squares and edges (it keeps its own): by the score
    /// `4 * (opponent queens next to the arrow) + (open squares next to the
    /// queen)`, highest first, ties in the order given (a stable counting
    /// sort: the score is at most 40).
    fn order_moves(&self, moves: &mut Vec<Move>) {
        order_by_score(&self.position, moves);
    }

    /// The smaller of the Zobrist keys of the position and of its mirror
    /// image, both kept incrementally.
    fn canonical_hash(&self) -> u64 {
        self.key.min(self.mirror_key)
    }

    /// Two different moves lead to different positions (the move is
    /// determined by the squares that changed), so two children share a
    /// key only if they are mirror images (or by a 64-bit collision). A
    /// child differs from the position on at most 3 squares (the queen's
    /// two and the arrow's), so if children `c1` and `c2 = mirror(c1)`
    /// exist, the position differs from its own mirror image on at most 6
    /// squares (those of `c2`'s move and the mirrors of `c1`'s). The check
    /// is needed only then.
    fn children_may_share_keys(&self) -> bool {
        let p = &self.position;
        let size = p.size();
        let differs = |board: Bitboard| board ^ board.transformed(Symmetry::MIRROR_FILES, size);
        let asymmetric =
            differs(p.queens(Color::White)) | differs(p.queens(Color::Black)) | differs(p.burnt());
        asymmetric.count() <= 6
    }

    /// Mobility (df-pn+, Nagai 2002, 3.4): a position where the player to
    /// move has many moves is hard to disprove, one where the opponent
    /// has many is hard to prove: `pn = 1 + opponent's moves / 4`,
    /// `dn = 1 + own moves / 4` (the divisor 4 measured best of 2, 4, 8, 16
    /// on 4x5 positions, BENCHMARKS.md). On with
    /// [`SolverPosition::with_mobility_numbers`]; else `1, 1`.
    fn initial_numbers(&self) -> ProofNumbers {
        if !self.mobility_numbers {
            return ProofNumbers::UNKNOWN;
        }
        mobility_numbers(&self.position)
    }

    /// The keys after `mv` from the Zobrist words `mv` changes (three
    /// squares and the side to move), without playing it.
    #[inline]
    fn canonical_hash_after(&mut self, mv: Move) -> u64 {
        let key = self.key ^ self.key_change(mv, &ZOBRIST);
        let mirror_key = self.mirror_key ^ self.key_change(mv, mirrored_words(&self.position));
        key.min(mirror_key)
    }

    /// `1, 1` without playing `mv` unless mobility is on.
    #[inline]
    fn initial_numbers_after(&mut self, mv: Move) -> ProofNumbers {
        if !self.mobility_numbers {
            return ProofNumbers::UNKNOWN;
        }
        let mut child = self.position.clone();
        child.play_unchecked(mv);
        mobility_numbers(&child)
    }

    /// With Nagai's `1, 1` for every child: `pn = 1` and `dn` = the number
    /// of moves, which is the number of children where no two can share a
    /// key ([`SolverGame::children_may_share_keys`]). Positions where two
    /// may (mirror-image moves are one child), and every position with
    /// mobility numbers, are expanded.
    fn lazy_numbers(&self) -> Option<ProofNumbers> {
        if self.mobility_numbers || self.children_may_share_keys() {
            return None;
        }
        let moves = self.position.count_moves();
        (moves > 0).then(|| ProofNumbers {
            pn: 1,
            dn: estimate(moves),
        })
    }

    fn move_text(&self, mv: Move) -> String {
        mv.to_string()
    }

    fn position_text(&self) -> String {
        self.position.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::zobrist::splitmix;
    use super::*;
    use crate::position::Setup;
    use crate::size::Size;
    use crate::square::Square;

    /// Every position of `games` random games from the standard start of
    /// each of `sizes`, played to their ends (moves drawn by SplitMix64
    /// from `seed`).
    pub(super) fn random_game_positions(
        sizes: &[&str],
        games: usize,
        mut seed: u64,
    ) -> Vec<Position> {
        let mut positions = Vec::new();
        for size in sizes {
            for _game in 0..games {
                let mut pos = Position::standard(size.parse().unwrap()).unwrap();
                loop {
                    positions.push(pos.clone());
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    seed = splitmix(seed, 0);
                    pos.play_unchecked(moves[(seed % moves.len() as u64) as usize]);
                }
            }
        }
        positions
    }

    #[test]
    fn numbers_after_a_move_equal_those_of_the_played_move() {
        // Random games on several boards, mobility numbers on: for every
        // legal move, the key and initial numbers computed without playing
        // equal those of the position after playing it (the trait's
        // default), and the position is left unchanged.
        for pos in random_game_positions(&["5x4", "4x5", "6x6"], 5, 777) {
            let mut game = SolverPosition::new(pos).with_mobility_numbers(true);
            let before = (game.hash(), game.canonical_hash());
            for mv in game.position().legal_moves() {
                let key = game.canonical_hash_after(mv);
                let numbers = game.initial_numbers_after(mv);
                assert_eq!((game.hash(), game.canonical_hash()), before);
                game.play(mv);
                assert_eq!(key, game.canonical_hash());
                assert_eq!(numbers, game.initial_numbers());
                game.undo(mv);
            }
        }
    }

    /// A random position of `size` that is close to its mirror image: a
    /// mirror-symmetric board (each pair of mirror squares empty, burnt,
    /// or holding queens of one colour, at random) with up to 3 squares
    /// then set at random. `next` gives random words.
    fn near_symmetric(size: &str, next: &mut impl FnMut() -> u64) -> Position {
        let size: Size = size.parse().unwrap();
        // Contents: 0 or 1 empty, 2 burnt, 3 white, 4 black.
        let mut content = [0u64; Square::COUNT];
        for sq in size.mask() {
            let mirror_sq = sq.transformed(Symmetry::MIRROR_FILES, size);
            if mirror_sq.index() >= sq.index() {
                let c = next() % 5;
                content[usize::from(sq.index())] = c;
                content[usize::from(mirror_sq.index())] = c;
            }
        }
        let squares: Vec<Square> = size.mask().into_iter().collect();
        for _ in 0..next() % 4 {
            let sq = squares[(next() % squares.len() as u64) as usize];
            content[usize::from(sq.index())] = next() % 5;
        }
        let with = |c: u64| {
            squares
                .iter()
                .filter(|sq| content[usize::from(sq.index())] == c)
                .copied()
                .collect::<Bitboard>()
        };
        Position::from_setup(Setup {
            size,
            white: with(3),
            black: with(4),
            burnt: with(2),
            to_move: if next() % 2 == 0 {
                Color::White
            } else {
                Color::Black
            },
        })
        .unwrap()
    }

    #[test]
    fn children_share_keys_only_where_the_check_says_they_may() {
        // Random positions close to symmetric: every position whose
        // children (played and hashed, as the trait's default does)
        // include two with the same canonical key must be one where
        // `children_may_share_keys` is true. Some such positions are not
        // symmetric themselves (two children are mirror images of each
        // other while the parent is not); the sample must hold some, or
        // the test proves little.
        let mut seed = 4242u64;
        let mut next = || {
            seed = splitmix(seed, 0);
            seed
        };
        let mut asymmetric_with_shared_keys = 0;
        for size in ["4x4", "5x4", "4x5", "6x4"] {
            for _ in 0..2000 {
                let mut game = SolverPosition::new(near_symmetric(size, &mut next));
                let moves = game.position().legal_moves();
                let mut keys: Vec<u64> = moves
                    .iter()
                    .map(|&mv| {
                        game.play(mv);
                        let key = game.canonical_hash();
                        game.undo(mv);
                        key
                    })
                    .collect();
                keys.sort_unstable();
                keys.dedup();
                if keys.len() < moves.len() {
                    assert!(game.children_may_share_keys(), "{}", game.position());
                    if game.hash() != game.mirror_key {
                        asymmetric_with_shared_keys += 1;
                    }
                }
            }
        }
        assert!(asymmetric_with_shared_keys > 0);
    }

    #[test]
    fn standard_starts_are_mirror_symmetric() {
        for size in ["4x4", "5x4", "4x5", "5x5"] {
            let pos = Position::standard(size.parse().unwrap()).unwrap();
            let mirrored = pos.transformed(Symmetry::MIRROR_FILES);
            for c in [Color::White, Color::Black] {
                assert_eq!(mirrored.queens(c), pos.queens(c));
            }
        }
    }
}
