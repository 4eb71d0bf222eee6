//! Game values of short partizan games: canonical forms, thermographs and
//! bounds. This crate knows no particular game; game engines hand their
//! positions to it through a trait.
//!
//! Conventions: Left = Black = positive, Right = White = negative.
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

pub mod bounds;
pub mod rational;
pub mod thermograph;
pub mod trajectory;

pub use bounds::{evaluate_sum, Bounds, Component, End, EndKind, Player, SumEvaluation};
pub use rational::{Overflow, ParseRationalError, Rational};
pub use thermograph::{InfinitesimalKind, Thermograph};
pub use trajectory::Trajectory;
