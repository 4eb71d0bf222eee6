//! The exact solver: alpha-beta on the margin over the remaining boxes, with
//! the techniques of Barker & Korf, "Solving Dots-And-Boxes" (AAAI 2012), each of which can be switched off ([`Options`]).

mod alphabeta;
mod geometry;
mod loony;
mod options;
mod sc_key;
mod tt;

pub use alphabeta::{Analysis, Interrupted, Progress, ProgressHook, Solution, Solver, Stats};
pub use options::Options;
pub use tt::TableAllocError;
