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

use hashbrown::{DefaultHashBuilder, HashTable};
use std::fmt;
use std::hash::BuildHasher;
use std::sync::Arc;

use crate::bitboard::Bitboard;
use crate::bounds::AreaOracle;
use crate::eval::Evaluator;
use crate::moves::Move;
use crate::partition::{each_component, reachable};
use crate::position::{Color, Position, Setup};
use crate::size::Size;
use crate::square::Square;
use crate::symmetry::Symmetry;
use crate::territory::territory_moves;
use cgt::budget::{Limit, Watch, CHECK_EVERY};
use cgt::search::{
    extract_proof_shaped, ExtractError, LeafVerdict, ProofNumbers, ProofShape, ProofSource,
    ProofTree, SolverGame, WinLoss,
};

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

/// SplitMix64's step (Steele, Lea and Flood 2014): the `i`-th output of the
/// generator seeded with `seed`, for the Zobrist keys.
const fn splitmix(seed: u64, i: u64) -> u64 {
    let mut x = seed.wrapping_add(i.wrapping_add(1).wrapping_mul(0x9e37_79b9_7f4a_7c15));
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// Zobrist keys (Zobrist 1970): one random 64-bit word for each kind of
/// piece (White queen, Black queen, burnt square) on each of the 64 squares.
/// A position's key is the xor of the words of its pieces, and of
/// [`BLACK_TO_MOVE`] when Black is to move, so a move changes it by three
/// words and the side.
const ZOBRIST: [[u64; 64]; 3] = {
    let mut table = [[0; 64]; 3];
    let mut kind = 0;
    while kind < 3 {
        let mut sq = 0;
        while sq < 64 {
            table[kind][sq] = splitmix(0x5851_f42d_4c95_7f2d, (kind * 64 + sq) as u64);
            sq += 1;
        }
        kind += 1;
    }
    table
};

/// The Zobrist word of the side to move being Black.
const BLACK_TO_MOVE: u64 = splitmix(0x5851_f42d_4c95_7f2d, 3 * 64);

/// The row of [`ZOBRIST`] of `color`'s queens.
fn queen_kind(color: Color) -> usize {
    match color {
        Color::White => 0,
        Color::Black => 1,
    }
}

/// The row of [`ZOBRIST`] of burnt squares.
const BURNT: usize = 2;

/// [`ZOBRIST`] for each board width `w` (index `w`, 1 to 8) with every
/// square's words moved to its mirror image on a board `w` files wide
/// (file `f` to `w - 1 - f`; the words of squares off such a board are 0):
/// a position's key under these words is its mirror image's key.
const MIRRORED_ZOBRIST: [[[u64; 64]; 3]; 9] = {
    let mut table = [[[0; 64]; 3]; 9];
    let mut width = 1;
    while width <= 8 {
        let mut kind = 0;
        while kind < 3 {
            let mut sq = 0;
            while sq < 64 {
                let square = Square::from_index(sq as u8);
                let size = Size::new_const(width as u8, Size::MAX);
                if size.contains(square) {
                    let image = square.transformed(Symmetry::MIRROR_FILES, size);
                    table[width][kind][sq] = ZOBRIST[kind][image.index() as usize];
                }
                sq += 1;
            }
            kind += 1;
        }
        width += 1;
    }
    table
};

/// The Zobrist words of [`ZOBRIST`] by kind and square, as a table.
type Words = [[u64; 64]; 3];

/// The Zobrist key of `position` under `words` ([`ZOBRIST`] for the
/// position's key, a row of [`MIRRORED_ZOBRIST`] for its mirror image's).
fn zobrist_key(position: &Position, words: &Words) -> u64 {
    let mut key = match position.to_move() {
        Color::White => 0,
        Color::Black => BLACK_TO_MOVE,
    };
    let pieces = [
        (queen_kind(Color::White), position.queens(Color::White)),
        (queen_kind(Color::Black), position.queens(Color::Black)),
        (BURNT, position.burnt()),
    ];
    for (kind, board) in pieces {
        for sq in board {
            key ^= words[kind][usize::from(sq.index())];
        }
    }
    key
}

/// The words of [`MIRRORED_ZOBRIST`] for `position`'s width.
fn mirrored_words(position: &Position) -> &'static Words {
    &MIRRORED_ZOBRIST[usize::from(position.size().width())]
}

impl SolverPosition {
    /// The change of the key under `words` (see [`zobrist_key`]) by `mv`
    /// of the side to move, or its undoing.
    #[inline]
    fn key_change(&self, mv: Move, words: &Words) -> u64 {
        let queens = &words[queen_kind(self.position.to_move())];
        let z = |sq: Square| usize::from(sq.index());
        BLACK_TO_MOVE ^ queens[z(mv.from)] ^ queens[z(mv.to)] ^ words[BURNT][z(mv.arrow)]
    }

    /// Applies `mv`'s change to both keys (before `mv` is played, or after
    /// it is undone: the change is its own inverse).
    fn update_keys(&mut self, mv: Move) {
        self.key ^= self.key_change(mv, &ZOBRIST);
        self.mirror_key ^= self.key_change(mv, mirrored_words(&self.position));
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

/// The largest proof or disproof number an estimate gives (far below
/// [`ProofNumbers::MAX_FINITE`]).
const MAX_ESTIMATE: u32 = 1 << 20;

/// `n` as an estimated proof or disproof number, at most [`MAX_ESTIMATE`].
fn estimate(n: u64) -> u32 {
    u32::try_from(n).map_or(MAX_ESTIMATE, |n| n.min(MAX_ESTIMATE))
}

/// The mobility estimate of [`SolverPosition::initial_numbers`] for
/// `position`.
fn mobility_numbers(position: &Position) -> ProofNumbers {
    let from_moves = |moves: u64| estimate(1 + moves / 4);
    ProofNumbers {
        pn: from_moves(position.count_moves_of(position.to_move().opposite())),
        dn: from_moves(position.count_moves_of(position.to_move())),
    }
}

/// The largest score of [`SolverGame::order_moves`]: 8 opponent queens next
/// to the arrow and 8 open squares next to the queen.
const MAX_SCORE: usize = 4 * 8 + 8;

/// The squares king-adjacent to each square of an 8x8 board, by index.
const NEIGHBOURS: [Bitboard; 64] = {
    let mut table = [Bitboard::EMPTY; 64];
    let mut sq = 0;
    while sq < 64 {
        table[sq] = Bitboard(1 << sq).neighbours();
        sq += 1;
    }
    table
};

/// [`SolverPosition`]'s move ordering (see its `order_moves`) for `p`.
fn order_by_score(p: &Position, moves: &mut Vec<Move>) {
    let opponent = p.queens(p.to_move().opposite());
    let unburnt = p.mask() - p.burnt();
    // The arrow's part of the score by square, counted once: 4 times the
    // opponent queens next to it (4 for each opponent queen around it).
    // The queen's part, the unburnt squares next to where it lands (the
    // arrow, never burnt before the move, is subtracted when it is one of
    // them), is a population count.
    let mut arrow_part = [0u8; 64];
    for queen in opponent {
        for sq in neighbours(queen) & p.mask() {
            arrow_part[usize::from(sq.index())] += 4;
        }
    }
    let score = |mv: &Move| {
        let around = neighbours(mv.to);
        usize::from(arrow_part[usize::from(mv.arrow.index())]) + (around & unburnt).count() as usize
            - usize::from(around.contains(mv.arrow))
    };
    // next[s]: where the next move of score s goes (higher scores first).
    let mut next = [0usize; MAX_SCORE + 1];
    for mv in moves.iter() {
        next[score(mv)] += 1;
    }
    let mut start = 0;
    for slot in next.iter_mut().rev() {
        (*slot, start) = (start, start + *slot);
    }
    // A copy of the moves behind them (in the vector's spare capacity,
    // which the solvers keep from one position to the next), moved
    // back to their places.
    let n = moves.len();
    moves.extend_from_within(..);
    for i in n..2 * n {
        let mv = moves[i];
        let s = score(&mv);
        moves[next[s]] = mv;
        next[s] += 1;
    }
    moves.truncate(n);
}

/// The squares king-adjacent to `square` (on an 8x8 board: mask them
/// with a smaller board).
fn neighbours(square: Square) -> Bitboard {
    NEIGHBOURS[usize::from(square.index())]
}

/// The exact leaf verifier for proofs of Amazons positions: decides who
/// wins `position` (with its side to move) without trusting the heuristic
/// bounds or the solver, by a memoised win/loss search in which
/// territories are replaced by their exact integer values. The static
/// evaluation only chooses which move it tries first in large areas (a
/// wrong evaluation makes it slower, never wrong).
///
/// Before each step the position is split by the basic partition (the
/// 8-connected regions of unburnt squares, walled off by burnt squares and
/// the edge: a fact of the board, not a heuristic). An area with queens of
/// one colour only is a territory; only its owner can ever move there, so
/// as a combinatorial game it *equals* the integer of its exact move count
/// ([`territory_moves`], exhaustive search; Song & Müller 2015 II-B2), positive for
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
///
/// A proof must leave its leaves easy: each is decided within a limit of
/// positions searched (not found in the table), [`DEFAULT_LEAF_LIMIT`]
/// unless set, and a leaf that needs more makes the proof incomplete (a
/// proof `0 leaf eval` of a whole board would otherwise ask the checker to
/// solve the game).
pub struct LeafVerifier {
    memo: HashTable<Memo>,
    hasher: DefaultHashBuilder,
    limit: u64,
    spent: u64,
    /// Move lists for the search's positions, reused.
    move_lists: Vec<Vec<Move>>,
    /// The clock and stop flag of the whole check, looked at every
    /// [`CHECK_EVERY`] positions; and the limit it reached, if any.
    watch: Watch,
    stopped: Option<Limit>,
}

/// A position of [`LeafVerifier`]'s table with its integer, and whether
/// the player to move wins: 32 bytes, two to a cache line. The table is
/// far larger than the caches, and its probes are most of the verifier's
/// time.
#[derive(Clone, Copy)]
struct Memo {
    white: u64,
    black: u64,
    burnt: u64,
    /// [`Memo::tag`] of the rest, and [`Memo::WINS`].
    tag: u32,
}

impl Memo {
    /// The bit of the tag set when the player to move wins.
    const WINS: u32 = 1 << 31;

    /// The entry of `active` (an active position) and the integer `n`.
    fn of(active: &Position, n: i32) -> Memo {
        // |n| is at most the board's 64 squares, so 16 bits hold it; the
        // board is at most 8x8, so 4 bits each hold its sides.
        let size = active.size();
        let tag = u32::from(n as i16 as u16)
            | u32::from(active.to_move() == Color::Black) << 16
            | u32::from(size.width()) << 17
            | u32::from(size.height()) << 21;
        Memo {
            white: active.queens(Color::White).0,
            black: active.queens(Color::Black).0,
            burnt: active.burnt().0,
            tag,
        }
    }

    /// The entry's position and integer, without its result.
    fn key(&self) -> (u64, u64, u64, u32) {
        (self.white, self.black, self.burnt, self.tag & !Memo::WINS)
    }
}

/// The positions [`LeafVerifier`] may search for one leaf by default:
/// twice what the hardest leaf of the shipped proofs needs (15,819,633, in
/// the 5x5 proof), and less than half of what the whole 5x4 game needs as
/// one leaf (82,127,889).
pub const DEFAULT_LEAF_LIMIT: u64 = 1 << 25;

impl Default for LeafVerifier {
    fn default() -> LeafVerifier {
        LeafVerifier::with_limit(DEFAULT_LEAF_LIMIT)
    }
}

impl LeafVerifier {
    /// A verifier with an empty table and the default limit per leaf.
    pub fn new() -> LeafVerifier {
        LeafVerifier::default()
    }

    /// A verifier that searches at most `limit` positions for one leaf.
    pub fn with_limit(limit: u64) -> LeafVerifier {
        LeafVerifier {
            memo: HashTable::new(),
            hasher: DefaultHashBuilder::default(),
            limit,
            spent: 0,
            move_lists: Vec::new(),
            watch: Watch::unlimited(),
            stopped: None,
        }
    }

    /// Stops every later search once `watch` ends (its time limit, its stop
    /// flag): [`LeafVerifier::confirms`] then says [`LeafVerdict::Stopped`]
    /// within [`CHECK_EVERY`] positions.
    #[must_use]
    pub fn with_watch(mut self, watch: Watch) -> LeafVerifier {
        self.watch = watch;
        self
    }

    /// The winner of `position` with its side to move, or `None` past the
    /// limit of positions (or once the watch has ended).
    pub fn winner(&mut self, position: &Position) -> Option<Color> {
        self.winner_expecting(position, None)
    }

    /// [`LeafVerifier::winner`], told who is expected to win: that only
    /// saves time where it is right (see [`LeafVerifier::mover_wins`]).
    fn winner_expecting(&mut self, position: &Position, expected: Option<Color>) -> Option<Color> {
        let mover = position.to_move();
        let (active, n) = split_territories(position);
        self.spent = 0;
        self.stopped = self.watch.reached();
        if self.stopped.is_some() {
            return None;
        }
        Some(if self.mover_wins(Some(position), expected, &active, n)? {
            mover
        } else {
            mover.opposite()
        })
    }

    /// Whether `claimed` is the outcome for the side to move in `game`.
    pub fn confirms(&mut self, game: &SolverPosition, claimed: WinLoss) -> LeafVerdict {
        let position = game.position();
        let claimed_winner = match claimed {
            WinLoss::Win => position.to_move(),
            WinLoss::Loss => position.to_move().opposite(),
        };
        match self.winner_expecting(position, Some(claimed_winner)) {
            None => match self.stopped {
                Some(limit) => LeafVerdict::Stopped(limit),
                None => LeafVerdict::TooHard { limit: self.limit },
            },
            Some(winner) => {
                let actual = if winner == position.to_move() {
                    WinLoss::Win
                } else {
                    WinLoss::Loss
                };
                (actual == claimed).into()
            }
        }
    }

    /// Whether the player to move wins the sum of `active` (whose areas all
    /// hold queens of both colours) and the integer `n` (Black positive);
    /// `None` past the limit. `full` is the whole board with its
    /// territories, for the ordering of large areas; `None` once the
    /// active areas are below [`GUIDED_EMPTY`] (they only shrink).
    /// `expected` is the winner the static evaluation (or the claim being
    /// checked) gives for `full`, where known: where it is the opponent,
    /// every move has to be searched anyway, and no move the evaluation
    /// says wins is looked for (a sound evaluation finds none). Like the
    /// ordering, it changes how soon the answer comes, never the answer.
    fn mover_wins(
        &mut self,
        full: Option<&Position>,
        expected: Option<Color>,
        active: &Position,
        n: i32,
    ) -> Option<bool> {
        let mover = active.to_move();
        // Black moves the integer down, White up; 0 has no move.
        let step = match mover {
            Color::Black => -1,
            Color::White => 1,
        };
        let integer_move = n * step < 0;
        if active.empty().is_empty() || active.queens(Color::White).is_empty() {
            // No active area: only the integer is left.
            return Some(integer_move);
        }
        // Each move burns an empty square its player's queens can reach, so
        // a player can make at most as many moves in the active areas as
        // their queens reach empty squares now. The mover's reserve (the
        // integer's moves, or the opponent's if negative) decides the game
        // when it outlasts the other side's reach: a player who only ever
        // moves in the integer makes all of its moves.
        let reserve = -n * step;
        let empty = active.empty();
        let theirs = reachable(active.queens(mover.opposite()), empty).count();
        if reserve > theirs as i32 {
            return Some(true);
        }
        let own = reachable(active.queens(mover), empty).count();
        if -reserve >= own as i32 {
            return Some(false);
        }
        let entry = Memo::of(active, n);
        let key = entry.key();
        let hash = self.hasher.hash_one(key);
        if let Some(e) = self.memo.find(hash, |e| e.key() == key) {
            return Some(e.tag & Memo::WINS != 0);
        }
        self.spent += 1;
        if self.spent > self.limit {
            return None;
        }
        if self.spent % CHECK_EVERY == 0 {
            self.stopped = self.watch.reached();
            if self.stopped.is_some() {
                return None;
            }
        }
        let mut wins = false;
        let mut moves = self.move_lists.pop().unwrap_or_default();
        moves.clear();
        active.for_each_move(|m| moves.push(m));
        // The solver's move ordering: finds a win sooner, decides nothing.
        order_by_score(active, &mut moves);
        // Where the area is large, the first move tried is the first the
        // static evaluation says wins (on the whole board, territories
        // included): a winning move found first spares the search of the
        // losing ones before it, which is most of a large leaf's cost.
        // Ordering only: the evaluation decides nothing here.
        let full = full.filter(|_| empty.count() >= GUIDED_EMPTY);
        let after = |board: &Position, mv: Move| {
            let mut child = board.clone();
            child.play_unchecked(mv);
            child
        };
        let mut first_wins = false;
        if let Some(full) = full.filter(|_| expected != Some(mover.opposite())) {
            let evaluator = Evaluator::default();
            if let Some(i) = moves
                .iter()
                .position(|&mv| evaluator.verdict(&after(full, mv), None) == Some(mover))
            {
                moves[..=i].rotate_right(1);
                first_wins = true;
            }
        }
        for (k, &mv) in moves.iter().enumerate() {
            let (rest, m) = split_territories(&after(active, mv));
            let child_full = full.map(|f| after(f, mv));
            // After a move the evaluation says wins, it expects the mover
            // to win.
            let child_expected = (k == 0 && first_wins).then_some(mover);
            if !self.mover_wins(child_full.as_ref(), child_expected, &rest, n + m)? {
                wins = true;
                break;
            }
        }
        self.move_lists.push(moves);
        if !wins && integer_move {
            let turn = |board: &Position| board.with_to_move(mover.opposite());
            wins = !self.mover_wins(full.map(turn).as_ref(), None, &turn(active), n + step)?;
        }
        if self.memo.len() >= MEMO_ENTRIES {
            self.memo.clear();
        }
        let entry = Memo {
            tag: entry.tag | if wins { Memo::WINS } else { 0 },
            ..entry
        };
        let hasher = &self.hasher;
        self.memo
            .insert_unique(hash, entry, |e| hasher.hash_one(e.key()));
        Some(wins)
    }
}

/// The largest proof subtree [`extract_checkable_proof`] leaves whole to
/// the checker's exact search by default (see [`ProofShape::cut`]).
pub const DEFAULT_PROOF_CUT: u64 = 1024;

/// The positions of exact search [`extract_checkable_proof`] offers by
/// default per node of a subtree it would leave to the checker
/// ([`ProofShape::effort`]). Less makes the extraction and the check
/// faster and the proof larger: on a 5x6 reply (B1-B4xD4 D6-C6xB5, 5.5 s
/// of search), 16 takes 17 s to extract instead of 32 s, and 8 s to check
/// instead of 14 s, for a proof of 46 kB gzip-compressed instead of 14 kB.
pub const DEFAULT_PROOF_EFFORT: u64 = 64;

/// The largest effort accepted (half the default leaf limit: a subtree is
/// never offered more than the limit of a leaf).
pub const MAX_PROOF_EFFORT: u64 = DEFAULT_LEAF_LIMIT / 2;

/// The proof of `game`'s outcome from `source` (the solver that proved it),
/// shaped for [`LeafVerifier`] (see [`extract_proof_shaped`]): every leaf is
/// decided by the verifier within half of [`DEFAULT_LEAF_LIMIT`] positions,
/// and every subtree of at most `cut` nodes that the verifier decides
/// within `effort` positions per node is one `leaf search`. It stops
/// (with [`ExtractError::Limit`]) when `watch` ends: its time limit, its
/// stop flag (Ctrl-C); `progress` counts the verifications (a stage of
/// unknown length).
///
/// One verifier decides the leaves in the order of the proof, its table
/// shared as in a one-thread check, rather than each from an empty table
/// (which would cost several times the check); the other half of the
/// default limit is the margin for a checker whose table holds other
/// positions.
///
/// # Errors
/// As [`extract_proof_shaped`].
pub fn extract_checkable_proof<S: ProofSource<SolverPosition>>(
    source: &mut S,
    game: &SolverPosition,
    cut: u64,
    effort: u64,
    watch: &Watch,
    progress: &dyn cgt::ProgressSink,
) -> Result<ProofTree, ExtractError> {
    let shape = ProofShape {
        leaf_limit: DEFAULT_LEAF_LIMIT / 2,
        cut,
        effort,
    };
    let mut verifier = LeafVerifier::new().with_watch(watch.clone());
    progress.start("proof: positions decided by exact search", 0);
    let proof = extract_proof_shaped(source, game, shape, |g, claimed, limit| {
        progress.advance(1);
        verifier.limit = limit;
        verifier.confirms(g, claimed)
    });
    progress.finish();
    proof
}

/// The most positions the leaf verifier remembers (at its fullest, the
/// table has 2^25 slots of 32 bytes and a control byte: about 1.1 GB);
/// the table is emptied when full. Unbounded, checking the
/// 5x5 proof grew it past 14 GiB.
const MEMO_ENTRIES: usize = 1 << 24;

/// The fewest empty squares in the active areas for which
/// [`LeafVerifier`] asks the static evaluation which move to try first
/// (below, its searches are small and the evaluation would cost more than
/// it saves; 8 is the fastest of 0, 4, 6, 8 and 10 on the 4x5 and 4x6
/// proofs' checks).
const GUIDED_EMPTY: u32 = 8;

/// `pos` with its territories burnt off (their queens removed), and the
/// sum of their exact values, Black positive (see [`LeafVerifier`]).
fn split_territories(pos: &Position) -> (Position, i32) {
    let (white, black, empty) = (
        pos.queens(Color::White),
        pos.queens(Color::Black),
        pos.empty(),
    );
    let mut n: i32 = 0;
    let mut live = Bitboard::EMPTY;
    // The areas of the basic partition.
    for area in each_component(pos.mask() - pos.burnt()) {
        match ((white & area).any(), (black & area).any()) {
            (true, true) => live |= area,
            (true, false) => n -= territory_value(empty & area, white & area),
            (false, true) => n += territory_value(empty & area, black & area),
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
    fn incremental_keys_equal_keys_from_scratch() {
        // Random games on the 5x4 and 4x5 starts: after every move (and
        // after taking it back) the keys kept by play and undo equal those
        // of a solver built afresh on the same position, and the mirror key
        // equals the key of the mirrored position.
        let mut seed = 12345u64;
        for size in ["5x4", "4x5", "6x6"] {
            for _game in 0..20 {
                let mut game =
                    SolverPosition::new(Position::standard(size.parse().unwrap()).unwrap());
                loop {
                    let fresh = SolverPosition::new(game.position().clone());
                    assert_eq!(game.hash(), fresh.hash());
                    let mirror =
                        SolverPosition::new(game.position().transformed(Symmetry::MIRROR_FILES));
                    assert_eq!(game.mirror_key, mirror.hash());
                    assert_eq!(game.canonical_hash(), mirror.canonical_hash());
                    let moves = game.position().legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    seed = splitmix(seed, 0);
                    let mv = moves[(seed % moves.len() as u64) as usize];
                    let before = game.hash();
                    game.play(mv);
                    assert_ne!(game.hash(), before);
                    game.undo(mv);
                    assert_eq!(game.hash(), before);
                    game.play(mv);
                }
            }
        }
    }

    /// Every position of `games` random games from the standard start of
    /// each of `sizes`, played to their ends (moves drawn by SplitMix64
    /// from `seed`).
    fn random_game_positions(sizes: &[&str], games: usize, mut seed: u64) -> Vec<Position> {
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
        let mut content = [0u64; 64];
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
    fn move_order_is_a_stable_sort_by_score() {
        // Reference: the documented score computed square by square with
        // Bitboard::neighbours, and the standard library's stable sort.
        for pos in random_game_positions(&["4x4", "5x4", "6x6", "8x8"], 5, 99) {
            let moves = pos.legal_moves();
            let opponent = pos.queens(pos.to_move().opposite());
            let near = |sq: Square| Bitboard::from_square(sq).neighbours() & pos.mask();
            let score = |mv: &Move| {
                let arrow_near = (near(mv.arrow) & opponent).count();
                let open = (near(mv.to) - pos.burnt().with(mv.arrow)).count();
                4 * arrow_near + open
            };
            let mut expected = moves.clone();
            expected.sort_by_key(|mv| std::cmp::Reverse(score(mv)));
            let mut ordered = moves;
            SolverPosition::new(pos.clone()).order_moves(&mut ordered);
            assert_eq!(ordered, expected);
        }
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
