//! Dots-and-Boxes: rules, notation and solvers.
