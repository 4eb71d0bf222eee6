//! Moves and their notation.

use std::fmt;
use std::str::FromStr;

use crate::color::Color;
use crate::square::{ParseSquareError, Square};

/// A move: a queen goes from `from` to `to` in a straight line, then shoots
/// an arrow from `to` to `arrow`, which burns that square. Written
/// `B1-B4xD4` (queen from B1 to B4, arrow to D4).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// Where the queen stands.
    pub from: Square,
    /// Where the queen goes.
    pub to: Square,
    /// Where the arrow lands.
    pub arrow: Square,
}

impl Move {
    /// The move from `from` to `to` shooting at `arrow` (not checked).
    #[inline]
    pub const fn new(from: Square, to: Square, arrow: Square) -> Move {
        Move { from, to, arrow }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}x{}", self.from, self.to, self.arrow)
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Why a move could not be read or played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The text is not of the form `B1-B4xD4`.
    #[error("bad move {text:?} (expected a move like B1-B4xD4)")]
    Syntax {
        /// The text that was read.
        text: String,
    },
    /// A square of the move does not parse.
    #[error("bad move {text:?}")]
    Square {
        /// The text of the move.
        text: String,
        /// The square that failed.
        #[source]
        source: ParseSquareError,
    },
    /// A square of the move is off the board.
    #[error("move {mv}: square {square} is off the board")]
    OffBoard {
        /// The move.
        mv: Move,
        /// The offending square.
        square: Square,
    },
    /// The side to move has no queen on the origin square.
    #[error("move {mv}: no {side} queen on {}", mv.from)]
    NoQueen {
        /// The move.
        mv: Move,
        /// The side to move.
        side: Color,
    },
    /// The queen cannot reach the destination in a straight unobstructed line.
    #[error("move {mv}: the queen on {} cannot reach {}", mv.from, mv.to)]
    QueenBlocked {
        /// The move.
        mv: Move,
    },
    /// The arrow cannot reach its target in a straight unobstructed line.
    #[error("move {mv}: the arrow from {} cannot reach {}", mv.to, mv.arrow)]
    ArrowBlocked {
        /// The move.
        mv: Move,
    },
}

impl FromStr for Move {
    type Err = MoveError;

    /// Reads `B1-B4xD4` (letters in either case).
    fn from_str(s: &str) -> Result<Move, MoveError> {
        let syntax = || MoveError::Syntax { text: s.to_owned() };
        let (from, rest) = s.trim().split_once('-').ok_or_else(syntax)?;
        let (to, arrow) = rest.split_once(['x', 'X']).ok_or_else(syntax)?;
        let square = |t: &str| {
            t.parse::<Square>().map_err(|source| MoveError::Square {
                text: s.to_owned(),
                source,
            })
        };
        Ok(Move::new(square(from)?, square(to)?, square(arrow)?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_notation_round_trips() {
        // The example move of ARCHITECTURE.md.
        let m: Move = "B1-B4xD4".parse().unwrap();
        assert_eq!(m.from.to_string(), "B1");
        assert_eq!(m.to.to_string(), "B4");
        assert_eq!(m.arrow.to_string(), "D4");
        assert_eq!(m.to_string(), "B1-B4xD4");
        assert_eq!("b1-b4xd4".parse::<Move>().unwrap(), m);
        assert!(matches!(
            "B1B4xD4".parse::<Move>(),
            Err(MoveError::Syntax { .. })
        ));
        assert!(matches!(
            "B1-B4xZ4".parse::<Move>(),
            Err(MoveError::Square { .. })
        ));
    }
}
