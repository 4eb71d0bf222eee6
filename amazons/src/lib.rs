//! Amazons: rules and notation, the symmetries of a board, the partition
//! and area bounds of the static evaluation, exact values of positions,
//! game records, and the adapter that hands positions to the generic
//! solvers of `cgt`.
//!
//! Boards up to 10x10 (the tournament board) are `u128` bit sets of 10
//! bits a rank ([`Bitboard`], [`Square`]); sizes are
//! written `WxH`, squares `A1` to `J10` (files left to right, ranks bottom to top),
//! moves `B1-B4xD4` (queen from B1 to B4, arrow to D4). A [`Position`] reads
//! and prints the text of ARCHITECTURE.md: the ranks from the top down,
//! separated by `/` (`.` empty, `W` white queen, `B` black queen, `x`
//! burnt), then ` w` or ` b` for the side to move. In CGT terms Black is
//! Left (positive) and White is Right (negative), as in Song & Müller 2015 (Song &
//! Müller, "An Enhanced Solver for the Game of Amazons").
//!
//! ```
//! use amazons::{perft, Position};
//! use cgt::budget::Watch;
//!
//! let mut pos = Position::standard("5x6".parse()?)?;
//! assert_eq!(pos.to_string(), ".B.B./B...B/...../...../W...W/.W.W. w");
//! // Song & Müller 2015 quotes 410 first moves on 5x6, and 157 replies to B1-B4xD4.
//! assert_eq!(perft(&pos, 1, &Watch::unlimited()), Ok(410));
//! let mv = pos.parse_move("B1-B4xD4")?;
//! pos.play(mv)?;
//! assert_eq!(perft(&pos, 1, &Watch::unlimited()), Ok(157));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The evaluation pipeline of Song & Müller 2015 without the `cgt` layer: the
//! [`partition`] of the board into areas (II-A3, II-B), and per area
//! [`bounds`] from exact [`territory`] search or the plodding heuristic
//! (IV-A1, IV-A2), [`local_search`] with passes (IV-A6), or static
//! [`safe_moves`] rules (IV-A5); an [`AreaOracle`] lets a database answer
//! areas. [`sgf`] reads and writes game records.
//!
//! Beyond the evaluation: [`Symmetry`] maps squares, sets, moves and
//! positions by the symmetries of a board (the one place they are
//! written); [`value`] gives canonical forms and thermographs of positions
//! through the `cgt` layer; [`search`] makes a position a
//! [`cgt::search::SolverGame`] for df-pn and holds the exact leaf verifier
//! of proofs.
//!
//! ```
//! use amazons::{improved_partition, AreaAnalyzer, AreaKind, Color, Position};
//!
//! // A White queen on C1 and a Black queen on F1 each wall off a 2x2
//! // corner (blocker territories, Song & Müller 2015 Fig. 2); D1-E2 stays active.
//! let pos: Position = "..x..x../..W..B.. w".parse()?;
//! let areas = improved_partition(&pos);
//! let kinds: Vec<AreaKind> = areas.iter().map(|a| a.kind).collect();
//! assert_eq!(kinds, [
//!     AreaKind::BlockerTerritory(Color::White),
//!     AreaKind::BlockerTerritory(Color::Black),
//!     AreaKind::Active,
//! ]);
//! let analyzer = AreaAnalyzer::default();
//! let bounds: Vec<String> =
//!     areas.iter().map(|a| analyzer.bounds(&pos, a, None).to_string()).collect();
//! // Plodding fills each corner (4 moves); the blockers are not used in the
//! // active area, where nobody else has a safe move.
//! assert_eq!(bounds, ["[-4, -4]", "[4, 4]", "[-4, 4]"]);
//! # Ok::<(), amazons::PositionError>(())
//! ```
//!
//! No feature flags.

// Libraries never print: they report through progress callbacks and
// return results; the CLI prints.
#![cfg_attr(
    not(test),
    deny(clippy::print_stdout, clippy::print_stderr, clippy::dbg_macro)
)]

mod bitboard;
pub mod bounds;
mod color;
pub mod eval;
pub mod local_search;
mod movegen;
mod moves;
pub mod partition;
pub mod player;
mod position;
pub mod safe_moves;
pub mod search;
pub mod sgf;
mod size;
mod square;
mod symmetry;
pub mod territory;
pub mod value;

pub use bitboard::{queen_attacks, Bitboard, Set, Squares, Word};
pub use bounds::{AreaAnalyzer, AreaBounds, AreaOracle, BoundsSource};
pub use color::Color;
pub use eval::{AreaReport, Evaluation, Evaluator};
pub use movegen::perft;
pub use moves::{Move, MoveError};
pub use partition::{basic_partition, improved_partition, Area, AreaKind};
pub use position::{Position, PositionError, Setup};
pub use search::{
    extract_checkable_proof, LeafVerifier, SolverPosition, DEFAULT_LEAF_LIMIT, DEFAULT_PROOF_CUT,
    DEFAULT_PROOF_EFFORT, MAX_PROOF_EFFORT,
};
pub use size::{Size, SizeError};
pub use square::{ParseSquareError, Square};
pub use symmetry::Symmetry;
pub use value::{AmazonsGame, Valuer};
