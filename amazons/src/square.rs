//! Squares.

use std::fmt;
use std::str::FromStr;

/// A square of a board of at most 10x10: `10 * rank + file`, both from 0,
/// with files `A..J` left to right and ranks `1..10` bottom to top (`A1` =
/// 0, `B1` = 1, `A2` = 10, `J10` = 99).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The number of files (and of ranks) of the largest board, the step
    /// of a rank in [`Square::index`].
    pub const STRIDE: u8 = 10;

    /// The number of squares of the largest board.
    pub const COUNT: usize = Self::STRIDE as usize * Self::STRIDE as usize;

    /// The square with bit index `index`.
    ///
    /// # Panics
    /// If `index >= 100`.
    #[inline]
    pub const fn from_index(index: u8) -> Square {
        assert!((index as usize) < Self::COUNT, "square index out of range");
        Square(index)
    }

    /// The square on `file` and `rank`, both counted from 0, if both are
    /// below 10.
    #[inline]
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < Self::STRIDE && rank < Self::STRIDE {
            Some(Square(rank * Self::STRIDE + file))
        } else {
            None
        }
    }

    /// The bit index `10 * rank + file`.
    #[inline]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The file, from 0 (`A`).
    #[inline]
    pub const fn file(self) -> u8 {
        self.0 % Self::STRIDE
    }

    /// The rank, from 0 (rank `1`).
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 / Self::STRIDE
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

/// A square name that is not a file letter `A..J` (either case) followed by
/// a rank `1..10`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("bad square {text:?} (expected a file A-J and a rank 1-10, like B4)")]
pub struct ParseSquareError {
    /// The text that was read.
    pub text: String,
}

impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let err = || ParseSquareError { text: s.to_owned() };
        let b = s.as_bytes();
        if !(2..=3).contains(&b.len()) || !b[1..].iter().all(u8::is_ascii_digit) || b[1] == b'0' {
            return Err(err());
        }
        let file = b[0].to_ascii_uppercase().wrapping_sub(b'A');
        let rank: u8 = s[1..].parse().map_err(|_| err())?;
        Square::new(file, rank.wrapping_sub(1)).ok_or_else(err)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_names_round_trip() {
        for i in 0..100 {
            let sq = Square::from_index(i);
            assert_eq!(sq.to_string().parse::<Square>().unwrap(), sq);
        }
        // ARCHITECTURE.md: files left to right, ranks bottom to top.
        let b4: Square = "B4".parse().unwrap();
        assert_eq!((b4.file(), b4.rank()), (1, 3));
        let j10: Square = "j10".parse().unwrap();
        assert_eq!(
            (j10.file(), j10.rank(), j10.to_string().as_str()),
            (9, 9, "J10")
        );
        for bad in ["K1", "A0", "A11", "A01", "A1x", "A", "", "é1", "A+1"] {
            assert!(bad.parse::<Square>().is_err(), "{bad}");
        }
    }
}
