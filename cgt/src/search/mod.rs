//! Generic solvers for two-player win/loss games: df-pn with the 1+epsilon
//! trick, alpha-beta, proof trees and an independent proof checker.
//!
//! Everything here is written against the small trait [`SolverGame`]
//! (generate moves, play, undo, hash, a static evaluation and optional
//! move-ordering and symmetry hooks), as Fuego's `SgDfpnSolver` is; a game
//! engine plugs its positions into it (the `amazons` crate does). The toy
//! games in [`toy`] are what the tests check the solvers on, against plain
//! minimax. No game is named here.
//!
//! - [`dfpn`]: depth-first proof-number search (Nagai 2002) with the
//!   1+epsilon trick (Pawlewicz and Lew 2006), a fixed-memory shared
//!   transposition table, node and time limits, and lazy-SMP threads.
//! - [`alphabeta`]: the win/loss alpha-beta baseline.
//! - [`control`]: the [`Budget`] both searches share (table size, limits,
//!   progress reports), and their results.
//! - [`proof`]: extracting a winning strategy, its two file formats,
//!   proof files on disk ([`proof::file`], plain or gzip), and
//!   [`check_proof`].
//!
//! The solvers assume an **acyclic** game (in Amazons every move burns a
//! square).
//!
//! Plugging a game in: implement [`SolverGame`] (moves, play/undo, a hash
//! that includes the player to move, `move_text`/`position_text` in the
//! game's notation); put a sound static evaluation in `evaluate`, a move
//! ordering in `order_moves`, and for mirror symmetry return
//! `min(hash, hash of the mirror image)` from `canonical_hash`. Outcomes are
//! for the player to move (map them to a colour with the position's own
//! side to move). Solve with [`DfpnSolver::solve`], then
//! [`extract_proof`] from the same solver, write it with
//! [`proof::file::write_proof`], and verify it with
//! [`proof::file::ProofReader`] and [`check_proof`] given an exact leaf
//! verifier.
//!
//! ```
//! use cgt::search::{check_proof, extract_proof, toy::Kayles, DfpnConfig, DfpnSolver, WinLoss, Verdict};
//! // Kayles on a row of 5 pins: the first player wins (knock down the
//! // middle pin and copy the opponent's moves on the other side).
//! let row = Kayles::new(0b11111, 5);
//! let mut solver = DfpnSolver::new(DfpnConfig::default()).unwrap();
//! assert_eq!(solver.solve(&row).verdict, Verdict::Proven(WinLoss::Win));
//! let proof = extract_proof(&mut solver, &row).unwrap();
//! // Kayles has no static evaluation, so every leaf is a position without
//! // moves and the leaf verifier is never called.
//! let stats = check_proof(&row, &proof, |_, _| false).unwrap();
//! assert!(stats.no_move_leaves > 0);
//! ```

pub mod alphabeta;
pub mod bounds;
pub mod control;
pub mod dfpn;
pub mod game;
pub mod numbers;
pub mod proof;
pub mod table;
pub mod toy;

pub use alphabeta::AlphaBetaSolver;
pub use control::{
    Budget, ConfigError, Limit, Limits, Progress, ProgressHook, SolveResult, StopFlag, Verdict,
};
pub use dfpn::{DfpnConfig, DfpnSolver};
pub use game::SolverGame;
pub use numbers::{ProofNumbers, WinLoss};
pub use proof::{
    check_proof, check_proof_parallel, check_proof_with_progress, extract_proof,
    extract_proof_shaped, CheckProofError, ExtractError, LeafKind, LeafVerdict, ParseProofError,
    ProofLineProblem, ProofNode, ProofShape, ProofSource, ProofStats, ProofTree,
};
