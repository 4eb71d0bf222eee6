//! The symmetries of a rectangular board and how they act on squares, sets
//! of squares, moves and positions.
//!
//! Queens move alike along files, ranks and both diagonals, so every
//! symmetry of the square grid maps a position to one of the same value and
//! a move to the matching move. A `W x H` board is mapped onto itself by
//! the identity, the two mirrors and the half turn; a square board also by
//! the two quarter turns and the two diagonal reflections. Those that swap
//! files and ranks map any `W x H` board onto an `H x W` one, which is how
//! an area is turned to fit a database's box.

use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::moves::Move;
use crate::position::{Position, Setup};
use crate::size::Size;
use crate::square::Square;

/// A symmetry of the square grid acting on a `W x H` board: first the
/// files are reversed (file `f` to `W - 1 - f`) if bit 0 is set, then the
/// ranks (rank `r` to `H - 1 - r`) if bit 1 is, then files and ranks are
/// swapped if bit 2 is (the image is then `H x W`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Symmetry(u8);

impl Symmetry {
    /// Every square stays.
    pub const IDENTITY: Symmetry = Symmetry(0);
    /// The left-right mirror: file `f` goes to `W - 1 - f`.
    pub const MIRROR_FILES: Symmetry = Symmetry(1);
    /// The top-bottom mirror: rank `r` goes to `H - 1 - r`.
    pub const MIRROR_RANKS: Symmetry = Symmetry(2);
    /// The half turn.
    pub const ROTATE_180: Symmetry = Symmetry(3);
    /// The reflection in the diagonal through `A1`: file and rank swap.
    pub const TRANSPOSE: Symmetry = Symmetry(4);
    /// The quarter turn clockwise.
    pub const ROTATE_CLOCKWISE: Symmetry = Symmetry(5);
    /// The quarter turn anticlockwise.
    pub const ROTATE_ANTICLOCKWISE: Symmetry = Symmetry(6);
    /// The reflection in the other diagonal.
    pub const ANTI_TRANSPOSE: Symmetry = Symmetry(7);

    /// All eight, in the order of their bits (identity first).
    pub const ALL: [Symmetry; 8] = [
        Symmetry::IDENTITY,
        Symmetry::MIRROR_FILES,
        Symmetry::MIRROR_RANKS,
        Symmetry::ROTATE_180,
        Symmetry::TRANSPOSE,
        Symmetry::ROTATE_CLOCKWISE,
        Symmetry::ROTATE_ANTICLOCKWISE,
        Symmetry::ANTI_TRANSPOSE,
    ];

    /// The symmetries mapping a board of `size` onto itself, in the order
    /// of [`Symmetry::ALL`]: four, or all eight on a square board.
    pub fn of_board(size: Size) -> impl Iterator<Item = Symmetry> {
        let square = size.width() == size.height();
        Symmetry::ALL
            .into_iter()
            .filter(move |s| square || !s.transposes())
    }

    /// Whether files are reversed (before any swap).
    #[inline]
    pub const fn mirrors_files(self) -> bool {
        self.0 & 1 != 0
    }

    /// Whether ranks are reversed (before any swap).
    #[inline]
    pub const fn mirrors_ranks(self) -> bool {
        self.0 & 2 != 0
    }

    /// Whether files and ranks are swapped.
    #[inline]
    pub const fn transposes(self) -> bool {
        self.0 & 4 != 0
    }

    /// The size of the image of a board of `size`.
    #[inline]
    pub const fn image_size(self, size: Size) -> Size {
        if self.transposes() {
            Size::new_const(size.height(), size.width())
        } else {
            size
        }
    }

    /// The symmetry undoing this one (acting on the image board).
    pub const fn inverse(self) -> Symmetry {
        if self.transposes() {
            // Swapping first and then mirroring is mirroring the other axis
            // first and then swapping.
            Symmetry(4 | (self.0 & 1) << 1 | (self.0 & 2) >> 1)
        } else {
            self
        }
    }
}

impl Square {
    /// The image of the square, on a board of `size`, under `symmetry`.
    #[inline]
    pub const fn transformed(self, symmetry: Symmetry, size: Size) -> Square {
        debug_assert!(size.contains(self));
        let (mut file, mut rank) = (self.file(), self.rank());
        if symmetry.mirrors_files() {
            file = size.width() - 1 - file;
        }
        if symmetry.mirrors_ranks() {
            rank = size.height() - 1 - rank;
        }
        if symmetry.transposes() {
            (file, rank) = (rank, file);
        }
        Square::from_index(Square::STRIDE * rank + file)
    }
}

impl Bitboard {
    /// The image of the set, on a board of `size`, under `symmetry` (the
    /// set must lie on that board).
    #[inline]
    pub fn transformed(self, symmetry: Symmetry, size: Size) -> Bitboard {
        debug_assert!((self - size.mask()).is_empty());
        let stride = u32::from(Square::STRIDE);
        let (width, height) = (u32::from(size.width()), u32::from(size.height()));
        let mut b = self.bits();
        if symmetry.mirrors_files() {
            // Files f to 9 - f, then down to width - 1 - f.
            b = reverse_ranks(b) >> (stride - width);
        }
        if symmetry.mirrors_ranks() {
            // Rank by rank, r to height - 1 - r.
            let mut image = 0;
            for r in 0..height {
                let row = (b >> (stride * r)) & RANK_BITS;
                image |= row << (stride * (height - 1 - r));
            }
            b = image;
        }
        let image = Bitboard::from_bits(b);
        if symmetry.transposes() {
            image
                .squares()
                .map(|sq| Square::from_index(sq.file() * Square::STRIDE + sq.rank()))
                .collect()
        } else {
            image
        }
    }

    /// The bounding box of the set: its lowest file and rank (as a square)
    /// and its size, if the set is not empty.
    pub fn bounding_box(self) -> Option<(Square, Size)> {
        let first = self.first()?;
        // The lowest bit is on the lowest rank.
        let (mut f0, mut f1, r0, mut r1) = (first.file(), first.file(), first.rank(), 0);
        for sq in self {
            f0 = f0.min(sq.file());
            f1 = f1.max(sq.file());
            r1 = r1.max(sq.rank());
        }
        let corner = Square::new(f0, r0).expect("a square of the set's");
        let size = Size::new(f1 - f0 + 1, r1 - r0 + 1).expect("at most 10x10");
        Some((corner, size))
    }
}

/// The bits of one rank.
const RANK_BITS: u128 = (1 << Square::STRIDE) - 1;

/// Bit `i` of each rank, for each bit `i` of `bits`.
const fn each_rank(bits: u128) -> u128 {
    let mut mask = 0;
    let mut r = 0;
    while r < Square::STRIDE as u32 {
        mask |= bits << (Square::STRIDE as u32 * r);
        r += 1;
    }
    mask
}

/// The bits with file `f` of every rank moved to `9 - f`: the two halves of
/// each rank swapped, then each half's files 0 and 4, and 1 and 3, by delta
/// swaps (Knuth, TAOCP 7.1.3, "delta swap").
#[inline]
fn reverse_ranks(b: u128) -> u128 {
    const HALVES: u128 = each_rank(0b1_1111);
    const OUTER: u128 = each_rank(0b10_0001);
    const INNER: u128 = each_rank(0b100_0010);
    let swap = |b: u128, mask: u128, delta: u32| {
        let t = ((b >> delta) ^ b) & mask;
        b ^ t ^ (t << delta)
    };
    swap(swap(swap(b, HALVES, 5), OUTER, 4), INNER, 2)
}

impl Move {
    /// The image of the move, on a board of `size`, under `symmetry`: the
    /// move of the image position that matches it.
    pub fn transformed(self, symmetry: Symmetry, size: Size) -> Move {
        let t = |sq: Square| sq.transformed(symmetry, size);
        Move::new(t(self.from), t(self.to), t(self.arrow))
    }
}

impl Position {
    /// The image of the position under `symmetry` (the same side to move;
    /// on a board of [`Symmetry::image_size`]).
    pub fn transformed(&self, symmetry: Symmetry) -> Position {
        let size = self.size();
        let t = |b: Bitboard| b.transformed(symmetry, size);
        Position::from_setup(Setup {
            size: symmetry.image_size(size),
            white: t(self.queens(Color::White)),
            black: t(self.queens(Color::Black)),
            burnt: t(self.burnt()),
            to_move: self.to_move(),
        })
        .expect("the image of a position is a position")
    }

    /// The least of the images of the position under `symmetries`, ordered
    /// by the image's width, height, White queens, Black queens and empty
    /// squares (each set as its bits), and the symmetry that gives it (the
    /// first, in the order given, if several do).
    ///
    /// # Panics
    /// If `symmetries` is empty.
    pub fn least_image(&self, symmetries: &[Symmetry]) -> (Position, Symmetry) {
        let size = self.size();
        let key = |s: Symmetry| {
            let image = s.image_size(size);
            let t = |b: Bitboard| b.transformed(s, size).bits();
            (
                image.width(),
                image.height(),
                t(self.queens(Color::White)),
                t(self.queens(Color::Black)),
                t(self.empty()),
            )
        };
        let best = symmetries
            .iter()
            .copied()
            .min_by_key(|&s| key(s))
            .expect("at least one symmetry");
        (self.transformed(best), best)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every board size.
    fn sizes() -> impl Iterator<Item = Size> {
        (1..=10).flat_map(|w| (1..=10).map(move |h| Size::new(w, h).unwrap()))
    }

    /// The reference: the coordinates of each square mapped one by one, as
    /// the definition of [`Symmetry`] says.
    fn naive(s: Symmetry, size: Size, file: u8, rank: u8) -> (u8, u8) {
        let (w, h) = (size.width(), size.height());
        let (x, y) = match s {
            Symmetry::IDENTITY => (file, rank),
            Symmetry::MIRROR_FILES => (w - 1 - file, rank),
            Symmetry::MIRROR_RANKS => (file, h - 1 - rank),
            Symmetry::ROTATE_180 => (w - 1 - file, h - 1 - rank),
            Symmetry::TRANSPOSE => (rank, file),
            // A quarter turn clockwise takes the top-left corner (0, h - 1)
            // to the top-right corner of the h x w image.
            Symmetry::ROTATE_CLOCKWISE => (rank, w - 1 - file),
            Symmetry::ROTATE_ANTICLOCKWISE => (h - 1 - rank, file),
            Symmetry::ANTI_TRANSPOSE => (h - 1 - rank, w - 1 - file),
            _ => unreachable!(),
        };
        (x, y)
    }

    /// A fixed pseudo-random sequence of 64-bit words.
    fn words(seed: u64) -> impl Iterator<Item = u64> {
        let mut x = seed;
        std::iter::from_fn(move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            Some(x)
        })
    }

    #[test]
    fn squares_and_sets_match_the_coordinates() {
        for size in sizes() {
            for s in Symmetry::ALL {
                let image = s.image_size(size);
                if s.transposes() {
                    assert_eq!(
                        (image.width(), image.height()),
                        (size.height(), size.width())
                    );
                } else {
                    assert_eq!(image, size);
                }
                for sq in size.mask() {
                    let (x, y) = naive(s, size, sq.file(), sq.rank());
                    let t = sq.transformed(s, size);
                    assert_eq!((t.file(), t.rank()), (x, y), "{s:?} {size} {sq}");
                    assert!(image.contains(t));
                    assert_eq!(t.transformed(s.inverse(), image), sq, "{s:?} {size}");
                }
                let mut w = words(u64::from(size.width()) * 16 + u64::from(size.height()));
                for _ in 0..20 {
                    let bits = u128::from(w.next().unwrap()) << 64 | u128::from(w.next().unwrap());
                    let set = Bitboard::from_bits(bits) & size.mask();
                    let by_square: Bitboard =
                        set.squares().map(|q| q.transformed(s, size)).collect();
                    assert_eq!(set.transformed(s, size), by_square, "{s:?} {size}");
                }
            }
        }
    }

    #[test]
    fn the_board_symmetries() {
        let rect: Size = "5x3".parse().unwrap();
        let square: Size = "4x4".parse().unwrap();
        assert_eq!(Symmetry::of_board(rect).count(), 4);
        assert!(Symmetry::of_board(rect).all(|s| s.image_size(rect) == rect));
        assert_eq!(Symmetry::of_board(square).count(), 8);
        assert_eq!(
            Symmetry::ALL.map(|s| s.inverse()),
            [0, 1, 2, 3, 4, 6, 5, 7].map(|i| Symmetry::ALL[i])
        );
    }

    #[test]
    fn moves_and_positions() {
        let pos: Position = "....../B...W./..x... b".parse().unwrap();
        let size = pos.size();
        let mirrored = pos.transformed(Symmetry::MIRROR_FILES);
        assert_eq!(mirrored.to_string(), "....../.W...B/...x.. b");
        let mv = pos.parse_move("A2-A1xB1").unwrap();
        let image = mv.transformed(Symmetry::MIRROR_FILES, size);
        assert_eq!(image.to_string(), "F2-F1xE1");
        assert!(mirrored.validate(image).is_ok());
        let turned = pos.transformed(Symmetry::ROTATE_CLOCKWISE);
        assert_eq!(turned.size().to_string(), "3x6");
        assert_eq!(turned.transformed(Symmetry::ROTATE_ANTICLOCKWISE), pos);
    }

    #[test]
    fn least_image_is_the_least_key() {
        let pos: Position = "B.x/..W w".parse().unwrap();
        let (least, s) = pos.least_image(&Symmetry::ALL);
        assert_eq!(pos.transformed(s), least);
        for t in Symmetry::ALL {
            let other = pos.transformed(t);
            let key = |p: &Position| {
                (
                    p.size().width(),
                    p.size().height(),
                    p.queens(Color::White).bits(),
                    p.queens(Color::Black).bits(),
                    p.empty().bits(),
                )
            };
            assert!(key(&least) <= key(&other));
        }
    }

    #[test]
    fn bounding_boxes() {
        assert_eq!(Bitboard::EMPTY.bounding_box(), None);
        let set: Bitboard = ["C2", "B4", "D3"]
            .map(|s| s.parse::<Square>().unwrap())
            .into_iter()
            .collect();
        let (corner, size) = set.bounding_box().unwrap();
        assert_eq!(
            (corner.to_string(), size.to_string()),
            ("B2".to_owned(), "3x3".to_owned())
        );
    }
}
