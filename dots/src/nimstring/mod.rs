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
//! A [`Nimstring`] evaluator runs under one budget (a [`Meter`](cgt::budget::Meter) of
//! `cgt::budget`, started when it is made): every component position whose
//! value it starts, or that it tests for one value (large components are
//! valued by such tests), counts one unit (about 10 to 30 µs in a release
//! build, more in larger components, and 21 to 43 bytes of table), and a node or
//! time limit, a set stop flag or a table that cannot grow (past 4 GiB,
//! about 200 million components, or when the memory cannot be had) ends
//! the call under way with [`NimstringError::LimitReached`]. The
//! values found stay cached.
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
mod search;
mod small;
mod strategy;
mod value;

pub use graph::{End, ParseStringsError, StringsAndCoins, MAX_COINS, MAX_STRINGS};
pub use reduce::Component;
pub use strategy::nimstring_move;
pub use value::{
    loony_moves, nimstring_value, position_components, ComponentValue, MoveValue, Nimstring,
    NimstringError, NimstringValue, PositionComponent,
};
