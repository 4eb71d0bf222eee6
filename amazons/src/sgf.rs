//! SGF game records for Amazons (FF\[4\] GM\[18\]).
//!
//! A point is two lowercase letters, the column (`a` = file A) then the row
//! (`a` = the **top** rank); a move concatenates its from, to and arrow
//! points, e.g. `;W[addgad]`. The root may set up the board with `AW`, `AB`
//! (queens) and `AA` (arrows) and the side to move with `PL`; without set-up
//! properties the game starts from the standard start of the size. `SZ` is
//! `SZ[n]` for a square board or `SZ[w:h]`. Only the main line (the first
//! variation at every branch) is read. See
//! <https://www.red-bean.com/sgf/amazons.html>.
//!
//! ```
//! use amazons::sgf;
//!
//! let game = sgf::read("(;FF[4]GM[18]SZ[5:6];W[bfbcdc])")?;
//! assert_eq!(game.moves[0].to_string(), "B1-B4xD4");
//! assert_eq!(sgf::read(&sgf::write(&game))?, game);
//! # Ok::<(), sgf::SgfError>(())
//! ```

use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::moves::{Move, MoveError};
use crate::position::{Position, PositionError, Setup};
use crate::size::Size;
use crate::square::Square;

/// A game record: a start position and the moves played from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// The position before the first move.
    pub start: Position,
    /// The moves, alternating from `start.to_move()`.
    pub moves: Vec<Move>,
}

impl Game {
    /// The position after all the moves.
    ///
    /// # Panics
    /// If a move is illegal, which [`read`] never lets through.
    pub fn final_position(&self) -> Position {
        let mut pos = self.start.clone();
        for &mv in &self.moves {
            pos.play(mv).expect("the moves of a game record are legal");
        }
        pos
    }
}

/// Why an SGF record could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SgfError {
    /// The text is not well-formed SGF.
    #[error("SGF syntax error at byte {offset}: {what}")]
    Syntax {
        /// Byte offset into the text.
        offset: usize,
        /// What was expected.
        what: &'static str,
    },
    /// Variations nested deeper than [`MAX_VARIATION_DEPTH`].
    #[error("SGF variations nested deeper than {limit} levels at byte {offset}")]
    TooDeep {
        /// Byte offset of the `(` one level too deep.
        offset: usize,
        /// The limit, [`MAX_VARIATION_DEPTH`].
        limit: usize,
    },
    /// `GM` is not 18 (Amazons).
    #[error("SGF game type GM[{found}] is not Amazons (GM[18])")]
    NotAmazons {
        /// The value of `GM`.
        found: String,
    },
    /// `SZ` is not `n` or `w:h` with sides from 1 to 10.
    #[error("SGF board size SZ[{text}] is not supported (sides from 1 to 10)")]
    BadSize {
        /// The value of `SZ`.
        text: String,
    },
    /// A point that is not two letters on the board.
    #[error("SGF point {text:?} is not on the board")]
    BadPoint {
        /// The point text.
        text: String,
    },
    /// A move value that is not three points.
    #[error("SGF move {number} [{text}] is not three points (from, to, arrow)")]
    BadMoveValue {
        /// The move number, from 1.
        number: usize,
        /// The value.
        text: String,
    },
    /// A move by the side not to move.
    #[error("SGF move {number} is by {found}, but {expected} is to move")]
    WrongColor {
        /// The move number, from 1.
        number: usize,
        /// The colour of the move.
        found: Color,
        /// The side to move.
        expected: Color,
    },
    /// An illegal move.
    #[error("SGF move {number} is illegal")]
    IllegalMove {
        /// The move number, from 1.
        number: usize,
        /// Why.
        #[source]
        source: MoveError,
    },
    /// The start position is invalid.
    #[error("SGF start position: {0}")]
    Position(#[from] PositionError),
    /// A `PL` value other than `W` or `B`.
    #[error("SGF PL[{text}] is not W or B")]
    BadPlayer {
        /// The value.
        text: String,
    },
}

/// How deeply variations may nest in a record (the reader descends once
/// per level, so this bounds its stack; a game of Amazons on 10x10 has at most
/// 92 moves).
pub const MAX_VARIATION_DEPTH: usize = 1000;

/// One node: its properties in order, each an identifier and its values.
type Node = Vec<(String, Vec<String>)>;

struct Parser<'a> {
    text: &'a [u8],
    pos: usize,
}

impl Parser<'_> {
    fn skip_ws(&mut self) {
        while self.pos < self.text.len() && self.text[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.skip_ws();
        self.text.get(self.pos).copied()
    }

    fn err(&self, what: &'static str) -> SgfError {
        SgfError::Syntax {
            offset: self.pos,
            what,
        }
    }

    fn expect(&mut self, byte: u8, what: &'static str) -> Result<(), SgfError> {
        if self.peek() == Some(byte) {
            self.pos += 1;
            Ok(())
        } else {
            Err(self.err(what))
        }
    }

    /// A game tree: `(` nodes, sub-trees `)`, `depth` levels inside the
    /// record. Returns the main line.
    fn game_tree(&mut self, line: &mut Vec<Node>, depth: usize) -> Result<(), SgfError> {
        if depth >= MAX_VARIATION_DEPTH {
            self.skip_ws();
            return Err(SgfError::TooDeep {
                offset: self.pos,
                limit: MAX_VARIATION_DEPTH,
            });
        }
        self.expect(b'(', "expected '('")?;
        while self.peek() == Some(b';') {
            self.pos += 1;
            line.push(self.node()?);
        }
        if line.is_empty() {
            return Err(self.err("expected ';' starting a node"));
        }
        let mut first = true;
        while self.peek() == Some(b'(') {
            if first {
                self.game_tree(line, depth + 1)?;
                first = false;
            } else {
                self.game_tree(&mut Vec::new(), depth + 1)?;
            }
        }
        self.expect(b')', "expected ')'")
    }

    fn node(&mut self) -> Result<Node, SgfError> {
        let mut node = Node::new();
        while let Some(c) = self.peek() {
            if !c.is_ascii_uppercase() {
                break;
            }
            let start = self.pos;
            while self.pos < self.text.len() && self.text[self.pos].is_ascii_uppercase() {
                self.pos += 1;
            }
            let ident = String::from_utf8_lossy(&self.text[start..self.pos]).into_owned();
            let mut values = Vec::new();
            while self.peek() == Some(b'[') {
                self.pos += 1;
                values.push(self.value()?);
            }
            if values.is_empty() {
                return Err(self.err("expected '[' after a property name"));
            }
            node.push((ident, values));
        }
        Ok(node)
    }

    fn value(&mut self) -> Result<String, SgfError> {
        let mut bytes = Vec::new();
        loop {
            match self.text.get(self.pos) {
                None => return Err(self.err("unterminated property value")),
                Some(b']') => {
                    self.pos += 1;
                    return Ok(String::from_utf8_lossy(&bytes).into_owned());
                }
                Some(b'\\') => {
                    if let Some(&c) = self.text.get(self.pos + 1) {
                        bytes.push(c);
                    }
                    self.pos += 2;
                }
                Some(&c) => {
                    bytes.push(c);
                    self.pos += 1;
                }
            }
        }
    }
}

fn point(text: &str, size: Size) -> Result<Square, SgfError> {
    let bad = || SgfError::BadPoint {
        text: text.to_owned(),
    };
    let b = text.as_bytes();
    if b.len() != 2 || !b[0].is_ascii_lowercase() || !b[1].is_ascii_lowercase() {
        return Err(bad());
    }
    let (col, row) = (b[0] - b'a', b[1] - b'a');
    if col >= size.width() || row >= size.height() {
        return Err(bad());
    }
    Square::new(col, size.height() - 1 - row).ok_or_else(bad)
}

fn point_text(sq: Square, size: Size) -> String {
    let col = (b'a' + sq.file()) as char;
    let row = (b'a' + (size.height() - 1 - sq.rank())) as char;
    format!("{col}{row}")
}

fn parse_size(text: &str) -> Result<Size, SgfError> {
    let bad = || SgfError::BadSize {
        text: text.to_owned(),
    };
    let (w, h) = match text.split_once(':') {
        Some((w, h)) => (w, h),
        None => (text, text),
    };
    let w: u8 = w.trim().parse().map_err(|_| bad())?;
    let h: u8 = h.trim().parse().map_err(|_| bad())?;
    Size::new(w, h).map_err(|_| bad())
}

/// Reads an SGF record (its first game, main line).
///
/// # Errors
/// An [`SgfError`] naming what is wrong; never panics.
pub fn read(text: &str) -> Result<Game, SgfError> {
    let mut parser = Parser {
        text: text.as_bytes(),
        pos: 0,
    };
    let mut line = Vec::new();
    parser.game_tree(&mut line, 0)?;
    let root = &line[0];
    let prop = |id: &str| root.iter().find(|(k, _)| k == id).map(|(_, v)| v);
    if let Some(gm) = prop("GM") {
        if gm[0].trim() != "18" {
            return Err(SgfError::NotAmazons {
                found: gm[0].clone(),
            });
        }
    }
    // The SGF default size for Amazons is 10, which is too large here.
    let size = parse_size(prop("SZ").map_or("10", |v| v[0].as_str()))?;
    let has_setup = ["AW", "AB", "AA", "AE"].iter().any(|id| prop(id).is_some());
    let mut setup = if has_setup {
        Setup {
            size,
            white: Bitboard::EMPTY,
            black: Bitboard::EMPTY,
            burnt: Bitboard::EMPTY,
            to_move: Color::White,
        }
    } else {
        Position::standard(size)?.to_setup()
    };
    let points = |values: &Vec<String>| -> Result<Bitboard, SgfError> {
        values.iter().map(|v| point(v, size)).collect()
    };
    if let Some(v) = prop("AW") {
        setup.white = points(v)?;
    }
    if let Some(v) = prop("AB") {
        setup.black = points(v)?;
    }
    if let Some(v) = prop("AA") {
        setup.burnt = points(v)?;
    }
    let moves_in = |node: &Node| -> Vec<(Color, String)> {
        node.iter()
            .filter_map(|(k, v)| match k.as_str() {
                "W" => Some((Color::White, v[0].clone())),
                "B" => Some((Color::Black, v[0].clone())),
                _ => None,
            })
            .collect()
    };
    let all_moves: Vec<(Color, String)> = line.iter().flat_map(moves_in).collect();
    setup.to_move = match prop("PL").map(|v| v[0].trim().to_ascii_uppercase()) {
        Some(p) if p == "W" => Color::White,
        Some(p) if p == "B" => Color::Black,
        Some(p) => return Err(SgfError::BadPlayer { text: p }),
        None => all_moves.first().map_or(Color::White, |m| m.0),
    };
    let start = Position::from_setup(setup)?;
    let mut pos = start.clone();
    let mut moves = Vec::with_capacity(all_moves.len());
    for (i, (color, value)) in all_moves.iter().enumerate() {
        let number = i + 1;
        if *color != pos.to_move() {
            return Err(SgfError::WrongColor {
                number,
                found: *color,
                expected: pos.to_move(),
            });
        }
        let value = value.trim();
        if value.len() != 6 || !value.is_ascii() {
            return Err(SgfError::BadMoveValue {
                number,
                text: value.to_owned(),
            });
        }
        let mv = Move::new(
            point(&value[0..2], size)?,
            point(&value[2..4], size)?,
            point(&value[4..6], size)?,
        );
        pos.play(mv)
            .map_err(|source| SgfError::IllegalMove { number, source })?;
        moves.push(mv);
    }
    Ok(Game { start, moves })
}

/// Writes `game` as SGF on one line: the root sets up the board explicitly
/// (`AW`, `AB`, `AA`, `PL`) so that any reader gets the same start.
pub fn write(game: &Game) -> String {
    let start = &game.start;
    let size = start.size();
    let mut s = String::from("(;FF[4]GM[18]");
    if size.width() == size.height() {
        s += &format!("SZ[{}]", size.width());
    } else {
        s += &format!("SZ[{}:{}]", size.width(), size.height());
    }
    // A board with no queen and no burnt square has no AW, AB or AA to
    // write: an AE of one of its (empty) squares marks it as a set-up, which
    // a record without set-up properties is not (it starts as standard).
    let empty = start.empty();
    let bare = empty.count() as usize == size.width() as usize * size.height() as usize;
    for (id, set) in [
        ("AW", start.queens(Color::White)),
        ("AB", start.queens(Color::Black)),
        ("AA", start.burnt()),
        (
            "AE",
            if bare {
                empty.into_iter().take(1).collect()
            } else {
                Bitboard::EMPTY
            },
        ),
    ] {
        if set.any() {
            s += id;
            for sq in set {
                s += &format!("[{}]", point_text(sq, size));
            }
        }
    }
    s += &format!("PL[{}]", start.to_move().letter().to_ascii_uppercase());
    let mut color = start.to_move();
    for mv in &game.moves {
        s += &format!(
            ";{}[{}{}{}]",
            color.letter().to_ascii_uppercase(),
            point_text(mv.from, size),
            point_text(mv.to, size),
            point_text(mv.arrow, size)
        );
        color = color.opposite();
    }
    s.push(')');
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_setup_and_moves() {
        // The move of the SGF spec example, `;W[addgad]`, on an 8x8 board
        // with a hand set-up: row `a` is the top rank (8).
        let text = "(;FF[4]GM[18]SZ[8]AW[ad]AB[hh]AA[bb];W[addgad]\n(;B[hhhgha])(;B[hhggfg]))";
        let game = read(text).unwrap();
        assert_eq!(game.moves.len(), 2);
        assert_eq!(game.moves[0].to_string(), "A5-D2xA5");
        assert_eq!(game.moves[1].to_string(), "H1-H2xH8");
        assert!(game.start.burnt().contains("B7".parse().unwrap()));
        let pos = game.final_position();
        assert_eq!(pos.burnt().count(), 3);
        assert_eq!(read(&write(&game)).unwrap(), game);
    }

    #[test]
    fn rejects_bad_records() {
        let cases = [
            ("(;GM[1]SZ[4])", "GM"),
            ("(;GM[18]SZ[12])", "SZ"),
            ("(;GM[18]SZ[4];W[aa])", "three points"),
            ("(;GM[18]SZ[4];W[abacad])", "illegal"),
            ("(;GM[18]SZ[4];W[bdbcbd];W[cdcccd])", "is by white"),
            ("(;GM[18]SZ[4]AW[zz])", "not on the board"),
            ("(;GM[18]SZ[4]", "syntax"),
            ("", "syntax"),
            ("(;GM[18]SZ[3])", "at least 4x4"),
        ];
        for (text, needle) in cases {
            let err = read(text).unwrap_err().to_string();
            assert!(err.contains(needle), "{text}: {err}");
        }
    }
}
