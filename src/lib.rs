//! cgtk: a combinatorial-game-theory toolkit.
//!
//! This facade re-exports the member crates so that one dependency gives
//! everything:
//!
//! - [`cgt`]: game values (canonical forms, thermographs, bounds); knows no game.
//! - [`dots`]: Dots-and-Boxes rules and solvers.
//! - [`amazons`]: Amazons rules, board partition, area bounds and solvers.
//! - [`databases`]: retrograde endgame databases for Amazons areas.
//!
//! [`report`] defines the JSON of every `--json` output (the contract of
//! ARCHITECTURE.md) as `serde::Serialize` types, [`ops`] the operations
//! that return them and [`svg`] the drawings of thermographs. The `cgtk`
//! binary is the command-line interface over all of it.

pub use amazons;
pub use cgt;
pub use databases;
pub use dots;

pub mod ops;
pub mod report;
pub mod svg;
