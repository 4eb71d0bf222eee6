//! The two players.

use std::fmt;

/// A player. White moves first from a starting position; in CGT terms
/// Black is Left (positive) and White is Right (negative), as in Song & Müller 2015.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Color {
    /// White, Right, the first player from a starting position.
    White,
    /// Black, Left.
    Black,
}

impl Color {
    /// The other player.
    #[inline]
    pub const fn opposite(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// `w` or `b`, as in the position text.
    pub const fn letter(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::White => "white",
            Color::Black => "black",
        })
    }
}
