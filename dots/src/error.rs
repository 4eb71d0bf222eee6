//! Why a position (text, diagram or move) was refused: the crate's error
//! at its input boundary, shared by boards, positions and notation.

use thiserror::Error;

/// Why a position (text, diagram or move) was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PositionError {
    /// The size is not of the form `WxH` with decimal numbers.
    #[error("malformed board size {size:?} (expected WxH, e.g. 3x3)")]
    MalformedSize {
        /// The text given.
        size: String,
    },
    /// A well-formed size that is not supported (a zero side, or more than
    /// 64 edges).
    #[error("unknown board size {size} (sides from 1, at most 64 edges, e.g. up to 5x5)")]
    UnknownSize {
        /// The size given.
        size: String,
    },
    /// An edge that is not a decimal number.
    #[error("malformed edge {text:?} (expected an edge number)")]
    MalformedEdge {
        /// The text given.
        text: String,
    },
    /// An edge number the board does not have.
    #[error("edge {edge} out of range (this board has edges 0..{num_edges})")]
    EdgeOutOfRange {
        /// The edge number given.
        edge: usize,
        /// The board's edge count.
        num_edges: usize,
    },
    /// An edge number too large for any board (more digits than a machine
    /// word holds), as given.
    #[error("edge {text} out of range (this board has edges 0..{num_edges})")]
    EdgeNumberTooLarge {
        /// The digits given.
        text: String,
        /// The board's edge count.
        num_edges: usize,
    },
    /// An edge listed twice, or a move on an edge already drawn.
    #[error("duplicate edge {edge} (already drawn)")]
    DuplicateEdge {
        /// The edge.
        edge: usize,
    },
    /// A diagram that cannot be read.
    #[error("malformed diagram at line {line}, column {column}: {reason}")]
    MalformedDiagram {
        /// 1-based line number.
        line: usize,
        /// 1-based column number.
        column: usize,
        /// What is wrong there.
        reason: String,
    },
}
