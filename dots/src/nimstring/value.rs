//! Nimstring values of positions and of their components, and the
//! evaluator that finds them under one budget (see the module docs of
//! [`crate::nimstring`]).

use std::fmt;
use std::ops::Add;

use cgt::budget::{Limit, Meter};
use cgt::Nimber;
use thiserror::Error;

use crate::geometry::GROUND;
use crate::{Edge, EdgeSet, Position};

use super::graph::{End, StringsAndCoins};
use super::reduce::{self, reduce_into, Parts};
use super::search::Table;

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
    /// The evaluator's budget ran out (see [`Nimstring::with_meter`]): its
    /// node or time limit, or its stop flag.
    #[error("{limit} after {positions} component positions")]
    LimitReached {
        /// The limit reached.
        limit: Limit,
        /// Component positions valued by the evaluator so far (its
        /// meter's count).
        positions: u64,
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

/// One connected component of a Dots position, before it is valued (see
/// [`position_components`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionComponent {
    /// Its unfinished boxes (`row * width + col`), increasing.
    pub boxes: Vec<usize>,
    /// Its undrawn edges.
    pub edges: EdgeSet,
    /// Its Strings-and-Coins graph, to value with
    /// [`Nimstring::graph_value`].
    pub graph: StringsAndCoins,
}

/// The connected components of a Dots position (boxes joined through
/// undrawn edges between them), in the order of their lowest undrawn edge,
/// not yet valued: [`Nimstring::components`] values them all, a caller
/// that wants those valued before a limit values them one by one.
pub fn position_components(pos: &Position) -> Vec<PositionComponent> {
    let board = pos.board();
    let edges = StringsAndCoins::position_edges(pos);
    let g = StringsAndCoins::from_position(pos);
    g.components()
        .into_iter()
        .map(|part| {
            let graph = StringsAndCoins::new(part.iter().map(|&i| g.strings()[i]).collect())
                .expect("a part of a valid graph is valid");
            let set: EdgeSet = part.iter().map(|&i| edges[i]).collect();
            let mut boxes: Vec<usize> = set
                .iter()
                .flat_map(|e| board.edge_boxes(e))
                .flatten()
                .collect();
            boxes.sort_unstable();
            boxes.dedup();
            PositionComponent {
                boxes,
                edges: set,
                graph,
            }
        })
        .collect()
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

/// Computes Nimstring values under one budget, keeping the values of the
/// components it has met for later calls.
pub struct Nimstring {
    table: Table,
    meter: Meter,
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
        Nimstring::with_meter(Meter::unlimited())
    }

    /// An evaluator under `meter`: it counts one unit per component
    /// position whose value it starts (not already cached), for all its
    /// calls together, and a call that reaches the meter's node or time
    /// limit, or finds its stop flag set, ends with
    /// [`NimstringError::LimitReached`].
    ///
    /// ```
    /// use cgt::budget::{Limit, Limits, Meter};
    /// use dots::nimstring::{Nimstring, NimstringError};
    ///
    /// let pos = "3x3".parse().unwrap();
    /// let meter = Meter::new(Limits { nodes: Some(5), time: None }, None);
    /// let mut nim = Nimstring::with_meter(meter);
    /// assert_eq!(
    ///     nim.value(&pos),
    ///     Err(NimstringError::LimitReached { limit: Limit::Nodes, positions: 5 })
    /// );
    /// ```
    pub fn with_meter(meter: Meter) -> Nimstring {
        Nimstring {
            table: Table::default(),
            meter,
        }
    }

    /// Component positions valued so far (the meter's count).
    pub fn positions(&self) -> u64 {
        self.meter.spent()
    }

    /// Number of component positions whose values are cached.
    pub fn cached(&self) -> usize {
        self.table.valued()
    }

    /// The value of a Strings-and-Coins position.
    ///
    /// # Errors
    /// [`NimstringError::LimitReached`].
    pub fn graph_value(&mut self, g: &StringsAndCoins) -> Result<NimstringValue, NimstringError> {
        let mut parts = Parts::new();
        if !reduce_into(g.num_coins(), &internal(g), &mut parts) {
            return Ok(NimstringValue::Loony);
        }
        let mut sum = Nimber::ZERO;
        for p in 0..parts.len() {
            let (coins, pairs) = parts.part(p);
            let value = self
                .table
                .value(coins, pairs, &mut self.meter)
                .map_err(|limit| NimstringError::LimitReached {
                    limit,
                    positions: self.meter.spent(),
                })?;
            sum += Nimber(u32::from(value));
        }
        Ok(NimstringValue::Nimber(sum))
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
        position_components(pos)
            .into_iter()
            .map(|c| {
                Ok(ComponentValue {
                    value: self.graph_value(&c.graph)?,
                    boxes: c.boxes,
                    edges: c.edges,
                })
            })
            .collect()
    }

    /// The value after each legal move, in increasing edge order.
    ///
    /// # Errors
    /// [`NimstringError::LimitReached`].
    pub fn move_values(&mut self, pos: &Position) -> Result<Vec<MoveValue>, NimstringError> {
        pos.legal_moves()
            .iter()
            .map(|edge| self.move_value(pos, edge))
            .collect()
    }

    /// The value after one legal move `edge` of `pos`.
    ///
    /// # Errors
    /// [`NimstringError::LimitReached`].
    ///
    /// # Panics
    /// If `edge` is not an undrawn edge of `pos` (a caller's bug).
    pub fn move_value(&mut self, pos: &Position, edge: Edge) -> Result<MoveValue, NimstringError> {
        assert!(pos.legal_moves().contains(edge), "{edge} is drawn in {pos}");
        let (next, captures) = pos.play_unchecked(edge);
        Ok(MoveValue {
            edge,
            captures,
            value: self.value(&next)?,
        })
    }
}

/// The Nimstring value of a Dots position, for positions known to be small
/// (no limit: a position with many undrawn edges in one component can take
/// a long time; bound the work with [`Nimstring::with_meter`]).
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

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use cgt::budget::{Limits, StopFlag};

    use super::*;

    fn nodes(n: u64) -> Meter {
        Meter::new(Limits::nodes(n), None)
    }

    #[test]
    fn a_node_limit_stops_at_its_count() {
        // The empty 2x3 board, valued without a limit (its value is checked
        // against a brute force in `tests/nimstring_reference.rs`): the
        // count of positions it took is the budget it needs.
        let pos: Position = "2x3".parse().unwrap();
        let mut full = Nimstring::new();
        assert!(full.value(&pos).is_ok());
        let needed = full.positions();
        assert!(needed > 1, "{needed}");
        // Exactly the positions it needs are enough; one fewer is not.
        let mut nim = Nimstring::with_meter(nodes(needed));
        assert_eq!(nim.value(&pos), full.value(&pos));
        assert_eq!(nim.positions(), needed);
        let mut nim = Nimstring::with_meter(nodes(needed - 1));
        assert_eq!(
            nim.value(&pos),
            Err(NimstringError::LimitReached {
                limit: Limit::Nodes,
                positions: needed - 1
            })
        );
        // The meter counts all the calls of one evaluator together: a
        // cached value costs nothing more, a new board (a 9-box component
        // the 6-box board never holds) is over the budget.
        let mut nim = Nimstring::with_meter(nodes(needed));
        assert!(nim.value(&pos).is_ok());
        assert!(nim.value(&pos).is_ok());
        let larger: Position = "3x3".parse().unwrap();
        assert_eq!(
            nim.value(&larger),
            Err(NimstringError::LimitReached {
                limit: Limit::Nodes,
                positions: needed
            })
        );
    }

    /// The value of the empty `board` and after each first move, with
    /// the mex rule for components of up to `mex_strings` strings, tests
    /// above.
    fn empty_board(board: &str, mex_strings: u32) -> (NimstringValue, Vec<MoveValue>) {
        let pos: Position = board.parse().unwrap();
        let mut nim = Nimstring {
            table: Table::with_mex_strings(mex_strings),
            meter: Meter::unlimited(),
        };
        (nim.value(&pos).unwrap(), nim.move_values(&pos).unwrap())
    }

    /// The values of empty boards by tests (the default) and by the mex
    /// rule over every option alone: two searches of their own.
    fn tests_agree_with_the_mex_rule(boards: &[&str]) {
        for board in boards {
            let by_mex = empty_board(board, u32::MAX);
            assert_eq!(
                empty_board(board, super::super::search::MEX_STRINGS),
                by_mex,
                "{board}"
            );
            assert_eq!(
                empty_board(board, 0),
                by_mex,
                "{board}, every component by tests"
            );
        }
    }

    #[test]
    fn empty_boards_by_tests_and_by_the_mex_rule() {
        tests_agree_with_the_mex_rule(&["2x4", "3x3", "1x10"]);
    }

    #[test]
    #[ignore = "a minute in release"]
    fn larger_empty_boards_by_tests_and_by_the_mex_rule() {
        tests_agree_with_the_mex_rule(&["2x5", "3x4"]);
    }

    #[test]
    fn a_set_flag_or_a_spent_time_stops_it() {
        let pos: Position = "3x3".parse().unwrap();
        let stop = StopFlag::new();
        stop.stop();
        let mut nim = Nimstring::with_meter(Meter::new(Limits::NONE, Some(&stop)));
        assert_eq!(
            nim.value(&pos),
            Err(NimstringError::LimitReached {
                limit: Limit::Interrupt,
                positions: 0
            })
        );
        assert_eq!(nim.cached(), 0);
        let mut nim = Nimstring::with_meter(Meter::new(Limits::time(Duration::ZERO), None));
        assert!(matches!(
            nim.value(&pos),
            Err(NimstringError::LimitReached {
                limit: Limit::Time,
                ..
            })
        ));
        // A position with nothing to value needs no budget.
        let done: Position = "1x1:0,1,2,3".parse().unwrap();
        assert_eq!(nim.value(&done), Ok(NimstringValue::Nimber(Nimber(0))));
    }
}
