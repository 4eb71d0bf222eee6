//! The test kit of cgtk: naive references, written from the rules alone and
//! independent of the code they check, and random positions, shared by the
//! tests and benchmarks of every crate (a dev-dependency only).
//!
//! - [`search`]: plain minimax over any [`cgt::search::SolverGame`], and
//!   Kayles outcomes from its Grundy values.
//! - [`dots`]: memoised negamax on Dots-and-Boxes edge sets, and random
//!   positions.
//! - [`amazons`]: "does the player to move win" by exhaustive search, random
//!   boards, and the CGSuite golden data in `tests/data/`.

pub mod amazons;
pub mod dots;
pub mod search;
