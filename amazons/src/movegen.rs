//! Move generation by sliding attacks on bitboards, and perft.
//!
//! A move is a queen slide followed by an arrow slide from the queen's new
//! square, with the queen's old square now empty. Both slides use
//! [`queen_attacks`], which cuts a precomputed ray in each of the 8
//! directions at its first blocked square.

use cgt::budget::{Limit, Watch};

use crate::bitboard::{queen_attacks, Set, Word};
use crate::color::Color;
use crate::moves::Move;
use crate::position::Position;

impl Position {
    /// Calls `f` on every legal move of the side to move, queen by queen
    /// (lowest square first), then destination, then arrow.
    #[inline]
    pub fn for_each_move(&self, mut f: impl FnMut(Move)) {
        let (queens, empty) = (self.queens(self.to_move()), self.empty());
        let f = |mv| {
            f(mv);
            true
        };
        if self.size().is_narrow() {
            moves_of::<u64>(queens.narrow(), empty.narrow(), f);
        } else {
            moves_of(queens, empty, f);
        }
    }

    /// All legal moves of the side to move, in the order of
    /// [`Position::for_each_move`].
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::new();
        self.for_each_move(|m| moves.push(m));
        moves
    }

    /// Whether the side to move has a legal move: a queen with an empty
    /// neighbour (it can step there and shoot back).
    #[inline]
    pub fn has_move(&self) -> bool {
        let queens = self.queens(self.to_move());
        (queens.neighbours() & self.empty()).any()
    }

    /// The number of legal moves of the side to move.
    pub fn count_moves(&self) -> u64 {
        self.count_moves_of(self.to_move())
    }

    /// The number of moves `color` would have if it were to move.
    pub fn count_moves_of(&self, color: Color) -> u64 {
        let (queens, empty) = (self.queens(color), self.empty());
        if self.size().is_narrow() {
            count_moves::<u64>(queens.narrow(), empty.narrow())
        } else {
            count_moves(queens, empty)
        }
    }
}

/// Calls `f` on every move of the queens `queens` through the squares
/// `empty` (queen by queen, lowest square first, then destination, then
/// arrow) until `f` returns false; returns whether it never did.
#[inline]
pub(crate) fn moves_of<W: Word>(
    queens: Set<W>,
    empty: Set<W>,
    mut f: impl FnMut(Move) -> bool,
) -> bool {
    for from in queens {
        let vacated = empty.with(from);
        for to in queen_attacks(from, empty) {
            for arrow in queen_attacks(to, vacated.without(to)) {
                if !f(Move::new(from, to, arrow)) {
                    return false;
                }
            }
        }
    }
    true
}

/// The number of moves of [`moves_of`].
fn count_moves<W: Word>(queens: Set<W>, empty: Set<W>) -> u64 {
    let mut n = 0;
    for from in queens {
        let vacated = empty.with(from);
        for to in queen_attacks(from, empty) {
            n += u64::from(queen_attacks(to, vacated.without(to)).count());
        }
    }
    n
}

/// The number of move sequences of length `depth` from `pos` (perft). A side
/// with no move ends a sequence early, which is then not counted. Looks at
/// `watch` before each move made at depth two or more and ends when it has
/// ended; [`Watch::unlimited`] counts to the end.
///
/// # Errors
/// The sequences counted until `watch` ended it (a lower bound) and the
/// limit.
pub fn perft(pos: &Position, depth: u32, watch: &Watch) -> Result<u64, (u64, Limit)> {
    let mut pos = pos.clone();
    let mut count = 0;
    match perft_stoppable(&mut pos, depth, watch, &mut count) {
        Some(limit) => Err((count, limit)),
        None => Ok(count),
    }
}

/// Adds the sequences of `pos` to `count`; the limit if `watch` ended it.
fn perft_stoppable(
    pos: &mut Position,
    depth: u32,
    watch: &Watch,
    count: &mut u64,
) -> Option<Limit> {
    if depth <= 1 {
        *count += perft_in_place(pos, depth);
        return None;
    }
    let mut moves = Vec::with_capacity(256);
    pos.for_each_move(|m| moves.push(m));
    for m in moves {
        if let Some(limit) = watch.reached() {
            return Some(limit);
        }
        pos.play_unchecked(m);
        let stopped = perft_stoppable(pos, depth - 1, watch, count);
        pos.undo(m);
        if stopped.is_some() {
            return stopped;
        }
    }
    None
}

fn perft_in_place(pos: &mut Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_moves(),
        _ => {
            let mut moves = Vec::with_capacity(256);
            pos.for_each_move(|m| moves.push(m));
            let mut n = 0;
            for m in moves {
                pos.play_unchecked(m);
                n += perft_in_place(pos, depth - 1);
                pos.undo(m);
            }
            n
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn perft_counts_to_the_end_or_stops_early() {
        let pos = Position::standard("4x4".parse().unwrap()).unwrap();
        // Unlimited, it counts what the plain recursion counts.
        for depth in 0..=3 {
            assert_eq!(
                perft(&pos, depth, &Watch::unlimited()),
                Ok(perft_in_place(&mut pos.clone(), depth))
            );
        }
        // A set flag stops it before its first move at depth two or more.
        let stop = cgt::budget::StopFlag::new();
        stop.stop();
        let stopped = perft(&pos, 3, &Watch::new(None, Some(&stop)));
        assert_eq!(stopped, Err((0, Limit::Interrupt)));
    }

    #[test]
    fn first_moves_on_4x4() {
        // Issue 5 (three independent generators): 88 moves from the 4x4 start.
        let pos = Position::standard("4x4".parse().unwrap()).unwrap();
        assert_eq!(pos.legal_moves().len(), 88);
        assert_eq!(pos.count_moves(), 88);
        assert!(pos.has_move());
    }
}
