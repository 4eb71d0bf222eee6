//! The exact leaf verifier of proofs: a memoised win/loss search on the
//! sum of the active areas and the integer of the territories.

use hashbrown::{DefaultHashBuilder, HashTable};
use std::hash::BuildHasher;

use super::ordering::order_by_score;
use super::SolverPosition;
use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::eval::Evaluator;
use crate::moves::Move;
use crate::partition::{each_component, reachable};
use crate::position::{Position, Setup};
use crate::territory::territory_moves;
use cgt::budget::{Limit, Watch, CHECK_EVERY};
use cgt::search::{LeafVerdict, WinLoss};

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
    pub(super) limit: u64,
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

    /// The entry of `active` (an active position) and the integer `n`, or
    /// `None` on a board of more than 64 squares (not kept: its sets are
    /// kept as cells of the board, [`Bitboard::to_cells`]).
    fn of(active: &Position, n: i32) -> Option<Memo> {
        // |n| is at most the board's 100 squares, so 16 bits hold it; the
        // board is at most 10x10, so 4 bits each hold its sides.
        let size = active.size();
        let cells = |b: Bitboard| b.to_cells(size.width(), size.height());
        let tag = u32::from(n as i16 as u16)
            | u32::from(active.to_move() == Color::Black) << 16
            | u32::from(size.width()) << 17
            | u32::from(size.height()) << 21;
        Some(Memo {
            white: cells(active.queens(Color::White))?,
            black: cells(active.queens(Color::Black))?,
            burnt: cells(active.burnt())?,
            tag,
        })
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
        let hash = entry.map(|e| self.hasher.hash_one(e.key()));
        if let (Some(entry), Some(hash)) = (entry, hash) {
            let key = entry.key();
            if let Some(e) = self.memo.find(hash, |e| e.key() == key) {
                return Some(e.tag & Memo::WINS != 0);
            }
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
        if let (Some(entry), Some(hash)) = (entry, hash) {
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
        }
        Some(wins)
    }
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
