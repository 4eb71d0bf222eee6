//! Positions: the board, the queens, the burnt squares and the side to move.

use std::fmt;
use std::str::FromStr;

use crate::bitboard::{queen_attacks, Bitboard};
use crate::color::Color;
use crate::moves::{Move, MoveError};
use crate::size::{Size, SizeError};
use crate::square::Square;

/// Why a position (or a board size) is not valid.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// A board size that is not valid.
    #[error(transparent)]
    Size(#[from] SizeError),
    /// The standard start needs a board of at least 4x4.
    #[error("the standard start needs a board of at least 4x4, not {width}x{height}")]
    StartTooSmall {
        /// The width.
        width: u8,
        /// The height.
        height: u8,
    },
    /// The position text has no board.
    #[error("empty position text")]
    Empty,
    /// A rank of the position text has a different length from the first.
    #[error("rank {rank} has {found} squares, expected {expected}")]
    RankLength {
        /// The rank (from 1 at the bottom).
        rank: usize,
        /// The length of the first (top) rank.
        expected: usize,
        /// The length found.
        found: usize,
    },
    /// A character other than `.`, `W`, `B`, `x` on the board.
    #[error("unknown character {ch:?} on {square} (expected . W B x)")]
    UnknownCharacter {
        /// The character.
        ch: char,
        /// Where it stands, like `C3`.
        square: String,
    },
    /// The side to move is not `w` or `b`.
    #[error("bad side to move {text:?} (expected w or b)")]
    BadSideToMove {
        /// The text that was read.
        text: String,
    },
    /// A set-up square outside the board.
    #[error("square {square} is off the {size} board")]
    OffBoard {
        /// The square.
        square: Square,
        /// The board size.
        size: Size,
    },
    /// A set-up square given two contents.
    #[error("square {square} is given twice (queen, queen or burnt)")]
    Overlap {
        /// The square.
        square: Square,
    },
}

/// Unvalidated position contents; [`Position::from_setup`] checks them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The board size.
    pub size: Size,
    /// The white queens.
    pub white: Bitboard,
    /// The black queens.
    pub black: Bitboard,
    /// The burnt squares (arrows).
    pub burnt: Bitboard,
    /// The side to move.
    pub to_move: Color,
}

/// A valid Amazons position: queens and burnt squares on distinct squares of
/// the board, and the side to move. Any number of queens of either colour is
/// allowed (areas of a larger game have any number).
///
/// The text form lists the ranks from the top down, separated by `/`: `.`
/// empty, `W` white queen, `B` black queen, `x` burnt; then a space and `w`
/// or `b` for the side to move. The standard 4x4 start is
/// `.BB./B..B/W..W/.WW. w`.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    size: Size,
    mask: Bitboard,
    white: Bitboard,
    black: Bitboard,
    burnt: Bitboard,
    to_move: Color,
}

impl Position {
    /// Validates `setup`.
    ///
    /// # Errors
    /// [`PositionError::OffBoard`] or [`PositionError::Overlap`].
    pub fn from_setup(setup: Setup) -> Result<Position, PositionError> {
        let mask = setup.size.mask();
        let all = setup.white | setup.black | setup.burnt;
        if let Some(square) = (all - mask).first() {
            return Err(PositionError::OffBoard {
                square,
                size: setup.size,
            });
        }
        let twice =
            (setup.white & setup.black) | (setup.white & setup.burnt) | (setup.black & setup.burnt);
        if let Some(square) = twice.first() {
            return Err(PositionError::Overlap { square });
        }
        Ok(Position {
            size: setup.size,
            mask,
            white: setup.white,
            black: setup.black,
            burnt: setup.burnt,
            to_move: setup.to_move,
        })
    }

    /// Reads a position, or a size `WxH` meaning its standard start
    /// ([`Position::standard`]).
    ///
    /// # Errors
    /// [`PositionError`] for a malformed position or size, or a size too
    /// small for the standard start.
    pub fn parse_or_standard(text: &str) -> Result<Position, PositionError> {
        let looks_like_size = !text.contains(['/', '.', ' '])
            && text.contains(['x', 'X'])
            && text.chars().next().is_some_and(|c| c.is_ascii_digit());
        if looks_like_size {
            Position::standard(text.parse()?)
        } else {
            text.parse()
        }
    }

    /// The standard start of Song & Müller 2015 / issue 5 for a `WxH` board with
    /// `W, H >= 4`: White queens on (1,2), (2,1), (W-1,1), (W,2) (file,
    /// rank, from 1), Black's mirrored at the top: (1,H-1), (2,H), (W-1,H),
    /// (W,H-1). White to move. On 5x6: White A2 B1 D1 E2, Black A5 B6 D6 E5.
    ///
    /// On 10x10, the tournament start instead (the rules of the game as
    /// Zamkauskas published them in 1988): White A4 D1 G1 J4, Black A7 D10
    /// G10 J7, that is (1,4), (4,1), (7,1), (10,4) and Black's mirrored.
    ///
    /// # Errors
    /// [`PositionError::StartTooSmall`] if a side is below 4.
    pub fn standard(size: Size) -> Result<Position, PositionError> {
        let (w, h) = (size.width(), size.height());
        if w < 4 || h < 4 {
            return Err(PositionError::StartTooSmall {
                width: w,
                height: h,
            });
        }
        let at = |file: u8, rank: u8| Square::new(file - 1, rank - 1).expect("on a 10x10 board");
        // (a, b): the queens on files 1 and W go on rank a, the others on
        // files b and W + 1 - b of rank 1 (and mirrored for Black).
        let (a, b) = if (w, h) == (10, 10) { (4, 4) } else { (2, 2) };
        let white = [at(1, a), at(b, 1), at(w + 1 - b, 1), at(w, a)];
        let black = [
            at(1, h + 1 - a),
            at(b, h),
            at(w + 1 - b, h),
            at(w, h + 1 - a),
        ];
        Position::from_setup(Setup {
            size,
            white: white.into_iter().collect(),
            black: black.into_iter().collect(),
            burnt: Bitboard::EMPTY,
            to_move: Color::White,
        })
    }

    /// The contents as an unvalidated [`Setup`].
    pub fn to_setup(&self) -> Setup {
        Setup {
            size: self.size,
            white: self.white,
            black: self.black,
            burnt: self.burnt,
            to_move: self.to_move,
        }
    }

    /// The board size.
    #[inline]
    pub fn size(&self) -> Size {
        self.size
    }

    /// The squares of the board.
    #[inline]
    pub fn mask(&self) -> Bitboard {
        self.mask
    }

    /// The queens of `color`.
    #[inline]
    pub fn queens(&self, color: Color) -> Bitboard {
        match color {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }

    /// The queens of both colours.
    #[inline]
    pub fn all_queens(&self) -> Bitboard {
        self.white | self.black
    }

    /// The burnt squares.
    #[inline]
    pub fn burnt(&self) -> Bitboard {
        self.burnt
    }

    /// The empty squares.
    #[inline]
    pub fn empty(&self) -> Bitboard {
        self.mask - self.white - self.black - self.burnt
    }

    /// The side to move.
    #[inline]
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// The same position with `color` to move.
    pub fn with_to_move(&self, color: Color) -> Position {
        Position {
            to_move: color,
            ..self.clone()
        }
    }

    /// Whether the internal invariants hold: pieces on the board and on
    /// distinct squares.
    pub fn is_consistent(&self) -> bool {
        let all = self.white | self.black | self.burnt;
        self.mask == self.size.mask()
            && (all - self.mask).is_empty()
            && (self.white & self.black).is_empty()
            && ((self.white | self.black) & self.burnt).is_empty()
    }

    /// Checks that `mv` is legal for the side to move.
    ///
    /// # Errors
    /// The [`MoveError`] naming what is wrong.
    pub fn validate(&self, mv: Move) -> Result<(), MoveError> {
        for square in [mv.from, mv.to, mv.arrow] {
            if !self.size.contains(square) {
                return Err(MoveError::OffBoard { mv, square });
            }
        }
        if !self.queens(self.to_move).contains(mv.from) {
            return Err(MoveError::NoQueen {
                mv,
                side: self.to_move,
            });
        }
        let empty = self.empty();
        if !queen_attacks(mv.from, empty).contains(mv.to) {
            return Err(MoveError::QueenBlocked { mv });
        }
        let after = empty.with(mv.from).without(mv.to);
        if !queen_attacks(mv.to, after).contains(mv.arrow) {
            return Err(MoveError::ArrowBlocked { mv });
        }
        Ok(())
    }

    /// Reads a move and checks it is legal here.
    ///
    /// # Errors
    /// A [`MoveError`] if it does not parse or is illegal.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let mv: Move = text.parse()?;
        self.validate(mv)?;
        Ok(mv)
    }

    /// Plays `mv` after checking it.
    ///
    /// # Errors
    /// A [`MoveError`] if it is illegal; the position is then unchanged.
    pub fn play(&mut self, mv: Move) -> Result<(), MoveError> {
        self.validate(mv)?;
        self.play_unchecked(mv);
        Ok(())
    }

    /// Plays `mv`, which must be legal (checked only in debug builds).
    #[inline]
    pub fn play_unchecked(&mut self, mv: Move) {
        debug_assert_eq!(self.validate(mv), Ok(()));
        let queens = match self.to_move {
            Color::White => &mut self.white,
            Color::Black => &mut self.black,
        };
        *queens = queens.without(mv.from).with(mv.to);
        self.burnt = self.burnt.with(mv.arrow);
        self.to_move = self.to_move.opposite();
        debug_assert!(self.is_consistent());
    }

    /// Takes back `mv`, which must be the last move played.
    #[inline]
    pub fn undo(&mut self, mv: Move) {
        self.to_move = self.to_move.opposite();
        debug_assert!(self.burnt.contains(mv.arrow));
        debug_assert!(self.queens(self.to_move).contains(mv.to));
        self.burnt = self.burnt.without(mv.arrow);
        let queens = match self.to_move {
            Color::White => &mut self.white,
            Color::Black => &mut self.black,
        };
        *queens = queens.without(mv.to).with(mv.from);
        debug_assert!(self.is_consistent());
    }

    /// The text of the board alone (ranks from the top, `/` between them).
    pub fn board_text(&self) -> String {
        let mut s = String::new();
        for rank in (0..self.size.height()).rev() {
            for file in 0..self.size.width() {
                let sq = Square::new(file, rank).expect("on the board");
                s.push(if self.white.contains(sq) {
                    'W'
                } else if self.black.contains(sq) {
                    'B'
                } else if self.burnt.contains(sq) {
                    'x'
                } else {
                    '.'
                });
            }
            if rank > 0 {
                s.push('/');
            }
        }
        s
    }
}

impl fmt::Display for Position {
    /// The position text, e.g. `.BB./B..B/W..W/.WW. w`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.board_text(), self.to_move.letter())
    }
}

impl FromStr for Position {
    type Err = PositionError;

    /// Reads the position text. The side to move may be left out (as in
    /// `B....../W......`, a board given as a sum of subgames); it is then
    /// White, who moves first from a starting position.
    fn from_str(s: &str) -> Result<Position, PositionError> {
        let mut parts = s.split_whitespace();
        let board = parts.next().ok_or(PositionError::Empty)?;
        let to_move = match parts.next() {
            None => Color::White,
            Some("w" | "W") => Color::White,
            Some("b" | "B") => Color::Black,
            Some(text) => {
                return Err(PositionError::BadSideToMove {
                    text: text.to_owned(),
                })
            }
        };
        if let Some(extra) = parts.next() {
            return Err(PositionError::BadSideToMove {
                text: extra.to_owned(),
            });
        }
        let ranks: Vec<&str> = board.split('/').collect();
        let width = ranks[0].chars().count();
        let height = ranks.len();
        if width == 0 || width > usize::from(Size::MAX) || height > usize::from(Size::MAX) {
            return Err(SizeError::OutOfRange {
                width: width as u32,
                height: height as u32,
            }
            .into());
        }
        let size = Size::new(width as u8, height as u8)?;
        let mut setup = Setup {
            size,
            white: Bitboard::EMPTY,
            black: Bitboard::EMPTY,
            burnt: Bitboard::EMPTY,
            to_move,
        };
        for (row, text) in ranks.iter().enumerate() {
            let rank = (height - 1 - row) as u8;
            let found = text.chars().count();
            if found != width {
                return Err(PositionError::RankLength {
                    rank: usize::from(rank) + 1,
                    expected: width,
                    found,
                });
            }
            for (file, ch) in text.chars().enumerate() {
                let sq = Square::new(file as u8, rank).expect("size checked");
                match ch {
                    '.' => {}
                    'W' => setup.white = setup.white.with(sq),
                    'B' => setup.black = setup.black.with(sq),
                    'x' | 'X' => setup.burnt = setup.burnt.with(sq),
                    _ => {
                        return Err(PositionError::UnknownCharacter {
                            ch,
                            square: sq.to_string(),
                        })
                    }
                }
            }
        }
        Position::from_setup(setup)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_start_on_5x6_matches_the_issue() {
        // Issue 5: on 5x6, White A2 B1 D1 E2, Black A5 B6 D6 E5.
        let pos = Position::standard("5x6".parse().unwrap()).unwrap();
        let names = |b: Bitboard| b.squares().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(names(pos.queens(Color::White)), ["B1", "D1", "A2", "E2"]);
        assert_eq!(names(pos.queens(Color::Black)), ["A5", "E5", "B6", "D6"]);
        assert_eq!(pos.to_move(), Color::White);
        assert_eq!(pos.to_string(), ".B.B./B...B/...../...../W...W/.W.W. w");
    }

    #[test]
    fn text_round_trips_and_errors() {
        let text = ".x.B/W..x/..B. b";
        let pos: Position = text.parse().unwrap();
        assert_eq!(pos.to_string(), text);
        assert_eq!(pos.empty().count(), 7);
        assert!(matches!(
            "..../... w".parse::<Position>(),
            Err(PositionError::RankLength {
                rank: 1,
                expected: 4,
                found: 3
            })
        ));
        assert!(matches!(
            "..Q. w".parse::<Position>(),
            Err(PositionError::UnknownCharacter { ch: 'Q', .. })
        ));
        assert!(matches!(
            "........... w".parse::<Position>(),
            Err(PositionError::Size(SizeError::OutOfRange { width: 11, .. }))
        ));
        assert!(matches!(
            ".... q".parse::<Position>(),
            Err(PositionError::BadSideToMove { .. })
        ));
        assert!(Position::standard("3x5".parse().unwrap()).is_err());
    }

    #[test]
    fn setup_validation() {
        let size = "4x4".parse().unwrap();
        let a1 = Bitboard::from_square("A1".parse().unwrap());
        let e1 = Bitboard::from_square("E1".parse().unwrap());
        let base = Setup {
            size,
            white: a1,
            black: Bitboard::EMPTY,
            burnt: Bitboard::EMPTY,
            to_move: Color::White,
        };
        assert!(Position::from_setup(base.clone()).is_ok());
        let overlap = Setup {
            burnt: a1,
            ..base.clone()
        };
        assert!(matches!(
            Position::from_setup(overlap),
            Err(PositionError::Overlap { .. })
        ));
        let off = Setup { black: e1, ..base };
        assert!(matches!(
            Position::from_setup(off),
            Err(PositionError::OffBoard { .. })
        ));
    }

    #[test]
    fn play_and_undo() {
        // The move B1-B4xD4 quoted by Song & Müller 2015 for 5x6 is legal from the start.
        let start = Position::standard("5x6".parse().unwrap()).unwrap();
        let mut pos = start.clone();
        let mv = pos.parse_move("B1-B4xD4").unwrap();
        pos.play(mv).unwrap();
        // Rank 4 is the third from the top of six.
        assert_eq!(pos.to_string(), ".B.B./B...B/.W.x./...../W...W/...W. b");
        pos.undo(mv);
        assert_eq!(pos, start);
        // Not White's queen, blocked line, blocked arrow.
        assert!(matches!(
            start.parse_move("A5-A4xA3"),
            Err(MoveError::NoQueen { .. })
        ));
        assert!(matches!(
            start.parse_move("B1-B6xB5"),
            Err(MoveError::QueenBlocked { .. })
        ));
        assert!(matches!(
            start.parse_move("B1-C1xE1"),
            Err(MoveError::ArrowBlocked { .. })
        ));
        assert!(matches!(
            start.parse_move("B1-C1xF1"),
            Err(MoveError::OffBoard { .. })
        ));
    }
}
