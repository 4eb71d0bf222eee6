//! Dots-and-Boxes: rules, notation, the board's geometry and chain rules,
//! an exact solver, Nimstring values, and players with tournaments and
//! network training.
//!
//! A [`Position`] is a [`Board`] (`w x h` boxes) and the set of drawn edges
//! ([`EdgeSet`]); edges are numbered as in cgtk's ARCHITECTURE.md (first
//! the horizontal edges row by row from the top, then the vertical ones).
//! Positions read and print as `WxH` or `WxH:e,e,e`, and as ASCII diagrams.
//!
//! - [`geometry`]: the box tables (which edges bound a box, which boxes an
//!   edge touches, the ground) and [`degrees`]: the boxes by degree, as
//!   bit masks; [`chains`]: the chain rules (Barker & Korf 2012, "Chains"),
//!   used by the solver and by the whole-board tables of crate `databases`.
//! - The [`Solver`] finds the value of a position: boxes the player to move
//!   takes minus boxes the opponent takes, over the boxes not yet
//!   completed, under optimal play (a move that completes a box moves
//!   again). It is the alpha-beta solver of Barker & Korf, "Solving
//!   Dots-And-Boxes" (AAAI 2012), with every technique switchable through
//!   [`Options`].
//! - [`nimstring`]: Strings-and-Coins and Berlekamp's Nimstring values.
//! - [`play`]: players behind one `Player` trait (up to 128 edges),
//!   matches, tournaments, scoring against perfect play, and neural-network
//!   players with their training ([`play::net`]).
//!
//! Feature `serde` (off by default): `serde::Serialize` for [`Edge`] (its
//! number) and [`EdgeSet`] (its edge numbers, increasing).
//!
//! ```
//! use dots::{Options, Position, Solver};
//!
//! let pos: Position = "2x2".parse().unwrap();
//! let mut solver = Solver::new(pos.board(), Options::default());
//! // The first player wins the empty 2x2 board by 2 boxes (3 to 1).
//! assert_eq!(solver.value(&pos, cgt::budget::Limits::NONE), Ok(2));
//! let pos: Position = "1x1:0,1".parse().unwrap();
//! assert_eq!(pos.diagram(), " + --- +\n\n + --- +\n");
//! ```

// Libraries never print: they report through progress callbacks and
// return results; the CLI prints.
#![cfg_attr(
    not(test),
    deny(clippy::print_stdout, clippy::print_stderr, clippy::dbg_macro)
)]

mod board;
pub mod chains;
pub mod degrees;
mod edge;
mod error;
pub mod geometry;
pub mod nimstring;
mod notation;
pub mod play;
mod position;
mod solve;

pub use board::Board;
pub use edge::{Edge, EdgeSet};
pub use error::PositionError;
pub use position::Position;
pub use solve::{
    Analysis, Interrupted, Options, Progress, ProgressHook, Solution, Solver, Stats,
    TableAllocError,
};
