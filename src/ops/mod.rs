//! The library of operations: every computation the `cgtk` CLI, `cgtk serve`
//! and the Python package offer, as one function each that takes typed
//! options (with the budget of [`cgt::budget`](::cgt::budget)) and returns a typed report of
//! [`crate::report`]. The faces parse and print; they hold no logic and none
//! imports another.
//!
//! Errors in what the caller gave (a malformed game, position, move, file or
//! an option out of range) are [`BadInput`]: exit code 2 in the CLI, HTTP 400
//! in the server, `ValueError` in Python. Option ranges are the constants of
//! [`bounds`], used by the CLI's parsers and checked once more here.
//!
//! Game values are in [`cgt`] (canonical forms, comparison, thermographs);
//! Dots-and-Boxes in [`dots`] (values of positions and moves, tables,
//! Nimstring, a player's move), [`dots_play`] (tournaments, scores, a game
//! with undo) and [`dots_train`] (neural-network players).

use std::fmt;

pub mod amazons;
pub mod bounds;
pub mod cgt;
pub mod db;
pub mod dots;
pub mod dots_play;
pub mod dots_train;
pub mod plan;

/// An error in what the caller gave (a malformed game, position, move, file
/// or an option out of range), on one line naming what and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadInput(pub String);

impl fmt::Display for BadInput {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BadInput {}

/// Wraps any displayable error as bad input, prefixed by what was being read.
pub fn bad_input(what: &str, err: impl fmt::Display) -> anyhow::Error {
    anyhow::Error::new(BadInput(format!("{what}: {err}")))
}

/// The error and its causes on one line.
pub fn one_line(err: &anyhow::Error) -> String {
    let mut parts: Vec<String> = Vec::new();
    for cause in err.chain() {
        let text = cause.to_string().replace('\n', " ");
        if !parts.iter().any(|p| p.contains(&text)) {
            parts.push(text);
        }
    }
    parts.join(": ")
}
