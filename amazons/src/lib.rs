//! Amazons: rules, notation, board partition, area bounds and solvers.
