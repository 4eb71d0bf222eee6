//! Sets of squares as bit masks: [`Set`] over a 64-bit or a 128-bit word.

use std::fmt;
use std::hash::Hash;
use std::ops::{
    BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Shl, Shr, Sub,
};

use crate::square::Square;

/// A set of squares of a board of at most 10x10, in a word `W` of 64 or
/// 128 bits.
///
/// Bit `10 * rank + file` (both from 0) stands for the square on that file
/// and rank: bit 0 is `A1`, bit 9 is `J1`, bit 10 is `A2`, bit 99 is `J10`.
/// Boards narrower or lower than 10x10 use the lower-left part of this
/// layout, so a square keeps its bit whatever the board size and the word.
///
/// ```text
///  rank 10 | 90 91 92 93 94 95 96 97 98 99
///  ...
///  rank 2  | 10 11 12 13 14 15 16 17 18 19
///  rank 1  |  0  1  2  3  4  5  6  7  8  9
///            A  B  C  D  E  F  G  H  I  J
/// ```
///
/// [`Bitboard`], the 128-bit set, holds any board. A 64-bit set holds the
/// squares below bit 64 (ranks 1 to 6 and `A7`..`D7`: every board of at most
/// 6 ranks, [`crate::Size::is_narrow`]); the solver's work on such boards
/// runs on 64-bit sets, at twice the speed of 128-bit ones.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Set<W: Word>(W);

/// A set of squares of any board up to 10x10 (bits 100 to 127 always clear).
pub type Bitboard = Set<u128>;

mod sealed {
    pub trait Sealed {}
    impl Sealed for u64 {}
    impl Sealed for u128 {}
}

/// The word of a [`Set`]: `u64` (squares below bit 64) or `u128` (the whole
/// 10x10 frame).
pub trait Word:
    sealed::Sealed
    + Copy
    + Eq
    + Ord
    + Hash
    + Default
    + Send
    + Sync
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
    + 'static
{
    /// No bit.
    const ZERO: Self;
    /// The squares of the 10x10 frame the word holds.
    const FRAME: Self;
    /// The squares of file `A` the word holds, and the bits 100, 110 and
    /// 120 above them (so that a step east from file `J` of rank 10 is
    /// dropped too).
    const FILE_A: Self;
    /// The squares of file `J` the word holds.
    const FILE_J: Self;

    /// The word of the low bits of `bits` (those the word holds).
    fn from_wide(bits: u128) -> Self;
    /// The bits as a 128-bit word.
    fn to_wide(self) -> u128;
    /// The word of bit `index` alone (`index` below the word's width).
    fn bit(index: u8) -> Self;
    /// The number of bits set.
    fn count(self) -> u32;
    /// The index of the lowest bit set (the width if none).
    fn lowest(self) -> u32;
    /// The word without its lowest bit.
    fn without_lowest(self) -> Self;
    /// [`queen_attacks`] from the square of index `sq`.
    fn queen_attacks(sq: usize, empty: Self) -> Self;
}

/// Implements [`Word`] for `$word` with the ray tables `$up` and `$down`
/// of [`queen_attacks`] (one entry a square the word holds).
macro_rules! word {
    ($word:ty, $up:expr, $down:expr) => {
        impl Word for $word {
            const ZERO: $word = 0;
            const FRAME: $word = ALL as $word;
            const FILE_A: $word = FILE_A as $word;
            const FILE_J: $word = FILE_J as $word;

            #[inline(always)]
            #[allow(clippy::unnecessary_cast, reason = "a cast for u64, none for u128")]
            fn from_wide(bits: u128) -> $word {
                bits as $word
            }
            #[inline(always)]
            fn to_wide(self) -> u128 {
                u128::from(self)
            }
            #[inline(always)]
            fn bit(index: u8) -> $word {
                debug_assert!(
                    u32::from(index) < <$word>::BITS,
                    "square {index} outside the word"
                );
                1 << index
            }
            #[inline(always)]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline(always)]
            fn lowest(self) -> u32 {
                self.trailing_zeros()
            }
            #[inline(always)]
            fn without_lowest(self) -> $word {
                self & self.wrapping_sub(1)
            }
            #[inline(always)]
            fn queen_attacks(sq: usize, empty: $word) -> $word {
                let blocked = !empty;
                // The last square of the tables: its rays up are empty.
                let top = $up[0].len() - 1;
                let mut attacks = 0;
                for rays in &$up {
                    let ray = rays[sq];
                    let first = ((ray & blocked) | 1 << top).trailing_zeros();
                    attacks |= ray ^ rays[first as usize];
                }
                for rays in &$down {
                    let ray = rays[sq];
                    let first = <$word>::BITS - 1 - ((ray & blocked) | 1).leading_zeros();
                    attacks |= ray ^ rays[first as usize];
                }
                // The ray minus the part beyond the first blocker still
                // holds the blocker itself.
                attacks & empty
            }
        }
    };
}

// The 64-bit word uses the rays cut to the low 64 bits: a ray of
// increasing squares that leaves them never comes back, and the squares it
// leaves for are not in the set, so the cut ray is the same.
word!(u64, LOW_RAYS_UP, LOW_RAYS_DOWN);
word!(u128, RAYS_UP, RAYS_DOWN);

/// The bits of a rank (10 files).
const STRIDE: u32 = Square::STRIDE as u32;
/// The squares of the 10x10 frame.
const ALL: u128 = (1 << (STRIDE * STRIDE)) - 1;
/// See [`Word::FILE_A`].
const FILE_A: u128 = {
    let mut bits = 0;
    let mut rank = 0;
    while rank * STRIDE < 128 {
        bits |= 1 << (STRIDE * rank);
        rank += 1;
    }
    bits
};
/// The squares of file `J`, the last.
const FILE_J: u128 = FILE_A << (STRIDE - 1);

impl Bitboard {
    /// Every square of the 10x10 frame.
    pub const FULL: Bitboard = Set(ALL);

    /// The set of the bits `bits` (bit `10 * rank + file`); bits 100 and up
    /// are dropped.
    #[inline]
    pub const fn from_bits(bits: u128) -> Bitboard {
        Set(bits & ALL)
    }

    /// The bits of the set (bit `10 * rank + file`).
    #[inline]
    pub const fn bits(self) -> u128 {
        self.0
    }

    /// The set in 64 bits, if every square of it lies below bit 64.
    #[inline]
    pub const fn to_u64(self) -> Option<Set<u64>> {
        if self.0 >> 64 == 0 {
            Some(Set(self.0 as u64))
        } else {
            None
        }
    }

    /// The set as cells of a `width` x `height` box at `A1`: bit
    /// `width * rank + file` for the square on that file and rank (the
    /// squares off the box dropped), if the box has at most 64 cells.
    pub fn to_cells(self, width: u8, height: u8) -> Option<u64> {
        if u32::from(width) * u32::from(height) > 64 {
            return None;
        }
        let row = (1u128 << width) - 1;
        let mut cells = 0u64;
        for r in 0..u32::from(height) {
            let bits = (self.0 >> (STRIDE * r)) & row;
            cells |= (bits as u64) << (u32::from(width) * r);
        }
        Some(cells)
    }

    /// The set moved down by `squares` bits (the square of index `i` to
    /// `i - squares`; those below bit `squares` are dropped): moved by
    /// `corner.index()`, a set whose squares lie on files and ranks at or
    /// above `corner`'s goes to the same place relative to `A1`.
    #[inline]
    pub const fn shifted_down(self, squares: u8) -> Bitboard {
        Set(self.0 >> squares)
    }

    /// The squares of the set that a `W` set holds (all of them when the
    /// set lies on a board that fits `W`).
    #[inline(always)]
    pub fn narrow<W: Word>(self) -> Set<W> {
        Set(W::from_wide(self.0))
    }
}

impl Set<u64> {
    /// The set of the bits `bits` (bit `10 * rank + file`, below 64).
    #[inline]
    pub const fn from_bits(bits: u64) -> Set<u64> {
        Set(bits)
    }

    /// The bits of the set (bit `10 * rank + file`).
    #[inline]
    pub const fn bits(self) -> u64 {
        self.0
    }
}

impl<W: Word> Set<W> {
    /// The empty set.
    pub const EMPTY: Set<W> = Set(W::ZERO);

    /// The same squares as a [`Bitboard`].
    #[inline(always)]
    pub fn widen(self) -> Bitboard {
        Set(self.0.to_wide())
    }

    /// The set holding only `sq` (below bit 64 for a 64-bit set).
    #[inline]
    pub fn from_square(sq: Square) -> Set<W> {
        Set(W::bit(sq.index()))
    }

    /// Whether the set is empty.
    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == W::ZERO
    }

    /// Whether the set has at least one square.
    #[inline]
    pub fn any(self) -> bool {
        self.0 != W::ZERO
    }

    /// The number of squares in the set.
    #[inline]
    pub fn count(self) -> u32 {
        self.0.count()
    }

    /// Whether `sq` is in the set.
    #[inline]
    pub fn contains(self, sq: Square) -> bool {
        self.0 & W::bit(sq.index()) != W::ZERO
    }

    /// The set with `sq` added.
    #[inline]
    pub fn with(self, sq: Square) -> Set<W> {
        Set(self.0 | W::bit(sq.index()))
    }

    /// The set with `sq` removed.
    #[inline]
    pub fn without(self, sq: Square) -> Set<W> {
        Set(self.0 & !W::bit(sq.index()))
    }

    /// The lowest square of the set (by bit index), if any.
    #[inline]
    pub fn first(self) -> Option<Square> {
        if self.is_empty() {
            None
        } else {
            Some(Square::from_index(self.0.lowest() as u8))
        }
    }

    /// Whether the two sets share a square.
    #[inline]
    pub fn intersects(self, other: Set<W>) -> bool {
        self.0 & other.0 != W::ZERO
    }

    /// The squares one king step away from a square of the set (the 8
    /// neighbours), not including the set itself unless a square is a
    /// neighbour of another. Squares off a 10x10 board (or beyond the
    /// word) are dropped; squares off a smaller board are not, so mask the
    /// result with the board.
    #[inline]
    pub fn neighbours(self) -> Set<W> {
        let b = self.0;
        let east = (b << 1) & !W::FILE_A;
        let west = (b >> 1) & !W::FILE_J;
        let row = b | east | west;
        Set((east | west | (row << STRIDE) | (row >> STRIDE)) & W::FRAME)
    }

    /// The 8-connected component of `self` that holds `seed`, or the empty
    /// set if `seed` is not in `self`.
    pub fn component(self, seed: Square) -> Set<W> {
        if !self.contains(seed) {
            return Set::EMPTY;
        }
        let mut comp = Set::from_square(seed);
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
    pub fn squares(self) -> Squares<W> {
        Squares(self.0)
    }
}

/// Iterator over the squares of a [`Set`], lowest bit first.
#[derive(Clone, Debug)]
pub struct Squares<W: Word = u128>(W);

impl<W: Word> Iterator for Squares<W> {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == W::ZERO {
            return None;
        }
        let sq = Square::from_index(self.0.lowest() as u8);
        self.0 = self.0.without_lowest();
        Some(sq)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count() as usize;
        (n, Some(n))
    }
}

impl<W: Word> ExactSizeIterator for Squares<W> {}

impl<W: Word> IntoIterator for Set<W> {
    type Item = Square;
    type IntoIter = Squares<W>;

    fn into_iter(self) -> Squares<W> {
        self.squares()
    }
}

impl<W: Word> FromIterator<Square> for Set<W> {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Set<W> {
        iter.into_iter().fold(Set::EMPTY, Set::with)
    }
}

impl<W: Word> fmt::Debug for Set<W> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.squares()).finish()
    }
}

macro_rules! bit_op {
    ($trait:ident, $method:ident, $assign_trait:ident, $assign_method:ident, $op:tt) => {
        impl<W: Word> $trait for Set<W> {
            type Output = Set<W>;
            #[inline]
            fn $method(self, rhs: Set<W>) -> Set<W> {
                Set(self.0 $op rhs.0)
            }
        }
        impl<W: Word> $assign_trait for Set<W> {
            #[inline]
            fn $assign_method(&mut self, rhs: Set<W>) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}

bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl<W: Word> Sub for Set<W> {
    type Output = Set<W>;
    /// Set difference.
    #[inline]
    fn sub(self, rhs: Set<W>) -> Set<W> {
        Set(self.0 & !rhs.0)
    }
}

impl<W: Word> Not for Set<W> {
    type Output = Set<W>;
    /// The complement within the 10x10 frame (the part the word holds).
    #[inline]
    fn not(self) -> Set<W> {
        Set(!self.0 & W::FRAME)
    }
}

/// Queen attacks: the squares a queen (or an arrow) on `from` reaches in one
/// straight line through `empty` squares, in the 8 directions.
///
/// `empty` must hold only squares of the board (squares off the board are
/// walls); `from` itself need not be in `empty`. For a 64-bit set, `from`
/// lies below bit 64.
///
/// By ray tables: in each direction the ray from `from` to the edge of the
/// 10x10 frame, cut at the first square that is not empty (the nearest: the
/// lowest bit of the blocked part for the directions of increasing
/// squares, the highest for the others). A sentinel bit (the word's last
/// square, or 0, whose rays in that direction are empty) stands for "no
/// blocker".
#[inline(always)]
pub fn queen_attacks<W: Word>(from: Square, empty: Set<W>) -> Set<W> {
    Set(W::queen_attacks(usize::from(from.index()), empty.0))
}

/// The squares one king step from `sq` (on a 10x10 board: mask them with
/// a smaller board), by table.
#[inline(always)]
pub(crate) fn king_steps<W: Word>(sq: Square) -> Set<W> {
    Set(W::from_wide(KING_STEPS[usize::from(sq.index())]))
}

/// The squares one king step from each square of the 10x10 frame.
const KING_STEPS: [u128; SQUARES] = {
    let side = STRIDE as i32;
    let mut table = [0u128; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        let (file, rank) = (sq as i32 % side, sq as i32 / side);
        let mut d = 0;
        while d < 9 {
            let (f, r) = (file + d % 3 - 1, rank + d / 3 - 1);
            if d != 4 && f >= 0 && f < side && r >= 0 && r < side {
                table[sq] |= 1 << (r * side + f);
            }
            d += 1;
        }
        sq += 1;
    }
    table
};

/// The number of squares of the 10x10 frame.
const SQUARES: usize = (STRIDE * STRIDE) as usize;

/// The squares strictly beyond each square of the 10x10 frame in the
/// direction (file step, rank step), up to the edge.
const fn rays(file_step: i32, rank_step: i32) -> [u128; SQUARES] {
    let side = STRIDE as i32;
    let mut table = [0u128; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        let (mut file, mut rank) = (sq as i32 % side, sq as i32 / side);
        loop {
            file += file_step;
            rank += rank_step;
            if file < 0 || file >= side || rank < 0 || rank >= side {
                break;
            }
            table[sq] |= 1 << (rank * side + file);
        }
        sq += 1;
    }
    table
}

/// The rays of [`rays`] cut to the low 64 bits, for the squares there.
const fn low_rays(rays: &[u128; SQUARES]) -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        table[sq] = rays[sq] as u64;
        sq += 1;
    }
    table
}

/// [`RAYS_UP`] cut to the low 64 bits (square 63's are empty: its rays
/// leave them at once).
const LOW_RAYS_UP: [[u64; 64]; 4] = [
    low_rays(&RAYS_UP[0]),
    low_rays(&RAYS_UP[1]),
    low_rays(&RAYS_UP[2]),
    low_rays(&RAYS_UP[3]),
];

/// [`RAYS_DOWN`] for the squares of the low 64 bits.
const LOW_RAYS_DOWN: [[u64; 64]; 4] = [
    low_rays(&RAYS_DOWN[0]),
    low_rays(&RAYS_DOWN[1]),
    low_rays(&RAYS_DOWN[2]),
    low_rays(&RAYS_DOWN[3]),
];

/// The rays of the directions that go to higher squares: east, north-west,
/// north and north-east (so the nearest square of a ray is its lowest).
const RAYS_UP: [[u128; SQUARES]; 4] = [rays(1, 0), rays(-1, 1), rays(0, 1), rays(1, 1)];

/// The rays of the directions that go to lower squares: west, south-east,
/// south and south-west (the nearest square of a ray is its highest).
const RAYS_DOWN: [[u128; SQUARES]; 4] = [rays(-1, 0), rays(1, -1), rays(0, -1), rays(-1, -1)];

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    /// A sequence of pseudo-random words from `seed` (a linear
    /// congruential generator, Knuth's MMIX constants).
    fn random_words(mut seed: u64) -> impl FnMut() -> u64 {
        move || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            seed
        }
    }

    #[test]
    fn neighbours_of_a_corner_and_a_centre() {
        // Counted by hand on a chessboard: a corner has 3 neighbours, an
        // inner square 8, an edge square 5.
        assert_eq!(Bitboard::from_square(sq("A1")).neighbours().count(), 3);
        assert_eq!(Bitboard::from_square(sq("J10")).neighbours().count(), 3);
        assert_eq!(Bitboard::from_square(sq("H8")).neighbours().count(), 8);
        assert_eq!(Bitboard::from_square(sq("D4")).neighbours().count(), 8);
        assert_eq!(Bitboard::from_square(sq("A4")).neighbours().count(), 5);
        assert_eq!(Bitboard::from_square(sq("J5")).neighbours().count(), 5);
        assert_eq!(Bitboard::from_square(sq("E10")).neighbours().count(), 5);
    }

    #[test]
    fn queen_on_empty_board_attacks() {
        // A queen on an empty 10x10 board: 27 squares from a corner (9 on
        // each of three lines), 35 from E5 (9 on its file, 9 on its rank, 9
        // on the long diagonal A1-J10 and 8 on the diagonal A9-I1).
        let all = Bitboard::FULL;
        assert_eq!(queen_attacks(sq("A1"), all.without(sq("A1"))).count(), 27);
        assert_eq!(queen_attacks(sq("E5"), all.without(sq("E5"))).count(), 35);
        assert_eq!(queen_attacks(sq("J10"), all).count(), 27);
    }

    #[test]
    fn queen_attacks_match_a_walk_square_by_square() {
        // Reference: walk each of the 8 directions one square at a time
        // by file and rank, stopping at the edge or a square not empty; on
        // random sets of empty squares of random boards up to 10x10 (bits
        // off the board cleared, as the callers do), from every square.
        let mut next = random_words(0x1234_5678_u64);
        for _ in 0..2000 {
            let r = next();
            let (width, height) = (1 + (r >> 60) % 10, 1 + (r >> 52) % 10);
            let board: u128 = (0..100)
                .filter(|i| i % 10 < width && i / 10 < height)
                .fold(0, |b, i| b | 1 << i);
            let bits = u128::from(next()) << 64 | u128::from(next());
            let empty = Bitboard::from_bits(bits & board);
            for from in 0..100u8 {
                let mut expected = Bitboard::EMPTY;
                for (df, dr) in testkit::amazons::QUEEN_DIRECTIONS {
                    let (mut f, mut r) = (i32::from(from % 10), i32::from(from / 10));
                    loop {
                        f += df;
                        r += dr;
                        if !(0..10).contains(&f) || !(0..10).contains(&r) {
                            break;
                        }
                        let s = Square::from_index((r * 10 + f) as u8);
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
        let set: Bitboard = [sq("A1"), sq("B2"), sq("C3"), sq("E5"), sq("I9"), sq("J10")]
            .into_iter()
            .collect();
        let comp = set.component(sq("A1"));
        assert_eq!(comp.count(), 3);
        assert!(!comp.contains(sq("E5")));
        assert_eq!(set.component(sq("J10")).count(), 2);
    }

    #[test]
    fn u64_view_is_checked() {
        let low = Bitboard::from_square(sq("D7"));
        assert_eq!(low.to_u64(), Some(Set::<u64>::from_bits(1 << 63)));
        assert_eq!(Set::<u64>::from_bits(1 << 63).widen(), low);
        assert_eq!(Bitboard::from_square(sq("E7")).to_u64(), None);
        // Cells of a 3x2 box: A1 B1 C1 then A2 B2 C2.
        let set: Bitboard = [sq("A1"), sq("C1"), sq("B2"), sq("D2")]
            .into_iter()
            .collect();
        assert_eq!(set.to_cells(3, 2), Some(0b01_0101));
        assert_eq!(Bitboard::FULL.to_cells(8, 8), Some(u64::MAX));
        assert_eq!(Bitboard::FULL.to_cells(9, 8), None);
    }

    #[test]
    fn sets_of_64_bits_agree_with_sets_of_128() {
        // Reference: the 128-bit set (checked above against a walk square
        // by square), on random sets of random boards that fit 64 bits
        // (`Size::is_narrow`), from every square of the board.
        let mut next = random_words(0x9e37_79b9_u64);
        let mut boards = 0;
        while boards < 2000 {
            let r = next();
            let size = crate::Size::new(1 + (r >> 60) as u8 % 10, 1 + (r >> 52) as u8 % 7).unwrap();
            if !size.is_narrow() {
                continue;
            }
            boards += 1;
            let board = size.mask().bits();
            let wide = Bitboard::from_bits(u128::from(next()) & board);
            let narrow = wide.narrow::<u64>();
            assert_eq!(narrow.widen(), wide);
            assert_eq!(narrow.count(), wide.count());
            assert!(narrow.squares().eq(wide.squares()));
            assert_eq!(narrow.first(), wide.first());
            assert_eq!(
                (!narrow).widen(),
                !wide & Bitboard::from_bits(u128::from(u64::MAX))
            );
            let on_board = |set: Bitboard| set & size.mask();
            assert_eq!(
                on_board(narrow.neighbours().widen()),
                on_board(wide.neighbours())
            );
            for from in size.mask() {
                assert_eq!(
                    queen_attacks(from, narrow).widen(),
                    queen_attacks(from, wide)
                );
                assert_eq!(narrow.component(from).widen(), wide.component(from));
                assert_eq!(narrow.contains(from), wide.contains(from));
                assert_eq!(narrow.with(from).widen(), wide.with(from));
                assert_eq!(narrow.without(from).widen(), wide.without(from));
                assert_eq!(
                    king_steps::<u64>(from).widen(),
                    king_steps::<u128>(from) & Bitboard::from_bits(u128::from(u64::MAX))
                );
                assert_eq!(
                    king_steps::<u128>(from),
                    Bitboard::from_square(from).neighbours()
                );
            }
        }
    }
}
