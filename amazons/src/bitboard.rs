//! Sets of squares as 64-bit masks.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub};

use crate::square::Square;

/// A set of squares of a board of at most 8x8.
///
/// Bit `8 * rank + file` (both from 0) stands for the square on that file and
/// rank: bit 0 is `A1`, bit 1 is `B1`, bit 8 is `A2`, bit 63 is `H8`. Boards
/// narrower or lower than 8x8 use the lower-left part of this layout, so a
/// square keeps its bit whatever the board size.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Bitboard(pub u64);

/// The squares of file `A`.
const FILE_A: u64 = 0x0101_0101_0101_0101;
/// The squares of file `H`.
const FILE_H: u64 = FILE_A << 7;

impl Bitboard {
    /// The empty set.
    pub const EMPTY: Bitboard = Bitboard(0);

    /// The set holding only `sq`.
    #[inline]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(1 << sq.index())
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the set has at least one square.
    #[inline]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    /// The number of squares in the set.
    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether `sq` is in the set.
    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & (1 << sq.index()) != 0
    }

    /// The set with `sq` added.
    #[inline]
    pub const fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | (1 << sq.index()))
    }

    /// The set with `sq` removed.
    #[inline]
    pub const fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !(1 << sq.index()))
    }

    /// The lowest square of the set (by bit index), if any.
    #[inline]
    pub fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_index(self.0.trailing_zeros() as u8))
        }
    }

    /// Whether the two sets share a square.
    #[inline]
    pub const fn intersects(self, other: Bitboard) -> bool {
        self.0 & other.0 != 0
    }

    /// The squares one king step away from a square of the set (the 8
    /// neighbours), not including the set itself unless a square is a
    /// neighbour of another. Squares off an 8x8 board are dropped; squares
    /// off a smaller board are not, so mask the result with the board.
    #[inline]
    pub const fn neighbours(self) -> Bitboard {
        let b = self.0;
        let east = (b << 1) & !FILE_A;
        let west = (b >> 1) & !FILE_H;
        let row = b | east | west;
        Bitboard(east | west | (row << 8) | (row >> 8))
    }

    /// The 8-connected component of `self` that holds `seed`, or the empty
    /// set if `seed` is not in `self`.
    pub fn component(self, seed: Square) -> Bitboard {
        if !self.contains(seed) {
            return Bitboard::EMPTY;
        }
        let mut comp = Bitboard::from_square(seed);
        loop {
            let grown = (comp | comp.neighbours()) & self;
            if grown == comp {
                return comp;
            }
            comp = grown;
        }
    }

    /// The squares of the set in increasing bit order.
    #[inline]
    pub fn squares(self) -> Squares {
        Squares(self.0)
    }
}

/// Iterator over the squares of a [`Bitboard`], lowest bit first.
#[derive(Clone, Debug)]
pub struct Squares(u64);

impl Iterator for Squares {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            let sq = Square::from_index(self.0.trailing_zeros() as u8);
            self.0 &= self.0 - 1;
            Some(sq)
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Squares {}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = Squares;

    fn into_iter(self) -> Squares {
        self.squares()
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        iter.into_iter().fold(Bitboard::EMPTY, Bitboard::with)
    }
}

impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.squares()).finish()
    }
}

macro_rules! bit_op {
    ($trait:ident, $method:ident, $assign_trait:ident, $assign_method:ident, $op:tt) => {
        impl $trait for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $method(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $assign_trait for Bitboard {
            #[inline]
            fn $assign_method(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}

bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Sub for Bitboard {
    type Output = Bitboard;
    /// Set difference.
    #[inline]
    fn sub(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 & !rhs.0)
    }
}

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

/// Queen attacks: the squares a queen (or an arrow) on `from` reaches in one
/// straight line through `empty` squares, in the 8 directions.
///
/// `empty` must hold only squares of the board (squares off the board are
/// walls); `from` itself need not be in `empty`.
///
/// By ray tables: in each direction the ray from `from` to the edge of the
/// 8x8 frame, cut at the first square that is not empty (the nearest: the
/// lowest bit of the blocked part for the directions of increasing
/// squares, the highest for the others). A sentinel bit (square 63, or 0,
/// whose rays in that direction are empty) stands for "no blocker".
#[inline]
pub fn queen_attacks(from: Square, empty: Bitboard) -> Bitboard {
    let blocked = !empty.0;
    let sq = usize::from(from.index());
    let mut attacks = 0u64;
    for rays in &RAYS_UP {
        let ray = rays[sq];
        let first = ((ray & blocked) | 1 << 63).trailing_zeros();
        attacks |= ray ^ rays[first as usize];
    }
    for rays in &RAYS_DOWN {
        let ray = rays[sq];
        let first = 63 - ((ray & blocked) | 1).leading_zeros();
        attacks |= ray ^ rays[first as usize];
    }
    // The ray minus the part beyond the first blocker still holds the
    // blocker itself.
    Bitboard(attacks & empty.0)
}

/// The squares strictly beyond each square of the 8x8 frame in the
/// direction (file step, rank step), up to the edge.
const fn rays(file_step: i32, rank_step: i32) -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let (mut file, mut rank) = ((sq % 8) as i32, (sq / 8) as i32);
        loop {
            file += file_step;
            rank += rank_step;
            if file < 0 || file > 7 || rank < 0 || rank > 7 {
                break;
            }
            table[sq] |= 1 << (rank * 8 + file);
        }
        sq += 1;
    }
    table
}

/// The rays of the directions that go to higher squares: east, north-west,
/// north and north-east (so the nearest square of a ray is its lowest).
const RAYS_UP: [[u64; 64]; 4] = [rays(1, 0), rays(-1, 1), rays(0, 1), rays(1, 1)];

/// The rays of the directions that go to lower squares: west, south-east,
/// south and south-west (the nearest square of a ray is its highest).
const RAYS_DOWN: [[u64; 64]; 4] = [rays(-1, 0), rays(1, -1), rays(0, -1), rays(-1, -1)];

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    #[test]
    fn neighbours_of_a_corner_and_a_centre() {
        // Counted by hand on a chessboard: a corner has 3 neighbours, an
        // inner square 8.
        assert_eq!(Bitboard::from_square(sq("A1")).neighbours().count(), 3);
        assert_eq!(Bitboard::from_square(sq("H8")).neighbours().count(), 3);
        assert_eq!(Bitboard::from_square(sq("D4")).neighbours().count(), 8);
        assert_eq!(Bitboard::from_square(sq("A4")).neighbours().count(), 5);
    }

    #[test]
    fn queen_on_empty_board_attacks() {
        // A chess queen on an empty 8x8 board attacks 21 squares from a
        // corner and 27 from a centre square.
        let all = Bitboard(!0);
        assert_eq!(queen_attacks(sq("A1"), all.without(sq("A1"))).count(), 21);
        assert_eq!(queen_attacks(sq("D4"), all.without(sq("D4"))).count(), 27);
        assert_eq!(queen_attacks(sq("H8"), all).count(), 21);
    }

    #[test]
    fn queen_attacks_match_a_walk_square_by_square() {
        // Reference: walk each of the 8 directions one square at a time
        // by file and rank, stopping at the edge or a square not empty; on
        // random sets of empty squares of random boards (bits off the
        // board cleared, as the callers do), from every square.
        let mut seed = 0x1234_5678_u64;
        for _ in 0..2000 {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let (width, height) = (1 + (seed >> 60) % 8, 1 + (seed >> 56) % 8);
            let board: u64 = (0..64)
                .filter(|i| i % 8 < width && i / 8 < height)
                .fold(0, |b, i| b | 1 << i);
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let empty = Bitboard(seed & board);
            for from in 0..64u8 {
                let mut expected = Bitboard::EMPTY;
                for (df, dr) in testkit::amazons::QUEEN_DIRECTIONS {
                    let (mut f, mut r) = (i32::from(from % 8), i32::from(from / 8));
                    loop {
                        f += df;
                        r += dr;
                        if !(0..8).contains(&f) || !(0..8).contains(&r) {
                            break;
                        }
                        let s = Square::from_index((r * 8 + f) as u8);
                        if !empty.contains(s) {
                            break;
                        }
                        expected = expected.with(s);
                    }
                }
                assert_eq!(queen_attacks(Square::from_index(from), empty), expected);
            }
        }
    }

    #[test]
    fn component_follows_diagonals() {
        let set: Bitboard = [sq("A1"), sq("B2"), sq("C3"), sq("E5")]
            .into_iter()
            .collect();
        let comp = set.component(sq("A1"));
        assert_eq!(comp.count(), 3);
        assert!(!comp.contains(sq("E5")));
    }
}
