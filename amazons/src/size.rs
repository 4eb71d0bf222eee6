//! Board sizes.

use std::fmt;
use std::str::FromStr;

use crate::bitboard::Bitboard;
use crate::square::Square;

/// The size of a board, `width` files by `height` ranks, each from 1 to 10.
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
    /// A width or height outside `1..=10`.
    #[error("board {width}x{height} is out of range (each side from 1 to 10)")]
    OutOfRange {
        /// The width that was asked for.
        width: u32,
        /// The height that was asked for.
        height: u32,
    },
}

impl Size {
    /// The largest width or height.
    pub const MAX: u8 = Square::STRIDE;

    /// A `width` x `height` board.
    ///
    /// # Errors
    /// [`SizeError::OutOfRange`] unless both are in `1..=10`.
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

    /// A `width` x `height` board, in constant expressions.
    ///
    /// # Panics
    /// Unless both are in `1..=10`.
    pub(crate) const fn new_const(width: u8, height: u8) -> Size {
        assert!(width >= 1 && width <= Self::MAX && height >= 1 && height <= Self::MAX);
        Size { width, height }
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
        let row = (1u128 << self.width) - 1;
        let mut bits = 0;
        let mut r = 0;
        while r < self.height {
            bits |= row << (Square::STRIDE * r);
            r += 1;
        }
        Bitboard::from_bits(bits)
    }

    /// Whether every square of the board lies below bit 64 of a [`Set`]
    /// (boards of at most 6 ranks, and 7 ranks of at most 4 files): then
    /// its sets fit 64 bits, and the solver's work on it runs on them.
    ///
    /// [`Set`]: crate::bitboard::Set
    #[inline]
    pub const fn is_narrow(self) -> bool {
        (self.height as u32 - 1) * Square::STRIDE as u32 + self.width as u32 <= 64
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
        if (1..=u32::from(Self::MAX)).contains(&w) && (1..=u32::from(Self::MAX)).contains(&h) {
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
    fn size_parsing() {
        let s: Size = "5x6".parse().unwrap();
        assert_eq!((s.width(), s.height()), (5, 6));
        assert_eq!(s.mask().count(), 30);
        let s: Size = "10x10".parse().unwrap();
        assert_eq!(s.mask().count(), 100);
        assert_eq!(s.mask(), Bitboard::FULL);
        assert!("9x4".parse::<Size>().is_ok());
        assert!("11x4".parse::<Size>().is_err());
        assert!("4x11".parse::<Size>().is_err());
        assert!("0x4".parse::<Size>().is_err());
        assert!("5*6".parse::<Size>().is_err());
    }

    #[test]
    fn narrow_boards_are_those_below_bit_64() {
        // Reference: the board's mask has no bit from 64 up.
        for width in 1..=Size::MAX {
            for height in 1..=Size::MAX {
                let s = Size::new(width, height).unwrap();
                assert_eq!(s.is_narrow(), s.mask().bits() >> 64 == 0, "{s}");
            }
        }
        assert!("6x6".parse::<Size>().unwrap().is_narrow());
        assert!(!"8x8".parse::<Size>().unwrap().is_narrow());
    }
}
