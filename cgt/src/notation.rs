//! Parsing games in CGSuite notation.
//!
//! Grammar (whitespace may separate tokens, but not the parts of one
//! number-up-star literal):
//!
//! ```text
//! expr    := term (('+' | '-' | '+-' | '±') term)*      a '+-' between terms adds a switch: 3+-1 = {4|2}
//! term    := literal | '-' term | ('+-' | '±') switch | '{' game '}' | '(' expr ')'
//! switch  := '{' options '}'  (+-{a,b} = {a,b | -a,-b})  |  '{' game '}'  |  term
//! literal := ['-'] number [ups] [star] | ups [star] | star
//! number  := digits ['/' digits]                 a dyadic: the denominator a power of 2
//! ups     := '^'+ | '^' digits | 'v'+ | 'v' digits
//! star    := '*' [digits]
//! game    := options, separated by bars: the longest run of bars splits the
//!            game into Left and Right (it must occur once at its level); a
//!            side that contains bars is one option in slash notation
//! options := expr (',' expr)*  |  nothing
//! ```
//!
//! So `{3||2|1}` = `{3 | {2|1}}`, `^3` = `^^^`, `v2*` = `vv + *`,
//! `-1^^` = `-1 + ^^` (a minus sign directly before a digit belongs to the
//! number; `-(1^^)` = `-1vv`), and `+-1` = `{1|-1}`.

use thiserror::Error;

use crate::{Arena, CgtError, Dyadic, GameId, Nus};

/// How deeply braces, parentheses and prefix signs may nest in one game.
///
/// The parser descends one level per opening, so the limit bounds its
/// stack; deeper text is refused with [`ParseGameError::TooDeep`]. A game
/// whose canonical form is deeper than [`crate::arena::MAX_DEPTH`] is
/// refused when it is built, whatever its notation.
pub const MAX_NESTING: usize = 1000;

/// A malformed game. Columns count characters from 1.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseGameError {
    /// A character that cannot stand where it is.
    #[error("at column {column}: unexpected '{found}', expected {expected}")]
    Unexpected {
        /// The offending character.
        found: char,
        /// Its column (1-based, in characters).
        column: usize,
        /// What could have stood there.
        expected: &'static str,
    },
    /// The text ended too early.
    #[error("at column {column}: unexpected end of input, expected {expected}")]
    UnexpectedEnd {
        /// The column just past the end.
        column: usize,
        /// What was still needed.
        expected: &'static str,
    },
    /// The same longest run of bars twice at one level, as in `{3|2|1}`.
    #[error("at column {column}: ambiguous slashes: '{bars}' occurs twice at the same level")]
    AmbiguousSlashes {
        /// The column of the second run.
        column: usize,
        /// The run of bars.
        bars: String,
    },
    /// A number that is not a dyadic rational or is out of range.
    #[error("at column {column}: {reason}")]
    BadNumber {
        /// The column where the number starts.
        column: usize,
        /// What is wrong with it.
        reason: String,
    },
    /// Braces, parentheses and signs nested deeper than [`MAX_NESTING`].
    #[error("at column {column}: nested deeper than {limit} levels")]
    TooDeep {
        /// The column of the opening that goes one level too deep.
        column: usize,
        /// The limit, [`MAX_NESTING`].
        limit: usize,
    },
    /// The game is well formed but its value is out of range.
    #[error("at column {column}: {source}")]
    Arithmetic {
        /// The column of the operation.
        column: usize,
        /// The arithmetic error.
        source: CgtError,
    },
}

impl ParseGameError {
    /// The column (1-based, in characters) the error points at.
    pub fn column(&self) -> usize {
        match self {
            ParseGameError::Unexpected { column, .. }
            | ParseGameError::UnexpectedEnd { column, .. }
            | ParseGameError::AmbiguousSlashes { column, .. }
            | ParseGameError::BadNumber { column, .. }
            | ParseGameError::TooDeep { column, .. }
            | ParseGameError::Arithmetic { column, .. } => *column,
        }
    }
}

impl Arena {
    /// Parses a game in CGSuite notation (see the [module docs](crate::notation))
    /// and returns its canonical form.
    ///
    /// ```
    /// use cgt::{Arena, ParseGameError};
    /// let mut arena = Arena::new();
    /// let g = arena.parse("{0,*|0,*}").unwrap();
    /// assert_eq!(arena.to_string(g), "*2");
    /// let err = arena.parse("{1|2}}").unwrap_err();
    /// assert_eq!(err.column(), 6);
    /// assert_eq!(err.to_string(), "at column 6: unexpected '}', expected '+', '-' or the end of the game");
    /// ```
    pub fn parse(&mut self, text: &str) -> Result<GameId, ParseGameError> {
        // The syntax first, without values (a long sum that ends in a
        // syntax error is refused at once), then the values.
        let chars: Vec<char> = text.chars().collect();
        for values in [false, true] {
            let mut p = Parser {
                chars: &chars,
                pos: 0,
                depth: 0,
                arena: self,
                values,
            };
            let g = p.expr()?;
            p.skip_ws();
            if let Some(c) = p.peek() {
                return Err(p.unexpected(c, "'+', '-' or the end of the game"));
            }
            if values {
                return Ok(g);
            }
        }
        unreachable!("the second pass returns")
    }
}

/// One element inside braces.
enum Item {
    Game(GameId),
    Comma(usize),
    Bars(usize, usize),
}

struct Parser<'a> {
    chars: &'a [char],
    pos: usize,
    /// Openings (braces, parentheses, prefix signs) the parser is inside.
    depth: usize,
    arena: &'a mut Arena,
    /// Whether games are built; without, every game reads as 0 (a syntax
    /// check).
    values: bool,
}

impl Parser<'_> {
    fn add(&mut self, g: GameId, h: GameId, column: usize) -> Result<GameId, ParseGameError> {
        if !self.values {
            return Ok(g);
        }
        self.arena.add(g, h).map_err(Self::arith(column))
    }

    fn neg(&mut self, g: GameId) -> GameId {
        if !self.values {
            return g;
        }
        self.arena.neg(g)
    }

    fn new_game(
        &mut self,
        left: &[GameId],
        right: &[GameId],
        column: usize,
    ) -> Result<GameId, ParseGameError> {
        if !self.values {
            return Ok(self.arena.zero());
        }
        self.arena
            .new_game(left, right)
            .map_err(Self::arith(column))
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn peek_at(&self, offset: usize) -> Option<char> {
        self.chars.get(self.pos + offset).copied()
    }

    fn column(&self) -> usize {
        self.pos + 1
    }

    fn skip_ws(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.pos += 1;
        }
    }

    fn unexpected(&self, found: char, expected: &'static str) -> ParseGameError {
        ParseGameError::Unexpected {
            found,
            column: self.column(),
            expected,
        }
    }

    fn end(&self, expected: &'static str) -> ParseGameError {
        ParseGameError::UnexpectedEnd {
            column: self.column(),
            expected,
        }
    }

    fn arith(column: usize) -> impl Fn(CgtError) -> ParseGameError {
        move |source| ParseGameError::Arithmetic { column, source }
    }

    fn expr(&mut self) -> Result<GameId, ParseGameError> {
        let mut acc = self.term()?;
        loop {
            self.skip_ws();
            let column = self.column();
            match self.peek() {
                Some('+') if self.peek_at(1) == Some('-') => {
                    self.pos += 2;
                    let t = self.switch()?;
                    acc = self.add(acc, t, column)?;
                }
                Some('±') => {
                    self.pos += 1;
                    let t = self.switch()?;
                    acc = self.add(acc, t, column)?;
                }
                Some('+') => {
                    self.pos += 1;
                    let t = self.term()?;
                    acc = self.add(acc, t, column)?;
                }
                Some('-') => {
                    self.pos += 1;
                    let t = self.term()?;
                    let t = self.neg(t);
                    acc = self.add(acc, t, column)?;
                }
                _ => return Ok(acc),
            }
        }
    }

    /// Runs `parse` one nesting level deeper, or fails at the limit.
    fn nested<T>(
        &mut self,
        parse: impl FnOnce(&mut Self) -> Result<T, ParseGameError>,
    ) -> Result<T, ParseGameError> {
        if self.depth >= MAX_NESTING {
            return Err(ParseGameError::TooDeep {
                column: self.column(),
                limit: MAX_NESTING,
            });
        }
        self.depth += 1;
        let result = parse(self);
        self.depth -= 1;
        result
    }

    fn term(&mut self) -> Result<GameId, ParseGameError> {
        self.skip_ws();
        let Some(c) = self.peek() else {
            return Err(self.end("a game"));
        };
        match c {
            '-' if self.peek_at(1).is_some_and(|d| d.is_ascii_digit()) => self.literal(),
            '-' => {
                self.pos += 1;
                let t = self.nested(Self::term)?;
                Ok(self.neg(t))
            }
            '+' if self.peek_at(1) == Some('-') => {
                self.pos += 2;
                self.nested(Self::switch)
            }
            '±' => {
                self.pos += 1;
                self.nested(Self::switch)
            }
            '{' => self.braced_game(),
            '(' => {
                self.pos += 1;
                let g = self.nested(Self::expr)?;
                self.skip_ws();
                match self.peek() {
                    Some(')') => {
                        self.pos += 1;
                        Ok(g)
                    }
                    Some(c) => Err(self.unexpected(c, "')'")),
                    None => Err(self.end("')'")),
                }
            }
            c if c.is_ascii_digit() || c == '^' || c == 'v' || c == '*' => self.literal(),
            c => Err(self.unexpected(c, "a game")),
        }
    }

    /// After `+-`: `{a,b}` (a list), `{game}`, or any term.
    fn switch(&mut self) -> Result<GameId, ParseGameError> {
        self.skip_ws();
        let column = self.column();
        let options = if self.peek() == Some('{') {
            let items = self.braced_items()?;
            if items.iter().any(|i| matches!(i, Item::Bars(..))) {
                vec![self.build_game(&items, column, self.column() - 1)?]
            } else {
                self.build_list(&items, self.column() - 1)?
            }
        } else {
            vec![self.term()?]
        };
        let negatives: Vec<GameId> = options.iter().map(|&o| self.neg(o)).collect();
        self.new_game(&options, &negatives, column)
    }

    fn braced_game(&mut self) -> Result<GameId, ParseGameError> {
        let column = self.column();
        let items = self.braced_items()?;
        if !items.iter().any(|i| matches!(i, Item::Bars(..))) {
            // The closing brace is where a bar was needed.
            let close = self.pos;
            return Err(ParseGameError::Unexpected {
                found: '}',
                column: close,
                expected: "'|' (a game needs Left and Right sides)",
            });
        }
        self.build_game(&items, column, self.column() - 1)
    }

    /// Reads `{ ... }` into options and separators, one nesting level
    /// deeper.
    fn braced_items(&mut self) -> Result<Vec<Item>, ParseGameError> {
        self.nested(Self::braced_items_inner)
    }

    fn braced_items_inner(&mut self) -> Result<Vec<Item>, ParseGameError> {
        debug_assert_eq!(self.peek(), Some('{'));
        self.pos += 1;
        let mut items = Vec::new();
        loop {
            self.skip_ws();
            match self.peek() {
                None => return Err(self.end("'}'")),
                Some('}') => {
                    self.pos += 1;
                    return Ok(items);
                }
                Some(',') => {
                    items.push(Item::Comma(self.column()));
                    self.pos += 1;
                }
                Some('|') => {
                    let column = self.column();
                    let mut n = 0;
                    while self.peek() == Some('|') {
                        n += 1;
                        self.pos += 1;
                    }
                    items.push(Item::Bars(n, column));
                }
                Some(_) => {
                    if let Some(Item::Game(_)) = items.last() {
                        let c = self.peek().unwrap_or(' ');
                        return Err(self.unexpected(c, "',', '|' or '}'"));
                    }
                    let g = self.expr()?;
                    items.push(Item::Game(g));
                }
            }
        }
    }

    /// A game from items with at least one run of bars; `column` is where it
    /// starts and `end_column` the column of the character that ends it.
    fn build_game(
        &mut self,
        items: &[Item],
        column: usize,
        end_column: usize,
    ) -> Result<GameId, ParseGameError> {
        let max = items
            .iter()
            .filter_map(|i| match i {
                Item::Bars(n, _) => Some(*n),
                _ => None,
            })
            .max()
            .expect("a game has bars");
        let mut split = None;
        for (k, item) in items.iter().enumerate() {
            if let Item::Bars(n, c) = item {
                if *n == max {
                    if split.is_some() {
                        return Err(ParseGameError::AmbiguousSlashes {
                            column: *c,
                            bars: "|".repeat(max),
                        });
                    }
                    split = Some((k, *c));
                }
            }
        }
        let (k, bar_column) = split.expect("the longest run exists");
        let left = self.build_side(&items[..k], bar_column)?;
        let right = self.build_side(&items[k + 1..], end_column)?;
        self.new_game(&left, &right, column)
    }

    /// One side of a game: one option in slash notation if it has bars, else
    /// a comma-separated list. `end_column` is the column of the character
    /// that ends the side (for errors).
    fn build_side(
        &mut self,
        items: &[Item],
        end_column: usize,
    ) -> Result<Vec<GameId>, ParseGameError> {
        if items.iter().any(|i| matches!(i, Item::Bars(..))) {
            let column = match items.first() {
                Some(Item::Comma(c) | Item::Bars(_, c)) => *c,
                _ => end_column,
            };
            return Ok(vec![self.build_game(items, column, end_column)?]);
        }
        self.build_list(items, end_column)
    }

    /// `a, b, c` or nothing.
    fn build_list(
        &mut self,
        items: &[Item],
        end_column: usize,
    ) -> Result<Vec<GameId>, ParseGameError> {
        let mut out = Vec::new();
        let mut expect_option = true;
        for item in items {
            match (item, expect_option) {
                (Item::Game(g), true) => {
                    out.push(*g);
                    expect_option = false;
                }
                (Item::Comma(_), false) => expect_option = true,
                (Item::Comma(c), true) => {
                    return Err(ParseGameError::Unexpected {
                        found: ',',
                        column: *c,
                        expected: "an option",
                    })
                }
                (Item::Game(_), false) | (Item::Bars(..), _) => {
                    unreachable!("games are separated and lists have no bars")
                }
            }
        }
        if expect_option && !out.is_empty() {
            // A trailing comma: the option after it is missing.
            return Err(ParseGameError::Unexpected {
                found: self.chars.get(end_column - 1).copied().unwrap_or('}'),
                column: end_column,
                expected: "an option after ','",
            });
        }
        Ok(out)
    }

    fn digits(&mut self) -> String {
        let start = self.pos;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.pos += 1;
        }
        self.chars[start..self.pos].iter().collect()
    }

    /// `['-'] number [ups] [star] | ups [star] | star`.
    fn literal(&mut self) -> Result<GameId, ParseGameError> {
        let column = self.column();
        let mut number = Dyadic::ZERO;
        if self.peek() == Some('-') || self.peek().is_some_and(|c| c.is_ascii_digit()) {
            let mut text = String::new();
            if self.peek() == Some('-') {
                self.pos += 1;
                text.push('-');
            }
            text.push_str(&self.digits());
            if self.peek() == Some('/') && self.peek_at(1).is_some_and(|c| c.is_ascii_digit()) {
                self.pos += 1;
                text.push('/');
                text.push_str(&self.digits());
            }
            number = text.parse().map_err(|e| ParseGameError::BadNumber {
                column,
                reason: format!("bad number {text}: {e}"),
            })?;
        }
        let mut ups: i64 = 0;
        if let Some(arrow @ ('^' | 'v')) = self.peek() {
            let sign = if arrow == '^' { 1 } else { -1 };
            let mut run = 0i64;
            while self.peek() == Some(arrow) {
                run += 1;
                self.pos += 1;
            }
            if self.peek().is_some_and(|c| c.is_ascii_digit()) {
                if run > 1 {
                    let c = self.peek().unwrap_or(' ');
                    return Err(self
                        .unexpected(c, "'*' or the end of the value (write ^3 or ^^^, not ^^3)"));
                }
                let count_column = self.column();
                let digits = self.digits();
                run = digits.parse().map_err(|_| ParseGameError::BadNumber {
                    column: count_column,
                    reason: format!("up multiple {digits} is out of range"),
                })?;
            }
            ups = sign * run;
        }
        let mut nimber = 0u32;
        if self.peek() == Some('*') {
            self.pos += 1;
            nimber = 1;
            if self.peek().is_some_and(|c| c.is_ascii_digit()) {
                let nim_column = self.column();
                let digits = self.digits();
                nimber = digits.parse().map_err(|_| ParseGameError::BadNumber {
                    column: nim_column,
                    reason: format!("nimber *{digits} is out of range"),
                })?;
            }
        }
        let ups = i32::try_from(ups).map_err(|_| ParseGameError::BadNumber {
            column,
            reason: "up multiple is out of range".to_string(),
        })?;
        let nus = Nus::new(number, ups, nimber).map_err(Self::arith(column))?;
        Ok(self.arena.from_nus(nus))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn canon(s: &str) -> String {
        let mut a = Arena::new();
        let g = a.parse(s).unwrap_or_else(|e| panic!("{s}: {e}"));
        a.to_string(g)
    }

    fn err(s: &str) -> ParseGameError {
        Arena::new().parse(s).unwrap_err()
    }

    /// The syntax is checked before any value is computed: a long sum that
    /// ends in a syntax error is a syntax error even when no sum may be
    /// computed at all.
    #[test]
    fn syntax_before_values() {
        let mut a = Arena::new();
        a.set_limits(
            crate::search::Limits {
                nodes: Some(0),
                time: None,
            },
            None,
        );
        let err = a.parse("+-1 + +-2 + +-3 + {1|").unwrap_err();
        assert!(
            matches!(err, ParseGameError::UnexpectedEnd { column: 22, .. }),
            "{err:?}"
        );
        let err = a.parse("+-1 + +-2 + +-3").unwrap_err();
        assert!(
            matches!(
                err,
                ParseGameError::Arithmetic {
                    source: CgtError::LimitReached {
                        limit: crate::budget::Limit::Nodes,
                        ..
                    },
                    ..
                }
            ),
            "{err:?}"
        );
    }

    #[test]
    fn literals() {
        assert_eq!(canon("0"), "0");
        assert_eq!(canon("-3/4"), "-3/4");
        assert_eq!(canon("^^^"), "^3");
        assert_eq!(canon("^3"), "^3");
        assert_eq!(canon("vv*"), "v2*");
        assert_eq!(canon("3^*"), "3^*");
        assert_eq!(canon("-1^^"), "-1^2");
        assert_eq!(canon("-(1^^)"), "-1v2");
        assert_eq!(canon("*"), "*");
        assert_eq!(canon("*3"), "*3");
        assert_eq!(canon("+-1"), "+-1");
        assert_eq!(canon("±1"), "+-1");
        // CGSuite EvalTest: "Ups" ^^^^^^+vvv*+^19*3+v14 = ^8*2.
        assert_eq!(canon("^^^^^^+vvv*+^19*3+v14"), "^8*2");
    }

    #[test]
    fn errors_name_the_column() {
        let e = err("{1|2}}");
        assert_eq!(e.column(), 6);
        let e = err("{3|2|1}");
        assert!(
            matches!(e, ParseGameError::AmbiguousSlashes { column: 5, .. }),
            "{e}"
        );
        let e = err("{1,|0}");
        assert_eq!(e.column(), 4, "{e}");
        let e = err("{,1|0}");
        assert_eq!(e.column(), 2, "{e}");
        let e = err("1/3");
        assert!(
            matches!(e, ParseGameError::BadNumber { column: 1, .. }),
            "{e}"
        );
        let e = err("{1|0");
        assert!(
            matches!(e, ParseGameError::UnexpectedEnd { column: 5, .. }),
            "{e}"
        );
        let e = err("");
        assert!(
            matches!(e, ParseGameError::UnexpectedEnd { column: 1, .. }),
            "{e}"
        );
        let e = err("{1 2|0}");
        assert_eq!(e.column(), 4, "{e}");
        let e = err("{1|0} x");
        assert_eq!(e.column(), 7, "{e}");
        let e = err("{1}");
        assert_eq!(e.column(), 3, "{e}");
        let e = err("^^3");
        assert_eq!(e.column(), 3, "{e}");
        let e = err("99999999999999999999");
        assert!(
            matches!(e, ParseGameError::BadNumber { column: 1, .. }),
            "{e}"
        );
    }
}
