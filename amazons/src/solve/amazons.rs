//! Amazons as a [`SolverGame`]: the df-pn solver of seed 004 (Song and
//! Müller, "An Enhanced Solver for the Game of Amazons", section V), with
//! the full-board evaluation ([`Evaluator`], Algorithm 1) as the terminal
//! test at every node, left-right mirror symmetry, and an exact leaf
//! verifier for [`check_proof`](super::check_proof) that never uses the
//! heuristic bounds.
//!
//! ```
//! use amazons::solve::{AmazonsSolver, DfpnConfig, DfpnSolver, Outcome, Verdict};
//! use amazons::Position;
//!
//! // 4x4: the second player wins (Müller 2001; seed 004, Table I).
//! let start = AmazonsSolver::new(Position::standard("4x4".parse()?)?);
//! let mut solver = DfpnSolver::new(DfpnConfig::default()).unwrap();
//! assert_eq!(solver.solve(&start).verdict, Verdict::Proven(Outcome::Loss));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use hashbrown::HashMap;
use std::fmt;
use std::sync::Arc;

use super::game::{Outcome, SolverGame};
use super::table::ProofNumbers;
use crate::bitboard::Bitboard;
use crate::bounds::AreaOracle;
use crate::eval::Evaluator;
use crate::moves::Move;
use crate::partition::basic_partition;
use crate::position::{Color, Position, Setup};
use crate::square::Square;
use crate::territory::territory_moves;

/// An Amazons position for the solvers, with the evaluation used as the
/// terminal test (`None`: no evaluation, only positions without moves end
/// the search; the Fig. 13 baseline).
#[derive(Clone)]
pub struct AmazonsSolver {
    position: Position,
    evaluator: Option<Evaluator>,
    oracle: Option<Arc<dyn AreaOracle + Send + Sync>>,
    mobility_numbers: bool,
}

impl fmt::Debug for AmazonsSolver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("AmazonsSolver")
            .field("position", &self.position)
            .field("evaluator", &self.evaluator)
            .field("oracle", &self.oracle.is_some())
            .field("mobility_numbers", &self.mobility_numbers)
            .finish()
    }
}

impl PartialEq for AmazonsSolver {
    /// Positions are equal when the boards and the side to move are; the
    /// evaluation settings do not matter.
    fn eq(&self, other: &AmazonsSolver) -> bool {
        self.position == other.position
    }
}

impl Eq for AmazonsSolver {}

impl AmazonsSolver {
    /// `position` with the default full-board evaluation.
    pub fn new(position: Position) -> AmazonsSolver {
        AmazonsSolver::with_evaluator(position, Some(Evaluator::default()))
    }

    /// `position` with the given evaluation (`None`: none).
    pub fn with_evaluator(position: Position, evaluator: Option<Evaluator>) -> AmazonsSolver {
        AmazonsSolver {
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
    pub fn with_mobility_numbers(mut self, on: bool) -> AmazonsSolver {
        self.mobility_numbers = on;
        self
    }

    /// The same, with the evaluation asking `oracle` (endgame databases)
    /// first wherever it can answer an area.
    pub fn with_oracle(mut self, oracle: Arc<dyn AreaOracle + Send + Sync>) -> AmazonsSolver {
        self.oracle = Some(oracle);
        self
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }
}

/// A 64-bit finaliser (SplitMix64 / Stafford's mix 13).
fn mix(mut x: u64) -> u64 {
    x ^= x >> 30;
    x = x.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x ^= x >> 27;
    x = x.wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// The hash of the boards and side to move.
fn hash_boards(white: u64, black: u64, burnt: u64, to_move: Color) -> u64 {
    let side = match to_move {
        Color::White => 0x9e37_79b9_7f4a_7c15,
        Color::Black => 0x3c6e_f372_fe94_f82b,
    };
    mix(mix(mix(mix(side ^ white) ^ black) ^ burnt.rotate_left(17)) ^ 0x5851_f42d_4c95_7f2d)
}

/// `board` mirrored left-right on a board `width` files wide (file `f`
/// goes to `width - 1 - f`).
pub fn mirror(board: Bitboard, width: u8) -> Bitboard {
    // reverse_bits maps (rank r, file f) to (7 - r, 7 - f); swap_bytes puts
    // the rank back; the shift moves file 7 - f to width - 1 - f.
    Bitboard(board.0.reverse_bits().swap_bytes() >> (8 - width))
}

impl SolverGame for AmazonsSolver {
    type Move = Move;

    fn generate_moves(&self, moves: &mut Vec<Move>) {
        self.position.for_each_move(|mv| moves.push(mv));
    }

    fn play(&mut self, mv: Move) {
        self.position.play_unchecked(mv);
    }

    fn undo(&mut self, mv: Move) {
        self.position.undo(mv);
    }

    fn hash(&self) -> u64 {
        let p = &self.position;
        hash_boards(
            p.queens(Color::White).0,
            p.queens(Color::Black).0,
            p.burnt().0,
            p.to_move(),
        )
    }

    fn evaluate(&self) -> Option<Outcome> {
        let winner = self
            .evaluator
            .as_ref()?
            .evaluate(
                &self.position,
                self.oracle.as_deref().map(|o| o as &dyn AreaOracle),
            )
            .verdict?;
        Some(if winner == self.position.to_move() {
            Outcome::Win
        } else {
            Outcome::Loss
        })
    }

    /// Moves whose arrow lands next to opponent queens first (they take
    /// the opponent's mobility), then those whose queen ends next to fewer
    /// burnt squares and edges (it keeps its own).
    fn order_moves(&self, moves: &mut [Move]) {
        let p = &self.position;
        let opponent = p.queens(p.to_move().opposite());
        let mask = p.mask();
        moves.sort_by_cached_key(|mv| {
            let arrow_near = neighbours(mv.arrow, mask) & opponent;
            let blocked = neighbours(mv.to, mask) & (p.burnt() | Bitboard::from_square(mv.arrow));
            let open = neighbours(mv.to, mask).count() - blocked.count();
            // Larger is better; sort ascending on the negation.
            -(4 * arrow_near.count() as i32 + open as i32)
        });
    }

    fn canonical_hash(&self) -> u64 {
        let p = &self.position;
        let w = p.size().width();
        let plain = self.hash();
        let mirrored = hash_boards(
            mirror(p.queens(Color::White), w).0,
            mirror(p.queens(Color::Black), w).0,
            mirror(p.burnt(), w).0,
            p.to_move(),
        );
        plain.min(mirrored)
    }

    /// Mobility (df-pn+, Nagai 2002, 3.4): a position where the player to
    /// move has many moves is hard to disprove, one where the opponent
    /// has many is hard to prove: `pn = 1 + opponent's moves / 4`,
    /// `dn = 1 + own moves / 4` (the divisor 4 measured best of 2, 4, 8, 16
    /// on 4x5 positions, BENCHMARKS.md). On with
    /// [`AmazonsSolver::with_mobility_numbers`]; else `1, 1`.
    fn initial_numbers(&self) -> ProofNumbers {
        if !self.mobility_numbers {
            return ProofNumbers::UNKNOWN;
        }
        let p = &self.position;
        let estimate = |moves: u64| {
            u32::try_from(1 + moves / 4)
                .unwrap_or(u32::MAX)
                .min(1 << 20)
        };
        ProofNumbers {
            pn: estimate(p.count_moves_of(p.to_move().opposite())),
            dn: estimate(p.count_moves_of(p.to_move())),
        }
    }

    fn move_text(&self, mv: Move) -> String {
        mv.to_string()
    }

    fn position_text(&self) -> String {
        self.position.to_string()
    }
}

/// The squares of the board king-adjacent to `square`.
fn neighbours(square: Square, mask: Bitboard) -> Bitboard {
    let (f, r) = (i16::from(square.file()), i16::from(square.rank()));
    let mut out = Bitboard::EMPTY;
    for df in -1..=1 {
        for dr in -1..=1 {
            if (df, dr) == (0, 0) {
                continue;
            }
            let (nf, nr) = (f + df, r + dr);
            if (0..8).contains(&nf) && (0..8).contains(&nr) {
                if let Some(s) = Square::new(nf as u8, nr as u8) {
                    out |= Bitboard::from_square(s);
                }
            }
        }
    }
    out & mask
}

/// The exact leaf verifier for proofs of Amazons positions: decides who
/// wins `position` (with its side to move) without the heuristic bounds
/// and without the solver, by a memoised win/loss search in which
/// territories are replaced by their exact integer values.
///
/// Before each step the position is split by the basic partition (the
/// 8-connected regions of unburnt squares, walled off by burnt squares and
/// the edge: a fact of the board, not a heuristic). An area with queens of
/// one colour only is a territory; only its owner can ever move there, so
/// as a combinatorial game it *equals* the integer of its exact move count
/// ([`territory_moves`], exhaustive search; seed 004 II-B2), positive for
/// Black. The territories are burnt off the board and their sum `n` kept
/// as an integer beside what is left (the areas holding queens of both
/// colours). The search then plays on this sum exactly (Conway's sum
/// rule): a move in an active area, or a move in the integer (Black takes
/// `n` to `n - 1` when `n > 0`, White to `n + 1` when `n < 0`). With no
/// active area left the player to move wins exactly when the integer
/// favours them; a player without any move loses (normal play).
///
/// Replacing a territory by its count removes all of its (equivalent)
/// move sequences from the search, so the leaves of large proofs, where
/// the board has split, are decided quickly.
#[derive(Default)]
pub struct LeafVerifier {
    memo: HashMap<(Position, i32), bool>,
}

impl LeafVerifier {
    /// A verifier with an empty table.
    pub fn new() -> LeafVerifier {
        LeafVerifier::default()
    }

    /// The winner of `position` with its side to move.
    pub fn winner(&mut self, position: &Position) -> Color {
        let mover = position.to_move();
        let (active, n) = split_territories(position);
        if self.mover_wins(&active, n) {
            mover
        } else {
            mover.opposite()
        }
    }

    /// Whether `claimed` is the outcome for the side to move in `game`.
    pub fn confirms(&mut self, game: &AmazonsSolver, claimed: Outcome) -> bool {
        let position = game.position();
        let actual = if self.winner(position) == position.to_move() {
            Outcome::Win
        } else {
            Outcome::Loss
        };
        actual == claimed
    }

    /// Whether the player to move wins the sum of `active` (whose areas all
    /// hold queens of both colours) and the integer `n` (Black positive).
    fn mover_wins(&mut self, active: &Position, n: i32) -> bool {
        let mover = active.to_move();
        // Black moves the integer down, White up; 0 has no move.
        let step = match mover {
            Color::Black => -1,
            Color::White => 1,
        };
        let integer_move = n * step < 0;
        if active.empty().is_empty() || active.queens(Color::White).is_empty() {
            // No active area: only the integer is left.
            return integer_move;
        }
        let key = (active.clone(), n);
        if let Some(&w) = self.memo.get(&key) {
            return w;
        }
        let mut wins = false;
        let mut moves = active.legal_moves();
        // The solver's move ordering: finds a win sooner, decides nothing.
        AmazonsSolver::with_evaluator(active.clone(), None).order_moves(&mut moves);
        for mv in moves {
            let mut child = active.clone();
            child.play_unchecked(mv);
            let (rest, m) = split_territories(&child);
            if !self.mover_wins(&rest, n + m) {
                wins = true;
                break;
            }
        }
        if !wins && integer_move {
            wins = !self.mover_wins(&active.with_to_move(mover.opposite()), n + step);
        }
        if self.memo.len() >= MEMO_ENTRIES {
            self.memo.clear();
        }
        self.memo.insert(key, wins);
        wins
    }
}

/// The most positions the leaf verifier remembers (about 64 bytes each, so
/// about 1 GiB); the table is emptied when full. Unbounded, checking the
/// 5x5 proof grew it past 14 GiB.
const MEMO_ENTRIES: usize = 1 << 24;

/// `pos` with its territories burnt off (their queens removed), and the
/// sum of their exact values, Black positive (see [`LeafVerifier`]).
fn split_territories(pos: &Position) -> (Position, i32) {
    let mut n: i32 = 0;
    let mut live = Bitboard::EMPTY;
    for area in basic_partition(pos) {
        match (area.white.any(), area.black.any()) {
            (true, true) => live |= area.squares(),
            (true, false) => n -= territory_value(area.empty, area.white),
            (false, true) => n += territory_value(area.empty, area.black),
            (false, false) => {}
        }
    }
    let active = Position::from_setup(Setup {
        size: pos.size(),
        white: pos.queens(Color::White) & live,
        black: pos.queens(Color::Black) & live,
        burnt: pos.mask() - live,
        to_move: pos.to_move(),
    })
    .expect("removing queens and burning squares keeps a position valid");
    (active, n)
}

/// [`territory_moves`] as an `i32` (at most 64 moves on a board of 64
/// squares).
fn territory_value(empty: Bitboard, queens: Bitboard) -> i32 {
    i32::try_from(territory_moves(empty, queens)).expect("at most 64 moves")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mirror_maps_files() {
        // On a 5-wide board A1 <-> E1, B2 <-> D2, C3 stays.
        let sq = |t: &str| Bitboard::from_square(t.parse::<Square>().unwrap());
        assert_eq!(mirror(sq("A1"), 5), sq("E1"));
        assert_eq!(mirror(sq("B2"), 5), sq("D2"));
        assert_eq!(mirror(sq("C3"), 5), sq("C3"));
        assert_eq!(mirror(sq("A4"), 4), sq("D4"));
    }

    #[test]
    fn standard_starts_are_mirror_symmetric() {
        for size in ["4x4", "5x4", "4x5", "5x5"] {
            let pos = Position::standard(size.parse().unwrap()).unwrap();
            let w = pos.size().width();
            for c in [Color::White, Color::Black] {
                assert_eq!(mirror(pos.queens(c), w), pos.queens(c));
            }
        }
    }
}
