//! Strings-and-Coins graphs (Berlekamp, "The Dots and Boxes Game", 2000,
//! ch. 1; "Winning Ways", ch. 16): the dual of a Dots-and-Boxes position.
//!
//! Every unfinished box is a coin, every undrawn edge a string; a string
//! joins the coins of the boxes on its two sides, or a coin to the ground
//! when the edge is on the border. Drawing an edge cuts its string; a coin
//! whose last string is cut is captured.
//!
//! ```text
//! +---+---+      the empty 2x1 board       G     G
//! |   |   |      as Strings-and-Coins:     |     |
//! +---+---+                            G - 0 --- 1 - G
//!                                          |     |
//!                                          G     G
//! ```
//!
//! # Text format
//!
//! A list of strings separated by commas and/or white space; each string is
//! `A-B` where `A` and `B` are coin numbers (0 to 253) or `G` (the ground).
//! The coins are the numbers named; a coin named by no string does not
//! exist (it has been captured). The empty 2x1 board above is
//! `0-G 0-G 0-G 0-1 1-G 1-G 1-G`. A string from the ground to the ground is
//! allowed (cutting it captures nothing); a string from a coin to itself is
//! not.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::{Edge, Position};

/// Most coins a graph may have (coin numbers 0 to 253).
pub const MAX_COINS: usize = 254;

/// Most strings a graph may have (as many as a 5x5 board's edges and more;
/// values of large graphs take exponential time anyway).
pub const MAX_STRINGS: usize = 128;

/// One end of a string.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum End {
    /// The ground (the outside of the board).
    Ground,
    /// A coin, by number.
    Coin(u8),
}

impl fmt::Display for End {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            End::Ground => f.write_str("G"),
            End::Coin(c) => write!(f, "{c}"),
        }
    }
}

/// Why a Strings-and-Coins text was refused. `index` is the 1-based
/// position of the string in the list.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseStringsError {
    /// A string that is not of the form `A-B`.
    #[error("string {index} {text:?} is malformed (expected A-B with coin numbers or G)")]
    MalformedString {
        /// 1-based position in the list.
        index: usize,
        /// The text given.
        text: String,
    },
    /// An end that is neither `G` nor a coin number in range.
    #[error("string {index}: end {text:?} is not G or a coin number from 0 to 253")]
    BadEnd {
        /// 1-based position in the list.
        index: usize,
        /// The text given.
        text: String,
    },
    /// A string from a coin to itself.
    #[error("string {index} joins coin {coin} to itself")]
    SelfLoop {
        /// 1-based position in the list.
        index: usize,
        /// The coin.
        coin: u8,
    },
    /// More coins than [`MAX_COINS`] (in a union of graphs).
    #[error("{count} coins (at most {max})", max = MAX_COINS)]
    TooManyCoins {
        /// How many coins there would be.
        count: usize,
    },
    /// More strings than [`MAX_STRINGS`].
    #[error("{count} strings (at most {max})", max = MAX_STRINGS)]
    TooManyStrings {
        /// How many strings were given.
        count: usize,
    },
}

/// A Strings-and-Coins position: coins `0..num_coins` and strings between
/// two coins, a coin and the ground, or the ground and the ground. Coins
/// with no string are captured and play no part.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct StringsAndCoins {
    num_coins: usize,
    strings: Vec<[End; 2]>,
}

impl StringsAndCoins {
    /// A graph from its strings.
    ///
    /// # Errors
    /// [`ParseStringsError::SelfLoop`] or [`ParseStringsError::TooManyStrings`]
    /// (indices in the errors are 1-based positions in `strings`).
    pub fn new(strings: Vec<[End; 2]>) -> Result<StringsAndCoins, ParseStringsError> {
        if strings.len() > MAX_STRINGS {
            return Err(ParseStringsError::TooManyStrings {
                count: strings.len(),
            });
        }
        let mut num_coins = 0;
        for (i, s) in strings.iter().enumerate() {
            if let [End::Coin(a), End::Coin(b)] = *s {
                if a == b {
                    return Err(ParseStringsError::SelfLoop {
                        index: i + 1,
                        coin: a,
                    });
                }
            }
            for end in s {
                if let End::Coin(c) = *end {
                    num_coins = num_coins.max(usize::from(c) + 1);
                }
            }
        }
        Ok(StringsAndCoins { num_coins, strings })
    }

    /// The Strings-and-Coins dual of a Dots position: coin `k` is the
    /// `k`-th unfinished box in box order (`row * width + col`), string `i`
    /// is the `i`-th undrawn edge in increasing edge order (see
    /// [`StringsAndCoins::position_edges`]).
    pub fn from_position(pos: &Position) -> StringsAndCoins {
        let board = pos.board();
        let drawn = pos.edges();
        let mut coin_of = vec![u8::MAX; board.num_boxes()];
        let mut num_coins = 0u8;
        for (b, slot) in coin_of.iter_mut().enumerate() {
            if !board.box_edges(b).iter().all(|&e| drawn.contains(e)) {
                *slot = num_coins;
                num_coins += 1;
            }
        }
        let strings = pos
            .legal_moves()
            .iter()
            .map(|e| {
                board.edge_boxes(e).map(|side| match side {
                    // An undrawn edge never borders a finished box.
                    Some(b) => End::Coin(coin_of[b]),
                    None => End::Ground,
                })
            })
            .collect();
        StringsAndCoins {
            num_coins: usize::from(num_coins),
            strings,
        }
    }

    /// The edges of `pos` that the strings of
    /// [`StringsAndCoins::from_position`] stand for, in string order.
    pub fn position_edges(pos: &Position) -> Vec<Edge> {
        pos.legal_moves().iter().collect()
    }

    /// One more than the highest coin number (coins without strings
    /// included).
    pub fn num_coins(&self) -> usize {
        self.num_coins
    }

    /// The strings, each as its two ends.
    pub fn strings(&self) -> &[[End; 2]] {
        &self.strings
    }

    /// The connected components (coins joined by strings; the ground joins
    /// nothing): the indices of their strings, increasing, components in
    /// the order of their lowest string. A string from the ground to the
    /// ground is a component of its own.
    pub fn components(&self) -> Vec<Vec<usize>> {
        let mut parent: Vec<usize> = (0..self.num_coins).collect();
        fn find(parent: &mut [usize], mut x: usize) -> usize {
            while parent[x] != x {
                parent[x] = parent[parent[x]];
                x = parent[x];
            }
            x
        }
        for s in &self.strings {
            if let [End::Coin(a), End::Coin(b)] = *s {
                let (ra, rb) = (find(&mut parent, a.into()), find(&mut parent, b.into()));
                parent[ra] = rb;
            }
        }
        let mut roots: Vec<Option<usize>> = Vec::new();
        let mut out: Vec<Vec<usize>> = Vec::new();
        for (i, s) in self.strings.iter().enumerate() {
            let root = s.iter().find_map(|e| match *e {
                End::Coin(c) => Some(find(&mut parent, c.into())),
                End::Ground => None,
            });
            match root.and_then(|r| roots.iter().position(|&x| x == Some(r))) {
                Some(k) => out[k].push(i),
                None => {
                    roots.push(root);
                    out.push(vec![i]);
                }
            }
        }
        out
    }

    /// The graph with string `index` cut, and the number of coins that cut
    /// captures (coins left with no string).
    ///
    /// # Panics
    /// If `index` is not below the number of strings.
    pub fn cut(&self, index: usize) -> (StringsAndCoins, usize) {
        let mut strings = self.strings.clone();
        let cut = strings.remove(index);
        // Strings never join a coin to itself, so the two ends differ.
        let captured = cut
            .iter()
            .filter(|end| matches!(end, End::Coin(_)) && !strings.iter().any(|s| s.contains(end)))
            .count();
        let next = StringsAndCoins {
            num_coins: self.num_coins,
            strings,
        };
        (next, captured)
    }

    /// The union of two graphs (a sum of positions): the coins of `other`
    /// are renumbered after those of `self`.
    ///
    /// # Errors
    /// [`ParseStringsError::TooManyCoins`] if the union has more than
    /// [`MAX_COINS`] coins, [`ParseStringsError::TooManyStrings`] if more
    /// than [`MAX_STRINGS`] strings.
    pub fn union(&self, other: &StringsAndCoins) -> Result<StringsAndCoins, ParseStringsError> {
        if self.num_coins + other.num_coins > MAX_COINS {
            return Err(ParseStringsError::TooManyCoins {
                count: self.num_coins + other.num_coins,
            });
        }
        let shift = self.num_coins as u8;
        let mut strings = self.strings.clone();
        strings.extend(other.strings.iter().map(|s| {
            s.map(|e| match e {
                End::Ground => End::Ground,
                End::Coin(c) => End::Coin(c + shift),
            })
        }));
        let mut g = StringsAndCoins::new(strings)?;
        g.num_coins = self.num_coins + other.num_coins;
        Ok(g)
    }
}

impl fmt::Display for StringsAndCoins {
    /// The text format: `A-B` strings separated by spaces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, [a, b]) in self.strings.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{a}-{b}")?;
        }
        Ok(())
    }
}

impl FromStr for StringsAndCoins {
    type Err = ParseStringsError;

    /// Reads the text format (see the module docs).
    fn from_str(text: &str) -> Result<StringsAndCoins, ParseStringsError> {
        let items: Vec<&str> = text
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|s| !s.is_empty())
            .collect();
        if items.len() > MAX_STRINGS {
            return Err(ParseStringsError::TooManyStrings { count: items.len() });
        }
        let mut strings = Vec::with_capacity(items.len());
        for (i, item) in items.iter().enumerate() {
            let index = i + 1;
            let (a, b) =
                item.split_once('-')
                    .ok_or_else(|| ParseStringsError::MalformedString {
                        index,
                        text: item.to_string(),
                    })?;
            let end = |t: &str| -> Result<End, ParseStringsError> {
                if t.eq_ignore_ascii_case("g") {
                    return Ok(End::Ground);
                }
                match t.parse::<u8>() {
                    Ok(c)
                        if usize::from(c) < MAX_COINS && t.bytes().all(|b| b.is_ascii_digit()) =>
                    {
                        Ok(End::Coin(c))
                    }
                    _ => Err(ParseStringsError::BadEnd {
                        index,
                        text: t.to_string(),
                    }),
                }
            };
            strings.push([end(a)?, end(b)?]);
        }
        StringsAndCoins::new(strings)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dual_of_the_empty_two_by_one_board() {
        // 2x1 edges (ARCHITECTURE.md numbering): 0, 1 top, 2, 3 bottom,
        // 4, 5, 6 vertical; edge 5 lies between the two boxes.
        let pos: Position = "2x1".parse().unwrap();
        let g = StringsAndCoins::from_position(&pos);
        assert_eq!(g.to_string(), "G-0 G-1 0-G 1-G G-0 0-1 1-G");
        let again: StringsAndCoins = g.to_string().parse().unwrap();
        assert_eq!(again, g);
        // A drawn box side is no string; a finished box is no coin.
        let pos: Position = "2x1:0,2,4,5".parse().unwrap();
        let g = StringsAndCoins::from_position(&pos);
        assert_eq!(g.num_coins(), 1);
        assert_eq!(g.to_string(), "G-0 0-G 0-G");
    }

    #[test]
    fn components_split_at_the_ground() {
        let g: StringsAndCoins = "0-G 1-2 G-G 0-G 2-G 3-1 G-G".parse().unwrap();
        assert_eq!(
            g.components(),
            vec![vec![0, 3], vec![1, 4, 5], vec![2], vec![6]]
        );
    }

    #[test]
    fn cutting_counts_captures() {
        let g: StringsAndCoins = "0-1, 1-G\t1-G".parse().unwrap();
        assert_eq!(g.cut(0).1, 1);
        assert_eq!(g.cut(1).1, 0);
        let g: StringsAndCoins = "0-1".parse().unwrap();
        assert_eq!(g.cut(0).1, 2);
        let g: StringsAndCoins = "G-G 0-G".parse().unwrap();
        assert_eq!(g.cut(0).1, 0);
    }

    #[test]
    fn bad_text_names_the_string() {
        let err = "0-1 1G".parse::<StringsAndCoins>().unwrap_err();
        assert_eq!(
            err,
            ParseStringsError::MalformedString {
                index: 2,
                text: "1G".into()
            }
        );
        assert!(err.to_string().contains("string 2"));
        let err = "0-1 1-254".parse::<StringsAndCoins>().unwrap_err();
        assert!(matches!(err, ParseStringsError::BadEnd { index: 2, .. }));
        let err = "0-1 +1-G".parse::<StringsAndCoins>().unwrap_err();
        assert!(matches!(err, ParseStringsError::BadEnd { index: 2, .. }));
        let err = "3-3".parse::<StringsAndCoins>().unwrap_err();
        assert_eq!(err, ParseStringsError::SelfLoop { index: 1, coin: 3 });
        let many = vec!["0-G"; MAX_STRINGS + 1].join(" ");
        assert!(matches!(
            many.parse::<StringsAndCoins>(),
            Err(ParseStringsError::TooManyStrings { .. })
        ));
        assert_eq!("".parse::<StringsAndCoins>().unwrap().strings().len(), 0);
    }
}
