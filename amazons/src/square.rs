//! Squares and board sizes.

use std::fmt;
use std::str::FromStr;

use crate::bitboard::Bitboard;

/// A square of a board of at most 8x8: `8 * rank + file`, both from 0, with
/// files `A..H` left to right and ranks `1..8` bottom to top (`A1` = 0,
/// `B1` = 1, `A2` = 8, `H8` = 63).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square with bit index `index`.
    ///
    /// # Panics
    /// If `index >= 64`.
    #[inline]
    pub const fn from_index(index: u8) -> Square {
        assert!(index < 64, "square index out of range");
        Square(index)
    }

    /// The square on `file` and `rank`, both counted from 0, if both are
    /// below 8.
    #[inline]
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < 8 && rank < 8 {
            Some(Square(rank * 8 + file))
        } else {
            None
        }
    }

    /// The bit index `8 * rank + file`.
    #[inline]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The file, from 0 (`A`).
    #[inline]
    pub const fn file(self) -> u8 {
        self.0 % 8
    }

    /// The rank, from 0 (rank `1`).
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 / 8
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'A' + self.file()) as char, self.rank() + 1)
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A square name that is not a file letter `A..H` (either case) followed by
/// a rank `1..8`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("bad square {text:?} (expected a file A-H and a rank 1-8, like B4)")]
pub struct ParseSquareError {
    /// The text that was read.
    pub text: String,
}

impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let err = || ParseSquareError { text: s.to_owned() };
        let b = s.as_bytes();
        if b.len() != 2 {
            return Err(err());
        }
        let file = b[0].to_ascii_uppercase().wrapping_sub(b'A');
        let rank = b[1].wrapping_sub(b'1');
        Square::new(file, rank).ok_or_else(err)
    }
}

/// The size of a board, `width` files by `height` ranks, each from 1 to 8.
/// Written `WxH`, e.g. `5x6` (5 files, 6 ranks).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Size {
    width: u8,
    height: u8,
}

/// Why a board size is not valid.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SizeError {
    /// A size that is not `WxH` with two numbers.
    #[error("bad board size {text:?} (expected WxH, like 5x6)")]
    BadSize {
        /// The text that was read.
        text: String,
    },
    /// A width or height outside `1..=8`.
    #[error("board {width}x{height} is out of range (each side from 1 to 8)")]
    OutOfRange {
        /// The width that was asked for.
        width: u32,
        /// The height that was asked for.
        height: u32,
    },
}

impl Size {
    /// The largest width or height.
    pub const MAX: u8 = 8;

    /// A `width` x `height` board.
    ///
    /// # Errors
    /// [`SizeError::OutOfRange`] unless both are in `1..=8`.
    pub fn new(width: u8, height: u8) -> Result<Size, SizeError> {
        if (1..=Self::MAX).contains(&width) && (1..=Self::MAX).contains(&height) {
            Ok(Size { width, height })
        } else {
            Err(SizeError::OutOfRange {
                width: width.into(),
                height: height.into(),
            })
        }
    }

    /// The number of files.
    #[inline]
    pub const fn width(self) -> u8 {
        self.width
    }

    /// The number of ranks.
    #[inline]
    pub const fn height(self) -> u8 {
        self.height
    }

    /// The squares of the board.
    pub const fn mask(self) -> Bitboard {
        let row = (1u64 << self.width) - 1;
        let mut bits = 0;
        let mut r = 0;
        while r < self.height {
            bits |= row << (8 * r);
            r += 1;
        }
        Bitboard(bits)
    }

    /// Whether `sq` is on the board.
    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        sq.file() < self.width && sq.rank() < self.height
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.width, self.height)
    }
}

impl FromStr for Size {
    type Err = SizeError;

    /// Reads `WxH`, e.g. `5x6`.
    fn from_str(s: &str) -> Result<Size, SizeError> {
        let bad = || SizeError::BadSize { text: s.to_owned() };
        let (w, h) = s.split_once(['x', 'X']).ok_or_else(bad)?;
        let w: u32 = w.trim().parse().map_err(|_| bad())?;
        let h: u32 = h.trim().parse().map_err(|_| bad())?;
        if (1..=8).contains(&w) && (1..=8).contains(&h) {
            Size::new(w as u8, h as u8)
        } else {
            Err(SizeError::OutOfRange {
                width: w,
                height: h,
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_names_round_trip() {
        for i in 0..64 {
            let sq = Square::from_index(i);
            assert_eq!(sq.to_string().parse::<Square>().unwrap(), sq);
        }
        // ARCHITECTURE.md: files left to right, ranks bottom to top.
        let b4: Square = "B4".parse().unwrap();
        assert_eq!((b4.file(), b4.rank()), (1, 3));
        assert!("I1".parse::<Square>().is_err());
        assert!("A9".parse::<Square>().is_err());
        assert!("A10".parse::<Square>().is_err());
    }

    #[test]
    fn size_parsing() {
        let s: Size = "5x6".parse().unwrap();
        assert_eq!((s.width(), s.height()), (5, 6));
        assert_eq!(s.mask().count(), 30);
        assert!("9x4".parse::<Size>().is_err());
        assert!("0x4".parse::<Size>().is_err());
        assert!("5*6".parse::<Size>().is_err());
    }
}
