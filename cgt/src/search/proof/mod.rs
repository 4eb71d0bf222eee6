//! Proof trees: the winning strategy behind a solver's verdict, a text file
//! format for it, and a checker that trusts only move generation and a
//! caller-supplied leaf verifier.
//!
//! A proof that the player to move at the root *wins* has an OR node at the
//! root (one winning move), AND nodes below each such move (every legal
//! reply), and so on down to leaves decided either because the player to
//! move has no legal move (a loss for them) or by the static evaluation.
//! A proof that the player to move *loses* starts with an AND node.
//! Positions reached by several move orders are written once, so the tree is
//! stored as a DAG; the checker verifies that every path to a node reaches
//! the same position.
//!
//! # File format, version 1
//!
//! Line-oriented UTF-8 text. Blank lines and lines starting with `#` are
//! ignored anywhere. In order:
//!
//! ```text
//! cgtk-proof 1
//! root <position in the game's notation, the rest of the line>
//! outcome win|loss        (for the player to move at the root)
//! nodes <N>               (N >= 1; node 0 is the root)
//! <id> or <move> <child>                       one line per node, ids 0..N-1 in order
//! <id> and <move> <child> <move> <child> ...   every legal reply, each once
//! <id> leaf none          (the player to move has no legal move: they lose)
//! <id> leaf eval          (decided by the static evaluation)
//! <id> leaf search        (left whole to the checker's exact search)
//! end
//! ```
//!
//! Fields are separated by single spaces; moves are in the game's notation
//! ([`SolverGame::move_text`]), which contains no whitespace. For example
//! a proof that the first player wins Nim with one heap of 2 (move `h0-2`
//! takes two stones from heap 0):
//!
//! ```text
//! cgtk-proof 1
//! root 2
//! outcome win
//! nodes 2
//! 0 or h0-2 1
//! 1 leaf none
//! end
//! ```
//!
//! # File format, version 2 (compact)
//!
//! The same header (`cgtk-proof 2`; `nodes` counts the nodes defined), then
//! one line per node in depth-first order from the root: each node's line,
//! then the subtrees of its children in order.
//!
//! ```text
//! o <move>     the player to move wins by <move>; the node after it follows
//! a <count>    every legal move (<count> of them) in the byte order of their
//!              notation; the node after each follows, in that order
//! n            leaf none
//! e            leaf eval
//! s            leaf search
//! @<k>         the k-th node defined (from 0, in file order) again
//! ```
//!
//! The replies of an AND node are implied by the game, so a version 2 file
//! is read with the game ([`ProofTree::read_for`]), replaying it from the
//! root; the moves it does not write are most of a version 1 file. The Nim
//! proof above is `o h0-2` then `n`.
//!
//! [`SolverGame::move_text`]: crate::search::SolverGame::move_text
//!
//! The module's parts: [`ProofTree`] and its nodes; extraction from a
//! solver ([`extract_proof`], [`extract_proof_shaped`]); the two versions
//! of the file format, written and read; [`file`](mod@file), proof files
//! on disk, plain or gzip-compressed; and the checker ([`check_proof`]).

mod check;
mod compact;
mod extract;
pub mod file;
mod format;
mod join;
mod read;
mod text;
mod tree;

pub use check::{
    check_proof, check_proof_parallel, check_proof_with_progress, CheckProofError, LeafVerdict,
    ProofStats,
};
pub use extract::{extract_proof, extract_proof_shaped, ExtractError, ProofShape, ProofSource};
pub use format::{
    ParseProofError, ProofHeader, ProofLineProblem, COMPACT_PROOF_VERSION, PROOF_MAGIC,
    PROOF_VERSION,
};
pub use join::{write_joined, JoinError, JoinedChild, JoinedProof};
pub use tree::{LeafKind, ProofNode, ProofTree};
