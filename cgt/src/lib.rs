//! The generic layer of cgtk, which knows no particular game: the values
//! of short partizan games (canonical forms, thermographs, bounds) and of
//! impartial games (nimbers); the one budget that every long computation
//! of every crate takes ([`budget`]); and the generic solvers of
//! two-player win/loss games, with their proofs ([`search`]). Game engines
//! hand their positions to it through traits ([`PartizanPosition`],
//! [`Impartial`], [`search::SolverGame`]).
//!
//! # Canonical forms
//!
//! Games live in an [`Arena`] that stores each canonical form once and names
//! it by a [`GameId`]: equal games have equal ids, so equality is `==` on
//! ids. Sums, negations and comparisons are cached by id.
//!
//! - Numbers are dyadic rationals ([`Dyadic`]), and number-up-star values
//!   `x + n.^ + *m` ([`Nus`]) have a compact fast path: their sums and
//!   comparisons are arithmetic, and their options are made only on demand.
//! - Any other game is kept as sorted lists of canonical options, obtained
//!   from any game tree by removing dominated options and bypassing
//!   reversible ones ([`Arena::new_game`]).
//! - Sum, negation, comparison (`<`, `>`, `=`, `||`), outcome class, stops,
//!   birthday, options; parsing and printing in CGSuite notation
//!   ([`notation`], [`display`]).
//! - Arithmetic is exact and checked: a value out of range is a
//!   [`CgtError::Overflow`], never a wrap.
//!
//! ```
//! use cgt::{Arena, Outcome, Relation};
//!
//! let mut arena = Arena::new();
//! let g = arena.parse("{2|1} + {2|1}").unwrap();
//! assert_eq!(arena.to_string(g), "3");
//! let h = arena.parse("{3||2|1}").unwrap();
//! assert_eq!(arena.outcome(h), Outcome::Left);
//! let up = arena.parse("^").unwrap();
//! let star = arena.parse("*").unwrap();
//! assert_eq!(arena.compare(up, star), Relation::Confused);
//! ```
//!
//! # Thermographs and bounds
//!
//! Subzero thermographs, exact ([`Thermograph`], walls as piecewise-linear
//! [`Trajectory`]s with checked [`Dyadic`] breakpoints, read out as
//! [`Rational`]s), computed from a
//! canonical form or straight from the thermographs of a position's options;
//! [`Bounds`] whose ends are exact, tightened or relaxed, and
//! [`evaluate_sum`], which decides the winner of a sum of components (Song &
//! Müller 2015, sections II-C, II-D, IV-C).
//!
//! ```
//! use cgt::{Rational, Thermograph};
//! // The switch {2|1}, built from the thermographs of its options.
//! let one = Thermograph::mast_at(Rational::integer(1));
//! let two = Thermograph::mast_at(Rational::integer(2));
//! let switch = Thermograph::from_options([&two], [&one]).unwrap();
//! assert_eq!(switch.temperature(), Rational::new(1, 2));
//! assert_eq!(switch.mean(), Rational::new(3, 2));
//! ```
//!
//! # Budget
//!
//! [`budget`] is the vocabulary of limits: [`budget::Limits`] (nodes,
//! time), [`budget::StopFlag`] (Ctrl-C, a client gone away),
//! [`budget::Limit`] (the limit that ended a computation),
//! [`budget::Watch`] and [`budget::Meter`] (what a computation asks between
//! units of work) and [`budget::OutputLimit`] (the most bytes a printed
//! result may take). The arena, the solvers and the proof checker take
//! them, as do the crates above. Libraries report progress through
//! [`ProgressSink`] and never print.
//!
//! # Search
//!
//! [`search`] holds the generic solvers of two-player win/loss games, written
//! against the small trait [`search::SolverGame`]: depth-first proof-number
//! search, alpha-beta, proof trees with their two file formats, proof files
//! on disk (plain or gzip, [`search::proof::file`]) and an independent
//! checker. Game crates implement the trait for their positions.
//!
//! # Threads
//!
//! An arena is a single-threaded, mutable object (every operation takes
//! `&mut self`, since even comparisons fill caches). The design choice is
//! **one arena per thread**: a worker owns its `Arena` (and its
//! [`CanonicalEvaluator`]); results cross threads either as text (print, then
//! parse) or by [`Arena::import`], which copies a game from one arena into
//! another. `Arena` is `Send`, so it can also be moved to a worker. This
//! keeps the hot paths free of locks; the price is that two threads may
//! compute the same value twice.
//!
//! # Impartial games
//!
//! Nimbers, the mex rule and cached Grundy values of any impartial game given
//! through the [`Impartial`] trait ([`impartial`]).
//!
//! # Feature flags
//!
//! - `serde`: `Serialize` for the result types that reports print as they
//!   are: [`budget::Limit`] (its name, `"time"`), [`Rational`] (its text,
//!   `"-3/4"`) and [`search::ProofStats`].

// Libraries never print: they report through progress callbacks and
// return results; the CLI prints.
#![cfg_attr(
    not(test),
    deny(clippy::print_stdout, clippy::print_stderr, clippy::dbg_macro)
)]

pub mod arena;
pub mod atomic;
pub mod bounds;
pub mod budget;
pub mod cooling;
pub mod display;
pub mod dyadic;
pub mod error;
pub mod impartial;
pub mod norton;
pub mod notation;
pub mod nus;
pub mod outcome;
pub mod position;
pub mod progress;
pub mod rational;
pub mod reduced;
pub mod search;
pub mod thermograph;
pub mod trajectory;

pub use arena::{Arena, GameId, MAX_DEPTH, MAX_EXPANDED_NIMBER};
pub use atomic::NotAtomic;
pub use bounds::{evaluate_sum, Bounds, Component, End, EndKind, Player, SumEvaluation};
pub use display::{GameDisplay, OutputTooLarge};
pub use dyadic::{Dyadic, ParseDyadicError, MAX_EXPONENT};
pub use error::CgtError;
pub use impartial::{mex, GrundyCache, Impartial, Nimber};
pub use norton::Incentives;
pub use notation::{ParseGameError, MAX_NESTING};
pub use nus::Nus;
pub use outcome::{Outcome, Relation};
pub use position::{CanonicalEvaluator, EvaluatorStats, PartizanPosition};
pub use progress::ProgressSink;
pub use rational::{Overflow, ParseRationalError, Rational};
pub use thermograph::{InfinitesimalKind, PositionThermographs, Thermograph, ThermographCache};
pub use trajectory::Trajectory;
