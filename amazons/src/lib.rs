//! Amazons: rules, notation, board partition, area bounds and solvers.

pub mod solve;

pub use solve::{AlphaBetaSolver, DfpnSolver, SolverGame};
