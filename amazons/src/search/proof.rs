//! Proofs shaped for the checker's exact leaf verifier.

use super::verifier::{LeafVerifier, DEFAULT_LEAF_LIMIT};
use super::SolverPosition;
use cgt::budget::Watch;
use cgt::search::{extract_proof_shaped, ExtractError, ProofShape, ProofSource, ProofTree};

/// The largest proof subtree [`extract_checkable_proof`] leaves whole to
/// the checker's exact search by default (see [`ProofShape::cut`]).
pub const DEFAULT_PROOF_CUT: u64 = 1024;

/// The positions of exact search [`extract_checkable_proof`] offers by
/// default per node of a subtree it would leave to the checker
/// ([`ProofShape::effort`]). Less makes the extraction and the check
/// faster and the proof larger: on a 5x6 reply (B1-B4xD4 D6-C6xB5, 5.5 s
/// of search), 16 takes 17 s to extract instead of 32 s, and 8 s to check
/// instead of 14 s, for a proof of 46 kB gzip-compressed instead of 14 kB.
pub const DEFAULT_PROOF_EFFORT: u64 = 64;

/// The largest effort accepted (half the default leaf limit: a subtree is
/// never offered more than the limit of a leaf).
pub const MAX_PROOF_EFFORT: u64 = DEFAULT_LEAF_LIMIT / 2;

/// The proof of `game`'s outcome from `source` (the solver that proved it),
/// shaped for [`LeafVerifier`] (see [`extract_proof_shaped`]): every leaf is
/// decided by the verifier within half of [`DEFAULT_LEAF_LIMIT`] positions,
/// and every subtree of at most `cut` nodes that the verifier decides
/// within `effort` positions per node is one `leaf search`. It stops
/// (with [`ExtractError::Limit`]) when `watch` ends: its time limit, its
/// stop flag (Ctrl-C); `progress` counts the verifications (a stage of
/// unknown length).
///
/// One verifier decides the leaves in the order of the proof, its table
/// shared as in a one-thread check, rather than each from an empty table
/// (which would cost several times the check); the other half of the
/// default limit is the margin for a checker whose table holds other
/// positions.
///
/// # Errors
/// As [`extract_proof_shaped`].
pub fn extract_checkable_proof<S: ProofSource<SolverPosition>>(
    source: &mut S,
    game: &SolverPosition,
    cut: u64,
    effort: u64,
    watch: &Watch,
    progress: &dyn cgt::ProgressSink,
) -> Result<ProofTree, ExtractError> {
    let shape = ProofShape {
        leaf_limit: DEFAULT_LEAF_LIMIT / 2,
        cut,
        effort,
    };
    let mut verifier = LeafVerifier::new().with_watch(watch.clone());
    progress.start("proof: positions decided by exact search", 0);
    let proof = extract_proof_shaped(source, game, shape, |g, claimed, limit| {
        progress.advance(1);
        verifier.limit = limit;
        verifier.confirms(g, claimed)
    });
    progress.finish();
    proof
}
