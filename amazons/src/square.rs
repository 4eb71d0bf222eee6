//! Squares.

use std::fmt;
use std::str::FromStr;

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
}
