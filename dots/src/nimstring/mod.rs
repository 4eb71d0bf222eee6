//! Nimstring: Strings-and-Coins with the move-again rule under normal play
//! (Berlekamp, Conway & Guy, "Winning Ways", 1982, ch. 16; Berlekamp, "The
//! Dots and Boxes Game", 2000).
//!
//! A move cuts a string; a move that captures a coin (cuts its last string)
//! obliges another move, and a player who cannot complete a turn loses: so
//! completing the last coin loses. The Grundy value of a position is the
//! mex over complete turns (captures, then one cut that captures nothing).
//! Whoever wins the Nimstring game of a Dots position with long chains gets
//! control of its endgame.
//!
//! Values are nimbers or *loony* (☾): the player to move has been offered
//! a loony move (a capturable chain of two or more coins, or an opened
//! loop), and wins whatever else is on the board (☾ + X = ☾). The value of
//! a sum of components is the nim-sum of theirs when none is loony
//! ([`NimstringValue`]'s `+`). How positions are simplified and split is in
//! the `reduce` module's docs.
//!
//! ```
//! use dots::nimstring::{nimstring_value, NimstringValue};
//! use dots::Position;
//! use cgt::Nimber;
//!
//! // The empty 2x2 board is a loss for the player to move in Nimstring.
//! let pos: Position = "2x2".parse().unwrap();
//! assert_eq!(nimstring_value(&pos), NimstringValue::Nimber(Nimber(0)));
//! // 1x2 (two boxes, one above the other) with only the middle and bottom
//! // edges undrawn: a capturable chain of two boxes is offered.
//! let pos: Position = "1x2:0,3,4,5,6".parse().unwrap();
//! assert_eq!(nimstring_value(&pos), NimstringValue::Loony);
//! ```

mod graph;
mod reduce;
mod strategy;

use std::fmt;
use std::ops::Add;

use cgt::{GrundyCache, Nimber};
use thiserror::Error;

use crate::{Edge, EdgeSet, Position};

pub use graph::{End, ParseStringsError, StringsAndCoins, MAX_COINS, MAX_STRINGS};
pub use reduce::Component;
pub use strategy::{nimstring_move, nimstring_move_within, MOVE_LIMIT};

use reduce::{reduce, Reduced, GROUND};

/// The Nimstring value of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NimstringValue {
    /// Equal to this nimber in every sum.
    Nimber(Nimber),
    /// Loony (☾): the player to move has been offered a loony move and wins
    /// in every sum.
    Loony,
}

impl NimstringValue {
    /// The nimber, or `None` when loony.
    pub fn nimber(self) -> Option<u32> {
        match self {
            NimstringValue::Nimber(n) => Some(n.0),
            NimstringValue::Loony => None,
        }
    }

    /// Whether the value is loony.
    pub fn is_loony(self) -> bool {
        self == NimstringValue::Loony
    }

    /// Whether the player to move loses (the value is the nimber 0).
    pub fn is_zero(self) -> bool {
        self == NimstringValue::Nimber(Nimber::ZERO)
    }
}

impl Add for NimstringValue {
    type Output = NimstringValue;
    /// Berlekamp's loony arithmetic: ☾ + anything = ☾, else the nim-sum.
    fn add(self, other: NimstringValue) -> NimstringValue {
        match (self, other) {
            (NimstringValue::Nimber(a), NimstringValue::Nimber(b)) => NimstringValue::Nimber(a + b),
            _ => NimstringValue::Loony,
        }
    }
}

impl fmt::Display for NimstringValue {
    /// `0`, `*`, `*2`, ... or `loony`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NimstringValue::Nimber(n) => write!(f, "{n}"),
            NimstringValue::Loony => f.write_str("loony"),
        }
    }
}

/// Why a value was not found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum NimstringError {
    /// The limit on the number of component positions to evaluate was
    /// reached (see [`Nimstring::with_limit`]).
    #[error("gave up after evaluating {positions} component positions (the limit)")]
    LimitReached {
        /// Component positions evaluated in the call.
        positions: usize,
    },
}

/// One connected component of a Dots position (boxes joined through
/// undrawn edges between them) and its value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ComponentValue {
    /// Its unfinished boxes (`row * width + col`), increasing.
    pub boxes: Vec<usize>,
    /// Its undrawn edges.
    pub edges: EdgeSet,
    /// Its value on its own.
    pub value: NimstringValue,
}

/// The value of the position after one legal move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveValue {
    /// The edge drawn.
    pub edge: Edge,
    /// Boxes it completes (when not 0, the same player moves again).
    pub captures: usize,
    /// The value of the position it leaves.
    pub value: NimstringValue,
}

impl MoveValue {
    /// Whether the move wins the Nimstring game: a move that completes no
    /// box and leaves 0, or a move that completes a box and leaves a
    /// position the mover (who moves again) wins: loony or a non-zero
    /// nimber.
    pub fn is_winning(&self) -> bool {
        if self.captures == 0 {
            self.value.is_zero()
        } else {
            !self.value.is_zero()
        }
    }

    /// Whether the move is loony: it completes no box and offers the
    /// opponent a loony position.
    pub fn is_loony(&self) -> bool {
        self.captures == 0 && self.value.is_loony()
    }
}

/// Computes Nimstring values, keeping the values of the components it has
/// met for later calls.
pub struct Nimstring {
    cache: GrundyCache<Component>,
    limit: usize,
}

impl Default for Nimstring {
    fn default() -> Self {
        Nimstring::new()
    }
}

/// The internal string list of a graph.
fn internal(g: &StringsAndCoins) -> Vec<[u8; 2]> {
    g.strings()
        .iter()
        .map(|s| {
            s.map(|e| match e {
                End::Ground => GROUND,
                End::Coin(c) => c,
            })
        })
        .collect()
}

impl Nimstring {
    /// An evaluator with no limit.
    pub fn new() -> Nimstring {
        Nimstring::with_limit(usize::MAX)
    }

    /// An evaluator that gives up ([`NimstringError::LimitReached`]) once
    /// one call has evaluated `limit` component positions not already known
    /// (any number from 0; about a microsecond each, and a hundred bytes of
    /// cache each).
    pub fn with_limit(limit: usize) -> Nimstring {
        Nimstring {
            cache: GrundyCache::new(),
            limit,
        }
    }

    /// Number of component positions whose values are cached.
    pub fn cached(&self) -> usize {
        self.cache.len()
    }

    /// The value of a Strings-and-Coins position.
    ///
    /// # Errors
    /// [`NimstringError::LimitReached`].
    pub fn graph_value(&mut self, g: &StringsAndCoins) -> Result<NimstringValue, NimstringError> {
        match reduce(g.num_coins(), &internal(g)) {
            Reduced::Loony => Ok(NimstringValue::Loony),
            Reduced::Sum(parts) => {
                let limit = self.limit;
                let n = reduce::sum_value(&parts, |p| {
                    self.cache
                        .value_limited(p, limit)
                        .map_err(|e| NimstringError::LimitReached {
                            positions: e.positions,
                        })
                })?;
                Ok(NimstringValue::Nimber(n))
            }
        }
    }

    /// The value of a Dots position.
    ///
    /// # Errors
    /// [`NimstringError::LimitReached`].
    pub fn value(&mut self, pos: &Position) -> Result<NimstringValue, NimstringError> {
        self.graph_value(&StringsAndCoins::from_position(pos))
    }

    /// The connected components of a Dots position and their values, in
    /// the order of their lowest undrawn edge. The position's value is
    /// their sum.
    ///
    /// # Errors
    /// [`NimstringError::LimitReached`].
    pub fn components(&mut self, pos: &Position) -> Result<Vec<ComponentValue>, NimstringError> {
        let board = pos.board();
        let edges = StringsAndCoins::position_edges(pos);
        let g = StringsAndCoins::from_position(pos);
        let mut out = Vec::new();
        for part in g.components() {
            let sub = StringsAndCoins::new(part.iter().map(|&i| g.strings()[i]).collect())
                .expect("a part of a valid graph is valid");
            let value = self.graph_value(&sub)?;
            let set: EdgeSet = part.iter().map(|&i| edges[i]).collect();
            let mut boxes: Vec<usize> = set
                .iter()
                .flat_map(|e| board.edge_boxes(e))
                .flatten()
                .collect();
            boxes.sort_unstable();
            boxes.dedup();
            out.push(ComponentValue {
                boxes,
                edges: set,
                value,
            });
        }
        Ok(out)
    }

    /// The value after each legal move, in increasing edge order.
    ///
    /// # Errors
    /// [`NimstringError::LimitReached`].
    pub fn move_values(&mut self, pos: &Position) -> Result<Vec<MoveValue>, NimstringError> {
        pos.legal_moves()
            .iter()
            .map(|edge| {
                let (next, captures) = pos.play_unchecked(edge);
                Ok(MoveValue {
                    edge,
                    captures,
                    value: self.value(&next)?,
                })
            })
            .collect()
    }
}

/// The Nimstring value of a Dots position (no limit: a position with many
/// undrawn edges in one component can take a long time; use
/// [`Nimstring::with_limit`] to bound the work).
pub fn nimstring_value(pos: &Position) -> NimstringValue {
    match Nimstring::new().value(pos) {
        Ok(v) => v,
        Err(_) => unreachable!("no limit"),
    }
}

/// The loony moves of a Dots position: the moves that complete no box and
/// offer the opponent a loony position (Berlekamp 2000; marked as in
/// David Wilson's Dots-and-Boxes analyzer). Needs no search.
pub fn loony_moves(pos: &Position) -> EdgeSet {
    pos.legal_moves()
        .iter()
        .filter(|&e| {
            let (next, captures) = pos.play_unchecked(e);
            let g = StringsAndCoins::from_position(&next);
            captures == 0 && reduce::is_loony(g.num_coins(), &internal(&g))
        })
        .collect()
}
